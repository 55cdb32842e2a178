// tablepanel.h — the Table tab, for a family whose model is a table of next-token distributions (the bigram,
// core/family.h view::kTransitionTable): P(b | a) = softmax(B[:, a]) as a heatmap with the tokens on both axes —
// column a is the distribution of the token after a — from the core (gb::bigram_table), or the scores B themselves.
// Hovering a cell says P(b | a) and the score. It follows the trainer's published parameters.
#pragma once

#include "presentable.h"

#include <QWidget>

class MatrixView;
class ModelDocument;
class QComboBox;
class QLabel;
class TrainingController;

class TablePanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  TablePanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  MatrixView* view() const { return mView; }
  QComboBox* modeBox() const { return mMode; }

  bool presentNext() override;  // probabilities ↔ scores
  bool presentBack() override { return presentNext(); }
  bool presentFirst() override { return false; }
  bool presentLast() override { return false; }
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool) override {}
  QJsonObject viewState() const override;  // {"mode": "probabilities" | "scores"}
  void setViewState(const QJsonObject& state) override;

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void refresh();
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  QComboBox* mMode;
  QLabel* mInfo;
  MatrixView* mView;
  bool mStale = true;
};
