#include "matrixview.h"

#include "colormaps.h"
#include "figureexport.h"

#include <QLocale>
#include <QMouseEvent>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

MatrixView::MatrixView(QWidget* parent, Look look) : QWidget(parent), mLook(look) {
  mPlot = new QCustomPlot(this);
  installExportMenu(mPlot);  // Copy image, Save as PNG / SVG / PDF
  mMap = new QCPColorMap(mPlot->xAxis, mPlot->yAxis);
  mMap->setInterpolate(false);
  mScale = new QCPColorScale(mPlot);
  mPlot->plotLayout()->addElement(0, 1, mScale);
  mMap->setColorScale(mScale);
  mScale->setGradient(look == Look::Diverging   ? divergingGradient()
                      : look == Look::Binary ? maskGradient()
                                             : viridisGradient());
  if (look == Look::Binary) {
    mPlot->axisRect()->setBackground(QBrush(QColor(0x90, 0x90, 0x90), Qt::BDiagPattern));  // 0 = hatched
    mScale->setVisible(false);
    mPlot->plotLayout()->take(mScale);
    mPlot->plotLayout()->simplify();
  }
  mPlot->yAxis->setRangeReversed(true);
  mPlot->setMouseTracking(true);
  setMinimumSize(160, 140);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(mPlot);
  connect(mPlot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    if (mM.size() == 0) return;
    const int col = int(std::lround(mPlot->xAxis->pixelToCoord(e->position().x())));
    const int row = int(std::lround(mPlot->yAxis->pixelToCoord(e->position().y())));
    if (row < 0 || col < 0 || row >= rows() || col >= cols()) return;
    QToolTip::showText(e->globalPosition().toPoint(), hoverText(row, col), mPlot);
  });
}

QString MatrixView::hoverText(int row, int col) const {
  const QString r = mRowLabels.isEmpty() ? QString::number(row + 1)
                                         : QStringLiteral("%1 (%2)").arg(row + 1).arg(mRowLabels.value(row));
  const QString c = mColLabels.isEmpty() ? QString::number(col + 1)
                                         : QStringLiteral("%1 (%2)").arg(col + 1).arg(mColLabels.value(col));
  if (mLook == Look::Binary)
    return tr("row %1, column %2: %3").arg(r, c, mM(row, col) > 0 ? tr("1") : tr("0 (masked)"));
  return tr("row %1, column %2: %3").arg(r, c).arg(QLocale().toString(double(mM(row, col)), 'g', 5));
}

void MatrixView::setScaleLabel(const QString& label) { mScale->axis()->setLabel(label); }

void MatrixView::clear() {
  mM.resize(0, 0);
  mMap->data()->setSize(0, 0);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void MatrixView::setMatrix(const gb::MatF& m, const QString& rowTitle, const QString& colTitle,
                           const QStringList& rowLabels, const QStringList& colLabels) {
  mM = m;
  mRowLabels = rowLabels;
  mColLabels = colLabels;
  const int nr = rows(), nc = cols();
  mMap->data()->setSize(nc, nr);
  mMap->data()->setRange(QCPRange(0, std::max(0, nc - 1)), QCPRange(0, std::max(0, nr - 1)));
  float big = 0;
  for (int c = 0; c < nc; ++c)
    for (int r = 0; r < nr; ++r) {
      const float v = m(r, c);
      if (mLook == Look::Binary) {
        mMap->data()->setCell(c, r, v > 0 ? 1.0 : std::nan(""));
      } else {
        mMap->data()->setCell(c, r, double(v));
        if (std::isfinite(v)) big = std::max(big, std::abs(v));
      }
    }
  mRange = mLook == Look::Diverging ? std::max(1e-12, double(big)) : 1.0;
  mMap->setDataRange(mLook == Look::Diverging ? QCPRange(-mRange, mRange) : QCPRange(0, 1));
  mPlot->xAxis->setLabel(colTitle);
  mPlot->yAxis->setLabel(rowTitle);
  applyTicks();
  mPlot->xAxis->setRange(-0.5, nc - 0.5);
  mPlot->yAxis->setRange(-0.5, nr - 0.5);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void MatrixView::applyTicks() {
  const int nr = rows(), nc = cols();
  auto ticker = [](const QStringList& labels, int n, int most) -> QSharedPointer<QCPAxisTicker> {
    auto t = QSharedPointer<QCPAxisTickerText>::create();
    if (labels.isEmpty() || n > 40) {  // indices, 1-based like the notes, at a round step
      int step = 1;
      for (int s : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000})
        if (n / s < most) {
          step = s;
          break;
        }
      if (step < 5) {
        for (int i = 1; i <= n; i += step) t->addTick(i - 1, QString::number(i));
      } else {
        t->addTick(0, QStringLiteral("1"));
        for (int i = step; i <= n; i += step) t->addTick(i - 1, QString::number(i));
      }
      return t;
    }
    for (int i = 0; i < n; ++i) t->addTick(i, labels.value(i));
    return t;
  };
  // labels only where each gets room (about 12 pixels); otherwise indices
  const int room = mPlot->axisRect()->width() > 10 ? mPlot->axisRect()->width() : width() / 2;
  const bool colText = !mColLabels.isEmpty() && nc * 12 <= room;
  const int roomY = mPlot->axisRect()->height() > 10 ? mPlot->axisRect()->height() : height() / 2;
  const bool rowText = !mRowLabels.isEmpty() && nr * 12 <= roomY;
  mPlot->xAxis->setTicker(ticker(colText ? mColLabels : QStringList(), nc, 5));
  mPlot->yAxis->setTicker(ticker(rowText ? mRowLabels : QStringList(), nr, 8));
  mPlot->xAxis->setTickLabelRotation(colText && nc > 4 ? 90 : 0);
}

void MatrixView::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  if (mM.size() > 0)
    QTimer::singleShot(0, this, [this] {
      applyTicks();
      mPlot->replot(QCustomPlot::rpQueuedReplot);
    });
}
