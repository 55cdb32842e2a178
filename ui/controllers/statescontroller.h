// statescontroller.h — the States tab's state, widget-free: a recurrent model's hidden states over a probe and how far
// back the gradient of its last prediction reaches (gb::rnn_trace, core/families/rnn/rnn.h).
//
// setInput() names the probe (read as the Attention tab reads one: ModelDocument::probeExample). The trace runs on a
// worker (BackgroundJob) with the trainer's latest parameters; it follows training — a publish while a trace runs
// asks for one more when it ends, never a queue — and is dropped when the model, the data or the probe change.
#pragma once

#include "core/families/rnn/rnn.h"

#include <QObject>
#include <QStringList>

#include <memory>

class BackgroundJob;
class ModelDocument;
class TrainingController;

class StatesController : public QObject {
  Q_OBJECT
 public:
  StatesController(ModelDocument* doc, TrainingController* trainer, QObject* parent = nullptr);

  void setInput(const QString& text);
  QString input() const { return mInput; }
  // What is shown: the trace, the probe's tokens (one per column of H) and the step of the parameters it used.
  const gb::RnnTrace* trace() const { return mTrace.get(); }
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
  QStringList mTokens;
  int mStep = 0;
  QString mProblem;
  bool mAgain = false;  // parameters were published while a trace ran: one more when it ends
};
