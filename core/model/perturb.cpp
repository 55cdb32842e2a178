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

}  // namespace

Result<std::vector<PerturbationStage>> perturbation(const Config& c, const Params<float>& p, const Example& a,
                                                    const Example& b, const TraceProgress& progress) {
  if (a.x.size() != b.x.size() || a.z.size() != b.z.size())
    return Error(ErrorCode::PerturbationLengths, {{"a", std::to_string(a.x.size()) + "/" + std::to_string(a.z.size())},
                                                  {"b", std::to_string(b.x.size()) + "/" + std::to_string(b.z.size())}});
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

}  // namespace gb
