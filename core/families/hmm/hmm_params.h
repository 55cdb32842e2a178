// hmm_params.h — the parameters of the hidden Markov model with discrete emissions (hmm.h), stored as
// probabilities, in the seeds' column convention (a column is a distribution).
#pragma once

#include "core/tensor.h"

namespace gb {

template <class T> struct HmmParams {
  Vec<T> pi;          // K        pi[k] = P(z_1 = k)                                          (tensor "pi")
  Mat<T> transition;  // K × K    T[i, j] = P(z_{t+1} = i | z_t = j): each column sums to 1   (tensor "T")
  Mat<T> emission;    // |V| × K  E[v, k] = P(x_t = v | z_t = k): each column sums to 1       (tensor "E")
};

}  // namespace gb
