// timeline.h — every token a decoding has taken, as a tree of branches: the Decoding tab's timeline, Qt-free.
//
// Going back keeps the nodes; another token at the same place makes a branch; any node can be returned to. A node
// keeps how its token was taken — forced or drawn, with which sampler settings and from which state of the
// generator — so replay_steps() takes the path to it again, step by step, and the session's records are bit for
// bit those it had (with the same parameters; with others the draw may differ, and the replay stops there).
#pragma once

#include "core/decode/session.h"

#include <optional>
#include <vector>

namespace gb {

struct TimelineNode {
  int parent = -1;  // −1: the first new token
  int depth = 1;    // 1 for the first new token
  int token = -1;
  bool forced = false;
  bool beam = false;  // a beam search's hypothesis (its tokens forced)
  enum Kind { Greedy = 1, Sampled = 2, Beam = 4 };
  int kinds = 0;      // how the token was ever taken here: drawn at τ = 0, drawn at τ > 0, by beam search
  SamplerOptions sampler;  // how it was first taken: going there takes it so again
  Rng rng_before;          // the generator before that draw
  double p = 0;            // p of the token when taken
  double sum_logp = 0;     // Σ log p from the first new token
};

class Timeline {
 public:
  const std::vector<TimelineNode>& nodes() const { return nodes_; }
  // The nodes of the new tokens of x, in order (the path through the tree the session is on).
  const std::vector<int>& path() const { return path_; }
  void clear();
  // The path keeps its first `kept` nodes (the others stay in the tree).
  void truncate(size_t kept);
  // After a step of the session: its node — the child of the path's end with that token, or a new one — is
  // appended to the path and returned; how it was taken this time is added to the node's kinds.
  int record(const DecodeStep& st, bool forced, bool beam, const SamplerOptions& so, const Rng& before);
  // The nodes without children, in the order they were made: one a branch.
  std::vector<int> leaves() const;
  // The nodes from the first new token to `node` (empty for a node that is not there).
  std::vector<int> path_to(int node) const;
  // The depth (1-based step) of the first token forced by hand (not by beam search) on the way to `node`; 0: none.
  int forced_at(int node) const;

 private:
  std::vector<TimelineNode> nodes_;
  std::vector<int> path_;
};

// Taking nodes' steps again on a session (going to a branch): first `back` steps taken back, then each node's step
// with its settings and generator. A token other than the node's (other parameters) is taken back and ends the
// replay (mismatch); an error of a step ends it too. progress (optional) is asked before each step and may cancel:
// then false is returned.
struct ReplayNode {
  int token = -1;
  bool forced = false;
  SamplerOptions sampler;
  Rng rng_before;
};
struct ReplayResult {
  std::vector<DecodeStep> steps;   // the steps taken again
  std::vector<Rng> rng_before;     // the generator before each
  Rng rng;                         // the generator after the last (or before the mismatched one)
  bool mismatch = false;
  std::optional<Error> error;
};
bool replay_steps(DecodeSession& s, int back, const std::vector<ReplayNode>& nodes, ReplayResult& out,
                  const DecodeProgress& progress = {});

}  // namespace gb
