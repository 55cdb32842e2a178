// decodingpanel.h — the Decoding tab: ED-Inference / D-Inference one token at a time. The next-token distribution
// p of the model beside q ∝ p^{1/τ} after the temperature slider (and top-k / top-p), redrawn as the slider moves;
// the token chosen and why; the sequence so far; the KV cache as it grows.
#pragma once

#include <QWidget>

#include <tuple>
#include "presentable.h"
#include "widgets/busyrow.h"

class DecodingController;
class KvCacheView;
class TimelineView;
class QCheckBox;
class BeamTreeView;
class QTabWidget;
class MatrixView;
class ModelDocument;
class QCPBars;
class QComboBox;
class QCustomPlot;
class QDoubleSpinBox;
class QLabel;
class QScrollArea;
class QProgressBar;
class QPushButton;
class QSlider;
class QSpinBox;
class TrainingController;

class DecodingPanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  DecodingPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  DecodingController* controller() const { return mCtl; }
  QComboBox* inputBox() const { return mInput; }
  QSlider* temperatureSlider() const { return mTau; }
  QPushButton* startButton() const { return mStart; }
  QPushButton* stepButton() const { return mStep; }
  QPushButton* runButton() const { return mRun; }
  QPushButton* backButton() const { return mBack; }
  QPushButton* beamButton() const { return mBeam; }
  QPushButton* saveHistoryButton() const { return mSaveHistory; }
  QSpinBox* beamWidthBox() const { return mBeamWidth; }
  QString beamText() const { return mBeamText; }
  // While work runs on the worker (To the end, a beam search, the comparison, going to a branch): its progress and
  // Cancel (hidden otherwise).
  QProgressBar* progressBar() const { return mBusy->progressBar(); }
  QPushButton* cancelButton() const { return mBusy->cancelButton(); }
  QLabel* infoLabel() const { return mInfo; }
  QCustomPlot* chart() const { return mChart; }
  // The chart's q bars and the token of each bar (bar i shows token chartTokens()[i]).
  QCPBars* qBars() const { return mQBars; }
  QVector<int> chartTokens() const { return mChartTokens; }
  // the heights of the chart's p bars, in the order of chartTokens() (what the class sees)
  QVector<double> chartValues() const;
  QSpinBox* topKBox() const { return mTopK; }
  QSpinBox* seedBox() const { return mSeed; }
  QDoubleSpinBox* topPBox() const { return mTopP; }
  QLabel* sequenceLabel() const { return mSequence; }
  QLabel* choiceLabel() const { return mChoice; }
  MatrixView* attentionView() const { return mAttention; }
  // The views under the controls, one at a time: the next token, the KV cache (…).
  QTabWidget* views() const { return mViews; }
  KvCacheView* kvCacheView() const { return mKv; }
  TimelineView* timelineView() const { return mTimeline; }
  QCheckBox* onceBox() const { return mOnce; }  // τ, top-k, top-p for the next token only
  // Next token as the button takes it (forced ≥ 0: that token), "for 1 step" honoured. An error message or empty.
  QString takeStep(int forced = -1);
  BeamTreeView* beamTree() const { return mBeamTree; }
  QDoubleSpinBox* beamAlphaBox() const { return mBeamAlpha; }
  QPushButton* beamLevelNext() const { return mLevelNext; }
  QPushButton* beamLevelBack() const { return mLevelBack; }
  // τ for a slider position: 0 … 3 in steps of 0.05; the last position is ∞.
  static double temperatureAt(int position);
  static constexpr int kInfinityPosition = 61;

  // Presentation mode: next token, back, a new sequence, to the end; the strip has τ and Back / Next token. With
  // the beam tree shown, the keys step through its levels (next, back, none, all).
  bool presentNext() override;
  bool presentBack() override;
  bool presentFirst() override;
  bool presentLast() override;
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool on) override;
  QJsonObject viewState() const override;
  void setViewState(const QJsonObject& state) override;

 public slots:
  bool start();  // false: nothing started (said in the view)

 protected:
  // the chart names as many tokens as its width holds: a resize (presentation mode, F5) fits them again
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  bool mRefitPending = false;
  void fillInputs();
  void applySampler();
  void redraw();
  void showFamilyViews();  // the views the open family offers (core/family.h)
  void saveHistoryDialog();
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  DecodingController* mCtl;
  QComboBox* mInput;
  int mFilledData = -1;  // the data generation the inputs were filled from
  QWidget* mControls;
  QPushButton* mStripNext = nullptr;  // presentation mode's strip
  QPushButton* mStripBack = nullptr;
  QPushButton* mStripBeam = nullptr;  // the strip's Beam search (enabled as the tab's)
  QSlider* mTau;
  QLabel* mTauLabel;
  QSpinBox *mTopK, *mSeed;
  QDoubleSpinBox* mTopP;
  QPushButton *mStart, *mStep, *mRun, *mBack, *mBeam, *mSaveHistory;
  QSpinBox* mBeamWidth;
  QLabel *mSequence, *mChoice, *mInfo, *mCache;
  QCustomPlot* mChart;
  QCPBars *mPBars, *mQBars;
  QVector<int> mChartTokens;
  QLabel* mAttentionTitle;
  QString mBeamText;  // the last beam search's best continuation
  BusyRow* mBusy;  // the worker's progress and Cancel
  void showBeam(const QString& error);
  void showProgress(int done, int limit);
  QTabWidget* mViews;
  KvCacheView* mKv;
  TimelineView* mTimeline;
  QCheckBox* mOnce;
  std::tuple<int, int, double> mOnceRestore{20, 0, 1.0};  // τ position, top-k, top-p
  QWidget* mBeamPage;
  BeamTreeView* mBeamTree;
  QDoubleSpinBox* mBeamAlpha;
  QPushButton *mLevelBack, *mLevelNext;
  QLabel* mLevelLabel;
  QScrollArea* mTreeScroll;
  void showLevels(int n);
  void scrollToLevel();  // the deepest level shown (its winner, else its first node) into view
  bool beamStepping() const;  // the presenter's keys step the beam tree's levels
  MatrixView* mAttention;  // the pending column's attention: keys × layers, averaged over heads
};
