#include "core/io/json_util.h"

#include "core/family.h"

#include <set>
#include <vector>

namespace gb {

bool is_valid_utf8(std::string_view s) {
  size_t i = 0;
  const size_t n = s.size();
  while (i < n) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    int len;
    uint32_t cp;
    if (c < 0x80) { ++i; continue; }
    else if ((c & 0xE0) == 0xC0) { len = 2; cp = c & 0x1F; }
    else if ((c & 0xF0) == 0xE0) { len = 3; cp = c & 0x0F; }
    else if ((c & 0xF8) == 0xF0) { len = 4; cp = c & 0x07; }
    else return false;
    if (i + size_t(len) > n) return false;
    for (int k = 1; k < len; ++k) {
      const unsigned char cc = static_cast<unsigned char>(s[i + size_t(k)]);
      if ((cc & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (cc & 0x3F);
    }
    if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000)) return false;  // overlong
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += size_t(len);
  }
  return true;
}

Result<Json> parse_json_strict(std::string_view text, const std::string& what) {
  if (!is_valid_utf8(text)) return Error(ErrorCode::NotUtf8).in_file(what);
  std::vector<std::set<std::string>> keys;  // one set per open object
  std::string duplicate;
  auto cb = [&](int, Json::parse_event_t ev, Json& parsed) {
    switch (ev) {
      case Json::parse_event_t::object_start: keys.emplace_back(); break;
      case Json::parse_event_t::object_end: if (!keys.empty()) keys.pop_back(); break;
      case Json::parse_event_t::key:
        if (!keys.empty() && !keys.back().insert(parsed.get<std::string>()).second && duplicate.empty())
          duplicate = parsed.get<std::string>();
        break;
      default: break;
    }
    return true;
  };
  try {
    Json j = Json::parse(text.begin(), text.end(), cb, /*allow_exceptions=*/true);
    if (!duplicate.empty()) return Error(ErrorCode::JsonDuplicateKey, {{"key", duplicate}}).in_file(what);
    return j;
  } catch (const Json::parse_error& e) {  // the library's sentence is English: say where instead
    return Error(ErrorCode::JsonInvalidAt, {{"byte", std::to_string(e.byte)}}).in_file(what);
  } catch (const Json::exception& e) {
    return Error(ErrorCode::JsonInvalid, {{"reason", e.what()}}).in_file(what);
  }
}

static Error field_err(const std::string& what, const char* field, ErrorCode code, ErrorArgs args = {}) {
  args.insert(args.begin(), {"field", field});
  return Error(code, std::move(args)).in_file(what);
}

Result<long long> json_int(const Json& o, const char* f, const std::string& what, long long lo, long long hi) {
  if (!o.is_object() || !o.contains(f)) return field_err(what, f, ErrorCode::JsonFieldMissing);
  const Json& v = o.at(f);
  if (!v.is_number_integer()) return field_err(what, f, ErrorCode::JsonFieldNotInteger, {{"found", v.dump()}});
  const long long x = v.get<long long>();
  if (x < lo || x > hi)
    return field_err(what, f, ErrorCode::JsonFieldOutOfRange,
                     {{"min", std::to_string(lo)}, {"max", std::to_string(hi)}, {"found", std::to_string(x)}});
  return x;
}
Result<double> json_number(const Json& o, const char* f, const std::string& what) {
  if (!o.is_object() || !o.contains(f)) return field_err(what, f, ErrorCode::JsonFieldMissing);
  const Json& v = o.at(f);
  if (!v.is_number()) return field_err(what, f, ErrorCode::JsonFieldNotNumber, {{"found", v.dump()}});
  return v.get<double>();
}
Result<bool> json_bool(const Json& o, const char* f, const std::string& what) {
  if (!o.is_object() || !o.contains(f)) return field_err(what, f, ErrorCode::JsonFieldMissing);
  const Json& v = o.at(f);
  if (!v.is_boolean()) return field_err(what, f, ErrorCode::JsonFieldNotBool, {{"found", v.dump()}});
  return v.get<bool>();
}
Result<std::string> json_string(const Json& o, const char* f, const std::string& what) {
  if (!o.is_object() || !o.contains(f)) return field_err(what, f, ErrorCode::JsonFieldMissing);
  const Json& v = o.at(f);
  if (!v.is_string()) return field_err(what, f, ErrorCode::JsonFieldNotString, {{"found", v.dump()}});
  return v.get<std::string>();
}

Json config_to_json(const Config& c) {
  Json j{{"variant", variant_name(c.variant)}, {"vocab_size", c.vocab_size}, {"max_len", c.max_len},
              {"enc_layers", c.enc_layers},          {"dec_layers", c.dec_layers}, {"heads", c.heads},
              {"d_e", c.d_e},                        {"d_mlp", c.d_mlp},           {"norm", norm_name(c.norm)},
              {"activation", activation_name(c.activation)}, {"final_norm", c.final_norm},
              {"tied_unembed", c.tied_unembed},      {"dropout", c.dropout},       {"bos_id", c.bos_id},
              {"eos_id", c.eos_id},                  {"pad_id", c.pad_id}};
  if (c.d_hidden != 0) j["d_hidden"] = c.d_hidden;  // the families with a recurrent state (files of the others unchanged)
  if (c.states != 0) j["states"] = c.states;        // an HMM's K
  if (c.mixtures != 0) j["mixtures"] = c.mixtures;  // hmm-gmm's M
  if (c.obs_dim != 0) j["dim"] = c.obs_dim;         // hmm-gmm's D
  if (c.ln_eps != 1e-5) j["ln_eps"] = c.ln_eps;
  // an imported model's options (files of the others unchanged)
  if (c.positions != Positions::Learned) j["positions"] = positions_name(c.positions);
  if (c.embed_scale) j["embed_scale"] = true;
  if (c.out_bias) j["out_bias"] = true;    // an imported model's layer-norm ε (files of the others unchanged)
  if (family(c).recurrent_cell) j["cell"] = cell_name(c.cell);  // "elman" | "lstm"
  if (c.has_source() && family(c).recurrent_cell) j["attention"] = attention_name(c.attention);  // rnn-seq2seq
  return j;
}

Result<Config> config_from_json(const Json& j, const std::string& what) {
  if (!j.is_object()) return Error(ErrorCode::JsonNotObject).in_file(what);
  Config c;
#define GB_TRY(var, expr)            \
  auto var = (expr);                 \
  if (!var) return var.error();
  GB_TRY(variant, json_string(j, "variant", what));
  auto v = parse_variant(*variant);
  if (!v) return Error(v.error()).in_file(what);
  constexpr long long big = 1LL << 30;
  GB_TRY(vs, json_int(j, "vocab_size", what, 0, big));  // (0: a family that reads observations; validate() checks)
  GB_TRY(ml, json_int(j, "max_len", what, 1, big));
  GB_TRY(el, json_int(j, "enc_layers", what, 0, big));
  // a family that is not a transformer has no layers, heads or widths: they are written as 0 (and validate() refuses
  // any other value)
  const bool transformer = *v == Variant::EncoderDecoder || *v == Variant::DecoderOnly;
  const long long lo = transformer ? 1 : 0;
  GB_TRY(dl, json_int(j, "dec_layers", what, lo, big));
  GB_TRY(h, json_int(j, "heads", what, lo, big));
  GB_TRY(de, json_int(j, "d_e", what, lo, big));
  GB_TRY(dm, json_int(j, "d_mlp", what, lo, big));
  c = Config::make(*v, int(*vs), int(*ml), int(*el), int(*dl), int(*h), int(*de), int(*dm));
  c.enc_layers = int(*el);
  c.dec_layers = int(*dl), c.heads = int(*h), c.d_e = int(*de), c.d_mlp = int(*dm);
  GB_TRY(norm, json_string(j, "norm", what));
  auto n = parse_norm(*norm);
  if (!n) return Error(n.error()).in_file(what);
  c.norm = *n;
  GB_TRY(act, json_string(j, "activation", what));
  auto a = parse_activation(*act);
  if (!a) return Error(a.error()).in_file(what);
  c.activation = *a;
  GB_TRY(fnorm, json_bool(j, "final_norm", what));
  c.final_norm = *fnorm;
  GB_TRY(tied, json_bool(j, "tied_unembed", what));
  c.tied_unembed = *tied;
  GB_TRY(drop, json_number(j, "dropout", what));
  c.dropout = float(*drop);
  GB_TRY(bos, json_int(j, "bos_id", what, -1, big));
  GB_TRY(eos, json_int(j, "eos_id", what, -1, big));
  GB_TRY(pad, json_int(j, "pad_id", what, -1, big));
  c.bos_id = int(*bos);
  c.eos_id = int(*eos);
  c.pad_id = int(*pad);
  if (j.contains("d_hidden")) {  // written by the families with a recurrent state; absent means 0
    GB_TRY(dh, json_int(j, "d_hidden", what, 0, big));
    c.d_hidden = int(*dh);
  }
  if (j.contains("states")) {  // written by the HMM; absent means 0
    GB_TRY(k, json_int(j, "states", what, 0, big));
    c.states = int(*k);
  }
  if (j.contains("mixtures")) {  // written by hmm-gmm; absent means 0
    GB_TRY(m, json_int(j, "mixtures", what, 0, big));
    c.mixtures = int(*m);
  }
  if (j.contains("dim")) {  // written by hmm-gmm; absent means 0
    GB_TRY(dim, json_int(j, "dim", what, 0, big));
    c.obs_dim = int(*dim);
  }
  if (j.contains("ln_eps")) {  // written when not the seeds' 1e-5; absent means 1e-5
    GB_TRY(eps, json_number(j, "ln_eps", what));
    c.ln_eps = *eps;
  }
  if (j.contains("positions")) {  // written when sinusoidal; absent means learned
    GB_TRY(pos, json_string(j, "positions", what));
    auto k = parse_positions(*pos);
    if (!k) return Error(k.error()).in_file(what);
    c.positions = *k;
  }
  if (j.contains("embed_scale")) {
    GB_TRY(es, json_bool(j, "embed_scale", what));
    c.embed_scale = *es;
  }
  if (j.contains("out_bias")) {
    GB_TRY(ob, json_bool(j, "out_bias", what));
    c.out_bias = *ob;
  }
  if (j.contains("cell")) {  // written by the recurrent families; absent means Elman's
    GB_TRY(cell, json_string(j, "cell", what));
    auto k = parse_cell(*cell);
    if (!k) return Error(k.error()).in_file(what);
    c.cell = *k;
  }
  if (j.contains("attention")) {  // written by the RNN encoder-decoder; absent means none
    GB_TRY(att, json_string(j, "attention", what));
    auto k = parse_attention(*att);
    if (!k) return Error(k.error()).in_file(what);
    c.attention = *k;
  }
#undef GB_TRY
  if (auto e = c.validate()) return e->in_file(what);
  return c;
}

}  // namespace gb
