// statescontroller.h — the States tab's state, widget-free: a model's hidden states over a probe. An RNN's: its states
// h_j and how far back the gradient of its last prediction reaches (gb::rnn_trace, core/families/rnn/rnn.h). An
// HMM's: the posterior of each hidden state at each token and Viterbi's path (core/families/hmm/hmm.h). An RNN
// encoder-decoder's: the encoder's states, c, the decoder's states and its attention weights (gb::rnn_seq2seq_trace).
//
// setInput() names the probe (read as the Attention tab reads one: ModelDocument::probeExample). The trace runs on a
// worker (BackgroundJob) with the trainer's latest parameters; it follows training — a publish while a trace runs
// asks for one more when it ends, never a queue — and is dropped when the model, the data or the probe change.
#pragma once

#include "core/families/rnn/rnn.h"
#include "core/tensor.h"

#include <vector>

#include <QObject>
#include <QStringList>

#include <memory>

class BackgroundJob;
class ModelDocument;
class TrainingController;

// An HMM over the probe, as the core computes it.
struct HmmStatesTrace {
  gb::MatF posterior;        // K × n   γ_t(k) = P(z_t = k | x_1..x_n) (gb::hmm_posterior)
  std::vector<int> viterbi;  // n       the most probable state path, ids from 0 (gb::hmm_viterbi)
  double loglik = 0;         // log P(x_1..x_n) in nats (gb::hmm_filter); −∞ when a token cannot be emitted
  std::vector<int> unseen;   // the positions of tokens no state emits (the posterior reads them as missing)
};

// The RNN encoder-decoder over the probe (source z, target x), as the core computes it (gb::rnn_seq2seq_trace).
struct Seq2SeqStatesTrace {
  gb::RnnSeq2SeqTrace trace;  // the encoder's states, c, the decoder's states, and with attention its weights
  QStringList source;         // the source's tokens, one per encoder state
};

class StatesController : public QObject {
  Q_OBJECT
 public:
  StatesController(ModelDocument* doc, TrainingController* trainer, QObject* parent = nullptr);

  void setInput(const QString& text);
  QString input() const { return mInput; }
  // What is shown: the trace, the probe's tokens (one per column of H) and the step of the parameters it used.
  const gb::RnnTrace* trace() const { return mTrace.get(); }  // an RNN's (null for an HMM)
  const HmmStatesTrace* hmmTrace() const { return mHmm.get(); }  // an HMM's (null for an RNN)
  const Seq2SeqStatesTrace* seq2seqTrace() const { return mSeq2Seq.get(); }  // an RNN encoder-decoder's
  const QStringList& tokens() const { return mTokens; }
  int step() const { return mStep; }
  QString problem() const { return mProblem; }  // why nothing is shown (translated); empty when a trace is
  bool busy() const;

 signals:
  void changed();
  void busyChanged(bool busy);

 public slots:
  void refresh();  // again with the latest parameters (the trainer's, while it runs)

 private:
  void clear(const QString& problem);
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  BackgroundJob* mJob;
  QString mInput;
  std::shared_ptr<const gb::RnnTrace> mTrace;
  std::shared_ptr<const HmmStatesTrace> mHmm;
  std::shared_ptr<const Seq2SeqStatesTrace> mSeq2Seq;
  QStringList mTokens;
  int mStep = 0;
  QString mProblem;
  bool mAgain = false;  // parameters were published while a trace ran: one more when it ends
};
