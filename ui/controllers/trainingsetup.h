// trainingsetup.h — how the workbench trains, widget-free: the run's choices (optimizer, η, schedule, batch, steps,
// seed; their policy is the core's recipe, core/train/recipe.h), starting a run (a new one, or going on from the
// document's saved state), and what a run hands to the document — every step's point of the history, each
// validation, and at a pause or the end the parameters, the state to go on from and the last step's tensors. The
// Training dock shows it and forwards edits; lessons, --demo and tests drive it without the dock.
#pragma once

#include "trainingcontroller.h"

#include "core/train/recipe.h"

#include <QObject>
#include <QString>

#include <optional>

class ModelDocument;

class TrainingSetup : public QObject {
  Q_OBJECT
 public:
  TrainingSetup(ModelDocument* doc, TrainingController* trainer, QObject* parent = nullptr);

  const gb::TrainChoices& choices() const { return mChoices; }
  gb::TrainOptions options() const { return gb::train_options(mChoices); }
  // Another optimizer: its recipe's defaults (η, batch, schedule), steps and seed kept.
  void setOptimizer(gb::OptimizerKind kind);
  // The family the next run trains (the design's): η follows the family's recipe unless it was set by hand.
  void setFamily(gb::Variant family);
  gb::Variant family() const { return mFamily; }
  void setLearningRate(double lr);
  void setCosine(bool cosine);
  void setWarmup(int steps);
  void setBatch(int batch);
  void setSteps(int steps);
  void setSeed(quint64 seed);

  // Why a new run could not start now (translated), or empty: no model, the model does not fit the data, the
  // batch's memory over the cap. A paused run is resumed by start() without this.
  QString runProblem() const;
  // Start (singleStep: Step) from Idle or Finished: a new run, or going on from the document's saved state; from
  // Paused: resume (or one step). An error (translated, the core's plan's reason) when nothing started.
  QString start(bool singleStep = false, TrainingController::RunStart* run = nullptr);
  // The run that was started last: the document generation it trains (another model makes it stale).
  int runGeneration() const { return mRunGeneration; }
  int runDataGeneration() const { return mRunDataGeneration; }
  // The last run started and the last step it reported (what a Training dock made again shows: its range, its
  // status line); empty before the first.
  const std::optional<TrainingController::RunStart>& lastRun() const { return mLastRun; }
  const std::optional<TrainingSnapshot>& lastStep() const { return mLastStep; }

 signals:
  void changed();  // the choices
  // A new run (or going on) was started by start(): what it is.
  void runStarted(const TrainingController::RunStart& run);

 private:
  void takeHandedBack();  // a paused or finished run's parameters, state and last step go to the document
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  gb::TrainChoices mChoices = gb::default_choices(gb::OptimizerKind::AdamW);
  gb::Variant mFamily = gb::Variant::EncoderDecoder;
  int mRunGeneration = -1;
  int mRunDataGeneration = 0;
  quint64 mTaken = 0;  // the trainer's publication the document took last
  std::optional<TrainingController::RunStart> mLastRun;
  std::optional<TrainingSnapshot> mLastStep;
};
