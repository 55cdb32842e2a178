#include "heatmap.h"

#include "colormaps.h"
#include "figureexport.h"

#include <QLocale>
#include <QMouseEvent>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

Heatmap::Heatmap(QWidget* parent, bool compact) : QWidget(parent), mCompact(compact) {
  mPlot = new QCustomPlot(this);
  installExportMenu(mPlot);  // Copy image, Save as PNG / SVG / PDF
  mMap = new QCPColorMap(mPlot->xAxis, mPlot->yAxis);
  mMap->setGradient(viridisGradient());
  mMap->setInterpolate(false);
  mPlot->axisRect()->setBackground(QBrush(QColor(0xc8, 0xc8, 0xc8), Qt::BDiagPattern));  // masked cells
  mPlot->yAxis->setRangeReversed(true);  // row 0 on top, as in the notes' matrices
  if (compact) {
    mPlot->xAxis->setTickLabels(false);
    mPlot->yAxis->setTickLabels(false);
    mPlot->xAxis->setTicks(false);
    mPlot->yAxis->setTicks(false);
    mPlot->axisRect()->setAutoMargins(QCP::msNone);
    mPlot->axisRect()->setMargins(QMargins(1, 1, 1, 1));
    setMinimumSize(60, 60);
  } else {
    mScale = new QCPColorScale(mPlot);
    mPlot->plotLayout()->addElement(0, 1, mScale);
    mMap->setColorScale(mScale);
    mScale->setGradient(viridisGradient());  // the scale's gradient is what the map draws with
    mPlot->xAxis->setLabel(tr("query t_x"));
    mPlot->yAxis->setLabel(tr("key t_z"));
    mPlot->setMouseTracking(true);
    setMinimumSize(240, 200);
  }
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(mPlot);
  connect(mPlot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    if (mCompact || mWeights.size() == 0) return;
    const int col = int(std::lround(mPlot->xAxis->pixelToCoord(e->position().x())));
    const int row = int(std::lround(mPlot->yAxis->pixelToCoord(e->position().y())));
    if (row < 0 || col < 0 || row >= rows() || col >= cols()) return;
    QToolTip::showText(e->globalPosition().toPoint(), hoverText(row, col), mPlot);
  });
  connect(mPlot, &QCustomPlot::mousePress, this, [this] { emit clicked(); });
}

QString Heatmap::hoverText(int row, int col) const {
  const float s = mScores(row, col);
  return tr("query %1 (%2) → key %3 (%4)\nweight %5\nscore Kᵀq %6, scaled by 1/√d_h: %7\nmask %8")
      .arg(col + 1)
      .arg(mQueries.value(col))
      .arg(row + 1)
      .arg(mKeys.value(row))
      .arg(QLocale().toString(double(mWeights(row, col)), 'f', 4))
      .arg(QLocale().toString(double(s) * mScaleFactor, 'f', 3))
      .arg(QLocale().toString(double(s), 'f', 3))
      .arg(mMask(row, col) > 0 ? tr("1 (may attend)") : tr("0 (masked)"));
}

void Heatmap::setData(const gb::MatF& weights, const gb::MatF& scores, const gb::MatF& mask,
                      const QStringList& keyLabels, const QStringList& queryLabels, double scale) {
  mWeights = weights;
  mScores = scores;
  mMask = mask;
  mKeys = keyLabels;
  mQueries = queryLabels;
  mScaleFactor = scale;
  redraw();
}

void Heatmap::setMode(Mode m) {
  mMode = m;
  redraw();
}

void Heatmap::setTitle(const QString& title) { mPlot->setToolTip(title); }

void Heatmap::redraw() {
  const int nk = rows(), nq = cols();
  mMap->data()->setSize(nq, nk);
  mMap->data()->setRange(QCPRange(0, std::max(0, nq - 1)), QCPRange(0, std::max(0, nk - 1)));
  double lo = 0, hi = 1;
  if (mMode == Mode::Scores && nk > 0) {
    float m = 0;
    for (int r = 0; r < nk; ++r)
      for (int c = 0; c < nq; ++c)
        if (mMask(r, c) > 0) m = std::max(m, std::abs(mScores(r, c)));
    lo = -std::max(1e-6f, m);
    hi = -lo;
  }
  for (int c = 0; c < nq; ++c)
    for (int r = 0; r < nk; ++r) {
      const bool masked = mMask(r, c) <= 0;
      const double v = mMode == Mode::Weights ? double(mWeights(r, c)) : double(mScores(r, c));
      mMap->data()->setCell(c, r, masked ? std::nan("") : v);
    }
  mMap->setDataRange(QCPRange(lo, hi));
  if (mScale) mScale->axis()->setLabel(mMode == Mode::Weights ? tr("attention weight") : tr("scaled score Kᵀq/√d_h"));
  if (!mCompact) {
    // token labels where each gets about 10 pixels; otherwise every k-th (hover still names every cell)
    auto ticker = [](const QStringList& labels, int n, int room) {
      auto t = QSharedPointer<QCPAxisTickerText>::create();
      const int every = std::max(1, (n * 10 + room - 1) / std::max(1, room));
      for (int i = 0; i < n; i += every) t->addTick(i, every == 1 ? labels.value(i) : QString::number(i + 1));
      return t;
    };
    const int w = mPlot->axisRect()->width() > 10 ? mPlot->axisRect()->width() : width() / 2;
    const int h = mPlot->axisRect()->height() > 10 ? mPlot->axisRect()->height() : height() / 2;
    mPlot->xAxis->setTicker(ticker(mQueries, nq, w));
    mPlot->yAxis->setTicker(ticker(mKeys, nk, h));
  }
  mPlot->xAxis->setRange(-0.5, nq - 0.5);
  mPlot->yAxis->setRange(-0.5, nk - 0.5);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void Heatmap::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  if (!mCompact && mWeights.size() > 0) QTimer::singleShot(0, this, &Heatmap::redraw);  // after the plot's layout
}
