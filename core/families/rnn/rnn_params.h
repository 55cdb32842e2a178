// rnn_params.h — the parameters of the recurrent families (rnn.h), and what their forward keeps for backward.
#pragma once

#include "core/tensor.h"

namespace gb {

// G = 1 for an Elman cell, 4 for an LSTM (its gates i, f, g, o stacked in that order, torch's, in V's, A's and b's
// rows); C, W_a, U_a, v_a only with additive attention (rnn-seq2seq), else empty.
template <class T> struct RnnParams {
  Mat<T> W_e;  // d_e × |V|      token embedding (tensor "W_e")
  Mat<T> V;    // G·d_h × d_h    the recurrence: h_{j−1} → h_j   ("rnn.V"; the seq2seq's decoder "dec.V")
  Mat<T> A;    // G·d_h × d_e    the input: W_e[:, x_j] → h_j    ("rnn.A"; "dec.A")
  Vec<T> b;    // G·d_h                                           ("rnn.b"; "dec.b")
  Mat<T> C;    // G·d_h × d_h    the attention's context → h_j   ("dec.C")
  Mat<T> W_a;  // d_h × d_h      the query, from h_{j−1}          ("att.W")
  Mat<T> U_a;  // d_h × d_h      the keys, from the encoder's s_t ("att.U")
  Vec<T> v_a;  // d_h            the score's direction            ("att.v")
  Mat<T> W_u;  // |V| × d_h      unembedding                      ("W_u")
  Vec<T> b_u;  // |V|                                             ("b_u")
};

// One recurrence's own weights: the RNN encoder-decoder's encoder (tensors "enc.V", "enc.A", "enc.b"; its decoder's are
// RnnParams' V, A, b, written "dec.V", "dec.A", "dec.b", beside the shared W_e and the output W_u, b_u).
template <class T> struct RnnCellParams {
  Mat<T> V;  // G·d_h × d_h
  Mat<T> A;  // G·d_h × d_e
  Vec<T> b;  // G·d_h
};

// One column per position of the batch (B·T), as every family's activations; padding columns stay zero.
template <class T> struct RnnCache {
  Mat<T> E;      // d_e × B·T     e_j = W_e[:, x_j]
  Mat<T> U;      // G·d_h × B·T   u_j = V h_{j−1} + A e_j (+ C ctx_j) + b      (h_0 = 0)
  Mat<T> Gt;     // G·d_h × B·T   an LSTM's gate values σ(u_i), σ(u_f), tanh(u_g), σ(u_o) (else empty)
  Mat<T> M;      // d_h × B·T     an LSTM's memory m_j = f ⊙ m_{j−1} + i ⊙ g  (else empty)
  Mat<T> H;      // d_h × B·T     h_j = f(u_j), or an LSTM's o ⊙ tanh(m_j)
  Mat<T> H0;     // d_h × B       the states before each sequence's first token (the RNN encoder-decoder's c; else empty)
  Mat<T> M0;     // d_h × B       an LSTM's memory before the first token (the encoder's last; else empty)
  // additive attention (the seq2seq's decoder): over the encoder's states S (d_h × B·S, the encoder's H)
  Mat<T> Keys;   // d_h × B·S     U_a s_t
  Mat<T> Q;      // d_h × B·T     W_a h_{j−1}
  Mat<T> Alpha;  // S × B·T       α_j over the source positions (0 past |z|)
  Mat<T> Ctx;    // d_h × B·T     ctx_j = Σ_t α_jt s_t
  // backward's scratch (kept, so a step of the same shape allocates nothing)
  Mat<T> dH, dU, Hprev, dE, dH0, dM, dM0, dQ, dKeys, dS;
};

}  // namespace gb
