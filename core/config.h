// config.h — the hyperparameters of the seeds, plus the options beyond them (all off by default).
//
// The variant is the model's family (core/family.h: what each family has and offers):
//   Variant::EncoderDecoder is ED-Transformer of seed 000: post-LN, ReLU, no final layer norm.
//   Variant::DecoderOnly    is D-Transformer of seed 002: pre-LN, exact GELU, a final layer norm.
//   Variant::Bigram         is the bigram model (core/families/bigram): |V| and ℓ_max only, every other size 0.
//   Variant::Rnn            is seed 001's recurrent language model (core/families/rnn): d_e and d_hidden; tanh (or
//                           ReLU) as its cell's activation.
//   Variant::RnnSeq2Seq     is seed 004's RNN encoder-decoder (core/families/rnn): an encoder and a decoder recurrence,
//                           the decoder starting from the encoder's last state c; d_e and d_hidden, tanh or ReLU.
//   The two recurrent families' options: Config::cell (an Elman cell, or an LSTM's gates) and, for the
//   encoder-decoder, Config::attention (additive attention over the encoder's states, Bahdanau et al. 2015).
//   Variant::Hmm            is seed 001's hidden Markov model with discrete emissions (core/families/hmm): K states
//                           (Config::states), trained by EM.
//   Variant::HmmGmm         is seed 001's HMM for speech (core/families/hmm/hmm_gmm.h): K states, each emitting an
//                           observation in R^D (Config::obs_dim) from a mixture of M diagonal Gaussians
//                           (Config::mixtures), trained by EM. It reads vectors, not tokens: |V| is 0.
// Config::make(variant, …) fills the seed's choices; changing norm/activation/final_norm afterwards is an option.
#pragma once

#include "core/error.h"

#include <string>

namespace gb {

enum class Variant { EncoderDecoder, DecoderOnly, Bigram, Rnn, Hmm, RnnSeq2Seq, HmmGmm };
enum class NormPlacement { Post, Pre };  // Post: X ← LN(X + f(X)) (seed 000); Pre: X ← X + f(LN(X)) (seed 002)
// The MLP's (transformers) or the recurrent cell's. Beyond the seeds' ReLU and exact GELU, the transformers may use
// GELU's tanh approximation ½x(1 + tanh(√(2/π)(x + 0.044715x³))) — GPT-2's "gelu_new" — and SiLU x·σ(x) — Marian's
// "swish"; the recurrent cells take tanh or ReLU.
enum class Activation { ReLU, GELU, Tanh, GeluTanh, SiLU };
// The recurrent families' cell: Elman's h_j = f(V h_{j−1} + A e_j + b), or an LSTM (its four gates stacked in V, A, b
// in torch's order i, f, g, o; a memory cell m_j beside h_j).
enum class RnnCell { Elman, Lstm };
// The RNN encoder-decoder's decoder: from c alone (None), or reading at each step a weighted sum of all the encoder's
// states, its weights from additive scores v_aᵀ tanh(W_a h_{j−1} + U_a s_t) (Additive, Bahdanau et al. 2015).
enum class RnnAttention { None, Additive };
// Where a transformer's positions come from: the seeds' learned W_p, or a fixed sinusoidal table in Marian's layout
// (row i < d/2: sin(t / 10000^(2i/d)); row d/2 + i: cos(t / 10000^(2i/d)); positions t from 0), which is no
// parameter: it is not in the file, not trained, and computed in double then rounded to float, as Marian's code does.
enum class Positions { Learned, Sinusoidal };

struct Config {
  Variant variant = Variant::DecoderOnly;
  int vocab_size = 0;  // |V|
  int max_len = 0;     // ℓ_max
  int enc_layers = 0;  // L_enc (encoder-decoder only; 0 for decoder-only)
  int dec_layers = 0;  // L_dec, or L for decoder-only
  int heads = 0;       // H
  int d_e = 0;         // embedding size d_e
  int d_mlp = 0;       // d_MLP
  int d_hidden = 0;    // the recurrent state's size (the RNN's h; 0 for the others)
  int states = 0;      // K, the hidden states of an HMM (0 for the others)
  int mixtures = 0;    // M, the Gaussians of each state's mixture (hmm-gmm; 0 for the others)
  int obs_dim = 0;     // D, the size of one observation (hmm-gmm; 0 for the others)
  // Options. make() sets the seed's values.
  NormPlacement norm = NormPlacement::Pre;
  Activation activation = Activation::GELU;
  bool final_norm = true;     // X ← LN(X | γ, β) after the last layer
  bool tied_unembed = false;  // W_u = W_eᵀ (no W_u tensor of its own)
  float dropout = 0.0f;       // on each sub-layer's output before the residual add (seed 003); 0 = off
  double ln_eps = 1e-5;       // the layer norms' ε (the seeds' and PyTorch's 1e-5; an imported model's from its config)
  Positions positions = Positions::Learned;  // "positions" in the JSON when sinusoidal
  bool embed_scale = false;   // X = √d_e · W_e[:, x] + positions (Marian's scale_embedding)
  bool out_bias = false;      // logits = W_u X + b_u 1ᵀ (Marian's final_logits_bias; the tensor "b_u")
  RnnCell cell = RnnCell::Elman;               // the recurrent families' cell ("cell" in the JSON when recurrent)
  RnnAttention attention = RnnAttention::None;  // rnn-seq2seq only ("attention" in the JSON)
  // Special token ids (bos starts ED-Inference; eos stops it; pad fills batches). −1 = none.
  int bos_id = -1;
  int eos_id = -1;
  int pad_id = -1;

  static Config make(Variant v, int vocab_size, int max_len, int enc_layers, int dec_layers, int heads, int d_e,
                     int d_mlp);
  int d_h() const { return heads > 0 ? d_e / heads : 0; }
  // Rows of a recurrent cell's V, A and b per unit of its state: 1 (Elman), 4 (an LSTM's gates i, f, g, o).
  int gates() const { return cell == RnnCell::Lstm ? 4 : 1; }
  // What a recurrent family carries from one token to the next: h (d_hidden), or an LSTM's [h; m] (2 d_hidden).
  int recurrent_state_size() const { return cell == RnnCell::Lstm ? 2 * d_hidden : d_hidden; }
  // The encoder-decoder transformer (seed 000): for the transformer's own code. Elsewhere ask what the family
  // has (has_source(), is_transformer(), or family(c) in core/family.h).
  bool is_ed() const { return variant == Variant::EncoderDecoder; }
  // The model reads a source z besides its sequence x (pairs are laid out as z → x, not as one line).
  bool has_source() const;
  // One of the seed transformers (their layers, attention, masks, KV cache, listing).
  bool is_transformer() const { return variant == Variant::EncoderDecoder || variant == Variant::DecoderOnly; }
  // A user error (what field, what was expected) or nullopt.
  Status validate() const;
};

const char* variant_name(Variant v);  // the family's name: "encoder-decoder" | "decoder-only" | "bigram" | "rnn" | "hmm" | "rnn-seq2seq" | "hmm-gmm"
Result<Variant> parse_variant(const std::string& s);
const char* norm_name(NormPlacement n);  // "post" | "pre"
Result<NormPlacement> parse_norm(const std::string& s);
const char* activation_name(Activation a);  // "relu" | "gelu" | "tanh" | "gelu_tanh" | "silu"
Result<Activation> parse_activation(const std::string& s);
const char* positions_name(Positions p);  // "learned" | "sinusoidal"
Result<Positions> parse_positions(const std::string& s);
const char* cell_name(RnnCell c);  // "elman" | "lstm"
Result<RnnCell> parse_cell(const std::string& s);  // also "rnn" for Elman's
const char* attention_name(RnnAttention a);  // "none" | "additive"
Result<RnnAttention> parse_attention(const std::string& s);

}  // namespace gb
