// rnn.cpp — the recurrent language model's forward, backpropagation through time, and decoding step (rnn.h).
#include "core/families/rnn/rnn.h"

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

// The recurrence alone, over a padded batch of ids (len.size() sequences of len[b] ≤ T_ tokens, column b·T_ + j),
// from h0 (d_h × B, column b the state before sequence b's first token; null: 0): fills k.E, k.U, k.H (padding
// columns 0). cancel (may be null) is checked between sequences.
template <class T>
void recurrence_forward(RnnCache<T>& k, RnnCellRef<T> cell, const Mat<T>& W_e, Activation f, const std::vector<int>& ids,
                        const std::vector<int>& len, int T_, std::type_identity_t<const Mat<T>*> h0,
                        const std::atomic<bool>* cancel) {
  const int B = int(len.size());
  const Eigen::Index N = Eigen::Index(B) * T_, dh = cell.V.rows();
  k.E.setZero(W_e.rows(), N);
  k.H.setZero(dh, N);
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * T_ + j;
      k.E.col(col) = W_e.col(ids[size_t(col)]);  // e_j = W_e[:, x_j]
    }
  k.U.resize(dh, N);
  k.U.noalias() = cell.A * k.E;  // A e_j for every position at once: the input needs no recurrence
  for (int b = 0; b < B; ++b) {
    if (cancel && cancel->load(std::memory_order_relaxed)) return;
    const Eigen::Index first = Eigen::Index(b) * T_;
    for (int j = 0; j < len[size_t(b)]; ++j) {  // one token after another: h_j needs h_{j−1}
      const Eigen::Index col = first + j;
      k.U.col(col) += cell.b;
      if (j > 0) k.U.col(col).noalias() += cell.V * k.H.col(col - 1);
      else if (h0) k.U.col(col).noalias() += cell.V * h0->col(b);  // (h_0 = 0 adds nothing)
      cell_forward(k.U.col(col), k.H.col(col), f);
    }
    for (int j = len[size_t(b)]; j < T_; ++j) k.U.col(first + j).setZero();
  }
}

// Back through it, from k.dH (∂J/∂h_j from outside the recurrence, position by position; overwritten): adds
// ∂J/∂(V, A, b) into g and ∂J/∂W_e into gW_e; dh0 (when given, with h0) receives ∂J/∂h_0 (d_h × B).
template <class T>
void recurrence_backward(RnnCellGrad<T> g, Mat<T>& gW_e, RnnCache<T>& k, RnnCellRef<T> cell, Activation f,
                         const std::vector<int>& ids, const std::vector<int>& len, int T_,
                         std::type_identity_t<const Mat<T>*> h0, std::type_identity_t<Mat<T>*> dh0) {
  const int B = int(len.size());
  const Eigen::Index N = Eigen::Index(B) * T_, dh = cell.V.rows();
  k.dU.setZero(dh, N);
  k.Hprev.setZero(dh, N);
  if (dh0) dh0->setZero(dh, B);
  for (int b = 0; b < B; ++b) {
    const Eigen::Index first = Eigen::Index(b) * T_;
    for (int j = len[size_t(b)] - 1; j >= 0; --j) {  // back through time
      const Eigen::Index col = first + j;
      k.dU.col(col) = k.dH.col(col);  // ∂J/∂h_j: from outside, plus (added below) through every later state
      cell_backward(k.dU.col(col), k.U.col(col), k.H.col(col), f);  // ∂J/∂u_j
      if (j > 0) {
        k.dH.col(col - 1).noalias() += cell.V.transpose() * k.dU.col(col);  // through h_j = f(V h_{j−1} + …)
        k.Hprev.col(col) = k.H.col(col - 1);
      } else if (h0) {
        k.Hprev.col(col) = h0->col(b);
        if (dh0) dh0->col(b).noalias() = cell.V.transpose() * k.dU.col(col);  // ∂J/∂h_0
      }
    }
  }
  g.V.noalias() += k.dU * k.Hprev.transpose();  // Σ_j ∂J/∂u_j h_{j−1}ᵀ
  g.A.noalias() += k.dU * k.E.transpose();      // Σ_j ∂J/∂u_j e_jᵀ
  g.b += k.dU.rowwise().sum();
  k.dE.resize(gW_e.rows(), N);
  k.dE.noalias() = cell.A.transpose() * k.dU;
  for (int b = 0; b < B; ++b)
    for (int j = 0; j < len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * T_ + j;
      gW_e.col(ids[size_t(col)]) += k.dE.col(col);  // e_j = W_e[:, x_j]
    }
}


// logits = W_u H + b_u 1ᵀ on the real positions (padding columns zero: the loss never reads them)
template <class T>
void output_forward(Mat<T>& logits, const RnnParams<T>& p, const Mat<T>& H, const Batch& batch) {
  logits.resize(p.W_u.rows(), H.cols());
  logits.noalias() = p.W_u * H;
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
  g.W_u.noalias() += dlogits * k.H.transpose();
  g.b_u += dlogits.rowwise().sum();
  k.dH.resize(p.W_u.cols(), dlogits.cols());
  k.dH.noalias() = p.W_u.transpose() * dlogits;
}

// c of each source: the encoder's state after the last token of z (d_h × B; 0 for an empty source)
template <class T> Mat<T> last_states(const RnnCache<T>& enc, const Batch& batch, Eigen::Index dh) {
  Mat<T> C = Mat<T>::Zero(dh, batch.B);
  for (int b = 0; b < batch.B; ++b)
    if (batch.z_len[size_t(b)] > 0) C.col(b) = enc.H.col(Eigen::Index(b) * batch.S + batch.z_len[size_t(b)] - 1);
  return C;
}

}  // namespace

template <class T>
void rnn_forward(Mat<T>& logits, RnnCache<T>& k, const RnnParams<T>& p, const Config& c, const Batch& batch,
                 const std::atomic<bool>* cancel) {
  recurrence_forward(k, RnnCellRef<T>{p.V, p.A, p.b}, p.W_e, c.activation, batch.x, batch.x_len, batch.T, nullptr,
                     cancel);
  output_forward(logits, p, k.H, batch);
}

template <class T>
void rnn_backward(RnnParams<T>& g, RnnCache<T>& k, const Mat<T>& dlogits, const RnnParams<T>& p, const Config& c,
                  const Batch& batch) {
  output_backward(g, k, dlogits, p);
  recurrence_backward(RnnCellGrad<T>{g.V, g.A, g.b}, g.W_e, k, RnnCellRef<T>{p.V, p.A, p.b}, c.activation, batch.x,
                      batch.x_len, batch.T, nullptr, nullptr);
}

template <class T>
void rnn_seq2seq_forward(Mat<T>& logits, RnnCache<T>& enc, RnnCache<T>& dec, const RnnParams<T>& p,
                         const RnnCellParams<T>& e, const Config& c, const Batch& batch,
                         const std::atomic<bool>* cancel) {
  recurrence_forward(enc, RnnCellRef<T>{e.V, e.A, e.b}, p.W_e, c.activation, batch.z, batch.z_len, batch.S, nullptr,
                     cancel);
  dec.H0 = last_states(enc, batch, c.d_hidden);  // c: where the decoder starts
  recurrence_forward(dec, RnnCellRef<T>{p.V, p.A, p.b}, p.W_e, c.activation, batch.x, batch.x_len, batch.T, &dec.H0,
                     cancel);
  output_forward(logits, p, dec.H, batch);
}

template <class T>
void rnn_seq2seq_backward(RnnParams<T>& g, RnnCellParams<T>& ge, RnnCache<T>& enc, RnnCache<T>& dec,
                          const Mat<T>& dlogits, const RnnParams<T>& p, const RnnCellParams<T>& e, const Config& c,
                          const Batch& batch) {
  output_backward(g, dec, dlogits, p);
  recurrence_backward(RnnCellGrad<T>{g.V, g.A, g.b}, g.W_e, dec, RnnCellRef<T>{p.V, p.A, p.b}, c.activation, batch.x,
                      batch.x_len, batch.T, &dec.H0, &dec.dH0);
  // the whole gradient reaches the encoder through c alone: ∂J/∂h_|z| = ∂J/∂h_0 of the decoder
  enc.dH.setZero(c.d_hidden, Eigen::Index(batch.B) * batch.S);
  for (int b = 0; b < batch.B; ++b)
    if (batch.z_len[size_t(b)] > 0)
      enc.dH.col(Eigen::Index(b) * batch.S + batch.z_len[size_t(b)] - 1) = dec.dH0.col(b);
  recurrence_backward(RnnCellGrad<T>{ge.V, ge.A, ge.b}, g.W_e, enc, RnnCellRef<T>{e.V, e.A, e.b}, c.activation,
                      batch.z, batch.z_len, batch.S, nullptr, nullptr);
}

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
  // J_last = −log softmax(logits[:, n−2])[x_{n−1}]: ∂J/∂logits = softmax − one-hot, in that column only
  const Eigen::Index last = b.T - 2;
  MatF dlogits = MatF::Zero(logits.rows(), logits.cols());
  const float mx = logits.col(last).maxCoeff();
  VecF e = (logits.col(last).array() - mx).exp().matrix();
  dlogits.col(last) = e / e.sum();
  dlogits(x[size_t(b.T - 1)], last) -= 1.0f;
  RnnParams<float> g;  // (the parameters' gradient is not wanted: only ∂J/∂h_j, which backward leaves in k.dH)
  g.W_e = MatF::Zero(p.W_e.rows(), p.W_e.cols());
  g.V = MatF::Zero(p.V.rows(), p.V.cols());
  g.A = MatF::Zero(p.A.rows(), p.A.cols());
  g.b = VecF::Zero(p.b.size());
  g.W_u = MatF::Zero(p.W_u.rows(), p.W_u.cols());
  g.b_u = VecF::Zero(p.b_u.size());
  rnn_backward(g, k, dlogits, p, c, b);
  RnnTrace t;
  t.H = std::move(k.H);
  for (Eigen::Index j = 0; j <= last; ++j) t.grad_norm.push_back(double(k.dH.col(j).norm()));
  return t;
}

VecF rnn_encode(const Config& c, const RnnParams<float>& p, const RnnCellParams<float>& e, const std::vector<int>& z) {
  RnnCache<float> k;
  recurrence_forward(k, RnnCellRef<float>{e.V, e.A, e.b}, p.W_e, c.activation, z, {int(z.size())}, int(z.size()),
                     nullptr, nullptr);
  return z.empty() ? VecF(VecF::Zero(c.d_hidden)) : VecF(k.H.col(Eigen::Index(z.size()) - 1));
}

void rnn_step(VecF& h, VecF& logits, const RnnParams<float>& p, const Config& c, const VecF& h_prev, int token) {
  // the same order of sums as rnn_forward: A e, then b, then V h_prev
  VecF u = p.A * p.W_e.col(token);
  u += p.b;
  if (h_prev.size() == c.d_hidden) u.noalias() += p.V * h_prev;
  h.resize(c.d_hidden);
  cell_forward(u, h, c.activation);
  logits.resize(c.vocab_size);
  logits.noalias() = p.W_u * h;
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
