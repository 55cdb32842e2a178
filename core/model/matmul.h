// matmul.h — the matrix products of decoding: Y = W X or Y = Wᵀ X where X has only a few columns.
//
// Decoding computes one new column per sequence (one per beam-search hypothesis), and then every product of the
// forward pass is a weight matrix times a few columns: bound by reading the weights from memory, not by
// arithmetic. Eigen's general product first packs (copies) W into blocks, and its matrix–vector product runs on one
// thread; measured on a Marian-sized step (B = 4), packing took half the time. These kernels read W once, straight,
// split over the threads (Wᵀ X and a tall W X: by rows of Y; a W of up to 4,096 rows: by fixed chunks of its
// columns, added in chunk order), and keep the few columns' sums in cache. The split depends on the shape alone, so
// the result does not depend on the number of threads.
//
// Larger X (training, the stepper's whole sequences, a beam of more than 8 hypotheses) goes to Eigen's product,
// whose results may differ in the last bits between thread counts. The destinations may be blocks of a larger
// matrix (a KV cache's new columns).
#pragma once

#include "core/tensor.h"

namespace gb {

// The most columns of X that the few-column kernels take; wider products are Eigen's.
inline constexpr Eigen::Index kFewColumns = 8;

template <class T> using MatOut = Eigen::Ref<Mat<T>, 0, Eigen::OuterStride<>>;
template <class T> using MatIn = Eigen::Ref<const Mat<T>, 0, Eigen::OuterStride<>>;

// Y = W X (transpose_w: Y = Wᵀ X). Y must already have its shape; it must not overlap W or X.
template <class T> void matmul(MatOut<T> Y, const MatIn<T>& W, bool transpose_w, const MatIn<T>& X);

}  // namespace gb
