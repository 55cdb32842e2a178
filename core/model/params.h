// params.h — the learned parameters θ of every model family, named as in the seeds: the two seed transformers'
// tensors, and each other family's own (a family keeps its tensors in a struct of its folder, a member here).
//
// Params<T> is also the type of the gradients (Grads<T> = Params<T>): backward accumulates into one, the optimizer
// reads both. for_each_tensor visits every tensor with its file name (see docs/model-file.md), in file order; it
// serves the optimizer, the model file and the GUI's tensor picker, so no list of tensors is kept by hand.
//
// Shapes are the seed's: matrices are (rows × cols) as written in the notes, e.g. W_e is d_e × |V|.
#pragma once

#include "core/config.h"
#include "core/families/bigram/bigram_params.h"
#include "core/families/hmm/hmm_gmm_params.h"
#include "core/families/hmm/hmm_params.h"
#include "core/families/rnn/rnn_params.h"
#include "core/progress.h"
#include "core/tensor.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace gb {

struct Example;

template <class T> struct AttentionParams {  // 𝒲 = (W_q, b_q, W_k, b_k, W_v, b_v, W_o, b_o)
  Mat<T> W_q, W_k, W_v, W_o;                  // d_e × d_e each; head h owns rows h·d_h … (h+1)·d_h − 1 of W_q/W_k/W_v
  Vec<T> b_q, b_k, b_v, b_o;                  // d_e
};

template <class T> struct NormParams {  // γ, β of one column-wise layer norm
  Vec<T> gamma, beta;                    // d_e
};

template <class T> struct MlpParams {  // W_1, b_1, W_2, b_2 (seed 000 decoder: W_3, b_3, W_4, b_4)
  Mat<T> W_in;                          // d_mlp × d_e
  Vec<T> b_in;                          // d_mlp
  Mat<T> W_out;                         // d_e × d_mlp
  Vec<T> b_out;                         // d_e
};

// One layer of either stack. Sub-layers in the order the seeds run them:
//   encoder (000):      attn, ln_a (γ₁,β₁), mlp, ln_c (γ₂,β₂)
//   decoder (000):      attn, ln_a (γ₃,β₃), cross, ln_b (γ₄,β₄), mlp, ln_c (γ₅,β₅)
//   decoder-only (002): ln_a (γ₁,β₁), attn, ln_c (γ₂,β₂), mlp
template <class T> struct LayerParams {
  AttentionParams<T> attn;
  NormParams<T> ln_a;
  AttentionParams<T> cross;  // encoder-decoder decoder layers only; empty otherwise
  NormParams<T> ln_b;        // with cross only
  MlpParams<T> mlp;
  NormParams<T> ln_c;
};

template <class T> struct Params {
  Mat<T> W_e;                          // d_e × |V|     token embedding
  Mat<T> W_p;                          // d_e × ℓ_max   positional embedding (sinusoidal positions: the fixed table,
                                       //               filled where the tensors are allocated; not a parameter)
  Mat<T> W_u;                          // |V| × d_e     unembedding (empty when tied: W_u = W_eᵀ)
  Vec<T> b_u;                          // |V|           the output bias (config.out_bias; else empty)
  std::vector<LayerParams<T>> enc;     // L_enc encoder layers (encoder-decoder only)
  std::vector<LayerParams<T>> dec;     // L_dec decoder layers (or L)
  NormParams<T> ln_f;                  // final γ, β (when config.final_norm)
  BigramParams<T> bigram;              // the bigram family's table (core/families/bigram)
  RnnParams<T> rnn;                    // the recurrent network's (core/families/rnn); the RNN encoder-decoder's decoder
  RnnCellParams<T> rnn_enc;            // the RNN encoder-decoder's encoder
  HmmParams<T> hmm;                    // the hidden Markov model's probabilities (core/families/hmm)
  HmmGmmParams<T> gmm;                 // the HMM with Gaussian-mixture emissions (core/families/hmm/hmm_gmm.h)
};
template <class T> using Grads = Params<T>;

// A view of one tensor: rows × cols column-major at data (a vector has cols = 1 and is_vector = true). A tensor of
// three dimensions [A, B, C] (hmm-gmm's gmm.mu) is held as an (A·B) × C matrix, row a·B + b, with split = A: its
// row-major data is the matrix's.
template <class T> struct TensorRef {
  T* data = nullptr;
  Eigen::Index rows = 0, cols = 0;
  bool is_vector = false;
  Eigen::Index split = 0;  // > 0: the file's shape is [split, rows / split, cols]
  Eigen::Index size() const { return rows * cols; }
  Eigen::Map<Mat<T>> mat() const { return Eigen::Map<Mat<T>>(data, rows, cols); }
};

// Every tensor of p, in file order, with its name. f(const std::string& name, TensorRef<T>). The one place that
// says which tensors a family has.
template <class T, class F> void for_each_tensor(const Config& c, Params<T>& p, F&& f) {
  auto mat = [](Mat<T>& m) { return TensorRef<T>{m.data(), m.rows(), m.cols(), false}; };
  switch (c.variant) {
    case Variant::Bigram:
      f(std::string("B"), mat(p.bigram.B));
      return;
    case Variant::Rnn: {
      auto vec1 = [](Vec<T>& v) { return TensorRef<T>{v.data(), v.rows(), 1, true}; };
      f(std::string("W_e"), mat(p.rnn.W_e));
      f(std::string("rnn.V"), mat(p.rnn.V));
      f(std::string("rnn.A"), mat(p.rnn.A));
      f(std::string("rnn.b"), vec1(p.rnn.b));
      f(std::string("W_u"), mat(p.rnn.W_u));
      f(std::string("b_u"), vec1(p.rnn.b_u));
      return;
    }
    case Variant::RnnSeq2Seq: {
      auto vec1 = [](Vec<T>& v) { return TensorRef<T>{v.data(), v.rows(), 1, true}; };
      f(std::string("W_e"), mat(p.rnn.W_e));
      f(std::string("enc.V"), mat(p.rnn_enc.V));
      f(std::string("enc.A"), mat(p.rnn_enc.A));
      f(std::string("enc.b"), vec1(p.rnn_enc.b));
      f(std::string("dec.V"), mat(p.rnn.V));
      f(std::string("dec.A"), mat(p.rnn.A));
      f(std::string("dec.b"), vec1(p.rnn.b));
      if (c.attention == RnnAttention::Additive) {
        f(std::string("dec.C"), mat(p.rnn.C));
        f(std::string("att.W"), mat(p.rnn.W_a));
        f(std::string("att.U"), mat(p.rnn.U_a));
        f(std::string("att.v"), vec1(p.rnn.v_a));
      }
      f(std::string("W_u"), mat(p.rnn.W_u));
      f(std::string("b_u"), vec1(p.rnn.b_u));
      return;
    }
    case Variant::Hmm:
      f(std::string("pi"), TensorRef<T>{p.hmm.pi.data(), p.hmm.pi.rows(), 1, true});
      f(std::string("T"), mat(p.hmm.transition));
      f(std::string("E"), mat(p.hmm.emission));
      return;
    case Variant::HmmGmm: {
      auto split = [&](Mat<T>& m) { return TensorRef<T>{m.data(), m.rows(), m.cols(), false, c.states}; };
      f(std::string("pi"), TensorRef<T>{p.gmm.pi.data(), p.gmm.pi.rows(), 1, true});
      f(std::string("T"), mat(p.gmm.transition));
      f(std::string("gmm.w"), mat(p.gmm.weight));
      f(std::string("gmm.mu"), split(p.gmm.mean));
      f(std::string("gmm.var"), split(p.gmm.var));
      return;
    }
    case Variant::EncoderDecoder:
    case Variant::DecoderOnly:
      break;  // the transformers' tensors, below
  }
  auto vec = [](Vec<T>& v) { return TensorRef<T>{v.data(), v.rows(), 1, true}; };
  auto attn = [&](const std::string& pre, AttentionParams<T>& a) {
    f(pre + ".W_q", mat(a.W_q)); f(pre + ".b_q", vec(a.b_q));
    f(pre + ".W_k", mat(a.W_k)); f(pre + ".b_k", vec(a.b_k));
    f(pre + ".W_v", mat(a.W_v)); f(pre + ".b_v", vec(a.b_v));
    f(pre + ".W_o", mat(a.W_o)); f(pre + ".b_o", vec(a.b_o));
  };
  auto norm = [&](const std::string& pre, NormParams<T>& n) {
    f(pre + ".gamma", vec(n.gamma)); f(pre + ".beta", vec(n.beta));
  };
  auto mlp = [&](const std::string& pre, MlpParams<T>& m, int first) {
    const std::string a = std::to_string(first), b = std::to_string(first + 1);
    f(pre + ".W_" + a, mat(m.W_in)); f(pre + ".b_" + a, vec(m.b_in));
    f(pre + ".W_" + b, mat(m.W_out)); f(pre + ".b_" + b, vec(m.b_out));
  };
  f(std::string("W_e"), mat(p.W_e));
  if (c.positions == Positions::Learned) f(std::string("W_p"), mat(p.W_p));
  if (!c.tied_unembed) f(std::string("W_u"), mat(p.W_u));
  if (c.out_bias) f(std::string("b_u"), vec(p.b_u));
  if (c.is_ed()) {
    for (size_t l = 0; l < p.enc.size(); ++l) {
      const std::string pre = "enc." + std::to_string(l);
      attn(pre + ".attn", p.enc[l].attn);
      norm(pre + ".ln1", p.enc[l].ln_a);
      mlp(pre + ".mlp", p.enc[l].mlp, 1);
      norm(pre + ".ln2", p.enc[l].ln_c);
    }
    for (size_t l = 0; l < p.dec.size(); ++l) {
      const std::string pre = "dec." + std::to_string(l);
      attn(pre + ".attn", p.dec[l].attn);
      norm(pre + ".ln3", p.dec[l].ln_a);
      attn(pre + ".cross", p.dec[l].cross);
      norm(pre + ".ln4", p.dec[l].ln_b);
      mlp(pre + ".mlp", p.dec[l].mlp, 3);
      norm(pre + ".ln5", p.dec[l].ln_c);
    }
  } else {
    for (size_t l = 0; l < p.dec.size(); ++l) {
      const std::string pre = "dec." + std::to_string(l);
      norm(pre + ".ln1", p.dec[l].ln_a);
      attn(pre + ".attn", p.dec[l].attn);
      norm(pre + ".ln2", p.dec[l].ln_c);
      mlp(pre + ".mlp", p.dec[l].mlp, 1);
    }
  }
  if (c.final_norm) norm("ln", p.ln_f);
}

// The tensors of p in for_each_tensor order, without names (for loops that run every step: no strings built).
template <class T> std::vector<TensorRef<T>> tensor_list(const Config& c, Params<T>& p) {
  std::vector<TensorRef<T>> out;
  for_each_tensor(c, p, [&](const std::string&, TensorRef<T> t) { out.push_back(t); });
  return out;
}
std::vector<std::string> tensor_names(const Config& c);

// Allocates every tensor with its shape, all zero. The config must be valid.
template <class T> Params<T> params_zeros(const Config& c);
// Every tensor with its shape, its values uninitialised (the memory reserved, not touched: no cost but the
// allocation). For checking shapes, or for a buffer about to be overwritten. The config must be valid.
template <class T> Params<T> params_uninitialised(const Config& c);
// Allocates and initialises from seed: weights N(0, 0.02²) (GPT-2's choice; residual output projections scaled
// by 1/√(2·layers)), biases 0, γ = 1, β = 0. The same seed gives the same numbers on every platform.
Params<float> params_init(const Config& c, uint64_t seed);
// The same, reporting the numbers drawn (of params_count) every million or so; progress returning false stops it,
// and then nothing is returned (what was allocated is freed). The numbers are the same as params_init's.
std::optional<Params<float>> params_init(const Config& c, uint64_t seed, const Progress& progress);
// A family that reads observations (hmm-gmm) starts its means on the training data when it is given (hmm_gmm_init,
// as glassbox-cli init does); the other families ignore data.
std::optional<Params<float>> params_init(const Config& c, uint64_t seed, const Progress& progress,
                                         const std::vector<Example>* data);

template <class T> void params_set_zero(const Config& c, Params<T>& p);
template <class T> int64_t params_count(const Config& c, const Params<T>& p);
int64_t params_count(const Config& c);  // without allocating

// Precision conversion (the gradient checks run in double).
template <class To, class From> Params<To> params_cast(const Config& c, const Params<From>& p);

}  // namespace gb
