// rnn_params.h — the parameters of the recurrent language model (rnn.h), and what its forward keeps for backward.
#pragma once

#include "core/tensor.h"

namespace gb {

template <class T> struct RnnParams {
  Mat<T> W_e;  // d_e × |V|    token embedding (tensor "W_e")
  Mat<T> V;    // d_h × d_h    the recurrence: h_{j−1} → h_j   ("rnn.V")
  Mat<T> A;    // d_h × d_e    the input: W_e[:, x_j] → h_j    ("rnn.A")
  Vec<T> b;    // d_h                                           ("rnn.b")
  Mat<T> W_u;  // |V| × d_h    unembedding                      ("W_u")
  Vec<T> b_u;  // |V|                                           ("b_u")
};

// One recurrence's own weights: the RNN encoder-decoder's encoder (tensors "enc.V", "enc.A", "enc.b"; its decoder's are
// RnnParams' V, A, b, written "dec.V", "dec.A", "dec.b", beside the shared W_e and the output W_u, b_u).
template <class T> struct RnnCellParams {
  Mat<T> V;  // d_h × d_h
  Mat<T> A;  // d_h × d_e
  Vec<T> b;  // d_h
};

// One column per position of the batch (B·T), as every family's activations; padding columns stay zero.
template <class T> struct RnnCache {
  Mat<T> E;      // d_e × B·T   e_j = W_e[:, x_j]
  Mat<T> U;      // d_h × B·T   u_j = V h_{j−1} + A e_j + b      (h_0 = 0)
  Mat<T> H;      // d_h × B·T   h_j = f(u_j), f = tanh or max(0, ·)
  Mat<T> H0;     // d_h × B     the states before each sequence's first token (the RNN encoder-decoder's c; else empty)
  // backward's scratch (kept, so a step of the same shape allocates nothing)
  Mat<T> dH, dU, Hprev, dE, dH0;
};

}  // namespace gb
