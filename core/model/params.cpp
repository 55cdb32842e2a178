#include "core/model/params.h"

#include "core/families/hmm/hmm.h"
#include "core/families/hmm/hmm_gmm.h"
#include "core/family.h"
#include "core/rng.h"

#include <cmath>

namespace gb {

// Every tensor with its shape: zeros, or (zero = false) uninitialised — memory only reserved, never touched.
template <class M> static void shape(M& m, bool zero, Eigen::Index rows, Eigen::Index cols) {
  if (zero) m.setZero(rows, cols);
  else m.resize(rows, cols);
}
template <class V> static void shape(V& v, bool zero, Eigen::Index n) {
  if (zero) v.setZero(n);
  else v.resize(n);
}
template <class T> static AttentionParams<T> attention_shaped(int d, bool zero) {
  AttentionParams<T> a;
  for (Mat<T>* m : {&a.W_q, &a.W_k, &a.W_v, &a.W_o}) shape(*m, zero, d, d);
  for (Vec<T>* v : {&a.b_q, &a.b_k, &a.b_v, &a.b_o}) shape(*v, zero, d);
  return a;
}
template <class T> static NormParams<T> norm_shaped(int d, bool zero) {
  NormParams<T> n;
  shape(n.gamma, zero, d);
  shape(n.beta, zero, d);
  return n;
}

// Marian's sinusoidal positions (MarianSinusoidalPositionalEmbedding): column t, row i < ⌈d/2⌉ sin(t / 10000^(2i/d)),
// row ⌈d/2⌉ + i cos(t / 10000^(2i/d)) — the sines of the even-indexed frequencies, then the cosines of the odd ones
// — in double, then rounded.
template <class M> static void sinusoidal_table(M& W) {
  const Eigen::Index d = W.rows(), half = (d + 1) / 2;
  for (Eigen::Index t = 0; t < W.cols(); ++t)
    for (Eigen::Index j = 0; j < d; ++j) {
      // position_enc[t, j] = t / 10000^(2 (j // 2) / d); the sines take the even j, the cosines the odd
      const double angle = double(t) / std::pow(10000.0, 2.0 * double(j / 2) / double(d));
      if (j % 2 == 0) W(j / 2, t) = typename M::Scalar(std::sin(angle));
      else W(half + j / 2, t) = typename M::Scalar(std::cos(angle));
    }
}

template <class T> static Params<T> params_shaped(const Config& c, bool zero) {
  const int d = c.d_e;
  Params<T> p;
  switch (c.variant) {
    case Variant::Bigram:
      shape(p.bigram.B, zero, c.vocab_size, c.vocab_size);
      return p;
    case Variant::RnnSeq2Seq:
      shape(p.rnn_enc.V, zero, c.gates() * c.d_hidden, c.d_hidden);
      shape(p.rnn_enc.A, zero, c.gates() * c.d_hidden, c.d_e);
      shape(p.rnn_enc.b, zero, c.gates() * c.d_hidden);
      if (c.attention == RnnAttention::Additive) {
        shape(p.rnn.C, zero, c.gates() * c.d_hidden, c.d_hidden);
        shape(p.rnn.W_a, zero, c.d_hidden, c.d_hidden);
        shape(p.rnn.U_a, zero, c.d_hidden, c.d_hidden);
        shape(p.rnn.v_a, zero, c.d_hidden);
      }
      [[fallthrough]];  // and the decoder's, as an RNN's
    case Variant::Rnn:
      shape(p.rnn.W_e, zero, c.d_e, c.vocab_size);
      shape(p.rnn.V, zero, c.gates() * c.d_hidden, c.d_hidden);
      shape(p.rnn.A, zero, c.gates() * c.d_hidden, c.d_e);
      shape(p.rnn.b, zero, c.gates() * c.d_hidden);
      shape(p.rnn.W_u, zero, c.vocab_size, c.d_hidden);
      shape(p.rnn.b_u, zero, c.vocab_size);
      return p;
    case Variant::Hmm:
      shape(p.hmm.pi, zero, c.states);
      shape(p.hmm.transition, zero, c.states, c.states);
      shape(p.hmm.emission, zero, c.vocab_size, c.states);
      return p;
    case Variant::HmmGmm:
      shape(p.gmm.pi, zero, c.states);
      shape(p.gmm.transition, zero, c.states, c.states);
      shape(p.gmm.weight, zero, c.mixtures, c.states);
      shape(p.gmm.mean, zero, c.states * c.mixtures, c.obs_dim);  // (K·M ≤ 2¹⁴: the family's bounds)
      shape(p.gmm.var, zero, c.states * c.mixtures, c.obs_dim);
      return p;
    case Variant::EncoderDecoder:
    case Variant::DecoderOnly:
      break;
  }
  shape(p.W_e, zero, d, c.vocab_size);
  shape(p.W_p, zero, d, c.max_len);
  if (c.positions == Positions::Sinusoidal) sinusoidal_table(p.W_p);
  if (!c.tied_unembed) shape(p.W_u, zero, c.vocab_size, d);
  if (c.out_bias) shape(p.b_u, zero, c.vocab_size);
  auto layer = [&](bool cross) {
    LayerParams<T> l;
    l.attn = attention_shaped<T>(d, zero);
    l.ln_a = norm_shaped<T>(d, zero);
    if (cross) {
      l.cross = attention_shaped<T>(d, zero);
      l.ln_b = norm_shaped<T>(d, zero);
    }
    shape(l.mlp.W_in, zero, c.d_mlp, d);
    shape(l.mlp.b_in, zero, c.d_mlp);
    shape(l.mlp.W_out, zero, d, c.d_mlp);
    shape(l.mlp.b_out, zero, d);
    l.ln_c = norm_shaped<T>(d, zero);
    return l;
  };
  for (int i = 0; i < c.enc_layers; ++i) p.enc.push_back(layer(false));
  for (int i = 0; i < c.dec_layers; ++i) p.dec.push_back(layer(c.is_ed()));
  if (c.final_norm) p.ln_f = norm_shaped<T>(d, zero);
  return p;
}

template <class T> Params<T> params_zeros(const Config& c) {
  GB_ASSERT(!c.validate(), "params_zeros needs a valid config");
  return params_shaped<T>(c, true);
}

template <class T> Params<T> params_uninitialised(const Config& c) {
  GB_ASSERT(!c.validate(), "params_uninitialised needs a valid config");
  return params_shaped<T>(c, false);
}

Params<float> params_init(const Config& c, uint64_t seed) { return *params_init(c, seed, Progress{}); }

std::optional<Params<float>> params_init(const Config& c, uint64_t seed, const Progress& progress) {
  return params_init(c, seed, progress, nullptr);
}

std::optional<Params<float>> params_init(const Config& c, uint64_t seed, const Progress& progress,
                                         const std::vector<Example>* data) {
  const uint64_t total = uint64_t(params_count(c));
  uint64_t done = 0, reported = 0;
  bool stopped = progress && !progress(0, total);
  if (stopped) return std::nullopt;
  Params<float> p = params_zeros<float>(c);
  Rng rng(seed);
  if (c.variant == Variant::Hmm) {  // probabilities, not weights: random distributions (hmm_init)
    hmm_init(p.hmm, c, rng);
    if (progress) progress(total, total);
    return p;
  }
  if (c.variant == Variant::HmmGmm) {  // the means on the data, when there is some
    // (its own work units: the data it reads, not params_count)
    if (!hmm_gmm_init(p.gmm, c, rng, data, progress)) return std::nullopt;
    if (progress) progress(total, total);
    return p;
  }
  const int layers = c.enc_layers + c.dec_layers;
  const double std_w = 0.02;
  const double std_resid = 0.02 / std::sqrt(2.0 * std::max(1, layers));
  for_each_tensor(c, p, [&](const std::string& name, TensorRef<float> t) {
    if (stopped) return;
    const bool is_gamma = name.size() >= 6 && name.compare(name.size() - 6, 6, ".gamma") == 0;
    if (is_gamma) {
      t.mat().setOnes();
      return;
    }
    if (t.is_vector && name != "att.v") return;  // biases and β start at zero (attention's v_a does not: v_a = 0
                                                  // would make every weight equal and W_a, U_a learn nothing)
    // Output projections that feed the residual stream: W_o and the MLP's second matrix.
    const bool resid = name.find(".W_o") != std::string::npos || name.find(".mlp.W_2") != std::string::npos ||
                       name.find(".mlp.W_4") != std::string::npos;
    double s = resid ? std_resid : std_w;
    if (family(c).recurrent_cell) {  // unit-sized states from the start: e ~ N(0, 1), A e and V h of unit scale
      auto ends = [&](const char* t) { return name.size() >= 2 && name.compare(name.size() - 2, 2, t) == 0; };
      if (name == "W_e") s = 1.0;
      else if (ends(".A")) s = 1.0 / std::sqrt(double(c.d_e));
      else if (ends(".V")) s = 1.0 / std::sqrt(double(c.d_hidden));  // spectral radius near 1
      else if (ends(".C") || name.rfind("att.", 0) == 0) s = 1.0 / std::sqrt(double(c.d_hidden));
    }
    // Fill in row-major order (the order of the file), so the numbers do not depend on our memory layout.
    auto m = t.mat();
    for (Eigen::Index r = 0; r < m.rows() && !stopped; ++r) {
      for (Eigen::Index col = 0; col < m.cols(); ++col) m(r, col) = static_cast<float>(s * rng.normal());
      done += uint64_t(m.cols());
      if (progress && done - reported >= (1u << 20)) {  // a million numbers take a few milliseconds
        reported = done;
        stopped = !progress(done, total);
      }
    }
  });
  if (stopped) return std::nullopt;
  if (progress) progress(total, total);
  return p;
}

std::vector<std::string> tensor_names(const Config& c) {
  std::vector<std::string> out;
  Params<float> empty;  // names only: for_each_tensor needs no allocated tensors
  empty.enc.resize(size_t(c.enc_layers));
  empty.dec.resize(size_t(c.dec_layers));
  for_each_tensor(c, empty, [&](const std::string& n, TensorRef<float>) { out.push_back(n); });
  return out;
}

template <class T> void params_set_zero(const Config& c, Params<T>& p) {
  for_each_tensor(c, p, [](const std::string&, TensorRef<T> t) { t.mat().setZero(); });
}

template <class T> int64_t params_count(const Config& c, const Params<T>& p) {
  int64_t n = 0;
  for_each_tensor(c, const_cast<Params<T>&>(p), [&](const std::string&, TensorRef<T> t) { n += t.size(); });
  return n;
}

int64_t params_count(const Config& c) {
  const int64_t d = c.d_e, V = c.vocab_size, m = c.d_mlp;
  switch (c.variant) {
    case Variant::Bigram: return V * V;
    case Variant::Rnn:
    case Variant::RnnSeq2Seq: {
      const int64_t h = c.d_hidden, g = c.gates(), cells = c.variant == Variant::RnnSeq2Seq ? 2 : 1;
      const int64_t attention = c.attention == RnnAttention::Additive ? g * h * h + 2 * h * h + h : 0;
      return d * V + cells * g * (h * h + h * d + h) + attention + V * h + V;
    }
    case Variant::Hmm: {
      const int64_t K = c.states;
      return K + K * K + V * K;
    }
    case Variant::HmmGmm: {
      const int64_t K = c.states, M = c.mixtures, D = c.obs_dim;
      return K + K * K + M * K + 2 * K * M * D;
    }
    case Variant::EncoderDecoder:
    case Variant::DecoderOnly:
      break;
  }
  const int64_t attn = 4 * d * d + 4 * d, norm = 2 * d, mlp = 2 * d * m + m + d;
  // (a sinusoidal table is no parameter; the output bias is |V| of them)
  int64_t n = d * V + (c.positions == Positions::Learned ? d * c.max_len : 0) + (c.tied_unembed ? 0 : V * d) +
              (c.out_bias ? V : 0);
  n += int64_t(c.enc_layers) * (attn + mlp + 2 * norm);
  n += int64_t(c.dec_layers) * (c.is_ed() ? 2 * attn + mlp + 3 * norm : attn + mlp + 2 * norm);
  if (c.final_norm) n += norm;
  return n;
}

template <class To, class From> Params<To> params_cast(const Config& c, const Params<From>& p) {
  Params<To> out = params_zeros<To>(c);
  std::vector<TensorRef<From>> src;
  for_each_tensor(c, const_cast<Params<From>&>(p), [&](const std::string&, TensorRef<From> t) { src.push_back(t); });
  size_t i = 0;
  for_each_tensor(c, out, [&](const std::string&, TensorRef<To> t) {
    t.mat() = src[i++].mat().template cast<To>();
  });
  return out;
}

template Params<float> params_zeros<float>(const Config&);
template Params<double> params_zeros<double>(const Config&);
template Params<float> params_uninitialised<float>(const Config&);
template void params_set_zero<float>(const Config&, Params<float>&);
template void params_set_zero<double>(const Config&, Params<double>&);
template int64_t params_count<float>(const Config&, const Params<float>&);
template int64_t params_count<double>(const Config&, const Params<double>&);
template Params<double> params_cast<double, float>(const Config&, const Params<float>&);
template Params<float> params_cast<float, double>(const Config&, const Params<double>&);
template Params<float> params_cast<float, float>(const Config&, const Params<float>&);

}  // namespace gb
