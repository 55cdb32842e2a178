// model.cpp — ED-Transformer (seed 000) and D-Transformer (seed 002), forward and backward.
//
// The seeds' loops, with the residual blocks written once (sublayer_forward/backward) for both norm placements:
//   seed 000 encoder layer:  Z ← LN₁(Z + MHA(Z, Z));  Z ← LN₂(Z + MLP(Z))
//   seed 000 decoder layer:  X ← LN₃(X + MHA(X, X | M_uni));  X ← LN₄(X + MHA(X, Z));  X ← LN₅(X + MLP(X))
//   seed 002 layer:          X ← X + MHA(LN₁(X) | M_uni);  X ← X + MLP(LN₂(X));  finally X ← LN(X)
#include "core/model/model.h"

#include "core/families/bigram/bigram.h"
#include "core/families/hmm/hmm.h"
#include "core/family.h"
#include "core/families/rnn/rnn.h"
#include "core/model/matmul.h"

#include <algorithm>
#include <type_traits>

namespace gb {

Status check_example(const Config& c, const Example& e) {
  auto check = [&](const std::vector<int>& s, ErrorCode too_long, ErrorCode bad_id) -> Status {
    if (static_cast<int>(s.size()) > c.max_len)
      return Error(too_long, {{"length", std::to_string(s.size())}, {"max_len", std::to_string(c.max_len)}});
    for (size_t i = 0; i < s.size(); ++i)
      if (s[i] < 0 || s[i] >= c.vocab_size)
        return Error(bad_id, {{"index", std::to_string(i)}, {"found", std::to_string(s[i])},
                              {"max", std::to_string(c.vocab_size - 1)}});
    return std::nullopt;
  };
  if (family(c).observations) {  // a D × n matrix of observations, n ≥ 1, and nothing else
    if (!e.x.empty() || !e.z.empty())
      return Error(ErrorCode::TokensForObsFamily, {{"family", family(c).name}, {"what", "token data"}});
    if (e.obs.cols() == 0) return Error(ErrorCode::ObsNoData);
    if (e.obs.rows() != c.obs_dim)
      return Error(ErrorCode::ObsDimension,
                   {{"found", std::to_string(e.obs.rows())}, {"expected", std::to_string(c.obs_dim)}});
    return std::nullopt;
  }
  if (e.obs.size() > 0) return Error(ErrorCode::ObsForTokenFamily, {{"family", family(c).name}});
  if (e.x.empty()) return Error(ErrorCode::TargetEmpty);
  const bool source = c.has_source();
  if (auto err = source ? check(e.x, ErrorCode::TargetTooLong, ErrorCode::TargetBadId)
                        : check(e.x, ErrorCode::SequenceTooLong, ErrorCode::SequenceBadId))
    return err;
  if (source) {
    if (e.z.empty()) return Error(ErrorCode::SourceEmpty);
    if (auto err = check(e.z, ErrorCode::SourceTooLong, ErrorCode::SourceBadId)) return err;
  }
  return std::nullopt;
}

Batch make_batch(const Config& c, const std::vector<Example>& ex, const std::vector<int>& idx) {
  Batch b;
  make_batch(b, c, ex, idx);
  return b;
}

void make_batch(Batch& b, const Config& c, const std::vector<Example>& ex, const std::vector<int>& idx) {
  for (int i : idx)
    GB_ASSERT(!check_example(c, ex[size_t(i)]), "make_batch: every example must fit the model (check_example first)");
  pack_batch(b, ex, idx, c.pad_id >= 0 ? c.pad_id : 0, c.has_source());
}

void pack_batch(Batch& b, const std::vector<Example>& ex, const std::vector<int>& idx, int pad, bool ed) {
  b.B = static_cast<int>(idx.size());
  b.T = 0;
  b.S = 0;
  b.x_len.clear();
  b.z_len.clear();
  for (int i : idx) {
    b.T = std::max<int>(b.T, static_cast<int>(ex[size_t(i)].x.size()));
    b.S = std::max<int>(b.S, static_cast<int>(ex[size_t(i)].z.size()));
  }
  b.x.assign(size_t(b.B) * size_t(b.T), pad);
  b.z.assign(size_t(b.B) * size_t(b.S), pad);
  for (int k = 0; k < b.B; ++k) {
    const Example& e = ex[size_t(idx[size_t(k)])];
    std::copy(e.x.begin(), e.x.end(), b.x.begin() + long(size_t(k) * size_t(b.T)));
    std::copy(e.z.begin(), e.z.end(), b.z.begin() + long(size_t(k) * size_t(b.S)));
    b.x_len.push_back(static_cast<int>(e.x.size()));
    b.z_len.push_back(static_cast<int>(e.z.size()));
  }
  if (!ed) b.S = 0, b.z.clear(), b.z_len.clear();
}

Batch make_batch(const Config& c, const Example& e) { return make_batch(c, std::vector<Example>{e}, {0}); }

BatchMasks batch_masks(const Batch& b) {
  BatchMasks m;
  m.enc = AttentionMask{b.B, b.S, b.S, false, &b.z_len};
  m.dec = AttentionMask{b.B, b.T, b.T, true, &b.x_len};
  m.cross = AttentionMask{b.B, b.T, b.S, false, &b.z_len};
  return m;
}

MatF mask_matrix(const AttentionMask& m, int b, bool padding) {
  AttentionMask shown = m;
  if (!padding) shown.k_len = nullptr;
  MatF out(m.Tk, m.Tq);
  for (int tx = 0; tx < m.Tq; ++tx)
    for (int tz = 0; tz < m.Tk; ++tz) out(tz, tx) = shown.allowed(b, tz, tx) ? 1.0f : 0.0f;
  return out;
}

MatF padding_matrix(const std::vector<int>& len, int T) {
  MatF out = MatF::Zero(Eigen::Index(len.size()), T);
  for (size_t k = 0; k < len.size(); ++k) out.row(Eigen::Index(k)).head(std::min(len[k], T)).setOnes();
  return out;
}

// Embed: X[:, b·T + j] = s · W_e[:, ids_j] + W_p[:, first + j], s = √d_e with embed_scale, else 1; W_p is the
// learned table or the fixed sinusoidal one (params.cpp fills it) (padding columns get the pad token's embedding;
// they are masked out of attention and the loss, so they never reach a real position).
template <class T>
void embed_forward(Mat<T>& X, const std::vector<int>& ids, int B, int Tlen, const Params<T>& p, const Config& c,
                   int first) {
  X.resize(p.W_e.rows(), Eigen::Index(B) * Tlen);
  const T s = c.embed_scale ? T(std::sqrt(double(c.d_e))) : T(1);
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < Tlen; ++j) {
      const Eigen::Index col = Eigen::Index(b) * Tlen + j;
      if (c.embed_scale) X.col(col) = s * p.W_e.col(ids[size_t(col)]) + p.W_p.col(first + j);
      else X.col(col) = p.W_e.col(ids[size_t(col)]) + p.W_p.col(first + j);
    }
}

template <class T>
void sublayer_function_forward(SublayerCache<T>& c, const Mat<T>& fin, const Mat<T>* Z, const SublayerArgs<T>& a,
                               const Config& cfg, const ForwardOptions& opt, KvCache<T>* kv) {
  switch (a.fn) {
    case SublayerFn::SelfAttention:
      attention_forward(c.f, c.attn, fin, fin, *a.attn, *a.mask, cfg.heads, opt.keep_scores, kv);
      break;
    case SublayerFn::CrossAttention:
      attention_forward(c.f, c.attn, fin, *Z, *a.attn, *a.mask, cfg.heads, opt.keep_scores, kv);
      break;
    case SublayerFn::Mlp:
      mlp_forward(c.f, c.mlp, fin, *a.mlp, cfg.activation);
      break;
  }
  if (opt.train && cfg.dropout > 0.0f) {  // inverted dropout on the sub-layer's output (seed 003)
    GB_ASSERT(opt.rng, "dropout needs ForwardOptions::rng");
    const T keep = T(1) - T(cfg.dropout);
    c.drop.resize(c.f.rows(), c.f.cols());
    for (Eigen::Index k = 0; k < c.drop.size(); ++k)
      c.drop.data()[k] = opt.rng->uniform() < double(cfg.dropout) ? T(0) : T(1) / keep;
    c.f.array() *= c.drop.array();
  } else {
    c.drop.resize(0, 0);
  }
}

template <class T>
void sublayer_forward(Mat<T>& y, SublayerCache<T>& c, const Mat<T>* Z, const SublayerArgs<T>& a, const Config& cfg,
                      const ForwardOptions& opt, KvCache<T>* kv) {
  if (cfg.norm == NormPlacement::Pre) {
    layernorm_forward(c.u, c.ln, c.x, *a.norm, cfg.ln_eps);  // X̂ ← LN(X)
    sublayer_function_forward(c, c.u, Z, a, cfg, opt, kv);
    y = c.x + c.f;                               // X ← X + f(X̂)
  } else {
    sublayer_function_forward(c, c.x, Z, a, cfg, opt, kv);
    c.s = c.x + c.f;                             // Z ← Z + f(Z)
    layernorm_forward(y, c.ln, c.s, *a.norm, cfg.ln_eps);    // Z ← LN(Z)
  }
}

template <class T>
void encoder_layer_forward(Mat<T>& out, LayerCache<T>& lc, const LayerParams<T>& lp, const AttentionMask& self,
                           const Config& c, const ForwardOptions& opt) {
  sublayer_forward<T>(lc.mlp.x, lc.self, nullptr, {SublayerFn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &self}, c,
                      opt);
  sublayer_forward<T>(out, lc.mlp, nullptr, {SublayerFn::Mlp, &lp.ln_c, nullptr, &lp.mlp, nullptr}, c, opt);
}

template <class T>
void decoder_layer_forward(Mat<T>& out, LayerCache<T>& lc, const Mat<T>* Z, const LayerParams<T>& lp,
                           const AttentionMask& self, const AttentionMask& cross, const Config& c,
                           const ForwardOptions& opt, KvCache<T>* self_kv, KvCache<T>* cross_kv) {
  if (c.is_ed()) {
    sublayer_forward<T>(lc.cross.x, lc.self, nullptr,
                        {SublayerFn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &self}, c, opt, self_kv);
    sublayer_forward<T>(lc.mlp.x, lc.cross, Z, {SublayerFn::CrossAttention, &lp.ln_b, &lp.cross, nullptr, &cross}, c,
                        opt, cross_kv);
  } else {
    sublayer_forward<T>(lc.mlp.x, lc.self, nullptr, {SublayerFn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &self},
                        c, opt, self_kv);
  }
  sublayer_forward<T>(out, lc.mlp, nullptr, {SublayerFn::Mlp, &lp.ln_c, nullptr, &lp.mlp, nullptr}, c, opt);
}

template <class T> void unembed_forward(Mat<T>& logits, const Mat<T>& X, const Params<T>& p, const Config& c) {
  logits.resize(c.vocab_size, X.cols());
  if (c.tied_unembed)
    matmul<T>(logits, p.W_e, true, X);  // W_u X with W_u = W_eᵀ
  else
    matmul<T>(logits, p.W_u, false, X);  // W_u X        |V| × N
  if (c.out_bias) logits.colwise() += p.b_u;  // + b_u 1ᵀ
}

namespace {

using Fn = SublayerFn;

template <class T>
void embed_backward(Grads<T>& g, const Mat<T>& dX, const std::vector<int>& ids, const std::vector<int>& len, int B,
                    int Tlen, const Config& c) {
  const T s = c.embed_scale ? T(std::sqrt(double(c.d_e))) : T(1);
  const bool learned = c.positions == Positions::Learned;  // (a sinusoidal table is no parameter)
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * Tlen + j;
      if (c.embed_scale) g.W_e.col(ids[size_t(col)]) += s * dX.col(col);
      else g.W_e.col(ids[size_t(col)]) += dX.col(col);
      if (learned) g.W_p.col(j) += dX.col(col);
    }
}

// dstream holds ∂J/∂y on entry and ∂J/∂x on exit. dZ receives the cross-attention's key/value gradient.
template <class T>
void sublayer_backward(Mat<T>& dstream, Mat<T>* dZ, Mat<T>& tmp, Mat<T>& tmp2, Grads<T>&, LayerParams<T>& gl,
                       SublayerCache<T>& c, const Mat<T>* Z, const std::type_identity_t<SublayerArgs<T>>& a,
                       const Config& cfg,
                       NormParams<T>& gnorm, AttentionParams<T>* gattn) {
  const bool pre = cfg.norm == NormPlacement::Pre;
  const Mat<T>& fin = pre ? c.u : c.x;
  tmp2.setZero(dstream.rows(), dstream.cols());
  if (!pre) {
    tmp.setZero(dstream.rows(), dstream.cols());
    // y = LN(s), s = x + f(x)  →  ds = LN'(dy);  dx = ds + f'(ds)
    layernorm_backward(tmp, gnorm, dstream, c.ln, *a.norm);
    dstream = tmp;
  } else {
    // y = x + f(u)  →  dx = dy + LN'(f'(dy))
    tmp = dstream;
  }
  if (c.drop.size() > 0) tmp.array() *= c.drop.array();  // tmp = ∂J/∂f(before dropout)
  switch (a.fn) {
    case Fn::SelfAttention:
      attention_backward(tmp2, tmp2, *gattn, tmp, c.attn, fin, fin, *a.attn, *a.mask, cfg.heads);
      break;
    case Fn::CrossAttention:
      attention_backward(tmp2, *dZ, *gattn, tmp, c.attn, fin, *Z, *a.attn, *a.mask, cfg.heads);
      break;
    case Fn::Mlp:
      mlp_backward(tmp2, gl.mlp, tmp, c.mlp, fin, *a.mlp, cfg.activation);
      break;
  }
  if (!pre)
    dstream += tmp2;
  else
    layernorm_backward(dstream, gnorm, tmp2, c.ln, *a.norm);
}

}  // namespace

template <class T>
void encoder_forward(Activations<T>& act, const Config& c, const Params<T>& p, const Batch& batch,
                     const ForwardOptions& opt) {
  act.enc.resize(c.is_ed() ? size_t(c.enc_layers) : 0);
  if (!c.is_ed()) return;
  const BatchMasks m = batch_masks(batch);
  // Encoding the context sequence z
  embed_forward(act.Z0, batch.z, batch.B, batch.S, p, c);  // Z ← Embed(z | W_e, W_p)
  act.enc[0].self.x = act.Z0;
  for (int l = 0; l < c.enc_layers; ++l) {
    if (opt.cancelled()) return;
    Mat<T>& out = (l + 1 < c.enc_layers) ? act.enc[size_t(l) + 1].self.x : act.Z;
    encoder_layer_forward(out, act.enc[size_t(l)], p.enc[size_t(l)], m.enc, c, opt);
  }
}

template <class T>
void model_forward(Activations<T>& act, const Config& c, const Params<T>& p, const Batch& batch,
                   const ForwardOptions& opt) {
  switch (c.variant) {
    case Variant::EncoderDecoder:
    case Variant::DecoderOnly:
      transformer_forward(act, c, p, batch, opt);
      return;
    case Variant::Bigram:
      bigram_forward(act.logits, p.bigram, c, batch);
      return;
    case Variant::Rnn:
      rnn_forward(act.logits, act.rnn, p.rnn, c, batch, opt.cancel);
      return;
    case Variant::RnnSeq2Seq:
      rnn_seq2seq_forward(act.logits, act.rnn_enc, act.rnn, p.rnn, p.rnn_enc, c, batch, opt.cancel);
      return;
    case Variant::Hmm:  // log P(· | x_1..x_j) itself (log_softmax leaves it as it is)
      hmm_forward(act.logits, p.hmm, c, batch);
      return;
    case Variant::HmmGmm:  // predicts no tokens: its densities are hmm_gmm_filter's (callers ask family().observations)
      act.logits.resize(0, 0);
      return;
  }
}

template <class T>
void model_backward(Grads<T>& g, Workspace<T>& ws, Activations<T>& act, const Mat<T>& dlogits, const Config& c,
                    const Params<T>& p, const Batch& batch, const std::atomic<bool>* cancel) {
  switch (c.variant) {
    case Variant::EncoderDecoder:
    case Variant::DecoderOnly:
      transformer_backward(g, ws, act, dlogits, c, p, batch, cancel);
      return;
    case Variant::Bigram:
      bigram_backward(g.bigram, dlogits, batch);
      return;
    case Variant::Rnn:
      rnn_backward(g.rnn, act.rnn, dlogits, p.rnn, c, batch);
      return;
    case Variant::RnnSeq2Seq:
      rnn_seq2seq_backward(g.rnn, g.rnn_enc, act.rnn_enc, act.rnn, dlogits, p.rnn, p.rnn_enc, c, batch);
      return;
    case Variant::Hmm:  // trained by EM (hmm_em_step), not by a gradient: nothing to accumulate
    case Variant::HmmGmm:
      return;
  }
}

template <class T>
void transformer_forward(Activations<T>& act, const Config& c, const Params<T>& p, const Batch& batch,
                         const ForwardOptions& opt) {
  encoder_forward(act, c, p, batch, opt);
  act.dec.resize(size_t(c.dec_layers));
  const BatchMasks m = batch_masks(batch);

  // Decoding the primary sequence x
  embed_forward(act.X0, batch.x, batch.B, batch.T, p, c);  // X ← Embed(x | W_e, W_p)
  act.dec[0].self.x = act.X0;
  for (int l = 0; l < c.dec_layers; ++l) {
    if (opt.cancelled()) return;
    Mat<T>& out = (l + 1 < c.dec_layers) ? act.dec[size_t(l) + 1].self.x : act.X_last;
    decoder_layer_forward(out, act.dec[size_t(l)], &act.Z, p.dec[size_t(l)], m.dec, m.cross, c, opt);
  }

  if (c.final_norm)
    layernorm_forward(act.X, act.ln_f, act.X_last, p.ln_f, c.ln_eps);  // X ← LN(X | γ, β)
  else
    act.X = act.X_last;
  unembed_forward(act.logits, act.X, p, c);
}

template <class T>
void transformer_backward(Grads<T>& g, Workspace<T>& ws, Activations<T>& act, const Mat<T>& dlogits, const Config& c,
                          const Params<T>& p, const Batch& batch, const std::atomic<bool>* cancel) {
  const bool ed = c.is_ed();
  auto stopped = [cancel] { return cancel && cancel->load(std::memory_order_relaxed); };
  const BatchMasks masks = batch_masks(batch);
  const AttentionMask &enc_mask = masks.enc, &dec_mask = masks.dec, &cross_mask = masks.cross;

  // logits = W_u X (+ b_u 1ᵀ)
  Mat<T>& dX = ws.dX;
  if (c.out_bias) g.b_u += dlogits.rowwise().sum();
  dX.resize(act.X.rows(), dlogits.cols());
  if (c.tied_unembed) {
    gemm_add<T>(g.W_e, act.X, kN, dlogits, kT);
    gemm<T>(dX, p.W_e, kN, dlogits, kN);
  } else {
    gemm_add<T>(g.W_u, dlogits, kN, act.X, kT);
    gemm<T>(dX, p.W_u, kT, dlogits, kN);
  }
  if (c.final_norm) {  // X ← LN(X | γ, β)
    ws.dtmp.setZero(dX.rows(), dX.cols());
    layernorm_backward(ws.dtmp, g.ln_f, dX, act.ln_f, p.ln_f);
    dX.swap(ws.dtmp);
  }
  if (ed) ws.dZ.setZero(c.d_e, Eigen::Index(batch.B) * batch.S);

  for (int l = c.dec_layers - 1; l >= 0; --l) {
    if (stopped()) return;
    const LayerParams<T>& lp = p.dec[l];
    LayerParams<T>& gl = g.dec[l];
    LayerCache<T>& lc = act.dec[l];
    sublayer_backward<T>(dX, nullptr, ws.dtmp, ws.dtmp2, g, gl, lc.mlp, nullptr,
                      {Fn::Mlp, &lp.ln_c, nullptr, &lp.mlp, nullptr}, c, gl.ln_c, nullptr);
    if (ed)
      sublayer_backward<T>(dX, &ws.dZ, ws.dtmp, ws.dtmp2, g, gl, lc.cross, &act.Z,
                        {Fn::CrossAttention, &lp.ln_b, &lp.cross, nullptr, &cross_mask}, c, gl.ln_b, &gl.cross);
    sublayer_backward<T>(dX, nullptr, ws.dtmp, ws.dtmp2, g, gl, lc.self, nullptr,
                      {Fn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &dec_mask}, c, gl.ln_a, &gl.attn);
  }
  embed_backward(g, dX, batch.x, batch.x_len, batch.B, batch.T, c);

  if (ed) {
    Mat<T>& dZ = ws.dZ;
    for (int l = c.enc_layers - 1; l >= 0; --l) {
      if (stopped()) return;
      const LayerParams<T>& lp = p.enc[l];
      LayerParams<T>& gl = g.enc[l];
      LayerCache<T>& lc = act.enc[l];
      sublayer_backward<T>(dZ, nullptr, ws.etmp, ws.etmp2, g, gl, lc.mlp, nullptr,
                        {Fn::Mlp, &lp.ln_c, nullptr, &lp.mlp, nullptr}, c, gl.ln_c, nullptr);
      sublayer_backward<T>(dZ, nullptr, ws.etmp, ws.etmp2, g, gl, lc.self, nullptr,
                        {Fn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &enc_mask}, c, gl.ln_a, &gl.attn);
    }
    embed_backward(g, dZ, batch.z, batch.z_len, batch.B, batch.S, c);
  }
}

Mat<float> model_logprobs(const Config& c, const Params<float>& p, const Example& e) {
  Activations<float> act;
  model_forward(act, c, p, make_batch(c, e));
  Mat<float> lp;
  log_softmax_columns(lp, act.logits);
  return lp;
}

#define GB_INSTANTIATE(T)                                                                                          \
  template void embed_forward<T>(Mat<T>&, const std::vector<int>&, int, int, const Params<T>&, const Config&, int);                \
  template void sublayer_function_forward<T>(SublayerCache<T>&, const Mat<T>&, const Mat<T>*, const SublayerArgs<T>&, \
                                             const Config&, const ForwardOptions&, KvCache<T>*);                   \
  template void sublayer_forward<T>(Mat<T>&, SublayerCache<T>&, const Mat<T>*, const SublayerArgs<T>&,              \
                                    const Config&, const ForwardOptions&, KvCache<T>*);                            \
  template void encoder_layer_forward<T>(Mat<T>&, LayerCache<T>&, const LayerParams<T>&, const AttentionMask&,      \
                                         const Config&, const ForwardOptions&);                                     \
  template void decoder_layer_forward<T>(Mat<T>&, LayerCache<T>&, const Mat<T>*, const LayerParams<T>&,             \
                                         const AttentionMask&, const AttentionMask&, const Config&,                 \
                                         const ForwardOptions&, KvCache<T>*, KvCache<T>*);                          \
  template void unembed_forward<T>(Mat<T>&, const Mat<T>&, const Params<T>&, const Config&);                       \
  template void encoder_forward<T>(Activations<T>&, const Config&, const Params<T>&, const Batch&,                  \
                                   const ForwardOptions&);
GB_INSTANTIATE(float)
GB_INSTANTIATE(double)
#undef GB_INSTANTIATE
template void model_forward<float>(Activations<float>&, const Config&, const Params<float>&, const Batch&,
                                   const ForwardOptions&);
template void model_forward<double>(Activations<double>&, const Config&, const Params<double>&, const Batch&,
                                    const ForwardOptions&);
template void model_backward<float>(Grads<float>&, Workspace<float>&, Activations<float>&, const Mat<float>&,
                                    const Config&, const Params<float>&, const Batch&, const std::atomic<bool>*);
template void model_backward<double>(Grads<double>&, Workspace<double>&, Activations<double>&, const Mat<double>&,
                                     const Config&, const Params<double>&, const Batch&, const std::atomic<bool>*);
template void transformer_forward<float>(Activations<float>&, const Config&, const Params<float>&, const Batch&,
                                         const ForwardOptions&);
template void transformer_forward<double>(Activations<double>&, const Config&, const Params<double>&, const Batch&,
                                          const ForwardOptions&);
template void transformer_backward<float>(Grads<float>&, Workspace<float>&, Activations<float>&, const Mat<float>&,
                                          const Config&, const Params<float>&, const Batch&, const std::atomic<bool>*);
template void transformer_backward<double>(Grads<double>&, Workspace<double>&, Activations<double>&,
                                           const Mat<double>&, const Config&, const Params<double>&, const Batch&,
                                           const std::atomic<bool>*);

}  // namespace gb
