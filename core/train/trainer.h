// trainer.h — ED-Training and D-Training (seeds 000, 002), and the practical mode around them.
//
// Seed-exact mode: SGD, batch size 1, sum loss, no clipping, no weight decay, data in order — exactly
//   for t = 1..T: for i = 1..n: J ← −Σ_j log P[x_{j+1}, j];  θ ← θ − η ∇J.
// Practical mode: shuffled mini-batches of padded sequences, AdamW with warm-up and cosine decay, clipping.
//
// One seed fixes initialisation (params_init), data order and dropout: the same seed and thread count give
// bit-identical losses. The trainer reports every step through a callback and stops between steps when told.
#pragma once

#include "core/model/model.h"
#include "core/train/loss.h"
#include "core/train/optimizer.h"
#include "core/text/tokenizer.h"

#include <atomic>
#include <optional>

#include <functional>
#include <string>
#include <vector>

namespace gb {

struct TrainOptions {
  OptimizerOptions opt;
  int batch_size = 1;
  LossKind loss = LossKind::Sum;
  bool shuffle = false;
  uint64_t seed = 0;
  int steps = 0;  // total optimizer steps (the caller converts epochs: steps = epochs · ⌈n / B⌉)
};

// A NaN or an infinity, caught at the step where it appeared. Loss and Gradient: found before the update, which
// is then not made — the parameters, the optimizer state and the data cursor stay as they were after the last good
// step. Parameter: the update itself made a parameter non-finite (η far too large); those parameters are not good.
struct NumericFault {
  enum class Kind { Loss, Gradient, Parameter } kind = Kind::Loss;
  int step = 0;        // 1-based number of the step that failed
  std::string tensor;  // the first tensor (file name, e.g. "dec.0.attn.W_q") that went non-finite; "" for the loss
};
const char* numeric_fault_name(NumericFault::Kind k);  // "loss" | "gradient" | "parameter"

struct StepReport {
  int step = 0;                    // 0-based index of this step
  double loss = 0;                 // J of this step's forward pass, before its update
  LossStats stats;
  float lr = 0;
  double grad_norm = 0;            // global, before clipping
  std::vector<float> grad_norms;   // per tensor, in for_each_tensor order (names: Trainer::tensor_names())
  int64_t tokens = 0;              // tokens in the batch (real, not padding)
  int epoch = 0;
  std::optional<NumericFault> fault;  // set when this step found a NaN or infinity (then the run must stop)
  bool cancelled = false;          // the cancel flag stopped this step part-way: no update, nothing counted
  // A family trained by EM (core/family.h: TrainedBy::Em): a step is one EM iteration over all the data, loss the
  // mean −log P(x_{j+1} | x_1..x_j) over the predicted tokens (the other families' units), and loglik the total
  // log-likelihood of the training data in nats under the parameters the iteration started from.
  std::optional<double> loglik;
  bool converged = false;          // EM: the update could not raise the log-likelihood in float; nothing changes now
};

struct EvalReport {
  double loss = 0;                 // mean over predicted tokens
  double token_accuracy = 0;
  double sequence_accuracy = 0;
  int64_t tokens = 0;
};

// Position in the data stream (for resuming exactly): steps done, epoch, position in the epoch's order, the
// generator. Saved in model files with the optimizer's moments.
struct TrainCursor {
  int step = 0;
  int epoch = 0;
  size_t pos = 0;
  std::vector<int> order;
  Rng rng;
};

// ---------------------------------------------------------------------------------------------- the plan
// The one door to training. plan_training checks everything a run needs before anything big is allocated —
// the config, the parameters' shapes, every example against the model (ids < |V|, lengths ≤ ℓ_max), the data's
// vocabulary against the model's tokenizer, the options against their ranges, a saved cursor against the data
// (a permutation of the right size), the optimizer state against the model, and the memory the run needs — and
// returns either a plan or an error that says what is wrong. A Trainer can only be made from a plan, so nothing
// unchecked reaches the hot path. The GUI and the CLI both ask for it.
struct PlanRequest;
class TrainingPlan;
[[nodiscard]] Result<TrainingPlan> plan_training(const PlanRequest& r);
class TrainingPlan {
 public:
  const Config& config() const { return c_; }
  const TrainOptions& options() const { return o_; }
  const std::vector<Example>& data() const { return *data_; }  // the caller's: it must outlive the plan
  bool resumes() const { return cursor_.has_value(); }
  int first_step() const { return cursor_ ? cursor_->step : 0; }  // 0, or where the saved state stopped
  int64_t bytes() const { return bytes_; }  // memory the run needs (estimate), what the caller keeps beside it included

 private:
  friend class Trainer;
  friend Result<TrainingPlan> plan_training(const PlanRequest& r);
  TrainingPlan() = default;
  Config c_;
  TrainOptions o_;
  const std::vector<Example>* data_ = nullptr;
  std::optional<TrainCursor> cursor_;
  std::optional<OptimizerState> optimizer_;
  int64_t bytes_ = 0;
};

struct PlanRequest {
  const Config* config = nullptr;
  const Params<float>* params = nullptr;          // checked against the config's shapes
  const std::vector<Example>* data = nullptr;
  const std::vector<Example>* validation = nullptr;  // checked against the model too (evaluate() runs it)
  TrainOptions options;
  const Tokenizer* model_tokenizer = nullptr;     // the tokenizer the model was built with (optional)
  const Tokenizer* data_tokenizer = nullptr;      // the tokenizer the data was encoded with (optional)
  // Go on from a saved state (optional): both or neither.
  const TrainCursor* resume_cursor = nullptr;
  const OptimizerState* resume_optimizer = nullptr;
  int64_t memory_limit = 0;                       // bytes; 0 = the machine's physical memory
  // What the caller keeps beside the run while it goes, in bytes (a window's published snapshots of the parameters,
  // of the step's gradient and of the optimizer's moments): counted with the run's estimate against the limit, and
  // in the plan's bytes().
  int64_t beside_bytes = 0;
};
// Does the data fit the model? Every example against the config (ids < |V|, lengths ≤ ℓ_max, the layout of the
// variant), and the data's tokenizer against the model's (when given). plan_training runs this; the workbench asks
// it whenever the model or the data change, to say "does not match" before anyone presses Start.
[[nodiscard]] Status check_data(const Config& c, const std::vector<Example>& data, const Tokenizer* model_tok = nullptr,
                                const Tokenizer* data_tok = nullptr);
// The common case: a fresh run of p on data with options o.
[[nodiscard]] Result<TrainingPlan> plan_training(const Config& c, const Params<float>& p,
                                                 const std::vector<Example>& data, const TrainOptions& o);
// The memory a run of c with these options needs, in bytes (parameters, gradients per thread, optimizer moments,
// activations of a batch of the longest sequences). An estimate within a small factor, for refusing absurd runs.
// longest_x, longest_z: the data's longest sequences (batches are padded only to those); 0 = ℓ_max.
int64_t training_bytes(const Config& c, const TrainOptions& o, int threads, int longest_x = 0, int longest_z = 0);
int64_t physical_memory_bytes();

class Trainer {
 public:
  // params is trained in place; the plan's data must outlive the trainer. A resuming plan restores its state.
  Trainer(const TrainingPlan& plan, Params<float>& params);

  // One optimizer step on the next batch. Returns its report (valid until the next step).
  const StepReport& step();
  // A flag another thread may set to stop the step in progress (Stop, New, Quit in the window): checked before each
  // micro-batch and each layer, forward and backward. A step that sees it makes no update and leaves the parameters,
  // the optimizer and the data cursor as they were; its report says cancelled, and steps_done() does not change.
  void set_cancel(const std::atomic<bool>* flag) { cancel_ = flag; }
  // Runs until o.steps are done, on_step returns false (cancel), or a step reports a numeric fault. Returns the
  // number of steps run (a faulted step included).
  int run(const std::function<bool(const StepReport&)>& on_step);

  int steps_done() const { return step_; }
  // The fault that stopped training, if any (step() then refuses to go on: it returns the same report).
  const std::optional<NumericFault>& fault() const { return fault_; }
  int steps_per_epoch() const;
  const std::vector<std::string>& tensor_names() const { return names_; }
  OptimizerState& optimizer_state() { return opt_.state(); }
  // The gradient of the last step (after clipping, as the optimizer used it), and, when recording, its update Δθ.
  const Grads<float>& grads() const { return g_; }
  void record_updates(bool on) { opt_.record_updates(on); }
  const Params<float>& last_update() const { return opt_.last_update(); }
  using Cursor = TrainCursor;
  const Cursor& cursor() const { return cur_; }


 private:
  void next_epoch();
  // A slice of the batch run on one thread: its own activations, scratch and gradient. With T threads the batch is
  // cut into T contiguous shards, each runs forward and backward single-threaded, and the gradients are summed in
  // shard order (deterministic for a given thread count). Small models scale far better this way than with
  // threads inside every matrix product, and the products then need no heap memory.
  struct Shard {
    std::vector<int> idx;
    std::vector<int> micro;               // the examples of one micro-batch
    Batch batch;
    Activations<float> act;
    Workspace<float> ws;
    Grads<float> own;                     // gradient of shards 1…; shard 0 writes into g_
    std::vector<TensorRef<float>> gl;     // views of this shard's gradient
    LossStats stats;
    int64_t tokens_in = 0;                // real tokens of x this step
    Rng rng;
  };
  const Config c_;
  Params<float>& p_;
  const std::vector<Example>& data_;
  TrainOptions o_;
  Grads<float> g_;
  Optimizer opt_;
  std::vector<Shard> shards_;
  Cursor cur_;
  int& step_ = cur_.step;
  std::vector<std::string> names_;
  std::vector<int> idx_;
  std::vector<TensorRef<float>> gl_;
  std::vector<TensorRef<float>> pl_;      // views of the parameters (the finiteness check after an update)
  StepReport report_;
  Cursor cur_before_;                     // the cursor before the current step (restored when it faults)
  std::optional<NumericFault> fault_;
  const std::atomic<bool>* cancel_ = nullptr;
  // EM (a family trained by EM): one iteration over all the data; the best parameters so far and their
  // log-likelihood (stored as floats, an update can lose to rounding what EM gained: then training stops moving).
  const StepReport& em_step();
  HmmParams<float> em_best_;
  HmmGmmParams<float> em_best_gmm_;
  struct EmFigures {  // what an iteration reported (hmm.h: HmmEmReport)
    double loglik = 0, predicted_loglik = 0;
    int64_t tokens = 0, predicted = 0, correct = 0;
  } em_best_report_;
  bool em_have_best_ = false, em_converged_ = false;
};

namespace testing {
// Called inside every Trainer::step of every trainer, after the gradient and before the update, on the step's
// thread: tests make a step last as long as they need (a step that blocks until released) to check that nothing
// waits for it. Empty: nothing is called (the default). Not for production use.
void set_step_hook(std::function<void()> hook);
}  // namespace testing

// What evaluate() works in: one activation set and one batch per OpenMP thread. A caller that validates again and
// again (the window's training worker, glassbox-cli train) keeps one and passes it on each call, so the tens of MB
// of activations are made once instead of being allocated, first touched (page faults) and freed on every call,
// which took half of a validation's time and left the allocator's arenas fragmented over a long run.
struct EvalWorkspace {
  std::vector<Activations<float>> act;  // [thread]
  std::vector<Batch> batch;             // [thread]
  std::vector<std::vector<int>> idx;    // [thread] the examples of the batch being evaluated
};

// Mean loss and accuracies on data (no dropout), in batches of batch_size. With a workspace, its buffers are
// reused (and kept for the next call); without one, they are made for this call. The result is the same either way
// and does not depend on the thread count.
EvalReport evaluate(const Config& c, const Params<float>& p, const std::vector<Example>& data, int batch_size = 32,
                    EvalWorkspace* ws = nullptr);

}  // namespace gb
