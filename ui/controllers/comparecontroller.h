// comparecontroller.h — both variants side by side: the same task trained as an encoder-decoder (seed 000) and as a
// decoder-only model on "source>target" (seed 002), with the same sizes, the same pairs and the same recipe,
// alternating one step each on a worker; then their loss curves, parameter counts, the attention of one probe
// (cross-attention against causal self-attention over source>target) and the greedy decoding of the same input.
//
// Widget-free. start() returns at once; progress() reports steps; finished() delivers a Result (or an error
// message); cancel() stops at the next step and nothing arrives. The core does all of it (prepare_task,
// plan_training, Trainer, trace_forward, greedy_text); this only schedules it.
#pragma once

#include "core/model/stepper.h"
#include "core/text/prepare.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class BackgroundJob;

class CompareController : public QObject {
  Q_OBJECT
 public:
  explicit CompareController(QObject* parent = nullptr);

  struct Side {
    gb::Config config;
    gb::Params<float> params;
    gb::Tokenizer tokenizer;
    std::vector<gb::TextPair> trainPairs;  // the pairs it was trained on (the same for both)
    std::vector<double> losses;            // per step
    int64_t parameterCount = 0;
    gb::Example probe;                      // the probe's example for this variant
    std::vector<gb::StepRecord> trace;      // its forward pass, recorded
    std::string greedy;                     // the greedy decoding of the probe's source
  };
  struct Result {
    QString task;
    std::string input;  // the probe's source
    Side ed, d;
  };

  // task: a built-in task name; layers, heads, d_e, d_mlp: the sizes of both (the encoder-decoder gets `layers`
  // encoder and `layers` decoder layers, the decoder-only model `layers` layers); steps: each model's.
  void start(const QString& task, int layers, int heads, int dE, int dMlp, int steps, quint64 seed);
  void cancel();
  bool running() const;
  // The task loaded in the Data dock is now `task` (empty: none). A comparison of another task — running or
  // shown — no longer belongs beside it: the run is cancelled, the result forgotten. Returns true when something
  // was dropped (the panel then says why).
  bool followTask(const QString& task);
  QString runningTask() const { return running() ? mRunningTask : QString(); }
  const std::optional<Result>& result() const { return mResult; }

 signals:
  void progress(int done, int total);  // steps of both models together
  void finished(const QString& error);  // empty: result() is set
  void runningChanged(bool running);

 private:
  BackgroundJob* mJob;
  std::optional<Result> mResult;
  QString mRunningTask;
};
