// comparepanel.h — the Compare tab: the loaded data trained as each chosen family side by side (CompareController),
// and what differs: the loss curves, validation loss, parameter counts, time per step, the greedy decoding of the same
// input (pairs) or a sample at one τ (text), and the transformers' attention on one probe (cross-attention against
// causal self-attention over source>target). By default the two transformers, as seed 004 compares them.
#pragma once

#include "core/config.h"

#include <QPointer>
#include <QWidget>

#include <map>
#include <vector>

#include "presentable.h"

class CompareController;
class Heatmap;
class ModelDocument;
class QCheckBox;
class QComboBox;
class QVBoxLayout;
class QCustomPlot;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

class ComparePanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  ComparePanel(ModelDocument* doc, CompareController* controller, QWidget* parent = nullptr);
  CompareController* controller() const { return mCtl; }
  QSpinBox* stepsBox() const { return mSteps; }
  QSpinBox* emIterationsBox() const { return mEm; }  // a family trained by EM: its iterations
  QPushButton* startButton() const { return mStart; }
  QPushButton* cancelButton() const { return mCancel; }
  QCustomPlot* lossPlot() const { return mPlot; }
  // Pairs: exact match of the validation pairs against the source's length, one graph a family (the bottleneck)
  QCustomPlot* exactPlot() const { return mExact; }
  QLabel* legendLabel() const { return mLegend; }
  // Pairs: a training step's measured time against the source's length, one graph a family (the recurrence)
  QCustomPlot* timePlot() const { return mTime; }
  QLabel* summaryLabel() const { return mSummary; }
  Heatmap* crossMap() const { return mCross; }    // the encoder-decoder's cross-attention (last layer, headBox's head)
  Heatmap* causalMap() const { return mCausal; }  // the decoder-only model's self-attention (last layer, the same head)
  QSpinBox* headBox() const { return mHead; }
  // The families offered (every family in the window that predicts tokens), each a check box
  // ("compareFamily_<name>"); the default choice is both transformers.
  QCheckBox* familyBox(gb::Variant v) const;
  std::vector<gb::Variant> chosenFamilies() const;  // checked and usable on the loaded data, in the registry's order
  void setChosenFamilies(const std::vector<gb::Variant>& families);
  // The RNN encoder-decoder with attention, one more contender ("compareFamily_rnn-seq2seq+attention")
  QCheckBox* attentionBox() const { return mAttention; }
  bool anyChosen() const;

  bool presentNext() override;  // starts the comparison
  bool presentBack() override { return false; }
  bool presentFirst() override { return false; }
  bool presentLast() override { return false; }
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool on) override;
  // Presenting, which part the class sees (a lesson's beat keeps it: "page": "maps")
  void setPage(int page);
  int page() const { return mPage; }  // the choice of families and steps is the lecturer's: hidden from the class
  QJsonObject viewState() const override;
  void setViewState(const QJsonObject& state) override;

 public slots:
  void start();

 private:
  void showPage();
  void show(const QString& error);
  void drawMaps();  // both maps: the last layer's chosen head
  void drawLegend();  // each graph's colour and name
  void followData();  // the data's kind decides which families can be compared (no source on plain text)
  std::vector<QWidget*> shownWithResult() const;
  ModelDocument* mDoc;
  CompareController* mCtl;
  QSpinBox *mSteps, *mEm, *mHead;
  QPushButton *mStart, *mCancel;
  QProgressBar* mProgress;
  QLabel *mInfo, *mSummary, *mCrossTitle, *mCausalTitle, *mHeadLabel;
  QCustomPlot* mPlot;
  QCustomPlot* mExact;
  QCustomPlot* mTime;
  QLabel* mLegend;  // one legend for both plots: each family's colour and name, wrapping as text does
  std::map<gb::Variant, QCheckBox*> mFamilies;
  QCheckBox* mAttention;
  QVBoxLayout* mLayout;
  QWidget* mControls;  // the families, the steps, Train and Cancel
  QWidget* mCurvesPage;  // the curves and the table
  QWidget* mMapsPage;    // the head and the transformers' maps: room only when they are shown
  bool mPresenting = false;
  int mPage = 0;  // presenting: 0 the curves and the table, 1 the maps (the workbench shows both)
  QPointer<QComboBox> mPageBox;  // the strip's choice of it
  Heatmap *mCross, *mCausal;
};
