// colormaps.h — the workbench's colour maps, one definition each: viridis for weights and probabilities (fixed 0–1
// scale), PuOr for signed values (white at 0), and the two colours of a 0/1 mask. All colour-blind safe; NaN cells
// stay transparent so a hatched background can show through.
#pragma once

#include <qcustomplot.h>

#include <QFont>
#include <QStringList>

QCPColorGradient viridisGradient();
QCPColorGradient divergingGradient();
QCPColorGradient maskGradient();

// QCustomPlot draws nothing for a colour map one cell wide or high (its key or value range has no width). These
// size the map for an nx × ny matrix and set its cells; a single row or column is stored twice, half a cell
// either side of its centre, so it is drawn like any other.
void setMapSize(QCPColorMap* map, int nx, int ny);
void setMapCell(QCPColorMap* map, int x, int y, double value);

// Which tick labels an axis can show without overlap: all of them (the x axis rotated upright if only that
// fits), or every `every`-th position as a 1-based number (then the axis title should say so).
struct LabelFit {
  int every = 1;        // 1: every label; k > 1: positions 1, 1 + k, … numbered
  bool rotate = false;  // x axis: labels turned 45° (upright, single letters would read as others: b as q)
};
// A token as a tick label: one line, at most kTickLabelMax characters (a longer one ends in "…"). A token of a
// 200,000-character line (a word or BPE tokenizer on a hostile file), turned 45°, asked QCustomPlot for a label
// pixmap of terabytes (found by the monkey under AddressSanitizer).
inline constexpr int kTickLabelMax = 24;
QString tickLabel(const QString& text);
LabelFit fitLabels(const QStringList& labels, int n, int room, const QFont& font, bool horizontal);
QSharedPointer<QCPAxisTickerText> labelTicker(const QStringList& labels, int n, const LabelFit& fit);

// Moves the plot's legend out of the axes to a row above them, its entries side by side: it never covers data.
void placeLegendAbove(QCustomPlot* plot);
