#include "heatmap.h"

#include "appearance.h"
#include "colormaps.h"
#include "figureexport.h"
#include "axistitle.h"

#include <QFontMetrics>
#include <QLocale>
#include <QMouseEvent>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

Heatmap::Heatmap(QWidget* parent, bool compact) : QWidget(parent), mCompact(compact) {
  mPlot = new QCustomPlot(this);
  installExportMenu(mPlot);  // Copy image, Save as PNG / SVG / PDF
  mMap = new QCPColorMap(mPlot->xAxis, mPlot->yAxis);
  mMap->setGradient(viridisGradient());
  mMap->setInterpolate(false);
  Appearance& look = Appearance::get();
  look.attach(mPlot);
  mPlot->axisRect()->setBackground(QBrush(look.hatch(), Qt::BDiagPattern));  // masked cells
  connect(&look, &Appearance::changed, this, [this] {
    mPlot->axisRect()->setBackground(QBrush(Appearance::get().hatch(), Qt::BDiagPattern));
    if (mWeights.size() > 0) redraw();  // the labels that fit change with the font
  });
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
    auto* margins = new QCPMarginGroup(mPlot);  // the colour bar exactly as tall as the map
    mPlot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    mScale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    mScale->setGradient(viridisGradient());  // the scale's gradient is what the map draws with
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
  connect(mPlot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() == Qt::LeftButton) emit clicked();  // the right button opens the export menu
  });
}

QString Heatmap::hoverText(int row, int col) const {
  const float s = mScores(row, col);
  const QString reads = mPredicted.isEmpty() ? QString()
                                             : tr("column %1 reads “%2” and predicts “%3”")
                                                       .arg(col + 1)
                                                       .arg(mQueries.value(col), mPredicted.value(col)) +
                                                   QLatin1Char('\n');
  return reads + tr("query %1 (%2) → key %3 (%4)\nweight %5\nscore Kᵀq %6, scaled by 1/√d_h: %7\nmask %8")
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
  setMapSize(mMap, nq, nk);
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
      setMapCell(mMap, c, r, masked ? std::nan("") : v);
    }
  mMap->setDataRange(QCPRange(lo, hi));
  if (mScale)
    setAxisTitle(mScale->axis(), mMode == Mode::Weights ? tr("attention weight") : tr("scaled score Kᵀq/√d_h"),
                 mMode == Mode::Weights ? tr("weight") : tr("score"));
  if (!mCompact) {
    // every token label where they fit side by side (or upright); otherwise every k-th position, numbered, and the
    // axis title says so (hovering still names every cell)
    const int w = mPlot->axisRect()->width() > 10 ? mPlot->axisRect()->width() : width() / 2;
    const int h = mPlot->axisRect()->height() > 10 ? mPlot->axisRect()->height() : height() / 2;
    const QFont f = mPlot->xAxis->tickLabelFont();
    const LabelFit fx = fitLabels(mQueries, nq, w, f, true), fy = fitLabels(mKeys, nk, h, f, false);
    mPlot->xAxis->setTicker(labelTicker(mQueries, nq, fx));
    mPlot->yAxis->setTicker(labelTicker(mKeys, nk, fy));
    setTickLabelRotation(mPlot->xAxis, fx.rotate ? 45 : 0);
    auto title = [](const QString& what, const LabelFit& fit) {
      return fit.every == 1 ? what : tr("%1 (numbered every %2)").arg(what).arg(fit.every);
    };
    const QString query = mPredicted.isEmpty() ? tr("query t_x") : tr("query t_x: column j reads xⱼ");
    setAxisTitle(mPlot->xAxis, title(query, fx), query);
    setAxisTitle(mPlot->yAxis, title(tr("key t_z"), fy));
    // as many numbers on the colour bar as its height holds apart (six in a short map ran together)
    if (mScale) {
      const int line = QFontMetrics(mScale->axis()->tickLabelFont()).height();
      mScale->axis()->ticker()->setTickCount(std::clamp(h / (2 * std::max(1, line)), 1, 5));
    }
    // along the top: what each column predicts (x_{j+1}), so the map does not look shifted by one
    mPlot->xAxis2->setVisible(!mPredicted.isEmpty());
    if (!mPredicted.isEmpty()) {
      const LabelFit fp = fitLabels(mPredicted, nq, w, f, true);
      mPlot->xAxis2->setTicker(labelTicker(mPredicted, nq, fp));
      mPlot->xAxis2->setTickLabels(true);
      setTickLabelRotation(mPlot->xAxis2, fp.rotate ? -45 : 0);
      setAxisTitle(mPlot->xAxis2, title(tr("… and predicts xⱼ₊₁"), fp), tr("… and predicts xⱼ₊₁"));
      mPlot->xAxis2->setRange(-0.5, nq - 0.5);
    }
  }
  mPlot->xAxis->setRange(-0.5, nq - 0.5);
  mPlot->yAxis->setRange(-0.5, nk - 0.5);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void Heatmap::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  // after the plot's layout — once for a cascade of resizes (a layout settling in several passes)
  if (!mCompact && mWeights.size() > 0 && !mRedrawPending) {
    mRedrawPending = true;
    QTimer::singleShot(0, this, [this] {
      mRedrawPending = false;
      redraw();
    });
  }
}
