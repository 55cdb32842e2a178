// plan.cpp — plan_training: every check a run needs, before anything big is allocated (see trainer.h).
#include "core/train/trainer.h"

#include "core/family.h"
#include "core/train/memory.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <unistd.h>

namespace gb {

namespace {

bool finite_in(double v, double lo, double hi) { return std::isfinite(v) && v >= lo && v <= hi; }

// Every tensor of a has the shape of the same tensor of b (and there are as many).
bool same_shapes(const Config& c, const Params<float>& a, const Params<float>& b) {
  const auto ta = tensor_list(c, const_cast<Params<float>&>(a));
  const auto tb = tensor_list(c, const_cast<Params<float>&>(b));
  if (ta.size() != tb.size()) return false;
  for (size_t i = 0; i < ta.size(); ++i)
    if (ta[i].rows != tb[i].rows || ta[i].cols != tb[i].cols) return false;
  return true;
}

// Layers as the config says (for_each_tensor walks the Params' own layer lists).
bool layer_counts_match(const Config& c, const Params<float>& p) {
  if (!c.is_transformer()) return p.enc.empty() && p.dec.empty();  // (its tensors are compared by shape below)
  return p.enc.size() == size_t(c.is_ed() ? c.enc_layers : 0) && p.dec.size() == size_t(c.dec_layers);
}

std::string short_number(double v) {  // 1e+12, 0.003: as a person writes it
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace

int64_t physical_memory_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? int64_t(pages) * int64_t(page) : int64_t(0);
}

int64_t training_bytes(const Config& c, const TrainOptions& o, int threads, int longest_x, int longest_z) {
  return training_memory(c, o, threads, longest_x, longest_z).total();
}

Status check_data(const Config& c, const std::vector<Example>& data, const Tokenizer* model_tok,
                  const Tokenizer* data_tok) {
  if (family(c).observations) model_tok = data_tok = nullptr;  // (no vocabulary: each example's D is checked)
  if (model_tok && data_tok && !model_tok->same_vocabulary(*data_tok))
    return Error(ErrorCode::DataOtherVocabulary, {{"data", std::to_string(data_tok->size())}, {"model", std::to_string(model_tok->size())}});
  if (data_tok && data_tok->size() > c.vocab_size)
    return Error(ErrorCode::DataTokenizerTooLarge, {{"data", std::to_string(data_tok->size())}, {"vocab", std::to_string(c.vocab_size)}});
  for (size_t i = 0; i < data.size(); ++i) {
    if (c.has_source() && data[i].z.empty())
      return Error(ErrorCode::DataForDecoderOnly, {{"example", std::to_string(i + 1)}});
    if (!c.has_source() && !data[i].z.empty())
      return c.variant == Variant::DecoderOnly
                 ? Error(ErrorCode::DataForEncoderDecoder, {{"example", std::to_string(i + 1)}})
                 : Error(ErrorCode::DataForOneSequence, {{"example", std::to_string(i + 1)}, {"family", variant_name(c.variant)}});
    if (auto e = check_example(c, data[i]))
      return Error::with_cause(ErrorCode::DataExampleDoesNotFit, {{"example", std::to_string(i + 1)}}, *e);
  }
  return std::nullopt;
}

Result<TrainingPlan> plan_training(const PlanRequest& r) {
  if (!r.config || !r.params || !r.data) return Error(ErrorCode::PlanIncomplete);
  const Config& c = *r.config;
  const TrainOptions& o = r.options;
  if (auto e = c.validate()) return *e;

  // options against their ranges
  if (o.steps < 1) return Error(ErrorCode::PlanSteps, {{"found", std::to_string(o.steps)}});
  if (o.batch_size < 1 || o.batch_size > (1 << 20))
    return Error(ErrorCode::PlanBatchSize, {{"found", std::to_string(o.batch_size)}});
  if (!finite_in(o.opt.lr, 0, 1e9))  // 0 is allowed: a step that only computes the gradient
    return Error(ErrorCode::PlanLearningRate, {{"found", short_number(o.opt.lr)}});
  if (!finite_in(o.opt.beta1, 0, 0.999999) || !finite_in(o.opt.beta2, 0, 0.999999))
    return Error(ErrorCode::PlanBetas);
  if (!finite_in(o.opt.eps, 1e-30, 1) ) return Error(ErrorCode::PlanEpsilon);
  if (!finite_in(o.opt.weight_decay, 0, 1e3)) return Error(ErrorCode::PlanWeightDecay);
  if (o.opt.warmup_steps < 0 || o.opt.decay_steps < 0)
    return Error(ErrorCode::PlanScheduleSteps);
  if (!finite_in(o.opt.min_lr_ratio, 0, 1)) return Error(ErrorCode::PlanMinLrRatio);
  if (!finite_in(o.opt.clip, 0, 1e30)) return Error(ErrorCode::PlanClip);

  // data against the model
  const std::vector<Example>& data = *r.data;
  if (data.empty()) return Error(ErrorCode::PlanNoData);
  if (auto e = check_data(c, data, r.model_tokenizer, r.data_tokenizer)) return *e;
  if (r.validation)
    if (auto e = check_data(c, *r.validation, r.model_tokenizer, r.data_tokenizer)) return *e;
  // memory, before anything of the run's size is allocated
  int64_t need = 0;
  if (auto e = check_run_memory(c, o, data, r.memory_limit, &need, r.beside_bytes)) return *e;

  // the parameters against the config
  if (!layer_counts_match(c, *r.params) || !same_shapes(c, *r.params, params_uninitialised<float>(c)))
    return Error(ErrorCode::PlanParamShapes);

  TrainingPlan plan;
  plan.c_ = c;
  plan.o_ = o;
  plan.data_ = &data;
  plan.bytes_ = need;

  // a saved state against the data and the model
  if (bool(r.resume_cursor) != bool(r.resume_optimizer))
    return Error(ErrorCode::PlanResumeIncomplete);
  if (r.resume_cursor) {
    const TrainCursor& cur = *r.resume_cursor;
    if (cur.order.size() != data.size())
      return Error(ErrorCode::PlanResumeOtherData, {{"saved", std::to_string(cur.order.size())}, {"found", std::to_string(data.size())}});
    std::vector<char> seen(data.size(), 0);
    for (int i : cur.order) {
      if (i < 0 || size_t(i) >= data.size() || seen[size_t(i)])
        return Error(ErrorCode::PlanResumeNotPermutation, {{"count", std::to_string(data.size())}});
      seen[size_t(i)] = 1;
    }
    if (cur.pos > cur.order.size() || cur.step < 0 || cur.epoch < 0)
      return Error(ErrorCode::PlanResumePosition);
    if (cur.step >= o.steps)
      return Error(ErrorCode::PlanResumeDone, {{"steps", std::to_string(cur.step)}});
    const OptimizerState& st = *r.resume_optimizer;
    if (st.t < 0) return Error(ErrorCode::PlanResumeNegativeT);
    const bool no_moments = st.m.dec.empty() && st.v.dec.empty() && st.m.enc.empty() && st.v.enc.empty();
    if (o.opt.kind == OptimizerKind::AdamW && !no_moments &&
        (!layer_counts_match(c, st.m) || !layer_counts_match(c, st.v) || !same_shapes(c, st.m, *r.params) ||
         !same_shapes(c, st.v, *r.params)))
      return Error(ErrorCode::PlanResumeOptimizerShapes);
    if (o.opt.kind == OptimizerKind::AdamW && no_moments && st.t > 0)
      return Error(ErrorCode::PlanResumeNoMoments);
    plan.cursor_ = cur;
    if (o.opt.kind != OptimizerKind::AdamW || !no_moments) plan.optimizer_ = st;
  }
  return plan;
}

Result<TrainingPlan> plan_training(const Config& c, const Params<float>& p, const std::vector<Example>& data,
                                   const TrainOptions& o) {
  PlanRequest r;
  r.config = &c;
  r.params = &p;
  r.data = &data;
  r.options = o;
  return plan_training(r);
}

}  // namespace gb
