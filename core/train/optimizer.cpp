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

double clip_grad_norm(const std::vector<TensorRef<float>>& g, float clip, std::vector<double>* scratch) {
  // Per-tensor sums on the threads, added in tensor order: the same result for any thread count.
  std::vector<double> local;
  std::vector<double>& part = scratch ? *scratch : local;
  part.assign(g.size(), 0.0);
#pragma omp parallel for schedule(dynamic)
  for (size_t k = 0; k < g.size(); ++k) {
    const float* d = g[k].data;
    double sq = 0;
    for (Eigen::Index i = 0; i < g[k].size(); ++i) sq += double(d[i]) * double(d[i]);
    part[k] = sq;
  }
  double sq = 0;
  for (double v : part) sq += v;
  const double norm = std::sqrt(sq);
  if (clip > 0.0f && norm > double(clip)) {
    const float f = float(double(clip) / (norm + 1e-6));
#pragma omp parallel for schedule(dynamic)
    for (size_t k = 0; k < g.size(); ++k) g[k].mat() *= f;
  }
  return norm;
}

Optimizer::Optimizer(const Config& c, Params<float>& p, Grads<float>& g, const OptimizerOptions& o)
    : c_(c), o_(o) {
  p_ = tensor_list(c, p);
  g_ = tensor_list(c, g);
  if (o.kind == OptimizerKind::AdamW) {
    s_.m = params_zeros<float>(c);
    s_.v = params_zeros<float>(c);
    m_ = tensor_list(c, s_.m);
    v_ = tensor_list(c, s_.v);
  }
}

void Optimizer::set_state(const OptimizerState& s) {
  s_.t = s.t;
  if (o_.kind != OptimizerKind::AdamW) return;
  auto sm = tensor_list(c_, const_cast<Params<float>&>(s.m));
  auto sv = tensor_list(c_, const_cast<Params<float>&>(s.v));
  GB_ASSERT(sm.size() == m_.size() && sv.size() == v_.size(), "optimizer state must match the model");
  for (size_t i = 0; i < m_.size(); ++i) {
    m_[i].mat() = sm[i].mat();
    v_[i].mat() = sv[i].mat();
  }
}

void Optimizer::record_updates(bool on) {
  if (!on) {
    ul_.clear();
    return;
  }
  if (!ul_.empty()) return;
  u_ = params_zeros<float>(c_);
  ul_ = tensor_list(c_, u_);
}

void Optimizer::step(float lr) {
  ++s_.t;
  const bool record = !ul_.empty();
  if (o_.kind == OptimizerKind::SGD) {
#pragma omp parallel for schedule(dynamic)
    for (size_t i = 0; i < p_.size(); ++i) {
      p_[i].mat() -= lr * g_[i].mat();  // θ ← θ − η ∇J
      if (record) ul_[i].mat() = -lr * g_[i].mat();
    }
    return;
  }
  const float bc1 = 1.0f - std::pow(o_.beta1, float(s_.t));
  const float bc2 = 1.0f - std::pow(o_.beta2, float(s_.t));
#pragma omp parallel for schedule(dynamic)
  for (size_t i = 0; i < p_.size(); ++i) {  // tensors are independent: any thread count gives the same result
    auto th = p_[i].mat().array();
    auto gr = g_[i].mat().array();
    auto m = m_[i].mat().array();
    auto v = v_[i].mat().array();
    if (record) ul_[i].mat() = p_[i].mat();  // θ before
    if (!p_[i].is_vector && o_.weight_decay > 0.0f) th *= (1.0f - lr * o_.weight_decay);  // decoupled decay
    m = o_.beta1 * m + (1.0f - o_.beta1) * gr;
    v = o_.beta2 * v + (1.0f - o_.beta2) * gr.square();
    th -= lr * (m / bc1) / ((v / bc2).sqrt() + o_.eps);
    if (record) ul_[i].mat() = p_[i].mat() - ul_[i].mat();  // Δθ = θ after − θ before
  }
}

const char* optimizer_name(OptimizerKind k) { return k == OptimizerKind::SGD ? "sgd" : "adamw"; }
Result<OptimizerKind> parse_optimizer(const std::string& s) {
  if (s == "sgd") return OptimizerKind::SGD;
  if (s == "adamw") return OptimizerKind::AdamW;
  return Error(ErrorCode::BadOptimizer, {{"found", s}});
}

}  // namespace gb
