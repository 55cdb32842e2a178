#include "axistitle.h"

#include <QFontMetrics>
#include <QStringList>
#include <QTimer>

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
  // after a resize the axis rect is still where the last layout put it: its margins, kept, give the new centre
  const QRect outer = plot->plotLayout()->outerRect();
  int centre = size / 2;
  if (laid > 10 && outer.width() > 10 && outer.height() > 10) {
    const int before = across ? r->left() - outer.left() : r->top() - outer.top();
    const int after = across ? outer.right() - r->right() : outer.bottom() - r->bottom();
    centre = before + std::max(0, size - before - after) / 2;
  }
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

namespace {

constexpr const char* kTitle = "glassboxAxisTitle";
constexpr const char* kShorter = "glassboxAxisTitleShorter";

QString fitted(QCPAxis* axis, const QString& title, const QString& shorter) {
  const int room = roomFor(axis);
  const QFontMetrics fm(axis->labelFont());
  if (axis->orientation() == Qt::Horizontal) {
    // one line (a title of several lines under a short map left QCustomPlot's margin too tall: the map squashed):
    // the title, else its shorter form, else that form without its parenthesis ("query t_x (reads → predicts)" →
    // "query t_x": what the axis is, not an elided half of what it says), else elided
    const QString pick = room <= 0 || fm.horizontalAdvance(title) <= room || shorter.isEmpty() ? title : shorter;
    if (room <= 0 || fm.horizontalAdvance(pick) <= room) return pick;
    const qsizetype paren = pick.indexOf(QStringLiteral(" ("));
    if (paren > 0 && fm.horizontalAdvance(pick.left(paren)) <= room) return pick.left(paren);
    return fm.elidedText(pick, Qt::ElideRight, room);
  }
  // upright (lines side by side): wrapped at its spaces, never elided (a short colour bar would cut "‖change‖");
  // the shorter form when a word of the title is longer than the axis (German "Aufmerksamkeitsgewicht" beside a
  // short map), with a tenth to spare: the title's width moves the map's labels, and they the room (without the
  // spare the two forms took turns, the longer one drawn cut)
  if (room > 0 && !shorter.isEmpty())
    for (const QString& word : title.split(QLatin1Char(' '), Qt::SkipEmptyParts))
      if (fm.horizontalAdvance(word) > room * 9 / 10) return fitAxisTitle(shorter, axis->labelFont(), room, /*elide=*/false);
  return fitAxisTitle(title, axis->labelFont(), room, /*elide=*/false);
}

// After each layout of the plot (a resize, new ticks, another font) every titled axis fitted to the room it has now;
// a title that changed is drawn with its margins one replot later (one line across: the margins do not grow).
void refit(QCustomPlot* plot) {
  bool changed = false;
  auto fit = [&](QCPAxis* a) {
    const QVariant title = a->property(kTitle);
    if (!title.isValid()) return;
    const QString label = fitted(a, title.toString(), a->property(kShorter).toString());
    if (label == a->label()) return;
    a->setLabel(label);
    changed = true;
  };
  for (QCPAxisRect* r : plot->axisRects())
    for (QCPAxis* a : r->axes()) fit(a);
  for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
    if (auto* s = qobject_cast<QCPColorScale*>(e)) fit(s->axis());
  if (changed) plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace

void setAxisTitle(QCPAxis* axis, const QString& title, const QString& shorter) {
  QCustomPlot* plot = axis->parentPlot();
  if (!plot->property(kTitle).toBool()) {
    plot->setProperty(kTitle, true);
    QObject::connect(plot, &QCustomPlot::afterLayout, plot, [plot] { refit(plot); });
  }
  axis->setProperty(kTitle, title);
  axis->setProperty(kShorter, shorter);
  axis->setLabel(fitted(axis, title, shorter));
}

void setTickLabelRotation(QCPAxis* axis, double degrees) {
  if (axis->tickLabelRotation() == degrees) return;
  axis->setTickLabelRotation(degrees);
  // (after the replot the caller asks for, which sizes from the old labels and draws the new ones)
  QCustomPlot* plot = axis->parentPlot();
  QTimer::singleShot(0, plot, [plot] {
    QTimer::singleShot(0, plot, [plot] { plot->replot(QCustomPlot::rpQueuedReplot); });
  });
}
