// bigram.cpp — the bigram family's forward and backward (bigram.h).
#include "core/families/bigram/bigram.h"

#include "core/model/model.h"

namespace gb {

template <class T> void bigram_forward(Mat<T>& logits, const BigramParams<T>& p, const Config& c, const Batch& batch) {
  logits.setZero(c.vocab_size, Eigen::Index(batch.B) * batch.T);
  for (int b = 0; b < batch.B; ++b)
    for (int j = 0; j < batch.x_len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * batch.T + j;
      logits.col(col) = p.B.col(batch.x[size_t(col)]);  // the scores of the token after x_j
    }
}

template <class T> void bigram_backward(BigramParams<T>& g, const Mat<T>& dlogits, const Batch& batch) {
  for (int b = 0; b < batch.B; ++b)
    for (int j = 0; j < batch.x_len[size_t(b)]; ++j) {
      const Eigen::Index col = Eigen::Index(b) * batch.T + j;
      g.B.col(batch.x[size_t(col)]) += dlogits.col(col);  // logits[:, j] = B[:, x_j]
    }
}

MatF bigram_table(const BigramParams<float>& p) {
  MatF logp;
  log_softmax_columns(logp, p.B);  // the same log-softmax every family's distributions go through
  return logp.array().exp().matrix();
}

template void bigram_forward<float>(Mat<float>&, const BigramParams<float>&, const Config&, const Batch&);
template void bigram_forward<double>(Mat<double>&, const BigramParams<double>&, const Config&, const Batch&);
template void bigram_backward<float>(BigramParams<float>&, const Mat<float>&, const Batch&);
template void bigram_backward<double>(BigramParams<double>&, const Mat<double>&, const Batch&);

}  // namespace gb
