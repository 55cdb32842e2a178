// family.h — the kinds of model the workbench knows, as one registry.
//
// A family is a kind of model: the two seed transformers (ED-Transformer, seed 000; D-Transformer, seed 002) and the
// models of the history the notes tell, starting with the bigram. Each family is registered once, in family.cpp, with
// what the rest of the program asks of it: its name (the model file's "variant" key and the CLI's --variant), whether
// it reads a source z (pairs laid out as source → target) or one sequence, how it is trained, the sizes it has (the
// Model dock is built from them, nothing else), its presets, and the views it offers. What a family computes —
// its tensors, forward, backward, decoding step, memory estimate, listing — is dispatched on Config::variant in one
// function per operation (for_each_tensor, model_forward, model_backward, params_count, model_memory, the decode
// session's next distribution, pseudocode); docs/architecture.md walks through adding one.
#pragma once

#include "core/config.h"

#include <string>
#include <vector>

namespace gb {

// The sizes a family may have, in the seeds' notation (Config's fields).
enum class SizeField { MaxLen, EncLayers, DecLayers, Heads, DModel, DMlp, DHidden, States, Mixtures, ObsDim };
const char* size_field_name(SizeField f);  // "max_len", "enc_layers", …, "d_hidden", "states", "mixtures", "dim": the JSON key
int config_size(const Config& c, SizeField f);
void set_config_size(Config& c, SizeField f, int value);

struct SizeSpec {
  SizeField field;
  int min = 1, max = 1;  // what the Model dock allows (Config::validate checks the same or wider)
};

// A named set of sizes (the Model dock's presets, glassbox-cli init --preset). seed_options: the family's seed
// choices are restored as well (the transformers' norm placement, activation, final norm; no dropout; W_u untied).
struct Preset {
  std::string id;  // "tiny", "small", "medium", "seed"
  std::vector<std::pair<SizeField, int>> sizes;
  bool seed_options = false;
};

enum class TrainedBy { Gradient, Em };  // the Trainer and its optimizers, or the family's own EM step

// The views of the window a family offers (tab ids, and the Decoding tab's inner views). The Training, Parameters
// and Compare tabs work for every family; Decoding for every family that predicts tokens.
namespace view {
constexpr unsigned kAttention = 1u << 0;         // attention maps per layer and head (transformers)
constexpr unsigned kMasks = 1u << 1;             // the masks of a batch
constexpr unsigned kAlgorithm = 1u << 2;         // the listing run line by line (a Stepper)
constexpr unsigned kPerturbation = 1u << 3;      // seed 004's experiment
constexpr unsigned kDecoding = 1u << 4;          // token by token, τ, timeline, beam search
constexpr unsigned kKvCache = 1u << 5;           // the Decoding tab's KV cache view
constexpr unsigned kDecodingAttention = 1u << 6; // where the new column looks (Decoding tab)
constexpr unsigned kMaskEditor = 1u << 7;        // the Masks tab's mask editor
constexpr unsigned kTransitionTable = 1u << 8;   // a |V| × |V| table of next-token scores with token labels (bigram)
constexpr unsigned kRecurrentStates = 1u << 9;   // hidden states over a probe: an RNN's h and the gradient's reach
                                                 // back; an HMM's state posteriors and Viterbi path (the States tab)
constexpr unsigned kObservations = 1u << 10;     // observations in R^D coloured by Viterbi state, each state's
                                                 // Gaussians as ellipses (hmm-gmm: the Observations tab)
}  // namespace view

struct FamilyInfo {
  Variant variant;
  std::string name;     // "encoder-decoder": the model file's variant, glassbox-cli --variant
  std::string alias;    // "ed": accepted by --variant too
  std::string title;    // "ED-Transformer" (English; the window translates it)
  std::string summary;  // one line on what it is for (English; the window translates it)
  bool reads_source = false;  // pairs are read as a source z and a target x (else one sequence)
  bool transformer = false;   // the transformer's options apply: norm placement, activation, dropout, tied W_u
  TrainedBy trained_by = TrainedBy::Gradient;
  std::vector<SizeSpec> sizes;  // in the order the Model dock shows them
  std::vector<Preset> presets;  // the first is the default
  unsigned views = 0;
  float adamw_lr = 2e-3f;  // the AdamW η its recipe starts from (core/train/recipe.h)
  bool recurrent_cell = false;  // it has a recurrent cell whose activation f is an option (tanh or ReLU)
  // It reads real-valued observations (Example::obs, D × n), not tokens: no tokenizer, no vocabulary (|V| = 0), no
  // next-token prediction (no decoding, no logits); its data is a numbers file or its own task (hmm-gmm).
  bool observations = false;
  // The window has its views (the Model dock lists it, a model file of it opens there). A family without them yet is
  // the command line's alone.
  bool in_window = true;
  bool predicts_tokens() const { return !observations; }
  bool offers(unsigned v) const { return (views & v) == v; }
  bool has(SizeField f) const;
};

const std::vector<FamilyInfo>& families();  // in the order the Model dock lists them
const FamilyInfo& family(Variant v);
inline const FamilyInfo& family(const Config& c) { return family(c.variant); }
const FamilyInfo* find_family(const std::string& name_or_alias);  // null when none is called so

// A config of family v with the preset's sizes (the first preset when id is empty or unknown), |V| and ℓ_max as
// given, the family's seed options and its special tokens unset. A family that reads observations gets |V| = 0 and
// D = 1 (set D from the data).
Config family_config(Variant v, int vocab_size, int max_len, const std::string& preset_id = {});
// c with the preset's sizes (and, for a seed preset, the family's seed options).
Config apply_preset(Config c, const Preset& p);
// The preset whose sizes (and, for a seed preset, options) c has; null when c's sizes were edited.
const Preset* matching_preset(const Config& c);

}  // namespace gb
