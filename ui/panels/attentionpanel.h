// attentionpanel.h — the Attention tab: for a probe input, the attention of every layer and head as heatmaps
// (one large, a grid of all layers × heads to pick from), encoder self-attention, decoder masked
// self-attention and cross-attention, weights or scores, one head or the average, and the mask that shaped it.
// It reads a trace of the document's parameters (never the trainer's live buffers) and refreshes when the
// trainer publishes parameters.
#pragma once

#include "core/model/stepper.h"

#include <QWidget>

class Heatmap;
class ModelDocument;
class QComboBox;
class QGridLayout;
class QLabel;
class QSpinBox;
class TrainingController;

class AttentionPanel : public QWidget {
  Q_OBJECT
 public:
  AttentionPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  Heatmap* large() const { return mLarge; }
  Heatmap* maskView() const { return mMask; }
  QComboBox* kindBox() const { return mKind; }
  QComboBox* probeBox() const { return mProbe; }
  QComboBox* headBox() const { return mHead; }
  int gridCount() const { return int(mGrid.size()); }

 public slots:
  void refresh();  // recompute the trace from the document's (or the trainer's latest) parameters

 private:
  void fillProbes();
  void showSelection();
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  QComboBox *mProbe, *mKind, *mHead, *mMode;
  QSpinBox* mLayer;
  QLabel* mInfo;
  Heatmap* mLarge;
  Heatmap* mMask;
  QLabel* mMaskTitle;
  QLabel* mGridTitle;
  std::vector<QWidget*> mViews;  // hidden until a trace exists
  QWidget* mGridHost;
  QGridLayout* mGridLayout;
  std::vector<Heatmap*> mGrid;
  std::vector<gb::StepRecord> mTrace;
  QStringList mSourceTokens, mTargetTokens;
  int mShownGeneration = -1;
};
