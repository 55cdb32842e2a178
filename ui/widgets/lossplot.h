// lossplot.h — training and validation loss over steps (QCustomPlot): log scale, smoothing, zoom and pan with
// the mouse, the value under the cursor. Points are buffered and the plot repaints at most every 40 ms, and only
// while it can be seen: a hidden plot (the Training tab behind another) catches up when it is shown.
#pragma once

#include <QWidget>

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
  int trainingPoints() const;
  QCustomPlot* plot() const { return mPlot; }
  QCheckBox* logScale() const { return mLog; }

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void rebuild();
  QCustomPlot* mPlot;
  QCheckBox* mLog;
  QCheckBox* mSmooth;
  QLabel* mReadout;
  QTimer* mRepaint;
  QVector<double> mSteps, mLoss, mValSteps, mValLoss;
  bool mDirty = false;
};
