// parameterspanel.h — the Parameters tab: any parameter tensor θ, its gradient ∇J and its last update Δθ as
// heatmaps with the seed's name and shape, and the gradient norm per tensor over training as a plot.
// θ comes from the document (or the trainer's latest published copy while it trains); ∇J and Δθ from the
// trainer's published step. The gradient-norm plot draws the document's history (what a saved file reopens).
#pragma once

#include "core/io/model_file.h"
#include "core/tensor.h"

#include <QElapsedTimer>
#include <QWidget>

#include "presentable.h"

#include <memory>
#include <string>
#include <vector>

class ModelDocument;
class MatrixView;
class QCheckBox;
class QComboBox;
class QCPGraph;
class QCustomPlot;
class QLabel;
class QTimer;
class TrainingController;
struct TrainingSnapshot;

class ParametersPanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  ParametersPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  QComboBox* tensorBox() const { return mTensor; }
  MatrixView* valueView() const { return mValue; }
  MatrixView* gradView() const { return mGrad; }
  MatrixView* updateView() const { return mUpdate; }
  QLabel* shapeLabel() const { return mShape; }
  QCustomPlot* normPlot() const { return mPlot; }
  int normSteps() const { return mNormSteps; }  // points of the "all tensors" curve as drawn
  int gradStep() const { return mGradStep; }  // the step ∇J and Δθ belong to (0: none)

  // "dec.0.attn.W_q" → what it is in the seed's words, and its shape in the seed's symbols.
  static QString describe(const std::string& name);
  // (lstm: a recurrent cell's V, A, b, C stack the LSTM's four gates: 4·d_h rows)
  static QString symbolicShape(const std::string& name, gb::Variant v = gb::Variant::DecoderOnly, bool lstm = false);

  // Presentation mode: the next and previous parameter tensor.
  bool presentNext() override;
  bool presentBack() override;
  bool presentFirst() override;
  bool presentLast() override;
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool) override {}
  QJsonObject viewState() const override;
  void setViewState(const QJsonObject& state) override;

 public slots:
  void refresh();

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void fillTensors();
  void showTensor();
  void rebuildPlot();
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  QComboBox* mTensor;
  QLabel *mShape, *mInfo, *mGradTitle, *mUpdateTitle, *mValueTitle;
  MatrixView *mValue, *mGrad, *mUpdate;
  QCustomPlot* mPlot;
  QCheckBox* mAll;
  QCheckBox* mLog;
  QTimer* mRepaint;
  std::vector<QWidget*> mViews;
  std::vector<QWidget*> mNormParts;  // the gradient-norm plot with its title and boxes (none for a family trained by EM)
  // what is shown
  std::vector<std::string> mNames;
  // the shared snapshots shown (the parameters, the last step's gradient and update): held, never copied
  std::shared_ptr<const gb::Params<float>> mShown;
  std::shared_ptr<const gb::LastStep> mShownStep;
  int mGradStep = 0;
  int mGeneration = -1;
  bool mStale = false;  // refreshed while hidden: redo when shown
  // gradient norms over training: drawn from the document's history
  int mNormSteps = 0;
  bool mDirty = false;    // the history changed: refill the curves
  bool mRebuild = true;   // new graphs needed
  QElapsedTimer mPlotClock;  // since the last rebuild of the curves
  qint64 mPlotPause = 100;   // ms until new points may rebuild them again (ten times the last one's cost)
  std::vector<std::pair<QCPGraph*, int>> mGraphTensor;  // graph → tensor index (−1: all tensors together)
};
