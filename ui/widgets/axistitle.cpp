#include "axistitle.h"

#include <QFontMetrics>
#include <QStringList>

#include <algorithm>
#include <qcustomplot.h>

namespace {

// The room QCustomPlot draws the title in: centred on the axis rect, inside the plot.
int roomFor(const QCPAxis* axis) {
  const QCustomPlot* plot = axis->parentPlot();
  const QCPAxisRect* r = axis->axisRect();
  const bool across = axis->orientation() == Qt::Horizontal;
  const int size = across ? plot->width() : plot->height();
  const int laid = across ? r->width() : r->height();
  const int centre = laid > 10 ? (across ? r->center().x() : r->center().y()) : size / 2;
  return 2 * std::min(centre, size - centre) - 4;
}

}  // namespace

QString fitAxisTitle(const QString& title, const QFont& font, int room, bool elide) {
  const QFontMetrics fm(font);
  if (room <= 0 || fm.horizontalAdvance(title) <= room) return title;
  QStringList lines;
  QString line;
  for (const QString& word : title.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
    if (line.isEmpty() || fm.horizontalAdvance(longer) <= room) {
      line = longer;
    } else {
      lines << line;
      line = word;
    }
  }
  lines << line;
  if (elide)
    for (QString& l : lines)
      if (fm.horizontalAdvance(l) > room) l = fm.elidedText(l, Qt::ElideRight, room);
  return lines.join(QLatin1Char('\n'));
}

void setAxisTitle(QCPAxis* axis, const QString& title, const QString& shorter) {
  const int room = roomFor(axis);
  const QFontMetrics fm(axis->labelFont());
  if (axis->orientation() == Qt::Horizontal) {
    // one line (a title of several lines under a short map left QCustomPlot's margin too tall: the map squashed):
    // the title, else its shorter form, else that form elided
    const QString pick = room <= 0 || fm.horizontalAdvance(title) <= room || shorter.isEmpty() ? title : shorter;
    axis->setLabel(room > 0 && fm.horizontalAdvance(pick) > room ? fm.elidedText(pick, Qt::ElideRight, room) : pick);
  } else {
    // upright (lines side by side): wrapped at its spaces, never elided (a short colour bar would cut "‖change‖")
    axis->setLabel(fitAxisTitle(title, axis->labelFont(), room, /*elide=*/false));
  }
}
