#include "core/decode/sampler.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gb {

const char* choice_name(ChoiceKind k) {
  switch (k) {
    case ChoiceKind::Argmax: return "argmax";
    case ChoiceKind::Sampled: return "sampled";
    case ChoiceKind::Uniform: return "uniform";
    case ChoiceKind::Forced: return "forced";
    case ChoiceKind::Beam: return "beam";
  }
  return "?";
}

static int argmax_lowest(const std::vector<double>& v) {
  int best = 0;
  for (int i = 1; i < int(v.size()); ++i)
    if (v[size_t(i)] > v[size_t(best)]) best = i;  // strict: ties keep the lower id
  return best;
}

std::vector<double> temperature_distribution(const std::vector<double>& logp, double tau) {
  const size_t V = logp.size();
  std::vector<double> q(V, 0.0);
  if (V == 0) return q;
  if (tau <= 0.0) {  // τ → 0: all mass on the most likely token
    q[size_t(argmax_lowest(logp))] = 1.0;
    return q;
  }
  if (std::isinf(tau)) {  // τ → ∞: uniform
    std::fill(q.begin(), q.end(), 1.0 / double(V));
    return q;
  }
  // log q = log p / τ − logsumexp(log p / τ)
  double mx = -std::numeric_limits<double>::infinity();
  for (double l : logp) mx = std::max(mx, l / tau);
  double sum = 0;
  for (size_t i = 0; i < V; ++i) sum += std::exp(logp[i] / tau - mx);
  const double lse = mx + std::log(sum);
  for (size_t i = 0; i < V; ++i) q[i] = std::exp(logp[i] / tau - lse);
  return q;
}

std::vector<int> filter_candidates(const std::vector<double>& q, int top_k, double top_p) {
  return filter_candidates(q, q, top_k, top_p);
}

std::vector<int> filter_candidates(const std::vector<double>& rank, const std::vector<double>& q, int top_k,
                                   double top_p) {
  std::vector<int> order(q.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return rank[size_t(a)] > rank[size_t(b)]; });
  size_t keep = order.size();
  if (top_k > 0) keep = std::min(keep, size_t(top_k));
  if (top_p < 1.0) {  // smallest prefix with mass ≥ top_p
    double mass = 0;
    size_t n = 0;
    while (n < keep) {
      mass += q[size_t(order[n])];
      ++n;
      if (mass >= top_p) break;
    }
    keep = std::max<size_t>(1, n);
  }
  // Tokens with zero probability are never candidates (τ = 0 keeps exactly the argmax).
  while (keep > 1 && q[size_t(order[keep - 1])] <= 0.0) --keep;
  order.resize(keep);
  return order;
}

double entropy(const std::vector<double>& probs) {
  double h = 0;
  for (double p : probs)
    if (p > 0) h -= p * std::log(p);
  return h;
}

Choice sampling_distribution(const std::vector<double>& logp, const SamplerOptions& o) {
  Choice c;
  std::vector<double> p(logp.size());
  for (size_t i = 0; i < logp.size(); ++i) p[i] = std::exp(logp[i]);
  c.entropy_p = entropy(p);
  c.q = temperature_distribution(logp, o.temperature);
  c.kept = filter_candidates(logp, c.q, o.top_k, o.top_p);
  c.q_filtered.assign(c.q.size(), 0.0);
  double mass = 0;
  for (int t : c.kept) mass += c.q[size_t(t)];
  for (int t : c.kept) c.q_filtered[size_t(t)] = mass > 0 ? c.q[size_t(t)] / mass : 0.0;
  c.entropy_q = entropy(c.q_filtered);
  return c;
}

Choice choose_token(const std::vector<double>& logp, const SamplerOptions& o, Rng& rng, int forced) {
  Choice c = sampling_distribution(logp, o);
  const bool uniform = std::isinf(o.temperature);
  if (forced >= 0) {
    c.token = forced;
    c.how = ChoiceKind::Forced;
    return c;
  }
  if (o.temperature <= 0.0) {
    c.token = c.kept.front();
    c.how = ChoiceKind::Argmax;
    return c;
  }
  // Inverse CDF over the kept candidates in their order.
  c.random = rng.uniform();
  double acc = 0;
  c.token = c.kept.back();
  for (int t : c.kept) {
    acc += c.q_filtered[size_t(t)];
    if (c.random < acc) {
      c.token = t;
      break;
    }
  }
  c.how = uniform ? ChoiceKind::Uniform : ChoiceKind::Sampled;
  return c;
}

}  // namespace gb
