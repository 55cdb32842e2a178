// trainingpanel.h — the Training dock: optimizer and schedule, Start / Pause / Step / Stop / Reset, the live loss
// curve and where training stands. Training runs in the TrainingController's worker thread.
#pragma once

#include "controllers/trainingcontroller.h"

#include <QElapsedTimer>
#include <QWidget>

#include <optional>

class LossPlot;
class ModelDocument;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTimer;

class TrainingPanel : public QWidget {
  Q_OBJECT
 public:
  TrainingPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
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
  // A paused or finished run: the document takes what the worker handed back (parameters, state, and the last
  // step's gradient and update) —
  // once per publication, though both the state change and the publication announce it.
  void takeHandedBack();
  void refreshButtons();
  // The status line and the progress bar follow the steps at most ten times a second (the trainer reports up to
  // ~40 steps a second): the newest step waits for the timer, and a pause, a stop or the end shows it at once.
  void showStep(const TrainingSnapshot& s);
  void showPendingStep();
  void setRunStatus(const QString& text);  // a running run's status: the label's height only grows
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  QComboBox* mOptimizer;
  QComboBox* mSchedule;
  QSpinBox* mWarmup;
  QDoubleSpinBox* mLr;
  QSpinBox *mBatch, *mSteps, *mSeed;
  QPushButton *mStart, *mPause, *mStep, *mStop, *mReset;
  QProgressBar* mProgress;
  QLabel* mStatus;
  LossPlot* mPlot;
  QElapsedTimer mClock;   // since Start/Resume, for the time left
  int mFirstStep = 1;
  int mValidationSize = 0;
  int mRunDataGeneration = 0;
  int mRunGeneration = -1;    // the document's model the current run trains
  quint64 mTaken = 0;         // the trainer's publication the document took last
  int mShownGeneration = -1;  // the model whose history the plot shows
  QString mLastStatus, mLastValidation;
  QTimer* mStepPace;
  std::optional<TrainingSnapshot> mPendingStep;  // reported, not yet shown
};
