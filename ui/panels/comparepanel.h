// comparepanel.h — the Compare tab: the task trained as an encoder-decoder and as a decoder-only model side by side
// (CompareController), and what differs: the loss curves, the parameter counts, the attention on one probe
// (cross-attention against causal self-attention over source>target) and the greedy decoding of the same input.
#pragma once

#include <QWidget>

#include <vector>

#include "presentable.h"

class CompareController;
class Heatmap;
class ModelDocument;
class QCPGraph;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

class ComparePanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  explicit ComparePanel(ModelDocument* doc, QWidget* parent = nullptr);
  CompareController* controller() const { return mCtl; }
  QSpinBox* stepsBox() const { return mSteps; }
  QPushButton* startButton() const { return mStart; }
  QPushButton* cancelButton() const { return mCancel; }
  QCustomPlot* lossPlot() const { return mPlot; }
  QLabel* summaryLabel() const { return mSummary; }
  Heatmap* crossMap() const { return mCross; }    // the encoder-decoder's cross-attention (last layer, headBox's head)
  Heatmap* causalMap() const { return mCausal; }  // the decoder-only model's self-attention (last layer, the same head)
  QSpinBox* headBox() const { return mHead; }

  bool presentNext() override;  // starts the comparison
  bool presentBack() override { return false; }
  bool presentFirst() override { return false; }
  bool presentLast() override { return false; }
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool) override {}
  QJsonObject viewState() const override;
  void setViewState(const QJsonObject& state) override;

 public slots:
  void start();

 private:
  void show(const QString& error);
  void drawMaps();  // both maps: the last layer's chosen head
  std::vector<QWidget*> shownWithResult() const;
  ModelDocument* mDoc;
  CompareController* mCtl;
  QSpinBox *mSteps, *mHead;
  QPushButton *mStart, *mCancel;
  QProgressBar* mProgress;
  QLabel *mInfo, *mSummary, *mCrossTitle, *mCausalTitle, *mHeadLabel;
  QCustomPlot* mPlot;
  QCPGraph *mEdGraph, *mDGraph;
  Heatmap *mCross, *mCausal;
};
