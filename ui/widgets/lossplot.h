// lossplot.h — training and validation loss over steps (QCustomPlot): log scale, smoothing, zoom and pan with
// the mouse, the value under the cursor. Points are buffered and the plot repaints at most every 100 ms, and only
// while it can be seen: a hidden plot (the Training tab behind another) catches up when it is shown. Each repaint
// adds only the points that came since (a 30-minute run has some 45,000).
#pragma once

#include "core/io/model_file.h"  // gb::HistoryPoint

#include <QWidget>

#include <limits>

class QCustomPlot;
class QCheckBox;
class QLabel;
class QTimer;

class LossPlot : public QWidget {
  Q_OBJECT
 public:
  explicit LossPlot(QWidget* parent = nullptr);
  void addTraining(double step, double loss);
  void addValidation(double step, double loss);
  void clear();
  // A document's history (loss and validation; with showLogLikelihood() the log-likelihood): only the points that
  // are new since the last call are read, unless `revision` changed (points were removed or replaced: all again).
  void showHistory(const std::vector<gb::HistoryPoint>& h, quint64 revision);
  // The points added since the last repaint, now (a run paused or ended: not at the next paced repaint).
  void flush();
  int trainingPoints() const;
  QCustomPlot* plot() const { return mPlot; }
  QCheckBox* logScale() const { return mLog; }
  // The plot of an EM run's log-likelihood per iteration instead of a loss: its own names and axis labels, no log
  // scale (the values are negative) and no smoothing (EM's curve is already smooth), no validation points.
  void showLogLikelihood();
  // The training loss is J summed over one example's tokens (SGD as in the seed): the legend says so, and that the
  // validation loss is per token (a curve ten times higher than the validation dots is not overfitting).
  void setTrainingLossSummed(bool summed);

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void rebuild();  // all points again (cleared, smoothing or scale changed)
  void follow();   // the points added since the last repaint
  QCustomPlot* mPlot;
  QCheckBox* mLog;
  QCheckBox* mSmooth;
  QLabel* mReadout;
  QTimer* mRepaint;
  QVector<double> mSteps, mLoss, mValSteps, mValLoss;
  bool mLogLikelihood = false;
  bool mDirty = false;
  qsizetype mShown = 0, mShownVal = 0;  // points already in the graphs
  size_t mHistoryRead = 0;              // showHistory: points of the history read, at mRevision
  quint64 mRevision = ~quint64(0);
  int mLastValidationStep = -1;
  double mEma = 0;                      // the smoothed loss at the last point shown
  double mLo = std::numeric_limits<double>::infinity();  // the range of the loss shown (finite values)
  double mHi = -std::numeric_limits<double>::infinity();
};
