// loss.h — the seeds' loss J = −Σ_{j=1}^{ℓ−1} log P[x_{j+1}, j], over a padded batch.
#pragma once

#include "core/model/model.h"

#include <cstdint>

namespace gb {

enum class LossKind {
  Sum,   // the seeds' J: a sum over predicted positions (and over the sequences of a batch)
  Mean,  // J divided by the number of predicted tokens in the batch
};

struct LossStats {
  double loss = 0;          // J (Sum) or J / tokens (Mean)
  double loss_sum = 0;      // −Σ log P over every predicted token
  int64_t tokens = 0;       // predicted positions (ℓ − 1 per sequence)
  int64_t correct = 0;      // of which the argmax is the target
  int sequences = 0;
  int sequences_correct = 0;  // every predicted token right
};

// Computes J for the batch from the logits (|V| × B·T) and, when dlogits is given, ∂J/∂logits:
// softmax − onehot(target) on predicted columns, 0 on the rest (padding and each sequence's last position).
template <class T>
LossStats loss_forward_backward(Mat<T>* dlogits, const Mat<T>& logits, const Batch& b, LossKind kind);

}  // namespace gb
