// hmm_gmm.cpp — the Gaussian-mixture HMM's forward–backward, Viterbi, EM, sampling, numbers file and phoneme task
// (hmm_gmm.h). The recursions run in log arithmetic: a Gaussian's density spans hundreds of orders of magnitude, and
// K is small (a lecture's handful of states), so K² log-sum-exps per time step cost little.
#include "core/families/hmm/hmm_gmm.h"

#include "core/families/hmm/hmm_draw.h"

#include "core/model/model.h"
#include "core/rng.h"
#include "core/text/datafile.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numeric>
#include <sstream>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace gb {

namespace {

using VecD = Eigen::VectorXd;
constexpr double kNegInf = -std::numeric_limits<double>::infinity();
constexpr double kLog2Pi = 1.8378770664093454836;

double safe_log(double v) { return v > 0 ? std::log(v) : kNegInf; }

// log Σ_i exp(a_i), −∞ for an empty sum or all −∞.
template <class V> double log_sum_exp(const V& a) {
  const double m = a.maxCoeff();
  if (!std::isfinite(m)) return m;
  return m + std::log((a.array() - m).exp().sum());
}

// The parameters in double and in logs, as the recursions read them.
struct Dense {
  int K = 0, M = 0, D = 0;
  VecD log_pi;
  MatD log_T;     // log T[i, j]
  MatD log_w;     // M × K
  MatD mean, var; // K·M × D
  VecD log_norm;  // K·M: −½ Σ_d log(2π σ²_d)
  explicit Dense(const HmmGmmParams<float>& p) {
    K = int(p.pi.size());
    M = int(p.weight.rows());
    D = int(p.mean.cols());
    log_pi = p.pi.cast<double>().unaryExpr([](double v) { return safe_log(v); });
    log_T = p.transition.cast<double>().unaryExpr([](double v) { return safe_log(v); });
    log_w = p.weight.cast<double>().unaryExpr([](double v) { return safe_log(v); });
    mean = p.mean.cast<double>();
    var = p.var.cast<double>();
    log_norm.resize(Eigen::Index(K) * M);
    for (Eigen::Index r = 0; r < log_norm.size(); ++r) log_norm[r] = -0.5 * (double(D) * kLog2Pi + var.row(r).array().log().sum());
  }
  // comp (M): log(w[m, k] N(o; μ_km, σ²_km)) for each component of state k.
  void components(const VecD& o, int k, VecD& comp) const {
    comp.resize(M);
    for (int m = 0; m < M; ++m) {
      const Eigen::Index r = Eigen::Index(k) * M + m;
      const double q = ((o.transpose() - mean.row(r)).array().square() / var.row(r).array()).sum();
      comp[m] = log_w(m, k) + log_norm[r] - 0.5 * q;
    }
  }
  // B (K × n): log p(o_t | z_t = k). (The components' own densities are recomputed where EM needs them: a K·M × n
  // matrix of them would be M times the memory.)
  void emissions(const MatF& obs, MatD& B) const {
    const int n = int(obs.cols());
    B.resize(K, n);
    VecD comp(M);
    for (int t = 0; t < n; ++t) {
      const VecD o = obs.col(t).cast<double>();
      for (int k = 0; k < K; ++k) {
        components(o, k, comp);
        B(k, t) = log_sum_exp(comp);
      }
    }
  }
};

// log α (K × n) and the log-likelihood.
double forward_log(const Dense& d, const MatD& B, MatD& la) {
  const int K = d.K, n = int(B.cols());
  la.resize(K, n);
  VecD tmp(K);
  for (int t = 0; t < n; ++t)
    for (int i = 0; i < K; ++i) {
      if (t == 0) {
        la(i, 0) = d.log_pi[i] + B(i, 0);
        continue;
      }
      for (int j = 0; j < K; ++j) tmp[j] = d.log_T(i, j) + la(j, t - 1);
      la(i, t) = B(i, t) + log_sum_exp(tmp);
    }
  return n > 0 ? log_sum_exp(la.col(n - 1)) : 0.0;
}

// log β (K × n).
void backward_log(const Dense& d, const MatD& B, MatD& lb) {
  const int K = d.K, n = int(B.cols());
  lb.resize(K, n);
  if (n == 0) return;
  lb.col(n - 1).setZero();
  VecD tmp(K);
  for (int t = n - 2; t >= 0; --t)
    for (int j = 0; j < K; ++j) {
      for (int i = 0; i < K; ++i) tmp[i] = d.log_T(i, j) + B(i, t + 1) + lb(i, t + 1);
      lb(j, t) = log_sum_exp(tmp);
    }
}

struct Counts {
  VecD pi;         // K
  MatD trans;      // K × K
  VecD occ;        // K·M
  MatD s1, s2;     // K·M × D: Σ γ o, Σ γ o²
  VecD sum, sumsq; // D: the data's Σ o, Σ o² (the variance floor)
  double loglik = 0;
  int64_t observations = 0;
  void zero(int K, int M, int D) {
    pi.setZero(K);
    trans.setZero(K, K);
    occ.setZero(Eigen::Index(K) * M);
    s1.setZero(Eigen::Index(K) * M, D);
    s2.setZero(Eigen::Index(K) * M, D);
    sum.setZero(D);
    sumsq.setZero(D);
    loglik = 0;
    observations = 0;
  }
  void add(const Counts& o) {
    pi += o.pi;
    trans += o.trans;
    occ += o.occ;
    s1 += o.s1;
    s2 += o.s2;
    sum += o.sum;
    sumsq += o.sumsq;
    loglik += o.loglik;
    observations += o.observations;
  }
};

void em_sequence(const Dense& d, const MatF& obs, Counts& acc) {
  const int K = d.K, M = d.M, n = int(obs.cols());
  if (n == 0) return;
  MatD B, la, lb;
  d.emissions(obs, B);
  const double ll = forward_log(d, B, la);
  acc.loglik += ll;
  acc.observations += n;
  for (int t = 0; t < n; ++t) {
    const VecD o = obs.col(t).cast<double>();
    acc.sum += o;
    acc.sumsq += o.cwiseProduct(o);
  }
  if (!std::isfinite(ll)) return;  // (a density of 0 or NaN: the caller reports it, nothing is counted)
  backward_log(d, B, lb);
  // Each time step normalised by its own Σ_k α_t(k) β_t(k) (= p(o) exactly; in floating point it keeps every γ_t
  // summing to 1 however long the sequence, where log α and log β carry rounding of the order of 1e-16 · |log p(o)|)
  VecD comp;
  for (int t = 0; t < n; ++t) {
    const VecD o = obs.col(t).cast<double>();
    const VecD o2 = o.cwiseProduct(o);
    const double norm = log_sum_exp(VecD(la.col(t) + lb.col(t)));
    for (int k = 0; k < K; ++k) {
      const double g = std::exp(la(k, t) + lb(k, t) - norm);
      if (t == 0) acc.pi[k] += g;
      if (g == 0) continue;
      d.components(o, k, comp);
      for (int m = 0; m < M; ++m) {
        const int r = k * M + m;
        const double gm = g * std::exp(comp[m] - B(k, t));
        acc.occ[r] += gm;
        acc.s1.row(r) += gm * o.transpose();
        acc.s2.row(r) += gm * o2.transpose();
      }
    }
    if (t + 1 < n)
      for (int j = 0; j < K; ++j)
        for (int i = 0; i < K; ++i)
          acc.trans(i, j) += std::exp(la(j, t) + d.log_T(i, j) + B(i, t + 1) + lb(i, t + 1) - norm);
  }
}

}  // namespace

bool hmm_gmm_init(HmmGmmParams<float>& p, const Config& c, Rng& rng, const std::vector<Example>* data,
                  const Progress& progress) {
  const int K = c.states, M = c.mixtures, D = c.obs_dim;
  auto fill = [&](auto& m) { hmm_detail::dirichlet_columns(m, rng); };  // as hmm_init
  p.pi.resize(K);
  p.transition.resize(K, K);
  p.weight.resize(M, K);
  p.mean.resize(Eigen::Index(K) * M, D);
  p.var.resize(Eigen::Index(K) * M, D);
  fill(p.pi);
  fill(p.transition);
  fill(p.weight);
  std::vector<const MatF*> seqs;
  int64_t n = 0;
  if (data)
    for (const Example& e : *data)
      if (e.obs.rows() == D && e.obs.cols() > 0) {
        seqs.push_back(&e.obs);
        n += e.obs.cols();
      }
  if (n == 0) {
    for (Eigen::Index r = 0; r < p.mean.rows(); ++r)
      for (Eigen::Index col = 0; col < D; ++col) p.mean(r, col) = float(rng.normal());
    p.var.setOnes();
    return true;
  }
  // Work is counted in observation-dimensions: the mean pass reads n · D, each centre compares the candidates
  // (≤ kInitCandidates) · D. progress hears it every ~2²⁰ of them (a millisecond or so).
  constexpr int64_t kInitCandidates = 1 << 16;
  const int64_t stride = std::max<int64_t>(1, (n + kInitCandidates - 1) / kInitCandidates);
  const int64_t candidates = (n + stride - 1) / stride;
  const uint64_t total = uint64_t(n) * uint64_t(D) + uint64_t(K - 1) * uint64_t(candidates) * uint64_t(D);
  uint64_t done = 0, told = 0;
  auto goOn = [&](uint64_t work) {
    done += work;
    if (!progress || done - told < (uint64_t(1) << 20)) return true;
    told = done;
    return progress(done, total);
  };
  // The data's mean and variance per dimension.
  VecD mu = VecD::Zero(D), sq = VecD::Zero(D);
  for (const MatF* s : seqs)
    for (Eigen::Index t = 0; t < s->cols(); ++t) {
      const VecD o = s->col(t).cast<double>();
      mu += o;
      sq += o.cwiseProduct(o);
      if (!goOn(uint64_t(D))) return false;
    }
  mu /= double(n);
  VecD var = (sq / double(n) - mu.cwiseProduct(mu)).cwiseMax(double(std::numeric_limits<float>::min()));
  auto at = [&](int64_t i) -> VecD {  // the i-th observation of the data, in order
    for (const MatF* s : seqs) {
      if (i < s->cols()) return s->col(Eigen::Index(i)).cast<double>();
      i -= s->cols();
    }
    return mu;
  };
  // K centres far apart: the first at random, then farthest-first (in units of the data's spread) among at most
  // kInitCandidates observations (every ⌈n / kInitCandidates⌉-th of a larger set: a million-observation file took
  // minutes here), each one's distance to the nearest centre kept as the centres come: O(K · candidates).
  std::vector<std::pair<const MatF*, Eigen::Index>> cand;
  {
    int64_t i = 0;
    for (const MatF* s : seqs)
      for (Eigen::Index t = 0; t < s->cols(); ++t, ++i)
        if (i % stride == 0) cand.emplace_back(s, t);
  }
  std::vector<VecD> centres{at(int64_t(rng.below(uint64_t(n))))};
  std::vector<double> dmin(cand.size(), std::numeric_limits<double>::infinity());
  while (int(centres.size()) < K) {
    const VecD& last = centres.back();
    double best = -1;
    size_t arg = 0;
    for (size_t j = 0; j < cand.size(); ++j) {
      // (an expression: no vector allocated per candidate and centre)
      const double d = ((cand[j].first->col(cand[j].second).cast<double>() - last).array().square() / var.array()).sum();
      dmin[j] = std::min(dmin[j], d);
      if (dmin[j] > best) best = dmin[j], arg = j;
      if (!goOn(uint64_t(D))) return false;
    }
    centres.push_back(cand[arg].first->col(cand[arg].second).cast<double>());
  }
  for (int k = 0; k < K; ++k)
    for (int m = 0; m < M; ++m)
      for (int col = 0; col < D; ++col) {
        p.mean(k * M + m, col) = float(centres[size_t(k)][col] + 0.1 * std::sqrt(var[col]) * rng.normal());
        p.var(k * M + m, col) = float(var[col]);
      }
  if (progress) progress(total, total);
  return true;
}

MatD hmm_gmm_log_emission(const HmmGmmParams<float>& p, const MatF& obs) {
  const Dense d(p);
  MatD B;
  d.emissions(obs, B);
  return B;
}

HmmGmmFilter hmm_gmm_filter(const HmmGmmParams<float>& p, const MatF& obs) {
  const Dense d(p);
  MatD B, la;
  d.emissions(obs, B);
  HmmGmmFilter f;
  f.loglik = forward_log(d, B, la);
  f.alpha.resize(d.K, la.cols());
  f.log_c.resize(la.cols());
  double before = 0;
  for (Eigen::Index t = 0; t < la.cols(); ++t) {
    const double s = log_sum_exp(la.col(t));  // log p(o_1..o_t)
    f.alpha.col(t) = std::isfinite(s) ? VecD((la.col(t).array() - s).exp()) : VecD::Zero(d.K);
    f.log_c[t] = s - before;
    before = s;
  }
  return f;
}

MatD hmm_gmm_posterior(const HmmGmmParams<float>& p, const MatF& obs) {
  const Dense d(p);
  MatD B, la, lb;
  d.emissions(obs, B);
  const double ll = forward_log(d, B, la);
  backward_log(d, B, lb);
  MatD g(d.K, obs.cols());
  if (!std::isfinite(ll)) return g.setZero();
  for (Eigen::Index t = 0; t < g.cols(); ++t) {  // (normalised per time step, as in em_sequence)
    const VecD s = la.col(t) + lb.col(t);
    g.col(t) = (s.array() - log_sum_exp(s)).exp();
  }
  return g;
}

std::vector<int> hmm_gmm_viterbi(const HmmGmmParams<float>& p, const MatF& obs) {
  const Dense d(p);
  MatD B;
  d.emissions(obs, B);
  const int K = d.K, n = int(obs.cols());
  std::vector<int> path(size_t(std::max(0, n)), 0);
  if (n == 0) return path;
  MatD delta(K, n);
  Eigen::MatrixXi from(K, n);
  delta.col(0) = d.log_pi + B.col(0);
  for (int t = 1; t < n; ++t)
    for (int i = 0; i < K; ++i) {
      int arg = 0;
      double best = kNegInf;
      for (int j = 0; j < K; ++j) {
        const double v = delta(j, t - 1) + d.log_T(i, j);
        if (v > best) best = v, arg = j;
      }
      delta(i, t) = best + B(i, t);
      from(i, t) = arg;
    }
  int k = 0;
  for (int i = 1; i < K; ++i)
    if (delta(i, n - 1) > delta(k, n - 1)) k = i;
  for (int t = n - 1; t >= 0; --t) {
    path[size_t(t)] = k;
    if (t > 0) k = from(k, t);
  }
  return path;
}

std::optional<HmmGmmEmReport> hmm_gmm_em_step(HmmGmmParams<float>& p, const std::vector<Example>& data,
                                              const std::atomic<bool>* cancel) {
  const Dense d(p);
  const int K = d.K, M = d.M, D = d.D;
  int threads = 1;
#ifdef _OPENMP
  threads = std::max(1, std::min<int>(omp_get_max_threads(), int(data.size())));
#endif
  std::vector<Counts> acc(static_cast<size_t>(threads));
  for (Counts& a : acc) a.zero(K, M, D);
  std::atomic<bool> stopped{false};
#pragma omp parallel num_threads(threads)
  {
    int k = 0, given = 1;
#ifdef _OPENMP
    k = omp_get_thread_num();
    given = omp_get_num_threads();
#endif
    // contiguous ranges over the threads the region has: the same data and thread count give the same sums
    const size_t lo = data.size() * size_t(k) / size_t(given), hi = data.size() * size_t(k + 1) / size_t(given);
    for (size_t i = lo; i < hi; ++i) {
      if (cancel && cancel->load(std::memory_order_relaxed)) {
        stopped = true;
        break;
      }
      em_sequence(d, data[i].obs, acc[size_t(k)]);
    }
  }
  if (stopped) return std::nullopt;
  Counts& c = acc[0];
  for (size_t k = 1; k < acc.size(); ++k) c.add(acc[k]);
  HmmGmmEmReport rep{c.loglik, c.observations};
  if (!std::isfinite(c.loglik) || c.observations == 0) return rep;  // nothing to re-estimate from
  // M-step.
  const double n = double(c.observations);
  const VecD mu_all = c.sum / n;
  // (and at least float's smallest normal number: a dimension that never varies still gets a variance > 0)
  const VecD floor = ((c.sumsq / n - mu_all.cwiseProduct(mu_all)).cwiseMax(0.0) * kGmmVarianceFloor)
                         .cwiseMax(double(std::numeric_limits<float>::min()));
  if (c.pi.sum() > 0) p.pi = (c.pi / c.pi.sum()).cast<float>();
  for (int j = 0; j < K; ++j) {
    const double s = c.trans.col(j).sum();
    if (s > 0) p.transition.col(j) = (c.trans.col(j) / s).cast<float>();
  }
  for (int k = 0; k < K; ++k) {
    const double occ = c.occ.segment(k * M, M).sum();
    if (!(occ > 0)) continue;  // a state nothing is assigned to keeps its distributions
    p.weight.col(k) = (c.occ.segment(k * M, M) / occ).cast<float>();
    for (int m = 0; m < M; ++m) {
      const int r = k * M + m;
      if (!(c.occ[r] > 1e-300)) continue;  // a component nothing is assigned to keeps its Gaussian
      const VecD mean = c.s1.row(r).transpose() / c.occ[r];
      const VecD var = (c.s2.row(r).transpose() / c.occ[r] - mean.cwiseProduct(mean)).cwiseMax(floor);
      p.mean.row(r) = mean.transpose().cast<float>();
      p.var.row(r) = var.transpose().cast<float>();
    }
  }
  return rep;
}

void hmm_gmm_sample(std::vector<int>& states, MatF& obs, const HmmGmmParams<float>& p, int n, Rng& rng) {
  auto draw = [&rng](const auto& dist) { return hmm_detail::draw(dist, rng); };
  const int M = int(p.weight.rows()), D = int(p.mean.cols());
  n = std::max(0, n);
  states.assign(size_t(n), 0);
  obs.resize(D, n);
  for (int t = 0; t < n; ++t) {
    const int k = t == 0 ? draw(p.pi) : draw(p.transition.col(states[size_t(t - 1)]));
    states[size_t(t)] = k;
    const int r = k * M + draw(p.weight.col(k));
    for (int col = 0; col < D; ++col)
      obs(col, t) = float(double(p.mean(r, col)) + std::sqrt(double(p.var(r, col))) * rng.normal());
  }
}

std::optional<HmmGmmBadTensor> hmm_gmm_check(const HmmGmmParams<float>& p) {
  auto dist = [](const char* name, const MatF& m, bool vector) -> std::optional<HmmGmmBadTensor> {
    if (auto b = hmm_detail::bad_column(m)) return HmmGmmBadTensor{name, vector ? -1 : b->column, b->sum, b->min};
    return std::nullopt;
  };
  if (auto b = dist("pi", p.pi, true)) return b;
  if (auto b = dist("T", p.transition, false)) return b;
  if (auto b = dist("gmm.w", p.weight, false)) return b;
  for (Eigen::Index r = 0; r < p.var.rows(); ++r)
    for (Eigen::Index col = 0; col < p.var.cols(); ++col)
      if (!(p.var(r, col) > 0)) return HmmGmmBadTensor{"gmm.var", int(r), double(p.var(r, col)), 0.0, true};
  return std::nullopt;
}

// ------------------------------------------------------------------------------------------ the numbers file

namespace {

// The numbers of one line (spaces, tabs or commas between them); the first word that is not a number, if any.
bool split_numbers(const std::string& line, std::vector<float>& out, std::string& bad) {
  out.clear();
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == ',' || line[i] == '\r')) ++i;
    if (i >= line.size()) break;
    size_t j = i;
    while (j < line.size() && line[j] != ' ' && line[j] != '\t' && line[j] != ',' && line[j] != '\r') ++j;
    const std::string word = line.substr(i, j - i);
    char* end = nullptr;
    const double v = std::strtod(word.c_str(), &end);
    // (at most 10¹⁵ in magnitude: squared, every sum EM takes stays far inside float's range)
    if (end != word.c_str() + word.size() || !std::isfinite(v) || std::abs(v) > kMaxObservation) {
      bad = word;
      return false;
    }
    out.push_back(float(v));
    i = j;
  }
  if (out.empty()) {  // separators alone (",,,"): not an observation
    bad = line.substr(0, 40);
    return false;
  }
  return true;
}

bool blank(const std::string& line) {
  return line.find_first_not_of(" \t\r") == std::string::npos;
}

}  // namespace

Result<std::vector<Example>> parse_observations(const std::string& text, const std::string& what, int dim) {
  std::vector<Example> out;
  std::vector<std::vector<float>> cur;
  auto close = [&]() {
    if (cur.empty()) return;
    Example e;
    e.obs.resize(dim, Eigen::Index(cur.size()));
    for (size_t t = 0; t < cur.size(); ++t)
      for (int d = 0; d < dim; ++d) e.obs(d, Eigen::Index(t)) = cur[t][size_t(d)];
    out.push_back(std::move(e));
    cur.clear();
  };
  std::istringstream in(text.size() >= 3 && text.compare(0, 3, "\xEF\xBB\xBF") == 0 ? text.substr(3) : text);  // (a BOM)
  std::string line, bad;
  std::vector<float> v;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (blank(line)) {
      close();
      continue;
    }
    if (line[line.find_first_not_of(" \t")] == '#') continue;
    if (!split_numbers(line, v, bad))
      return Error(ErrorCode::ObsNotNumber, {{"line", std::to_string(lineno)}, {"found", bad.substr(0, 40)}}).in_file(what);
    if (dim == 0) dim = int(v.size());
    if (int(v.size()) != dim)
      return Error(ErrorCode::ObsLineCount, {{"line", std::to_string(lineno)},
                                             {"expected", std::to_string(dim)},
                                             {"found", std::to_string(v.size())}})
          .in_file(what);
    cur.push_back(v);
  }
  close();
  if (out.empty()) return Error(ErrorCode::ObsNoData).in_file(what);
  return out;
}

Result<std::vector<Example>> read_observations(const std::string& path, int dim) {
  auto text = load_text(path);  // (UTF-8, not empty, not binary: its errors name the file)
  if (!text) return text.error();
  return parse_observations(*text, path, dim);
}

// ------------------------------------------------------------------------------------------ the phoneme task

PhonemeTask phoneme_task(int train_size, int val_size, uint64_t seed) {
  PhonemeTask task;
  HmmGmmParams<float>& p = task.truth;
  const int K = kPhonemeStates, M = kPhonemeMixtures, D = kPhonemeDim;
  p.pi = VecF::Zero(K);
  p.pi[0] = 1;
  p.transition = MatF::Zero(K, K);  // left to right: stay 0.85, move on 0.15; the last state stays
  p.transition(0, 0) = 0.85f, p.transition(1, 0) = 0.15f;
  p.transition(1, 1) = 0.85f, p.transition(2, 1) = 0.15f;
  p.transition(2, 2) = 1.0f;
  p.weight.resize(M, K);
  p.weight << 0.6f, 0.5f, 0.7f,
              0.4f, 0.5f, 0.3f;
  p.mean.resize(K * M, D);
  p.mean << -3.0f, -1.0f,   // state 0, "a": two Gaussians on the left
            -2.5f, 1.0f,
            0.0f, 3.0f,     // state 1, "i": at the top
            1.0f, 2.0f,
            3.0f, -1.5f,    // state 2, "u": on the right
            2.0f, -2.5f;
  p.var = MatF::Constant(K * M, D, 0.25f);
  Rng rng(seed ^ 0x9a0e3e5ULL);
  auto draw = [&](std::vector<Example>& data, std::vector<std::vector<int>>& states, int count) {
    for (int i = 0; i < count; ++i) {
      Example e;
      std::vector<int> z;
      hmm_gmm_sample(z, e.obs, p, kPhonemeLength, rng);
      data.push_back(std::move(e));
      states.push_back(std::move(z));
    }
  };
  draw(task.train, task.train_states, train_size);
  draw(task.val, task.val_states, val_size);
  return task;
}

double state_agreement(const std::vector<std::vector<int>>& a, const std::vector<std::vector<int>>& b, int K) {
  if (K <= 0 || K > 8) return 0;
  std::vector<int> perm(static_cast<size_t>(K));
  std::iota(perm.begin(), perm.end(), 0);
  int64_t total = 0, best = 0;
  for (size_t s = 0; s < std::min(a.size(), b.size()); ++s) total += int64_t(std::min(a[s].size(), b[s].size()));
  do {
    int64_t same = 0;
    for (size_t s = 0; s < std::min(a.size(), b.size()); ++s)
      for (size_t t = 0; t < std::min(a[s].size(), b[s].size()); ++t)
        same += perm[size_t(a[s][t])] == b[s][t] ? 1 : 0;
    best = std::max(best, same);
  } while (std::next_permutation(perm.begin(), perm.end()));
  return total > 0 ? double(best) / double(total) : 0.0;
}

}  // namespace gb
