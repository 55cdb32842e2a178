#include "core/config.h"

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
  if (v == Variant::EncoderDecoder) {  // seed 000
    c.norm = NormPlacement::Post;
    c.activation = Activation::ReLU;
    c.final_norm = false;
  } else {  // seed 002
    c.norm = NormPlacement::Pre;
    c.activation = Activation::GELU;
    c.final_norm = true;
  }
  return c;
}

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
  if (auto e = range("vocab_size", vocab_size, 1, 1 << 20)) return e;
  if (auto e = range("max_len", max_len, 1, kMaxDim)) return e;
  if (is_ed()) {
    if (auto e = range("enc_layers", enc_layers, 1, 256)) return e;
  } else if (enc_layers != 0) {
    return field_error(ErrorCode::ConfigEncoderLayers, "enc_layers", {{"found", std::to_string(enc_layers)}});
  }
  if (auto e = range("dec_layers", dec_layers, 1, 256)) return e;
  if (auto e = range("heads", heads, 1, 1024)) return e;
  if (auto e = range("d_e", d_e, 1, kMaxDim)) return e;
  if (auto e = range("d_mlp", d_mlp, 1, 1 << 18)) return e;
  if (d_e % heads != 0)
    return field_error(ErrorCode::ConfigHeadsDivide, "d_e",
                       {{"d_e", std::to_string(d_e)}, {"heads", std::to_string(heads)}});
  if (!(dropout >= 0.0f && dropout < 1.0f))
    return field_error(ErrorCode::ConfigDropout, "dropout", {{"found", std::to_string(dropout)}});
  for (auto [name, id] : {std::pair{"bos_id", bos_id}, std::pair{"eos_id", eos_id}, std::pair{"pad_id", pad_id}})
    if (id < -1 || id >= vocab_size)
      return field_error(ErrorCode::ConfigTokenId, name,
                         {{"vocab", std::to_string(vocab_size)}, {"found", std::to_string(id)}});
  return std::nullopt;
}

const char* variant_name(Variant v) { return v == Variant::EncoderDecoder ? "encoder-decoder" : "decoder-only"; }
Result<Variant> parse_variant(const std::string& s) {
  if (s == "encoder-decoder" || s == "ed") return Variant::EncoderDecoder;
  if (s == "decoder-only" || s == "d") return Variant::DecoderOnly;
  return Error(ErrorCode::BadVariant, {{"found", s}});
}
const char* norm_name(NormPlacement n) { return n == NormPlacement::Post ? "post" : "pre"; }
Result<NormPlacement> parse_norm(const std::string& s) {
  if (s == "post") return NormPlacement::Post;
  if (s == "pre") return NormPlacement::Pre;
  return Error(ErrorCode::BadNorm, {{"found", s}});
}
const char* activation_name(Activation a) { return a == Activation::ReLU ? "relu" : "gelu"; }
Result<Activation> parse_activation(const std::string& s) {
  if (s == "relu") return Activation::ReLU;
  if (s == "gelu") return Activation::GELU;
  return Error(ErrorCode::BadActivation, {{"found", s}});
}

}  // namespace gb
