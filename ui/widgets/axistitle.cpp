#include "axistitle.h"

#include <QFontMetrics>
#include <QObject>
#include <QStringList>

#include <algorithm>
#include <qcustomplot.h>

namespace {

constexpr const char* kTitle = "glassboxAxisTitle";

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

// The title fitted to the room it has now; true when that changed the label.
bool fit(QCPAxis* axis) {
  const QVariant title = axis->property(kTitle);
  if (!title.isValid()) return false;
  const QString label = fitAxisTitle(title.toString(), axis->labelFont(), roomFor(axis));
  if (label == axis->label()) return false;
  axis->setLabel(label);
  return true;
}

// After each layout (a resize, a new font, new ticks), every titled axis of the plot fitted to its room again; a
// title that changed is drawn with the margins it needs one replot later.
void refit(QCustomPlot* plot) {
  bool changed = false;
  for (QCPAxisRect* r : plot->axisRects())
    for (QCPAxis* a : r->axes()) changed = fit(a) || changed;
  for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
    if (auto* s = qobject_cast<QCPColorScale*>(e)) changed = fit(s->axis()) || changed;
  if (changed) plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace

QString fitAxisTitle(const QString& title, const QFont& font, int room) {
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
  for (QString& l : lines)
    if (fm.horizontalAdvance(l) > room) l = fm.elidedText(l, Qt::ElideRight, room);
  return lines.join(QLatin1Char('\n'));
}

void setAxisTitle(QCPAxis* axis, const QString& title) {
  QCustomPlot* plot = axis->parentPlot();
  if (!plot->property(kTitle).toBool()) {
    plot->setProperty(kTitle, true);
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] { refit(plot); });
  }
  axis->setProperty(kTitle, title);
  fit(axis);
}
