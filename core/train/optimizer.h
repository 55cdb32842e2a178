// optimizer.h — SGD (the seeds' θ ← θ − η ∇J) and AdamW, with a learning-rate schedule and gradient clipping.
#pragma once

#include "core/model/params.h"

#include <string>
#include <vector>

namespace gb {

enum class OptimizerKind { SGD, AdamW };

struct OptimizerOptions {
  OptimizerKind kind = OptimizerKind::SGD;
  float lr = 0.01f;          // η (peak learning rate)
  float beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f;  // AdamW
  float weight_decay = 0.0f; // AdamW: decoupled, on matrices only (not on biases, γ, β)
  int warmup_steps = 0;      // linear warm-up from 0 to lr
  int decay_steps = 0;       // cosine decay from lr to lr·min_lr_ratio over these steps after warm-up; 0 = constant
  float min_lr_ratio = 0.1f;
  float clip = 0.0f;         // clip the global gradient norm to this; 0 = off
};

// Learning rate at step t (0-based).
float schedule_lr(const OptimizerOptions& o, int step);

// AdamW's moments, one Params-shaped pair; empty for SGD.
struct OptimizerState {
  int64_t t = 0;  // updates done
  Params<float> m, v;
};

// Clips the tensors of g in place when clip > 0; returns the global norm before clipping.
// scratch (optional) holds per-tensor sums, so a caller that keeps it does not allocate.
double clip_grad_norm(const std::vector<TensorRef<float>>& g, float clip, std::vector<double>* scratch = nullptr);

// Updates p from g. Holds views of p, g and its moments, so a step builds no lists and allocates nothing.
// p and g must outlive the optimizer and keep their tensors (no reallocation).
class Optimizer {
 public:
  Optimizer(const Config& c, Params<float>& p, Grads<float>& g, const OptimizerOptions& o);
  double clip() { return clip_grad_norm(g_, o_.clip, &scratch_); }
  void step(float lr);  // θ ← θ − lr · update
  OptimizerState& state() { return s_; }
  void set_state(const OptimizerState& s);  // for resuming; shapes must match
  // From now on, every step also stores its update Δθ = θ_after − θ_before per tensor (for the workbench, which
  // shows the last update beside θ and ∇J). Off by default: two more passes over the parameters.
  void record_updates(bool on);
  const Params<float>& last_update() const { return u_; }  // zeros before the first recorded step
  const OptimizerOptions& options() const { return o_; }

 private:
  Config c_;
  OptimizerOptions o_;
  OptimizerState s_;
  std::vector<TensorRef<float>> p_, g_, m_, v_;
  Params<float> u_;
  std::vector<TensorRef<float>> ul_;  // views of u_, empty when not recording
  std::vector<double> scratch_;
};

const char* optimizer_name(OptimizerKind k);  // "sgd" | "adamw"
Result<OptimizerKind> parse_optimizer(const std::string& s);

}  // namespace gb
