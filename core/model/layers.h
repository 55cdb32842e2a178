// layers.h — one forward/backward pair per layer of the seeds.
//
// Argument order: outputs and caches first, then inputs, then weights. A backward pass names gradients d…,
// *accumulates* into them (+=) and never overwrites a forward cache, so the GUI can show activations and gradients
// side by side. Zeroing gradients is its own step (params_set_zero).
//
// All matrices follow the column convention: N columns = B sequences × T positions, sequence b at columns
// b·T … b·T + T − 1.
#pragma once

#include "core/config.h"
#include "core/model/params.h"
#include "core/tensor.h"

#include <algorithm>
#include <vector>

namespace gb {

// ---------------------------------------------------------------------------------------------- layer norm
// y[:, j] = γ ⊙ (x[:, j] − μ_j) / √(σ²_j + ε) + β, with the biased variance σ²_j and ε = 1e-5 (seeds, PyTorch; a
// model's Config::ln_eps).
inline constexpr double kLayerNormEps = 1e-5;

template <class T> struct NormCache {
  Mat<T> xhat;  // d_e × N   (x − μ) / √(σ² + ε)
  Vec<T> mean;  // N         μ_j
  Vec<T> rstd;  // N         1 / √(σ²_j + ε)
};

template <class T>
void layernorm_forward(Mat<T>& y, NormCache<T>& cache, const Mat<T>& x, const NormParams<T>& p,
                       double eps = kLayerNormEps);
// dx += ∂J/∂x; dp += ∂J/∂(γ, β); from dy = ∂J/∂y.
template <class T>
void layernorm_backward(Mat<T>& dx, NormParams<T>& dp, const Mat<T>& dy, const NormCache<T>& cache,
                        const NormParams<T>& p);

// ---------------------------------------------------------------------------------------------- attention
// Which key positions a query may look at. Masks of the seeds: M_uni[t_z, t_x] = [t_z ≤ t_x] (causal, decoder
// self-attention) and 1 (encoder self-attention, cross-attention). Padding masks out keys at t_z ≥ k_len[b].
// This struct is the one definition of the masks: model_forward, the decode session, the stepper and the Masks tab
// all ask it (batch_masks / mask_matrix in model.h turn it into the pictures).
struct AttentionMask {
  int B = 1;                        // sequences in the batch
  int Tq = 0;                       // query positions per sequence (columns of X)
  int Tk = 0;                       // key positions per sequence (columns of Z)
  bool causal = false;              // M_uni
  const std::vector<int>* k_len = nullptr;  // real key lengths per sequence, or null (no padding)
  int q_offset = 0;                 // position of query column 0 (decoding one new column at position t: t)
  // Any mask, for inspection (the Masks tab's editor: prefix-LM, sliding window, drawn cell by cell): Tk × Tq,
  // 1 where the query may look at the key, 0 where not. B = 1, no KV cache; it replaces causal and padding.
  const MatF* custom = nullptr;
  bool allowed(int b, int tz, int tx) const {
    if (custom) return (*custom)(tz, tx) > 0;
    if (causal && tz > tx + q_offset) return false;
    if (k_len && tz >= (*k_len)[size_t(b)]) return false;
    return true;
  }
  // Every mask but a custom one allows a prefix of the keys: t_z < visible(b, t_x).
  int visible(int b, int tx) const {
    int n = causal ? std::min(Tk, tx + q_offset + 1) : Tk;
    if (k_len) n = std::min(n, (*k_len)[size_t(b)]);
    return n;
  }
};

// Masks beyond the seeds', for the mask editor (T × T, rows keys, columns queries; 1 allowed):
//   prefix-LM: the first `prefix` positions see each other (bidirectional), the rest are causal — t_z < prefix or
//   t_z ≤ t_x; sliding window: causal, and only the last `window` positions — t_x − window < t_z ≤ t_x.
MatF prefix_lm_mask(int T, int prefix);
MatF sliding_window_mask(int T, int window);

// Decoding's cache hook: the keys and values of the positions seen so far, kept between calls, so that a new
// column computes only its own key and value. A frozen cache (cross-attention: K and V of the encoder output,
// computed once) is read but never appended to. Several sequences of the same length stepped together (a beam
// search's hypotheses, B > 1) keep their caches side by side: sequence b's columns start at b · stride; stride 0
// means one cache that every sequence reads (the frozen cross-attention cache of their common source).
template <class T> struct KvCache {
  Mat<T> K, V;          // d_e × capacity (B > 1: B · stride); columns 0 … len − 1 of each sequence are valid
  int len = 0;
  bool frozen = false;
  int stride = 0;
};

template <class T> struct AttentionCache {
  Mat<T> Q;   // d_e × (B·Tq)   W_q X + b_q 1ᵀ
  Mat<T> K;   // d_e × (B·Tk)   W_k Z + b_k 1ᵀ
  Mat<T> V;   // d_e × (B·Tk)   W_v Z + b_v 1ᵀ
  Mat<T> A;   // Tk × (B·H·Tq)  softmax weights; block (b, h) at columns (b·H + h)·Tq; each column sums to 1
  Mat<T> Yc;  // d_e × (B·Tq)   [Y¹; …; Y^H], head h in rows h·d_h … (h+1)·d_h − 1
  Mat<T> S;   // Tk × (B·H·Tq)  scaled scores Kᵀ Q / √d_h before the mask (only when keep_scores)
  // The softmax's parts of each column (only when keep_scores): the largest allowed score (subtracted before exp,
  // for stability) and Σ exp(s − max) over the allowed keys; 0 and 0 for a column without an allowed key.
  Vec<T> col_max, col_sum;  // B·H·Tq, column (b·H + h)·Tq + t_x
  Mat<T> dA, dYc, dQ, dK, dV;  // scratch for backward (kept so a training step does not allocate)
};

// out = W_o [Y¹; …; Y^H] + b_o 1ᵀ with Y^h = V^h softmax(mask(K^hᵀ Q^h / √d_h)). The one implementation of
// multi-head attention: training, decoding and the stepper all run it.
// With kv (decoding): the keys and values of Z's columns are appended to the cache (unless it is frozen, then Z is
// not read) and the queries attend to all kv->len cached columns; mask.Tk must equal that length. The cache's K and
// V then stand in for cache.K and cache.V. With B > 1 sequences (Z: B blocks of the same number of new columns),
// each appends to and reads its own cache (KvCache::stride).
template <class T>
void attention_forward(Mat<T>& out, AttentionCache<T>& cache, const Mat<T>& X, const Mat<T>& Z,
                       const AttentionParams<T>& p, const AttentionMask& mask, int heads, bool keep_scores,
                       KvCache<T>* kv = nullptr);
// dX += ∂J/∂X (queries), dZ += ∂J/∂Z (keys and values). For self-attention pass the same matrix twice.
template <class T>
void attention_backward(Mat<T>& dX, Mat<T>& dZ, AttentionParams<T>& dp, const Mat<T>& dout,
                        AttentionCache<T>& cache, const Mat<T>& X, const Mat<T>& Z, const AttentionParams<T>& p,
                        const AttentionMask& mask, int heads);

// ---------------------------------------------------------------------------------------------- MLP
// out = W_out act(W_in x + b_in 1ᵀ) + b_out 1ᵀ; act = max(0, ·) (seed 000) or x·Φ(x) (seed 002).
template <class T> struct MlpCache {
  Mat<T> h;  // d_mlp × N   W_in x + b_in
  Mat<T> a;  // d_mlp × N   act(h)
  Mat<T> da; // scratch for backward
};
template <class T>
void mlp_forward(Mat<T>& out, MlpCache<T>& cache, const Mat<T>& x, const MlpParams<T>& p, Activation act);
template <class T>
void mlp_backward(Mat<T>& dx, MlpParams<T>& dp, const Mat<T>& dout, MlpCache<T>& cache, const Mat<T>& x,
                  const MlpParams<T>& p, Activation act);

// ---------------------------------------------------------------------------------------------- softmax
// Column-wise log-softmax, stable (subtract the column maximum); log Σ exp is summed in double.
template <class T> void log_softmax_columns(Mat<T>& out, const Mat<T>& logits);
// One column's log-softmax in double (decoding's distributions): the same computation as log_softmax_columns.
std::vector<double> log_softmax(const Eigen::Ref<const VecF>& logits);

}  // namespace gb
