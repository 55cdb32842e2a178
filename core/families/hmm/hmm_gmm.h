// hmm_gmm.h — the hidden Markov model with Gaussian-mixture emissions, as seed 001 writes it for speech: a Markov
// chain of K latent states (pi, T as the discrete HMM's, hmm.h), each state k emitting an observation o ∈ R^D from
// a mixture of M Gaussians with diagonal covariances,
//
//   p(o | z = k) = Σ_m w[m, k] N(o; μ_km, diag(σ²_km)),
//
// trained by EM (Baum–Welch with the mixture's responsibilities). Observations are a D × n matrix per sequence
// (Example::obs, one column per time step). Densities are kept in log form and each time step's emission
// likelihoods are scaled by their largest before the scaled forward pass, so nothing underflows however far an
// observation lies from every mean. Computed in double; the parameters are stored as floats.
#pragma once

#include "core/config.h"
#include "core/error.h"
#include "core/families/hmm/hmm_gmm_params.h"
#include "core/progress.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace gb {

struct Example;
class Rng;

// Every variance is at least this fraction of the training data's variance in its dimension, and at least float's
// smallest normal number (EM's M-step floors it there: a Gaussian that collapses onto one observation would make the
// likelihood unbounded). The floor is a
// constraint of the maximisation, so an iteration still never lowers the log-likelihood.
inline constexpr double kGmmVarianceFloor = 1e-3;

// Random distributions for pi, T and w (every entry positive), means N(0, 1), variances 1. With data (the
// training observations), the means start at K observations far apart (the first at random, each next the one
// farthest from those chosen), each state's M components jittered around its observation by a tenth of the
// data's spread, and the variances at the data's variance per dimension. progress (optional) hears the work done
// (done, total), counted in numbers read: the observations' n · D, then D per candidate compared with each new
// centre; at least every 2²⁰ of them (a millisecond or so). When it returns false the init stops there and returns
// false (p is then incomplete: its caller drops it); a Build's Cancel takes effect at once.
bool hmm_gmm_init(HmmGmmParams<float>& p, const Config& c, Rng& rng, const std::vector<Example>* data = nullptr,
                  const Progress& progress = {});

// log p(o_t | z_t = k) for every state and time step, K × n.
MatD hmm_gmm_log_emission(const HmmGmmParams<float>& p, const MatF& obs);

// The forward pass of one sequence: the filtered distributions ᾱ_t = P(z_t | o_1..o_t) (K × n), and the total log
// density log p(o_1..o_n) in nats.
struct HmmGmmFilter {
  MatD alpha;
  Eigen::VectorXd log_c;  // n: log p(o_t | o_1..o_{t−1}) (t = 1: log p(o_1)); they sum to loglik
  double loglik = 0;
};
HmmGmmFilter hmm_gmm_filter(const HmmGmmParams<float>& p, const MatF& obs);

// The state posteriors γ_t(k) = P(z_t = k | o_1..o_n), K × n (forward–backward, scaled).
MatD hmm_gmm_posterior(const HmmGmmParams<float>& p, const MatF& obs);

// The most probable state path (Viterbi, in log arithmetic), state ids from 0; ties go to the lower id.
std::vector<int> hmm_gmm_viterbi(const HmmGmmParams<float>& p, const MatF& obs);

// One EM iteration over data[i].obs: the E-step with p as it is, then p replaced by the M-step's re-estimate
// (variances floored at kGmmVarianceFloor × the data's variance per dimension). The log-likelihood reported is that
// of p before the update, so the reports never go down. A state (or component) nothing is assigned to keeps its
// parameters. Returns nullopt, p unchanged, when cancel was set (checked between sequences).
struct HmmGmmEmReport {
  double loglik = 0;          // Σ over sequences of log p(o_1..o_n) under p before the update (nats)
  int64_t observations = 0;   // time steps read
};
std::optional<HmmGmmEmReport> hmm_gmm_em_step(HmmGmmParams<float>& p, const std::vector<Example>& data,
                                              const std::atomic<bool>* cancel = nullptr);

// Draws n steps from the model: the states and the observations (D × n).
void hmm_gmm_sample(std::vector<int>& states, MatF& obs, const HmmGmmParams<float>& p, int n, Rng& rng);

// Is p a model at all? pi, T's columns and w's columns distributions (as hmm_check), every variance > 0.
struct HmmGmmBadTensor {
  const char* tensor;
  int column;  // (a variance: its row k·M + m)
  double sum;  // (a variance: the value found)
  double min;
  bool variance = false;
};
std::optional<HmmGmmBadTensor> hmm_gmm_check(const HmmGmmParams<float>& p);

// ------------------------------------------------------------------------------------------ the numbers file
// Observations as text: one observation per line, its D numbers separated by spaces, tabs or commas; a blank line
// between sequences; lines starting with '#' are comments (a UTF-8 byte-order mark is skipped). Each number finite
// and at most kMaxObservation in magnitude. dim = 0 takes D from the first observation. Errors name the file's line
// and what was expected.
inline constexpr double kMaxObservation = 1e15;
Result<std::vector<Example>> read_observations(const std::string& path, int dim = 0);
Result<std::vector<Example>> parse_observations(const std::string& text, const std::string& what, int dim = 0);

// ------------------------------------------------------------------------------------------ the phoneme task
// 2-D "phoneme" sequences drawn from a known left-to-right HMM (three states, two Gaussians each, well apart; each
// sequence starts in state 0 and moves on with probability 0.15 per step, never back), so the class can see EM
// recover the states. The same seed gives the same data.
struct PhonemeTask {
  HmmGmmParams<float> truth;               // K = 3, M = 2, D = 2
  std::vector<Example> train, val;         // obs only (x, z empty)
  std::vector<std::vector<int>> train_states, val_states;  // the states that drew each sequence
};
inline constexpr int kPhonemeStates = 3, kPhonemeMixtures = 2, kPhonemeDim = 2, kPhonemeLength = 40;
PhonemeTask phoneme_task(int train_size, int val_size, uint64_t seed);

// The best agreement between two state paths over all relabellings of the states (K! permutations, K ≤ 8): the
// fraction of time steps whose states match after the best one.
double state_agreement(const std::vector<std::vector<int>>& a, const std::vector<std::vector<int>>& b, int K);

}  // namespace gb
