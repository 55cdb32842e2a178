// init and forward.
#include "args.h"
#include "commands.h"

#include "core/family.h"
#include "core/io/dataset.h"
#include "core/families/hmm/hmm.h"
#include "core/families/hmm/hmm_gmm.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/model/model.h"
#include "core/rng.h"
#include "core/text/prepare.h"
#include "core/train/memory.h"

#include <cstdio>

namespace gbcli {

const std::vector<OptionSpec> kInitSpecs = {
    {"variant", true, "encoder-decoder | decoder-only | bigram | rnn | rnn-seq2seq | hmm | hmm-gmm"},
    {"vocab-size", true, "|V|"},
    {"max-len", true, "ℓ_max"},
    {"layers", true, "L (decoder-only), or L_enc = L_dec = N"},
    {"enc-layers", true, "L_enc (encoder-decoder)"},
    {"dec-layers", true, "L_dec (encoder-decoder)"},
    {"heads", true, "H"},
    {"d-model", true, "d_e"},
    {"d-mlp", true, "d_MLP"},
    {"hidden", true, "d_h, the recurrent state's size (rnn, rnn-seq2seq)"},
    {"states", true, "K, the hidden states (hmm, hmm-gmm)"},
    {"mixtures", true, "M, the Gaussians of each state (hmm-gmm; default 2)"},
    {"dim", true, "D, the size of one observation (hmm-gmm; default: the data's)"},
    {"norm", true, "post | pre (default: the seed's)"},
    {"activation", true, "relu | gelu | gelu_tanh | silu | tanh (default: the seed's; an rnn: tanh or relu)"},
    {"cell", true, "elman | lstm: the recurrent cell (rnn, rnn-seq2seq; default elman)"},
    {"attention", true, "none | additive: the decoder reads the encoder's states (rnn-seq2seq; default none)"},
    {"final-norm", true, "on | off (default: the seed's)"},
    {"tied", false, "tie the unembedding to the embedding (W_u = W_eᵀ)"},
    {"dropout", true, "dropout probability (default 0)"},
    {"bos-id", true, "id of bos (default: none)"},
    {"eos-id", true, "id of eos (default: none)"},
    {"pad-id", true, "id of pad (default: none)"},
    {"seed", true, "initialisation seed (default 0)"},
    {"task", true, "a built-in task: copy, reverse, sort, add, date, translate (sizes default to the task's); "
                   "phoneme (hmm-gmm: 2-D sequences from a known 3-state HMM)"},
    {"train-size", true, "task: training pairs (default: the task's)"},
    {"val-size", true, "task: validation pairs (default: the task's)"},
    {"data-seed", true, "task: seed of the generated pairs (default 0)"},
    {"data", true, "build the tokenizer and ℓ_max from a file: pairs (.tsv/.csv) or text (anything else)"},
    {"tokenizer", true, "char | word | bpe (default: the task's, or char)"},
    {"min-count", true, "tokens seen fewer times become <unk> (default 1)"},
    {"bpe-vocab", true, "BPE: vocabulary size to reach (default 256)"},
    {"reject-malformed", false, "pairs data: a malformed line is an error (default: skip it and report)"},
    {"long", true, "examples longer than ℓ_max: filter (leave out, default) | truncate | reject"},
    {"out", true, "model file to write (.safetensors)"},
    {"json", false, "print what was written as JSON: path, config, parameters, tokenizer, data"},
    {"help", false, "show this help"},
};
const char* const kInitSynopsis =
    "glassbox-cli init --variant V --vocab-size N --max-len L (--layers N | --enc-layers N "
    "--dec-layers N) --heads H --d-model D --d-mlp M [--seed S] --out MODEL.safetensors\n"
    "       glassbox-cli init --variant bigram (--vocab-size N | --data FILE | --task T) [--max-len L] --out MODEL.safetensors\n"
    "       glassbox-cli init --variant rnn (--vocab-size N | --data FILE | --task T) [--max-len L] [--d-model D] "
    "[--hidden H] [--activation tanh|relu] [--cell elman|lstm] --out MODEL.safetensors\n"
    "       glassbox-cli init --variant rnn-seq2seq (--vocab-size N --max-len L | --data PAIRS | --task T) [--d-model D] "
    "[--hidden H] [--activation tanh|relu] [--cell elman|lstm] [--attention none|additive] --out MODEL.safetensors\n"
    "       glassbox-cli init --variant hmm (--vocab-size N | --data FILE | --task T) [--max-len L] [--states K] "
    "--out MODEL.safetensors\n"
    "       glassbox-cli init --variant hmm-gmm (--data NUMBERS | --dim D | --task phoneme) [--states K] [--mixtures M] "
    "--out MODEL.safetensors";

// hmm-gmm: its sizes K, M and D (from the data, --dim, or the phoneme task), no vocabulary; the means start on the
// data when there is some (hmm_gmm_init).
static int init_observation_family(const char* cmd, const Args& args, const gb::FamilyInfo& fam) {
  for (const char* opt : {"vocab-size", "layers", "enc-layers", "dec-layers", "heads", "d-model", "d-mlp", "hidden",
                          "norm", "activation", "cell", "attention", "final-norm", "tied", "dropout", "bos-id", "eos-id",
                          "pad-id", "tokenizer", "min-count", "bpe-vocab", "reject-malformed", "long"})
    if (args.has(opt))
      return fail(cmd, "a " + fam.name + " model has no --" + opt + ": it reads observations (vectors of numbers); "
                       "its sizes are K (--states), M (--mixtures) and D (--dim, or from --data or --task phoneme)", 2);
  if (args.has("task") && args.has("data")) return fail(cmd, "give --task or --data, not both", 2);
  constexpr long long big = 1 << 20;
  TRY(dim_given, args.get_int("dim", 0, 1, 1 << 16));
  TRY(seed, args.get_int("seed", 0, 0, (1LL << 62)));
  TRY(out, args.require("out"));
  std::vector<gb::Example> data;
  gb::Json desc;
  int longest = 0;
  if (auto tname = args.get("task")) {
    if (*tname != "phoneme")
      return fail(cmd, "a " + fam.name + " model reads observations: its built-in task is 'phoneme', not '" + *tname + "'", 2);
    TRY(tn, args.get_int("train-size", gb::kPhonemeTrainSize, 1, 1 << 20));
    TRY(vn, args.get_int("val-size", gb::kPhonemeValSize, 0, 1 << 20));
    TRY(ds, args.get_int("data-seed", 0, 0, 1LL << 62));
    if (*dim_given && *dim_given != gb::kPhonemeDim)
      return fail(cmd, "the phoneme task's observations have " + std::to_string(gb::kPhonemeDim) + " numbers, not --dim " +
                           std::to_string(*dim_given), 2);
    gb::PhonemeTask t = gb::phoneme_task(int(*tn), int(*vn), uint64_t(*ds));
    data = std::move(t.train);
    desc = gb::Json{{"kind", "task"}, {"task", "phoneme"}, {"train_size", *tn}, {"val_size", *vn}, {"seed", *ds}};
  } else if (auto path = args.get("data")) {
    auto d = gb::read_observations(*path, int(*dim_given));
    if (!d) return fail(cmd, d.error().message);
    data = std::move(*d);
    desc = gb::Json{{"kind", "file"}, {"path", *path}, {"format", "observations"}};
  } else if (!args.has("dim")) {
    return fail(cmd, "give --data (a numbers file), --task phoneme or --dim D", 2);
  }
  for (const auto& e : data) longest = std::max(longest, int(e.obs.cols()));
  gb::Config c = gb::family_config(fam.variant, 0, 256);
  c.obs_dim = data.empty() ? int(*dim_given) : int(data.front().obs.rows());
  TRY(maxlen, args.get_int("max-len", longest > 0 ? std::min<long long>(longest, 1 << 16) : 256, 1, 1 << 16));
  c.max_len = int(*maxlen);
  for (const auto& [opt, field] : {std::pair{"states", gb::SizeField::States}, std::pair{"mixtures", gb::SizeField::Mixtures}})
    if (args.has(opt)) {
      TRY(v, args.get_int(opt, 1, 1, big));
      gb::set_config_size(c, field, int(*v));
    }
  if (auto e = c.validate()) return fail(cmd, e->message, 2);
  if (auto e = gb::check_memory(gb::ErrorCode::PlanMemory, gb::model_memory(c).total())) return fail(cmd, e->message, 2);
  gb::ModelFile m;
  m.config = c;
  m.params = gb::params_zeros<float>(c);
  gb::Rng rng(static_cast<uint64_t>(*seed));
  gb::hmm_gmm_init(m.params.gmm, c, rng, &data);
  m.data = desc;
  if (auto e = gb::save_model(*out, m)) return fail(cmd, e->message);
  if (args.has("json")) {
    gb::Json j{{"path", *out}, {"config", gb::config_to_json(c)}, {"parameters", gb::params_count(c)}};
    if (!desc.is_null()) {
      j["data"] = desc;
      j["examples"] = {{"train", data.size()}};
    }
    std::printf("%s\n", j.dump().c_str());
  }
  std::fprintf(stderr, "wrote %s: %s, K = %d states, M = %d Gaussians each, D = %d, %lld parameters\n", out->c_str(),
               gb::variant_name(c.variant), c.states, c.mixtures, c.obs_dim, static_cast<long long>(gb::params_count(c)));
  return 0;
}

int cmd_init(int argc, char** argv) {
  const char* cmd = "init";
  auto args = Args::parse(argc, argv, 2, kInitSpecs);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text(kInitSynopsis,
                          kInitSpecs).c_str(), stdout);
    return 0;
  }
  TRY(vname, args->require("variant"));
  auto variant = gb::parse_variant(*vname);
  if (!variant) return fail(cmd, variant.error().message, 2);
  const bool ed = *variant == gb::Variant::EncoderDecoder;
  const gb::FamilyInfo& fam = gb::family(*variant);
  if (fam.observations) return init_observation_family(cmd, *args, fam);
  for (const char* opt : {"mixtures", "dim"})
    if (args->has(opt))
      return fail(cmd, "a " + fam.name + " model has no --" + opt + " (hmm-gmm's: the Gaussians of a state, the "
                       "observations' size)", 2);
  if (args->get("task").value_or("") == "phoneme")
    return fail(cmd, "the phoneme task is observations (vectors of numbers): it is for --variant hmm-gmm", 2);
  if (!fam.transformer) {  // its sizes are the family's (a bigram: |V| and ℓ_max only; an rnn: d_e and d_h besides)
    std::string sizes = "|V| (--vocab-size, or from --data or --task) and ℓ_max (--max-len)";
    if (fam.has(gb::SizeField::DModel)) sizes += ", d_e (--d-model)";
    if (fam.has(gb::SizeField::DHidden)) sizes += ", d_h (--hidden)";
    if (fam.has(gb::SizeField::States)) sizes += ", K (--states)";
    const std::vector<std::pair<const char*, bool>> options = {
        {"layers", false}, {"enc-layers", false}, {"dec-layers", false}, {"heads", fam.has(gb::SizeField::Heads)},
        {"d-model", fam.has(gb::SizeField::DModel)}, {"d-mlp", fam.has(gb::SizeField::DMlp)},
        {"hidden", fam.has(gb::SizeField::DHidden)}, {"states", fam.has(gb::SizeField::States)}, {"norm", false}, {"activation", fam.recurrent_cell},
        {"cell", fam.recurrent_cell}, {"attention", fam.recurrent_cell && fam.reads_source}, {"final-norm", false}, {"tied", false}, {"dropout", false}};
    for (const auto& [opt, has] : options)
      if (!has && args->has(opt)) {
        if (std::string(opt) == "attention" || std::string(opt) == "cell")
          return fail(cmd, "a " + fam.name + " model has no --" + opt + " (" +
                               (std::string(opt) == "cell" ? "the recurrent families' option: rnn, rnn-seq2seq"
                                                           : "the RNN encoder-decoder's option: rnn-seq2seq") + ")", 2);
        return fail(cmd, "a " + fam.name + " model has no --" + opt + ": its sizes are " + sizes, 2);
      }
  } else if (args->has("hidden")) {
    return fail(cmd, "a " + fam.name + " model has no --hidden (that is the rnn's state)", 2);
  } else if (args->has("states")) {
    return fail(cmd, "a " + fam.name + " model has no --states (that is the hmm's K)", 2);
  } else if (args->has("cell") || args->has("attention")) {
    return fail(cmd, "a " + fam.name + " model has no --" + (args->has("cell") ? "cell" : "attention") +
                         " (the recurrent families' options: rnn, rnn-seq2seq)", 2);
  }
  constexpr long long big = 1 << 20;
  // A task or a data file fixes the tokenizer, |V| and (unless given) ℓ_max, and suggests the model's size.
  std::optional<gb::PreparedData> prepared;
  bool po_long_truncate = args->get("long").value_or("") == "truncate";
  int def_layers = -1, def_heads = -1, def_d = -1, def_mlp = -1;
  if (args->has("task") && args->has("data")) return fail(cmd, "give --task or --data, not both", 2);
  if (args->has("task") || args->has("data")) {
    gb::PrepareOptions po;
    po.variant = *variant;
    if (auto tk = args->get("tokenizer")) {
      auto k = gb::parse_tokenizer(*tk);
      if (!k) return fail(cmd, k.error().message, 2);
      po.tokenizer_kind = *k;
      po.tokenizer_kind_given = true;
    }
    TRY(minc, args->get_int("min-count", 1, 1, 1 << 30));
    TRY(bpev, args->get_int("bpe-vocab", 256, 8, 1 << 20));
    TRY(ml, args->get_int("max-len", 0, 0, big));
    po.min_count = int(*minc);
    po.bpe_vocab = int(*bpev);
    po.max_len = int(*ml);
    TRY(lp, length_policy(*args));
    po.length = *lp;
    po.malformed = args->has("reject-malformed") ? gb::MalformedPolicy::Reject : gb::MalformedPolicy::Skip;
    if (auto tname = args->get("task")) {
      auto info = gb::find_task(*tname);
      if (!info) return fail(cmd, info.error().message, 2);
      TRY(tn, args->get_int("train-size", info->train_size, 1, 1 << 24));
      TRY(vn, args->get_int("val-size", info->val_size, 0, 1 << 24));
      TRY(ds, args->get_int("data-seed", 0, 0, 1LL << 62));
      auto d = gb::prepare_task(*tname, int(*tn), int(*vn), uint64_t(*ds), po);
      if (!d) return fail(cmd, d.error().message);
      prepared = std::move(*d);
      def_layers = info->layers, def_heads = info->heads, def_d = info->d_e, def_mlp = info->d_mlp;
    } else {
      if (gb::looks_like_jsonl(*args->get("data")))
        return fail(cmd, *args->get("data") + " holds JSON Lines of token ids, which need no tokenizer: give "
                         "--vocab-size and --max-len instead of --data (and the file to train)", 2);
      auto d = gb::prepare_file(*args->get("data"), po);
      if (!d) return fail(cmd, d.error().message);
      prepared = std::move(*d);
      def_layers = 2, def_heads = 4, def_d = 64, def_mlp = 256;
    }
  }
  const long long def_vocab = prepared ? prepared->tokenizer.size() : -1;
  TRY(vocab, args->get_int("vocab-size", def_vocab, 1, big));
  // a bigram reads no position: ℓ_max only bounds decoding and the examples' length, 256 unless given or the data's
  TRY(maxlen, args->get_int("max-len", prepared ? prepared->max_len : fam.transformer ? -1 : 256, 1, big));
  TRY(layers, args->get_int("layers", def_layers, 1, 256));
  TRY(enc, args->get_int("enc-layers", *layers, 1, 256));
  TRY(dec, args->get_int("dec-layers", *layers, 1, 256));
  TRY(heads, args->get_int("heads", def_heads, 1, 1024));
  TRY(dmodel, args->get_int("d-model", def_d, 1, big));
  TRY(dmlp, args->get_int("d-mlp", def_mlp, 1, big));
  TRY(seed, args->get_int("seed", 0, 0, (1LL << 62)));
  TRY(out, args->require("out"));
  if (!prepared && !fam.transformer && !args->has("vocab-size"))
    return fail(cmd, "option --vocab-size is required (or give --task or --data)", 2);
  if (!prepared && fam.transformer)
    for (const char* req : {"vocab-size", "max-len", "heads", "d-model", "d-mlp"})
      if (!args->has(req)) return fail(cmd, std::string("option --") + req + " is required (or give --task or --data)", 2);
  if (prepared && *vocab < def_vocab)
    return fail(cmd, "--vocab-size " + std::to_string(*vocab) + " is smaller than the tokenizer's " +
                         std::to_string(def_vocab) + " tokens", 2);
  if (fam.transformer && !ed && args->has("enc-layers"))
    return fail(cmd, "a decoder-only model has no encoder: use --layers", 2);
  if (fam.transformer && *dec < 1) return fail(cmd, ed ? "give --layers or --enc-layers and --dec-layers" : "give --layers", 2);
  if (ed && *enc < 1) return fail(cmd, "give --layers or --enc-layers and --dec-layers", 2);
  gb::Config c = fam.transformer ? gb::Config::make(*variant, int(*vocab), int(*maxlen), ed ? int(*enc) : 0, int(*dec),
                                                    int(*heads), int(*dmodel), int(*dmlp))
                                 : gb::family_config(*variant, int(*vocab), int(*maxlen));
  if (!fam.transformer)  // the sizes given, over the family's first preset
    for (const auto& [opt, field] : {std::pair{"d-model", gb::SizeField::DModel}, std::pair{"hidden", gb::SizeField::DHidden},
                                     std::pair{"states", gb::SizeField::States}})
      if (fam.has(field) && args->has(opt)) {
        TRY(v, args->get_int(opt, 1, 1, big));
        gb::set_config_size(c, field, int(*v));
      }
  if (auto n = args->get("norm")) {
    auto v = gb::parse_norm(*n);
    if (!v) return fail(cmd, v.error().message, 2);
    c.norm = *v;
  }
  if (auto a = args->get("activation")) {
    auto v = gb::parse_activation(*a);
    if (!v) return fail(cmd, v.error().message, 2);
    c.activation = *v;
  }
  if (auto a = args->get("cell")) {
    auto v = gb::parse_cell(*a);
    if (!v) return fail(cmd, v.error().message, 2);
    c.cell = *v;
  }
  if (auto a = args->get("attention")) {
    auto v = gb::parse_attention(*a);
    if (!v) return fail(cmd, v.error().message, 2);
    c.attention = *v;
  }
  if (auto f = args->get("final-norm")) {
    if (*f != "on" && *f != "off") return fail(cmd, "--final-norm: expected on or off, got '" + *f + "'", 2);
    c.final_norm = *f == "on";
  }
  c.tied_unembed = args->has("tied");
  TRY(dropout, args->get_double("dropout", 0.0));
  c.dropout = float(*dropout);
  TRY(bos, args->get_int("bos-id", prepared ? gb::Tokenizer::kBos : -1, -1, big));
  TRY(eos, args->get_int("eos-id", prepared ? gb::Tokenizer::kEos : -1, -1, big));
  TRY(pad, args->get_int("pad-id", prepared ? gb::Tokenizer::kPad : -1, -1, big));
  c.bos_id = int(*bos);
  c.eos_id = int(*eos);
  c.pad_id = int(*pad);
  if (auto e = c.validate()) return fail(cmd, e->message, 2);
  // before anything of the model's size is allocated: does it fit in memory (ulimit -v and cgroups included)?
  if (auto e = gb::check_memory(gb::ErrorCode::PlanMemory, gb::model_memory(c).total())) return fail(cmd, e->message, 2);
  gb::ModelFile m;
  m.config = c;
  m.params = gb::params_init(c, uint64_t(*seed));
  if (prepared) {
    m.tokenizer = prepared->tokenizer;
    m.data = prepared->description;
  }
  if (auto e = gb::save_model(*out, m)) return fail(cmd, e->message);
  if (args->has("json")) {
    gb::Json j{{"path", *out}, {"config", gb::config_to_json(c)}, {"parameters", gb::params_count(c)}};
    if (prepared) {
      j["tokenizer"] = {{"kind", gb::tokenizer_name(prepared->tokenizer.kind())}, {"size", prepared->tokenizer.size()}};
      j["data"] = prepared->description;
      j["examples"] = {{"train", prepared->train.size()}, {"val", prepared->val.size()},
                       {"too_long", prepared->report.too_long}, {"unknown_tokens", prepared->report.unknown_tokens}};
    }
    std::printf("%s\n", j.dump().c_str());
  }
  std::fprintf(stderr, "wrote %s: %s, |V| = %d, ℓ_max = %d, %lld parameters\n", out->c_str(),
               gb::variant_name(c.variant), c.vocab_size, c.max_len, static_cast<long long>(gb::params_count(c)));
  if (prepared) {
    const auto& r = prepared->report;
    std::fprintf(stderr, "data: %zu training and %zu validation examples, %s tokenizer with %d tokens", prepared->train.size(),
                 prepared->val.size(), gb::tokenizer_name(prepared->tokenizer.kind()), prepared->tokenizer.size());
    if (r.too_long)
      std::fprintf(stderr, ", %d examples longer than ℓ_max = %d %s (longest: %d tokens)", r.too_long, c.max_len,
                   po_long_truncate ? "truncated" : "left out", r.longest);
    if (r.unknown_tokens) std::fprintf(stderr, ", %lld unknown pieces became <unk>", (long long)r.unknown_tokens);
    const auto& desc = prepared->description;
    if (desc.contains("skipped") && desc["skipped"].get<int>() > 0)
      std::fprintf(stderr, ", %d malformed lines skipped (first: line %d, %s)", desc["skipped"].get<int>(),
                   desc["skipped_lines"][0]["line"].get<int>(),
                   desc["skipped_lines"][0]["reason"].get<std::string>().c_str());
    std::fprintf(stderr, "\n");
  }
  return 0;
}

const std::vector<OptionSpec> kForwardSpecs = {
    {"model", true, "model file"},
    {"ids", true, "decoder-only input, e.g. 3,1,4"},
    {"source-ids", true, "encoder-decoder source z"},
    {"target-ids", true, "encoder-decoder target x"},
    {"data", true, "hmm-gmm: a numbers file, of which the first sequence is read"},
    {"json", false, "print JSON (the only output there is: {\"logprobs\": [[…], …]})"},
    {"help", false, "show this help"},
};
const char* const kForwardSynopsis =
    "glassbox-cli forward --model MODEL (--ids 3,1,4 | --source-ids 3,1 --target-ids 1,5,9 | --data NUMBERS)\n"
    "  hmm-gmm: {\"loglik\", \"log_density\" (log p(o_t | o_<t) per t), \"viterbi\", \"posterior\"} of the file's first sequence";

// An HMM's states over one sequence: Viterbi's path and the posteriors γ_t(k), one row per t.
static void add_states(gb::Json& out, const std::vector<int>& path, const gb::MatD& g) {
  out["viterbi"] = path;
  gb::Json post = gb::Json::array();
  for (Eigen::Index t = 0; t < g.cols(); ++t) {
    gb::Json row = gb::Json::array();
    for (Eigen::Index k = 0; k < g.rows(); ++k) row.push_back(g(k, t));
    post.push_back(std::move(row));
  }
  out["posterior"] = std::move(post);
}

int cmd_forward(int argc, char** argv) {
  const char* cmd = "forward";
  auto args = Args::parse(argc, argv, 2, kForwardSpecs);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text(kForwardSynopsis,
                          kForwardSpecs).c_str(), stdout);
    return 0;
  }
  TRY(path, args->require("model"));
  auto m = gb::load_model(*path);
  if (!m) return fail(cmd, m.error().message);
  if (gb::family(m->config).observations) {
    for (const char* opt : {"ids", "source-ids", "target-ids"})
      if (args->has(opt))
        return fail(cmd, "a " + gb::family(m->config).name + " model reads observations, not token ids: give --data", 2);
    TRY(file, args->require("data"));
    auto d = gb::read_observations(*file, m->config.obs_dim);
    if (!d) return fail(cmd, d.error().message);
    const gb::MatF& obs = d->front().obs;
    const gb::HmmGmmFilter f = gb::hmm_gmm_filter(m->params.gmm, obs);
    // log p(o_t | o_<t): the increments of the log density, from the forward pass up to t
    gb::Json steps = gb::Json::array();
    for (Eigen::Index t = 0; t < f.log_c.size(); ++t) steps.push_back(f.log_c[t]);
    gb::Json out{{"loglik", f.loglik}, {"log_density", steps}};
    add_states(out, gb::hmm_gmm_viterbi(m->params.gmm, obs), gb::hmm_gmm_posterior(m->params.gmm, obs));
    std::printf("%s\n", out.dump().c_str());
    return 0;
  }
  if (args->has("data")) return fail(cmd, "--data is for a model that reads observations (hmm-gmm): give --ids", 2);
  gb::Example e;
  if (m->config.has_source()) {
    if (args->has("ids")) return fail(cmd, "this is an encoder-decoder model: use --source-ids and --target-ids", 2);
    TRY(z, args->get_ids("source-ids"));
    TRY(x, args->get_ids("target-ids"));
    e.z = *z;
    e.x = *x;
  } else {
    if (args->has("source-ids") || args->has("target-ids"))
      return fail(cmd, std::string("this is a ") + gb::variant_name(m->config.variant) + " model: use --ids", 2);
    TRY(x, args->get_ids("ids"));
    e.x = *x;
  }
  if (auto err = gb::check_example(m->config, e)) return fail(cmd, err->message, 2);
  const gb::MatF lp = gb::model_logprobs(m->config, m->params, e);
  gb::Json rows = gb::Json::array();
  for (Eigen::Index j = 0; j < lp.cols(); ++j) {
    gb::Json row = gb::Json::array();
    for (Eigen::Index v = 0; v < lp.rows(); ++v) row.push_back(double(lp(v, j)));
    rows.push_back(std::move(row));
  }
  gb::Json out{{"logprobs", rows}};  // (a log-probability of −∞ is written null)
  if (m->config.variant == gb::Variant::Hmm)  // the states: Viterbi's path and the posteriors γ_t(k), one row per t
    add_states(out, gb::hmm_viterbi(m->params.hmm, e.x), gb::hmm_posterior(m->params.hmm, e.x));
  std::printf("%s\n", out.dump().c_str());
  return 0;
}

}  // namespace gbcli
