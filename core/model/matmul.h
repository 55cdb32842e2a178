// matmul.h — the core's matrix products, in one place: gemm for every product of whole sequences (training's
// forward and backward, the attention's per-head blocks, the stepper, an encoder pass), matmul for the products of
// decoding, whose right-hand side has only a few columns.
//
// gemm: C = op(A) op(B) (gemm_add: C += op(A) op(B)), op a transposition passed as a flag, never a copy. Single
// precision goes to oneDNN's sgemm (built with -DGLASSBOX_GEMM=dnnl, the default): on this project's shapes it is
// 1.2–1.5× Eigen's product on one thread and 1.4–1.9× on two (its kernels are chosen for the CPU at run time).
// Products too small to gain (m·n·k < 2¹⁷; 2¹⁸ with Aᵀ) and double precision (the finite-difference tests) stay
// Eigen's. Threads: outside a parallel region the library uses OpenMP's threads, at most Eigen::nbThreads() (the
// window sets 1); inside one (the trainer's shards, the attention's heads) it runs on the calling thread, so nothing
// is oversubscribed. On one machine the same operands and thread count give the same bits, run after run (the
// library picks its kernels for the CPU: another CPU or thread count may differ in the last bits).
//
// matmul: decoding computes one new column per sequence (one per beam-search hypothesis), and then every product of
// the forward pass is a weight matrix times a few columns: bound by reading the weights from memory, not by
// arithmetic. A general product first packs (copies) W into blocks — measured on a Marian-sized step (B = 4),
// packing took half the time, in Eigen and in oneDNN alike. These kernels read W once, straight,
// split over the threads (Wᵀ X and a tall W X: by rows of Y; a W of up to 4,096 rows: by fixed chunks of its
// columns, added in chunk order), and keep the few columns' sums in cache. The split depends on the shape alone, so
// the result does not depend on the number of threads. Wider X goes to gemm.
//
// Destinations may be blocks of a larger matrix (a KV cache's new columns, a head's rows); they must not overlap
// the operands.
#pragma once

#include "core/tensor.h"

namespace gb {

// The most columns of X that the few-column kernels take; wider products are gemm's.
inline constexpr Eigen::Index kFewColumns = 8;

template <class T> using MatOut = Eigen::Ref<Mat<T>, 0, Eigen::OuterStride<>>;
template <class T> using MatIn = Eigen::Ref<const Mat<T>, 0, Eigen::OuterStride<>>;

// Transposition flags, for reading a call: gemm(C, A, kT, B, kN) is C = Aᵀ B.
inline constexpr bool kT = true, kN = false;

// C = op(A) op(B), op(M) = Mᵀ when its flag is set. C must already have its shape.
template <class T> void gemm(MatOut<T> C, const MatIn<T>& A, bool transpose_a, const MatIn<T>& B, bool transpose_b);
// C += op(A) op(B).
template <class T>
void gemm_add(MatOut<T> C, const MatIn<T>& A, bool transpose_a, const MatIn<T>& B, bool transpose_b);

// Y = W X (transpose_w: Y = Wᵀ X). Y must already have its shape; it must not overlap W or X.
template <class T> void matmul(MatOut<T> Y, const MatIn<T>& W, bool transpose_w, const MatIn<T>& X);

// For benchmarks (glassbox-cli bench): while an observer is set, every gemm / gemm_add call is reported with its
// shape, C (m × n) = op(A) (m × k) op(B) (k × n), before it runs. The observer may be called from several threads at
// once (the trainer's shards, the attention's heads: in_parallel) and must be thread-safe. None by default.
struct GemmCall {
  int m = 0, n = 0, k = 0;
  bool transpose_a = false, transpose_b = false, add = false;
  bool in_parallel = false;  // called inside a parallel region (runs on the calling thread)
  bool single = true;        // float (else double)
};
using GemmObserver = void (*)(const GemmCall& call, void* user);
void set_gemm_observer(GemmObserver observer, void* user);

// Which library the float products use ("oneDNN 2.6.3" or "Eigen 3.4.0"), for benchmarks and --version.
const char* gemm_library();

}  // namespace gb
