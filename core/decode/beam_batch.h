// beam_batch.h — the hypotheses of a beam search stepped together.
//
// A beam search keeps up to B hypotheses of the same length over the same source. Stepped one session each, every
// matrix product of the decoder reads its weights B times for one column each, and the output product W_u x alone
// reads |V| × d_e floats (119 MB for a Marian model) — the step is bound by memory, not by arithmetic. The batch puts
// the hypotheses' new columns side by side and runs them through the one forward path at once
// (decoder_layer_forward with KV caches side by side, KvCache::stride): each weight is read once per step for all
// of them, and the cross-attention's K and V of the encoder output are kept once and shared. Between steps the
// self-attention caches follow the hypotheses that go on — new hypothesis i continues old hypothesis parents[i]
// and takes its cache's valid columns — as Hugging Face's _reorder_cache does.
//
// Families other than the transformer, and sessions without the KV cache or with a sliding window, are stepped one
// session per hypothesis (lean copies, session.h) behind the same interface; both ways give the same
// distributions (tested).
#pragma once

#include "core/decode/session.h"

#include <vector>

namespace gb {

class DecodeBatch {
 public:
  // `width` hypotheses, each start as it is (its tokens, its cache, its next distribution), with room for up to
  // `capacity` tokens each (at most ℓ_max; the batch's caches are sized to it).
  DecodeBatch(const DecodeSession& start, int width, int capacity);

  int size() const { return int(tokens_.size()); }
  const std::vector<int>& tokens(int i) const { return tokens_[size_t(i)]; }
  const std::vector<double>& next_logp(int i) const { return logp_[size_t(i)]; }
  const Config& config() const { return c_; }
  bool can_step() const;  // another token fits (capacity and ℓ_max)

  // New hypothesis i continues hypothesis parents[i] with token next[i] (1 ≤ parents.size() ≤ width; the batch then
  // holds parents.size() hypotheses). Errors: the sequence is full, a token outside the vocabulary.
  Status step(const std::vector<int>& parents, const std::vector<int>& next);

 private:
  void reorder(const std::vector<int>& parents);
  void process(const std::vector<int>& next, int pos);  // the new columns at position pos, through the decoder

  Config c_;
  const Params<float>* p_ = nullptr;
  int width_ = 0, capacity_ = 0;
  bool batched_ = false;                 // the transformer with its KV cache; else sessions_
  std::vector<DecodeSession> sessions_;  // (not batched: one lean session per hypothesis)
  std::vector<std::vector<int>> tokens_;
  std::vector<std::vector<double>> logp_;
  // batched: the common source's encoder output; per decoder layer the self-attention caches side by side
  // (stride = capacity) and the one cross-attention cache; the forward pass's scratch
  MatF Z_;
  int source_len_ = 0;
  std::vector<DecodeCacheLayer> cache_;
  std::vector<LayerCache<float>> layer_;
  MatF x_, y_, logits_, moved_;
  NormCache<float> norm_;
};

}  // namespace gb
