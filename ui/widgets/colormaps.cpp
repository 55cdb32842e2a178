#include "colormaps.h"

#include <QFontMetrics>

#include <algorithm>

QCPColorGradient viridisGradient() {
  QCPColorGradient g;
  g.setColorStopAt(0.00, QColor(0x44, 0x01, 0x54));
  g.setColorStopAt(0.25, QColor(0x3b, 0x52, 0x8b));
  g.setColorStopAt(0.50, QColor(0x21, 0x91, 0x8c));
  g.setColorStopAt(0.75, QColor(0x5e, 0xc9, 0x62));
  g.setColorStopAt(1.00, QColor(0xfd, 0xe7, 0x25));
  g.setNanHandling(QCPColorGradient::nhTransparent);
  return g;
}

QCPColorGradient divergingGradient() {  // PuOr (ColorBrewer), reversed: negative orange, zero white, positive purple
  QCPColorGradient g;
  g.setColorStopAt(0.00, QColor(0xb3, 0x58, 0x06));
  g.setColorStopAt(0.25, QColor(0xf1, 0xa3, 0x40));
  g.setColorStopAt(0.50, QColor(0xf7, 0xf7, 0xf7));
  g.setColorStopAt(0.75, QColor(0x99, 0x8e, 0xc3));
  g.setColorStopAt(1.00, QColor(0x54, 0x27, 0x88));
  g.setNanHandling(QCPColorGradient::nhTransparent);
  return g;
}

QCPColorGradient maskGradient() {
  QCPColorGradient g;
  g.setColorStopAt(0.0, QColor(0x21, 0x91, 0x8c));
  g.setColorStopAt(1.0, QColor(0xfd, 0xe7, 0x25));
  g.setNanHandling(QCPColorGradient::nhTransparent);
  return g;
}

void setMapSize(QCPColorMap* map, int nx, int ny) {
  auto range = [](int n) { return n == 1 ? QCPRange(-0.25, 0.25) : QCPRange(0, std::max(0, n - 1)); };
  map->data()->setSize(nx == 1 ? 2 : nx, ny == 1 ? 2 : ny);
  map->data()->setRange(range(nx), range(ny));
}

void setMapCell(QCPColorMap* map, int x, int y, double value) {
  QCPColorMapData* d = map->data();
  const bool oneX = d->keyRange().size() < 1 && d->keySize() == 2, oneY = d->valueRange().size() < 1 && d->valueSize() == 2;
  for (int i = 0; i <= (oneX ? 1 : 0); ++i)
    for (int j = 0; j <= (oneY ? 1 : 0); ++j) d->setCell(x + i, y + j, value);
}

QString tickLabel(const QString& text) {
  QString t = text;
  t.replace(QLatin1Char('\n'), QStringLiteral("⏎"));
  t.replace(QLatin1Char('\r'), QStringLiteral("⏎"));
  if (t.size() > kTickLabelMax) t = t.left(kTickLabelMax - 1) + QChar(0x2026);
  return t;
}

LabelFit fitLabels(const QStringList& labels, int n, int room, const QFont& font, bool horizontal) {
  const QFontMetrics fm(font);
  // labels sit centred under their cells, so two neighbours need their width plus a gap between them: half a
  // character is enough to read "1 2" apart (a whole one left the 2 of a two-column map out)
  const int gap = std::max(3, fm.averageCharWidth() / 2);
  const int upright = fm.height() + 4;  // a label's extent across the axis when it runs along it, with a gap
  if (n <= 0 || room <= 0) return {};
  int widest = 0;
  for (int i = 0; i < n; ++i) widest = std::max(widest, fm.horizontalAdvance(tickLabel(labels.value(i))));
  if (!horizontal) {
    if (n * upright <= room) return {};
  } else {
    if (n * (widest + gap) <= room) return {};
    if (n * upright * 3 / 2 <= room) return {1, true};  // turned 45°: each takes about 1.4 lines along the axis
  }
  const int number = horizontal ? fm.horizontalAdvance(QString::number(n)) + 2 * fm.averageCharWidth() : upright;
  LabelFit fit;
  fit.every = std::max(2, (n * number + room - 1) / room);
  return fit;
}

QSharedPointer<QCPAxisTickerText> labelTicker(const QStringList& labels, int n, const LabelFit& fit) {
  auto t = QSharedPointer<QCPAxisTickerText>::create();
  for (int i = 0; i < n; i += fit.every) t->addTick(i, fit.every == 1 ? tickLabel(labels.value(i)) : QString::number(i + 1));
  return t;
}

void placeLegendAbove(QCustomPlot* plot) {
  plot->legend->setVisible(true);
  plot->axisRect()->insetLayout()->take(plot->legend);
  plot->plotLayout()->insertRow(0);
  plot->plotLayout()->addElement(0, 0, plot->legend);
  plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
  plot->legend->setMargins(QMargins(4, 2, 4, 2));
  plot->plotLayout()->setRowStretchFactor(0, 0.001);
}
