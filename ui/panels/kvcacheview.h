// kvcacheview.h — the Decoding tab's KV cache: per decoder layer, the self-attention keys and values cached so far
// (one column per token of x, the newest outlined: it was computed by the last step, the others were read from
// the cache), for the encoder-decoder the cross-attention K and V computed once from the encoder output, and the
// multiply-adds each step did with the cache against what it would have done without (gb::decode_work), per step
// and added up, so the class sees the saving grow with the length. It only shows the controller's session.
#pragma once

#include <QWidget>

class DecodingController;
class MatrixView;
class QCPGraph;
class QCustomPlot;
class QGridLayout;
class QLabel;
class QSpinBox;

class KvCacheView : public QWidget {
  Q_OBJECT
 public:
  explicit KvCacheView(DecodingController* ctl, QWidget* parent = nullptr);
  QSpinBox* layerBox() const { return mLayer; }
  MatrixView* selfK() const { return mSelfK; }
  MatrixView* selfV() const { return mSelfV; }
  MatrixView* crossK() const { return mCrossK; }
  MatrixView* crossV() const { return mCrossV; }
  QCustomPlot* workPlot() const { return mWork; }
  QLabel* counterLabel() const { return mCounter; }
  QLabel* title() const { return mTitle; }
  // The totals the counter shows: the steps taken so far and the one pending (its column is in the cache); the
  // cached total includes the cache's one-time work at the start (gb::decode_setup_work).
  double totalCached() const { return mTotalCached; }
  double totalUncached() const { return mTotalUncached; }

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void redraw();
  DecodingController* mCtl;
  QSpinBox* mLayer;
  QLabel *mTitle, *mCrossTitle, *mCounter;
  MatrixView *mSelfK, *mSelfV, *mCrossK, *mCrossV;
  QGridLayout* mMaps = nullptr;  // the self-attention's maps above, the cross-attention's below (encoder-decoder)
  QCustomPlot* mWork;
  QCPGraph *mCachedGraph, *mUncachedGraph;
  double mTotalCached = 0, mTotalUncached = 0;
  bool mDirty = true;
};
