// maskeditor.h — the Masks tab's mask editor: the decoder's self-attention on a probe under another mask than
// M_uni — prefix-LM (the first k positions see each other), a sliding window (only the last w positions), or one
// drawn cell by cell (click a cell to allow or forbid it) — and what changes: the attention weights of a chosen
// layer and head, and the token each column predicts, beside M_uni's. For inspection: the model was trained with
// M_uni. The masks are the core's (gb::prefix_lm_mask, gb::sliding_window_mask), the forward pass the core's
// (gb::trace_forward_masked); the probe is traced at once when that is quick (syncBudget), on a worker otherwise
// (BackgroundJob: progress and Cancel). Another probe or mask drops the running work's result; newer parameters of
// the same probe (training publishes them) wait for it and are traced after it, the maps shown staying until then.
#pragma once

#include "core/model/stepper.h"

#include <QWidget>

#include <functional>

class BackgroundJob;
class BusyRow;
class MatrixView;
class ModelDocument;
class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;

class MaskEditor : public QWidget {
  Q_OBJECT
 public:
  explicit MaskEditor(ModelDocument* doc, QWidget* parent = nullptr);
  enum class Kind { Causal, PrefixLm, SlidingWindow, Drawn };
  QComboBox* probeBox() const { return mProbe; }
  QComboBox* kindBox() const { return mKind; }
  QSpinBox* sizeBox() const { return mSize; }  // prefix k or window w
  QSpinBox* layerBox() const { return mLayer; }
  QSpinBox* headBox() const { return mHead; }
  MatrixView* maskView() const { return mMaskView; }
  MatrixView* weightsView() const { return mWeights; }       // under the mask
  MatrixView* causalWeightsView() const { return mCausal; }  // under M_uni
  QLabel* predictionsLabel() const { return mPredictions; }
  const gb::MatF& mask() const { return mMask; }
  // The mask of a kind (size: the prefix k or the window w; ignored by the others), as the boxes would set it.
  void setMask(Kind kind, int size);
  Kind kind() const;
  int size() const;
  // Allows or forbids one cell (key row, query column): the mask becomes a drawn one.
  void toggleCell(int key, int query);
  // The traces shown: with the mask and with M_uni (empty when there is none).
  const std::vector<gb::StepRecord>& maskedTrace() const { return mMasked; }
  const std::vector<gb::StepRecord>& causalTrace() const { return mPlain; }
  // Work estimated above this (trace_cost's units) runs on the worker; 0: everything does (tests).
  static constexpr double kSyncBudget = 3e7;
  void setSyncBudget(double units) { mSyncBudget = units; }
  bool busy() const;
  QPushButton* cancelButton() const;
  QLabel* infoLabel() const { return mInfo; }

 signals:
  void traced();  // the traces shown are new (or there are none: the info says why)

 public slots:
  void refresh();

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void fillProbes();
  void makeMask();
  void trace(bool keepShown = false);
  void showTraces();
  void clearShown();  // no traces shown
  void showNothing(const QString& why);  // no traces: the info line says why
  void setBusy(bool busy, bool decodes = false);
  void cancel();
  // work(progress) → false when cancelled; take() runs on the GUI thread after it (dropped when cancelled).
  // keepShown: the maps shown stay until the result (newer parameters of the same input), else they go at once.
  void runOnWorker(std::function<bool(const std::function<bool(int, int)>&)> work, std::function<void()> take,
                   bool decodes, bool keepShown);
  void showResult(std::vector<gb::StepRecord>& plain, gb::Result<std::vector<gb::StepRecord>>& masked);
  ModelDocument* mDoc;
  QComboBox *mProbe, *mKind;
  QSpinBox *mSize, *mLayer, *mHead;
  QLabel *mInfo, *mPredictions;
  MatrixView *mMaskView, *mWeights, *mCausal;
  gb::MatF mMask;
  gb::Example mExample;
  QStringList mTokens;       // mExample's
  QStringList mShownTokens;  // the shown traces' (mTokens, or the last ones while new traces are on their way)
  gb::MatF mShownMask;       // the mask of the shown traces
  // the parameters mExample's continuation was decoded with (empty when the probe decodes nothing)
  std::shared_ptr<const gb::Params<float>> mExampleParams;
  std::vector<gb::StepRecord> mMasked, mPlain;
  bool mStale = true;
  BackgroundJob* mJob;
  double mSyncBudget = kSyncBudget;
  quint64 mRequest = 0;  // the latest request: an older one's result is dropped
  QString mRunningKey;   // the input (model, data, probe) of the work on the worker
  bool mAgain = false;   // refresh again when it ends (newer parameters of the same model)
  QString mShownKey;     // the input of the traces shown
  QString inputKey() const;
  BusyRow* mBusy;
  int mFilledData = -1;
};
