// attentionopened.h — one attention head opened up, the way seed 001 writes it, Y = V·softmax(mask(KᵀQ/√d_h)):
// Q, K and V of the head, the dot products KᵀQ, the scaled scores, the mask, the softmax weights and the head's
// output, each a labelled matrix with the tokens on its axes (keys t_z down, queries t_x across; a decoder's
// query column j reads x_j and predicts x_{j+1}). Hovering a weight shows the numbers that made it: the dot
// product, the scaling, exp(s − max) and the softmax's denominator — all from the core's record of the head
// (gb::HeadRecord); nothing here computes them again. Used by the Algorithm tab (the line that just ran) and the
// Attention tab (the chosen layer and head).
#pragma once

#include "core/model/stepper.h"

#include <QStringList>
#include <QWidget>

#include <array>

class MatrixView;
class QLabel;
class QSpinBox;

class AttentionOpenedView : public QWidget {
  Q_OBJECT
 public:
  enum Part { Q, K, V, Dots, Scaled, Mask, Weights, Output, kParts };
  // headChooser: a spin box of its own for the head (the Attention tab chooses it in its own controls)
  explicit AttentionOpenedView(QWidget* parent = nullptr, bool headChooser = true);
  // keys / queries: the tokens of the key and query positions; predicted (decoder queries): the token each query
  // column predicts (x_{j+1}), empty for the encoder.
  void setRecord(const gb::AttentionRecord& r, const QStringList& keys, const QStringList& queries,
                 const QStringList& predicted, int head);
  void clear();
  int head() const { return mHead; }
  void setHead(int head);
  MatrixView* view(Part p) const { return mViews[size_t(p)]; }
  QSpinBox* headBox() const { return mHeadBox; }
  QString weightHover(int key, int query) const;  // what hovering a weight says
  // Modest: the tab it is in is laid out by its height for the width (word-wrapped labels), and that height comes
  // from the size hints; eight plots' own hints made the Algorithm tab taller than a 768-pixel screen.
  QSize sizeHint() const override { return {900, 260}; }
  const gb::HeadRecord* shown() const { return mRecord.heads.empty() ? nullptr : &mRecord.heads[size_t(mHead)]; }

 signals:
  void headChanged(int head);

 private:
  void redraw();
  std::array<MatrixView*, kParts> mViews{};
  std::array<QLabel*, kParts> mTitles{};
  QLabel* mTitle;
  QSpinBox* mHeadBox = nullptr;
  gb::AttentionRecord mRecord{gb::AttentionRecord::Kind::Causal, {}, {}, {}, {}, {}};
  QStringList mKeys, mQueries, mPredicted;
  int mHead = 0;
};
