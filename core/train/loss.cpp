#include "core/train/loss.h"

#include <cmath>

namespace gb {

template <class T>
LossStats loss_forward_backward(Mat<T>* dlogits, const Mat<T>& logits, const Batch& b, LossKind kind) {
  LossStats st;
  st.sequences = b.B;
  for (int k = 0; k < b.B; ++k) st.tokens += std::max(0, b.x_len[k] - 1);
  const T scale = kind == LossKind::Mean && st.tokens > 0 ? T(1) / T(st.tokens) : T(1);
  if (dlogits) dlogits->setZero(logits.rows(), logits.cols());
  for (int k = 0; k < b.B; ++k) {
    bool all_right = true;
    for (int j = 0; j + 1 < b.x_len[k]; ++j) {
      const Eigen::Index col = Eigen::Index(k) * b.T + j;
      const int target = b.x[col + 1];  // x_{j+1} (next token)
      const auto z = logits.col(col);
      Eigen::Index arg;
      const T mx = z.maxCoeff(&arg);
      const T sum = (z.array() - mx).exp().sum();
      const T lse = mx + std::log(sum);
      st.loss_sum -= double(z(target) - lse);  // −log P[x_{j+1}, j]
      if (arg == target) ++st.correct; else all_right = false;
      if (dlogits) {
        auto d = dlogits->col(col);
        d = (z.array() - lse).exp() * scale;  // softmax
        d(target) -= scale;                   // − onehot
      }
    }
    if (all_right) ++st.sequences_correct;
  }
  st.loss = kind == LossKind::Mean && st.tokens > 0 ? st.loss_sum / double(st.tokens) : st.loss_sum;
  return st;
}

template LossStats loss_forward_backward<float>(Mat<float>*, const Mat<float>&, const Batch&, LossKind);
template LossStats loss_forward_backward<double>(Mat<double>*, const Mat<double>&, const Batch&, LossKind);

}  // namespace gb
