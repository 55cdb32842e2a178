// attentionpanel.h — the Attention tab: for a probe input, the attention of every layer and head as heatmaps
// (one large, a grid of all layers × heads to pick from), encoder self-attention, decoder masked
// self-attention and cross-attention, weights or scores, one head or the average, and the mask that shaped it.
// It reads a trace of the document's parameters (never the trainer's live buffers) and refreshes when the
// trainer publishes parameters. The trace is a TraceController's: long ones run on a worker (progress, Cancel).
#pragma once

#include "core/model/stepper.h"

#include <QWidget>

#include "presentable.h"
#include "widgets/busyrow.h"

class Heatmap;
class AttentionOpenedView;
class QTabWidget;
class MatrixView;
class ModelDocument;
class QComboBox;
class QGridLayout;
class QLabel;
class QProgressBar;
class QPushButton;
class TraceController;
class QSpinBox;
class TrainingController;

class AttentionPanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  AttentionPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  Heatmap* large() const { return mLarge; }
  MatrixView* maskView() const { return mMask; }
  QComboBox* kindBox() const { return mKind; }
  QComboBox* probeBox() const { return mProbe; }
  QComboBox* headBox() const { return mHead; }
  int gridCount() const { return int(mGrid.size()); }
  // Below the map: all layers × heads, or the chosen layer and head opened up.
  QTabWidget* belowTabs() const { return mBelow; }
  AttentionOpenedView* openedView() const { return mOpened; }
  QSpinBox* layerBox() const { return mLayer; }
  QComboBox* modeBox() const { return mMode; }  // weights or scores
  TraceController* tracer() const { return mTracer; }
  QProgressBar* progressBar() const { return mBusy->progressBar(); }  // while a long trace runs on the worker
  QPushButton* cancelButton() const { return mBusy->cancelButton(); }
  QString infoText() const;

  // Presentation mode: the next and previous head (then layer), the first and the last; the grid gives its room to
  // the large map.
  bool presentNext() override;
  bool presentBack() override;
  bool presentFirst() override;
  bool presentLast() override;
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool on) override;
  QJsonObject viewState() const override;
  void setViewState(const QJsonObject& state) override;

 signals:
  void selectionChanged(const QString& description);  // another layer, head, kind or probe is shown

 public slots:
  // recompute the trace from the document's (or the trainer's latest) parameters; while the tab is hidden only
  // marks it stale (traced when shown)
  void refresh();

 protected:
  void showEvent(QShowEvent* e) override;
  void resizeEvent(QResizeEvent* e) override;

 private:
  void fillProbes();
  void placeBusy();  // the busy row over the info line (outside the layout)
  void probeUnreadable();
  void showSelection();
  void showTrace();  // a new trace (or another kind of it): layer and head ranges, then the selection
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  QComboBox *mProbe, *mKind, *mHead, *mMode;
  int mFilledData = -1;  // the data generation the probes were filled from
  QSpinBox* mLayer;
  QLabel* mInfo;
  Heatmap* mLarge;
  MatrixView* mMask;  // 1 filled, 0 hatched, as the Masks tab draws masks
  QLabel* mMaskTitle;
  QLabel* mGridTitle;
  std::vector<QWidget*> mViews;  // hidden until a trace exists
  QWidget* mGridHost;
  QWidget* mGridScroll;  // the tabs below the map (the grid, opened up)
  QTabWidget* mBelow;
  AttentionOpenedView* mOpened;
  bool mOpenedStale = true;  // the opened-up view waits to be seen
  QWidget* mControls;
  bool mPresenting = false;
  bool mStale = false;  // a refresh was asked for while hidden
  QGridLayout* mGridLayout;
  std::vector<Heatmap*> mGrid;
  TraceController* mTracer;  // the trace and the input it was made from
  BusyRow* mBusy;
  QStringList mSourceTokens, mTargetTokens;
  int mShownGeneration = -1;
};
