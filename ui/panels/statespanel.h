// statespanel.h — the States tab, for a recurrent family (core/family.h view::kRecurrentStates): the hidden states
// h_1 … h_n over a probe as a d_h × n heatmap (one column per token, the seeds' convention), and beside it how far
// back the gradient of the last prediction reaches, ‖∂J_last/∂h_j‖ against the distance from the loss on a log
// scale — the vanishing gradient as a curve, while the model trains. Both from the core (gb::rnn_trace through
// StatesController), never recomputed here. For an HMM: the posterior of each hidden state at each token (K × n, each
// column a distribution) and below it Viterbi's most probable state path. For an RNN encoder-decoder: the encoder's
// states and the decoder's side by side (c, the encoder's last, is all the decoder gets of the source) and, with
// additive attention, the weights each decoder step puts on each source token.
#pragma once

#include "presentable.h"

#include <QWidget>

class MatrixView;
class ModelDocument;
class QComboBox;
class QCustomPlot;
class QLabel;
class StatesController;
class TrainingController;

class StatesPanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  StatesPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  StatesController* controller() const { return mCtl; }
  QComboBox* inputBox() const { return mInput; }
  MatrixView* statesView() const { return mStates; }
  MatrixView* posteriorView() const { return mPosterior; }  // an HMM's γ; an RNN encoder-decoder's attention
  QCustomPlot* gradientPlot() const { return mPlot; }

  bool presentNext() override;  // the next probe of the data
  bool presentBack() override;
  bool presentFirst() override { return false; }
  bool presentLast() override { return false; }
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool) override {}
  QJsonObject viewState() const override;  // {"input": probe}
  void setViewState(const QJsonObject& state) override;

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void fillInputs();
  void draw();
  void drawHmm();
  void drawSeq2Seq();
  QString drawSeq2SeqGradient();
  void showLegend(bool on);
  ModelDocument* mDoc;
  StatesController* mCtl;
  QComboBox* mInput;
  QLabel* mInfo;
  QLabel* mStatesTitle;
  QLabel* mPlotTitle;
  MatrixView* mStates;
  MatrixView* mPosterior;
  QCustomPlot* mPlot;
  bool mStale = true;
  bool mLegendShown = false;
  int mFilledData = -1;  // the data generation the probe box was filled for (sampleinputs.h)
};
