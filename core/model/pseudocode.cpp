#include "core/model/pseudocode.h"

#include <map>
#include <mutex>
#include <tuple>

namespace gb {

// The bigram: one line, the column of B that the last token picks.
static std::vector<PseudoLine> bigram_listing() {
  std::vector<PseudoLine> out;
  out.push_back({LineKind::Comment, 0, "▷ The next token from the last one alone", 'X', 0});
  out.push_back({LineKind::Output, 0, "return P = softmax(B[:, x])", 'X', 0});
  return out;
}

// An LSTM's step, as lines at indent `in`: the gates from one pre-activation u (i, f, g, o), the memory, the state.
static void lstm_lines(std::vector<PseudoLine>& out, int in, const std::string& u, const std::string& h,
                       const std::string& m, const std::string& j, char stream) {
  out.push_back({LineKind::Mlp, in, "[i; f; g; o] ← [σ; σ; tanh; σ](" + u + ")", stream, 0});
  out.push_back({LineKind::Mlp, in, m + "_" + j + " ← f ⊙ " + m + "_{" + j + "−1} + i ⊙ g", stream, 0});
  out.push_back({LineKind::Mlp, in, h + "_" + j + " ← o ⊙ tanh(" + m + "_" + j + ")", stream, 0});
}

// The RNN encoder-decoder (seed 004): the source read into one vector c, the target written from it (with additive
// attention, the decoder also reads a weighted sum of all the encoder's states at each step).
static std::vector<PseudoLine> rnn_seq2seq_listing(const Config& c) {
  const std::string f = c.activation == Activation::ReLU ? "max(0, " : "tanh(";
  const bool lstm = c.cell == RnnCell::Lstm, att = c.attention == RnnAttention::Additive;
  std::vector<PseudoLine> out;
  out.push_back({LineKind::Comment, 0, "▷ Encoding z into one vector c", 'Z', 0});
  out.push_back({LineKind::Embed, 0, lstm ? "g_0 ← 0;  n_0 ← 0" : "g_0 ← 0", 'Z', 0});
  out.push_back({LineKind::Loop, 0, "for i = 1, …, ℓ_z", 'Z', 0});
  if (lstm)
    lstm_lines(out, 1, "V_enc g_{i−1} + A_enc W_e[:, z_i] + b_enc", "g", "n", "i", 'Z');
  else
    out.push_back({LineKind::Mlp, 1, "g_i ← " + f + "V_enc g_{i−1} + A_enc W_e[:, z_i] + b_enc)", 'Z', 0});
  out.push_back({LineKind::Embed, 0, lstm ? "c ← g_{ℓ_z};  m_0 ← n_{ℓ_z}" : "c ← g_{ℓ_z}", 'Z', 0});
  out.push_back({LineKind::Comment, 0, att ? "▷ Decoding x from c, reading every g_i" : "▷ Decoding x from c", 'X', 0});
  out.push_back({LineKind::Embed, 0, "h_0 ← c", 'X', 0});
  out.push_back({LineKind::Loop, 0, "for j = 1, …, ℓ_x", 'X', 0});
  std::string u = "V_dec h_{j−1} + A_dec W_e[:, x_j] + b_dec";
  if (att) {
    out.push_back({LineKind::CrossAttention, 1, "α_j ← softmax_i(v_aᵀ tanh(W_a h_{j−1} + U_a g_i))", 'X', 0});
    out.push_back({LineKind::CrossAttention, 1, "ctx_j ← Σ_i α_ji g_i", 'X', 0});
    u += " + C ctx_j";
  }
  if (lstm)
    lstm_lines(out, 1, u, "h", "m", "j", 'X');
  else
    out.push_back({LineKind::Mlp, 1, "h_j ← " + f + u + ")", 'X', 0});
  out.push_back({LineKind::Output, 1, "P_j ← softmax(W_u h_j + b_u)", 'X', 0});
  out.push_back({LineKind::Output, 0, "return P = [P_1, …, P_ℓ]", 'X', 0});
  return out;
}

// The hidden Markov model (seed 001): the forward algorithm, scaled, and its prediction of the next token.
static std::vector<PseudoLine> hmm_listing() {
  std::vector<PseudoLine> out;
  out.push_back({LineKind::Comment, 0, "▷ The filtered state distribution ᾱ_j = P(z_j | x_1..x_j)", 'X', 0});
  out.push_back({LineKind::Loop, 0, "for j = 1, …, ℓ", 'X', 0});
  out.push_back({LineKind::Mlp, 1, "p ← π if j = 1, else T ᾱ_{j−1};  a ← p ⊙ E[x_j, :]ᵀ;  c_j ← Σ a;  ᾱ_j ← a / c_j  "
                                   "(ᾱ_j ← p when c_j = 0: x_j read as missing)", 'X', 0});
  out.push_back({LineKind::Output, 1, "P_j ← E T ᾱ_j", 'X', 0});
  out.push_back({LineKind::Comment, 0, "▷ Viterbi: the most probable path of states z*", 'X', 0});
  out.push_back({LineKind::Embed, 0, "δ_1 ← log π + log E[x_1, :]ᵀ", 'X', 0});
  out.push_back({LineKind::Loop, 0, "for j = 2, …, ℓ", 'X', 0});
  out.push_back({LineKind::Mlp, 1, "δ_j ← max_k (log T[:, k] + δ_{j−1}[k]) + log E[x_j, :]ᵀ;  ψ_j ← argmax_k", 'X', 0});
  out.push_back({LineKind::Embed, 0, "z*_ℓ ← argmax_k δ_ℓ[k]", 'X', 0});
  out.push_back({LineKind::Loop, 0, "for j = ℓ − 1, …, 1", 'X', 0});
  out.push_back({LineKind::Mlp, 1, "z*_j ← ψ_{j+1}[z*_{j+1}]", 'X', 0});
  out.push_back({LineKind::Output, 0, "return P = [P_1, …, P_ℓ] and z*", 'X', 0});
  return out;
}

// The recurrent network (seed 001): one state, rewritten token after token.
static std::vector<PseudoLine> rnn_listing(const Config& c) {
  const std::string f = c.activation == Activation::ReLU ? "max(0, " : "tanh(";
  std::vector<PseudoLine> out;
  out.push_back({LineKind::Comment, 0, "▷ One token after another: h_j needs h_{j−1}", 'X', 0});
  out.push_back({LineKind::Embed, 0, c.cell == RnnCell::Lstm ? "h_0 ← 0;  m_0 ← 0" : "h_0 ← 0", 'X', 0});
  out.push_back({LineKind::Loop, 0, "for j = 1, …, ℓ", 'X', 0});
  if (c.cell == RnnCell::Lstm)
    lstm_lines(out, 1, "V h_{j−1} + A W_e[:, x_j] + b", "h", "m", "j", 'X');
  else
    out.push_back({LineKind::Mlp, 1, "h_j ← " + f + "V h_{j−1} + A W_e[:, x_j] + b)", 'X', 0});
  out.push_back({LineKind::Output, 1, "P_j ← softmax(W_u h_j + b_u)", 'X', 0});
  out.push_back({LineKind::Output, 0, "return P = [P_1, …, P_ℓ]", 'X', 0});
  return out;
}

// The seeds' listings (000: ED-Transformer, 002: D-Transformer), with the options' lines.
static std::vector<PseudoLine> transformer_listing(const Config& c) {
  std::vector<PseudoLine> out;
  const bool pre = c.norm == NormPlacement::Pre;
  const std::string act = c.activation == Activation::ReLU       ? "max(0, "
                          : c.activation == Activation::Tanh     ? "tanh("
                          : c.activation == Activation::GeluTanh ? "GELU_tanh("
                          : c.activation == Activation::SiLU     ? "SiLU("
                                                                 : "GELU(";
  auto sub = [&](char s, LineKind kind, const std::string& f_of, int gamma, const std::string& where) {
    // post (seed 000):  S ← S + f(S);  S ← LN(S)        pre (seed 002):  Ŝ ← LN(S);  S ← S + f(Ŝ)
    const std::string S(1, s), Sh = S + "\u0302";  // S with a combining circumflex: X̂, Ẑ
    const std::string g = std::to_string(gamma);
    const std::string ln = "ColwiseLayerNorm(" + S + " | γˡ_" + g + ", βˡ_" + g + ")";
    auto f = [&](const std::string& in) {
      std::string t = f_of;
      for (size_t p; (p = t.find('@')) != std::string::npos;) t.replace(p, 1, in);
      return t;
    };
    if (pre) {
      out.push_back({LineKind::Norm, 1, Sh + " ← " + ln, s, gamma});
      out.push_back({kind, 1, S + " ← " + S + " + " + f(Sh) + where, s, 0});
    } else {
      out.push_back({kind, 1, S + " ← " + S + " + " + f(S) + where, s, 0});
      out.push_back({LineKind::Norm, 1, S + " ← " + ln, s, gamma});
    }
  };
  auto mlp = [&](int w) {  // W₂ˡ max(0, W₁ˡ @ + b₁ˡ1ᵀ) + b₂ˡ1ᵀ  (seed 000 decoder: W₃, W₄)
    const std::string a = std::to_string(w), b = std::to_string(w + 1);
    return "W_" + b + "ˡ " + act + "W_" + a + "ˡ @ + b_" + a + "ˡ 1ᵀ) + b_" + b + "ˡ 1ᵀ";
  };
  // Embed(x | W_e, W_p), with an imported model's options: √d_e · W_e (scaled embeddings), P_sin (fixed sinusoidal
  // positions instead of the learned W_p)
  const std::string embed_args = std::string(c.embed_scale ? "√d_e·W_e" : "W_e") + ", " +
                                 (c.positions == Positions::Sinusoidal ? "P_sin" : "W_p") + ")";
  if (c.is_ed()) {
    out.push_back({LineKind::Comment, 0, "▷ Encoding the context sequence z", 'Z', 0});
    out.push_back({LineKind::Embed, 0, "Z ← Embed(z | " + embed_args, 'Z', 0});
    out.push_back({LineKind::Loop, 0, "for l = 1, …, L_enc", 'Z', 0});
    sub('Z', LineKind::SelfAttention, "MultiHeadAttention(@, @ | 𝒲ˡ_enc, 1)", 1, "");
    sub('Z', LineKind::Mlp, mlp(1), 2, "");
    out.push_back({LineKind::Comment, 0, "▷ Decoding the primary sequence x", 'X', 0});
    out.push_back({LineKind::Embed, 0, "X ← Embed(x | " + embed_args, 'X', 0});
    out.push_back({LineKind::Loop, 0, "for l = 1, …, L_dec", 'X', 0});
    sub('X', LineKind::SelfAttention, "MultiHeadAttention(@, @ | 𝒲ˡ_dec, M_uni)", 3, "");
    sub('X', LineKind::CrossAttention, "MultiHeadAttention(@, Z | 𝒲ˡ_cross, 1)", 4, "");
    sub('X', LineKind::Mlp, mlp(3), 5, "");
  } else {
    out.push_back({LineKind::Embed, 0, "X ← Embed(x | " + embed_args, 'X', 0});
    out.push_back({LineKind::Loop, 0, "for l = 1, …, L", 'X', 0});
    sub('X', LineKind::SelfAttention, "MultiHeadAttention(@, @ | 𝒲ˡ, M_uni)", 1, "");
    sub('X', LineKind::Mlp, mlp(1), 2, "");
  }
  if (c.final_norm) out.push_back({LineKind::FinalNorm, 0, "X ← ColwiseLayerNorm(X | γ, β)", 'X', 0});
  out.push_back({LineKind::Output, 0,
                 std::string("return P = softmax(") + (c.tied_unembed ? "W_eᵀ X" : "W_u X") + (c.out_bias ? " + b_u 1ᵀ)" : ")"),
                 'X', 0});
  return out;
}

static std::vector<PseudoLine> build(const Config& c) {
  switch (c.variant) {
    case Variant::EncoderDecoder:
    case Variant::DecoderOnly:
      return transformer_listing(c);
    case Variant::Bigram:
      return bigram_listing();
    case Variant::Rnn:
      return rnn_listing(c);
    case Variant::Hmm:
      return hmm_listing();
    case Variant::HmmGmm:
      return {};  // (no listing yet: the window does not show this family)
    case Variant::RnnSeq2Seq:
      return rnn_seq2seq_listing(c);
  }
  return {};
}

const std::vector<PseudoLine>& pseudocode(const Config& c) {
  static std::mutex mu;
  static std::map<std::tuple<int, int, int, int, int, int, int>, std::vector<PseudoLine>> cache;
  const auto key = std::make_tuple(int(c.variant), int(c.norm), int(c.activation), int(c.final_norm), int(c.tied_unembed), int(c.cell), int(c.attention));
  std::lock_guard<std::mutex> lock(mu);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, build(c)).first;
  return it->second;
}

std::string pseudocode_title(const Config& c) {
  switch (c.variant) {
    case Variant::EncoderDecoder: return "ED-Transformer(z, x | θ)";
    case Variant::DecoderOnly: return "D-Transformer(x | θ)";
    case Variant::Bigram: return "Bigram(x | B)";
    case Variant::Rnn: return c.cell == RnnCell::Lstm ? "LSTM(x | W_e, V, A, b, W_u, b_u)" : "RNN(x | W_e, V, A, b, W_u, b_u)";
    case Variant::Hmm: return "HMM(x | π, T, E)";
    case Variant::HmmGmm: return "HMM(o | π, T, w, μ, σ²)";
    case Variant::RnnSeq2Seq:
      return std::string(c.cell == RnnCell::Lstm ? "LSTM-ED" : "RNN-ED") +
             (c.attention == RnnAttention::Additive ? "(z, x | W_e, enc, dec, att, W_u, b_u)"
                                                    : "(z, x | W_e, enc, dec, W_u, b_u)");
  }
  return "";
}

}  // namespace gb
