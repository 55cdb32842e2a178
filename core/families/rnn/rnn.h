// rnn.h — the recurrent language model of seed 001 (Elman's network, as the notes write it): one hidden state read
// and rewritten token after token,
//
//   h_0 = 0,   h_j = f(V h_{j−1} + A W_e[:, x_j] + b),   log P(· | x_1..x_j) = log_softmax(W_u h_j + b_u)
//
// with f = tanh (or ReLU, an option). Row j of the log-probabilities is log P(x_{j+1} | x_1..x_j), in the same units
// as every other family's. Training is exact backpropagation through time: the gradient of position j flows back
// through every earlier state, multiplied by Vᵀ diag(f′) once per step — the product that vanishes (or explodes) over
// long distances, the first of the two pitfalls seed 004 names. The second, that step j needs step j − 1 (nothing
// runs in parallel along the sequence), is the loop in rnn_forward.
#pragma once

#include "core/config.h"
#include "core/families/rnn/rnn_params.h"

#include <atomic>
#include <vector>

namespace gb {

struct Batch;

// logits[:, b·T + j] = W_u h_j + b_u for the real positions of each sequence (padding columns zero); keeps E, U, H.
// cancel (may be null) is checked between sequences: a pass that saw it is incomplete.
template <class T>
void rnn_forward(Mat<T>& logits, RnnCache<T>& cache, const RnnParams<T>& p, const Config& c, const Batch& batch,
                 const std::atomic<bool>* cancel = nullptr);
// Accumulates ∂J/∂θ into g from ∂J/∂logits (backpropagation through time over each sequence).
template <class T>
void rnn_backward(RnnParams<T>& g, RnnCache<T>& cache, const Mat<T>& dlogits, const RnnParams<T>& p, const Config& c,
                  const Batch& batch);

// Seed 004's RNN encoder-decoder (Sutskever et al., Cho et al. 2014): the encoder runs the same recurrence over z
// from 0 with its own weights e (enc.V, enc.A, enc.b); c is its state after the last token of z; the decoder starts
// from h_0 = c and runs over x with p's V, A, b (dec.V, dec.A, dec.b): row j = log_softmax(W_u h_j + b_u) =
// log P(x_{j+1} | x_1..x_j, z). One W_e for both. enc keeps the encoder's states, dec the decoder's (dec.H0 = c).
template <class T>
void rnn_seq2seq_forward(Mat<T>& logits, RnnCache<T>& enc, RnnCache<T>& dec, const RnnParams<T>& p,
                         const RnnCellParams<T>& e, const Config& c, const Batch& batch,
                         const std::atomic<bool>* cancel = nullptr);
// Back through the decoder, then into the encoder: through c (and an LSTM's memory) and, with attention, through every
// encoder state the decoder read.
template <class T>
void rnn_seq2seq_backward(RnnParams<T>& g, RnnCellParams<T>& ge, RnnCache<T>& enc, RnnCache<T>& dec,
                          const Mat<T>& dlogits, const RnnParams<T>& p, const RnnCellParams<T>& e, const Config& c,
                          const Batch& batch);
// The encoder alone over one source z: where the decoder starts (c, its state after the last token, d_h, zeros for an
// empty z; with an LSTM [c; m], its memory after the last token below it) and every state it passed through (the
// memory additive attention reads).
struct RnnEncoding {
  VecF start;   // recurrent_state_size()
  MatF states;  // d_h × |z|: s_1 … s_|z|
};
RnnEncoding rnn_encode(const Config& c, const RnnParams<float>& p, const RnnCellParams<float>& e,
                       const std::vector<int>& z);

// What the RNN's view shows of one sequence x (n ≥ 2 tokens): its states and how far the gradient reaches back.
//   H          d_h × n   h_1 … h_n (column j: the state after reading x_j)
//   grad_norm  n − 1     ‖∂J_last/∂h_j‖ for j = 1 … n − 1, where J_last = −log P(x_n | x_1..x_{n−1}) is the loss of
//                        the last prediction alone (a sum over every position would hide the decay): entry n − 1 is
//                        the state that makes that prediction, entry n − 1 − k the state k steps before it.
// Computed by rnn_forward and rnn_backward themselves (the training path), with ∂J/∂logits non-zero only in the
// last predicting column.
struct RnnTrace {
  MatF H;
  std::vector<double> grad_norm;
};
RnnTrace rnn_trace(const Config& c, const RnnParams<float>& p, const std::vector<int>& x);

// What the encoder-decoder's views show of one pair (source z, n ≥ 1 target tokens x): the encoder's states, c, the
// decoder's states and, with additive attention, the weights each decoder step put on each source position. Computed
// by rnn_seq2seq_forward itself. With n ≥ 2, also how far back the gradient of the last prediction reaches, J_last =
// −log P(x_n | x_1..x_{n−1}, z), computed by rnn_seq2seq_backward (∂J/∂logits non-zero in that column only):
//   dec_grad_norm  n − 1   ‖∂J_last/∂h_j‖, j = 1 … n − 1 (entry n − 2 makes the prediction)
//   enc_grad_norm  |z|     ‖∂J_last/∂g_t‖, t = 1 … |z|: through c alone, g_t is (n − 1) + (|z| − t) steps from the
//                          loss; with attention every g_t is also read directly by each decoder step
// (both empty when n < 2).
struct RnnSeq2SeqTrace {
  MatF enc_H;  // d_h × |z|
  VecF c;      // d_h: the encoder's last state, where the decoder starts
  MatF dec_H;  // d_h × n
  MatF alpha;  // |z| × n, column j: the weights of the step that read x_j (empty without attention)
  std::vector<double> dec_grad_norm;
  std::vector<double> enc_grad_norm;
};
RnnSeq2SeqTrace rnn_seq2seq_trace(const Config& c, const RnnParams<float>& p, const RnnCellParams<float>& e,
                                  const std::vector<int>& z, const std::vector<int>& x);

// One step of the recurrence, as decoding runs it: state = h (an LSTM's [h; m]) after reading token from state_prev
// (empty: h_0 = 0), and the next token's logits W_u h + b_u. With additive attention, memory is the encoder's states
// (rnn_encode) and alpha (if given) receives the step's weights over them.
void rnn_step(VecF& state, VecF& logits, const RnnParams<float>& p, const Config& c, const VecF& state_prev, int token,
              const MatF* memory = nullptr, VecF* alpha = nullptr);

}  // namespace gb
