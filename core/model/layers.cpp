// layers.cpp — the forward/backward pairs. Plain loops where they show the math (norms, masks, softmax), Eigen
// products where the op is a matrix product.
#include "core/model/layers.h"

#include "core/model/matmul.h"

#include <unsupported/Eigen/SpecialFunctions>  // vectorised erf

#include <cmath>
#include <limits>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace gb {

MatF prefix_lm_mask(int T, int prefix) {
  MatF m(T, T);
  for (int tx = 0; tx < T; ++tx)
    for (int tz = 0; tz < T; ++tz) m(tz, tx) = tz < prefix || tz <= tx ? 1.0f : 0.0f;
  return m;
}

MatF sliding_window_mask(int T, int window) {
  MatF m(T, T);
  for (int tx = 0; tx < T; ++tx)
    for (int tz = 0; tz < T; ++tz) m(tz, tx) = tz <= tx && tz > tx - window ? 1.0f : 0.0f;
  return m;
}

// Parallelise over (sequence, head) only when no outer parallel region (the trainer's batch shards) is running:
// a nested one-thread region would make Eigen think it may parallelise its products, and it then allocates.
// (An `if` clause is not enough: GCC still opens a one-thread region.) Runs body(b, h) for every pair.
template <class F> static void for_each_head(int B, int H, bool worth_threads, F&& body) {
#ifdef _OPENMP
  if (worth_threads && B * H > 1 && !omp_in_parallel()) {
#pragma omp parallel for collapse(2) schedule(static)
    for (int b = 0; b < B; ++b)
      for (int h = 0; h < H; ++h) body(b, h);
    return;
  }
#else
  (void)worth_threads;
#endif
  for (int b = 0; b < B; ++b)
    for (int h = 0; h < H; ++h) body(b, h);
}

// ---------------------------------------------------------------------------------------------- layer norm

template <class T>
void layernorm_forward(Mat<T>& y, NormCache<T>& cache, const Mat<T>& x, const NormParams<T>& p, double eps) {
  const Eigen::Index d = x.rows(), N = x.cols();
  GB_ASSERT(p.gamma.size() == d, "layer norm: γ must have d_e entries");
  y.resize(d, N);
  cache.xhat.resize(d, N);
  cache.mean.resize(N);
  cache.rstd.resize(N);
  for (Eigen::Index j = 0; j < N; ++j) {
    const auto xc = x.col(j);
    const T mu = xc.mean();                                    // μ_j
    const T var = (xc.array() - mu).square().mean();           // biased σ²_j
    const T rstd = T(1) / std::sqrt(var + T(eps));   // 1/√(σ²_j + ε)
    cache.mean(j) = mu;
    cache.rstd(j) = rstd;
    cache.xhat.col(j) = (xc.array() - mu) * rstd;
    y.col(j) = cache.xhat.col(j).cwiseProduct(p.gamma) + p.beta;
  }
}

template <class T>
void layernorm_backward(Mat<T>& dx, NormParams<T>& dp, const Mat<T>& dy, const NormCache<T>& cache,
                        const NormParams<T>& p) {
  // Forward: y = γ ⊙ x̂ + β, x̂ = (x − μ) · rstd.
  // dγ += Σ_j dy ⊙ x̂; dβ += Σ_j dy; with g = dy ⊙ γ:
  // dx = rstd · (g − mean(g) − x̂ · mean(g ⊙ x̂)).
  const Eigen::Index d = dy.rows(), N = dy.cols();
  const T inv_d = T(1) / T(d);
  for (Eigen::Index j = 0; j < N; ++j) {
    const auto xh = cache.xhat.col(j);
    const auto g = dy.col(j).cwiseProduct(p.gamma);
    dp.gamma.noalias() += dy.col(j).cwiseProduct(xh);
    dp.beta += dy.col(j);
    const T mean_g = g.sum() * inv_d;
    const T mean_gx = g.dot(xh) * inv_d;
    dx.col(j).array() += cache.rstd(j) * (g.array() - mean_g - xh.array() * mean_gx);
  }
}

// ---------------------------------------------------------------------------------------------- attention

template <class T>
void attention_forward(Mat<T>& out, AttentionCache<T>& c, const Mat<T>& X, const Mat<T>& Z,
                       const AttentionParams<T>& p, const AttentionMask& m, int heads, bool keep_scores,
                       KvCache<T>* kv) {
  const Eigen::Index d = X.rows();
  const int H = heads, dh = static_cast<int>(d) / H, B = m.B, Tq = m.Tq, Tk = m.Tk;
  GB_ASSERT(X.cols() == Eigen::Index(B) * Tq, "attention: X must have B·Tq columns");
  const T scale = T(1) / std::sqrt(T(dh));
  GB_ASSERT(!m.custom || (B == 1 && !kv && m.custom->rows() == Tk && m.custom->cols() == Tq),
            "attention: a custom mask is Tk × Tq, for one sequence without a KV cache");

  c.Q.resize(d, X.cols());
  matmul<T>(c.Q, p.W_q, false, X);     // Q = W_q X + b_q 1ᵀ        d_e × B·Tq
  c.Q.colwise() += p.b_q;
  if (!kv) {
    GB_ASSERT(Z.cols() == Eigen::Index(B) * Tk, "attention: Z must have B·Tk columns");
    c.K.resize(d, Z.cols());
    c.V.resize(d, Z.cols());
    gemm<T>(c.K, p.W_k, kN, Z, kN);    // K = W_k Z + b_k 1ᵀ        d_e × B·Tk
    c.K.colwise() += p.b_k;
    gemm<T>(c.V, p.W_v, kN, Z, kN);    // V = W_v Z + b_v 1ᵀ        d_e × B·Tk
    c.V.colwise() += p.b_v;
  } else if (!kv->frozen) {            // decoding: only Z's new columns are projected; the earlier ones are cached
    const Eigen::Index n = Z.cols() / B;  // new columns per sequence
    GB_ASSERT(Z.cols() == n * B && (B == 1 || kv->stride >= kv->len + n) &&
                  Eigen::Index(B - 1) * kv->stride + kv->len + n <= kv->K.cols(),
              "attention: the KV cache is full");
    if (B == 1) {  // straight into the cache
      auto Kn = kv->K.middleCols(kv->len, n);
      auto Vn = kv->V.middleCols(kv->len, n);
      matmul<T>(Kn, p.W_k, false, Z);
      Kn.colwise() += p.b_k;
      matmul<T>(Vn, p.W_v, false, Z);
      Vn.colwise() += p.b_v;
    } else {  // one product for every sequence's new columns, then each to its own cache
      c.K.resize(d, Z.cols());
      c.V.resize(d, Z.cols());
      matmul<T>(c.K, p.W_k, false, Z);
      c.K.colwise() += p.b_k;
      matmul<T>(c.V, p.W_v, false, Z);
      c.V.colwise() += p.b_v;
      for (int b = 0; b < B; ++b) {
        kv->K.middleCols(Eigen::Index(b) * kv->stride + kv->len, n) = c.K.middleCols(Eigen::Index(b) * n, n);
        kv->V.middleCols(Eigen::Index(b) * kv->stride + kv->len, n) = c.V.middleCols(Eigen::Index(b) * n, n);
      }
    }
    kv->len += static_cast<int>(n);
  }
  GB_ASSERT(!kv || Tk == kv->len, "attention: mask.Tk must be the cached length");
  const Mat<T>& Kall = kv ? kv->K : c.K;  // d_e × (B·Tk or more)
  const Mat<T>& Vall = kv ? kv->V : c.V;
  // where sequence b's keys start: its block of Tk columns; in a cache, its stride (0: one shared cache)
  const Eigen::Index kstride = kv ? (B == 1 ? 0 : kv->stride) : Tk;

  c.A.resize(Tk, Eigen::Index(B) * H * Tq);
  c.Yc.resize(d, X.cols());
  if (keep_scores) {
    c.S.resize(Tk, Eigen::Index(B) * H * Tq);
    c.col_max.setZero(Eigen::Index(B) * H * Tq);
    c.col_sum.setZero(Eigen::Index(B) * H * Tq);
  }

  // decoding (kv): one column per call — threads would cost more than the few products they share
  for_each_head(B, H, !kv && Tq * Tk * dh > 4096, [&](int b, int h) {
      const auto Qh = c.Q.block(h * dh, Eigen::Index(b) * Tq, dh, Tq);  // d_h × Tq
      const auto Kh = Kall.block(h * dh, b * kstride, dh, Tk);          // d_h × Tk
      const auto Vh = Vall.block(h * dh, b * kstride, dh, Tk);          // d_h × Tk
      auto Ah = c.A.block(0, (Eigen::Index(b) * H + h) * Tq, Tk, Tq);   // Tk × Tq
      gemm<T>(Ah, Kh, kT, Qh, kN);                                      // S = K^hᵀ Q^h
      Ah *= scale;                                                      //     / √d_h
      if (keep_scores) c.S.block(0, (Eigen::Index(b) * H + h) * Tq, Tk, Tq) = Ah;
      // Mask and softmax over the key index, column by column: each column of A sums to 1. The allowed keys of a
      // column are a prefix (causal: t_z ≤ t_x; padding: t_z < |z|), so the masked tail is simply 0.
      const Eigen::Index first = (Eigen::Index(b) * H + h) * Tq;  // this block's first column
      auto keep = [&](int tx, T mx, T sum) {  // the softmax's parts, for the record (keep_scores)
        if (!keep_scores || sum <= 0) return;
        c.col_max(first + tx) = mx;
        c.col_sum(first + tx) = sum;
      };
      for (int tx = 0; tx < Tq; ++tx) {
        auto col = Ah.col(tx);
        if (m.custom) {  // any set of keys: the softmax over the allowed ones, 0 elsewhere
          T mx = -std::numeric_limits<T>::infinity();
          for (int tz = 0; tz < Tk; ++tz)
            if ((*m.custom)(tz, tx) > 0) mx = std::max(mx, col(tz));
          T sum = 0;
          for (int tz = 0; tz < Tk; ++tz) {
            col(tz) = (*m.custom)(tz, tx) > 0 ? std::exp(col(tz) - mx) : T(0);
            sum += col(tz);
          }
          if (sum > 0) col /= sum;
          keep(tx, mx, sum);
          continue;
        }
        const int n = m.visible(b, tx);
        if (n > 0) {
          auto seg = col.head(n).array();
          const T mx = seg.maxCoeff();
          seg = (seg - mx).exp();
          const T sum = seg.sum();
          seg /= sum;
          keep(tx, mx, sum);
        }
        col.tail(Tk - n).setZero();  // a query with no key at all (empty source) gets zero weights
      }
      auto Yh = c.Yc.block(h * dh, Eigen::Index(b) * Tq, dh, Tq);
      gemm<T>(Yh, Vh, kN, Ah, kN);  // Y^h = V^h A^h
  });
  out.resize(d, X.cols());
  matmul<T>(out, p.W_o, false, c.Yc);  // W_o [Y¹; …; Y^H] + b_o 1ᵀ
  out.colwise() += p.b_o;
}

template <class T>
void attention_backward(Mat<T>& dX, Mat<T>& dZ, AttentionParams<T>& dp, const Mat<T>& dout, AttentionCache<T>& c,
                        const Mat<T>& X, const Mat<T>& Z, const AttentionParams<T>& p, const AttentionMask& m,
                        int heads) {
  const Eigen::Index d = X.rows();
  const int H = heads, dh = static_cast<int>(d) / H, B = m.B, Tq = m.Tq, Tk = m.Tk;
  const T scale = T(1) / std::sqrt(T(dh));

  // out = W_o Yc + b_o 1ᵀ
  gemm_add<T>(dp.W_o, dout, kN, c.Yc, kT);
  dp.b_o += dout.rowwise().sum();
  Mat<T>& dYc = c.dYc;
  Mat<T>& dQ = c.dQ;
  Mat<T>& dK = c.dK;
  Mat<T>& dV = c.dV;
  dYc.resize(d, X.cols());
  gemm<T>(dYc, p.W_o, kT, dout, kN);
  dQ.resize(d, X.cols());
  dK.resize(d, Z.cols());
  dV.resize(d, Z.cols());
  c.dA.resize(Tk, Eigen::Index(B) * H * Tq);
  for_each_head(B, H, Tq * Tk * dh > 4096, [&](int b, int h) {
      const auto Qh = c.Q.block(h * dh, Eigen::Index(b) * Tq, dh, Tq);
      const auto Kh = c.K.block(h * dh, Eigen::Index(b) * Tk, dh, Tk);
      const auto Vh = c.V.block(h * dh, Eigen::Index(b) * Tk, dh, Tk);
      const auto Ah = c.A.block(0, (Eigen::Index(b) * H + h) * Tq, Tk, Tq);
      auto dAh = c.dA.block(0, (Eigen::Index(b) * H + h) * Tq, Tk, Tq);
      const auto dYh = dYc.block(h * dh, Eigen::Index(b) * Tq, dh, Tq);
      // Y^h = V^h A^h  →  dV^h = dY^h A^hᵀ, dA^h = V^hᵀ dY^h
      auto dVh = dV.block(h * dh, Eigen::Index(b) * Tk, dh, Tk);
      gemm<T>(dVh, dYh, kN, Ah, kT);
      gemm<T>(dAh, Vh, kT, dYh, kN);
      // A = softmax(S) per column  →  dS = A ⊙ (dA − 1 (1ᵀ (A ⊙ dA))); masked entries have A = 0, so dS = 0.
      for (int tx = 0; tx < Tq; ++tx) {
        const T dot = Ah.col(tx).dot(dAh.col(tx));
        dAh.col(tx) = Ah.col(tx).cwiseProduct((dAh.col(tx).array() - dot).matrix()) * scale;  // includes 1/√d_h
      }
      // S = K^hᵀ Q^h / √d_h  →  dQ^h = K^h dS, dK^h = Q^h dSᵀ
      auto dQh = dQ.block(h * dh, Eigen::Index(b) * Tq, dh, Tq);
      auto dKh = dK.block(h * dh, Eigen::Index(b) * Tk, dh, Tk);
      gemm<T>(dQh, Kh, kN, dAh, kN);
      gemm<T>(dKh, Qh, kN, dAh, kT);
  });
  // Q = W_q X + b_q, K = W_k Z + b_k, V = W_v Z + b_v
  gemm_add<T>(dp.W_q, dQ, kN, X, kT);
  dp.b_q += dQ.rowwise().sum();
  gemm_add<T>(dp.W_k, dK, kN, Z, kT);
  dp.b_k += dK.rowwise().sum();
  gemm_add<T>(dp.W_v, dV, kN, Z, kT);
  dp.b_v += dV.rowwise().sum();
  gemm_add<T>(dX, p.W_q, kT, dQ, kN);
  gemm_add<T>(dZ, p.W_k, kT, dK, kN);
  gemm_add<T>(dZ, p.W_v, kT, dV, kN);
}

// ---------------------------------------------------------------------------------------------- MLP

// GELU(x) = x · Φ(x) = ½ x (1 + erf(x / √2)), exact (seed 002); GELU'(x) = Φ(x) + x φ(x).
// Eigen's erf and exp are vectorised for float (a rational erf accurate to a few ulp).
constexpr double kInvSqrt2 = 0.70710678118654752440;
constexpr double kInvSqrt2Pi = 0.39894228040143267794;
// GELU's tanh approximation (GPT-2's "gelu_new", Hugging Face's NewGELUActivation):
//   a = ½ h (1 + tanh u), u = √(2/π) (h + 0.044715 h³);  a' = ½ (1 + tanh u) + ½ h (1 − tanh² u) √(2/π) (1 + 3·0.044715 h²).
// SiLU (Marian's "swish"): a = h σ(h);  a' = σ(h) (1 + h (1 − σ(h))).
constexpr double kSqrt2OverPi = 0.79788456080286535588;
constexpr double kGeluCubic = 0.044715;

template <class T>
void mlp_forward(Mat<T>& out, MlpCache<T>& c, const Mat<T>& x, const MlpParams<T>& p, Activation act) {
  c.h.resize(p.W_in.rows(), x.cols());
  matmul<T>(c.h, p.W_in, false, x);  // W_1 x + b_1 1ᵀ     d_mlp × N
  c.h.colwise() += p.b_in;
  c.a.resize(c.h.rows(), c.h.cols());
  if (act == Activation::ReLU)
    c.a.array() = c.h.array().cwiseMax(T(0));  // max(0, ·)
  else if (act == Activation::Tanh)
    c.a.array() = c.h.array().tanh();
  else if (act == Activation::GeluTanh)
    c.a.array() = T(0.5) * c.h.array() *
                  (T(1) + (T(kSqrt2OverPi) * (c.h.array() + T(kGeluCubic) * c.h.array().cube())).tanh());
  else if (act == Activation::SiLU)
    c.a.array() = c.h.array() / (T(1) + (-c.h.array()).exp());
  else
    c.a.array() = T(0.5) * c.h.array() * (T(1) + (c.h.array() * T(kInvSqrt2)).erf());
  out.resize(p.W_out.rows(), x.cols());
  matmul<T>(out, p.W_out, false, c.a);  // W_2 a + b_2 1ᵀ   d_e × N
  out.colwise() += p.b_out;
}

template <class T>
void mlp_backward(Mat<T>& dx, MlpParams<T>& dp, const Mat<T>& dout, MlpCache<T>& c, const Mat<T>& x,
                  const MlpParams<T>& p, Activation act) {
  gemm_add<T>(dp.W_out, dout, kN, c.a, kT);
  dp.b_out += dout.rowwise().sum();
  c.da.resize(c.a.rows(), c.a.cols());
  gemm<T>(c.da, p.W_out, kT, dout, kN);  // ∂J/∂a
  if (act == Activation::ReLU)
    c.da.array() *= (c.h.array() > T(0)).template cast<T>();
  else if (act == Activation::Tanh)
    c.da.array() *= T(1) - c.a.array().square();
  else if (act == Activation::GeluTanh) {  // (expressions, not temporaries: a training step allocates nothing)
    const auto h = c.h.array();
    const auto th = (T(kSqrt2OverPi) * (h + T(kGeluCubic) * h.cube())).tanh();
    c.da.array() *= T(0.5) * (T(1) + th) +
                    T(0.5) * h * (T(1) - th.square()) * T(kSqrt2OverPi) * (T(1) + T(3 * kGeluCubic) * h.square());
  } else if (act == Activation::SiLU) {
    const auto h = c.h.array();
    const auto sg = T(1) / (T(1) + (-h).exp());
    c.da.array() *= sg * (T(1) + h * (T(1) - sg));
  } else
    c.da.array() *= T(0.5) * (T(1) + (c.h.array() * T(kInvSqrt2)).erf()) +
                    c.h.array() * (T(-0.5) * c.h.array().square()).exp() * T(kInvSqrt2Pi);
  // now c.da = ∂J/∂h
  gemm_add<T>(dp.W_in, c.da, kN, x, kT);
  dp.b_in += c.da.rowwise().sum();
  gemm_add<T>(dx, p.W_in, kT, c.da, kN);
}

namespace {
// log Σ_i exp(z_i) = max + log Σ_i exp(z_i − max): no overflow; the sum in double
template <class Column> double log_sum_exp(const Column& z) {
  const double mx = double(z.maxCoeff());
  double sum = 0;
  for (Eigen::Index i = 0; i < z.size(); ++i) sum += std::exp(double(z(i)) - mx);
  return mx + std::log(sum);
}
}  // namespace

template <class T> void log_softmax_columns(Mat<T>& out, const Mat<T>& logits) {
  out.resize(logits.rows(), logits.cols());
  for (Eigen::Index j = 0; j < logits.cols(); ++j) {
    const double lse = log_sum_exp(logits.col(j));
    for (Eigen::Index i = 0; i < logits.rows(); ++i) out(i, j) = T(double(logits(i, j)) - lse);
  }
}

std::vector<double> log_softmax(const Eigen::Ref<const VecF>& logits) {
  const double lse = log_sum_exp(logits);
  std::vector<double> out(size_t(logits.size()));
  for (Eigen::Index i = 0; i < logits.size(); ++i) out[size_t(i)] = double(logits(i)) - lse;
  return out;
}

#define GB_INSTANTIATE(T)                                                                                          \
  template void layernorm_forward<T>(Mat<T>&, NormCache<T>&, const Mat<T>&, const NormParams<T>&, double);                \
  template void layernorm_backward<T>(Mat<T>&, NormParams<T>&, const Mat<T>&, const NormCache<T>&,                 \
                                      const NormParams<T>&);                                                       \
  template void attention_forward<T>(Mat<T>&, AttentionCache<T>&, const Mat<T>&, const Mat<T>&,                    \
                                     const AttentionParams<T>&, const AttentionMask&, int, bool, KvCache<T>*);     \
  template void attention_backward<T>(Mat<T>&, Mat<T>&, AttentionParams<T>&, const Mat<T>&, AttentionCache<T>&,    \
                                      const Mat<T>&, const Mat<T>&, const AttentionParams<T>&,                     \
                                      const AttentionMask&, int);                                                  \
  template void mlp_forward<T>(Mat<T>&, MlpCache<T>&, const Mat<T>&, const MlpParams<T>&, Activation);             \
  template void mlp_backward<T>(Mat<T>&, MlpParams<T>&, const Mat<T>&, MlpCache<T>&, const Mat<T>&,                \
                                const MlpParams<T>&, Activation);                                                  \
  template void log_softmax_columns<T>(Mat<T>&, const Mat<T>&);
GB_INSTANTIATE(float)
GB_INSTANTIATE(double)
#undef GB_INSTANTIATE

}  // namespace gb
