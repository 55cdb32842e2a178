// heatmap.h — one attention matrix as a heatmap (QCustomPlot's colour map), laid out as the notes write it:
// rows are keys t_z, columns are queries t_x (A = softmax(Kᵀ Q / √d_h) is n_k × n_q), tokens on both axes.
// Masked cells are left transparent over a hatched background; hovering shows the weight, the raw and scaled
// score and the mask entry. Weights use a fixed 0–1 scale (they are probabilities); scores a symmetric one.
// The colours are viridis (colour-blind safe).
#pragma once

#include "core/tensor.h"

#include <QStringList>
#include <QWidget>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;

class Heatmap : public QWidget {
  Q_OBJECT
 public:
  enum class Mode { Weights, Scores };
  explicit Heatmap(QWidget* parent = nullptr, bool compact = false);
  // weights, scores (scaled, before the mask) and mask: n_k × n_q. Labels: keys (rows) and queries (columns).
  void setData(const gb::MatF& weights, const gb::MatF& scores, const gb::MatF& mask, const QStringList& keyLabels,
               const QStringList& queryLabels, double scale);
  // A decoder's query column j reads x_j and predicts x_{j+1}: the tokens it predicts, shown along the top edge
  // (and in the hover); empty for the encoder, whose columns predict nothing. Set before setData.
  void setPredictions(const QStringList& predicted) { mPredicted = predicted; }
  void setMode(Mode m);
  void setTitle(const QString& title);
  const gb::MatF& weights() const { return mWeights; }  // what is shown (n_k × n_q)
  int rows() const { return int(mWeights.rows()); }
  int cols() const { return int(mWeights.cols()); }
  QString hoverText(int row, int col) const;  // what the tooltip says for a cell
  QCustomPlot* plot() const { return mPlot; }

 signals:
  void clicked();

 protected:
  void resizeEvent(QResizeEvent* e) override;  // labels fit the new size

 private:
  void redraw();
  QCustomPlot* mPlot;
  QCPColorMap* mMap;
  QCPColorScale* mScale = nullptr;
  gb::MatF mWeights, mScores, mMask;
  QStringList mKeys, mQueries, mPredicted;
  double mScaleFactor = 1;
  Mode mMode = Mode::Weights;
  bool mCompact;
  bool mRedrawPending = false;  // a redraw after a resize is queued
};
