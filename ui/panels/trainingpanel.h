// trainingpanel.h — the Training dock: optimizer and schedule, Start / Pause / Step / Stop / Reset, the live loss
// curve and where training stands. Training runs in the TrainingController's worker thread.
#pragma once

#include "controllers/trainingcontroller.h"

#include <QElapsedTimer>
#include <QWidget>

#include <optional>

class LossPlot;
class ModelDocument;
class TrainingSetup;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QFormLayout;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

class TrainingPanel : public QWidget {
  Q_OBJECT
 public:
  // A thin view of the training setup (ui/controllers/trainingsetup.h) and of the run it starts.
  TrainingPanel(ModelDocument* doc, TrainingController* trainer, TrainingSetup* setup, QWidget* parent = nullptr);
  LossPlot* lossPlot() const { return mPlot; }
  QPushButton* startButton() const { return mStart; }
  QPushButton* pauseButton() const { return mPause; }
  QPushButton* stepButton() const { return mStep; }
  QComboBox* optimizerBox() const { return mOptimizer; }
  QComboBox* scheduleBox() const { return mSchedule; }
  QSpinBox* batchBox() const { return mBatch; }
  QDoubleSpinBox* learningRateBox() const { return mLr; }
  QPushButton* stopButton() const { return mStop; }
  QSpinBox* stepsBox() const { return mSteps; }
  QSpinBox* seedBox() const { return mSeed; }
  QString statusText() const;
  QPushButton* resetButton() const { return mReset; }

 private:
  void startOrResume(bool singleStep);
  void runStarted(const TrainingController::RunStart& run);  // a new run (or going on): its range and first line
  void showChoices();  // the setup's choices in the fields
  void refreshButtons();
  // The status line and the progress bar follow the steps at most ten times a second (the trainer reports up to
  // ~40 steps a second): the newest step waits for the timer, and a pause, a stop or the end shows it at once.
  void showStep(const TrainingSnapshot& s);
  QString faultText(int step, int kind, const QString& tensor) const;  // "Training stopped at step …"
  QString validationText(int step, double loss, double tokAcc, double seqAcc) const;  // "\nValidation at step …"
  void showTrainedBefore();  // the open model's history, before any run of this panel
  void showPendingStep();
  void setRunStatus(const QString& text);  // a running run's status: the label's height only grows
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  TrainingSetup* mSetup;
  QComboBox* mOptimizer;
  QComboBox* mSchedule;
  QSpinBox* mWarmup;
  QDoubleSpinBox* mLr;
  QSpinBox *mBatch, *mSteps, *mSeed;
  QFormLayout* mForm = nullptr;
  QLabel* mStepsLabel = nullptr;  // "Steps", or "EM iterations" for a family trained by EM
  QLabel* mOptimizerLabel = nullptr;  // above their choices: the choices' names take the dock's width
  QLabel* mScheduleLabel = nullptr;
  QPushButton *mStart, *mPause, *mStep, *mStop, *mReset;
  QProgressBar* mProgress;
  QLabel* mStatus;
  LossPlot* mPlot;
  QElapsedTimer mClock;   // since Start/Resume, for the time left
  int mFirstStep = 1;
  int mValidationSize = 0;
  int mShownGeneration = -1;  // the model whose history the plot shows
  QString mLastStatus, mLastValidation;
  QString mEndStatus;       // the last step without the time left, for a run that has ended
  bool mEndedEarly = false;  // its last step was before the last one asked for (Stop)
  QTimer* mStepPace;
  std::optional<TrainingSnapshot> mPendingStep;  // reported, not yet shown
};
