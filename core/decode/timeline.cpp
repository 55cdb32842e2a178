#include "core/decode/timeline.h"

#include <cmath>

namespace gb {

void Timeline::clear() {
  nodes_.clear();
  path_.clear();
}

void Timeline::truncate(size_t kept) {
  if (kept < path_.size()) path_.resize(kept);
}

int Timeline::record(const DecodeStep& st, bool forced, bool beam, const SamplerOptions& so, const Rng& before) {
  const int parent = path_.empty() ? -1 : path_.back();
  const double sum = (parent < 0 ? 0.0 : nodes_[size_t(parent)].sum_logp) + std::log(st.p_chosen);
  int node = -1;
  for (size_t i = 0; i < nodes_.size() && node < 0; ++i)
    if (nodes_[i].parent == parent && nodes_[i].token == st.choice.token) node = int(i);
  const int kind = beam ? TimelineNode::Beam : forced ? 0 : so.temperature == 0 ? TimelineNode::Greedy : TimelineNode::Sampled;
  if (node < 0) {
    nodes_.emplace_back();
    node = int(nodes_.size()) - 1;
    TimelineNode& n = nodes_[size_t(node)];
    n.parent = parent;
    n.depth = int(path_.size()) + 1;
    n.token = st.choice.token;
    n.forced = forced;
    n.beam = beam;
    n.sampler = so;  // how it was first taken: going there takes it so again (its records as they were then)
    n.rng_before = before;
    n.p = st.p_chosen;
    n.sum_logp = sum;
  }
  nodes_[size_t(node)].kinds |= kind;  // taken here again (perhaps another way): that way is noted too
  path_.push_back(node);
  return node;
}

std::vector<int> Timeline::leaves() const {
  std::vector<bool> parent(nodes_.size(), false);
  for (const TimelineNode& n : nodes_)
    if (n.parent >= 0) parent[size_t(n.parent)] = true;
  std::vector<int> out;
  for (size_t i = 0; i < nodes_.size(); ++i)
    if (!parent[i]) out.push_back(int(i));
  return out;
}

std::vector<int> Timeline::path_to(int node) const {
  std::vector<int> path;
  if (node < 0 || size_t(node) >= nodes_.size()) return path;
  for (int k = node; k >= 0; k = nodes_[size_t(k)].parent) path.insert(path.begin(), k);
  return path;
}

int Timeline::forced_at(int node) const {
  int at = 0;
  for (int k : path_to(node))
    if (nodes_[size_t(k)].forced && !nodes_[size_t(k)].beam && at == 0) at = nodes_[size_t(k)].depth;
  return at;
}

bool replay_steps(DecodeSession& s, int back, const std::vector<ReplayNode>& nodes, ReplayResult& out,
                  const DecodeProgress& progress) {
  s.back(back);
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (progress && !progress(int(i), int(nodes.size()))) return false;
    const ReplayNode& n = nodes[i];
    out.rng = n.rng_before;  // the same generator and settings draw the same token (not with other parameters)
    auto st = s.step(n.sampler, out.rng, n.forced ? n.token : -1);
    if (!st) {
      out.error = st.error();
      return true;
    }
    if ((*st)->choice.token != n.token) {
      s.back(1);
      out.rng = n.rng_before;
      out.mismatch = true;
      return true;
    }
    out.steps.push_back(**st);
    out.rng_before.push_back(n.rng_before);
  }
  return true;
}

}  // namespace gb
