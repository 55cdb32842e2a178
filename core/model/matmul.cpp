#include "core/model/matmul.h"

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>
#ifdef GLASSBOX_GEMM_DNNL
#include <oneapi/dnnl/dnnl.h>
#endif
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

// C = op(A) op(B) (+ C when add), by Eigen's product.
template <class T>
void eigen_gemm(MatOut<T>& C, const MatIn<T>& A, bool ta, const MatIn<T>& B, bool tb, bool add) {
  if (add) {
    if (ta && tb) C.noalias() += A.transpose() * B.transpose();
    else if (ta) C.noalias() += A.transpose() * B;
    else if (tb) C.noalias() += A * B.transpose();
    else C.noalias() += A * B;
  } else {
    if (ta && tb) C.noalias() = A.transpose() * B.transpose();
    else if (ta) C.noalias() = A.transpose() * B;
    else if (tb) C.noalias() = A * B.transpose();
    else C.noalias() = A * B;
  }
}

// Below this m·n·k the library's call and packing cost more than they save. Measured on one thread, hot in cache,
// oneDNN against Eigen: the attention's per-head shapes 32 × 64 × 64 1.4–1.5×, 128 × 128 × 32 (Aᵀ B) 1.35×,
// but 64 × 64 × 32 (Aᵀ B) 0.93× and 16 × 32 × 32 0.7×; 64³ 0.93–1.2×, 128³ and above 1.2–1.5×. A transposed A
// needs twice the work to gain.
constexpr Eigen::Index kLibraryMinWork = Eigen::Index(1) << 17;

// The library's product; false when it did not run (then Eigen's).
bool library_gemm(MatOut<float>& C, const MatIn<float>& A, bool ta, const MatIn<float>& B, bool tb, bool add) {
#ifdef GLASSBOX_GEMM_DNNL
  const Eigen::Index m = C.rows(), n = C.cols(), k = ta ? A.rows() : A.cols();
  if (m * n * k < (ta ? 2 * kLibraryMinWork : kLibraryMinWork)) return false;
#ifdef _OPENMP
  // The library takes OpenMP's thread count; the program's cap for products is Eigen's (the window sets 1, so its
  // own products do not spin against the trainer's shards), and it holds for the library's products too.
  const int before = omp_get_max_threads();
  const bool cap = !omp_in_parallel() && Eigen::nbThreads() < before;
  if (cap) omp_set_num_threads(std::max(1, Eigen::nbThreads()));  // (this thread's setting only)
#endif
  // dnnl_sgemm reads row-major matrices; our column-major C = op(A) op(B) is, read row-major, Cᵀ = op(B)ᵀ op(A)ᵀ,
  // where a stored column-major M is the row-major Mᵀ: so B comes first, and each keeps its own flag.
  const bool ok = dnnl_sgemm(tb ? 'T' : 'N', ta ? 'T' : 'N', n, m, k, 1.0f, B.data(), B.outerStride(), A.data(),
                             A.outerStride(), add ? 1.0f : 0.0f, C.data(), C.outerStride()) == dnnl_success;
#ifdef _OPENMP
  if (cap) omp_set_num_threads(before);
#endif
  return ok;
#else
  (void)C, (void)A, (void)ta, (void)B, (void)tb, (void)add;
  return false;
#endif
}

struct Observer {
  GemmObserver f;
  void* user;
};
std::atomic<const Observer*> g_observer{nullptr};

template <class T>
void any_gemm(MatOut<T>& C, const MatIn<T>& A, bool ta, const MatIn<T>& B, bool tb, bool add) {
  const Eigen::Index m = ta ? A.cols() : A.rows(), k = ta ? A.rows() : A.cols();
  GB_ASSERT(C.rows() == m && (tb ? B.cols() : B.rows()) == k && C.cols() == (tb ? B.rows() : B.cols()),
            "gemm: shapes do not agree");
  if (C.size() == 0) return;
  if (const Observer* o = g_observer.load(std::memory_order_acquire)) {
    GemmCall call;
    call.m = int(m), call.n = int(C.cols()), call.k = int(k);
    call.transpose_a = ta, call.transpose_b = tb, call.add = add;
#ifdef _OPENMP
    call.in_parallel = omp_in_parallel();
#endif
    call.single = std::is_same_v<T, float>;
    o->f(call, o->user);
  }
  if constexpr (std::is_same_v<T, float>)
    if (library_gemm(C, A, ta, B, tb, add)) return;
  eigen_gemm<T>(C, A, ta, B, tb, add);
}

}  // namespace

template <class T> void gemm(MatOut<T> C, const MatIn<T>& A, bool transpose_a, const MatIn<T>& B, bool transpose_b) {
  any_gemm<T>(C, A, transpose_a, B, transpose_b, false);
}

template <class T>
void gemm_add(MatOut<T> C, const MatIn<T>& A, bool transpose_a, const MatIn<T>& B, bool transpose_b) {
  any_gemm<T>(C, A, transpose_a, B, transpose_b, true);
}

void set_gemm_observer(GemmObserver observer, void* user) {
  // (kept for the program's life: a call already past the load may still read it; a benchmark sets a few)
  static std::vector<std::unique_ptr<Observer>> kept;
  static std::mutex m;
  std::lock_guard<std::mutex> lock(m);
  if (!observer) {
    g_observer.store(nullptr, std::memory_order_release);
    return;
  }
  kept.push_back(std::make_unique<Observer>(Observer{observer, user}));
  g_observer.store(kept.back().get(), std::memory_order_release);
}

const char* gemm_library() {
#ifdef GLASSBOX_GEMM_DNNL
  static const std::string name = [] {
    const dnnl_version_t* v = dnnl_version();
    return "oneDNN " + std::to_string(v->major) + "." + std::to_string(v->minor) + "." + std::to_string(v->patch);
  }();
  return name.c_str();
#else
  static const std::string name = "Eigen " + std::to_string(EIGEN_WORLD_VERSION) + "." +
                                  std::to_string(EIGEN_MAJOR_VERSION) + "." + std::to_string(EIGEN_MINOR_VERSION);
  return name.c_str();
#endif
}

template <class T> void matmul(MatOut<T> Y, const MatIn<T>& W, bool transpose_w, const MatIn<T>& X) {
  const Eigen::Index m = transpose_w ? W.cols() : W.rows(), k = transpose_w ? W.rows() : W.cols();
  GB_ASSERT(X.rows() == k && Y.rows() == m && Y.cols() == X.cols(), "matmul: shapes do not agree");
  if (X.cols() == 0 || m == 0) return;
  if (X.cols() > kFewColumns || k == 0) {  // a wide product (or an empty sum)
    any_gemm<T>(Y, W, transpose_w, X, false, false);
    return;
  }
  if (transpose_w)
    few_tn<T>(Y, W, X);
  else if (W.rows() <= kChunkedRows)
    few_nn_chunked<T>(Y, W, X);
  else
    few_nn<T>(Y, W, X);
}

template void gemm<float>(MatOut<float>, const MatIn<float>&, bool, const MatIn<float>&, bool);
template void gemm<double>(MatOut<double>, const MatIn<double>&, bool, const MatIn<double>&, bool);
template void gemm_add<float>(MatOut<float>, const MatIn<float>&, bool, const MatIn<float>&, bool);
template void gemm_add<double>(MatOut<double>, const MatIn<double>&, bool, const MatIn<double>&, bool);
template void matmul<float>(MatOut<float>, const MatIn<float>&, bool, const MatIn<float>&);
template void matmul<double>(MatOut<double>, const MatIn<double>&, bool, const MatIn<double>&);

}  // namespace gb
