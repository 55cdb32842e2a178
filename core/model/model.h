// model.h — ED-Transformer (seed 000) and D-Transformer (seed 002): forward and backward over a padded batch; and
// model_forward / model_backward, the door every family's pass goes through (batches, masks and activations are
// shared by all families: a family that is not a transformer fills act.logits only).
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

#include <atomic>
#include <vector>

namespace gb {

struct Example {
  std::vector<int> z;  // source sequence (encoder-decoder only; empty for decoder-only)
  std::vector<int> x;  // primary sequence: the decoder's input and, shifted by one, its targets
  MatF obs{};          // D × n: a family that reads observations (hmm-gmm), one column per time step; else empty
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
// The padding alone, without a model (the Masks tab shows data before any model exists): pads with pad_id;
// encoder_decoder keeps z. make_batch is check_example + this.
void pack_batch(Batch& out, const std::vector<Example>& examples, const std::vector<int>& idx, int pad_id,
                bool encoder_decoder);
// A user error when an example does not fit the model: an id ≥ |V|, a sequence longer than ℓ_max, an empty x.
Status check_example(const Config& c, const Example& e);

// The three masks model_forward applies to a batch (they point into it: keep the batch alive):
//   enc   — encoder self-attention: bidirectional (all ones) ∧ padding of z
//   dec   — decoder self-attention: M_uni[t_z, t_x] = [t_z ≤ t_x] ∧ padding of x
//   cross — cross-attention: all ones ∧ padding of z
struct BatchMasks {
  AttentionMask enc, dec, cross;
};
BatchMasks batch_masks(const Batch& b);
// A mask of sequence b as a matrix, in the attention's layout: Tk × Tq (rows keys, columns queries), 1 where the
// query may look at the key, 0 where it is masked. padding = false leaves the padding out (the mask alone).
MatF mask_matrix(const AttentionMask& m, int b, bool padding = true);
// B × T: 1 for a real token, 0 for padding.
MatF padding_matrix(const std::vector<int>& len, int T);

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
  RnnCache<T> rnn;                    // the recurrent network's states (core/families/rnn); the seq2seq's decoder's
  RnnCache<T> rnn_enc;                // the RNN encoder-decoder's encoder states
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
  // Set by another thread to stop the pass early (training's Stop, New, Quit): checked before each layer; a pass
  // that saw it leaves its activations incomplete, and the caller must throw them away (the Trainer makes no
  // update). Null: never stopped.
  const std::atomic<bool>* cancel = nullptr;
  bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
};

// ---------------------------------------------------------------------------------------------- the forward path
// One forward path, shared by training (model_forward), decoding (DecodeSession: one new column at a time, with
// the KV cache hooks) and the stepper (one pseudo-code line at a time). A new layer option goes into these
// functions (and layers.cpp); everything that runs a model picks it up.

// Embed: X[:, b·T + j] = W_e[:, ids_j] + W_p[:, first_pos + j]   d_e × B·T
template <class T>
void embed_forward(Mat<T>& X, const std::vector<int>& ids, int B, int Tlen, const Params<T>& p, const Config& c,
                   int first_pos = 0);

// The function f of a residual block: self-attention, cross-attention (keys and values from Z) or the MLP, and
// dropout on its output when training. f reads fin (pre: LN(x); post: x) and writes c.f. kv: decoding's cache.
enum class SublayerFn { SelfAttention, CrossAttention, Mlp };
template <class T> struct SublayerArgs {
  SublayerFn fn;
  const NormParams<T>* norm;
  const AttentionParams<T>* attn;  // attention sub-layers
  const MlpParams<T>* mlp;         // MLP sub-layer
  const AttentionMask* mask;       // attention sub-layers
};
template <class T>
void sublayer_function_forward(SublayerCache<T>& c, const Mat<T>& fin, const Mat<T>* Z, const SublayerArgs<T>& a,
                               const Config& cfg, const ForwardOptions& opt, KvCache<T>* kv = nullptr);
// The whole residual block on c.x (see SublayerCache), output y.
template <class T>
void sublayer_forward(Mat<T>& y, SublayerCache<T>& c, const Mat<T>* Z, const SublayerArgs<T>& a, const Config& cfg,
                      const ForwardOptions& opt, KvCache<T>* kv = nullptr);

// One encoder layer (seed 000) on lc.self.x, output out.
template <class T>
void encoder_layer_forward(Mat<T>& out, LayerCache<T>& lc, const LayerParams<T>& lp, const AttentionMask& self,
                           const Config& c, const ForwardOptions& opt);
// One decoder layer (seed 000: masked self-attention, cross-attention, MLP; seed 002: masked self-attention, MLP)
// on lc.self.x, output out. Z: the encoder output (encoder-decoder). self_kv, cross_kv: decoding's caches.
template <class T>
void decoder_layer_forward(Mat<T>& out, LayerCache<T>& lc, const Mat<T>* Z, const LayerParams<T>& lp,
                           const AttentionMask& self, const AttentionMask& cross, const Config& c,
                           const ForwardOptions& opt, KvCache<T>* self_kv = nullptr, KvCache<T>* cross_kv = nullptr);
// logits = W_u X (or W_eᵀ X when tied)   |V| × N
template <class T> void unembed_forward(Mat<T>& logits, const Mat<T>& X, const Params<T>& p, const Config& c);
// The encoder half of model_forward: act.Z0, act.enc, act.Z (encoder-decoder only).
template <class T>
void encoder_forward(Activations<T>& act, const Config& c, const Params<T>& p, const Batch& batch,
                     const ForwardOptions& opt = {});

// The forward pass of the config's family over a batch: act.logits (|V| × B·T) for every family, and for the
// transformers every cache above. The one door training, evaluation and the uncached decoding path go through; it
// dispatches on c.variant (transformer_forward below, bigram_forward in core/families/bigram).
template <class T>
void model_forward(Activations<T>& act, const Config& c, const Params<T>& p, const Batch& batch,
                   const ForwardOptions& opt = {});
// The two seed transformers' forward pass (seed 000's ED-Transformer, seed 002's D-Transformer).
template <class T>
void transformer_forward(Activations<T>& act, const Config& c, const Params<T>& p, const Batch& batch,
                         const ForwardOptions& opt = {});
// g += ∂J/∂θ for the loss whose gradient with respect to the logits is dlogits (|V| × B·T).
// cancel (optional): checked before each layer, as in the forward pass; a backward that saw it leaves g incomplete.
// Dispatches on c.variant like model_forward.
template <class T>
void model_backward(Grads<T>& g, Workspace<T>& ws, Activations<T>& act, const Mat<T>& dlogits, const Config& c,
                    const Params<T>& p, const Batch& batch, const std::atomic<bool>* cancel = nullptr);
template <class T>
void transformer_backward(Grads<T>& g, Workspace<T>& ws, Activations<T>& act, const Mat<T>& dlogits, const Config& c,
                          const Params<T>& p, const Batch& batch, const std::atomic<bool>* cancel = nullptr);

// log P (|V| × n) of one example: column j = log P̂(· | x_{1:j+1} [, z]) (0-based j).
Mat<float> model_logprobs(const Config& c, const Params<float>& p, const Example& e);

}  // namespace gb
