// rnn.cpp — the recurrent language model's forward, backpropagation through time, and decoding step (rnn.h).
#include "core/families/rnn/rnn.h"

#include "core/model/matmul.h"
#include "core/model/model.h"

#include <atomic>
#include <type_traits>

namespace gb {

namespace {

// h = f(u), column by column: tanh, or max(0, ·)
template <class U, class H> void cell_forward(const U& u, H&& h, Activation f) {
  if (f == Activation::ReLU)
    h = u.cwiseMax(typename U::Scalar(0));
  else
    h = u.array().tanh().matrix();
}

// du = dh ⊙ f′(u): tanh′ = 1 − h², ReLU′ = [u > 0]
template <class D, class U, class H> void cell_backward(D&& du, const U& u, const H& h, Activation f) {
  using T = typename U::Scalar;
  if (f == Activation::ReLU)
    du.array() *= (u.array() > T(0)).template cast<T>();
  else
    du.array() *= T(1) - h.array().square();
}


// The weights of one recurrence (an RNN's, an encoder's or a decoder's), and their gradient.
template <class T> struct RnnCellRef {
  const Mat<T>& V;
  const Mat<T>& A;
  const Vec<T>& b;
};
template <class T> struct RnnCellGrad {
  Mat<T>& V;
  Mat<T>& A;
  Vec<T>& b;
};
// Additive attention's weights, and the memory it reads: S (d_h × B·S_, column b·S_ + t the encoder's state s_t of
// sequence b, len[b] of them).
template <class T> struct AttentionRef {
  const Mat<T>& C;
  const Mat<T>& W_a;
  const Mat<T>& U_a;
  const Vec<T>& v_a;
  const Mat<T>& S;
  const std::vector<int>& len;
  int S_;
};
template <class T> struct AttentionGrad {
  Mat<T>& C;
  Mat<T>& W_a;
  Mat<T>& U_a;
  Vec<T>& v_a;
};

// One recurrence over a padded batch of ids (len.size() sequences of len[b] ≤ T_ tokens, column b·T_ + j), from h0
// (and an LSTM's m0; d_h × B, column b the state before sequence b's first token; null: 0), reading the memory of
// att at every step when given.
template <class T> struct Recurrence {
  RnnCellRef<T> cell;
  const Mat<T>& W_e;
  Activation f;
  bool lstm;
  const std::vector<int>& ids;
  const std::vector<int>& len;
  int T_;
  const Mat<T>* h0 = nullptr;
  const Mat<T>* m0 = nullptr;
  const AttentionRef<T>* att = nullptr;
};

// out = σ(in) = 1 / (1 + e^(−in)), element by element
template <class D, class X> void sigmoid_to(D&& out, const X& in) {
  using T = typename X::Scalar;
  out = (T(1) + (-in.array()).exp()).inverse().matrix();
}

// Fills k.E, k.U, k.H (an LSTM's k.Gt, k.M; attention's k.Keys, k.Q, k.Alpha, k.Ctx); padding columns 0. cancel (may
// be null) is checked between sequences.
template <class T> void recurrence_forward(RnnCache<T>& k, const Recurrence<T>& r, const std::atomic<bool>* cancel) {
  const int B = int(r.len.size()), T_ = r.T_;
  const Eigen::Index N = Eigen::Index(B) * T_, dh = r.cell.V.cols(), rows = r.cell.V.rows();
  k.E.setZero(r.W_e.rows(), N);
  k.H.setZero(dh, N);
  if (r.lstm) {
    k.Gt.setZero(rows, N);
    k.M.setZero(dh, N);
  }
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < r.len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * T_ + j;
      k.E.col(col) = r.W_e.col(r.ids[size_t(col)]);  // e_j = W_e[:, x_j]
    }
  k.U.resize(rows, N);
  gemm<T>(k.U, r.cell.A, kN, k.E, kN);  // A e_j for every position at once: the input needs no recurrence
  const AttentionRef<T>* a = r.att;
  if (a) {
    k.Keys.resize(dh, a->S.cols());
    gemm<T>(k.Keys, a->U_a, kN, a->S, kN);  // U_a s_t: the keys need no recurrence either
    k.Q.setZero(dh, N);
    k.Alpha.setZero(a->S_, N);
    k.Ctx.setZero(dh, N);
  }
  Vec<T> zero = Vec<T>::Zero(dh), scores;
  Mat<T> pre;
  for (int b = 0; b < B; ++b) {
    if (cancel && cancel->load(std::memory_order_relaxed)) return;
    const Eigen::Index first = Eigen::Index(b) * T_;
    for (int j = 0; j < r.len[size_t(b)]; ++j) {  // one token after another: h_j needs h_{j−1}
      const Eigen::Index col = first + j;
      const bool has_prev = j > 0 || r.h0;
      const Eigen::Map<const Vec<T>> h_prev(j > 0 ? k.H.col(col - 1).data() : r.h0 ? r.h0->col(b).data() : zero.data(),
                                            dh);
      k.U.col(col) += r.cell.b;
      if (has_prev) k.U.col(col).noalias() += r.cell.V * h_prev;  // (h_0 = 0 adds nothing)
      if (a) {  // ctx_j = Σ_t α_jt s_t, α_j = softmax_t(v_aᵀ tanh(W_a h_{j−1} + U_a s_t))
        const int n = a->len[size_t(b)];
        const Eigen::Index s0 = Eigen::Index(b) * a->S_;
        if (has_prev) k.Q.col(col).noalias() = a->W_a * h_prev;
        if (n > 0) {
          pre = (k.Keys.middleCols(s0, n).colwise() + k.Q.col(col)).array().tanh().matrix();
          scores.noalias() = pre.transpose() * a->v_a;
          const T mx = scores.maxCoeff();
          scores = (scores.array() - mx).exp().matrix();
          scores /= scores.sum();
          k.Alpha.col(col).head(n) = scores;
          k.Ctx.col(col).noalias() = a->S.middleCols(s0, n) * scores;
          k.U.col(col).noalias() += a->C * k.Ctx.col(col);
        }
      }
      if (r.lstm) {  // i, f, o = σ(·), g = tanh(·); m_j = f ⊙ m_{j−1} + i ⊙ g; h_j = o ⊙ tanh(m_j)
        auto u = k.U.col(col);
        auto g = k.Gt.col(col);
        sigmoid_to(g.head(dh), u.head(dh));
        sigmoid_to(g.segment(dh, dh), u.segment(dh, dh));
        g.segment(2 * dh, dh) = u.segment(2 * dh, dh).array().tanh().matrix();
        sigmoid_to(g.tail(dh), u.tail(dh));
        k.M.col(col) = g.head(dh).cwiseProduct(g.segment(2 * dh, dh));
        if (j > 0) k.M.col(col) += g.segment(dh, dh).cwiseProduct(k.M.col(col - 1));
        else if (r.m0) k.M.col(col) += g.segment(dh, dh).cwiseProduct(r.m0->col(b));
        k.H.col(col) = g.tail(dh).cwiseProduct(k.M.col(col).array().tanh().matrix());
      } else {
        cell_forward(k.U.col(col), k.H.col(col), r.f);
      }
    }
    for (int j = r.len[size_t(b)]; j < T_; ++j) k.U.col(first + j).setZero();
  }
}

// Back through it, from k.dH (∂J/∂h_j from outside the recurrence, position by position; overwritten with the total
// ∂J/∂h_j) and, for an LSTM, k.dM (∂J/∂m_j from outside when dM_given, else 0): adds ∂J/∂(V, A, b) into g, ∂J/∂W_e
// into gW_e, attention's gradient into ag and ∂J/∂S into k.dS; dh0 and dm0 (when given, with h0 and m0) receive
// ∂J/∂h_0 and ∂J/∂m_0 (d_h × B).
template <class T>
void recurrence_backward(RnnCellGrad<T> g, Mat<T>& gW_e, RnnCache<T>& k, const Recurrence<T>& r,
                         std::type_identity_t<Mat<T>*> dh0, std::type_identity_t<Mat<T>*> dm0,
                         std::type_identity_t<const AttentionGrad<T>*> ag, bool dM_given) {
  const int B = int(r.len.size()), T_ = r.T_;
  const Eigen::Index N = Eigen::Index(B) * T_, dh = r.cell.V.cols(), rows = r.cell.V.rows();
  k.dU.setZero(rows, N);
  k.Hprev.setZero(dh, N);
  if (r.lstm && !dM_given) k.dM.setZero(dh, N);
  if (dh0) dh0->setZero(dh, B);
  if (dm0) dm0->setZero(dh, B);
  const AttentionRef<T>* a = r.att;
  if (a) {
    k.dQ.setZero(dh, N);
    k.dKeys.setZero(dh, a->S.cols());
    k.dS.setZero(dh, a->S.cols());
  }
  Vec<T> dctx, dalpha, de, dm, dprev;
  Mat<T> pre, dpre;
  for (int b = 0; b < B; ++b) {
    const Eigen::Index first = Eigen::Index(b) * T_;
    for (int j = r.len[size_t(b)] - 1; j >= 0; --j) {  // back through time
      const Eigen::Index col = first + j;
      // ∂J/∂h_j is complete here: from outside, plus (added below) through every later step
      if (r.lstm) {
        auto gt = k.Gt.col(col);
        auto du = k.dU.col(col);
        const Vec<T> tm = k.M.col(col).array().tanh().matrix();
        dm = k.dM.col(col) + k.dH.col(col).cwiseProduct(gt.tail(dh)).cwiseProduct(
                                 (T(1) - tm.array().square()).matrix());  // through h_j = o ⊙ tanh(m_j)
        const auto i = gt.head(dh), f = gt.segment(dh, dh), gg = gt.segment(2 * dh, dh), o = gt.tail(dh);
        du.head(dh) = dm.cwiseProduct(gg).cwiseProduct(i.cwiseProduct((T(1) - i.array()).matrix()));
        if (j > 0)
          du.segment(dh, dh) = dm.cwiseProduct(k.M.col(col - 1)).cwiseProduct(f.cwiseProduct((T(1) - f.array()).matrix()));
        else if (r.m0)
          du.segment(dh, dh) = dm.cwiseProduct(r.m0->col(b)).cwiseProduct(f.cwiseProduct((T(1) - f.array()).matrix()));
        du.segment(2 * dh, dh) = dm.cwiseProduct(i).cwiseProduct((T(1) - gg.array().square()).matrix());
        du.tail(dh) = k.dH.col(col).cwiseProduct(tm).cwiseProduct(o.cwiseProduct((T(1) - o.array()).matrix()));
        if (j > 0) k.dM.col(col - 1) += dm.cwiseProduct(f);  // m_j = f ⊙ m_{j−1} + …
        else if (dm0 && r.m0) dm0->col(b) = dm.cwiseProduct(f);
      } else {
        k.dU.col(col) = k.dH.col(col);
        cell_backward(k.dU.col(col), k.U.col(col), k.H.col(col), r.f);  // ∂J/∂u_j
      }
      const bool has_prev = j > 0 || r.h0;  // (else h_0 = 0: nothing before it)
      if (has_prev) dprev.noalias() = r.cell.V.transpose() * k.dU.col(col);  // through u_j = V h_{j−1} + …
      if (a && a->len[size_t(b)] > 0) {  // and through the attention's query W_a h_{j−1}
        const int n = a->len[size_t(b)];
        const Eigen::Index s0 = Eigen::Index(b) * a->S_;
        const auto alpha = k.Alpha.col(col).head(n);
        dctx.noalias() = a->C.transpose() * k.dU.col(col);
        dalpha.noalias() = a->S.middleCols(s0, n).transpose() * dctx;
        k.dS.middleCols(s0, n).noalias() += dctx * alpha.transpose();  // ctx = S α
        de = alpha.cwiseProduct((dalpha.array() - alpha.dot(dalpha)).matrix());  // through the softmax
        pre = (k.Keys.middleCols(s0, n).colwise() + k.Q.col(col)).array().tanh().matrix();
        ag->v_a.noalias() += pre * de;
        dpre = (a->v_a * de.transpose()).cwiseProduct((T(1) - pre.array().square()).matrix());
        k.dKeys.middleCols(s0, n) += dpre;
        k.dQ.col(col) = dpre.rowwise().sum();
        if (has_prev) dprev.noalias() += a->W_a.transpose() * k.dQ.col(col);
      }
      if (!has_prev) continue;
      if (j > 0) {
        k.dH.col(col - 1) += dprev;
        k.Hprev.col(col) = k.H.col(col - 1);
      } else {
        k.Hprev.col(col) = r.h0->col(b);
        if (dh0) dh0->col(b) = dprev;  // ∂J/∂h_0
      }
    }
  }
  gemm_add<T>(g.V, k.dU, kN, k.Hprev, kT);  // Σ_j ∂J/∂u_j h_{j−1}ᵀ
  gemm_add<T>(g.A, k.dU, kN, k.E, kT);      // Σ_j ∂J/∂u_j e_jᵀ
  g.b += k.dU.rowwise().sum();
  if (a) {
    gemm_add<T>(ag->C, k.dU, kN, k.Ctx, kT);     // Σ_j ∂J/∂u_j ctx_jᵀ
    gemm_add<T>(ag->W_a, k.dQ, kN, k.Hprev, kT);  // Σ_j ∂J/∂q_j h_{j−1}ᵀ
    gemm_add<T>(ag->U_a, k.dKeys, kN, a->S, kT);  // Σ_t ∂J/∂key_t s_tᵀ
    gemm_add<T>(k.dS, a->U_a, kT, k.dKeys, kN);
  }
  k.dE.resize(gW_e.rows(), N);
  gemm<T>(k.dE, r.cell.A, kT, k.dU, kN);
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < r.len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * T_ + j;
      gW_e.col(r.ids[size_t(col)]) += k.dE.col(col);  // e_j = W_e[:, x_j]
    }
}


// logits = W_u H + b_u 1ᵀ on the real positions (padding columns zero: the loss never reads them)
template <class T>
void output_forward(Mat<T>& logits, const RnnParams<T>& p, const Mat<T>& H, const Batch& batch) {
  logits.resize(p.W_u.rows(), H.cols());
  gemm<T>(logits, p.W_u, kN, H, kN);
  for (int b = 0; b < batch.B; ++b)
    for (int j = 0; j < batch.T; ++j) {
      const Eigen::Index col = Eigen::Index(b) * batch.T + j;
      if (j < batch.x_len[size_t(b)])
        logits.col(col) += p.b_u;
      else
        logits.col(col).setZero();
    }
}

// ∂J/∂W_u, ∂J/∂b_u, and ∂J/∂h_j from position j's own prediction into k.dH
template <class T> void output_backward(RnnParams<T>& g, RnnCache<T>& k, const Mat<T>& dlogits, const RnnParams<T>& p) {
  gemm_add<T>(g.W_u, dlogits, kN, k.H, kT);
  g.b_u += dlogits.rowwise().sum();
  k.dH.resize(p.W_u.cols(), dlogits.cols());
  gemm<T>(k.dH, p.W_u, kT, dlogits, kN);
}

// Each source's last column of M (the encoder's last state c, or its last memory; d_h × B; 0 for an empty source)
template <class T> Mat<T> last_states(const Mat<T>& M, const Batch& batch, Eigen::Index dh) {
  Mat<T> C = Mat<T>::Zero(dh, batch.B);
  for (int b = 0; b < batch.B; ++b)
    if (batch.z_len[size_t(b)] > 0) C.col(b) = M.col(Eigen::Index(b) * batch.S + batch.z_len[size_t(b)] - 1);
  return C;
}

template <class T> RnnCellRef<T> cell_of(const RnnParams<T>& p) { return {p.V, p.A, p.b}; }
template <class T> RnnCellRef<T> cell_of(const RnnCellParams<T>& e) { return {e.V, e.A, e.b}; }

}  // namespace

template <class T>
void rnn_forward(Mat<T>& logits, RnnCache<T>& k, const RnnParams<T>& p, const Config& c, const Batch& batch,
                 const std::atomic<bool>* cancel) {
  const Recurrence<T> r{cell_of(p), p.W_e, c.activation, c.cell == RnnCell::Lstm, batch.x, batch.x_len, batch.T};
  recurrence_forward(k, r, cancel);
  output_forward(logits, p, k.H, batch);
}

template <class T>
void rnn_backward(RnnParams<T>& g, RnnCache<T>& k, const Mat<T>& dlogits, const RnnParams<T>& p, const Config& c,
                  const Batch& batch) {
  output_backward(g, k, dlogits, p);
  const Recurrence<T> r{cell_of(p), p.W_e, c.activation, c.cell == RnnCell::Lstm, batch.x, batch.x_len, batch.T};
  recurrence_backward(RnnCellGrad<T>{g.V, g.A, g.b}, g.W_e, k, r, nullptr, nullptr, nullptr, false);
}

template <class T>
void rnn_seq2seq_forward(Mat<T>& logits, RnnCache<T>& enc, RnnCache<T>& dec, const RnnParams<T>& p,
                         const RnnCellParams<T>& e, const Config& c, const Batch& batch,
                         const std::atomic<bool>* cancel) {
  const bool lstm = c.cell == RnnCell::Lstm;
  const Recurrence<T> re{cell_of(e), p.W_e, c.activation, lstm, batch.z, batch.z_len, batch.S};
  recurrence_forward(enc, re, cancel);
  dec.H0 = last_states(enc.H, batch, c.d_hidden);  // c: where the decoder starts
  if (lstm) dec.M0 = last_states(enc.M, batch, c.d_hidden);  // (and an LSTM's memory with it)
  const AttentionRef<T> att{p.C, p.W_a, p.U_a, p.v_a, enc.H, batch.z_len, batch.S};
  Recurrence<T> rd{cell_of(p), p.W_e, c.activation, lstm, batch.x, batch.x_len, batch.T, &dec.H0};
  if (lstm) rd.m0 = &dec.M0;
  if (c.attention == RnnAttention::Additive) rd.att = &att;
  recurrence_forward(dec, rd, cancel);
  output_forward(logits, p, dec.H, batch);
}

template <class T>
void rnn_seq2seq_backward(RnnParams<T>& g, RnnCellParams<T>& ge, RnnCache<T>& enc, RnnCache<T>& dec,
                          const Mat<T>& dlogits, const RnnParams<T>& p, const RnnCellParams<T>& e, const Config& c,
                          const Batch& batch) {
  const bool lstm = c.cell == RnnCell::Lstm, attention = c.attention == RnnAttention::Additive;
  output_backward(g, dec, dlogits, p);
  const AttentionRef<T> att{p.C, p.W_a, p.U_a, p.v_a, enc.H, batch.z_len, batch.S};
  const AttentionGrad<T> ag{g.C, g.W_a, g.U_a, g.v_a};
  Recurrence<T> rd{cell_of(p), p.W_e, c.activation, lstm, batch.x, batch.x_len, batch.T, &dec.H0};
  if (lstm) rd.m0 = &dec.M0;
  if (attention) rd.att = &att;
  recurrence_backward(RnnCellGrad<T>{g.V, g.A, g.b}, g.W_e, dec, rd, &dec.dH0, lstm ? &dec.dM0 : nullptr,
                      attention ? &ag : nullptr, false);
  // the gradient reaches the encoder through c (∂J/∂h_|z| = ∂J/∂h_0 of the decoder; an LSTM's memory likewise) and,
  // with attention, through every state the decoder read
  const Eigen::Index NS = Eigen::Index(batch.B) * batch.S;
  if (attention) enc.dH = dec.dS;
  else enc.dH.setZero(c.d_hidden, NS);
  if (lstm) enc.dM.setZero(c.d_hidden, NS);
  for (int b = 0; b < batch.B; ++b)
    if (batch.z_len[size_t(b)] > 0) {
      const Eigen::Index last = Eigen::Index(b) * batch.S + batch.z_len[size_t(b)] - 1;
      enc.dH.col(last) += dec.dH0.col(b);
      if (lstm) enc.dM.col(last) = dec.dM0.col(b);
    }
  const Recurrence<T> re{cell_of(e), p.W_e, c.activation, lstm, batch.z, batch.z_len, batch.S};
  recurrence_backward(RnnCellGrad<T>{ge.V, ge.A, ge.b}, g.W_e, enc, re, nullptr, nullptr, nullptr, lstm);
}

namespace {
template <class T> RnnParams<T> zeros_like(const RnnParams<T>& p) {
  RnnParams<T> g;
  for (auto [out, in] : {std::pair{&g.W_e, &p.W_e}, std::pair{&g.V, &p.V}, std::pair{&g.A, &p.A},
                         std::pair{&g.C, &p.C}, std::pair{&g.W_a, &p.W_a}, std::pair{&g.U_a, &p.U_a},
                         std::pair{&g.W_u, &p.W_u}})
    out->setZero(in->rows(), in->cols());
  for (auto [out, in] : {std::pair{&g.b, &p.b}, std::pair{&g.v_a, &p.v_a}, std::pair{&g.b_u, &p.b_u}})
    out->setZero(in->size());
  return g;
}

// ∂J_last/∂logits for J_last = −log softmax(logits[:, n−2])[x_{n−1}], the loss of the last prediction alone
// (n = |x| ≥ 2): softmax − one-hot in that column, zero in every other
MatF last_prediction_dlogits(const MatF& logits, const std::vector<int>& x) {
  const Eigen::Index last = Eigen::Index(x.size()) - 2;
  MatF d = MatF::Zero(logits.rows(), logits.cols());
  const float mx = logits.col(last).maxCoeff();
  const VecF e = (logits.col(last).array() - mx).exp().matrix();
  d.col(last) = e / e.sum();
  d(x.back(), last) -= 1.0f;
  return d;
}
}  // namespace

RnnTrace rnn_trace(const Config& c, const RnnParams<float>& p, const std::vector<int>& x) {
  GB_ASSERT(x.size() >= 2 && int(x.size()) <= c.max_len, "rnn_trace needs 2 … ℓ_max tokens");
  Batch b;
  b.B = 1;
  b.T = int(x.size());
  b.x = x;
  b.x_len = {b.T};
  RnnCache<float> k;
  MatF logits;
  rnn_forward(logits, k, p, c, b);
  const Eigen::Index last = b.T - 2;
  // (the parameters' gradient is not wanted: only ∂J/∂h_j, which backward leaves in k.dH)
  RnnParams<float> g = zeros_like(p);
  rnn_backward(g, k, last_prediction_dlogits(logits, x), p, c, b);
  RnnTrace t;
  t.H = std::move(k.H);
  for (Eigen::Index j = 0; j <= last; ++j) t.grad_norm.push_back(double(k.dH.col(j).norm()));
  return t;
}

RnnSeq2SeqTrace rnn_seq2seq_trace(const Config& c, const RnnParams<float>& p, const RnnCellParams<float>& e,
                                  const std::vector<int>& z, const std::vector<int>& x) {
  GB_ASSERT(!x.empty() && int(x.size()) <= c.max_len && int(z.size()) <= c.max_len,
            "rnn_seq2seq_trace needs 1 … ℓ_max target tokens and at most ℓ_max source tokens");
  Batch b;
  b.B = 1;
  b.T = int(x.size());
  b.x = x;
  b.x_len = {b.T};
  b.S = int(z.size());
  b.z = z;
  b.z_len = {b.S};
  RnnCache<float> enc, dec;
  MatF logits;
  rnn_seq2seq_forward(logits, enc, dec, p, e, c, b);
  RnnSeq2SeqTrace t;
  if (b.T >= 2) {  // as rnn_trace: the last prediction's loss alone; the parameters' gradient unwanted
    const Eigen::Index last = b.T - 2;
    RnnParams<float> g = zeros_like(p);
    RnnCellParams<float> ge{MatF::Zero(e.V.rows(), e.V.cols()), MatF::Zero(e.A.rows(), e.A.cols()),
                            VecF::Zero(e.b.size())};
    rnn_seq2seq_backward(g, ge, enc, dec, last_prediction_dlogits(logits, x), p, e, c, b);
    for (Eigen::Index j = 0; j <= last; ++j) t.dec_grad_norm.push_back(double(dec.dH.col(j).norm()));
    for (Eigen::Index s = 0; s < Eigen::Index(b.S); ++s) t.enc_grad_norm.push_back(double(enc.dH.col(s).norm()));
  }
  t.enc_H = std::move(enc.H);
  t.c = dec.H0.col(0);
  t.dec_H = std::move(dec.H);
  if (c.attention == RnnAttention::Additive) t.alpha = std::move(dec.Alpha);
  return t;
}

RnnEncoding rnn_encode(const Config& c, const RnnParams<float>& p, const RnnCellParams<float>& e,
                       const std::vector<int>& z) {
  RnnCache<float> k;
  const std::vector<int> len{int(z.size())};
  const bool lstm = c.cell == RnnCell::Lstm;
  recurrence_forward(k, Recurrence<float>{cell_of(e), p.W_e, c.activation, lstm, z, len, int(z.size())}, nullptr);
  RnnEncoding out;
  out.start = VecF::Zero(c.recurrent_state_size());
  if (!z.empty()) {
    const Eigen::Index last = Eigen::Index(z.size()) - 1;
    out.start.head(c.d_hidden) = k.H.col(last);
    if (lstm) out.start.tail(c.d_hidden) = k.M.col(last);
  }
  out.states = std::move(k.H);
  return out;
}

void rnn_step(VecF& state, VecF& logits, const RnnParams<float>& p, const Config& c, const VecF& state_prev,
              int token, const MatF* memory, VecF* alpha) {
  // the same order of sums as rnn_forward: A e, then b, then V h_prev, then C ctx
  const Eigen::Index dh = c.d_hidden;
  const bool has_prev = state_prev.size() == c.recurrent_state_size();
  VecF u = p.A * p.W_e.col(token);
  u += p.b;
  if (has_prev) u.noalias() += p.V * state_prev.head(dh);
  if (c.attention == RnnAttention::Additive && memory && memory->cols() > 0) {
    VecF q = VecF::Zero(dh);
    if (has_prev) q.noalias() = p.W_a * state_prev.head(dh);
    MatF keys = p.U_a * *memory;
    MatF pre = (keys.colwise() + q).array().tanh().matrix();
    VecF a = pre.transpose() * p.v_a;
    a = (a.array() - a.maxCoeff()).exp().matrix();
    a /= a.sum();
    u.noalias() += p.C * (*memory * a);
    if (alpha) *alpha = a;
  } else if (alpha) {
    alpha->resize(0);
  }
  state.resize(c.recurrent_state_size());
  if (c.cell == RnnCell::Lstm) {
    VecF i, f, o;
    sigmoid_to(i, u.head(dh));
    sigmoid_to(f, u.segment(dh, dh));
    sigmoid_to(o, u.tail(dh));
    const VecF g = u.segment(2 * dh, dh).array().tanh().matrix();
    VecF m = i.cwiseProduct(g);
    if (has_prev) m += f.cwiseProduct(state_prev.tail(dh));
    state.head(dh) = o.cwiseProduct(m.array().tanh().matrix());
    state.tail(dh) = m;
  } else {
    cell_forward(u, state, c.activation);
  }
  logits.resize(c.vocab_size);
  logits.noalias() = p.W_u * state.head(dh);
  logits += p.b_u;
}

template void rnn_forward<float>(Mat<float>&, RnnCache<float>&, const RnnParams<float>&, const Config&, const Batch&,
                                 const std::atomic<bool>*);
template void rnn_forward<double>(Mat<double>&, RnnCache<double>&, const RnnParams<double>&, const Config&,
                                  const Batch&, const std::atomic<bool>*);
template void rnn_backward<float>(RnnParams<float>&, RnnCache<float>&, const Mat<float>&, const RnnParams<float>&,
                                  const Config&, const Batch&);
template void rnn_backward<double>(RnnParams<double>&, RnnCache<double>&, const Mat<double>&, const RnnParams<double>&,
                                   const Config&, const Batch&);
#define GB_SEQ2SEQ(T)                                                                                               \
  template void rnn_seq2seq_forward<T>(Mat<T>&, RnnCache<T>&, RnnCache<T>&, const RnnParams<T>&,                    \
                                       const RnnCellParams<T>&, const Config&, const Batch&, const std::atomic<bool>*); \
  template void rnn_seq2seq_backward<T>(RnnParams<T>&, RnnCellParams<T>&, RnnCache<T>&, RnnCache<T>&, const Mat<T>&, \
                                        const RnnParams<T>&, const RnnCellParams<T>&, const Config&, const Batch&);
GB_SEQ2SEQ(float)
GB_SEQ2SEQ(double)
#undef GB_SEQ2SEQ

}  // namespace gb
