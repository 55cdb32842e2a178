// axistitle.h — an axis title that is never cut. QCustomPlot draws a title centred on its axis and clips it to the
// plot: on a small map (the mask beside the attention map, the mask editor's three maps at 1024×768) "query t_x
// (reads → predicts) (numbered)" lost both ends. setAxisTitle keeps the whole title and shows it in as many lines
// as the room needs (a word wider than the room alone is elided), fitted again after each of the plot's layouts.
#pragma once

#include <QString>

class QCPAxis;
class QFont;

void setAxisTitle(QCPAxis* axis, const QString& title);
// The title in lines no wider than `room` pixels in `font`.
QString fitAxisTitle(const QString& title, const QFont& font, int room);
