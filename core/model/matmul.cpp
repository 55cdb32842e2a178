#include "core/model/matmul.h"

#include <algorithm>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#define GB_PRAGMA(x) _Pragma(#x)
#else
#define GB_PRAGMA(x)
#endif

namespace gb {

namespace {

// Threads for a product reading `elements` entries of W: one below a few hundred thousand (the fork costs more
// than it saves), and one inside a parallel region.
int threads_for(Eigen::Index elements) {
#ifdef _OPENMP
  if (elements < (Eigen::Index(1) << 18) || omp_in_parallel()) return 1;
  return omp_get_max_threads();
#else
  (void)elements;
  return 1;
#endif
}

// body(i) for i = 0 … n − 1, split over `threads` threads (static schedule); one thread: a plain loop, without
// opening a parallel region (its fork and join would cost more than a small product).
template <class F> void for_range(Eigen::Index n, int threads, F&& body) {
#ifdef _OPENMP
  if (threads > 1) {
#pragma omp parallel for num_threads(threads) schedule(static)
    for (Eigen::Index i = 0; i < n; ++i) body(i);
    return;
  }
#else
  (void)threads;
#endif
  for (Eigen::Index i = 0; i < n; ++i) body(i);
}

// Y = W X, W m × k column-major: Y's rows in blocks of R, each block summed over W's columns j in order (four at a
// time), the block's partial sums held in acc (n × R, in the first-level cache).
template <class T>
void few_nn(MatOut<T>& Y, const MatIn<T>& W, const MatIn<T>& X) {
  constexpr Eigen::Index R = 256;
  const Eigen::Index m = W.rows(), k = W.cols(), n = X.cols(), ldw = W.outerStride();
  const Eigen::Index blocks = (m + R - 1) / R;
  const int threads = int(std::min<Eigen::Index>(threads_for(m * k), blocks));
  for_range(blocks, threads, [&](Eigen::Index blk) {
    const Eigen::Index lo = blk * R, r = std::min(R, m - lo);
    alignas(64) T acc[kFewColumns * R];
    std::fill(acc, acc + n * R, T(0));
    Eigen::Index j = 0;
    for (; j + 4 <= k; j += 4) {
      const T* w0 = W.data() + j * ldw + lo;
      const T* w1 = w0 + ldw;
      const T* w2 = w1 + ldw;
      const T* w3 = w2 + ldw;
      for (Eigen::Index b = 0; b < n; ++b) {
        const T x0 = X(j, b), x1 = X(j + 1, b), x2 = X(j + 2, b), x3 = X(j + 3, b);
        T* a = acc + b * R;
        GB_PRAGMA(omp simd)
        for (Eigen::Index i = 0; i < r; ++i) a[i] += w0[i] * x0 + w1[i] * x1 + w2[i] * x2 + w3[i] * x3;
      }
    }
    for (; j < k; ++j) {
      const T* w0 = W.data() + j * ldw + lo;
      for (Eigen::Index b = 0; b < n; ++b) {
        const T x0 = X(j, b);
        T* a = acc + b * R;
        GB_PRAGMA(omp simd)
        for (Eigen::Index i = 0; i < r; ++i) a[i] += w0[i] * x0;
      }
    }
    for (Eigen::Index b = 0; b < n; ++b) std::copy(acc + b * R, acc + b * R + r, &Y(lo, b));
  });
}

// Y = W X for W of at most a few thousand rows (the layers' weights), read in the order it is stored: W's columns
// in fixed chunks of kChunk, each chunk's sum (m × n, in cache) over its columns in order; Y = the chunks' sums
// added in chunk order. A thread takes whole chunks, each one contiguous region of W. The chunks depend on the
// shape alone, so the result does not depend on the number of threads either.
constexpr Eigen::Index kChunk = 128;
constexpr Eigen::Index kChunkedRows = 4096;

template <class T>
void few_nn_chunked(MatOut<T>& Y, const MatIn<T>& W, const MatIn<T>& X) {
  const Eigen::Index m = W.rows(), k = W.cols(), n = X.cols(), ldw = W.outerStride();
  const Eigen::Index chunks = (k + kChunk - 1) / kChunk;
  thread_local std::vector<T> part;  // chunks × (m × n): chunk c's sums, column b at (c·n + b)·m
  part.assign(size_t(chunks * n * m), T(0));
  T* P = part.data();
  const int threads = int(std::min<Eigen::Index>(threads_for(m * k), chunks));
  for_range(chunks, threads, [&](Eigen::Index c) {
    const Eigen::Index j0 = c * kChunk, j1 = std::min(k, j0 + kChunk);
    T* acc = P + c * n * m;
    Eigen::Index j = j0;
    for (; j + 4 <= j1; j += 4) {
      const T* w0 = W.data() + j * ldw;
      const T* w1 = w0 + ldw;
      const T* w2 = w1 + ldw;
      const T* w3 = w2 + ldw;
      for (Eigen::Index b = 0; b < n; ++b) {
        const T x0 = X(j, b), x1 = X(j + 1, b), x2 = X(j + 2, b), x3 = X(j + 3, b);
        T* a = acc + b * m;
        GB_PRAGMA(omp simd)
        for (Eigen::Index i = 0; i < m; ++i) a[i] += w0[i] * x0 + w1[i] * x1 + w2[i] * x2 + w3[i] * x3;
      }
    }
    for (; j < j1; ++j) {
      const T* w0 = W.data() + j * ldw;
      for (Eigen::Index b = 0; b < n; ++b) {
        const T x0 = X(j, b);
        T* a = acc + b * m;
        GB_PRAGMA(omp simd)
        for (Eigen::Index i = 0; i < m; ++i) a[i] += w0[i] * x0;
      }
    }
  });
  for (Eigen::Index b = 0; b < n; ++b) {
    T* y = &Y(0, b);
    std::copy(P + b * m, P + (b + 1) * m, y);
    for (Eigen::Index c = 1; c < chunks; ++c) {
      const T* a = P + (c * n + b) * m;
      GB_PRAGMA(omp simd)
      for (Eigen::Index i = 0; i < m; ++i) y[i] += a[i];
    }
  }
}

// Y = Wᵀ X, W k × m column-major: entry (v, b) is the dot product of W's column v (contiguous) with X's column b.
template <class T>
void few_tn(MatOut<T>& Y, const MatIn<T>& W, const MatIn<T>& X) {
  const Eigen::Index m = W.cols(), k = W.rows(), n = X.cols(), ldw = W.outerStride();
  const int threads = int(std::min<Eigen::Index>(threads_for(m * k), m));
  for_range(m, threads, [&](Eigen::Index v) {
    const T* w = W.data() + v * ldw;
    for (Eigen::Index b = 0; b < n; ++b) {
      const T* x = X.data() + b * X.outerStride();
      T s = 0;
      GB_PRAGMA(omp simd reduction(+ : s))
      for (Eigen::Index j = 0; j < k; ++j) s += w[j] * x[j];
      Y(v, b) = s;
    }
  });
}

}  // namespace

template <class T> void matmul(MatOut<T> Y, const MatIn<T>& W, bool transpose_w, const MatIn<T>& X) {
  const Eigen::Index m = transpose_w ? W.cols() : W.rows(), k = transpose_w ? W.rows() : W.cols();
  GB_ASSERT(X.rows() == k && Y.rows() == m && Y.cols() == X.cols(), "matmul: shapes do not agree");
  if (X.cols() == 0 || m == 0) return;
  if (X.cols() > kFewColumns || k == 0) {  // a wide product (or an empty sum): Eigen's
    if (transpose_w)
      Y.noalias() = W.transpose() * X;
    else
      Y.noalias() = W * X;
    return;
  }
  if (transpose_w)
    few_tn<T>(Y, W, X);
  else if (W.rows() <= kChunkedRows)
    few_nn_chunked<T>(Y, W, X);
  else
    few_nn<T>(Y, W, X);
}

template void matmul<float>(MatOut<float>, const MatIn<float>&, bool, const MatIn<float>&);
template void matmul<double>(MatOut<double>, const MatIn<double>&, bool, const MatIn<double>&);

}  // namespace gb
