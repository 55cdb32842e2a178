#include "core/train/optimizer.h"

#include <cmath>

namespace gb {

float schedule_lr(const OptimizerOptions& o, int step) {
  if (o.warmup_steps > 0 && step < o.warmup_steps) return o.lr * float(step + 1) / float(o.warmup_steps);
  if (o.decay_steps <= 0) return o.lr;
  const double t = std::min(1.0, double(step - o.warmup_steps) / double(o.decay_steps));
  const double cosine = 0.5 * (1.0 + std::cos(3.14159265358979323846 * t));
  return float(o.lr * (o.min_lr_ratio + (1.0 - o.min_lr_ratio) * cosine));
}

OptimizerState optimizer_state_init(const Config& c, const OptimizerOptions& o) {
  OptimizerState s;
  if (o.kind == OptimizerKind::AdamW) {
    s.m = params_zeros<float>(c);
    s.v = params_zeros<float>(c);
  }
  return s;
}

double clip_grad_norm(const Config& c, Grads<float>& g, float clip) {
  double sq = 0;
  for_each_tensor(c, g, [&](const std::string&, TensorRef<float> t) { sq += t.mat().template cast<double>().squaredNorm(); });
  const double norm = std::sqrt(sq);
  if (clip > 0.0f && norm > double(clip)) {
    const float f = float(double(clip) / (norm + 1e-6));
    for_each_tensor(c, g, [&](const std::string&, TensorRef<float> t) { t.mat() *= f; });
  }
  return norm;
}

void optimizer_step(const Config& c, Params<float>& p, const Grads<float>& g, OptimizerState& s,
                    const OptimizerOptions& o, float lr) {
  std::vector<TensorRef<float>> gs, ms, vs;
  for_each_tensor(c, const_cast<Grads<float>&>(g), [&](const std::string&, TensorRef<float> t) { gs.push_back(t); });
  ++s.t;
  if (o.kind == OptimizerKind::SGD) {
    size_t i = 0;
    for_each_tensor(c, p, [&](const std::string&, TensorRef<float> t) {
      t.mat() -= lr * gs[i++].mat();  // θ ← θ − η ∇J
    });
    return;
  }
  for_each_tensor(c, s.m, [&](const std::string&, TensorRef<float> t) { ms.push_back(t); });
  for_each_tensor(c, s.v, [&](const std::string&, TensorRef<float> t) { vs.push_back(t); });
  const float bc1 = 1.0f - std::pow(o.beta1, float(s.t));
  const float bc2 = 1.0f - std::pow(o.beta2, float(s.t));
  size_t i = 0;
  for_each_tensor(c, p, [&](const std::string&, TensorRef<float> t) {
    auto th = t.mat().array();
    auto gr = gs[i].mat().array();
    auto m = ms[i].mat().array();
    auto v = vs[i].mat().array();
    if (!t.is_vector && o.weight_decay > 0.0f) th *= (1.0f - lr * o.weight_decay);  // decoupled decay
    m = o.beta1 * m + (1.0f - o.beta1) * gr;
    v = o.beta2 * v + (1.0f - o.beta2) * gr.square();
    th -= lr * (m / bc1) / ((v / bc2).sqrt() + o.eps);
    ++i;
  });
}

const char* optimizer_name(OptimizerKind k) { return k == OptimizerKind::SGD ? "sgd" : "adamw"; }
Result<OptimizerKind> parse_optimizer(const std::string& s) {
  if (s == "sgd") return OptimizerKind::SGD;
  if (s == "adamw") return OptimizerKind::AdamW;
  return Error{"optimizer: expected 'sgd' or 'adamw', got '" + s + "'"};
}

}  // namespace gb
