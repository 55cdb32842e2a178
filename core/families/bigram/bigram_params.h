// bigram_params.h — the parameters of the bigram family (see bigram.h): one matrix.
#pragma once

#include "core/tensor.h"

namespace gb {

template <class T> struct BigramParams {
  Mat<T> B;  // |V| × |V|   column j: the logits of the token that follows token j
};

}  // namespace gb
