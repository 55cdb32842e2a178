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

OptimizerState optimizer_state_init(const Config& c, const OptimizerOptions& o);

// Clips g in place when o.clip > 0; returns the global norm before clipping.
double clip_grad_norm(const Config& c, Grads<float>& g, float clip);
// One update θ ← θ − η … at learning rate lr.
void optimizer_step(const Config& c, Params<float>& p, const Grads<float>& g, OptimizerState& s,
                    const OptimizerOptions& o, float lr);

const char* optimizer_name(OptimizerKind k);  // "sgd" | "adamw"
Result<OptimizerKind> parse_optimizer(const std::string& s);

}  // namespace gb
