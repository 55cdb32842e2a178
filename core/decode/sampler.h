// sampler.h — choosing the next token from p: temperature, top-k, top-p, greedy, forced (seeds 000 and 002).
//
// The seeds sample y from q ∝ p^{1/τ}: τ = 0 takes the most likely token (ties to the lowest id), τ = 1 samples
// p faithfully, τ = ∞ samples uniformly. We compute q in log space (log q = log p / τ − logsumexp), then keep the
// top-k and/or the nucleus of mass top-p (candidates ordered by q descending, ties by id ascending), renormalise,
// and draw with one uniform number from our own generator, so a seed replays on every platform.
#pragma once

#include "core/rng.h"

#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace gb {

struct SamplerOptions {
  double temperature = 1.0;  // τ: 0 = greedy (argmax), +∞ = uniform over the vocabulary
  int top_k = 0;             // keep the k most likely tokens (0 = off)
  double top_p = 1.0;        // keep the smallest set with mass ≥ top_p (1 = off)
};

enum class ChoiceKind { Argmax, Sampled, Uniform, Forced, Beam };
const char* choice_name(ChoiceKind k);  // "argmax" | "sampled" | "uniform" | "forced" | "beam"

struct Choice {
  std::vector<double> q;           // after temperature, |V|
  std::vector<double> q_filtered;  // after top-k / top-p, renormalised (0 outside the kept set), |V|
  std::vector<int> kept;           // the kept candidates, by q descending (ties: lower id first)
  int token = -1;
  ChoiceKind how = ChoiceKind::Sampled;
  double random = std::numeric_limits<double>::quiet_NaN();  // the uniform number used, if any
  double entropy_p = 0, entropy_q = 0;  // nats, of p and of q_filtered
};

// q ∝ p^{1/τ} from log p (|V|), stably. τ = 0 puts all mass on the argmax, τ = ∞ is uniform.
std::vector<double> temperature_distribution(const std::vector<double>& logp, double tau);
// Candidates kept by top-k / top-p from q (ordered by q descending, ties by id ascending).
std::vector<int> filter_candidates(const std::vector<double>& q, int top_k, double top_p);
// The same with the order taken from rank (descending, ties by id) and the mass from q: the sampler ranks by the
// model's p, so that top-k keeps the k tokens the model finds most likely at every τ (at τ = ∞, where q is flat,
// an order by q would keep the k lowest ids).
std::vector<int> filter_candidates(const std::vector<double>& rank, const std::vector<double>& q, int top_k,
                                   double top_p);
// What the next step draws from, without drawing: q, the kept candidates (by p descending), q_filtered and the
// entropies (token = −1). choose_token draws from exactly this, and the Decoding tab's chart shows it, so the
// picture and the draw cannot differ. τ = ∞ is uniform over the kept candidates (all of V when top-k and top-p are
// off); τ = 0 keeps only the argmax.
Choice sampling_distribution(const std::vector<double>& logp, const SamplerOptions& o);
// The whole choice: sampling_distribution, then one draw. forced ≥ 0 takes that token (recorded as forced; the
// distributions are still computed).
Choice choose_token(const std::vector<double>& logp, const SamplerOptions& o, Rng& rng, int forced = -1);

double entropy(const std::vector<double>& probs);  // −Σ p log p, nats

}  // namespace gb
