// hmm.cpp — the discrete HMM's forward–backward, Viterbi, prediction, sampling and EM (hmm.h).
#include "core/families/hmm/hmm.h"

#include "core/families/hmm/hmm_draw.h"

#include "core/model/matmul.h"
#include "core/model/model.h"
#include "core/rng.h"

#include <cmath>
#include <limits>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace gb {

namespace {

using VecD = Eigen::VectorXd;
constexpr double kNegInf = -std::numeric_limits<double>::infinity();

// The parameters in double, with the transposes the loops read column by column.
struct Dense {
  VecD pi;
  MatD T, TT;  // T[i, j] = P(i | j), and its transpose
  MatD E, ET;  // |V| × K, and K × |V| (column v: the emission probabilities of symbol v in every state)
  template <class S> explicit Dense(const HmmParams<S>& p)
      : pi(p.pi.template cast<double>()), T(p.transition.template cast<double>()), TT(T.transpose()),
        E(p.emission.template cast<double>()), ET(E.transpose()) {}
  int K() const { return int(pi.size()); }
};

// The scaled forward pass over x[0..n): alpha (K × n) the filtered distributions, c (n) the factors P(x_t | x_<t).
// Where x_t cannot occur (c_t = 0) the filtered distribution is the prediction (nothing is learnt from x_t).
void filter(const Dense& d, const int* x, int n, MatD& alpha, VecD& c) {
  const int K = d.K();
  alpha.resize(K, n);
  c.resize(n);
  VecD pred(K);
  for (int t = 0; t < n; ++t) {
    if (t == 0) pred = d.pi;
    else pred.noalias() = d.T * alpha.col(t - 1);  // P(z_t | x_<t) = T ᾱ_{t−1}
    alpha.col(t) = pred.cwiseProduct(d.ET.col(x[t]));  // ∝ P(z_t, x_t | x_<t)
    c[t] = alpha.col(t).sum();
    if (c[t] > 0) alpha.col(t) /= c[t];
    else alpha.col(t) = pred;
  }
}

double log_sum(const VecD& c, int from) {
  double s = 0;
  for (Eigen::Index t = from; t < c.size(); ++t) s += c[t] > 0 ? std::log(c[t]) : kNegInf;
  return s;
}

// The scaled backward pass: gamma (K × n) the posteriors; W (K × (n − 1), optional) column t = e_{t+1} ⊙ β̂_{t+1} /
// c_{t+1}, so that Σ_t ξ_t(i, j) = T[i, j] (W ᾱᵀ)[i, j] (the expected transitions EM counts).
void smooth(const Dense& d, const int* x, int n, const MatD& alpha, const VecD& c, MatD& gamma, MatD* W) {
  const int K = d.K();
  gamma.resize(K, n);
  if (W) W->resize(K, std::max(0, n - 1));
  VecD beta = VecD::Ones(K), w(K);
  gamma.col(n - 1) = alpha.col(n - 1);  // β̂_n = 1
  for (int t = n - 2; t >= 0; --t) {
    if (c[t + 1] > 0) w = d.ET.col(x[t + 1]).cwiseProduct(beta) / c[t + 1];
    else w = beta;  // a token no state emits: a missing observation (emission 1 in every state, c = 1)
    if (W) W->col(t) = w;
    beta.noalias() = d.TT * w;  // β̂_t = Tᵀ (e_{t+1} ⊙ β̂_{t+1}) / c_{t+1}
    gamma.col(t) = alpha.col(t).cwiseProduct(beta);
    const double s = gamma.col(t).sum();  // 1 up to rounding
    if (s > 0) gamma.col(t) /= s;
  }
}

// What one E-step adds up: expected counts and the report's sums.
struct EmCounts {
  VecD pi;
  MatD xi, emitT;  // K × K (Σ_t W ᾱᵀ, to be multiplied by T), K × |V|
  HmmEmReport r;
  void zero(int K, int V) {
    pi.setZero(K);
    xi.setZero(K, K);
    emitT.setZero(K, V);
    r = HmmEmReport{};
  }
};

// The E-step over B sequences of one length n at once (ids[b] → sequence b), vectorised over the batch and the
// states: the forward and backward recursions' T ᾱ and Tᵀ w become K × K by K × B products, and the expected
// transitions one product over every position. Column t·B + b of the K × n·B matrices is position t of sequence b.
// The recursions run in float (each step is scaled to sum 1, so nothing underflows; the products run twice as fast
// as in double), the log-likelihood and the counts are summed in double; a sequence whose factor c_t falls below
// kFloatSafe (or whose backward leaves float's range) runs alone in double (em_sequence). The same quantities, in the
// same units, as filter() and smooth() for each sequence alone (hmm_filter, hmm_posterior); a sequence that has a
// token no state emits reports its log-likelihood and predictions but adds no counts. Scratch matrices are the caller's, so a block
// of the same shape allocates nothing.
struct EmScratch {
  MatF alpha, pred, W, gamma, em, beta, next, xi;
  VecD c;
};
struct DenseF {  // the parameters in float, for the E-step's products
  MatF T, TT, E, ET;
  VecF pi;
  explicit DenseF(const Dense& d)
      : T(d.T.cast<float>()), TT(d.TT.cast<float>()), E(d.E.cast<float>()), ET(d.ET.cast<float>()),
        pi(d.pi.cast<float>()) {}
};
// One sequence alone, in double (filter() and smooth()): the E-step of a sequence the float block cannot carry.
void em_sequence(const Dense& d, const std::vector<int>& x, EmCounts& acc) {
  const int n = int(x.size());
  MatD alpha, gamma, W, pred;
  VecD c;
  filter(d, x.data(), n, alpha, c);
  acc.r.tokens += n;
  acc.r.predicted += n - 1;
  acc.r.loglik += log_sum(c, 0);
  acc.r.predicted_loglik += log_sum(c, 1);
  if (n > 1) {  // the tokens whose most probable prediction P(· | x_<t) = E T ᾱ_{t−1} was right
    pred.noalias() = d.E * (d.T * alpha.leftCols(n - 1));
    for (int t = 1; t < n; ++t) {
      Eigen::Index best = 0;
      pred.col(t - 1).maxCoeff(&best);
      acc.r.correct += int(best) == x[size_t(t)];
    }
  }
  if ((c.array() <= 0).any()) return;  // P(x) = 0 under p: it says nothing about where the states were
  smooth(d, x.data(), n, alpha, c, gamma, &W);
  acc.pi += gamma.col(0);
  if (n > 1) acc.xi.noalias() += W * alpha.leftCols(n - 1).transpose();
  for (int t = 0; t < n; ++t) acc.emitT.col(x[size_t(t)]) += gamma.col(t);
}

// Below this a step's factor c_t is not trusted to float (ᾱ / c_t and the backward's ratios could overflow, and
// P(x_t | x_<t) itself could underflow to 0): such a sequence leaves the block and runs alone in double.
constexpr double kFloatSafe = 1e-30;

void em_block(const Dense& dd, const DenseF& d, const std::vector<const std::vector<int>*>& ids, int n,
              EmCounts& acc, EmScratch& s) {
  const int K = int(d.pi.size()), B = int(ids.size());
  const Eigen::Index N = Eigen::Index(n) * B;
  s.alpha.resize(K, N);
  s.pred.resize(K, N);
  s.c.resize(N);
  s.em.resize(K, B);
  std::vector<char> alone(size_t(B), 0);  // sequences the float recursions cannot carry: redone in double
  auto emissions = [&](int t) {  // column b: P(x_t^b | z) for every state
    for (int b = 0; b < B; ++b) s.em.col(b) = d.ET.col((*ids[size_t(b)])[size_t(t)]);
  };
  for (int t = 0; t < n; ++t) {  // forward: ᾱ_t ∝ (T ᾱ_{t−1}) ⊙ e_t, c_t its sum
    auto pred = s.pred.middleCols(Eigen::Index(t) * B, B);
    auto alpha = s.alpha.middleCols(Eigen::Index(t) * B, B);
    if (t == 0) pred = d.pi.replicate(1, B);
    else gemm<float>(pred, d.T, kN, s.alpha.middleCols(Eigen::Index(t - 1) * B, B), kN);
    emissions(t);
    alpha = pred.cwiseProduct(s.em);
    for (int b = 0; b < B; ++b) {
      const Eigen::Index col = Eigen::Index(t) * B + b;
      const double ct = alpha.col(b).template cast<double>().sum();
      s.c[col] = ct;
      if (ct >= kFloatSafe && std::isfinite(ct)) {
        alpha.col(b) /= float(ct);
      } else {
        alone[size_t(b)] = 1;
        alpha.col(b) = pred.col(b);  // (finite, so the block's products stay finite; the sequence is redone)
      }
    }
  }
  for (int b = 0; b < B; ++b) {
    if (alone[size_t(b)]) continue;
    double ll = 0, pll = 0;
    for (int t = 0; t < n; ++t) {
      const double l = std::log(s.c[Eigen::Index(t) * B + b]);
      ll += l;
      if (t > 0) pll += l;
    }
    acc.r.loglik += ll;
    acc.r.predicted_loglik += pll;
  }
  // the tokens whose most probable prediction P(· | x_<t) = E T ᾱ_{t−1} was right (T ᾱ is pred), B columns at a time
  s.next.resize(d.E.rows(), B);
  for (int t = 1; t < n; ++t) {
    gemm<float>(s.next, d.E, kN, s.pred.middleCols(Eigen::Index(t) * B, B), kN);
    for (int b = 0; b < B; ++b) {
      if (alone[size_t(b)]) continue;
      Eigen::Index best = 0;
      s.next.col(b).maxCoeff(&best);
      acc.r.correct += int(best) == (*ids[size_t(b)])[size_t(t)];
    }
  }
  // backward: w_t = e_{t+1} ⊙ β̂_{t+1} / c_{t+1}, β̂_t = Tᵀ w_t, γ_t ∝ ᾱ_t ⊙ β̂_t (each column on its own: a sequence
  // redone alone cannot touch the others)
  s.gamma.resize(K, N);
  s.W.resize(K, std::max<Eigen::Index>(0, N - B));
  s.beta.setOnes(K, B);
  s.gamma.rightCols(B) = s.alpha.rightCols(B);
  for (int t = n - 2; t >= 0; --t) {
    emissions(t + 1);
    auto w = s.W.middleCols(Eigen::Index(t) * B, B);
    for (int b = 0; b < B; ++b) {
      const double ct = s.c[Eigen::Index(t + 1) * B + b];
      if (!alone[size_t(b)]) w.col(b) = s.em.col(b).cwiseProduct(s.beta.col(b)) / float(ct);
      else w.col(b).setZero();
    }
    gemm<float>(s.beta, d.TT, kN, w, kN);
    auto gamma = s.gamma.middleCols(Eigen::Index(t) * B, B);
    gamma = s.alpha.middleCols(Eigen::Index(t) * B, B).cwiseProduct(s.beta);
    for (int b = 0; b < B; ++b) {
      const double sum = gamma.col(b).template cast<double>().sum();  // 1 up to rounding
      if (sum > 0 && std::isfinite(sum)) gamma.col(b) /= float(sum);
      else if (!alone[size_t(b)]) alone[size_t(b)] = 1;
    }
  }
  int kept = B;
  for (int b = 0; b < B; ++b)
    if (alone[size_t(b)]) {  // out of the block's counts
      for (int t = 0; t < n; ++t) s.gamma.col(Eigen::Index(t) * B + b).setZero();
      for (int t = 0; t + 1 < n; ++t) s.W.col(Eigen::Index(t) * B + b).setZero();
      --kept;
    }
  acc.r.tokens += Eigen::Index(n) * kept;
  acc.r.predicted += Eigen::Index(n - 1) * kept;
  acc.pi += s.gamma.leftCols(B).rowwise().sum().cast<double>();
  if (n > 1) {  // every position's W ᾱᵀ at once (a block's sum in float, the blocks' in double)
    s.xi.resize(K, K);
    gemm<float>(s.xi, s.W, kN, s.alpha.leftCols(N - B), kT);
    acc.xi += s.xi.cast<double>();
  }
  for (int t = 0; t < n; ++t)
    for (int b = 0; b < B; ++b)
      if (!alone[size_t(b)])
        acc.emitT.col((*ids[size_t(b)])[size_t(t)]) += s.gamma.col(Eigen::Index(t) * B + b).cast<double>();
  for (int b = 0; b < B; ++b)
    if (alone[size_t(b)]) em_sequence(dd, *ids[size_t(b)], acc);
}

}  // namespace

void hmm_init(HmmParams<float>& p, const Config& c, Rng& rng) {
  const int K = c.states, V = c.vocab_size;
  auto fill = [&](auto& m) { hmm_detail::dirichlet_columns(m, rng); };
  p.pi.resize(K);
  p.transition.resize(K, K);
  p.emission.resize(V, K);
  fill(p.pi);
  fill(p.transition);
  fill(p.emission);
}

HmmFilter hmm_filter(const HmmParams<float>& p, const std::vector<int>& x) {
  HmmFilter f;
  if (x.empty()) return f;
  const Dense d(p);
  VecD c;
  filter(d, x.data(), int(x.size()), f.alpha, c);
  f.log_c.resize(c.size());
  for (Eigen::Index t = 0; t < c.size(); ++t) f.log_c[t] = c[t] > 0 ? std::log(c[t]) : kNegInf;
  f.loglik = log_sum(c, 0);
  return f;
}

MatD hmm_posterior(const HmmParams<float>& p, const std::vector<int>& x) {
  if (x.empty()) return MatD(p.pi.size(), 0);
  const Dense d(p);
  MatD alpha, gamma;
  VecD c;
  const int n = int(x.size());
  filter(d, x.data(), n, alpha, c);
  smooth(d, x.data(), n, alpha, c, gamma, nullptr);
  return gamma;
}

std::vector<int> hmm_viterbi(const HmmParams<float>& p, const std::vector<int>& x) {
  return hmm_viterbi_trellis(p, x).path;
}

HmmViterbi hmm_viterbi_trellis(const HmmParams<float>& p, const std::vector<int>& x) {
  const int n = int(x.size());
  HmmViterbi out;
  if (n == 0) return out;
  const Dense d(p);
  const int K = d.K();
  const MatD logTT = d.TT.array().log();  // column i: log T[i, ·]
  MatD logET = d.ET.array().log();
  for (Eigen::Index v = 0; v < logET.cols(); ++v)  // a token no state emits: a missing observation
    if (!(d.ET.col(v).maxCoeff() > 0)) logET.col(v).setZero();
  VecD delta = d.pi.array().log().matrix() + logET.col(x[0]), next(K);
  Eigen::MatrixXi back = Eigen::MatrixXi::Zero(K, n);
  out.delta.resize(K, n);
  out.delta.col(0) = delta;
  for (int t = 1; t < n; ++t) {
    for (int i = 0; i < K; ++i) {
      Eigen::Index j = 0;
      const double best = (logTT.col(i) + delta).maxCoeff(&j);  // the first maximum: ties to the lower id
      next[i] = best + logET(i, x[size_t(t)]);
      back(i, t) = int(j);
    }
    if (!(next.maxCoeff() > -std::numeric_limits<double>::infinity()))  // no state reachable emits x_t: missing
      for (int i = 0; i < K; ++i) next[i] = (logTT.col(i) + delta).maxCoeff();
    delta.swap(next);
    out.delta.col(t) = delta;
  }
  std::vector<int> path(static_cast<size_t>(n));
  Eigen::Index last = 0;
  delta.maxCoeff(&last);
  path[size_t(n - 1)] = int(last);
  for (int t = n - 1; t > 0; --t) path[size_t(t - 1)] = back(path[size_t(t)], t);
  out.back = std::move(back);
  out.path = std::move(path);
  return out;
}

MatD hmm_next_logprobs(const HmmParams<float>& p, const std::vector<int>& x) {
  if (x.empty()) return MatD(p.emission.rows(), 0);
  const Dense d(p);
  MatD alpha;
  VecD c;
  filter(d, x.data(), int(x.size()), alpha, c);
  return (d.E * (d.T * alpha)).array().log().matrix();
}

template <class T> void hmm_forward(Mat<T>& logits, const HmmParams<T>& p, const Config& c, const Batch& batch) {
  const Dense d(p);
  logits.setZero(c.vocab_size, Eigen::Index(batch.B) * batch.T);
  MatD alpha;
  VecD cs;
  for (int b = 0; b < batch.B; ++b) {
    const int n = batch.x_len[size_t(b)];
    if (n == 0) continue;
    filter(d, batch.x.data() + size_t(b) * size_t(batch.T), n, alpha, cs);
    logits.middleCols(Eigen::Index(b) * batch.T, n) = (d.E * (d.T * alpha)).array().log().matrix().template cast<T>();
  }
}

void hmm_step(Eigen::VectorXd& alpha, Eigen::VectorXd& next_logp, const HmmParams<float>& p,
              const Eigen::VectorXd& prev, int token) {
  // (float products: E and T are not converted for every decoded token)
  const VecF prevF = prev.cast<float>();
  const VecD T_prev = prev.size() ? VecD((p.transition * prevF).cast<double>()) : VecD(p.pi.cast<double>());
  alpha = T_prev.cwiseProduct(p.emission.row(token).transpose().cast<double>());
  const double s = alpha.sum();
  if (s > 0) alpha /= s;
  else alpha = T_prev;
  const VecF next = p.emission * (p.transition * VecF(alpha.cast<float>()));
  next_logp = next.cast<double>().array().log().matrix();
}

void hmm_sample(std::vector<int>& states, std::vector<int>& symbols, const HmmParams<float>& p, int n, Rng& rng) {
  auto draw = [&rng](const auto& dist) { return hmm_detail::draw(dist, rng); };  // a column of probabilities
  states.assign(size_t(std::max(0, n)), 0);
  symbols.assign(size_t(std::max(0, n)), 0);
  for (int t = 0; t < n; ++t) {
    states[size_t(t)] = t == 0 ? draw(p.pi) : draw(p.transition.col(states[size_t(t - 1)]));
    symbols[size_t(t)] = draw(p.emission.col(states[size_t(t)]));
  }
}

std::optional<HmmEmReport> hmm_em_step(HmmParams<float>& p, const std::vector<Example>& data,
                                       const std::atomic<bool>* cancel) {
  const Dense d(p);
  const DenseF df(d);
  const int K = d.K(), V = int(d.E.rows());
  int threads = 1;
#ifdef _OPENMP
  threads = std::max(1, std::min<int>(omp_get_max_threads(), int(data.size())));
#endif
  std::vector<EmCounts> acc(static_cast<size_t>(threads));
  for (EmCounts& a : acc) a.zero(K, V);  // (all of them: OpenMP may give the region fewer threads than asked for)
  std::atomic<bool> stopped{false};
  constexpr int kBlock = 32;  // sequences of one length per E-step block (K × 32 products)
#pragma omp parallel num_threads(threads)
  {
    int k = 0, given = 1;
#ifdef _OPENMP
    k = omp_get_thread_num();
    given = omp_get_num_threads();
#endif
    EmCounts& a = acc[size_t(k)];
    EmScratch scratch;
    // contiguous ranges over the threads the region has: the same data and thread count give the same sums
    const size_t lo = data.size() * size_t(k) / size_t(given), hi = data.size() * size_t(k + 1) / size_t(given);
    // blocks of consecutive sequences of equal length (a text's windows are all ℓ_max long but the last)
    std::vector<const std::vector<int>*> block;
    int block_n = 0;
    auto flush = [&] {
      if (!block.empty()) em_block(d, df, block, block_n, a, scratch);
      block.clear();
    };
    for (size_t s = lo; s < hi; ++s) {
      if (stopped.load(std::memory_order_relaxed)) break;
      if (cancel && cancel->load(std::memory_order_relaxed)) {
        stopped = true;
        break;
      }
      const std::vector<int>& x = data[s].x;
      const int n = int(x.size());
      if (n == 0) continue;
      if (n != block_n || int(block.size()) == kBlock) flush();
      block_n = n;
      block.push_back(&x);
    }
    if (!stopped.load(std::memory_order_relaxed)) flush();
  }
  if (stopped) return std::nullopt;
  // the sums in thread order (deterministic for a thread count)
  EmCounts& sum = acc[0];
  for (size_t k = 1; k < acc.size(); ++k) {
    sum.pi += acc[k].pi;
    sum.xi += acc[k].xi;
    sum.emitT += acc[k].emitT;
    sum.r.loglik += acc[k].r.loglik;
    sum.r.predicted_loglik += acc[k].r.predicted_loglik;
    sum.r.tokens += acc[k].r.tokens;
    sum.r.predicted += acc[k].r.predicted;
    sum.r.correct += acc[k].r.correct;
  }
  // M-step: each distribution ∝ its expected counts; one nobody visits keeps its values.
  if (sum.pi.sum() > 0) p.pi = (sum.pi / sum.pi.sum()).cast<float>();
  const MatD xi = d.T.cwiseProduct(sum.xi);  // Σ_t ξ_t(i, j)
  for (int j = 0; j < K; ++j) {
    const double s = xi.col(j).sum();
    if (s > 0) p.transition.col(j) = (xi.col(j) / s).cast<float>();
    const double e = sum.emitT.row(j).sum();
    if (e > 0) p.emission.col(j) = (sum.emitT.row(j).transpose() / e).cast<float>();
  }
  return sum.r;
}

std::optional<HmmBadTensor> hmm_check(const HmmParams<float>& p) {
  auto check = [](const char* name, const MatF& m, bool vector) -> std::optional<HmmBadTensor> {
    if (auto b = hmm_detail::bad_column(m)) return HmmBadTensor{name, vector ? -1 : b->column, b->sum, b->min};
    return std::nullopt;
  };
  if (auto b = check("pi", p.pi, true)) return b;
  if (auto b = check("T", p.transition, false)) return b;
  return check("E", p.emission, false);
}

template void hmm_forward<float>(Mat<float>&, const HmmParams<float>&, const Config&, const Batch&);
template void hmm_forward<double>(Mat<double>&, const HmmParams<double>&, const Config&, const Batch&);

}  // namespace gb
