#include "core/config.h"

#include "core/family.h"

#include <string>

namespace gb {

Config Config::make(Variant v, int vocab_size, int max_len, int enc_layers, int dec_layers, int heads, int d_e,
                    int d_mlp) {
  Config c;
  c.variant = v;
  c.vocab_size = vocab_size;
  c.max_len = max_len;
  c.enc_layers = v == Variant::EncoderDecoder ? enc_layers : 0;
  c.dec_layers = dec_layers;
  c.heads = heads;
  c.d_e = d_e;
  c.d_mlp = d_mlp;
  switch (v) {
    case Variant::EncoderDecoder:  // seed 000
      c.norm = NormPlacement::Post;
      c.activation = Activation::ReLU;
      c.final_norm = false;
      break;
    case Variant::DecoderOnly:  // seed 002
      c.norm = NormPlacement::Pre;
      c.activation = Activation::GELU;
      c.final_norm = true;
      break;
    case Variant::Bigram:  // |V| and ℓ_max: no layers, no embedding
      c.enc_layers = c.dec_layers = c.heads = c.d_e = c.d_mlp = 0;
      c.final_norm = false;
      break;
    case Variant::Rnn:  // seed 001: an embedding and one recurrent state (its size set by the preset), tanh
    case Variant::RnnSeq2Seq:  // seed 004: the same cell twice, an encoder's and a decoder's
      c.enc_layers = c.dec_layers = c.heads = c.d_mlp = 0;
      c.activation = Activation::Tanh;
      c.final_norm = false;
      break;
    case Variant::Hmm:  // seed 001: K states (set by the preset), probabilities; no embedding, no cell
    case Variant::HmmGmm:  // (and M Gaussians in R^D per state: set by the preset and the data)
      c.enc_layers = c.dec_layers = c.heads = c.d_e = c.d_mlp = 0;
      c.final_norm = false;
      break;
  }
  return c;
}

bool Config::has_source() const { return family(variant).reads_source; }

static Error field_error(ErrorCode code, const char* field, ErrorArgs args) {
  args.insert(args.begin(), {"field", field});
  return Error(code, std::move(args));
}

Status Config::validate() const {
  constexpr int kMaxDim = 1 << 16;
  auto range = [&](const char* field, int v, int lo, int hi) -> Status {
    if (v < lo || v > hi)
      return field_error(ErrorCode::ConfigOutOfRange, field,
                         {{"min", std::to_string(lo)}, {"max", std::to_string(hi)}, {"found", std::to_string(v)}});
    return std::nullopt;
  };
  if (family(variant).observations) {  // reads vectors: no vocabulary, no special tokens
    if (vocab_size != 0)
      return field_error(ErrorCode::ConfigVocabNotZero, "vocab_size",
                         {{"family", family(variant).name}, {"found", std::to_string(vocab_size)}});
  } else if (auto e = range("vocab_size", vocab_size, 1, 1 << 20)) {
    return e;
  }
  if (auto e = range("max_len", max_len, 1, kMaxDim)) return e;
  auto ids = [&]() -> Status {
    for (auto [name, id] : {std::pair{"bos_id", bos_id}, std::pair{"eos_id", eos_id}, std::pair{"pad_id", pad_id}})
      if (id < -1 || id >= vocab_size)
        return field_error(ErrorCode::ConfigTokenId, name,
                           {{"vocab", std::to_string(vocab_size)}, {"found", std::to_string(id)}});
    return std::nullopt;
  };
  if (!is_transformer()) {  // a family without the transformer's sizes: each size it lacks is 0
    const FamilyInfo& f = family(variant);
    for (SizeField s : {SizeField::EncLayers, SizeField::DecLayers, SizeField::Heads, SizeField::DModel,
                        SizeField::DMlp, SizeField::DHidden, SizeField::States, SizeField::Mixtures,
                        SizeField::ObsDim})
      if (!f.has(s) && config_size(*this, s) != 0)
        return field_error(ErrorCode::ConfigNotInFamily, size_field_name(s),
                           {{"family", f.name}, {"found", std::to_string(config_size(*this, s))}});
    for (const SizeSpec& s : f.sizes)  // the sizes it has: at least 1 (a family of observations: within its bounds,
      if (s.field != SizeField::MaxLen)  // so that K·M·D floats stay allocatable whatever a file says)
        if (auto e = range(size_field_name(s.field), config_size(*this, s.field), 1, f.observations ? s.max : kMaxDim))
          return e;
    // the transformers' options (an imported model's) keep their defaults here
    if (positions != Positions::Learned || embed_scale || out_bias || ln_eps != 1e-5) {
      const char* field = positions != Positions::Learned ? "positions"
                          : embed_scale                   ? "embed_scale"
                          : out_bias                      ? "out_bias"
                                                          : "ln_eps";
      return field_error(ErrorCode::ConfigTransformerOption, field, {{"family", f.name}});
    }
    if (f.recurrent_cell && activation != Activation::Tanh && activation != Activation::ReLU)
      return field_error(ErrorCode::ConfigCellActivation, "activation",
                         {{"family", f.name}, {"found", activation_name(activation)}});
    if (!f.recurrent_cell && cell != RnnCell::Elman)
      return field_error(ErrorCode::ConfigOptionNotInFamily, "cell",
                         {{"family", f.name}, {"found", cell_name(cell)}});
    if (cell == RnnCell::Lstm && activation != Activation::Tanh)
      return field_error(ErrorCode::ConfigLstmActivation, "activation", {{"found", activation_name(activation)}});
    if (attention != RnnAttention::None && !(f.recurrent_cell && f.reads_source))
      return field_error(ErrorCode::ConfigOptionNotInFamily, "attention",
                         {{"family", f.name}, {"found", attention_name(attention)}});
    return ids();
  }
  if (is_ed()) {
    if (auto e = range("enc_layers", enc_layers, 1, 256)) return e;
  } else if (enc_layers != 0) {
    return field_error(ErrorCode::ConfigEncoderLayers, "enc_layers", {{"found", std::to_string(enc_layers)}});
  }
  if (cell != RnnCell::Elman || attention != RnnAttention::None)
    return field_error(ErrorCode::ConfigOptionNotInFamily, cell != RnnCell::Elman ? "cell" : "attention",
                       {{"family", family(variant).name},
                        {"found", cell != RnnCell::Elman ? cell_name(cell) : attention_name(attention)}});
  if (auto e = range("dec_layers", dec_layers, 1, 256)) return e;
  if (auto e = range("heads", heads, 1, 1024)) return e;
  if (auto e = range("d_e", d_e, 1, kMaxDim)) return e;
  if (auto e = range("d_mlp", d_mlp, 1, 1 << 18)) return e;
  for (SizeField s : {SizeField::DHidden, SizeField::States, SizeField::Mixtures, SizeField::ObsDim})
    if (config_size(*this, s) != 0)
      return field_error(ErrorCode::ConfigNotInFamily, size_field_name(s),
                         {{"family", family(variant).name}, {"found", std::to_string(config_size(*this, s))}});
  if (d_e % heads != 0)
    return field_error(ErrorCode::ConfigHeadsDivide, "d_e",
                       {{"d_e", std::to_string(d_e)}, {"heads", std::to_string(heads)}});
  if (!(dropout >= 0.0f && dropout < 1.0f))
    return field_error(ErrorCode::ConfigDropout, "dropout", {{"found", std::to_string(dropout)}});
  if (!(ln_eps > 0.0 && ln_eps <= 0.1))
    return field_error(ErrorCode::ConfigLnEps, "ln_eps", {{"found", std::to_string(ln_eps)}});
  return ids();
}

const char* variant_name(Variant v) { return family(v).name.c_str(); }
Result<Variant> parse_variant(const std::string& s) {
  if (const FamilyInfo* f = find_family(s)) return f->variant;
  std::string names;
  for (const FamilyInfo& f : families()) names += (names.empty() ? "'" : ", '") + f.name + "'";
  return Error(ErrorCode::BadVariant, {{"found", s}, {"names", names}});
}
const char* norm_name(NormPlacement n) { return n == NormPlacement::Post ? "post" : "pre"; }
Result<NormPlacement> parse_norm(const std::string& s) {
  if (s == "post") return NormPlacement::Post;
  if (s == "pre") return NormPlacement::Pre;
  return Error(ErrorCode::BadNorm, {{"found", s}});
}
const char* activation_name(Activation a) {
  switch (a) {
    case Activation::ReLU: return "relu";
    case Activation::GELU: return "gelu";
    case Activation::Tanh: return "tanh";
    case Activation::GeluTanh: return "gelu_tanh";
    case Activation::SiLU: return "silu";
  }
  return "?";
}
Result<Activation> parse_activation(const std::string& s) {
  if (s == "relu") return Activation::ReLU;
  if (s == "gelu") return Activation::GELU;
  if (s == "tanh") return Activation::Tanh;
  if (s == "gelu_tanh") return Activation::GeluTanh;
  if (s == "silu") return Activation::SiLU;
  return Error(ErrorCode::BadActivation, {{"found", s}});
}
const char* positions_name(Positions p) { return p == Positions::Sinusoidal ? "sinusoidal" : "learned"; }
Result<Positions> parse_positions(const std::string& s) {
  if (s == "learned") return Positions::Learned;
  if (s == "sinusoidal") return Positions::Sinusoidal;
  return Error(ErrorCode::BadPositions, {{"found", s}});
}
const char* cell_name(RnnCell c) { return c == RnnCell::Lstm ? "lstm" : "elman"; }
Result<RnnCell> parse_cell(const std::string& s) {
  if (s == "elman" || s == "rnn") return RnnCell::Elman;
  if (s == "lstm") return RnnCell::Lstm;
  return Error(ErrorCode::BadCell, {{"found", s}});
}
const char* attention_name(RnnAttention a) { return a == RnnAttention::Additive ? "additive" : "none"; }
Result<RnnAttention> parse_attention(const std::string& s) {
  if (s == "none") return RnnAttention::None;
  if (s == "additive") return RnnAttention::Additive;
  return Error(ErrorCode::BadAttention, {{"found", s}});
}

}  // namespace gb
