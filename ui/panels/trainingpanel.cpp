#include "trainingpanel.h"
#include "buildmodel.h"
#include "core/family.h"

#include "errortext.h"
#include "memorylimit.h"

#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "controllers/trainingsetup.h"
#include "widgets/lossplot.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

TrainingPanel::TrainingPanel(ModelDocument* doc, TrainingController* trainer, TrainingSetup* setup, QWidget* parent)
    : QWidget(parent), mDoc(doc), mTrainer(trainer), mSetup(setup) {
  mOptimizer = new QComboBox(this);
  mOptimizer->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mOptimizer->setMinimumContentsLength(12);
  mOptimizer->addItem(tr("AdamW, batches, mean loss"), 1);
  mOptimizer->addItem(tr("SGD, one example a step (seed-exact)"), 0);
  mSchedule = new QComboBox(this);
  mSchedule->setObjectName(QStringLiteral("scheduleBox"));
  mSchedule->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mSchedule->setMinimumContentsLength(12);
  mSchedule->addItem(tr("Warm-up, then cosine decay to η/10"), 1);
  mSchedule->addItem(tr("Constant η (as in the seed)"), 0);
  mWarmup = new QSpinBox(this);
  mWarmup->setObjectName(QStringLiteral("warmupBox"));
  mWarmup->setRange(0, 1000000);
  mWarmup->setValue(100);
  mWarmup->setToolTip(tr("Steps over which η rises linearly from 0 (at most a tenth of the steps are used)"));
  mLr = new QDoubleSpinBox(this);
  mLr->setDecimals(5);
  mLr->setRange(1e-5, 1.0);
  mLr->setSingleStep(1e-4);
  mLr->setValue(2e-3);
  mBatch = new QSpinBox(this);
  mBatch->setRange(1, 4096);
  mBatch->setValue(32);
  mSteps = new QSpinBox(this);
  mSteps->setObjectName(QStringLiteral("stepsBox"));
  mSteps->setRange(1, 10000000);
  mSteps->setValue(1500);
  mSeed = new QSpinBox(this);
  mSeed->setRange(0, 1000000);
  auto* form = new QFormLayout;
  mForm = form;
  mStepsLabel = new QLabel(tr("Steps"), this);
  mStepsLabel->setBuddy(mSteps);
  // the two choices under their labels, as wide as the dock: their names ("Warm-up, then cosine decay to η/10") are
  // wider than a field beside a label at 1024 pixels
  mOptimizerLabel = new QLabel(tr("Optimizer"), this);
  mOptimizerLabel->setBuddy(mOptimizer);
  mScheduleLabel = new QLabel(tr("Schedule"), this);
  mScheduleLabel->setBuddy(mSchedule);
  form->addRow(mOptimizerLabel);
  form->addRow(mOptimizer);
  form->addRow(tr("Learning rate η"), mLr);
  form->addRow(mScheduleLabel);
  form->addRow(mSchedule);
  form->addRow(tr("Warm-up steps"), mWarmup);
  form->addRow(tr("Batch size"), mBatch);
  form->addRow(mStepsLabel, mSteps);
  form->addRow(tr("Seed"), mSeed);
  mSeed->setAccessibleName(tr("Training seed"));
  setTabOrder(mOptimizer, mLr);  // as the form reads: η comes before the schedule
  mStart = new QPushButton(tr("Start"), this);
  mPause = new QPushButton(tr("Pause"), this);
  mStep = new QPushButton(tr("Step"), this);
  mStep->setToolTip(tr("Exactly one optimizer step"));
  mStop = new QPushButton(tr("Stop"), this);
  mReset = new QPushButton(tr("Reset"), this);
  mReset->setToolTip(tr("New random parameters; the loss curve starts again"));
  auto* buttons = new QGridLayout;
  buttons->addWidget(mStart, 0, 0);
  buttons->addWidget(mPause, 0, 1);
  buttons->addWidget(mStep, 0, 2);
  buttons->addWidget(mStop, 1, 0);
  buttons->addWidget(mReset, 1, 1);
  mProgress = new QProgressBar(this);
  mProgress->setAccessibleName(tr("Training progress"));
  mStatus = new QLabel(tr("Build a model to train it."), this);
  mStatus->setObjectName(QStringLiteral("trainingStatus"));
  mStatus->setWordWrap(true);
  mStepPace = new QTimer(this);
  mStepPace->setSingleShot(true);
  // a wrapped label and a progress bar relaid out and painted per step cost ~1 ms each time: five times a second
  // is what the eye reads of a counter
  mStepPace->setInterval(200);
  mPlot = new LossPlot(this);
  auto* v = new QVBoxLayout(this);
  v->addLayout(form);
  v->addLayout(buttons);
  v->addWidget(mProgress);
  v->addWidget(mStatus);
  v->addWidget(mPlot, 1);

  // edits go to the training setup (ui/controllers/trainingsetup.h); its changes come back to the fields
  connect(mOptimizer, &QComboBox::currentIndexChanged, this, [this] {
    mSetup->setOptimizer(mOptimizer->currentData().toInt() == 1 ? gb::OptimizerKind::AdamW : gb::OptimizerKind::SGD);
  });
  connect(mSchedule, &QComboBox::currentIndexChanged, this,
          [this] { mSetup->setCosine(mSchedule->currentData().toInt() == 1); });
  connect(mLr, &QDoubleSpinBox::valueChanged, mSetup, &TrainingSetup::setLearningRate);
  connect(mWarmup, &QSpinBox::valueChanged, mSetup, &TrainingSetup::setWarmup);
  connect(mBatch, &QSpinBox::valueChanged, mSetup, &TrainingSetup::setBatch);
  connect(mSteps, &QSpinBox::valueChanged, mSetup, &TrainingSetup::setSteps);
  connect(mSeed, &QSpinBox::valueChanged, this, [this](int seed) { mSetup->setSeed(quint64(seed)); });
  connect(mSetup, &TrainingSetup::changed, this, &TrainingPanel::showChoices);
  connect(mSetup, &TrainingSetup::runStarted, this, &TrainingPanel::runStarted);
  connect(mStart, &QPushButton::clicked, this, [this] { startOrResume(false); });
  connect(mStep, &QPushButton::clicked, this, [this] { startOrResume(true); });
  connect(mPause, &QPushButton::clicked, mTrainer, &TrainingController::pause);
  connect(mStop, &QPushButton::clicked, mTrainer, &TrainingController::stop);
  connect(mReset, &QPushButton::clicked, this, [this] {
    if (!mDoc->hasModel()) return;
    const QString err = buildModelOnWorker(window(), mDoc, mDoc->config(), mSetup->choices().seed);
    if (!err.isEmpty()) {  // nothing changed: the model stays as it was
      mStatus->setText(tr("New parameters could not be made: %1").arg(err));
      return;
    }
    mPlot->clear();
    mProgress->setValue(0);
    mStatus->setText(tr("Fresh parameters. Start to train."));
  });
  connect(mTrainer, &TrainingController::stepped, this, [this](const TrainingSnapshot& s) {
    // (the training setup appends the step to the document's history; the plot follows that)
    if (mStepPace->isActive()) {
      mPendingStep = s;  // shown when the timer fires (or at a pause, stop or the end)
      return;
    }
    showStep(s);
    mStepPace->start();
  });
  connect(mStepPace, &QTimer::timeout, this, [this] {
    if (!mPendingStep) return;
    showPendingStep();
    mStepPace->start();  // steps keep coming: the next one waits again
  });
  connect(mTrainer, &TrainingController::outOfMemory, this, [this] {
    mPendingStep.reset();
    mLastStatus = tr("Training stopped: the machine ran out of memory. The parameters shown are the last ones "
                     "published. Choose a smaller batch, model or ℓ_max.");
    mLastValidation.clear();
    mStatus->setText(mLastStatus);
  });
  connect(mTrainer, &TrainingController::faulted, this, [this](int step, int kind, const QString& tensor) {
    mPendingStep.reset();
    mLastStatus = faultText(step, kind, tensor);
    mLastValidation.clear();
    mStatus->setText(mLastStatus);
  });
  connect(mTrainer, &TrainingController::validated, this, [this](int step, double loss, double tokAcc, double seqAcc) {
    showPendingStep();  // the step validated, before its validation
    mPlot->showHistory(mDoc->history(), mDoc->historyRevision());  // (the training setup recorded it there)
    mLastValidation = validationText(step, loss, tokAcc, seqAcc);
    setRunStatus(mLastStatus + mLastValidation);
  });
  connect(mTrainer, &TrainingController::stateChanged, this, [this](TrainingController::State st) {
    if (st != TrainingController::State::Running) mStatus->setMinimumHeight(0);  // (held while a run goes)
    if (st == TrainingController::State::Idle) mPendingStep.reset();  // a new run, or another model
    else {
      showPendingStep();  // a pause, a stop or the end shows the last step reported, and its point on the curve
      mPlot->flush();
    }
    refreshButtons();
  });
  connect(mTrainer, &TrainingController::paramsPublished, this, [this] {
    // a single step while paused reports no state change: its paramsPublished follows its step
    if (mTrainer->state() != TrainingController::State::Running) showPendingStep();
  });
  connect(mDoc, &ModelDocument::modelChanged, this, [this] {
    if (mDoc->generation() != mShownGeneration) {  // another model: its own history (empty, or from its file)
      mShownGeneration = mDoc->generation();
      mPlot->showHistory(mDoc->history(), mDoc->historyRevision());
      mProgress->setValue(0);
      mLastStatus.clear();
      mEndStatus.clear();
      mLastValidation.clear();
      showTrainedBefore();
    }
    refreshButtons();
  });
  connect(mDoc, &ModelDocument::fitChanged, this, &TrainingPanel::refreshButtons);
  connect(mDoc, &ModelDocument::dataChanged, this, &TrainingPanel::refreshButtons);
  connect(mDoc, &ModelDocument::historyChanged, this, [this] {
    mPlot->showHistory(mDoc->history(), mDoc->historyRevision());  // (the plot repaints at its own pace)
    mPlot->setTrainingLossSummed(mTrainer->lossSummed(mDoc->trainingState()));  // (as the Training tab's curve)
  });
  // made while a model is open (the window made again in another language): its curve, and its run's range and
  // status line as the panel before showed them
  if (mDoc->hasModel()) {
    mShownGeneration = mDoc->generation();
    mPlot->showHistory(mDoc->history(), mDoc->historyRevision());
    const auto& run = mSetup->lastRun();
    if (run && mTrainer->state() != TrainingController::State::Idle && mSetup->runGeneration() == mDoc->generation()) {
      mProgress->setRange(0, run->steps);
      mProgress->setValue(mTrainer->stepsDone());
      mValidationSize = run->validationSize;
      mFirstStep = mTrainer->stepsDone() + 1;  // (the time left is measured again from here)
      mClock.restart();
      const auto& h = mDoc->history();
      for (auto p = h.rbegin(); p != h.rend(); ++p)
        if (p->val_loss) {
          mLastValidation = validationText(p->step, *p->val_loss, p->val_token_accuracy.value_or(0),
                                           p->val_sequence_accuracy.value_or(0));
          break;
        }
      if (const auto& s = mSetup->lastStep()) showStep(*s);
      if (const auto& f = mTrainer->fault()) {  // the run ended at a NaN: that, not its last step
        mLastStatus = faultText(f->step, int(f->kind), QString::fromStdString(f->tensor));
        mLastValidation.clear();
      }
    } else {
      showTrainedBefore();
    }
  }
  showChoices();
}

QString TrainingPanel::faultText(int step, int kind, const QString& tensor) const {
  if (gb::family(mSetup->family()).observations)  // (no tokens: a density that is not finite)
    return tr("Training stopped at EM iteration %1: the training data's log density is not a finite number. No "
              "update was made. Build the model again for this data.")
        .arg(step);
  if (gb::family(mSetup->family()).trained_by == gb::TrainedBy::Em)  // no η to blame
    return tr("Training stopped at EM iteration %1: the training data's log-likelihood is −∞ — the model gives one of "
              "its tokens probability 0, as EM does to every token its earlier training lacked. No update was made. "
              "Build the model again for this data.")
        .arg(step);
  const QString what = kind == int(gb::NumericFault::Kind::Loss)
                           ? tr("the loss")
                           : kind == int(gb::NumericFault::Kind::Gradient) ? tr("the gradient of %1").arg(tensor)
                                                                          : tr("the parameter %1").arg(tensor);
  return tr("Training stopped at step %1: %2 became NaN or infinite. %3 Try a smaller learning rate η, or the AdamW "
            "optimizer with clipping.")
      .arg(step)
      .arg(what)
      .arg(kind == int(gb::NumericFault::Kind::Parameter)
               ? tr("The parameters shown are the last ones published before it.")
               : tr("No update was made: the parameters are those of step %1.").arg(step - 1));
}

QString TrainingPanel::validationText(int step, double loss, double tokAcc, double seqAcc) const {
  if (gb::family(mSetup->family()).observations)  // no tokens to get right: −log p per observation
    return tr("\nValidation at EM iteration %1 (%3 sequences): −log p %2 nats per observation")
        .arg(step)
        .arg(QLocale().toString(loss, 'f', 4))
        .arg(mValidationSize);
  return tr("\nValidation at step %1 (%5 examples): loss %2, token accuracy %3%, sequence accuracy %4%")
      .arg(step)
      .arg(QLocale().toString(loss, 'f', 4))
      .arg(QLocale().toString(100 * tokAcc, 'f', 1))
      .arg(QLocale().toString(100 * seqAcc, 'f', 1))
      .arg(mValidationSize);
}

void TrainingPanel::showTrainedBefore() {
  if (!mDoc->history().empty())
    mStatus->setText((mDoc->history().back().step == 1
                          ? tr("Trained 1 step before; the last loss was %1. Start trains on from these parameters.")
                          : tr("Trained %1 steps before; the last loss was %2. Start trains on from these parameters.")
                                .arg(mDoc->history().back().step))
                         .arg(QLocale().toString(mDoc->history().back().loss, 'f', 4)));
  else
    mStatus->clear();  // the last model's run says nothing about this one; refreshButtons says what is next
}

void TrainingPanel::startOrResume(bool singleStep) {
  mClock.restart();
  mFirstStep = mTrainer->stepsDone() + 1;
  const bool paused = mTrainer->state() == TrainingController::State::Paused;
  const QString err = mSetup->start(singleStep);
  if (!err.isEmpty()) {  // nothing started: say why, keep everything
    mStatus->setText(err);
    refreshButtons();
    return;
  }
  (void)paused;  // a resumed run keeps its range and status; a new one is set up by runStarted()
}

void TrainingPanel::runStarted(const TrainingController::RunStart& run) {
  mClock.restart();
  mProgress->setRange(0, run.steps);
  mProgress->setValue(run.fromStep);
  mLastStatus.clear();
  mEndStatus.clear();
  mLastValidation.clear();
  if (!run.goesOn) mPlot->clear();
  mValidationSize = run.validationSize;
  mFirstStep = run.fromStep + 1;
  mStatus->setMinimumHeight(mStatus->height());  // (a shorter text here does not relay the dock out either)
  setRunStatus(run.goesOn ? tr("Going on from step %1 to %2, with the optimizer state of step %1.")
                                    .arg(run.fromStep)
                                    .arg(run.steps)
                   : run.savedStateOfOtherData
                       ? tr("A new run of %1 steps (the saved training state belongs to other data).").arg(run.steps)
                       : tr("A new run of %1 steps.").arg(run.steps));
}

void TrainingPanel::showChoices() {
  const gb::TrainChoices& c = mSetup->choices();
  QSignalBlocker b1(mOptimizer), b2(mSchedule), b3(mLr), b4(mWarmup), b5(mBatch), b6(mSteps), b7(mSeed);
  const bool adamw = c.optimizer == gb::OptimizerKind::AdamW;
  mOptimizer->setCurrentIndex(mOptimizer->findData(adamw ? 1 : 0));
  mSchedule->setCurrentIndex(mSchedule->findData(c.cosine ? 1 : 0));
  mLr->setValue(double(c.lr));
  mWarmup->setValue(c.warmup);
  mBatch->setValue(adamw ? c.batch : 1);
  mSteps->setValue(c.steps);
  mSeed->setValue(int(c.seed));
  // a family trained by EM has no optimizer, η, schedule or batch: a step is one iteration over all the data
  const bool em = gb::family(mSetup->family()).trained_by == gb::TrainedBy::Em;
  for (QWidget* w : std::initializer_list<QWidget*>{mOptimizerLabel, mOptimizer, mLr, mScheduleLabel, mSchedule, mWarmup, mBatch})
    mForm->setRowVisible(w, !em);
  mStepsLabel->setText(em ? tr("EM iterations") : tr("Steps"));
  mSteps->setAccessibleName(em ? tr("EM iterations") : tr("Steps"));
  refreshButtons();
}

void TrainingPanel::showStep(const TrainingSnapshot& s) {
  mPendingStep.reset();
  mProgress->setValue(s.step);
  const double elapsed = mClock.elapsed() / 1000.0;
  const int stepsThisRun = std::max(1, s.step - mFirstStep + 1);
  const double left = elapsed / stepsThisRun * (mProgress->maximum() - s.step);
  if (gb::family(mSetup->family()).observations) {  // observations: −log p per observation, no tokens
    mLastStatus = tr("EM iteration %1 of %2: −log p %3 nats per observation, %4 s left")
                      .arg(s.step)
                      .arg(mProgress->maximum())
                      .arg(QLocale().toString(s.loss, 'f', 4))
                      .arg(QLocale().toString(left, 'f', 0));
    mEndStatus = tr("EM iteration %1 of %2: −log p %3 nats per observation")
                     .arg(s.step)
                     .arg(mProgress->maximum())
                     .arg(QLocale().toString(s.loss, 'f', 4));
    mEndedEarly = s.step < mProgress->maximum();
    setRunStatus(mLastStatus + mLastValidation);
    return;
  }
  mLastStatus = (tr("Step %1 of %2: loss %3, token accuracy %4%, %5 tokens/s, %6 s left")
                     .arg(s.step)
                     .arg(mProgress->maximum())
                     .arg(QLocale().toString(s.loss, 'f', 4))
                     .arg(QLocale().toString(100 * s.tokenAccuracy, 'f', 1))
                     .arg(QLocale().toString(s.tokensPerSecond, 'f', 0))
                     .arg(QLocale().toString(left, 'f', 0)));
  // the same once the run has ended: no time left to tell (a run stopped early said "6,034 s left — done")
  mEndStatus = tr("Step %1 of %2: loss %3, token accuracy %4%, %5 tokens/s")
                   .arg(s.step)
                   .arg(mProgress->maximum())
                   .arg(QLocale().toString(s.loss, 'f', 4))
                   .arg(QLocale().toString(100 * s.tokenAccuracy, 'f', 1))
                   .arg(QLocale().toString(s.tokensPerSecond, 'f', 0));
  mEndedEarly = s.step < mProgress->maximum();
  setRunStatus(mLastStatus + mLastValidation);
}

void TrainingPanel::setRunStatus(const QString& text) {
  mStatus->setText(text);
  // while a run goes, the label keeps the tallest height its texts needed: a text one line shorter does not relay
  // out the dock (and resize and replot the loss plot) a few times a second, only a taller one does, once
  if (mTrainer->state() != TrainingController::State::Running) return;  // (paused or ended: released)
  const int need = mStatus->heightForWidth(mStatus->width());
  if (need > mStatus->minimumHeight()) mStatus->setMinimumHeight(need);
}

void TrainingPanel::showPendingStep() {
  if (mPendingStep) showStep(*mPendingStep);
}

void TrainingPanel::refreshButtons() {
  const auto st = mTrainer->state();
  const bool model = mDoc->hasModel();
  const bool running = st == TrainingController::State::Running;
  const bool paused = st == TrainingController::State::Paused;
  // A new run needs a model that fits the data (the core's check); a paused run has its own copy of both.
  const bool fits = mDoc->modelFitsData();
  // a paused run trains on its own copy of the data it started with: once other data is loaded, going on would
  // train on data nobody sees — it can only be stopped (its parameters are kept)
  const bool stale = paused && mDoc->dataGeneration() != mSetup->runDataGeneration();
  // a new run's memory (the batch as typed) against what the machine has and the settings' cap
  QString memory;
  if (fits && !running && !paused)
    memory = MemoryLimit::runProblem(mDoc->config(), mSetup->options(), mDoc->data().train, mTrainer->windowHeldBytes());
  mStart->setText(paused ? tr("Resume") : tr("Start"));
  mStart->setEnabled(model && !running && (paused ? !stale : fits && memory.isEmpty()));
  mPause->setEnabled(running);
  mStep->setEnabled(model && !running && (paused ? !stale : fits && memory.isEmpty()));
  mStop->setEnabled(running || paused);
  mReset->setEnabled(model && !running && !paused);
  mWarmup->setEnabled(!running && !paused && mSetup->choices().cosine);
  for (QWidget* w : std::initializer_list<QWidget*>{mOptimizer, mLr, mSchedule, mSteps, mSeed})
    w->setEnabled(!running && !paused);
  mBatch->setEnabled(!running && !paused && mSetup->choices().optimizer == gb::OptimizerKind::AdamW);
  const QString hint = mStatus->property("hint").toString();
  auto showHint = [&](const QString& text) {  // a hint replaces an older hint or nothing, never a run's report
    if (mStatus->text().isEmpty() || mStatus->text() == hint) {
      mStatus->setText(text);
      mStatus->setProperty("hint", text);
    }
  };
  if (!model) {
    mStatus->setText(tr("Build a model to train it."));
    mStatus->setProperty("hint", mStatus->text());
  } else if (stale) {
    mStatus->setText(tr("Other data was loaded while the run was paused: Stop it (its parameters are kept), then "
                        "Start a new run on the data shown."));
    mStatus->setProperty("hint", mStatus->text());
  } else if (!fits && !running && !paused) {
    mStatus->setText(tr("Training is not possible: %1").arg(mDoc->fitProblem()));
    mStatus->setProperty("hint", mStatus->text());
  } else if (!memory.isEmpty()) {
    mStatus->setText(tr("Training is not possible: %1").arg(memory));
    mStatus->setProperty("hint", mStatus->text());
  } else if (st == TrainingController::State::Finished && mTrainer->fault()) {
    mStatus->setText(mLastStatus);  // the fault's report, not "done"
  } else if (st == TrainingController::State::Finished && !mLastStatus.isEmpty()) {
    mStatus->setText((mEndStatus.isEmpty() ? mLastStatus : mEndStatus) + (mEndedEarly ? tr(" — stopped.") : tr(" — done.")) +
                     mLastValidation);
  } else if (st == TrainingController::State::Idle) {
    showHint(mDoc->isTrained() ? mStatus->text() : tr("Ready: Start trains the steps set above, Step takes one."));
  }
}

QString TrainingPanel::statusText() const { return mStatus->text(); }
