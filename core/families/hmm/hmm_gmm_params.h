// hmm_gmm_params.h — the parameters of the HMM with Gaussian-mixture emissions (hmm_gmm.h), in the seeds' column
// convention: pi and T as the discrete HMM's; each state k emits from M diagonal Gaussians.
#pragma once

#include "core/tensor.h"

namespace gb {

template <class T> struct HmmGmmParams {
  Vec<T> pi;          // K          pi[k] = P(z_1 = k)                                        (tensor "pi")
  Mat<T> transition;  // K × K      T[i, j] = P(z_{t+1} = i | z_t = j): columns sum to 1      (tensor "T")
  Mat<T> weight;      // M × K      w[m, k] = P(component m | z = k): columns sum to 1        (tensor "gmm.w")
  Mat<T> mean;        // K·M × D    row k·M + m: the mean of state k's component m            (tensor "gmm.mu", [K, M, D])
  Mat<T> var;         // K·M × D    row k·M + m: its variances (the diagonal), all > 0        (tensor "gmm.var", [K, M, D])
};

}  // namespace gb
