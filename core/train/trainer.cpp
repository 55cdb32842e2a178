#include "core/train/trainer.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace gb {

Trainer::Trainer(const Config& c, Params<float>& params, const std::vector<Example>& data, const TrainOptions& o)
    : c_(c), p_(params), data_(data), o_(o), g_(params_zeros<float>(c)), opt_(c, params, g_, o.opt) {
  GB_ASSERT(!data.empty(), "Trainer needs at least one example");
  GB_ASSERT(o.batch_size >= 1, "batch size must be at least 1");
  names_ = gb::tensor_names(c);
  gl_ = tensor_list(c, g_);
  cur_.rng.reseed(o.seed ^ 0x5eedda7aULL);
  cur_.epoch = -1;
  next_epoch();
}

int Trainer::steps_per_epoch() const { return int((data_.size() + o_.batch_size - 1) / o_.batch_size); }

void Trainer::next_epoch() {
  ++cur_.epoch;
  cur_.pos = 0;
  cur_.order.resize(data_.size());
  std::iota(cur_.order.begin(), cur_.order.end(), 0);
  if (o_.shuffle)  // Fisher–Yates with our own generator (std::shuffle is implementation-defined)
    for (size_t i = cur_.order.size(); i > 1; --i) std::swap(cur_.order[i - 1], cur_.order[cur_.rng.below(i)]);
}

void Trainer::restore(const Cursor& cur, const OptimizerState& s) {
  cur_ = cur;
  opt_.set_state(s);
}

const StepReport& Trainer::step() {
  if (cur_.pos >= data_.size()) next_epoch();
  const size_t end = std::min(data_.size(), cur_.pos + size_t(o_.batch_size));
  idx_.assign(cur_.order.begin() + cur_.pos, cur_.order.begin() + end);
  cur_.pos = end;
  make_batch(batch_, c_, data_, idx_);
  const Batch& batch = batch_;

  StepReport& r = report_;
  r.step = step_;
  r.epoch = cur_.epoch;
  ForwardOptions fo;
  fo.train = true;
  fo.rng = &cur_.rng;
  model_forward(act_, c_, p_, batch, fo);                                        // P(θ) ← Transformer(…)
  r.stats = loss_forward_backward(&ws_.dlogits, act_.logits, batch, o_.loss);   // J(θ)
  r.loss = r.stats.loss;
  r.tokens = std::accumulate(batch.x_len.begin(), batch.x_len.end(), int64_t(0));
  for (const auto& t : gl_) t.mat().setZero();
  model_backward(g_, ws_, act_, ws_.dlogits, c_, p_, batch);                     // ∇J(θ)
  r.grad_norms.resize(gl_.size());
  for (size_t i = 0; i < gl_.size(); ++i) r.grad_norms[i] = gl_[i].mat().norm();
  r.grad_norm = opt_.clip();
  r.lr = schedule_lr(o_.opt, step_);
  opt_.step(r.lr);                                                              // θ ← θ − η ∇J(θ)
  ++step_;
  return r;
}

int Trainer::run(const std::function<bool(const StepReport&)>& on_step) {
  int n = 0;
  while (step_ < o_.steps) {
    const StepReport r = step();
    ++n;
    if (on_step && !on_step(r)) break;
  }
  return n;
}

EvalReport evaluate(const Config& c, const Params<float>& p, const std::vector<Example>& data, int batch_size) {
  EvalReport e;
  if (data.empty()) return e;
  Activations<float> act;
  double loss = 0;
  int64_t correct = 0, seq_ok = 0;
  std::vector<int> idx;
  for (size_t s = 0; s < data.size(); s += size_t(batch_size)) {
    idx.clear();
    for (size_t i = s; i < std::min(data.size(), s + size_t(batch_size)); ++i) idx.push_back(int(i));
    const Batch b = make_batch(c, data, idx);
    model_forward(act, c, p, b);
    const LossStats st = loss_forward_backward<float>(nullptr, act.logits, b, LossKind::Sum);
    loss += st.loss_sum;
    e.tokens += st.tokens;
    correct += st.correct;
    seq_ok += st.sequences_correct;
  }
  e.loss = e.tokens ? loss / double(e.tokens) : 0.0;
  e.token_accuracy = e.tokens ? double(correct) / double(e.tokens) : 0.0;
  e.sequence_accuracy = double(seq_ok) / double(data.size());
  return e;
}

}  // namespace gb
