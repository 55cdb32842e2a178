// algorithmpanel.h — the Algorithm tab: the family's pseudo-code (ED-Transformer or D-Transformer, as the model's
// options make it; an RNN, an RNN encoder-decoder, an HMM with Viterbi), executed one line at a time on a probe. The line that runs next is marked; what is in scope
// is listed with its shape; the matrix a line produced (or any variable in scope) is shown as a heatmap.
#pragma once

#include <QWidget>

#include "presentable.h"

class AlgorithmController;
class AttentionOpenedView;
class QTabWidget;
class QSplitter;
class MatrixView;
class ModelDocument;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QTableWidget;
class TrainingController;

class AlgorithmPanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  AlgorithmPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  AlgorithmController* controller() const { return mCtl; }
  QComboBox* inputBox() const { return mInput; }
  QPushButton* startButton() const { return mStart; }
  QPushButton* nextButton() const { return mNext; }
  QPushButton* backButton() const { return mBack; }
  QListWidget* listing() const { return mListing; }
  QTableWidget* scopeTable() const { return mScope; }
  MatrixView* matrixView() const { return mMatrix; }
  QLabel* recordLabel() const { return mRecord; }
  // Result: what the line made; Inside the line: an attention line's head opened up, a norm line's statistics.
  QTabWidget* detailTabs() const { return mDetail; }
  AttentionOpenedView* openedView() const { return mOpened; }
  QTableWidget* normStatsTable() const { return mNorm; }

  // Presentation mode: next line, back, to the start, to the end; the strip has Back / Next line.
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

 private:
  void fillInputs();
  void redraw();
  void showVariable(const QString& name);
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  AlgorithmController* mCtl;
  QComboBox* mInput;
  int mFilledData = -1;  // the data generation the inputs were filled from
  QWidget* mControls;
  QPushButton* mStripNext = nullptr;  // presentation mode's strip
  QPushButton* mStripBack = nullptr;
  QPushButton *mStart, *mNext, *mBack, *mRun, *mReset;
  QLabel *mTitle, *mRecord, *mInfo, *mMatrixTitle;
  QListWidget* mListing;
  QTableWidget* mScope;
  MatrixView* mMatrix;
  QTabWidget* mDetail;
  QWidget* mRight;               // what the last line ran, and the variables in scope (the workbench's)
  QSplitter* mTall;              // the listing above, what the line made below
  QList<int> mSizesBeforePresenting;
  bool mPresenting = false;
  void shareHeight();            // presenting: Inside the line's eight matrices get three quarters of the height
  void showEvent(QShowEvent* e) override;
  QWidget* mInside;
  AttentionOpenedView* mOpened;
  QLabel* mNormTitle;
  QTableWidget* mNorm;
  void showInside();
  QString mShown;  // the variable shown ("" = what the last line produced)
};
