#include "core/decode/generate.h"

#include "core/decode/beam_batch.h"
#include "core/io/json_util.h"
#include "core/rng.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gb {

namespace {
constexpr double kNegInf = -std::numeric_limits<double>::infinity();
}

Result<GenerationSettings> generation_settings(const Config& c, const std::map<std::string, std::string>& extra) {
  GenerationSettings g;
  g.eos_id = c.eos_id;
  auto it = extra.find("glassbox.generation");
  if (it == extra.end()) return g;
  const std::string what = "glassbox.generation";
  auto j = parse_json_strict(it->second, what);
  if (!j) return j.error();
  if (!j->is_object()) return Error(ErrorCode::JsonNotObject).in_file(what);
  auto bad = [&](ErrorCode code, const char* field, ErrorArgs args = {}) {
    args.insert(args.begin(), {"field", field});
    args.push_back({"found", (*j)[field].dump()});
    return Error(code, std::move(args)).in_file(what);
  };
  const ErrorArgs ids{{"lo", "0"}, {"hi", std::to_string(c.vocab_size - 1)}};
  auto token = [&](const Json& v) { return v.is_number_integer() && v.get<long long>() >= 0 && v.get<long long>() < c.vocab_size; };
  if (j->contains("num_beams")) {
    if (!(*j)["num_beams"].is_number_integer() || (*j)["num_beams"].get<long long>() < 1 || (*j)["num_beams"].get<long long>() > 64)
      return bad(ErrorCode::HfConfigInteger, "num_beams", {{"lo", "1"}, {"hi", "64"}});
    g.num_beams = (*j)["num_beams"].get<int>();
  }
  if (j->contains("length_penalty")) {
    if (!(*j)["length_penalty"].is_number() || !(std::abs((*j)["length_penalty"].get<double>()) <= 100))
      return bad(ErrorCode::HfConfigNumber, "length_penalty", {{"lo", "-100"}, {"hi", "100"}});
    g.length_penalty = (*j)["length_penalty"].get<double>();
  }
  if (j->contains("early_stopping")) {
    if (!(*j)["early_stopping"].is_boolean()) return bad(ErrorCode::HfConfigBool, "early_stopping");
    g.early_stopping = (*j)["early_stopping"].get<bool>();
  }
  if (j->contains("max_length")) {
    if (!(*j)["max_length"].is_number_integer() || (*j)["max_length"].get<long long>() < 1) return bad(ErrorCode::HfConfigInteger, "max_length", {{"lo", "1"}, {"hi", "1048576"}});
    g.max_length = int(std::min<long long>((*j)["max_length"].get<long long>(), 1 << 20));
  }
  if (j->contains("eos_token_id")) {  // (a list of several: the first)
    const Json& e = (*j)["eos_token_id"];
    if (token(e)) g.eos_id = e.get<int>();
    else if (e.is_array() && !e.empty() && token(e[0])) g.eos_id = e[0].get<int>();
    else return bad(ErrorCode::HfConfigInteger, "eos_token_id", ids);
  }
  if (j->contains("forced_eos_token_id")) {
    if (!token((*j)["forced_eos_token_id"])) return bad(ErrorCode::HfConfigInteger, "forced_eos_token_id", ids);
    g.forced_eos_id = (*j)["forced_eos_token_id"].get<int>();
  }
  if (j->contains("glassbox_beam_bans_token")) {
    if (!token((*j)["glassbox_beam_bans_token"])) return bad(ErrorCode::HfConfigInteger, "glassbox_beam_bans_token", ids);
    g.beam_bans_before_softmax = (*j)["glassbox_beam_bans_token"].get<int>();
  }
  if (j->contains("bad_words_ids")) {
    const Json& b = (*j)["bad_words_ids"];
    // (a list of lists of token ids)
    if (!b.is_array()) return bad(ErrorCode::HfConfigOneOf, "bad_words_ids", {{"choices", "[[id, …], …]"}});
    for (const Json& w : b) {
      if (!w.is_array() || w.empty()) return bad(ErrorCode::HfConfigOneOf, "bad_words_ids", {{"choices", "[[id, …], …]"}});
      std::vector<int> word;
      for (const Json& t : w) {
        if (!token(t)) return bad(ErrorCode::HfConfigInteger, "bad_words_ids", ids);
        word.push_back(t.get<int>());
      }
      g.bad_words.push_back(std::move(word));
    }
  }
  if (j->contains("do_sample")) {
    if (!(*j)["do_sample"].is_boolean()) return bad(ErrorCode::HfConfigBool, "do_sample");
    g.do_sample = (*j)["do_sample"].get<bool>();
  }
  if (j->contains("temperature")) {
    const Json& t = (*j)["temperature"];
    if (!t.is_number() || !(t.get<double>() > 0 && t.get<double>() <= 100))
      return bad(ErrorCode::HfConfigNumber, "temperature", {{"lo", "0"}, {"hi", "100"}});
    g.temperature = t.get<double>();
  }
  if (j->contains("top_k")) {
    const Json& k = (*j)["top_k"];
    if (!k.is_number_integer() || k.get<long long>() < 0 || k.get<long long>() > c.vocab_size)
      return bad(ErrorCode::HfConfigInteger, "top_k", {{"lo", "0"}, {"hi", std::to_string(c.vocab_size)}});
    g.top_k = k.get<int>();
  }
  if (j->contains("top_p")) {
    const Json& p = (*j)["top_p"];
    if (!p.is_number() || !(p.get<double>() > 0 && p.get<double>() <= 1))
      return bad(ErrorCode::HfConfigNumber, "top_p", {{"lo", "0"}, {"hi", "1"}});
    g.top_p = p.get<double>();
  }
  return g;
}

namespace {

// The logits processors on a sequence x's next-token log-probabilities lp (processed_logp, below).
std::vector<double> processed(const Config& c, const std::vector<int>& x, std::vector<double> lp,
                              const GenerationSettings& g, bool beam) {
  if (beam && g.beam_bans_before_softmax >= 0 && g.beam_bans_before_softmax < int(lp.size())) {
    // log softmax over the other logits: log p_v − log(1 − p_banned)
    const size_t banned = size_t(g.beam_bans_before_softmax);
    const double rest = std::log1p(-std::exp(lp[banned]));
    for (double& v : lp) v -= rest;
    lp[banned] = kNegInf;
  }
  // NoBadWordsLogitsProcessor: a banned word's last token, where the tokens before it match the sequence's end
  for (const auto& w : g.bad_words) {
    const size_t prefix = w.size() - 1;
    if (prefix > x.size()) continue;
    if (std::equal(w.begin(), w.begin() + long(prefix), x.end() - long(prefix)) && w.back() < int(lp.size()))
      lp[size_t(w.back())] = kNegInf;
  }
  // ForcedEOSTokenLogitsProcessor: at length max_length − 1 only eos remains (its score 0)
  const int max_length = std::min(g.max_length, c.max_len);
  if (g.forced_eos_id >= 0 && int(x.size()) == max_length - 1) {
    std::fill(lp.begin(), lp.end(), kNegInf);
    lp[size_t(g.forced_eos_id)] = 0;
  }
  return lp;
}

}  // namespace

std::vector<double> processed_logp(const DecodeSession& s, const GenerationSettings& g, bool beam) {
  return processed(s.config(), s.tokens(), s.next_logp(), g, beam);
}

namespace {

// BeamHypotheses (transformers v4.30): the num_beams best finished sequences.
struct Hypotheses {
  int beams;
  double length_penalty;
  bool early_stopping;
  std::vector<std::pair<double, std::vector<int>>> hyps;
  double worst = 1e9;
  void add(const std::vector<int>& seq, double sum_logprobs) {
    const double score = sum_logprobs / std::pow(double(seq.size()), length_penalty);
    if (int(hyps.size()) < beams || score > worst) {
      hyps.push_back({score, seq});
      if (int(hyps.size()) > beams) {
        auto w = std::min_element(hyps.begin(), hyps.end(), [](auto& a, auto& b) { return a.first < b.first; });
        hyps.erase(w);
        worst = std::min_element(hyps.begin(), hyps.end(), [](auto& a, auto& b) { return a.first < b.first; })->first;
      } else {
        worst = std::min(score, worst);
      }
    }
  }
  bool done(double best_sum_logprobs, int cur_len) const {
    if (int(hyps.size()) < beams) return false;
    if (early_stopping) return true;
    return worst >= best_sum_logprobs / std::pow(double(cur_len), length_penalty);
  }
};

}  // namespace

Result<GenerationResult> hf_generate(const DecodeSession& start, const GenerationSettings& g,
                                     const DecodeProgress& progress, uint64_t seed) {
  if (g.num_beams < 1) return Error(ErrorCode::BeamWidth);
  const int max_length = std::min(g.max_length, start.config().max_len);
  const int first_len = int(start.tokens().size());
  const int limit = std::max(0, max_length - first_len);
  auto cancelled = [&](int done) {
    return Error(ErrorCode::BeamCancelled, {{"done", std::to_string(done)}, {"limit", std::to_string(limit)}});
  };
  SamplerOptions forced_step;
  forced_step.temperature = 0;
  Rng unused(0);
  GenerationResult res;

  if (g.num_beams == 1) {  // greedy_search, or sample() when do_sample
    DecodeSession s = start;
    SamplerOptions warp;  // temperature, top-k, top-p, in Hugging Face's order (sampler.h)
    warp.temperature = g.temperature;
    warp.top_k = g.top_k;
    warp.top_p = g.top_p;
    Rng rng(seed);
    while (int(s.tokens().size()) < max_length && s.can_step()) {
      if (progress && !progress(int(s.tokens().size()) - first_len, limit))
        return cancelled(int(s.tokens().size()) - first_len);
      const std::vector<double> lp = processed_logp(s, g);
      const int best = g.do_sample ? choose_token(lp, warp, rng).token
                                   : int(std::max_element(lp.begin(), lp.end()) - lp.begin());  // (ties: the lower id)
      res.score += lp[size_t(best)];
      auto st = s.step(forced_step, unused, best);
      if (!st) return st.error();
      if (best == g.eos_id) break;
    }
    res.tokens = s.tokens();
    return res;
  }

  const int B = g.num_beams;
  // the beams, stepped together (beam_batch.h); the first scores 0, the others −10⁹
  DecodeBatch beams(start, B, max_length);
  std::vector<double> score(size_t(B), -1e9);
  score[0] = 0;
  Hypotheses hyps{B, g.length_penalty, g.early_stopping, {}, 1e9};
  bool done = false;
  int cur_len = first_len;
  const int V = start.config().vocab_size;
  while (cur_len < max_length) {
    if (progress && !progress(cur_len - first_len, limit)) return cancelled(cur_len - first_len);
    // the 2·B best (beam, token) candidates of beam score + processed log p (ties: the lower index)
    struct Cand {
      double score;
      int beam, token;
    };
    std::vector<Cand> top;
    const size_t want = size_t(2 * B);
    auto worse = [](const Cand& a, const Cand& b) {  // a ranks after b
      return a.score < b.score || (a.score == b.score && (a.beam > b.beam || (a.beam == b.beam && a.token > b.token)));
    };
    auto heap = [&](const Cand& x, const Cand& y) { return worse(y, x); };
    for (int b = 0; b < B; ++b) {
      const std::vector<double> lp = processed(start.config(), beams.tokens(b), beams.next_logp(b), g, true);
      for (int v = 0; v < V; ++v) {
        const double sc = score[size_t(b)] + lp[size_t(v)];
        if (top.size() == want && !(sc >= top.front().score)) continue;  // (cannot rank: a quick test first)
        const Cand c{sc, b, v};
        if (top.size() < want) {
          top.push_back(c);
          std::push_heap(top.begin(), top.end(), heap);
        } else if (worse(top.front(), c)) {
          std::pop_heap(top.begin(), top.end(), heap);
          top.back() = c;
          std::push_heap(top.begin(), top.end(), heap);
        }
      }
    }
    std::sort(top.begin(), top.end(), [&](const Cand& a, const Cand& b) { return worse(b, a); });
    std::vector<Cand> next;
    for (size_t r = 0; r < top.size() && int(next.size()) < B; ++r) {
      const Cand& c = top[r];
      if (c.token == g.eos_id) {
        if (int(r) >= B) continue;  // an eos candidate outside the first num_beams is not kept
        hyps.add(beams.tokens(c.beam), c.score);
      } else {
        next.push_back(c);
      }
    }
    if (int(next.size()) < B) break;  // (a vocabulary of fewer than 2·B usable tokens)
    done = done || hyps.done(top.front().score, cur_len);
    std::vector<int> parents, tokens;
    for (const Cand& c : next) {
      parents.push_back(c.beam);
      tokens.push_back(c.token);
      score[parents.size() - 1] = c.score;
    }
    if (auto st = beams.step(parents, tokens)) return *st;
    ++cur_len;
    if (done) break;
  }
  if (!done)
    for (int b = 0; b < B; ++b) hyps.add(beams.tokens(b), score[size_t(b)]);
  if (hyps.hyps.empty()) return Error(ErrorCode::BeamNoHypothesis);
  const auto best = std::max_element(hyps.hyps.begin(), hyps.hyps.end(), [](auto& a, auto& b) { return a.first < b.first; });
  res.tokens = best->second;
  res.score = best->first;
  if (int(res.tokens.size()) < max_length && g.eos_id >= 0) res.tokens.push_back(g.eos_id);
  return res;
}

}  // namespace gb
