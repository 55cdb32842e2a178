// trainingview.h — the Training tab: the loss curve of the open model as large as the screen allows, for the
// class to watch while it trains. It draws the document's history (every optimizer step, validation where
// measured) — the same points as the Training dock's curve. In presentation mode its strip carries the Training
// dock's Start / Pause / Step and the latest loss; the presenter's "next" is one optimizer step.
#pragma once

#include <QWidget>

#include "presentable.h"

class LossPlot;
class ModelDocument;
class QLabel;
class TrainingController;
class TrainingPanel;

class TrainingView : public QWidget, public Presentable {
  Q_OBJECT
 public:
  TrainingView(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  // The dock whose buttons the strip mirrors (its policy decides what may run).
  void setTrainingPanel(TrainingPanel* panel) { mPanel = panel; }
  LossPlot* lossPlot() const { return mPlot; }
  // An EM family's log-likelihood per iteration (the history's loglik), shown under the loss for such a family.
  LossPlot* loglikPlot() const { return mLoglik; }
  QLabel* lossLabel() const { return mLoss; }

  bool presentNext() override;  // one optimizer step
  bool presentBack() override { return false; }  // a step cannot be taken back
  bool presentFirst() override { return false; }
  bool presentLast() override { return false; }
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool) override {}
  QJsonObject viewState() const override { return {}; }  // the loss curve follows the model's history
  void setViewState(const QJsonObject&) override {}

 signals:
  void lossChanged(const QString& text);  // the line above the plot (and in the strip) says something new

 private:
  void syncHistory();  // the plot catches up with the document's history
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  TrainingPanel* mPanel = nullptr;
  LossPlot* mPlot;
  LossPlot* mLoglik;
  QLabel* mLoss;
  int mLastValidation = -1;   // the step of the history's newest validation
  double mLastValidationLoss = 0;
};
