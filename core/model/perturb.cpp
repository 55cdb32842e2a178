#include "core/model/perturb.h"

#include <cmath>
#include <cstring>

namespace gb {

namespace {

// The states of one forward pass: for each run of records that assign the stream's state (Z or X) in one layer,
// the last one; and the output distribution P.
std::vector<const StepRecord*> states(const std::vector<StepRecord>& trace) {
  std::vector<const StepRecord*> out;
  for (const StepRecord& r : trace) {
    if (r.value.size() == 0) continue;
    if (r.target == "P") {
      out.push_back(&r);
      continue;
    }
    if (r.target != std::string(1, r.stream)) continue;
    if (!out.empty() && out.back()->stream == r.stream && out.back()->layer == r.layer) out.back() = &r;
    else out.push_back(&r);
  }
  return out;
}

// The change of each column of a and b (same shape)
PerturbationStage compare(char stream, int layer, std::string label, const MatF& x, const MatF& y) {
  PerturbationStage s;
  s.stream = stream;
  s.layer = layer;
  s.label = std::move(label);
  for (Eigen::Index j = 0; j < x.cols(); ++j) {
    s.change.push_back(double((x.col(j) - y.col(j)).norm()));
    s.identical.push_back(std::memcmp(x.col(j).data(), y.col(j).data(), size_t(x.rows()) * sizeof(float)) == 0);
  }
  return s;
}

// P = softmax of each column of the logits
MatF softmax_columns(const MatF& logits) {
  MatF P(logits.rows(), logits.cols());
  for (Eigen::Index j = 0; j < logits.cols(); ++j) {
    P.col(j) = (logits.col(j).array() - logits.col(j).maxCoeff()).exp().matrix();
    P.col(j) /= P.col(j).sum();
  }
  return P;
}

// The recurrent families: their states are model_forward's own (the training path, which their listing only reveals
// step by step), one stage per stream — the encoder's states g (an encoder-decoder), the states h, and P.
Result<std::vector<PerturbationStage>> recurrent_perturbation(const Config& c, const Params<float>& p, const Example& a,
                                                              const Example& b, const TraceProgress& progress) {
  for (const Example* e : {&a, &b})
    if (auto err = check_example(c, *e)) return *err;
  Activations<float> pa, pb;
  int done = 0;
  for (auto [e, act] : {std::pair{&a, &pa}, std::pair{&b, &pb}}) {
    if (progress && !progress(done, 2))
      return Error(ErrorCode::TraceCancelled, {{"done", std::to_string(done)}, {"limit", "2"}});
    model_forward(*act, c, p, make_batch(c, *e));
    ++done;
  }
  if (progress) progress(2, 2);
  std::vector<PerturbationStage> out;
  if (c.variant == Variant::RnnSeq2Seq) {
    const Eigen::Index nz = Eigen::Index(a.z.size());
    out.push_back(compare('Z', 0, "g_i (the encoder's states)", pa.rnn_enc.H.leftCols(nz),
                          pb.rnn_enc.H.leftCols(nz)));
  }
  const Eigen::Index n = Eigen::Index(a.x.size());
  out.push_back(compare('X', 0, "h_j (the states)", pa.rnn.H.leftCols(n), pb.rnn.H.leftCols(n)));
  out.push_back(compare('P', -1, "P_j = softmax(W_u h_j + b_u)", softmax_columns(pa.logits.leftCols(n)),
                        softmax_columns(pb.logits.leftCols(n))));
  return out;
}

}  // namespace

Result<std::vector<PerturbationStage>> perturbation(const Config& c, const Params<float>& p, const Example& a,
                                                    const Example& b, const TraceProgress& progress) {
  if (a.x.size() != b.x.size() || a.z.size() != b.z.size())
    return Error(ErrorCode::PerturbationLengths, {{"a", std::to_string(a.x.size()) + "/" + std::to_string(a.z.size())},
                                                  {"b", std::to_string(b.x.size()) + "/" + std::to_string(b.z.size())}});
  if (c.variant == Variant::Rnn || c.variant == Variant::RnnSeq2Seq) return recurrent_perturbation(c, p, a, b, progress);
  // (the stepper asserts that its example fits: an example typed for an earlier model must come back as an error —
  // found by the release monkey, seed 320219: a token replaced after a Build with another ℓ_max aborted the worker)
  for (const Example* e : {&a, &b})
    if (auto err = check_example(c, *e)) return *err;
  // both passes as one run of lines for the progress: a's lines, then b's
  auto part = [&](int offset) -> TraceProgress {
    if (!progress) return {};
    return [&, offset](int done, int n) { return progress(offset * n + done, 2 * n); };
  };
  auto ra = trace_forward(c, p, a, part(0));
  if (!ra) return ra.error();
  auto rb = trace_forward(c, p, b, part(1));
  if (!rb) return rb.error();
  const auto& ta = *ra;
  const auto& tb = *rb;
  const auto sa = states(ta), sb = states(tb);
  std::vector<PerturbationStage> out;
  for (size_t i = 0; i < sa.size() && i < sb.size(); ++i) {
    const MatF& x = sa[i]->value;
    const MatF& y = sb[i]->value;
    if (x.rows() != y.rows() || x.cols() != y.cols()) continue;
    PerturbationStage s;
    s.stream = sa[i]->target == "P" ? 'P' : sa[i]->stream;
    s.layer = sa[i]->layer;
    s.label = sa[i]->label;
    for (Eigen::Index j = 0; j < x.cols(); ++j) {
      s.change.push_back(double((x.col(j) - y.col(j)).norm()));
      s.identical.push_back(std::memcmp(x.col(j).data(), y.col(j).data(), size_t(x.rows()) * sizeof(float)) == 0);
    }
    out.push_back(std::move(s));
  }
  return out;
}

int64_t perturbation_memory(const Config& c, const Example& a) { return 2 * trace_memory(c, a); }

}  // namespace gb
