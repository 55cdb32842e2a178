// observationscontroller.h — the Observations tab's state, widget-free: a model that reads observations (hmm-gmm)
// over sequences of the loaded data — the validation sequences (the training ones when there are none) — as the core
// computes it: each sequence's most probable state path (gb::hmm_gmm_viterbi), its log density (gb::hmm_gmm_filter)
// and, when the data knows the states that drew it (the phoneme task), how many time steps the paths get right up to
// a relabelling of the states (gb::state_agreement). The trace runs on a worker (BackgroundJob) with the trainer's
// latest parameters and keeps them, so the Gaussians drawn beside the points are the ones the paths were found with;
// it follows training — a publish while a trace runs asks for one more when it ends — and is dropped when the model,
// the data or the sequence change.
#pragma once

#include "core/model/params.h"
#include "core/model/model.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class BackgroundJob;
class ModelDocument;
class TrainingController;

struct ObservationsTrace {
  std::shared_ptr<const gb::Params<float>> params;  // the parameters the paths were found with
  std::vector<gb::MatF> obs;                         // the sequences shown (D × n each)
  std::vector<int> index;                            // their numbers in the set, from 0
  std::vector<std::vector<int>> viterbi;             // one state path per sequence, ids from 0
  double loglik = 0;                                 // Σ log p(o_1..o_n) over them, nats
  int64_t steps = 0;                                 // their time steps
  std::optional<double> agreement;                   // with the states that drew them, when known (0…1)
  bool validation = true;                            // from the validation set (else the training set)
};

class ObservationsController : public QObject {
  Q_OBJECT
 public:
  static constexpr int kShown = 20;  // the sequences "all" shows (the first of the set)

  ObservationsController(ModelDocument* doc, TrainingController* trainer, QObject* parent = nullptr);

  // Which sequence: −1 all (the first kShown), else its number in the set (from 0; clamped to the set).
  void setSequence(int i);
  int sequence() const { return mSequence; }
  int sequenceCount() const;  // of the set shown (0: nothing to show)
  const ObservationsTrace* trace() const { return mTrace.get(); }
  int step() const { return mStep; }  // the EM iterations the parameters had
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
  int mSequence = -1;
  std::shared_ptr<const ObservationsTrace> mTrace;
  int mStep = 0;
  QString mProblem;
  bool mAgain = false;
  int mShownGeneration = -1, mShownData = -1;  // the model and the data the trace is of
};
