// axistitle.h — an axis title that is never cut. QCustomPlot draws a title centred on its axis and clips it to the
// plot: on a small map (the mask beside the attention map, the mask editor's three maps at 1024×768) "query t_x
// (reads → predicts) (numbered)" lost both ends. setAxisTitle fits the title to the room the plot has now; the
// views call it again after each resize (Heatmap::redraw, MatrixView::applyTicks).
#pragma once

#include <QString>

class QCPAxis;
class QFont;

// A horizontal axis: one line — the title, or where it does not fit the shorter form, elided if even that does not
// fit. An upright axis: the title wrapped at its spaces into lines side by side.
void setAxisTitle(QCPAxis* axis, const QString& title, const QString& shorter = QString());
// The title in lines no wider than `room` pixels in `font` (a word wider than that alone elided when `elide`).
QString fitAxisTitle(const QString& title, const QFont& font, int room, bool elide = true);
// Sets an axis's tick-label rotation. QCustomPlot 2.1 sizes an axis's margin from the label pixmaps it cached before
// it draws them again: after the rotation changes, the next replot keeps the old margin (level labels under the room
// of rotated ones — a map made while its panel was still narrow stayed short). When it changed, the plot is drawn
// once more after that replot.
void setTickLabelRotation(QCPAxis* axis, double degrees);
