// generate: ED-Inference / D-Inference from the command line — greedy, sampling or beam search, one step at a time
// through a DecodeSession (with or without the KV cache), printing the new ids or the whole record as JSON.
#include "args.h"
#include "commands.h"

#include "core/decode/generate.h"

#include "core/decode/session.h"
#include "core/family.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/text/tokenizer.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace gbcli {

const std::vector<OptionSpec> kGenerateSpecs = {
    {"model", true, "model file"},
    {"ids", true, "decoder-only prompt, e.g. 3,1,4"},
    {"source-ids", true, "encoder-decoder source z"},
    {"target-ids", true, "encoder-decoder decoder prefix (default: the model's bos)"},
    {"source", true, "encoder-decoder source as text (needs the model's tokenizer)"},
    {"prompt", true, "decoder-only prompt as text; <bos> is put in front (for a task model end it with '>')"},
    {"temperature", true, "τ: 0 = greedy, inf = uniform (default 1)"},
    {"top-k", true, "keep the k most likely tokens (default 0 = off)"},
    {"top-p", true, "keep the smallest set with this mass (default 1 = off)"},
    {"beam", true, "beam search with this width (length-normalised)"},
    {"as-configured", false, "an imported model: decode as its authors configured it (Hugging Face's generate with "
                             "num_beams, length_penalty, early_stopping, max_length, bad_words_ids, "
                             "forced_eos_token_id, do_sample, temperature, top_k, top_p from its generation_config.json; "
                             "--max-new N sets max_length to the start's length + N, as max_new_tokens does; --seed "
                             "seeds do_sample's draws)"},
    {"max-new", true, "new tokens at most (default: up to ℓ_max for encoder-decoder, 16 for decoder-only)"},
    {"stop-id", true, "stop after this token (default: the model's eos for encoder-decoder)"},
    {"seed", true, "sampler seed (default 0)"},
    {"no-cache", false, "recompute the whole prefix every step (for comparison)"},
    {"window", false, "go on past ℓ_max with a sliding window over the last ℓ_max tokens"},
    {"json", false, "print {\"ids\": [...], \"steps\": [...]} with every step's record"},
    {"help", false, "show this help"},
};
const char* const kGenerateSynopsis =
    "glassbox-cli generate --model MODEL (--ids PROMPT | --source-ids Z [--target-ids PREFIX]) "
    "[--temperature τ|inf] [--top-k K] [--top-p P] [--beam B] [--max-new N] [--stop-id ID] "
    "[--seed S] [--no-cache] [--json]";

static gb::Json vec_json(const std::vector<double>& v) {
  gb::Json a = gb::Json::array();
  for (double x : v) a.push_back(x);
  return a;
}

int cmd_generate(int argc, char** argv) {
  const char* cmd = "generate";
  auto args = Args::parse(argc, argv, 2, kGenerateSpecs);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text(kGenerateSynopsis,
                          kGenerateSpecs).c_str(), stdout);
    return 0;
  }
  auto path = args->require("model");
  if (!path) return fail(cmd, path.error().message, 2);
  auto m = gb::load_model(*path);
  if (!m) return fail(cmd, m.error().message);
  const gb::Config& c = m->config;
  if (gb::family(c).observations)
    return fail(cmd, gb::Error(gb::ErrorCode::TokensForObsFamily, {{"family", gb::family(c).name}, {"what", "generate"}})
                         .message, 2);
  std::vector<int> z, x;
  const bool text_in = args->has("source") || args->has("prompt");
  if (text_in && !m->tokenizer) return fail(cmd, "this model has no tokenizer: give token ids", 2);
  const bool ed = c.has_source();
  const std::string kind = gb::variant_name(c.variant);
  if (ed && args->has("source")) {
    if (args->has("prompt")) return fail(cmd, "this is an encoder-decoder model: use --source", 2);
    const gb::Encoded e = m->tokenizer->encode(*args->get("source"));
    report_unknown(cmd, e);
    z = e.ids;
  } else if (!ed && args->has("prompt")) {
    const gb::Encoded e = m->tokenizer->encode(*args->get("prompt"));
    report_unknown(cmd, e);
    if (m->tokenizer->prompt_starts_with_bos()) x = {gb::Tokenizer::kBos};
    x.insert(x.end(), e.ids.begin(), e.ids.end());
  } else if (text_in) {
    return fail(cmd, ed ? std::string("this is an encoder-decoder model: use --source") : "this is a " + kind + " model: use --prompt", 2);
  } else if (ed) {
    if (args->has("ids")) return fail(cmd, "this is an encoder-decoder model: use --source-ids [--target-ids]", 2);
    auto zz = args->get_ids("source-ids");
    if (!zz) return fail(cmd, zz.error().message, 2);
    z = *zz;
    if (args->has("target-ids")) {
      auto xx = args->get_ids("target-ids");
      if (!xx) return fail(cmd, xx.error().message, 2);
      x = *xx;
    }
  } else {
    if (args->has("source-ids") || args->has("target-ids")) return fail(cmd, "this is a " + kind + " model: use --ids", 2);
    auto xx = args->get_ids("ids");
    if (!xx) return fail(cmd, xx.error().message, 2);
    x = *xx;
  }
  gb::SamplerOptions so;
  auto tau = args->get_double("temperature", 1.0);
  auto topk = args->get_int("top-k", 0, 0, 1 << 30);
  auto topp = args->get_double("top-p", 1.0);
  auto beam = args->get_int("beam", 0, 0, 1024);
  auto seed = args->get_int("seed", 0, 0, 1LL << 62);
  auto stop = args->get_int("stop-id", ed || m->tokenizer ? c.eos_id : -1, -1, c.vocab_size - 1);
  auto max_new = args->get_int("max-new", ed || m->tokenizer ? c.max_len : 16, 1, 1 << 20);
  for (auto* r : {&topk, &beam, &seed, &stop, &max_new})
    if (!*r) return fail(cmd, r->error().message, 2);
  for (auto* r : {&tau, &topp})
    if (!*r) return fail(cmd, r->error().message, 2);
  if (*tau < 0) return fail(cmd, "--temperature must be 0, positive or inf", 2);
  if (!(*topp > 0 && *topp <= 1)) return fail(cmd, "--top-p must lie in (0, 1]", 2);
  so.temperature = *tau;
  so.top_k = int(*topk);
  so.top_p = *topp;
  gb::DecodeOptions dopt{!args->has("no-cache"), args->has("window")};
  const auto t_create = std::chrono::steady_clock::now();
  auto session = gb::DecodeSession::create(c, m->params, z, x, dopt);  // (the encoder and the prompt's pass)
  const double prefill = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_create).count();
  if (!session) return fail(cmd, session.error().message, 2);
  const bool json = args->has("json");

  if (args->has("as-configured")) {
    for (const char* opt : {"beam", "temperature", "top-k", "top-p", "window", "no-cache"})
      if (args->has(opt)) return fail(cmd, std::string("--as-configured decodes as configured: drop --") + opt, 2);
    auto g = gb::generation_settings(c, m->extra);
    if (!g) return fail(cmd, g.error().message);
    const int start_len = int(session->tokens().size());
    if (args->has("max-new")) g->max_length = start_len + int(*max_new);
    const auto t0 = std::chrono::steady_clock::now();
    auto r = gb::hf_generate(*session, *g, {}, uint64_t(*seed));  // (the seed: do_sample's draws)
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!r) return fail(cmd, r.error().message);
    const std::vector<int> fresh(r->tokens.begin() + start_len, r->tokens.end());
    if (json) {  // for benchmarks: prefill_seconds — the encoder and the prompt's pass; seconds — the search after it
      std::printf("%s\n", gb::Json{{"ids", fresh}, {"score", r->score}, {"num_beams", g->num_beams},
                                   {"prefill_seconds", prefill}, {"seconds", seconds}}.dump().c_str());
    } else if (text_in) {
      std::printf("%s\n", m->tokenizer->decode(fresh).c_str());
    } else {
      for (size_t i = 0; i < fresh.size(); ++i) std::printf("%s%d", i ? "," : "", fresh[i]);
      std::printf("\n");
    }
    return 0;
  }

  if (*beam > 0) {
    auto b = gb::beam_search(*session, int(*beam), int(*max_new), int(*stop));
    if (!b) return fail(cmd, b.error().message);
    if (json) {
      gb::Json tree = gb::Json::array();
      for (const auto& n : b->tree)
        tree.push_back({{"parent", n.parent}, {"token", n.token}, {"depth", n.depth}, {"logp", n.logp},
                        {"score", n.score}, {"normalized", n.normalized}, {"pruned", n.pruned},
                        {"finished", n.finished}});
      std::printf("%s\n", gb::Json{{"ids", b->tokens}, {"score", b->score}, {"normalized", b->normalized},
                                   {"beam_tree", tree}}.dump().c_str());
    } else if (text_in) {
      std::vector<int> shown;
      for (int t : b->tokens)
        if (t != int(*stop)) shown.push_back(t);
      std::printf("%s\n", m->tokenizer->decode(shown).c_str());
    } else {
      for (size_t i = 0; i < b->tokens.size(); ++i) std::printf("%s%d", i ? "," : "", b->tokens[i]);
      std::printf("\n");
    }
    return 0;
  }

  gb::Rng rng{uint64_t(*seed)};
  std::vector<int> out;
  std::string warning;
  for (int i = 0; i < *max_new; ++i) {
    if (!session->can_step()) {
      warning = "stopped at ℓ_max = " + std::to_string(c.max_len) + " tokens (use --window to go on)";
      break;
    }
    auto st = session->step(so, rng);
    if (!st) return fail(cmd, st.error().message);
    out.push_back((*st)->choice.token);
    if ((*st)->choice.token == *stop) break;
  }
  if (!warning.empty() && !ed) std::fprintf(stderr, "glassbox-cli generate: %s\n", warning.c_str());
  if (json) {
    gb::Json steps = gb::Json::array();
    for (const auto& s : session->steps()) {
      gb::Json attn = gb::Json::array();
      for (const auto& layer : s.attention) {
        gb::Json self = gb::Json::array(), cross = gb::Json::array();
        for (const auto& h : layer.self) self.push_back(std::vector<float>(h.data(), h.data() + h.size()));
        for (const auto& h : layer.cross) cross.push_back(std::vector<float>(h.data(), h.data() + h.size()));
        attn.push_back({{"self", self}, {"cross", cross}});
      }
      steps.push_back({{"position", s.position},
                       {"logprobs", vec_json(s.logp)},
                       {"chosen", s.choice.token},
                       {"how", gb::choice_name(s.choice.how)},
                       {"random", std::isnan(s.choice.random) ? gb::Json(nullptr) : gb::Json(s.choice.random)},
                       {"p", s.p_chosen},
                       {"q_chosen", s.q_chosen},
                       {"q", vec_json(s.choice.q)},
                       {"q_filtered", vec_json(s.choice.q_filtered)},
                       {"kept", s.choice.kept},
                       {"entropy_p", s.choice.entropy_p},
                       {"entropy_q", s.choice.entropy_q},
                       {"cached", s.cached},
                       {"cache_reused", s.cache_reused},
                       {"window_start", s.window_start},
                       {"attention", attn}});
    }
    gb::Json j{{"ids", out}, {"steps", steps}};
    if (m->tokenizer) j["text"] = m->tokenizer->decode(out);
    std::printf("%s\n", j.dump().c_str());
  } else if (text_in) {
    std::vector<int> shown;
    for (int t : out)
      if (t != int(*stop)) shown.push_back(t);
    std::printf("%s\n", m->tokenizer->decode(shown).c_str());
  } else {
    for (size_t i = 0; i < out.size(); ++i) std::printf("%s%d", i ? "," : "", out[i]);
    std::printf("\n");
  }
  return 0;
}

}  // namespace gbcli
