#include "core/io/hf_import.h"

#include "core/io/safetensors.h"
#include "core/train/memory.h"
#include "core/model/params.h"

#include <functional>
#include <map>
#include <sys/stat.h>

namespace gb {

namespace {

bool is_dir(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}
bool is_file(const std::string& p) {
  struct stat st {};
  return ::stat(p.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

std::string shape_text(const std::vector<int64_t>& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

// config.json's fields, each checked: errors name the field, what was expected and what was found.
struct ConfigReader {
  const Json& j;
  std::string file;
  Error field_error(ErrorCode code, const std::string& field, const Json* found, ErrorArgs args = {}) const {
    args.insert(args.begin(), {"field", field});
    args.push_back({"found", found ? found->dump() : "nothing"});
    return Error(code, std::move(args)).in_file(file);
  }
  // a field whose value the seeds' architecture does not have (normalize_before: true …)
  Error unsupported(const std::string& field, const std::string& value) const {
    return field_error(ErrorCode::HfConfigUnsupported, field, &j[field], {{"value", value}});
  }
  Result<long long> integer(const std::string& field, long long lo, long long hi,
                            std::optional<long long> def = std::nullopt) const {
    const ErrorArgs range{{"lo", std::to_string(lo)}, {"hi", std::to_string(hi)}};
    if (!j.contains(field) || j[field].is_null()) {
      if (def) return *def;
      return field_error(ErrorCode::HfConfigInteger, field, nullptr, range);
    }
    const Json& v = j[field];
    if (!v.is_number_integer() || v.get<long long>() < lo || v.get<long long>() > hi)
      return field_error(ErrorCode::HfConfigInteger, field, &v, range);
    return v.get<long long>();
  }
  Result<double> number(const std::string& field, double lo, double hi, double def) const {
    if (!j.contains(field) || j[field].is_null()) return def;
    const Json& v = j[field];
    if (!v.is_number() || !(v.get<double>() > lo && v.get<double>() <= hi))
      return field_error(ErrorCode::HfConfigNumber, field, &v,
                         {{"lo", Json(lo).dump()}, {"hi", Json(hi).dump()}});
    return v.get<double>();
  }
  Result<bool> boolean(const std::string& field, bool def) const {
    if (!j.contains(field) || j[field].is_null()) return def;
    if (!j[field].is_boolean()) return field_error(ErrorCode::HfConfigBool, field, &j[field]);
    return j[field].get<bool>();
  }
  Result<std::string> string(const std::string& field, const std::string& def) const {
    if (!j.contains(field) || j[field].is_null()) return def;
    if (!j[field].is_string()) return field_error(ErrorCode::HfConfigString, field, &j[field]);
    return j[field].get<std::string>();
  }
};

#define GB_TRY(var, expr) \
  auto var = (expr);      \
  if (!var) return var.error();

// How one tensor of the checkpoint reaches the parameters: straight into a tensor of the seed's (the same bytes),
// or through a function that gets the values read (a split or a transpose).
struct Target {
  std::vector<int64_t> shape;                          // expected, as the checkpoint writes it
  float* direct = nullptr;                             // read here when set
  std::function<void(const std::vector<float>&)> put;  // otherwise this gets the values
};

// The gpt2 architecture: its config → the seed's Config.
Result<Config> gpt2_config(const ConfigReader& r) {
  GB_TRY(vocab, r.integer("vocab_size", 1, 1 << 22));
  GB_TRY(n_ctx, r.integer("n_ctx", 1, 1 << 16, 1024));
  GB_TRY(positions, r.integer("n_positions", 1, 1 << 16, *n_ctx));
  GB_TRY(d, r.integer("n_embd", 1, 1 << 16));  // (Config::validate's bounds)
  GB_TRY(layers, r.integer("n_layer", 1, 256));
  GB_TRY(heads, r.integer("n_head", 1, 1024));
  GB_TRY(inner, r.integer("n_inner", 1, 1 << 18, 4 * *d));
  GB_TRY(act, r.string("activation_function", "gelu_new"));
  GB_TRY(eps, r.number("layer_norm_epsilon", 0.0, 0.1, 1e-5));
  GB_TRY(tie, r.boolean("tie_word_embeddings", true));
  GB_TRY(scale, r.boolean("scale_attn_weights", true));
  GB_TRY(by_layer, r.boolean("scale_attn_by_inverse_layer_idx", false));
  GB_TRY(cross, r.boolean("add_cross_attention", false));
  GB_TRY(bos, r.integer("bos_token_id", 0, *vocab - 1, -1));
  GB_TRY(eos, r.integer("eos_token_id", 0, *vocab - 1, -1));
  if (*d % *heads != 0)
    return r.field_error(ErrorCode::HfConfigDivisor, "n_head", &r.j["n_head"],
                         {{"of", "n_embd"}, {"value", std::to_string(*d)}});
  if (!*scale) return r.unsupported("scale_attn_weights", "true");
  if (*by_layer) return r.unsupported("scale_attn_by_inverse_layer_idx", "false");
  if (*cross) return r.unsupported("add_cross_attention", "false");
  Activation a;
  if (*act == "gelu_new" || *act == "gelu_pytorch_tanh" || *act == "gelu_fast") a = Activation::GeluTanh;
  else if (*act == "gelu") a = Activation::GELU;
  else if (*act == "relu") a = Activation::ReLU;
  else if (*act == "silu" || *act == "swish") a = Activation::SiLU;
  else if (*act == "tanh") a = Activation::Tanh;
  else {
    const Json found = *act;
    return r.field_error(ErrorCode::HfConfigOneOf, "activation_function", &found,
                         {{"choices", "gelu_new, gelu_pytorch_tanh, gelu_fast, gelu, relu, silu, swish, tanh"}});
  }
  Config c = Config::make(Variant::DecoderOnly, int(*vocab), int(*positions), 0, int(*layers), int(*heads), int(*d),
                          int(*inner));
  c.norm = NormPlacement::Pre;
  c.final_norm = true;
  c.activation = a;
  c.ln_eps = *eps;
  c.tied_unembed = *tie;
  c.bos_id = int(*bos);
  c.eos_id = int(*eos);
  c.pad_id = -1;
  if (auto e = c.validate()) return e->in_file(r.file);
  return c;
}

// The gpt2 architecture's tensors (names without the "transformer." prefix) and where each goes in p.
std::map<std::string, Target> gpt2_targets(const Config& c, Params<float>* p) {
  const int64_t d = c.d_e, V = c.vocab_size, m = c.d_mlp, P = c.max_len;
  std::map<std::string, Target> t;
  auto direct = [&](const std::string& name, std::vector<int64_t> shape, float* to) {
    t[name] = Target{std::move(shape), to, {}};
  };
  direct("wte.weight", {V, d}, p ? p->W_e.data() : nullptr);
  direct("wpe.weight", {P, d}, p ? p->W_p.data() : nullptr);
  for (int l = 0; l < c.dec_layers; ++l) {
    const std::string h = "h." + std::to_string(l) + ".";
    LayerParams<float>* L = p ? &p->dec[size_t(l)] : nullptr;
    direct(h + "ln_1.weight", {d}, L ? L->ln_a.gamma.data() : nullptr);
    direct(h + "ln_1.bias", {d}, L ? L->ln_a.beta.data() : nullptr);
    // c_attn [d, 3d]: row i holds the inputs' i-th weights of q, k, v; W_q's column i is its first d entries.
    t[h + "attn.c_attn.weight"] = Target{{d, 3 * d}, nullptr, [L, d](const std::vector<float>& w) {
      for (int64_t i = 0; i < d; ++i)
        for (int64_t o = 0; o < d; ++o) {
          L->attn.W_q(o, i) = w[size_t(i * 3 * d + o)];
          L->attn.W_k(o, i) = w[size_t(i * 3 * d + d + o)];
          L->attn.W_v(o, i) = w[size_t(i * 3 * d + 2 * d + o)];
        }
    }};
    t[h + "attn.c_attn.bias"] = Target{{3 * d}, nullptr, [L, d](const std::vector<float>& b) {
      for (int64_t o = 0; o < d; ++o) {
        L->attn.b_q(o) = b[size_t(o)];
        L->attn.b_k(o) = b[size_t(d + o)];
        L->attn.b_v(o) = b[size_t(2 * d + o)];
      }
    }};
    direct(h + "attn.c_proj.weight", {d, d}, L ? L->attn.W_o.data() : nullptr);
    direct(h + "attn.c_proj.bias", {d}, L ? L->attn.b_o.data() : nullptr);
    direct(h + "ln_2.weight", {d}, L ? L->ln_c.gamma.data() : nullptr);
    direct(h + "ln_2.bias", {d}, L ? L->ln_c.beta.data() : nullptr);
    direct(h + "mlp.c_fc.weight", {d, m}, L ? L->mlp.W_in.data() : nullptr);
    direct(h + "mlp.c_fc.bias", {m}, L ? L->mlp.b_in.data() : nullptr);
    direct(h + "mlp.c_proj.weight", {m, d}, L ? L->mlp.W_out.data() : nullptr);
    direct(h + "mlp.c_proj.bias", {d}, L ? L->mlp.b_out.data() : nullptr);
  }
  direct("ln_f.weight", {d}, p ? p->ln_f.gamma.data() : nullptr);
  direct("ln_f.bias", {d}, p ? p->ln_f.beta.data() : nullptr);
  if (!c.tied_unembed)  // lm_head [|V|, d] row-major is W_u (|V| × d) transposed in memory
    t["lm_head.weight"] = Target{{V, d}, nullptr, [p, V, d](const std::vector<float>& w) {
      for (int64_t v = 0; v < V; ++v)
        for (int64_t i = 0; i < d; ++i) p->W_u(v, i) = w[size_t(v * d + i)];
    }};
  return t;
}

// Tensors a gpt2 checkpoint may carry that are not parameters, with the shape they must have (empty: any): the
// causal-mask buffers, and lm_head when tied (it is wte).
std::optional<std::vector<int64_t>> gpt2_ignored(const std::string& name, const Config& c) {
  auto ends_with = [&](const char* s) {
    const std::string e = s;
    return name.size() >= e.size() && name.compare(name.size() - e.size(), e.size(), e) == 0;
  };
  if (name.rfind("h.", 0) == 0 && (ends_with(".attn.bias") || ends_with(".attn.masked_bias")))
    return std::vector<int64_t>{};
  if (c.tied_unembed && name == "lm_head.weight") return std::vector<int64_t>{c.vocab_size, c.d_e};
  return std::nullopt;
}

// Each architecture's tokenizer from its files in the folder.
Result<Tokenizer> gpt2_tokenizer(const std::string& dir) {
  return Tokenizer::from_byte_bpe_files(dir + "/vocab.json", dir + "/merges.txt");
}
Result<Tokenizer> marian_tokenizer(const std::string& dir) {
  return Tokenizer::from_marian_files(dir + "/vocab.json", dir + "/source.spm", dir + "/target.spm");
}

// The marian architecture (MarianMTModel: Helsinki-NLP's opus-mt models): seed 000's ED-Transformer — post-LN
// layers, no final layer norm — with SiLU ("swish"), sinusoidal positions, embeddings scaled by √d_model, one
// embedding shared by encoder, decoder and output, and an output bias (final_logits_bias).
Result<Config> marian_config(const ConfigReader& r) {
  GB_TRY(vocab, r.integer("vocab_size", 1, 1 << 22));
  GB_TRY(positions, r.integer("max_position_embeddings", 1, 1 << 16, 1024));
  GB_TRY(d, r.integer("d_model", 1, 1 << 16));
  GB_TRY(enc, r.integer("encoder_layers", 1, 256));
  GB_TRY(dec, r.integer("decoder_layers", 1, 256));
  GB_TRY(heads, r.integer("encoder_attention_heads", 1, 1024));
  GB_TRY(dec_heads, r.integer("decoder_attention_heads", 1, 1024));
  GB_TRY(ffn, r.integer("encoder_ffn_dim", 1, 1 << 18));
  GB_TRY(dec_ffn, r.integer("decoder_ffn_dim", 1, 1 << 18));
  GB_TRY(act, r.string("activation_function", "gelu"));
  GB_TRY(scale, r.boolean("scale_embedding", false));
  GB_TRY(before, r.boolean("normalize_before", false));
  GB_TRY(norm_emb, r.boolean("normalize_embedding", false));
  GB_TRY(statics, r.boolean("static_position_embeddings", true));
  GB_TRY(share, r.boolean("share_encoder_decoder_embeddings", true));
  GB_TRY(tie, r.boolean("tie_word_embeddings", true));
  GB_TRY(pad, r.integer("pad_token_id", 0, *vocab - 1, *vocab - 1));
  GB_TRY(eos, r.integer("eos_token_id", 0, *vocab - 1, 0));
  GB_TRY(start, r.integer("decoder_start_token_id", 0, *vocab - 1, *pad));
  if (*dec_heads != *heads)
    return r.field_error(ErrorCode::HfConfigSame, "decoder_attention_heads", &r.j["decoder_attention_heads"],
                         {{"other", "encoder_attention_heads"}, {"value", std::to_string(*heads)}});
  if (*dec_ffn != *ffn)
    return r.field_error(ErrorCode::HfConfigSame, "decoder_ffn_dim", &r.j["decoder_ffn_dim"],
                         {{"other", "encoder_ffn_dim"}, {"value", std::to_string(*ffn)}});
  if (*d % *heads != 0)
    return r.field_error(ErrorCode::HfConfigDivisor, "encoder_attention_heads", &r.j["encoder_attention_heads"],
                         {{"of", "d_model"}, {"value", std::to_string(*d)}});
  if (*before) return r.unsupported("normalize_before", "false");  // (post-LN, as seed 000)
  if (*norm_emb) return r.unsupported("normalize_embedding", "false");
  if (!*statics) return r.unsupported("static_position_embeddings", "true");  // (sinusoidal positions)
  if (!*share) return r.unsupported("share_encoder_decoder_embeddings", "true");  // (one embedding for both sides)
  if (!*tie) return r.unsupported("tie_word_embeddings", "true");  // (the output reads the shared embedding)
  Activation a;
  if (*act == "swish" || *act == "silu") a = Activation::SiLU;
  else if (*act == "gelu") a = Activation::GELU;
  else if (*act == "gelu_new" || *act == "gelu_pytorch_tanh") a = Activation::GeluTanh;
  else if (*act == "relu") a = Activation::ReLU;
  else {
    const Json found = *act;
    return r.field_error(ErrorCode::HfConfigOneOf, "activation_function", &found,
                         {{"choices", "swish, silu, gelu, gelu_new, gelu_pytorch_tanh, relu"}});
  }
  Config c = Config::make(Variant::EncoderDecoder, int(*vocab), int(*positions), int(*enc), int(*dec), int(*heads),
                          int(*d), int(*ffn));
  c.norm = NormPlacement::Post;
  c.final_norm = false;
  c.activation = a;
  c.positions = Positions::Sinusoidal;
  c.embed_scale = *scale;
  c.out_bias = true;
  c.tied_unembed = true;
  c.bos_id = int(*start);  // the decoder starts from decoder_start_token_id (Marian's <pad>)
  c.eos_id = int(*eos);
  c.pad_id = int(*pad);
  if (auto e = c.validate()) return e->in_file(r.file);
  return c;
}

// nn.Linear keeps W as [out, in] row-major: the seed's W (out × in) column-major is its transpose in memory.
void put_transposed(Mat<float>& W, const std::vector<float>& w) {
  const Eigen::Index rows = W.rows(), cols = W.cols();
  for (Eigen::Index o = 0; o < rows; ++o)
    for (Eigen::Index i = 0; i < cols; ++i) W(o, i) = w[size_t(o * cols + i)];
}

std::map<std::string, Target> marian_targets(const Config& c, Params<float>* p) {
  const int64_t d = c.d_e, V = c.vocab_size, m = c.d_mlp;
  std::map<std::string, Target> t;
  auto direct = [&](const std::string& name, std::vector<int64_t> shape, float* to) {
    t[name] = Target{std::move(shape), to, {}};
  };
  auto linear = [&](const std::string& name, Mat<float>* W, Vec<float>* b, int64_t out, int64_t in) {
    t[name + ".weight"] = Target{{out, in}, nullptr, [W](const std::vector<float>& w) { put_transposed(*W, w); }};
    direct(name + ".bias", {out}, b ? b->data() : nullptr);
  };
  auto attention = [&](const std::string& pre, AttentionParams<float>* a) {
    linear(pre + ".q_proj", a ? &a->W_q : nullptr, a ? &a->b_q : nullptr, d, d);
    linear(pre + ".k_proj", a ? &a->W_k : nullptr, a ? &a->b_k : nullptr, d, d);
    linear(pre + ".v_proj", a ? &a->W_v : nullptr, a ? &a->b_v : nullptr, d, d);
    linear(pre + ".out_proj", a ? &a->W_o : nullptr, a ? &a->b_o : nullptr, d, d);
  };
  auto norm = [&](const std::string& pre, NormParams<float>* n) {
    direct(pre + ".weight", {d}, n ? n->gamma.data() : nullptr);
    direct(pre + ".bias", {d}, n ? n->beta.data() : nullptr);
  };
  auto mlp = [&](const std::string& pre, MlpParams<float>* f) {
    linear(pre + "fc1", f ? &f->W_in : nullptr, f ? &f->b_in : nullptr, m, d);
    linear(pre + "fc2", f ? &f->W_out : nullptr, f ? &f->b_out : nullptr, d, m);
  };
  direct("shared.weight", {V, d}, p ? p->W_e.data() : nullptr);
  direct("final_logits_bias", {1, V}, p ? p->b_u.data() : nullptr);
  for (int l = 0; l < c.enc_layers; ++l) {
    const std::string e = "encoder.layers." + std::to_string(l) + ".";
    LayerParams<float>* L = p ? &p->enc[size_t(l)] : nullptr;
    attention(e + "self_attn", L ? &L->attn : nullptr);
    norm(e + "self_attn_layer_norm", L ? &L->ln_a : nullptr);
    mlp(e, L ? &L->mlp : nullptr);
    norm(e + "final_layer_norm", L ? &L->ln_c : nullptr);
  }
  for (int l = 0; l < c.dec_layers; ++l) {
    const std::string e = "decoder.layers." + std::to_string(l) + ".";
    LayerParams<float>* L = p ? &p->dec[size_t(l)] : nullptr;
    attention(e + "self_attn", L ? &L->attn : nullptr);
    norm(e + "self_attn_layer_norm", L ? &L->ln_a : nullptr);
    attention(e + "encoder_attn", L ? &L->cross : nullptr);
    norm(e + "encoder_attn_layer_norm", L ? &L->ln_b : nullptr);
    mlp(e, L ? &L->mlp : nullptr);
    norm(e + "final_layer_norm", L ? &L->ln_c : nullptr);
  }
  return t;
}

// Tensors a marian checkpoint carries that are not parameters of their own: the shared embedding's copies (the
// encoder's and decoder's embed_tokens, the tied lm_head) and the sinusoidal tables (computed, not read). Their
// shapes are still checked.
std::optional<std::vector<int64_t>> marian_ignored(const std::string& name, const Config& c) {
  const int64_t V = c.vocab_size, d = c.d_e;
  if (name == "encoder.embed_tokens.weight" || name == "decoder.embed_tokens.weight" || name == "lm_head.weight")
    return std::vector<int64_t>{V, d};
  if (name == "encoder.embed_positions.weight" || name == "decoder.embed_positions.weight")
    return std::vector<int64_t>{c.max_len, d};
  return std::nullopt;
}

// The checkpoint's tensor name without the prefix its saving class adds ("transformer." for GPT2LMHeadModel).
std::string strip_prefix(const std::string& name) {
  for (const char* pre : {"transformer.", "model."})
    if (name.rfind(pre, 0) == 0) return name.substr(std::string(pre).size());
  return name;
}

Json generation_settings(const Json& config, const std::string& dir) {
  Json g = Json::object();
  const std::string gen_path = dir + "/generation_config.json";
  Json source = config;
  if (is_file(gen_path)) {
    if (auto bytes = read_file(gen_path, uint64_t(1) << 20))
      if (auto j = parse_json_strict(*bytes, gen_path); j && j->is_object()) source = *j;
  }
  for (const std::string& k : hf_generation_keys())
    if (source.contains(k) && !source[k].is_null()) g[k] = source[k];
  return g;
}

// One importable architecture: its config, its tensors, what it carries besides them (an empty shape: any), its
// tokenizer's files, and whether its beam search bans <pad> before the softmax (generate.h).
struct Arch {
  std::string type;
  Result<Config> (*config)(const ConfigReader&);
  std::map<std::string, Target> (*targets)(const Config&, Params<float>*);
  std::optional<std::vector<int64_t>> (*ignored)(const std::string&, const Config&);
  std::vector<std::string> tokenizer_files;
  const char* tokenizer_files_text;  // for the message when one is missing
  Result<Tokenizer> (*tokenizer)(const std::string& dir);
  bool beam_bans_pad;  // MarianMTModel.adjust_logits_during_generation
};

const std::vector<Arch>& archs() {
  static const std::vector<Arch> a = {
      {"gpt2", gpt2_config, gpt2_targets, gpt2_ignored, {"vocab.json", "merges.txt"}, "vocab.json and merges.txt",
       gpt2_tokenizer, false},
      {"marian", marian_config, marian_targets, marian_ignored, {"vocab.json", "source.spm", "target.spm"},
       "vocab.json, source.spm and target.spm", marian_tokenizer, true}};
  return a;
}
const Arch* find_arch(const std::string& type) {
  for (const Arch& a : archs())
    if (a.type == type) return &a;
  return nullptr;
}

}  // namespace

const std::vector<std::string>& hf_supported_types() {
  static const std::vector<std::string> types = [] {
    std::vector<std::string> t;
    for (const Arch& a : archs()) t.push_back(a.type);
    return t;
  }();
  return types;
}

const std::vector<std::string>& hf_generation_keys() {
  static const std::vector<std::string> keys = {
      "bos_token_id", "eos_token_id", "pad_token_id", "decoder_start_token_id", "forced_eos_token_id",
      "bad_words_ids", "num_beams", "length_penalty", "early_stopping", "max_length", "max_new_tokens",
      "do_sample", "temperature", "top_k", "top_p"};
  return keys;
}

Result<HfCheckpoint> hf_open(const std::string& path) {
  HfCheckpoint ck;
  std::string dir = path;
  while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
  if (!is_dir(dir)) {
    const size_t slash = dir.rfind('/');
    const std::string base = slash == std::string::npos ? dir : dir.substr(slash + 1);
    if (base != "config.json" || !is_file(dir)) return Error(ErrorCode::HfNotFolder).in_file(path);
    dir = slash == std::string::npos ? std::string(".") : slash == 0 ? std::string("/") : dir.substr(0, slash);
  }
  ck.dir = dir;
  const std::string config_path = dir + "/config.json";
  if (!is_file(config_path)) return Error(ErrorCode::HfNoConfig).in_file(dir);
  GB_TRY(bytes, read_file(config_path, uint64_t(16) << 20));
  GB_TRY(j, parse_json_strict(*bytes, config_path));
  if (!j->is_object()) return Error(ErrorCode::JsonNotObject).in_file(config_path);
  const ConfigReader r{*j, config_path};
  GB_TRY(type, r.string("model_type", ""));
  std::string supported;
  for (const auto& t : hf_supported_types()) supported += (supported.empty() ? "" : ", ") + t;
  const Arch* arch = find_arch(*type);
  if (!arch) return Error(ErrorCode::HfModelType, {{"found", *type}, {"supported", supported}}).in_file(config_path);
  ck.model_type = *type;
  GB_TRY(config, arch->config(r));
  ck.config = *config;

  // the tokenizer: GPT-2's byte-level BPE, or Marian's SentencePiece models mapped through vocab.json
  for (const auto& f : arch->tokenizer_files)
    if (!is_file(dir + "/" + f))
      return Error(ErrorCode::HfNoTokenizer, {{"files", arch->tokenizer_files_text}}).in_file(dir);
  GB_TRY(tok, arch->tokenizer(dir));
  const std::string vocab = dir + "/vocab.json";
  if (tok->size() > ck.config.vocab_size)
    return Error(ErrorCode::HfVocabSize,
                 {{"found", std::to_string(tok->size())}, {"expected", std::to_string(ck.config.vocab_size)}})
        .in_file(vocab);
  ck.tokenizer = std::move(*tok);

  // the weights: their header, every tensor's name and shape, before anything is read
  ck.weights = dir + "/model.safetensors";
  if (!is_file(ck.weights)) {
    if (is_file(dir + "/model.safetensors.index.json")) return Error(ErrorCode::HfShardedWeights).in_file(dir);
    if (is_file(dir + "/pytorch_model.bin")) return Error(ErrorCode::HfOnlyPickle).in_file(dir);
    return Error(ErrorCode::HfNoWeights).in_file(dir);
  }
  GB_TRY(reader, StReader::open(ck.weights));
  const auto targets = arch->targets(ck.config, nullptr);
  std::map<std::string, bool> found;
  for (const StEntry& e : reader->entries()) {
    const std::string name = strip_prefix(e.name);
    if (auto shape = arch->ignored(name, ck.config)) {
      if (!shape->empty() && e.shape != *shape)
        return Error(ErrorCode::HfTensorShape,
                     {{"tensor", e.name}, {"found", shape_text(e.shape)}, {"expected", shape_text(*shape)}})
            .in_file(ck.weights);
      continue;
    }
    auto it = targets.find(name);
    if (it == targets.end())
      return Error(ErrorCode::HfUnexpectedTensor, {{"tensor", e.name}, {"type", ck.model_type}}).in_file(ck.weights);
    if (e.shape != it->second.shape)
      return Error(ErrorCode::HfTensorShape,
                   {{"tensor", e.name}, {"found", shape_text(e.shape)}, {"expected", shape_text(it->second.shape)}})
          .in_file(ck.weights);
    if (e.type != StDtype::F32 && e.type != StDtype::F16 && e.type != StDtype::BF16)
      return Error(ErrorCode::StTensorDtypeNotFloat, {{"tensor", e.name}, {"found", e.dtype}}).in_file(ck.weights);
    if (found.count(name))  // (with and without a prefix: the same tensor twice)
      return Error(ErrorCode::HfUnexpectedTensor, {{"tensor", e.name}, {"type", ck.model_type}}).in_file(ck.weights);
    found[name] = true;
    ck.dtype = ck.dtype.empty() || ck.dtype == e.dtype ? e.dtype : "mixed";
  }
  for (const auto& [name, target] : targets)
    if (!found.count(name))
      return Error(ErrorCode::HfMissingTensor,
                   {{"tensor", name}, {"type", ck.model_type}})
          .in_file(ck.weights);
  ck.generation = generation_settings(*j, dir);
  if (arch->beam_bans_pad) ck.generation["glassbox_beam_bans_token"] = ck.config.pad_id;  // (generate.h)
  return ck;
}

Status hf_check_memory(const HfCheckpoint& ck, int64_t cap) {
  const MemoryEstimate m = model_memory(ck.config);
  if (auto e = check_memory(ErrorCode::HfMemory, m.parameters + m.activations, cap)) return e->in_file(ck.dir);
  return std::nullopt;
}

Result<ModelFile> hf_import(const HfCheckpoint& ck, const Progress& progress) {
  GB_TRY(reader, StReader::open(ck.weights));
  Params<float> p = params_uninitialised<float>(ck.config);
  const Arch* arch = find_arch(ck.model_type);
  if (!arch) return Error(ErrorCode::HfModelType, {{"found", ck.model_type}, {"supported", ""}}).in_file(ck.dir);
  const auto targets = arch->targets(ck.config, &p);
  uint64_t total = 0, done = 0;
  for (const StEntry& e : reader->entries())
    if (targets.count(strip_prefix(e.name))) total += e.end - e.begin;
  size_t filled = 0;
  std::vector<float> scratch;
  for (const StEntry& e : reader->entries()) {
    auto it = targets.find(strip_prefix(e.name));
    if (it == targets.end()) continue;  // (ignored: hf_open checked that nothing else is there)
    if (progress && !progress(done, total)) return Error(ErrorCode::LoadingCancelled).in_file(ck.dir);
    const Target& t = it->second;
    if (t.direct) {
      if (auto err = reader->read(e, t.direct)) return *err;
    } else {
      scratch.resize(size_t(e.count()));
      if (auto err = reader->read(e, scratch.data())) return *err;
      t.put(scratch);
    }
    ++filled;
    done += e.end - e.begin;
  }
  if (filled != targets.size())  // (the file changed since hf_open read it)
    return Error(ErrorCode::HfMissingTensor, {{"tensor", "?"}, {"type", ck.model_type}}).in_file(ck.weights);
  if (progress) progress(total, total);

  ModelFile m = ModelFile::of(ck.config, std::move(p));
  m.tokenizer = ck.tokenizer;
  m.extra["glassbox.import"] =
      Json{{"model_type", ck.model_type}, {"folder", ck.dir}, {"dtype", ck.dtype}}.dump();
  m.extra["glassbox.generation"] = ck.generation.dump();
  return m;
}

#undef GB_TRY

}  // namespace gb
