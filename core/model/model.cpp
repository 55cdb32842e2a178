// model.cpp — ED-Transformer (seed 000) and D-Transformer (seed 002), forward and backward.
//
// The seeds' loops, with the residual blocks written once (sublayer_forward/backward) for both norm placements:
//   seed 000 encoder layer:  Z ← LN₁(Z + MHA(Z, Z));  Z ← LN₂(Z + MLP(Z))
//   seed 000 decoder layer:  X ← LN₃(X + MHA(X, X | M_uni));  X ← LN₄(X + MHA(X, Z));  X ← LN₅(X + MLP(X))
//   seed 002 layer:          X ← X + MHA(LN₁(X) | M_uni);  X ← X + MLP(LN₂(X));  finally X ← LN(X)
#include "core/model/model.h"

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
  if (e.x.empty()) return Error(ErrorCode::TargetEmpty);
  if (auto err = c.is_ed() ? check(e.x, ErrorCode::TargetTooLong, ErrorCode::TargetBadId)
                           : check(e.x, ErrorCode::SequenceTooLong, ErrorCode::SequenceBadId))
    return err;
  if (c.is_ed()) {
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
  b.B = static_cast<int>(idx.size());
  b.T = 0;
  b.S = 0;
  b.x_len.clear();
  b.z_len.clear();
  for (int i : idx) {
    b.T = std::max<int>(b.T, static_cast<int>(ex[i].x.size()));
    b.S = std::max<int>(b.S, static_cast<int>(ex[i].z.size()));
  }
  const int pad = c.pad_id >= 0 ? c.pad_id : 0;
  b.x.assign(size_t(b.B) * b.T, pad);
  b.z.assign(size_t(b.B) * b.S, pad);
  for (int k = 0; k < b.B; ++k) {
    const Example& e = ex[idx[k]];
    GB_ASSERT(!check_example(c, e), "make_batch: every example must fit the model (check_example first)");
    std::copy(e.x.begin(), e.x.end(), b.x.begin() + size_t(k) * b.T);
    std::copy(e.z.begin(), e.z.end(), b.z.begin() + size_t(k) * b.S);
    b.x_len.push_back(static_cast<int>(e.x.size()));
    b.z_len.push_back(static_cast<int>(e.z.size()));
  }
  if (!c.is_ed()) b.S = 0, b.z.clear(), b.z_len.clear();
}

Batch make_batch(const Config& c, const Example& e) { return make_batch(c, std::vector<Example>{e}, {0}); }

namespace {

enum class Fn { SelfAttention, CrossAttention, Mlp };

// Embed: X[:, b·T + j] = W_e[:, ids_j] + W_p[:, j]   (padding columns get the pad token's embedding; they are
// masked out of attention and the loss, so they never reach a real position).
template <class T>
void embed_forward(Mat<T>& X, const std::vector<int>& ids, int B, int Tlen, const Params<T>& p) {
  X.resize(p.W_e.rows(), Eigen::Index(B) * Tlen);
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < Tlen; ++j) {
      const Eigen::Index col = Eigen::Index(b) * Tlen + j;
      X.col(col) = p.W_e.col(ids[col]) + p.W_p.col(j);
    }
}
template <class T>
void embed_backward(Grads<T>& g, const Mat<T>& dX, const std::vector<int>& ids, const std::vector<int>& len, int B,
                    int Tlen) {
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < len[b]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * Tlen + j;
      g.W_e.col(ids[col]) += dX.col(col);
      g.W_p.col(j) += dX.col(col);
    }
}

template <class T> struct SublayerArgs {
  Fn fn;
  const NormParams<T>* norm;
  const AttentionParams<T>* attn;  // attention sub-layers
  const MlpParams<T>* mlp;         // MLP sub-layer
  const AttentionMask* mask;
};

template <class T>
void sublayer_forward(Mat<T>& y, SublayerCache<T>& c, const Mat<T>* Z, const std::type_identity_t<SublayerArgs<T>>& a, const Config& cfg,
                      const ForwardOptions& opt) {
  const bool pre = cfg.norm == NormPlacement::Pre;
  const Mat<T>* fin = &c.x;
  if (pre) {
    layernorm_forward(c.u, c.ln, c.x, *a.norm);  // X̂ ← LN(X)
    fin = &c.u;
  }
  switch (a.fn) {
    case Fn::SelfAttention:
      attention_forward(c.f, c.attn, *fin, *fin, *a.attn, *a.mask, cfg.heads, opt.keep_scores);
      break;
    case Fn::CrossAttention:
      attention_forward(c.f, c.attn, *fin, *Z, *a.attn, *a.mask, cfg.heads, opt.keep_scores);
      break;
    case Fn::Mlp:
      mlp_forward(c.f, c.mlp, *fin, *a.mlp, cfg.activation);
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
  if (pre) {
    y = c.x + c.f;  // X ← X + f(X̂)
  } else {
    c.s = c.x + c.f;                             // Z ← Z + f(Z)
    layernorm_forward(y, c.ln, c.s, *a.norm);    // Z ← LN(Z)
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
void model_forward(Activations<T>& act, const Config& c, const Params<T>& p, const Batch& batch,
                   const ForwardOptions& opt) {
  const bool ed = c.is_ed();
  act.enc.resize(ed ? c.enc_layers : 0);
  act.dec.resize(c.dec_layers);

  AttentionMask enc_mask{batch.B, batch.S, batch.S, false, &batch.z_len};
  AttentionMask dec_mask{batch.B, batch.T, batch.T, true, &batch.x_len};
  AttentionMask cross_mask{batch.B, batch.T, batch.S, false, &batch.z_len};

  if (ed) {
    // Encoding the context sequence z
    embed_forward(act.Z0, batch.z, batch.B, batch.S, p);  // Z ← Embed(z | W_e, W_p)
    act.enc[0].self.x = act.Z0;
    for (int l = 0; l < c.enc_layers; ++l) {
      const LayerParams<T>& lp = p.enc[l];
      LayerCache<T>& lc = act.enc[l];
      sublayer_forward<T>(lc.mlp.x, lc.self, nullptr, {Fn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &enc_mask}, c,
                       opt);
      Mat<T>& out = (l + 1 < c.enc_layers) ? act.enc[l + 1].self.x : act.Z;
      sublayer_forward<T>(out, lc.mlp, nullptr, {Fn::Mlp, &lp.ln_c, nullptr, &lp.mlp, nullptr}, c, opt);
    }
  }

  // Decoding the primary sequence x
  embed_forward(act.X0, batch.x, batch.B, batch.T, p);  // X ← Embed(x | W_e, W_p)
  act.dec[0].self.x = act.X0;
  for (int l = 0; l < c.dec_layers; ++l) {
    const LayerParams<T>& lp = p.dec[l];
    LayerCache<T>& lc = act.dec[l];
    Mat<T>& out = (l + 1 < c.dec_layers) ? act.dec[l + 1].self.x : act.X_last;
    if (ed) {
      sublayer_forward<T>(lc.cross.x, lc.self, nullptr, {Fn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &dec_mask}, c,
                       opt);
      sublayer_forward<T>(lc.mlp.x, lc.cross, &act.Z, {Fn::CrossAttention, &lp.ln_b, &lp.cross, nullptr, &cross_mask},
                       c, opt);
    } else {
      sublayer_forward<T>(lc.mlp.x, lc.self, nullptr, {Fn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &dec_mask}, c,
                       opt);
    }
    sublayer_forward<T>(out, lc.mlp, nullptr, {Fn::Mlp, &lp.ln_c, nullptr, &lp.mlp, nullptr}, c, opt);
  }

  if (c.final_norm)
    layernorm_forward(act.X, act.ln_f, act.X_last, p.ln_f);  // X ← LN(X | γ, β)
  else
    act.X = act.X_last;
  act.logits.resize(c.vocab_size, act.X.cols());
  if (c.tied_unembed)
    act.logits.noalias() = p.W_e.transpose() * act.X;  // W_u X with W_u = W_eᵀ
  else
    act.logits.noalias() = p.W_u * act.X;  // W_u X        |V| × B·T
}

template <class T>
void model_backward(Grads<T>& g, Workspace<T>& ws, Activations<T>& act, const Mat<T>& dlogits, const Config& c,
                    const Params<T>& p, const Batch& batch) {
  const bool ed = c.is_ed();
  AttentionMask enc_mask{batch.B, batch.S, batch.S, false, &batch.z_len};
  AttentionMask dec_mask{batch.B, batch.T, batch.T, true, &batch.x_len};
  AttentionMask cross_mask{batch.B, batch.T, batch.S, false, &batch.z_len};

  // logits = W_u X
  Mat<T>& dX = ws.dX;
  if (c.tied_unembed) {
    g.W_e.noalias() += act.X * dlogits.transpose();
    dX.noalias() = p.W_e * dlogits;
  } else {
    g.W_u.noalias() += dlogits * act.X.transpose();
    dX.noalias() = p.W_u.transpose() * dlogits;
  }
  if (c.final_norm) {  // X ← LN(X | γ, β)
    ws.dtmp.setZero(dX.rows(), dX.cols());
    layernorm_backward(ws.dtmp, g.ln_f, dX, act.ln_f, p.ln_f);
    dX.swap(ws.dtmp);
  }
  if (ed) ws.dZ.setZero(c.d_e, Eigen::Index(batch.B) * batch.S);

  for (int l = c.dec_layers - 1; l >= 0; --l) {
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
  embed_backward(g, dX, batch.x, batch.x_len, batch.B, batch.T);

  if (ed) {
    Mat<T>& dZ = ws.dZ;
    for (int l = c.enc_layers - 1; l >= 0; --l) {
      const LayerParams<T>& lp = p.enc[l];
      LayerParams<T>& gl = g.enc[l];
      LayerCache<T>& lc = act.enc[l];
      sublayer_backward<T>(dZ, nullptr, ws.etmp, ws.etmp2, g, gl, lc.mlp, nullptr,
                        {Fn::Mlp, &lp.ln_c, nullptr, &lp.mlp, nullptr}, c, gl.ln_c, nullptr);
      sublayer_backward<T>(dZ, nullptr, ws.etmp, ws.etmp2, g, gl, lc.self, nullptr,
                        {Fn::SelfAttention, &lp.ln_a, &lp.attn, nullptr, &enc_mask}, c, gl.ln_a, &gl.attn);
    }
    embed_backward(g, dZ, batch.z, batch.z_len, batch.B, batch.S);
  }
}

Mat<float> model_logprobs(const Config& c, const Params<float>& p, const Example& e) {
  Activations<float> act;
  model_forward(act, c, p, make_batch(c, e));
  Mat<float> lp;
  log_softmax_columns(lp, act.logits);
  return lp;
}

template void model_forward<float>(Activations<float>&, const Config&, const Params<float>&, const Batch&,
                                   const ForwardOptions&);
template void model_forward<double>(Activations<double>&, const Config&, const Params<double>&, const Batch&,
                                    const ForwardOptions&);
template void model_backward<float>(Grads<float>&, Workspace<float>&, Activations<float>&, const Mat<float>&,
                                    const Config&, const Params<float>&, const Batch&);
template void model_backward<double>(Grads<double>&, Workspace<double>&, Activations<double>&, const Mat<double>&,
                                     const Config&, const Params<double>&, const Batch&);

}  // namespace gb
