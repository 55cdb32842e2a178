// hmm.h — the hidden Markov model with discrete emissions (seed 001: a Markov chain of latent states, each emitting a
// symbol), the first model of the history lesson after the bigram:
//
//   z_1 ~ pi,   z_{t+1} | z_t = j ~ T[:, j],   x_t | z_t = k ~ E[:, k]
//
// Everything runs in scaled arithmetic (Rabiner's scaling): the forward variables are kept as the filtered
// distribution ᾱ_t = P(z_t | x_1..x_t) with the factor c_t = P(x_t | x_1..x_{t−1}) beside it, so nothing underflows
// however long the sequence (log P(x) = Σ_t log c_t). Its next-token prediction,
//
//   P(x_{t+1} = v | x_1..x_t) = Σ_i E[v, i] (T ᾱ_t)_i,
//
// fills the same |V| × B·T log-probability matrix as every other family's forward (row v, column t: log P(x_{t+1} = v
// | x_1..x_t)), so the loss, validation, decoding, sampling and beam search are shared. It is trained by EM
// (Baum–Welch, FamilyInfo::trained_by): hmm_em_step, one iteration over the training data, which never lowers its
// log-likelihood. Computed in double; the parameters are stored as floats.
#pragma once

#include "core/config.h"
#include "core/families/hmm/hmm_params.h"

#include <atomic>
#include <optional>
#include <vector>

namespace gb {

struct Batch;
struct Example;
class Rng;

// Random distributions to start EM from (every entry positive: EM cannot leave a zero it starts with).
void hmm_init(HmmParams<float>& p, const Config& c, Rng& rng);

// The forward pass of one sequence x (any length ≥ 1).
struct HmmFilter {
  MatD alpha;     // K × n   ᾱ_t = P(z_t | x_1..x_t) (each column sums to 1)
  Eigen::VectorXd log_c;  // n       log c_t = log P(x_t | x_1..x_{t−1}) (t = 1: log P(x_1)); −∞ where x_t cannot occur
  double loglik = 0;      // log P(x_1..x_n) = Σ_t log c_t (−∞ when some x_t cannot occur)
};
HmmFilter hmm_filter(const HmmParams<float>& p, const std::vector<int>& x);

// The state posteriors γ_t(k) = P(z_t = k | x_1..x_n), K × n (forward–backward, scaled). A token no state can emit
// (P = 0: EM gives 0 to every symbol its training data lacks, <bos> of a prompt for one) is read as a missing
// observation here and in Viterbi — the chain goes on through it, learning nothing from it — while its log P stays −∞
// in hmm_filter and the forward's rows.
MatD hmm_posterior(const HmmParams<float>& p, const std::vector<int>& x);

// The most probable state path argmax_z P(z, x) (Viterbi, in log arithmetic), state ids from 0; ties go to the lower
// state id. A token no state can emit is a missing observation (as for hmm_posterior).
std::vector<int> hmm_viterbi(const HmmParams<float>& p, const std::vector<int>& x);
// The same with its trellis, as the Algorithm tab steps through it: delta (K × n) column t = δ_t, the log probability
// of the best path ending in each state at t; back (K × n) column t ≥ 1 = ψ_t, the state each came from (column 0
// unused, 0); path = hmm_viterbi's.
struct HmmViterbi {
  MatD delta;
  Eigen::MatrixXi back;
  std::vector<int> path;
};
HmmViterbi hmm_viterbi_trellis(const HmmParams<float>& p, const std::vector<int>& x);

// Row v, column t: log P(x_{t+1} = v | x_1..x_t), |V| × n (column t = n − 1 predicts the token after the last).
MatD hmm_next_logprobs(const HmmParams<float>& p, const std::vector<int>& x);

// The family's forward on a batch: logits[:, b·T + j] = log P(· | x_1..x_{j+1}) of sequence b (padding columns 0).
template <class T> void hmm_forward(Mat<T>& logits, const HmmParams<T>& p, const Config& c, const Batch& batch);

// One step of decoding: from the filtered distribution after the previous position (prev empty: none yet, the
// prediction is pi) and the new token, the filtered distribution after it and log P(· | …, token) (|V|).
void hmm_step(Eigen::VectorXd& alpha, Eigen::VectorXd& next_logp, const HmmParams<float>& p,
              const Eigen::VectorXd& prev, int token);

// Draws a sequence of n steps from the model: its states and its symbols.
void hmm_sample(std::vector<int>& states, std::vector<int>& symbols, const HmmParams<float>& p, int n, Rng& rng);

// One EM (Baum–Welch) iteration over data[i].x: the E-step with p as it is, then p replaced by the M-step's
// re-estimate. The log-likelihood reported is that of p before the update (the iteration's starting point), so the
// sequence of reports is what EM never lowers. Sequences are split over the threads in contiguous ranges and
// their sums added in order: the same data and thread count give the same numbers. A sequence with likelihood 0 (a
// token no state emits: EM gives 0 to every symbol its training data lacked) makes the reported loglik −∞ and adds
// nothing to the counts; a state no sequence visits keeps its distributions. Returns nullopt, p unchanged, when cancel was
// set (checked between sequences).
struct HmmEmReport {
  double loglik = 0;            // Σ over sequences of log P(x) under p before the update (nats)
  double predicted_loglik = 0;  // the same without each sequence's first token: Σ_{t ≥ 2} log P(x_t | x_1..x_{t−1})
  int64_t tokens = 0;           // tokens read
  int64_t predicted = 0;        // tokens predicted (tokens − sequences): the other families' loss counts these
  int64_t correct = 0;          // of those, the ones the most probable prediction got right (token accuracy)
};
std::optional<HmmEmReport> hmm_em_step(HmmParams<float>& p, const std::vector<Example>& data,
                                       const std::atomic<bool>* cancel = nullptr);

// Is p a model at all? pi, every column of T and of E: entries ≥ 0 that sum to 1 (within 10⁻³). The name of the
// first tensor that is not, with the column (−1 for pi), or nullopt.
struct HmmBadTensor {
  const char* tensor;
  int column;
  double sum;
  double min;
};
std::optional<HmmBadTensor> hmm_check(const HmmParams<float>& p);

}  // namespace gb
