// session.h — decoding one token at a time (ED-Inference, seed 000; D-Inference, seed 002), with a KV cache.
//
// For the encoder-decoder, the encoder runs once on the source z and each decoder layer's cross-attention K and V
// are computed once from its output (seed 004's point). For both variants each step appends one token and
// computes only the new column, reusing the cached self-attention K and V of the earlier positions. step() is one
// call; back(n) undoes n steps; branch(token) replaces the last step's token. Each step leaves a record: the raw
// distribution p, the distribution after temperature and after top-k/top-p, the candidates kept, the token chosen
// and how, its probability, the entropies, and the attention of the column that produced p, per layer and head.
//
// Without the cache (DecodeOptions::use_cache = false) every step recomputes the whole prefix with model_forward —
// for comparison and for teaching; both paths give the same distributions (tested to 1e-5).
//
// The sequence x holds at most ℓ_max tokens (the model has no position beyond). Past that, step() is refused with
// an Error, unless DecodeOptions::sliding_window: then the distribution is computed from the last ℓ_max tokens,
// renumbered from position 0, and the record says where the window starts.
//
// The session keeps a pointer to the parameters: they must outlive it and not change while it is used.
#pragma once

#include "core/decode/sampler.h"
#include "core/model/model.h"

#include <functional>
#include <vector>

namespace gb {

class DecodeBatch;

struct DecodeOptions {
  bool use_cache = true;
  bool sliding_window = false;
};

struct AttentionColumn {      // the new column's attention in one decoder layer
  std::vector<VecF> self;     // per head: weights over the keys 0 … t (sum 1)
  std::vector<VecF> cross;    // per head: weights over the source positions (encoder-decoder)
};

// The multiply-adds of the matrix products that computed a distribution: with the KV cache (the one new column,
// reading the cached keys and values) and without it (model_forward over the whole context again, the encoder
// included). Counted from the shapes of the products the forward pass makes; layer norms, the softmax, GELU/ReLU
// and the embedding lookup are not products and are not counted.
struct DecodeWork {
  double cached = 0;
  double uncached = 0;
};

struct DecodeStep {
  int position = 0;               // index in x of the token chosen here
  std::vector<double> logp;       // log p over the vocabulary, before temperature
  Choice choice;                  // q, q after top-k/top-p, kept, token, how, random number, entropies
  double p_chosen = 0;            // p of the chosen token
  double q_chosen = 0;            // its probability after temperature and filtering
  std::vector<AttentionColumn> attention;  // per decoder layer, for the column that produced p
  int window_start = 0;           // first token of the window when a sliding window is in use
  int cache_reused = 0;           // K/V columns per layer taken from the cache (the rest were computed)
  bool cached = true;
  DecodeWork work;                // the products that computed logp (the column at position − 1), both ways
};

struct DecodeCacheLayer {
  KvCache<float> self;   // masked self-attention: d_e × ℓ_max, the first cache_length() columns valid
  KvCache<float> cross;  // cross-attention: d_e × |z|, computed once from the encoder output (encoder-decoder)
};

class DecodeSession {
 public:
  // Decoder-only: prompt = the context (≥ 1 token). Encoder-decoder: source z (≥ 1 token) and the decoder prefix
  // (≥ 1 token; the model's bos when empty). Errors: ids out of range, empty input, no bos for an empty prefix,
  // input longer than ℓ_max.
  static Result<DecodeSession> create(const Config& c, const Params<float>& p, const std::vector<int>& source,
                                      const std::vector<int>& prefix, const DecodeOptions& o = {});

  const Config& config() const { return c_; }
  const DecodeOptions& options() const { return o_; }
  const std::vector<int>& tokens() const { return x_; }  // the prefix/prompt and every token chosen since
  size_t prefix_length() const { return prefix_len_; }
  const std::vector<int>& source() const { return z_; }
  const std::vector<DecodeStep>& steps() const { return steps_; }
  // log p of the next token given tokens(), and the attention of the column that produced it.
  const std::vector<double>& next_logp() const { return next_logp_; }
  const std::vector<AttentionColumn>& next_attention() const { return next_attn_; }
  // Whether another step fits (x has fewer than ℓ_max tokens, or a sliding window is allowed).
  bool can_step() const;

  Result<const DecodeStep*> step(const SamplerOptions& o, Rng& rng, int forced = -1);
  bool back(int n = 1);
  Result<const DecodeStep*> branch(int token, const SamplerOptions& o, Rng& rng);
  // A copy for a search that branches (beam search): the same tokens, KV cache and next distribution, without the
  // step records (steps() is empty, back() has nothing to undo) and keeping none from here on — each record holds
  // distributions over the vocabulary, which a beam would otherwise copy at every step. Its steps are taken the
  // same way; only what they return is brief (the position and the token).
  DecodeSession lean_copy() const;

  // KV cache (use_cache): per decoder layer; columns 0 … cache_length() − 1 are valid.
  int cache_length() const { return cache_len_; }
  const std::vector<DecodeCacheLayer>& cache() const { return cache_; }
  const MatF& encoder_output() const { return Z_; }  // d_e × |z| (encoder-decoder); c, d_h × 1 (rnn-seq2seq; an LSTM's [c; m])

 private:
  friend class DecodeBatch;  // (beam_batch.h: a beam search's hypotheses stepped together, from a session's cache)
  DecodeSession() = default;
  void encode();
  // Runs the decoder on the new column at pos through the one forward path (decoder_layer_forward with the KV
  // cache hooks): appends its key and value to every layer's cache, sets next_logp_ and next_attn_.
  void process_column(int token, int pos);
  void recompute();                         // the uncached path: model_forward over the (windowed) prefix
  void refresh();                           // next distribution for the current tokens

  Config c_;
  const Params<float>* p_ = nullptr;
  DecodeOptions o_;
  std::vector<int> z_, x_;
  size_t prefix_len_ = 0;
  MatF Z_;
  std::vector<DecodeCacheLayer> cache_;
  std::vector<LayerCache<float>> layer_;  // scratch of the per-column forward pass
  MatF rnn_h_;                            // the RNN's state after each position (its cache): state size × ℓ_max
  MatF rnn_mem_;                          // the RNN encoder-decoder's encoder states (d_h × |z|), for attention
  MatD hmm_a_;                            // K × ℓ_max: an HMM's filtered distribution after each position
  MatF col_x_, col_y_, logits_;           // d_e × 1, d_e × 1, |V| × 1 (kept: a step allocates little)
  std::vector<int> col_id_{0};
  NormCache<float> col_norm_;
  int cache_len_ = 0;
  int window_start_ = 0;
  std::vector<double> next_logp_;
  std::vector<AttentionColumn> next_attn_;
  std::vector<DecodeStep> steps_;
  bool record_ = true;  // false: a lean copy (every member above but steps_ is copied by lean_copy)
};

// Beam search (its hypotheses stepped together, beam_batch.h): width B, scores = Σ log p, the best finished (or
// final) hypothesis by score / length^alpha (length normalisation). Each hypothesis offers its B most likely next
// tokens, never the config's pad_id or bos_id (no sequence continues with them) unless it is stop_id (a model whose
// bos is its eos, GPT-2's, still stops). The tree keeps every expanded candidate, pruned ones included.
struct BeamNode {
  int parent = -1;     // index into tree, −1 for the root's children
  int token = -1;
  int depth = 0;       // 1 for the first new token
  double logp = 0;     // log p of this token
  double score = 0;    // Σ log p along the path
  double normalized = 0;
  bool pruned = false;
  bool finished = false;  // ended by the stop token
};
struct BeamResult {
  std::vector<int> tokens;   // the best hypothesis' new tokens
  double score = 0, normalized = 0;
  std::vector<BeamNode> tree;
  int best = -1;             // the node of the best hypothesis' last token (its path is the winner's)
};
// The long runs report where they are and can be stopped: the callback is called before each step of
// decode_to_end and before each level of beam_search (its hypotheses step together: beam_batch.h) with what
// is done and the most there can be; returning false stops the run there, cooperatively, and the run returns
// ErrorCode::DecodeCancelled / BeamCancelled (args "done", "limit"). It runs on the caller's thread.
using DecodeProgress = std::function<bool(int done, int limit)>;

Result<BeamResult> beam_search(const DecodeSession& start, int width, int max_new, int stop_id,
                               double length_alpha = 1.0, const DecodeProgress& progress = {});

// Decoding to the end: steps with the sampler until stop_id is chosen, no further step fits (can_step), or
// max_steps steps were taken. Returns the number of steps and the generator as it was before each step's draw
// (so a caller can take steps back and draw the same numbers again). On an error or a cancellation the session
// keeps the steps taken so far (run it on a copy to keep the original as it was).
struct DecodeRun {
  int steps = 0;
  std::vector<Rng> rng_before;  // one per step
};
Result<DecodeRun> decode_to_end(DecodeSession& s, const SamplerOptions& o, Rng& rng, int max_steps, int stop_id,
                                const DecodeProgress& progress = {});

// The multiply-adds that compute the distribution after a context of n tokens (the new column at position n − 1)
// over a source of source_len tokens. Per decoder layer, the cached path projects one column (Q, K, V, O: 4 d_e²),
// scores it against the n cached keys and sums the n cached values (2 d_e n), runs the MLP (2 d_e d_MLP) and, for
// the encoder-decoder, its cross-attention (Q, O: 2 d_e²; scores and sum over |z|: 2 d_e |z|; K and V of the
// encoder output are cached from the first step); then W_u (d_e |V|). Linear in n. The uncached path runs
// model_forward over all n columns — 4 d_e² n + 2 d_e n² + 2 d_e d_MLP n per decoder layer (the n × n scores
// are all computed, masked ones included), the cross-attention with its K and V (2 d_e² (n + |z|) + 2 d_e |z| n),
// the whole encoder (4 d_e² |z| + 2 d_e |z|² + 2 d_e d_MLP |z| per layer) and W_u on every column (d_e |V| n).
// Quadratic in n.
DecodeWork decode_work(const Config& c, int n, int source_len);
// What the cached path does once, when the session starts: the encoder, and each decoder layer's cross-attention
// K and V (2 d_e² |z|), and the prompt's columns before its last one (decode_work(c, k, |z|).cached for
// k = 1 … prompt − 1; the last column's work is the first step's, DecodeStep::work).
double decode_setup_work(const Config& c, int prompt_len, int source_len);

// Estimates of the work (multiply-adds, and memory moved counted alike), so a caller can decide what is immediate
// and what belongs on a worker thread. One new column at position t (context t + 1 tokens).
double decode_step_cost(const Config& c, int t, int source_len);
// `steps` steps from a context of `from` tokens, their records included.
double decode_steps_cost(const Config& c, int from, int steps, int source_len);
// decode_to_end from tokens().size() for at most max_steps steps.
double decode_to_end_cost(const DecodeSession& s, int max_steps);
// beam_search from tokens().size(): width hypotheses × max_new levels, each ranking |V| tokens, taking a copy of
// its parent's KV cache and stepping one column (an upper bound: the hypotheses step together, beam_batch.h).
double beam_search_cost(const DecodeSession& s, int width, int max_new);

// Memory, in bytes, so a caller can refuse what does not fit (check_memory with ErrorCode::DecodeMemory) before
// it is allocated. An estimate within a small factor (tests/tst_core_decode.cpp measures it).
// One step's record (DecodeStep) at context length t: log p, q and q filtered over |V| (doubles), the kept
// candidates (at most |V|), the attention columns of every decoder layer and head.
int64_t decode_step_bytes(const Config& c, int t, int source_len);
// A session as DecodeSession::create makes it for a source of source_len tokens, before its first step: the KV
// caches for ℓ_max columns, the encoder's output, the recurrent states, the next distribution.
int64_t decode_session_memory(const Config& c, int source_len);
// decode_to_end on a copy of s for at most max_steps steps: the copy (its caches and the records it has) grown by
// the new steps' records.
int64_t decode_to_end_memory(const DecodeSession& s, int max_steps);
// beam_search from s: the hypotheses' caches (a transformer's stepped together in B · (|x| + max_new) columns, and
// the copy a reordering makes; another family's a whole session each), their log p, the tree of width² candidates
// a level. Both at most 2⁶⁰, so a caller may add a few or double one without overflow.
int64_t beam_search_memory(const DecodeSession& s, int width, int max_new);

}  // namespace gb
