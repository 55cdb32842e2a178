// model.h — ED-Transformer (seed 000) and D-Transformer (seed 002): forward and backward over a padded batch.
//
// model_forward runs the seed's algorithm on every sequence of a Batch and keeps everything backward needs in
// Activations (which is also what the GUI displays). model_backward walks the same list in reverse and accumulates
// ∂J/∂θ into a Grads. Neither allocates once the Activations and Workspace have seen a batch of the same shape.
//
// Padding: sequences shorter than the batch's T are padded; padded key positions are masked out of every attention
// and padded positions never count in the loss, so each real sequence gets exactly the result it gets alone.
#pragma once

#include "core/config.h"
#include "core/model/layers.h"
#include "core/model/params.h"
#include "core/rng.h"

#include <vector>

namespace gb {

struct Example {
  std::vector<int> z;  // source sequence (encoder-decoder only; empty for decoder-only)
  std::vector<int> x;  // primary sequence: the decoder's input and, shifted by one, its targets
};

struct Batch {
  int B = 0;
  int T = 0;                // padded length of x
  std::vector<int> x;       // B·T ids; sequence b at [b·T, b·T + T); padding holds pad_id (or 0)
  std::vector<int> x_len;   // B real lengths
  int S = 0;                // padded length of z (encoder-decoder)
  std::vector<int> z;       // B·S ids
  std::vector<int> z_len;   // B real lengths
};
// Packs examples[idx…] into a batch. Ids outside the vocabulary are a programmer error (validate data first).
Batch make_batch(const Config& c, const std::vector<Example>& examples, const std::vector<int>& idx);
Batch make_batch(const Config& c, const Example& e);
// The same into an existing batch, reusing its memory.
void make_batch(Batch& out, const Config& c, const std::vector<Example>& examples, const std::vector<int>& idx);
// A user error when an example does not fit the model: an id ≥ |V|, a sequence longer than ℓ_max, an empty x.
Status check_example(const Config& c, const Example& e);

// One residual block around f (attention, cross-attention or MLP):
//   post (seed 000): s = x + f(x);  y = LN(s)       pre (seed 002): u = LN(x);  y = x + f(u)
template <class T> struct SublayerCache {
  Mat<T> x;       // d_e × N   the block's input (the residual stream)
  Mat<T> u;       // d_e × N   pre: LN(x), what f reads (post: f reads x)
  Mat<T> f;       // d_e × N   f's output (after dropout)
  Mat<T> s;       // d_e × N   post: x + f(x), what LN reads
  NormCache<T> ln;
  AttentionCache<T> attn;  // when f is attention
  MlpCache<T> mlp;         // when f is the MLP
  Mat<T> drop;    // d_e × N   dropout mask (0 or 1/(1−p)); empty when off
};

template <class T> struct LayerCache {
  SublayerCache<T> self;   // (masked) self-attention
  SublayerCache<T> cross;  // cross-attention (encoder-decoder decoder layers)
  SublayerCache<T> mlp;
};

template <class T> struct Activations {
  Mat<T> Z0;                          // d_e × B·S  Embed(z)
  std::vector<LayerCache<T>> enc;     // L_enc
  Mat<T> Z;                           // d_e × B·S  encoder output (read by every cross-attention)
  Mat<T> X0;                          // d_e × B·T  Embed(x)
  std::vector<LayerCache<T>> dec;     // L_dec
  Mat<T> X_last;                      // d_e × B·T  after the last layer (before the final norm)
  NormCache<T> ln_f;
  Mat<T> X;                           // d_e × B·T  what W_u reads
  Mat<T> logits;                      // |V| × B·T  W_u X
};

// Scratch for backward, kept between steps so the hot path does not allocate.
template <class T> struct Workspace {
  Mat<T> dX, dtmp, dtmp2;    // decoder stream:  d_e × B·T
  Mat<T> dZ, etmp, etmp2;    // encoder stream:  d_e × B·S
  Mat<T> dlogits;            // |V| × B·T
};

struct ForwardOptions {
  bool train = false;       // dropout on (when config.dropout > 0)
  Rng* rng = nullptr;       // dropout's generator (required when train && dropout > 0)
  bool keep_scores = false; // also keep the pre-softmax scores (for the trace)
};

template <class T>
void model_forward(Activations<T>& act, const Config& c, const Params<T>& p, const Batch& batch,
                   const ForwardOptions& opt = {});
// g += ∂J/∂θ for the loss whose gradient with respect to the logits is dlogits (|V| × B·T).
template <class T>
void model_backward(Grads<T>& g, Workspace<T>& ws, Activations<T>& act, const Mat<T>& dlogits, const Config& c,
                    const Params<T>& p, const Batch& batch);

// log P (|V| × n) of one example: column j = log P̂(· | x_{1:j+1} [, z]) (0-based j).
Mat<float> model_logprobs(const Config& c, const Params<float>& p, const Example& e);

}  // namespace gb
