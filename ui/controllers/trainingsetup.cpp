#include "trainingsetup.h"

#include "errortext.h"
#include "memorylimit.h"
#include "modeldocument.h"

#include <QMetaObject>

#include <new>

TrainingSetup::TrainingSetup(ModelDocument* doc, TrainingController* trainer, QObject* parent)
    : QObject(parent), mDoc(doc), mTrainer(trainer) {
  // a run's steps and validations become the document's history (the plot and files read it there)
  // (the steps that arrived together in one go: the history's readers redraw once, not once a step)
  connect(mTrainer, &TrainingController::steppedBatch, this, [this](const std::vector<TrainingSnapshot>& steps) {
    std::vector<gb::HistoryPoint> points;
    points.reserve(steps.size());
    for (const TrainingSnapshot& s : steps) {
      gb::HistoryPoint point{s.step, s.loss, s.lr, {}, {}, {}, {}, {}, s.loglik};
      point.grad_norm = s.gradNorm;
      point.grad_norms = s.gradNorms;
      points.push_back(std::move(point));
    }
    mDoc->appendHistory(std::move(points));
    if (!steps.empty()) mLastStep = steps.back();
  });
  connect(mTrainer, &TrainingController::validated, this,
          [this](int step, double loss, double tokAcc, double seqAcc) { mDoc->setValidation(step, loss, tokAcc, seqAcc); });
  // a paused or finished run hands its parameters back once the worker has reached the pause (or the end)
  connect(mTrainer, &TrainingController::stateChanged, this, [this](TrainingController::State st) {
    if (st != TrainingController::State::Paused && st != TrainingController::State::Finished) return;
    QMetaObject::invokeMethod(
        this,
        [this] {  // unless another model has replaced the one that was trained
          if (mDoc->generation() == mRunGeneration && mTrainer->state() != TrainingController::State::Idle)
            takeHandedBack();
        },
        Qt::QueuedConnection);
  });
  connect(mTrainer, &TrainingController::paramsPublished, this, [this] {
    // a single step while paused reports no state change: its paramsPublished follows its step
    const auto st = mTrainer->state();
    if (mDoc->generation() != mRunGeneration || st == TrainingController::State::Running ||
        st == TrainingController::State::Idle)
      return;
    takeHandedBack();
  });
}

void TrainingSetup::takeHandedBack() {
  if (mTrainer->publication() == mTaken) return;  // the document holds it already
  // a paused or finished run's latest parameters, state and last step: shared snapshots, nothing copied
  TrainingController::Published pub = mTrainer->handOver();
  mTaken = pub.number;
  mDoc->setTrainingState(std::move(pub.state));
  if (pub.step) mDoc->setLastStep(std::move(pub.step));
  mDoc->setParams(std::move(pub.params));  // the snapshot itself: shared, not copied
}

void TrainingSetup::setFamily(gb::Variant family) {
  if (family == mFamily) return;
  const gb::TrainChoices before = gb::default_choices(mChoices.optimizer, mFamily);
  const gb::TrainChoices after = gb::default_choices(mChoices.optimizer, family);
  mFamily = family;
  // η and the steps follow the family's recipe unless they were set by hand (an EM iteration is not a step's worth)
  if (mChoices.lr == before.lr) mChoices.lr = after.lr;
  if (mChoices.steps == before.steps) mChoices.steps = after.steps;
  emit changed();  // (the dock shows what the family's training has)
}

void TrainingSetup::setOptimizer(gb::OptimizerKind kind) {
  if (kind == mChoices.optimizer) return;
  gb::TrainChoices c = gb::default_choices(kind, mFamily);
  c.steps = mChoices.steps;
  c.seed = mChoices.seed;
  c.warmup = mChoices.warmup;
  mChoices = c;
  emit changed();
}

#define GB_SETTER(name, field, type)   \
  void TrainingSetup::name(type v) {   \
    if (mChoices.field == v) return;   \
    mChoices.field = v;                \
    emit changed();                    \
  }
GB_SETTER(setCosine, cosine, bool)
GB_SETTER(setWarmup, warmup, int)
GB_SETTER(setBatch, batch, int)
GB_SETTER(setSteps, steps, int)
#undef GB_SETTER

void TrainingSetup::setLearningRate(double lr) {
  if (mChoices.lr == float(lr)) return;
  mChoices.lr = float(lr);
  emit changed();
}

void TrainingSetup::setSeed(quint64 seed) {
  if (mChoices.seed == seed) return;
  mChoices.seed = seed;
  emit changed();
}

QString TrainingSetup::runProblem() const {
  if (!mDoc->hasModel()) return tr("Build a model to train it.");
  if (!mDoc->modelFitsData()) return tr("Training is not possible: %1").arg(mDoc->fitProblem());
  // a new run's memory (the batch as chosen) against what the machine has and the settings' cap
  const QString memory =
      MemoryLimit::runProblem(mDoc->config(), options(), mDoc->data().train, mTrainer->windowHeldBytes());
  return memory.isEmpty() ? QString() : tr("Training is not possible: %1").arg(memory);
}

QString TrainingSetup::start(bool singleStep, TrainingController::RunStart* out) {
  if (mTrainer->state() == TrainingController::State::Paused) {
    if (singleStep) mTrainer->step();
    else mTrainer->start();
    return {};
  }
  if (mTrainer->state() == TrainingController::State::Running) return {};
  if (!mDoc->hasModel()) return tr("Build a model to train it.");
  TrainingController::RunStart run;
  std::optional<gb::Error> err;
  try {
    err = mTrainer->prepareRun(*mDoc, options(), &run);
  } catch (const std::bad_alloc&) {  // copies of the data and parameters for the worker
    return tr("Training cannot start: there is not enough memory for the run. Choose a smaller batch, model or ℓ_max.");
  }
  if (out) *out = run;
  if (err) {  // the core's plan said no: say why, keep everything
    QString text = tr("Training cannot start: %1").arg(errorText(*err));
    if (run.goesOn)  // the way out when the saved state cannot be used
      text += QLatin1Char('\n') + tr("To start a new run from these parameters instead, set Steps to %1 or fewer.")
                                      .arg(run.fromStep);
    return text;
  }
  if (!run.goesOn) mDoc->clearHistory();
  mRunGeneration = mDoc->generation();
  mRunDataGeneration = mDoc->dataGeneration();
  mLastRun = run;
  mLastStep.reset();
  emit runStarted(run);
  if (singleStep) mTrainer->step();
  else mTrainer->start();
  return {};
}
