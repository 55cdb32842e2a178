// glassbox-cli import (a Hugging Face checkpoint folder → a model file) and tokenize (text → ids and pieces).
#include "commands.h"

#include "core/io/hf_import.h"
#include "core/model/params.h"

#include <chrono>
#include <cstdio>

namespace gbcli {

const std::vector<OptionSpec> kImportSpecs = {
    {"out", true, "the model file to write"},
    {"quiet", false, "no progress on stderr"},
    {"help", false, "show this help"},
};
const char* const kImportSynopsis =
    "glassbox-cli import FOLDER --out MODEL.safetensors\n"
    "  FOLDER: a Hugging Face checkpoint folder (or its config.json) with config.json, model.safetensors (F32, F16\n"
    "  or BF16) and the tokenizer's files; model_type gpt2 (vocab.json, merges.txt) or marian (vocab.json,\n"
    "  source.spm, target.spm). See docs/import.md.";

const std::vector<OptionSpec> kTokenizeSpecs = {
    {"model", true, "model file"},
    {"text", true, "the text to encode"},
    {"target", false, "encode as the decoder's side (an encoder-decoder model's target)"},
    {"prompt", false, "the ids a decoder-only model's prompt gets (<bos> first for the tool's own tokenizers; "
                      "none for GPT-2's)"},
    {"json", false, "print {\"ids\": […], \"pieces\": […]} (the only output there is)"},
    {"help", false, "show this help"},
};
const char* const kTokenizeSynopsis =
    "glassbox-cli tokenize --model MODEL --text TEXT [--target] [--prompt] --json\n"
    "  pieces are the vocabulary's own strings (GPT-2's byte alphabet: \"Ġworld\" is \" world\"); a Marian model\n"
    "  appends \"</s>\" and encodes --target with its target.spm";

int cmd_import(int argc, char** argv) {
  const char* cmd = "import";
  auto args = Args::parse(argc, argv, 2, kImportSpecs, 1);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text(kImportSynopsis, kImportSpecs).c_str(), stdout);
    return 0;
  }
  if (args->positional().size() != 1) return fail(cmd, "give the checkpoint's folder: import FOLDER --out MODEL", 2);
  TRY(out, args->require("out"));
  const auto t0 = std::chrono::steady_clock::now();
  auto ck = gb::hf_open(args->positional()[0]);
  if (!ck) return fail(cmd, ck.error().message);
  if (auto e = gb::hf_check_memory(*ck)) return fail(cmd, e->message);
  const bool quiet = args->has("quiet");
  int last_pct = -1;
  auto m = gb::hf_import(*ck, [&](uint64_t done, uint64_t total) {
    const int pct = total ? int(100 * done / total) : 100;
    if (!quiet && pct / 10 != last_pct / 10) std::fprintf(stderr, "\rreading weights: %3d%%", pct);
    last_pct = pct;
    return true;
  });
  if (!quiet) std::fprintf(stderr, "\n");
  if (!m) return fail(cmd, m.error().message);
  if (auto err = gb::save_model(*out, *m)) return fail(cmd, err->message);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("imported %s: %lld parameters (%s), |V| = %d, %d layers × %d heads, d_e = %d → %s (%.2f s)\n",
              ck->model_type.c_str(), static_cast<long long>(gb::params_count(m->config)), ck->dtype.c_str(),
              m->config.vocab_size, m->config.dec_layers, m->config.heads, m->config.d_e, out->c_str(), s);
  return 0;
}

int cmd_tokenize(int argc, char** argv) {
  const char* cmd = "tokenize";
  auto args = Args::parse(argc, argv, 2, kTokenizeSpecs);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text(kTokenizeSynopsis, kTokenizeSpecs).c_str(), stdout);
    return 0;
  }
  TRY(path, args->require("model"));
  TRY(text, args->require("text"));
  auto m = gb::load_model(*path);
  if (!m) return fail(cmd, m.error().message);
  if (!m->tokenizer) return fail(cmd, "this model has no tokenizer", 2);
  const gb::Tokenizer& tok = *m->tokenizer;
  const gb::Encoded e = args->has("target") ? tok.encode_target(*text) : tok.encode(*text);
  report_unknown(cmd, e);
  std::vector<int> ids;
  if (args->has("prompt")) {
    if (m->config.has_source()) return fail(cmd, "--prompt is for a decoder-only model's prompt", 2);
    if (tok.prompt_starts_with_bos()) ids.push_back(gb::Tokenizer::kBos);
  }
  ids.insert(ids.end(), e.ids.begin(), e.ids.end());
  gb::Json pieces = gb::Json::array();
  for (int id : ids) pieces.push_back(tok.token(id));
  std::printf("%s\n", gb::Json{{"ids", ids}, {"pieces", pieces}}.dump().c_str());
  return 0;
}

}  // namespace gbcli
