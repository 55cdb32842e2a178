#include "core/decode/beam_batch.h"

#include <algorithm>
#include <string>

namespace gb {

DecodeBatch::DecodeBatch(const DecodeSession& start, int width, int capacity)
    : c_(start.c_), p_(start.p_), width_(std::max(1, width)) {
  const int len = int(start.x_.size());
  capacity_ = std::max(len, start.o_.sliding_window ? capacity : std::min(capacity, c_.max_len));
  tokens_.assign(size_t(width_), start.x_);
  logp_.assign(size_t(width_), start.next_logp_);
  batched_ = (c_.variant == Variant::EncoderDecoder || c_.variant == Variant::DecoderOnly) && start.o_.use_cache &&
             !start.o_.sliding_window && start.window_start_ == 0 && start.cache_len_ == len;
  if (!batched_) {
    sessions_.assign(size_t(width_), start.lean_copy());
    return;
  }
  Z_ = start.Z_;
  source_len_ = int(start.z_.size());
  cache_.resize(size_t(c_.dec_layers));
  layer_.resize(size_t(c_.dec_layers));
  const Eigen::Index cols = Eigen::Index(width_) * capacity_;
  for (size_t l = 0; l < cache_.size(); ++l) {
    const DecodeCacheLayer& from = start.cache_[l];
    DecodeCacheLayer& to = cache_[l];
    to.self.K.setZero(c_.d_e, cols);
    to.self.V.setZero(c_.d_e, cols);
    to.self.stride = capacity_;
    to.self.len = len;
    for (int b = 0; b < width_; ++b) {  // every hypothesis starts as start
      to.self.K.middleCols(Eigen::Index(b) * capacity_, len) = from.self.K.leftCols(len);
      to.self.V.middleCols(Eigen::Index(b) * capacity_, len) = from.self.V.leftCols(len);
    }
    to.cross = from.cross;  // (frozen since start's first column; one for all: stride 0)
    to.cross.stride = 0;
  }
}

bool DecodeBatch::can_step() const {
  if (tokens_.empty() || int(tokens_[0].size()) >= capacity_) return false;
  return batched_ || sessions_[0].can_step();
}

Status DecodeBatch::step(const std::vector<int>& parents, const std::vector<int>& next) {
  GB_ASSERT(!parents.empty() && int(parents.size()) <= width_ && parents.size() == next.size(),
            "beam batch: one parent per new hypothesis, at most width");
  for (int p : parents) GB_ASSERT(p >= 0 && p < size(), "beam batch: a parent that is not a hypothesis");
  if (!can_step()) return Error(ErrorCode::SequenceFull, {{"max_len", std::to_string(c_.max_len)}});
  for (int t : next)
    if (t < 0 || t >= c_.vocab_size)
      return Error(ErrorCode::ForcedTokenNotInVocab,
                   {{"token", std::to_string(t)}, {"vocab", std::to_string(c_.vocab_size)}});
  std::vector<std::vector<int>> tokens(parents.size());
  for (size_t i = 0; i < parents.size(); ++i) {
    tokens[i] = tokens_[size_t(parents[i])];
    tokens[i].push_back(next[i]);
  }
  if (!batched_) {  // one session per hypothesis; a parent's last use takes its session instead of a copy
    std::vector<int> uses(sessions_.size(), 0);
    for (int p : parents) ++uses[size_t(p)];
    std::vector<DecodeSession> stepped;
    std::vector<std::vector<double>> logp;
    Rng unused(0);
    for (size_t i = 0; i < parents.size(); ++i) {
      const size_t p = size_t(parents[i]);
      DecodeSession s = --uses[p] == 0 ? std::move(sessions_[p]) : sessions_[p];
      auto st = s.step(SamplerOptions{}, unused, next[i]);
      if (!st) return st.error();
      logp.push_back(s.next_logp());
      stepped.push_back(std::move(s));
    }
    sessions_ = std::move(stepped);
    logp_ = std::move(logp);
    tokens_ = std::move(tokens);
    return std::nullopt;
  }
  reorder(parents);
  const int pos = int(tokens_[0].size());  // the new columns' position
  tokens_ = std::move(tokens);
  process(next, pos);
  return std::nullopt;
}

void DecodeBatch::reorder(const std::vector<int>& parents) {
  const int n = int(parents.size());
  std::vector<int> moving;  // hypotheses that take another's cache
  for (int i = 0; i < n; ++i)
    if (parents[size_t(i)] != i) moving.push_back(i);
  if (moving.empty()) return;
  const Eigen::Index len = cache_.empty() ? 0 : cache_[0].self.len, stride = capacity_;
  const Eigen::Index m = Eigen::Index(moving.size());
  for (DecodeCacheLayer& cl : cache_) {
    for (MatF* M : {&cl.self.K, &cl.self.V}) {  // read every source first, then write (a source may be overwritten)
      moved_.resize(c_.d_e, m * len);
      for (Eigen::Index k = 0; k < m; ++k)
        moved_.middleCols(k * len, len) = M->middleCols(parents[size_t(moving[size_t(k)])] * stride, len);
      for (Eigen::Index k = 0; k < m; ++k) M->middleCols(moving[size_t(k)] * stride, len) = moved_.middleCols(k * len, len);
    }
  }
}

void DecodeBatch::process(const std::vector<int>& next, int pos) {
  const Params<float>& p = *p_;
  const int n = int(next.size());
  embed_forward(x_, next, n, 1, p, c_, pos);  // X[:, i] ← W_e[:, next_i] + W_p[:, pos], one column per hypothesis
  // (as DecodeSession::process_column for each column: the new query at pos sees its own keys 0 … pos, and every
  // source position)
  const AttentionMask self{n, 1, pos + 1, true, nullptr, pos};
  const AttentionMask cross{n, 1, source_len_, false, nullptr, 0};
  for (int l = 0; l < c_.dec_layers; ++l) {
    DecodeCacheLayer& cl = cache_[size_t(l)];
    LayerCache<float>& lc = layer_[size_t(l)];
    cl.self.len = pos;
    lc.self.x = x_;
    decoder_layer_forward(y_, lc, &Z_, p.dec[size_t(l)], self, cross, c_, ForwardOptions{}, &cl.self,
                          c_.is_ed() ? &cl.cross : nullptr);
    x_.swap(y_);
  }
  if (c_.final_norm) {
    layernorm_forward(y_, norm_, x_, p.ln_f, c_.ln_eps);  // X ← LN(X | γ, β)
    x_.swap(y_);
  }
  unembed_forward(logits_, x_, p, c_);
  logp_.resize(size_t(n));
  for (int i = 0; i < n; ++i) logp_[size_t(i)] = log_softmax(logits_.col(i));
}

}  // namespace gb
