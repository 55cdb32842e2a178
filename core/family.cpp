// family.cpp — the registry of model families (family.h). Adding a family: a folder core/families/<name>/ with its
// parameters, forward/backward and listing, an entry in Variant, one entry below, and one case in each dispatching
// function (docs/architecture.md, "Adding a model family").
#include "core/family.h"

#include "core/tensor.h"  // GB_ASSERT

#include <algorithm>

namespace gb {

namespace {

std::vector<FamilyInfo> make_families() {
  using F = SizeField;
  const std::vector<SizeSpec> transformer_sizes_d = {
      {F::MaxLen, 1, 4096}, {F::DecLayers, 1, 24}, {F::Heads, 1, 64}, {F::DModel, 1, 1024}, {F::DMlp, 1, 8192}};
  std::vector<SizeSpec> transformer_sizes_ed = transformer_sizes_d;
  transformer_sizes_ed.insert(transformer_sizes_ed.begin() + 1, {F::EncLayers, 1, 24});
  // Tiny, small, medium, and the seed's own choices (the sizes of the seeds' examples): L_enc = L_dec = L.
  auto transformer_presets = [](bool ed) {
    auto p = [ed](const char* id, int layers, int heads, int d, int mlp, bool seed) {
      Preset r{id, {{F::DecLayers, layers}, {F::Heads, heads}, {F::DModel, d}, {F::DMlp, mlp}}, seed};
      if (ed) r.sizes.insert(r.sizes.begin(), {F::EncLayers, layers});
      return r;
    };
    return std::vector<Preset>{p("tiny", 1, 2, 32, 64, false), p("small", 2, 4, 64, 128, false),
                               p("medium", 3, 4, 128, 512, false), p("seed", 2, 4, 64, 256, true)};
  };
  const unsigned transformer_views = view::kAttention | view::kMasks | view::kAlgorithm | view::kPerturbation |
                                     view::kDecoding | view::kKvCache | view::kDecodingAttention;
  std::vector<FamilyInfo> f;
  f.push_back({Variant::EncoderDecoder, "encoder-decoder", "ed", "ED-Transformer",
               "Reads a source with its encoder and writes a target: translation, reversal (seed 000).", true, true,
               TrainedBy::Gradient, transformer_sizes_ed, transformer_presets(true), transformer_views});
  f.push_back({Variant::DecoderOnly, "decoder-only", "d", "D-Transformer",
               "Continues one sequence: language models, and tasks written as one line (seed 002).", false, true,
               TrainedBy::Gradient, transformer_sizes_d, transformer_presets(false),
               transformer_views | view::kMaskEditor});
  f.push_back({Variant::Bigram, "bigram", "", "Bigram",
               "Predicts the next token from the last one alone: one |V| × |V| table of scores, the baseline every "
               "language model is measured against.",
               false, false, TrainedBy::Gradient, {{F::MaxLen, 1, 4096}}, {{"bigram", {}, false}},
               view::kDecoding | view::kTransitionTable,
               // B starts near 0 and each entry learns only from the pairs it scores: η = 0.05 takes a character
               // text to its bigram frequencies in a few hundred steps (tst_core_family), 2·10⁻³ leaves it near uniform
               5e-2f});
  f.push_back({Variant::Rnn, "rnn", "", "RNN",
               "Reads one token after another into a hidden state h and predicts the next token from it (seed 001): "
               "the recurrent network transformers replaced.",
               false, false, TrainedBy::Gradient, {{F::MaxLen, 1, 4096}, {F::DModel, 1, 1024}, {F::DHidden, 1, 4096}},
               {{"small", {{F::DModel, 32}, {F::DHidden, 64}}, false},
                {"medium", {{F::DModel, 64}, {F::DHidden, 256}}, false}},
               view::kDecoding | view::kRecurrentStates | view::kPerturbation | view::kAlgorithm,
               // backpropagation through time: η = 10⁻² with clipping learns a character text in a few hundred steps
               1e-2f});
  f.back().recurrent_cell = true;
  f.push_back({Variant::Hmm, "hmm", "", "HMM",
               "A chain of hidden states, each emitting a token (seed 001): trained by EM, the model speech "
               "recognition used before neural networks.",
               false, false, TrainedBy::Em, {{F::MaxLen, 1, 4096}, {F::States, 1, 1024}},
               {{"small", {{F::States, 8}}, false}, {"medium", {{F::States, 32}}, false}},
               view::kDecoding | view::kRecurrentStates | view::kAlgorithm,
               // (no optimizer: EM re-estimates the probabilities from expected counts)
               0.0f});
  f.push_back({Variant::RnnSeq2Seq, "rnn-seq2seq", "rnn-ed", "RNN encoder-decoder",
               "Reads the source into one vector c with an encoder RNN and writes the target from it with a decoder "
               "RNN (seed 004): the model the transformer replaced for translation.",
               true, false, TrainedBy::Gradient, {{F::MaxLen, 1, 4096}, {F::DModel, 1, 1024}, {F::DHidden, 1, 4096}},
               {{"small", {{F::DModel, 32}, {F::DHidden, 64}}, false},
                {"medium", {{F::DModel, 64}, {F::DHidden, 256}}, false}},
               view::kDecoding | view::kRecurrentStates | view::kPerturbation | view::kAlgorithm, 1e-2f});
  f.back().recurrent_cell = true;
  f.push_back({Variant::HmmGmm, "hmm-gmm", "", "HMM with Gaussian mixtures",
               "A chain of hidden states, each emitting a vector from a mixture of Gaussians (seed 001): the acoustic "
               "model of speech recognition, trained by EM.",
               false, false, TrainedBy::Em,
               // (bounded so that K·M·D stays below 2²⁴ floats, whatever a file says: Config::validate checks them)
               {{F::MaxLen, 1, 1 << 16}, {F::States, 1, 256}, {F::Mixtures, 1, 64}, {F::ObsDim, 1, 1024}},
               {{"small", {{F::States, 3}, {F::Mixtures, 2}}, false}, {"medium", {{F::States, 8}, {F::Mixtures, 4}}, false}},
               view::kObservations, 0.0f});
  f.back().observations = true;
  return f;
}

}  // namespace

const char* size_field_name(SizeField f) {
  switch (f) {
    case SizeField::MaxLen: return "max_len";
    case SizeField::EncLayers: return "enc_layers";
    case SizeField::DecLayers: return "dec_layers";
    case SizeField::Heads: return "heads";
    case SizeField::DModel: return "d_e";
    case SizeField::DMlp: return "d_mlp";
    case SizeField::DHidden: return "d_hidden";
    case SizeField::States: return "states";
    case SizeField::Mixtures: return "mixtures";
    case SizeField::ObsDim: return "dim";
  }
  return "?";
}

int config_size(const Config& c, SizeField f) {
  switch (f) {
    case SizeField::MaxLen: return c.max_len;
    case SizeField::EncLayers: return c.enc_layers;
    case SizeField::DecLayers: return c.dec_layers;
    case SizeField::Heads: return c.heads;
    case SizeField::DModel: return c.d_e;
    case SizeField::DMlp: return c.d_mlp;
    case SizeField::DHidden: return c.d_hidden;
    case SizeField::States: return c.states;
    case SizeField::Mixtures: return c.mixtures;
    case SizeField::ObsDim: return c.obs_dim;
  }
  return 0;
}

void set_config_size(Config& c, SizeField f, int v) {
  switch (f) {
    case SizeField::MaxLen: c.max_len = v; break;
    case SizeField::EncLayers: c.enc_layers = v; break;
    case SizeField::DecLayers: c.dec_layers = v; break;
    case SizeField::Heads: c.heads = v; break;
    case SizeField::DModel: c.d_e = v; break;
    case SizeField::DMlp: c.d_mlp = v; break;
    case SizeField::DHidden: c.d_hidden = v; break;
    case SizeField::States: c.states = v; break;
    case SizeField::Mixtures: c.mixtures = v; break;
    case SizeField::ObsDim: c.obs_dim = v; break;
  }
}

bool FamilyInfo::has(SizeField f) const {
  return std::any_of(sizes.begin(), sizes.end(), [f](const SizeSpec& s) { return s.field == f; });
}

const std::vector<FamilyInfo>& families() {
  static const std::vector<FamilyInfo> all = make_families();
  return all;
}

const FamilyInfo& family(Variant v) {
  for (const FamilyInfo& f : families())
    if (f.variant == v) return f;
  GB_ASSERT(false, "every Variant is registered in family.cpp");
  return families().front();
}

const FamilyInfo* find_family(const std::string& name) {
  for (const FamilyInfo& f : families())
    if (f.name == name || (!f.alias.empty() && f.alias == name)) return &f;
  return nullptr;
}

Config apply_preset(Config c, const Preset& p) {
  for (const auto& [field, value] : p.sizes) set_config_size(c, field, value);
  if (p.seed_options) {
    const Config seed = Config::make(c.variant, 1, 1, 1, 1, 1, 1, 1);
    c.norm = seed.norm;
    c.activation = seed.activation;
    c.final_norm = seed.final_norm;
    c.dropout = 0.0f;
    c.tied_unembed = false;
  }
  return c;
}

Config family_config(Variant v, int vocab_size, int max_len, const std::string& preset_id) {
  const FamilyInfo& f = family(v);
  Config c = Config::make(v, vocab_size, max_len, 0, 0, 0, 0, 0);
  const Preset* p = &f.presets.front();
  for (const Preset& q : f.presets)
    if (q.id == preset_id) p = &q;
  if (f.observations) {  // no vocabulary; D is the data's (1 until it is known)
    c.vocab_size = 0;
    c.obs_dim = 1;
  }
  return apply_preset(c, *p);
}

const Preset* matching_preset(const Config& c) {
  const FamilyInfo& f = family(c);
  for (const Preset& p : f.presets) {
    const Config applied = apply_preset(c, p);
    bool same = true;
    for (const auto& [field, value] : p.sizes) same = same && config_size(c, field) == value;
    if (p.seed_options)
      same = same && applied.norm == c.norm && applied.activation == c.activation &&
             applied.final_norm == c.final_norm && applied.dropout == c.dropout && applied.tied_unembed == c.tied_unembed;
    if (same) return &p;
  }
  return nullptr;
}

}  // namespace gb
