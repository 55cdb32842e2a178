// matrixview.h — any matrix as a heatmap (QCustomPlot's colour map), row 0 on top as the notes write matrices.
// Two looks: Diverging for values of either sign (parameters, gradients, updates: white at 0, a symmetric scale,
// orange below and purple above — colour-blind safe), and Binary for masks (1 filled, 0 hatched, as the attention
// heatmaps mark masked cells), and Probability for weights (viridis on a fixed 0–1 scale, like the attention
// heatmaps), and Change for the size of a change (a norm ≥ 0: viridis on a logarithmic scale, so that a change of
// 1e-7 shows as well as one of 1; a cell that is exactly 0 — bit-for-bit the same — is left empty and marked
// "="). Hovering shows the row, the column, their labels and the value.
#pragma once

#include "core/tensor.h"

#include <QStringList>
#include <QWidget>

#include <functional>

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;

class MatrixView : public QWidget {
  Q_OBJECT
 public:
  enum class Look { Diverging, Binary, Probability, Change };  // Probability: viridis on a fixed 0–1 scale
  explicit MatrixView(QWidget* parent = nullptr, Look look = Look::Diverging);
  // Row and column labels are optional (then 1-based indices); axis titles name what rows and columns are.
  void setMatrix(const gb::MatF& m, const QString& rowTitle = {}, const QString& colTitle = {},
                 const QStringList& rowLabels = {}, const QStringList& colLabels = {});
  void setScaleLabel(const QString& label);
  // Diverging ↔ Probability for the next setMatrix (a view that shows any variable: its distributions on 0–1 in
  // viridis, the others on a symmetric scale); other looks stay as made.
  void setLook(Look look);
  // The colour bar beside the map (shown by default; a Binary view has none). Small maps give its room to the map.
  void setScaleVisible(bool on);
  void clear();
  const gb::MatF& matrix() const { return mM; }
  const QStringList& rowLabels() const { return mRowLabels; }
  int rows() const { return int(mM.rows()); }
  int cols() const { return int(mM.cols()); }
  double range() const { return mRange; }  // the colour scale runs over [−range, range] (Binary: [0, 1])
  QString hoverText(int row, int col) const;
  // What hovering a cell says, instead of its row, column and value (empty function: the default).
  void setHoverFunction(std::function<QString(int row, int col)> f) { mHover = std::move(f); }
  // One column outlined (the newest, the one being computed), −1 for none.
  void setMarkedColumn(int col);
  int markedColumn() const { return mMarkedColumn; }
  QCustomPlot* plot() const { return mPlot; }
  QCPColorScale* scale() const { return mScale; }

 protected:
  void resizeEvent(QResizeEvent* e) override;  // labels fit the new size

 private:
  void applyTicks();
  QCustomPlot* mPlot;
  QCPColorMap* mMap;
  QCPColorScale* mScale;
  Look mLook;
  gb::MatF mM;
  QStringList mRowLabels, mColLabels;
  QList<class QCPItemText*> mMarks;  // Change: the "=" of the cells that are exactly 0
  QString mRowTitle, mColTitle;
  double mRange = 1;
  std::function<QString(int, int)> mHover;
  class QCPItemRect* mMark = nullptr;
  int mMarkedColumn = -1;
  bool mTicksPending = false;  // a redraw after a resize is queued
};
