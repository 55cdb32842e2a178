#include "core/decode/session.h"

#include "core/decode/beam_batch.h"
#include "core/families/hmm/hmm.h"
#include "core/families/rnn/rnn.h"
#include "core/family.h"

#include <algorithm>
#include <cmath>

namespace gb {

Result<DecodeSession> DecodeSession::create(const Config& c, const Params<float>& p, const std::vector<int>& source,
                                            const std::vector<int>& prefix, const DecodeOptions& o) {
  if (auto e = c.validate()) return *e;
  if (family(c).observations)
    return Error(ErrorCode::TokensForObsFamily, {{"family", family(c).name}, {"what", "decoding"}});
  DecodeSession s;
  s.c_ = c;
  s.p_ = &p;
  s.o_ = o;
  s.x_ = prefix;
  if (c.has_source()) {
    if (s.x_.empty()) {
      if (c.bos_id < 0)
        return Error(ErrorCode::NoBosToken);
      s.x_ = {c.bos_id};
    }
    s.z_ = source;
  } else if (!source.empty()) {
    return Error(ErrorCode::DecoderOnlyNoSource);
  }
  if (s.x_.empty()) return Error(ErrorCode::PromptEmpty);
  Example e{s.z_, s.x_};
  if (auto err = check_example(c, e)) return *err;
  s.prefix_len_ = s.x_.size();
  if (c.has_source()) s.encode();
  s.cache_.resize(size_t(c.dec_layers));
  s.layer_.resize(size_t(c.dec_layers));
  for (auto& l : s.cache_) {
    l.self.K.setZero(c.d_e, c.max_len);
    l.self.V.setZero(c.d_e, c.max_len);
    l.cross.K.setZero(c.d_e, Eigen::Index(s.z_.size()));
    l.cross.V.setZero(c.d_e, Eigen::Index(s.z_.size()));
  }
  if (o.use_cache) {
    for (size_t i = 0; i < s.x_.size(); ++i) s.process_column(s.x_[i], int(i));
  } else {
    s.recompute();
  }
  return s;
}

void DecodeSession::encode() {
  if (c_.variant == Variant::RnnSeq2Seq) {  // c, the encoder's last state: where the decoder starts (one column)
    RnnEncoding e = rnn_encode(c_, p_->rnn, p_->rnn_enc, z_);
    Z_ = e.start;
    rnn_mem_ = std::move(e.states);
    return;
  }
  // The encoder half of model_forward, once.
  Activations<float> act;
  encoder_forward(act, c_, *p_, make_batch(c_, Example{z_, {x_[0]}}));
  Z_ = act.Z;
}

void DecodeSession::process_column(int token, int pos) {
  switch (c_.variant) {  // the next distribution from the new column, as the family computes it
    case Variant::Bigram:  // the last token alone: its column of B (nothing is cached; there is nothing to cache)
      next_logp_ = log_softmax(p_->bigram.B.col(token));
      next_attn_.clear();
      cache_len_ = pos + 1;
      window_start_ = 0;
      return;
    case Variant::Rnn:  // one step of the recurrence from the state after the previous position (kept per position)
    case Variant::RnnSeq2Seq: {  // (the encoder-decoder's first step starts from c)
      if (rnn_h_.cols() != c_.max_len) rnn_h_.setZero(c_.recurrent_state_size(), c_.max_len);
      VecF h, logits, alpha;
      const VecF start = c_.variant == Variant::RnnSeq2Seq ? VecF(Z_.col(0)) : VecF();
      rnn_step(h, logits, p_->rnn, c_, pos > 0 ? VecF(rnn_h_.col(pos - 1)) : start, token, &rnn_mem_, &alpha);
      rnn_h_.col(pos) = h;
      next_logp_ = log_softmax(logits);
      next_attn_.clear();
      if (alpha.size() > 0) {  // additive attention: one "layer", one "head", its weights over the source
        next_attn_.resize(1);
        next_attn_[0].cross.push_back(alpha);
      }
      cache_len_ = pos + 1;
      window_start_ = 0;
      return;
    }
    case Variant::Hmm: {  // one step of the forward algorithm from the filtered distribution after the previous position
      if (hmm_a_.cols() != c_.max_len) hmm_a_.setZero(c_.states, c_.max_len);
      Eigen::VectorXd a, logp;
      hmm_step(a, logp, p_->hmm, pos > 0 ? Eigen::VectorXd(hmm_a_.col(pos - 1)) : Eigen::VectorXd(), token);
      hmm_a_.col(pos) = a;
      next_logp_ = log_softmax(VecF(logp.cast<float>()));
      next_attn_.clear();
      cache_len_ = pos + 1;
      window_start_ = 0;
      return;
    }
    case Variant::HmmGmm:  // (never: start() refuses a family that predicts no tokens)
      next_logp_.clear();
      next_attn_.clear();
      cache_len_ = pos + 1;
      window_start_ = 0;
      return;
    case Variant::EncoderDecoder:
    case Variant::DecoderOnly:
      break;  // the transformer's decoder on the new column, with the KV cache (below)
  }
  const Params<float>& p = *p_;
  MatF& x = col_x_;
  MatF& y = col_y_;
  col_id_[0] = token;
  embed_forward(x, col_id_, 1, 1, p, c_, pos);  // X[:, pos] ← W_e[:, x_pos] + W_p[:, pos]
  const int nz = int(z_.size());
  // the new column (query at position pos) sees keys 0 … pos; cross-attention sees every source position
  const AttentionMask self{1, 1, pos + 1, true, nullptr, pos};
  const AttentionMask cross{1, 1, nz, false, nullptr, 0};
  next_attn_.assign(size_t(c_.dec_layers), AttentionColumn());
  for (int l = 0; l < c_.dec_layers; ++l) {
    DecodeCacheLayer& cl = cache_[size_t(l)];
    LayerCache<float>& lc = layer_[size_t(l)];
    cl.self.len = pos;  // columns past pos belong to a step that was taken back
    lc.self.x = x;
    decoder_layer_forward(y, lc, &Z_, p.dec[size_t(l)], self, cross, c_, ForwardOptions{}, &cl.self,
                          c_.is_ed() ? &cl.cross : nullptr);
    cl.cross.frozen = true;  // computed from the encoder output at the first column, reused from then on
    x.swap(y);
    for (int h = 0; h < c_.heads; ++h) {  // A: keys × heads (one query column per head)
      next_attn_[size_t(l)].self.push_back(lc.self.attn.A.col(h).head(pos + 1));
      if (c_.is_ed()) next_attn_[size_t(l)].cross.push_back(lc.cross.attn.A.col(h).head(nz));
    }
  }
  if (c_.final_norm) {
    layernorm_forward(y, col_norm_, x, p.ln_f, c_.ln_eps);  // X ← LN(X | γ, β)
    x.swap(y);
  }
  unembed_forward(logits_, x, p, c_);
  next_logp_ = log_softmax(logits_.col(0));
  cache_len_ = pos + 1;
  window_start_ = 0;
}

void DecodeSession::recompute() {
  const int n = int(x_.size());
  const int start = std::max(0, n - c_.max_len);
  Example e{z_, std::vector<int>(x_.begin() + start, x_.end())};
  Activations<float> act;
  model_forward(act, c_, *p_, make_batch(c_, e));
  const Eigen::Index last = act.logits.cols() - 1;
  next_logp_ = log_softmax(act.logits.col(last));
  const int Tq = int(e.x.size()), H = c_.heads;
  next_attn_.assign(size_t(c_.dec_layers), AttentionColumn());
  for (int l = 0; l < c_.dec_layers; ++l) {
    for (int h = 0; h < H; ++h) {
      next_attn_[size_t(l)].self.push_back(act.dec[size_t(l)].self.attn.A.col(Eigen::Index(h) * Tq + Tq - 1));
      if (c_.is_ed())
        next_attn_[size_t(l)].cross.push_back(act.dec[size_t(l)].cross.attn.A.col(Eigen::Index(h) * Tq + Tq - 1));
    }
  }
  window_start_ = start;
}

bool DecodeSession::can_step() const { return o_.sliding_window || int(x_.size()) < c_.max_len; }

Result<const DecodeStep*> DecodeSession::step(const SamplerOptions& so, Rng& rng, int forced) {
  if (!can_step())
    return Error(ErrorCode::SequenceFull, {{"max_len", std::to_string(c_.max_len)}});
  if (forced >= c_.vocab_size)
    return Error(ErrorCode::ForcedTokenNotInVocab,
                 {{"token", std::to_string(forced)}, {"vocab", std::to_string(c_.vocab_size)}});
  if (!(so.temperature >= 0)) return Error(ErrorCode::BadTemperature);
  if (so.top_k < 0) return Error(ErrorCode::BadTopK);
  if (!(so.top_p > 0 && so.top_p <= 1)) return Error(ErrorCode::BadTopP);
  DecodeStep r;
  r.position = int(x_.size());
  if (!record_) {  // a lean copy's step: the token alone (a forced one without computing the distributions)
    if (forced >= 0) {
      r.choice.token = forced;
      r.choice.how = ChoiceKind::Forced;
    } else {
      r.choice = choose_token(next_logp_, so, rng, forced);
      r.choice.q.clear();
      r.choice.q_filtered.clear();
      r.choice.kept.clear();
    }
    r.p_chosen = std::exp(next_logp_[size_t(r.choice.token)]);
    steps_.assign(1, std::move(r));  // (only the last: what step() returns)
    const int token = steps_.back().choice.token;
    x_.push_back(token);
    if (o_.use_cache && int(x_.size()) <= c_.max_len)
      process_column(token, int(x_.size()) - 1);
    else if (int(x_.size()) <= c_.max_len || o_.sliding_window)
      recompute();
    return &steps_.back();
  }
  r.logp = next_logp_;
  r.choice = choose_token(next_logp_, so, rng, forced);
  r.p_chosen = std::exp(next_logp_[size_t(r.choice.token)]);
  r.q_chosen = r.choice.q_filtered[size_t(r.choice.token)];
  r.attention = next_attn_;
  r.window_start = window_start_;
  r.cached = o_.use_cache && window_start_ == 0;
  r.cache_reused = r.cached ? cache_len_ - 1 : 0;
  r.work = decode_work(c_, r.position - window_start_, int(z_.size()));
  steps_.push_back(std::move(r));
  const int token = steps_.back().choice.token;
  x_.push_back(token);
  if (o_.use_cache && int(x_.size()) <= c_.max_len)
    process_column(token, int(x_.size()) - 1);  // only the new column
  else if (int(x_.size()) <= c_.max_len || o_.sliding_window)
    recompute();
  return &steps_.back();
}

DecodeSession DecodeSession::lean_copy() const {
  DecodeSession s;
  s.c_ = c_;
  s.p_ = p_;
  s.o_ = o_;
  s.z_ = z_;
  s.x_ = x_;
  s.prefix_len_ = prefix_len_;
  s.Z_ = Z_;
  s.cache_ = cache_;
  s.layer_ = layer_;
  s.rnn_h_ = rnn_h_;
  s.rnn_mem_ = rnn_mem_;
  s.hmm_a_ = hmm_a_;
  s.col_x_ = col_x_;
  s.col_y_ = col_y_;
  s.logits_ = logits_;
  s.col_id_ = col_id_;
  s.col_norm_ = col_norm_;
  s.cache_len_ = cache_len_;
  s.window_start_ = window_start_;
  s.next_logp_ = next_logp_;
  s.next_attn_ = next_attn_;
  s.record_ = false;
  return s;
}

bool DecodeSession::back(int n) {
  if (!record_) return false;  // (a lean copy keeps no records to undo)
  if (n <= 0 || size_t(n) > steps_.size()) return false;
  const DecodeStep& first = steps_[steps_.size() - size_t(n)];
  next_logp_ = first.logp;
  next_attn_ = first.attention;
  window_start_ = first.window_start;
  x_.resize(size_t(first.position));
  if (o_.use_cache) cache_len_ = std::min<int>(cache_len_, int(x_.size()));
  steps_.resize(steps_.size() - size_t(n));
  if (o_.use_cache && window_start_ == 0 && cache_len_ < int(x_.size())) {
    // the cache lost columns to a sliding window: rebuild it
    for (size_t i = size_t(cache_len_); i < x_.size(); ++i) process_column(x_[i], int(i));
  }
  return true;
}

Result<const DecodeStep*> DecodeSession::branch(int token, const SamplerOptions& o, Rng& rng) {
  if (steps_.empty()) return Error(ErrorCode::NothingToBranch);
  back(1);
  return step(o, rng, token);
}

Result<DecodeRun> decode_to_end(DecodeSession& s, const SamplerOptions& o, Rng& rng, int max_steps, int stop_id,
                                const DecodeProgress& progress) {
  DecodeRun run;
  auto ended = [&] { return !s.steps().empty() && s.steps().back().choice.token == stop_id; };
  const int limit = std::max(0, max_steps);
  while (run.steps < limit && s.can_step() && !ended()) {
    if (progress && !progress(run.steps, limit))
      return Error(ErrorCode::DecodeCancelled, {{"done", std::to_string(run.steps)}, {"limit", std::to_string(limit)}});
    const Rng before = rng;
    auto r = s.step(o, rng);
    if (!r) return r.error();
    run.rng_before.push_back(before);
    ++run.steps;
  }
  if (progress) (void)progress(run.steps, limit);  // the end: done
  return run;
}

DecodeWork decode_work(const Config& c, int n, int source_len) {
  const double d = c.d_e, m = c.d_mlp, V = c.vocab_size, z = source_len, N = std::max(0, n);
  if (family(c).recurrent_cell) {  // one step: A e, V h, W_u h; without the kept states, every step from h_0 again
    const double h = c.d_hidden, step = 2 * h * d + 2 * h * h + 2 * V * h;
    DecodeWork w;
    w.cached = step;
    w.uncached = std::max(1.0, N) * step;
    return w;
  }
  if (c.variant == Variant::Hmm) {  // one step: T ᾱ, the emission, E T ᾱ
    const double K = c.states, step = 4 * K * K + 2 * V * K;
    DecodeWork w;
    w.cached = step;
    w.uncached = std::max(1.0, N) * step;
    return w;
  }
  const double L = c.dec_layers, Le = c.is_ed() ? c.enc_layers : 0;
  DecodeWork w;
  // one new column: Q, K, V, O of it; its scores against the N keys and the sum of the N values; the MLP
  double layer = 4 * d * d + 2 * d * N + 2 * d * m;
  if (c.is_ed()) layer += 2 * d * d + 2 * d * z;  // cross: Q and O of the column; scores and sum over |z|
  w.cached = L * layer + d * V;
  // all N columns again, and the encoder
  double full = 4 * d * d * N + 2 * d * N * N + 2 * d * m * N;
  if (c.is_ed()) full += 2 * d * d * (N + z) + 2 * d * z * N;  // cross: Q, O of N columns; K, V of |z|
  const double encoder = 4 * d * d * z + 2 * d * z * z + 2 * d * m * z;
  w.uncached = L * full + Le * encoder + d * V * N;
  return w;
}

double decode_setup_work(const Config& c, int prompt_len, int source_len) {
  const double d = c.d_e, m = c.d_mlp, z = source_len;
  double w = 0;
  if (c.is_ed())
    w += double(c.enc_layers) * (4 * d * d * z + 2 * d * z * z + 2 * d * m * z) +  // the encoder, once
         double(c.dec_layers) * 2 * d * d * z;                                      // cross K and V, once
  for (int k = 1; k < prompt_len; ++k) w += decode_work(c, k, source_len).cached;
  return w;
}

double decode_step_cost(const Config& c, int t, int source_len) {
  // the cached column's products (decode_work: the one formula) reading t + 1 keys, and the softmax over |V|
  return decode_work(c, t + 1, source_len).cached + 8.0 * double(c.vocab_size);
}

double decode_steps_cost(const Config& c, int from, int steps, int source_len) {
  double cost = 0;
  for (int k = 0; k < steps; ++k) cost += decode_step_cost(c, std::min(from + k, c.max_len - 1), source_len);
  // each step keeps a record: p, q, q filtered (|V| each) and the attention column
  return cost + double(std::max(0, steps)) * 3.0 * double(c.vocab_size);
}

double decode_to_end_cost(const DecodeSession& s, int max_steps) {
  const Config& c = s.config();
  const int from = int(s.tokens().size());
  const int n = std::max(0, std::min(max_steps, s.can_step() ? std::max(1, c.max_len - from) : 0));
  return decode_steps_cost(c, from, n, int(s.source().size()));
}

double beam_search_cost(const DecodeSession& s, int width, int max_new) {
  const Config& c = s.config();
  const int from = int(s.tokens().size());
  const double V = c.vocab_size, B = std::max(1, width);
  // copying a session: its KV cache (self: 2 d_e ℓ_max, cross: 2 d_e |z| per layer) and its step records
  const double cache = double(c.dec_layers) * 2.0 * c.d_e * double(c.max_len + int(s.source().size())) +
                       double(c.d_hidden + 2 * c.states) * c.max_len;  // (an RNN's or HMM's state after each position)
  double cost = 0;
  for (int k = 0; k < std::max(0, max_new) && from + k < c.max_len; ++k) {
    const double records = double(s.steps().size() + size_t(k) + 1) * 3.0 * V;
    cost += B * (V * std::log2(std::max(2.0, V)) + cache + records +
                 decode_step_cost(c, from + k, int(s.source().size())));
  }
  return cost;
}

namespace {
// (2⁶⁰ at most: a caller may still add a few estimates or double one)
int64_t saturated(double bytes) { return bytes >= 0x1p60 ? int64_t(1) << 60 : int64_t(bytes); }
// A session without its steps: the self-attention caches (K and V, d_e × ℓ_max per decoder layer, allocated
// whole), the cross-attention's (d_e × |z|), the encoder's output, a recurrent family's states after each position,
// an HMM's distributions, the next log p.
double session_base_bytes(const Config& c, int source_len) {
  const double d = c.d_e, L = c.dec_layers, lmax = c.max_len, z = source_len;
  return 4.0 * (L * 2 * d * (lmax + z) + d * z + double(c.recurrent_state_size()) * (lmax + z)) +
         8.0 * double(c.states) * lmax + 8.0 * double(c.vocab_size);
}
}  // namespace

int64_t decode_session_memory(const Config& c, int source_len) { return saturated(session_base_bytes(c, source_len)); }

int64_t decode_step_bytes(const Config& c, int t, int source_len) {
  const double V = c.vocab_size;
  return saturated(3 * 8.0 * V + 4.0 * V + 4.0 * double(c.dec_layers) * c.heads * (double(t) + 1 + source_len) +
                   double(sizeof(DecodeStep)));
}

int64_t decode_to_end_memory(const DecodeSession& s, int max_steps) {
  const Config& c = s.config();
  const int from = int(s.tokens().size()), z = int(s.source().size());
  // (a sliding window decodes past ℓ_max: then max_steps is the bound)
  const int room = s.options().sliding_window ? max_steps : std::max(1, c.max_len - from);
  const int n = std::max(0, std::min(max_steps, s.can_step() ? room : 0));
  double bytes = session_base_bytes(c, z);
  for (const DecodeStep& st : s.steps()) bytes += double(decode_step_bytes(c, st.position, z));
  for (int k = 0; k < n; ++k) bytes += double(decode_step_bytes(c, from + k, z));
  return saturated(bytes);
}

int64_t beam_search_memory(const DecodeSession& s, int width, int max_new) {
  const Config& c = s.config();
  const double B = std::max(1, width), z = double(s.source().size());
  const double from = double(s.tokens().size()), n = std::max(0, max_new);
  const double capacity = std::min(from + n, double(std::max(c.max_len, 1)));
  // the transformers step together (beam_batch.h): one self-attention cache of B · capacity columns per layer, and
  // the gathered copy when the hypotheses reorder, the cross-attention's cache and the encoder's output shared; the
  // other families (and a sliding window) keep a whole session per hypothesis
  const bool together = c.is_transformer() && !s.options().sliding_window;
  const double cache = together ? 2 * 4.0 * double(c.dec_layers) * 2 * c.d_e * B * capacity +
                                      4.0 * (2 * double(c.dec_layers) * c.d_e * z + c.d_e * z)
                                : B * session_base_bytes(c, int(z));
  return saturated(cache + B * (8.0 * c.vocab_size + 4.0 * capacity) + n * B * B * double(sizeof(BeamNode)));
}

Result<BeamResult> beam_search(const DecodeSession& start, int width, int max_new, int stop_id, double alpha,
                               const DecodeProgress& progress) {
  if (width < 1) return Error(ErrorCode::BeamWidth);
  if (max_new < 1) return Error(ErrorCode::BeamNoNewTokens);
  auto cancelled = [&](int done) {
    return Error(ErrorCode::BeamCancelled, {{"done", std::to_string(done)}, {"limit", std::to_string(max_new)}});
  };
  const int pad_id = start.config().pad_id, bos_id = start.config().bos_id;
  struct Hyp {
    int node;  // last node in the tree (−1: none yet)
    double score;
    int len;
  };
  BeamResult res;
  // the live hypotheses, stepped together (beam_batch.h): live[i] is the batch's hypothesis i
  const long long room = static_cast<long long>(start.tokens().size()) + max_new;
  DecodeBatch batch(start, width, int(std::min<long long>(room, 1 << 30)));
  std::vector<Hyp> live{{-1, 0.0, 0}};
  std::vector<Hyp> done;
  auto norm = [&](double score, int len) { return score / std::pow(double(std::max(1, len)), alpha); };
  for (int depth = 1; depth <= max_new && !live.empty(); ++depth) {
    if (progress && !progress(depth - 1, max_new)) return cancelled(depth - 1);
    if (!batch.can_step()) break;
    struct Cand { int hyp; int token; double logp, score; int node; };
    std::vector<Cand> cands;
    std::vector<int> order;
    for (int h = 0; h < int(live.size()); ++h) {
      const auto& lp = batch.next_logp(h);
      // each hypothesis offers its `width` best tokens (ties: lower id)
      // (never <pad> or <bos>: no sequence continues with them — a trained model gives them a tiny probability that
      // would otherwise rank among a small vocabulary's best once the likely hypotheses have ended)
      order.clear();
      for (size_t i = 0; i < lp.size(); ++i)
        if (int(i) == stop_id || (int(i) != pad_id && int(i) != bos_id)) order.push_back(int(i));
      const int k_max = std::min<int>(width, int(order.size()));
      std::partial_sort(order.begin(), order.begin() + k_max, order.end(), [&](int a, int b) {
        return lp[size_t(a)] > lp[size_t(b)] || (lp[size_t(a)] == lp[size_t(b)] && a < b);
      });
      for (int k = 0; k < k_max; ++k) {
        const int t = order[size_t(k)];
        BeamNode n;
        n.parent = live[size_t(h)].node;
        n.token = t;
        n.depth = depth;
        n.logp = lp[size_t(t)];
        n.score = live[size_t(h)].score + n.logp;
        n.normalized = norm(n.score, depth);
        n.pruned = true;
        n.finished = t == stop_id;
        res.tree.push_back(n);
        cands.push_back({h, t, n.logp, n.score, int(res.tree.size()) - 1});
      }
    }
    if (cands.empty()) break;
    std::stable_sort(cands.begin(), cands.end(), [](const Cand& a, const Cand& b) { return a.score > b.score; });
    std::vector<Hyp> next;
    std::vector<int> parents, tokens;
    for (const Cand& cd : cands) {
      if (int(next.size()) >= width) break;
      res.tree[size_t(cd.node)].pruned = false;
      const Hyp h{cd.node, cd.score, depth};
      if (cd.token == stop_id) {
        done.push_back(h);  // (finished: its sequence is the tree's path, nothing to step)
      } else {
        next.push_back(h);
        parents.push_back(cd.hyp);
        tokens.push_back(cd.token);
      }
    }
    if (!next.empty())
      if (auto st = batch.step(parents, tokens)) return *st;
    live = std::move(next);
  }
  if (progress) (void)progress(max_new, max_new);
  for (auto& h : live) done.push_back(h);
  if (done.empty()) return Error(ErrorCode::BeamNoHypothesis);
  const Hyp* best = &done[0];
  for (const Hyp& h : done)
    if (norm(h.score, h.len) > norm(best->score, best->len)) best = &h;
  res.score = best->score;
  res.normalized = norm(best->score, best->len);
  res.best = best->node;
  for (int node = best->node; node >= 0; node = res.tree[size_t(node)].parent)
    res.tokens.insert(res.tokens.begin(), res.tree[size_t(node)].token);
  return res;
}

}  // namespace gb
