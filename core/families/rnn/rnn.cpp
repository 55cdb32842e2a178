// rnn.cpp — the recurrent language model's forward, backpropagation through time, and decoding step (rnn.h).
#include "core/families/rnn/rnn.h"

#include "core/model/model.h"

#include <atomic>

namespace gb {

namespace {

// h = f(u), column by column: tanh, or max(0, ·)
template <class U, class H> void cell(const U& u, H&& h, Activation f) {
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

}  // namespace

template <class T>
void rnn_forward(Mat<T>& logits, RnnCache<T>& k, const RnnParams<T>& p, const Config& c, const Batch& batch,
                 const std::atomic<bool>* cancel) {
  const Eigen::Index N = Eigen::Index(batch.B) * batch.T;
  k.E.setZero(c.d_e, N);
  k.H.setZero(c.d_hidden, N);
  for (int b = 0; b < batch.B; ++b)
    for (int j = 0; j < batch.x_len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * batch.T + j;
      k.E.col(col) = p.W_e.col(batch.x[size_t(col)]);  // e_j = W_e[:, x_j]
    }
  k.U.resize(c.d_hidden, N);
  k.U.noalias() = p.A * k.E;  // A e_j for every position at once: the input needs no recurrence
  for (int b = 0; b < batch.B; ++b) {
    if (cancel && cancel->load(std::memory_order_relaxed)) return;
    const Eigen::Index first = Eigen::Index(b) * batch.T;
    for (int j = 0; j < batch.x_len[size_t(b)]; ++j) {  // one token after another: h_j needs h_{j−1}
      const Eigen::Index col = first + j;
      k.U.col(col) += p.b;
      if (j > 0) k.U.col(col).noalias() += p.V * k.H.col(col - 1);
      cell(k.U.col(col), k.H.col(col), c.activation);
    }
    for (int j = batch.x_len[size_t(b)]; j < batch.T; ++j) k.U.col(first + j).setZero();
  }
  logits.resize(c.vocab_size, N);
  logits.noalias() = p.W_u * k.H;
  for (int b = 0; b < batch.B; ++b)
    for (int j = 0; j < batch.T; ++j) {
      const Eigen::Index col = Eigen::Index(b) * batch.T + j;
      if (j < batch.x_len[size_t(b)])
        logits.col(col) += p.b_u;
      else
        logits.col(col).setZero();  // padding: the loss never reads it
    }
}

template <class T>
void rnn_backward(RnnParams<T>& g, RnnCache<T>& k, const Mat<T>& dlogits, const RnnParams<T>& p, const Config& c,
                  const Batch& batch) {
  const Eigen::Index N = Eigen::Index(batch.B) * batch.T;
  // logits = W_u H + b_u 1ᵀ (padding columns of dlogits are zero, and so are H's)
  g.W_u.noalias() += dlogits * k.H.transpose();
  g.b_u += dlogits.rowwise().sum();
  k.dH.resize(c.d_hidden, N);
  k.dH.noalias() = p.W_u.transpose() * dlogits;  // ∂J/∂h_j from position j's own prediction
  k.dU.setZero(c.d_hidden, N);
  k.Hprev.setZero(c.d_hidden, N);
  for (int b = 0; b < batch.B; ++b) {
    const Eigen::Index first = Eigen::Index(b) * batch.T;
    for (int j = batch.x_len[size_t(b)] - 1; j >= 0; --j) {  // back through time
      const Eigen::Index col = first + j;
      k.dU.col(col) = k.dH.col(col);  // ∂J/∂h_j: its own prediction, plus (added below) every later one's
      cell_backward(k.dU.col(col), k.U.col(col), k.H.col(col), c.activation);  // ∂J/∂u_j
      if (j > 0) {
        k.dH.col(col - 1).noalias() += p.V.transpose() * k.dU.col(col);  // through h_j = f(V h_{j−1} + …)
        k.Hprev.col(col) = k.H.col(col - 1);
      }
    }
  }
  g.V.noalias() += k.dU * k.Hprev.transpose();  // Σ_j ∂J/∂u_j h_{j−1}ᵀ
  g.A.noalias() += k.dU * k.E.transpose();      // Σ_j ∂J/∂u_j e_jᵀ
  g.b += k.dU.rowwise().sum();
  k.dE.resize(c.d_e, N);
  k.dE.noalias() = p.A.transpose() * k.dU;
  for (int b = 0; b < batch.B; ++b)
    for (int j = 0; j < batch.x_len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * batch.T + j;
      g.W_e.col(batch.x[size_t(col)]) += k.dE.col(col);  // e_j = W_e[:, x_j]
    }
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

void rnn_step(VecF& h, VecF& logits, const RnnParams<float>& p, const Config& c, const VecF& h_prev, int token) {
  // the same order of sums as rnn_forward: A e, then b, then V h_prev
  VecF u = p.A * p.W_e.col(token);
  u += p.b;
  if (h_prev.size() == c.d_hidden) u.noalias() += p.V * h_prev;
  h.resize(c.d_hidden);
  cell(u, h, c.activation);
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

}  // namespace gb
