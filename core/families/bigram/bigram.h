// bigram.h — the bigram language model, the zeroth chapter of the history lesson and the baseline every language-
// model course starts from. It reads only the last token:
//
//   log P(· | x_1..x_j) = log_softmax(B[:, x_j])          B: |V| × |V|, column j scores the token after token j
//
// So it has no size but |V|: no embedding, no positions, no attention; ℓ_max only bounds how far decoding goes.
// Trained by the same Trainer and optimizers on the same data as the transformers (J = −Σ log P[x_{j+1}, j]);
// decoded by the same sampler and beam search. Its forward writes the same logits matrix as the transformers'
// (|V| × B·T, one column per position of the batch), so the loss, the accuracies and every view of a
// distribution are shared.
#pragma once

#include "core/config.h"
#include "core/families/bigram/bigram_params.h"


namespace gb {

struct Batch;

// logits[:, b·T + j] = B[:, x[b·T + j]]   |V| × B·T   (padding columns are zero: the loss never reads them)
template <class T> void bigram_forward(Mat<T>& logits, const BigramParams<T>& p, const Config& c, const Batch& batch);
// ∂J/∂B[:, x_j] += ∂J/∂logits[:, j]   (accumulated; a token seen twice adds twice)
template <class T> void bigram_backward(BigramParams<T>& g, const Mat<T>& dlogits, const Batch& batch);

// The model as a table of probabilities: column a is P(· | a) = softmax(B[:, a])   |V| × |V| (each column sums to 1).
MatF bigram_table(const BigramParams<float>& p);

}  // namespace gb
