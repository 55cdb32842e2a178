#include "matrixview.h"
#include "numbertext.h"

#include "appearance.h"
#include "colormaps.h"
#include "figureexport.h"
#include "logticker.h"
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
#include <limits>

namespace {
// A colour bar's evenly spaced numbers as the rest of the window writes them: 2.5·10⁻⁵, not QCustomPlot's "2.5E-05"
class NumberTextTicker : public QCPAxisTicker {
 protected:
  QString getTickLabel(double tick, const QLocale&, QChar, int) override {
    return std::abs(tick) < 1e-300 ? QStringLiteral("0") : numberText(tick, 3);
  }
};
}  // namespace

void MatrixView::setLook(Look look) {
  auto switchable = [](Look l) { return l == Look::Diverging || l == Look::Probability; };
  if (look == mLook || !switchable(look) || !switchable(mLook)) return;
  mLook = look;
  mScale->setGradient(look == Look::Diverging ? divergingGradient() : viridisGradient());
}

MatrixView::MatrixView(QWidget* parent, Look look) : QWidget(parent), mLook(look) {
  mPlot = new QCustomPlot(this);
  installExportMenu(mPlot);  // Copy image, Save as PNG / SVG / PDF
  mMap = new QCPColorMap(mPlot->xAxis, mPlot->yAxis);
  mMap->setInterpolate(false);
  mScale = new QCPColorScale(mPlot);
  mPlot->plotLayout()->addElement(0, 1, mScale);
  mMap->setColorScale(mScale);
  if (look != Look::Binary) {
    auto* margins = new QCPMarginGroup(mPlot);  // the colour bar exactly as tall as the map
    mPlot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
    mScale->setMarginGroup(QCP::msBottom | QCP::msTop, margins);
  }
  if (look == Look::Change) {
    mScale->setDataScaleType(QCPAxis::stLogarithmic);
    makePowerOfTenAxis(mScale->axis());
  }
  mScale->setGradient(look == Look::Diverging   ? divergingGradient()
                      : look == Look::Binary ? maskGradient()
                                             : viridisGradient());
  if (look == Look::Probability) mMap->setDataRange(QCPRange(0, 1));  // the scale a weight has, before any matrix
  Appearance::get().attach(mPlot);
  connect(&Appearance::get(), &Appearance::changed, this, [this] {
    if (mLook == Look::Binary) mPlot->axisRect()->setBackground(QBrush(Appearance::get().hatch(), Qt::BDiagPattern));
    for (QCPItemText* mark : mMarks) {
      mark->setFont(Appearance::get().font(1.2));
      mark->setColor(Appearance::get().text());
    }
    if (mM.size() > 0) {  // the labels that fit change with the font
      applyTicks();
      mPlot->replot(QCustomPlot::rpQueuedReplot);
    }
  });
  if (look == Look::Binary) {
    mPlot->axisRect()->setBackground(QBrush(Appearance::get().hatch(), Qt::BDiagPattern));  // 0 = hatched
    mScale->setVisible(false);
    mPlot->plotLayout()->take(mScale);
    mPlot->plotLayout()->simplify();
  }
  mPlot->yAxis->setRangeReversed(true);
  mPlot->setMouseTracking(true);
  setMinimumSize(160, 140);
  mPlot->setVisible(false);  // until there is a matrix to show
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
  if (mHover) return mHover(row, col);
  const QString r = mRowLabels.isEmpty() ? QString::number(row + 1)
                                         : QStringLiteral("%1 (%2)").arg(row + 1).arg(mRowLabels.value(row));
  const QString c = mColLabels.isEmpty() ? QString::number(col + 1)
                                         : QStringLiteral("%1 (%2)").arg(col + 1).arg(mColLabels.value(col));
  if (mLook == Look::Binary)
    return tr("row %1, column %2: %3").arg(r, c, mM(row, col) > 0 ? tr("1") : tr("0 (masked)"));
  if (mLook == Look::Change && mM(row, col) == 0.0f)
    return tr("row %1, column %2: 0 — bit for bit the same").arg(r, c);
  return tr("row %1, column %2: %3").arg(r, c).arg(numberText(double(mM(row, col)), 5));
}

void MatrixView::setMarkedColumn(int col) {
  mMarkedColumn = col;
  if (col < 0 || col >= cols()) {
    if (mMark) mMark->setVisible(false);
  } else {
    if (!mMark) {
      mMark = new QCPItemRect(mPlot);
      mMark->setClipToAxisRect(true);
    }
    mMark->setPen(QPen(Appearance::get().highlight(), 3));
    mMark->setBrush(Qt::NoBrush);
    mMark->topLeft->setCoords(col - 0.5, -0.5);
    mMark->bottomRight->setCoords(col + 0.5, rows() - 0.5);
    mMark->setVisible(true);
  }
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void MatrixView::setScaleVisible(bool on) {
  if (mLook == Look::Binary || on == mScale->visible()) return;
  if (on) {
    mPlot->plotLayout()->addElement(0, 1, mScale);
  } else {
    mPlot->plotLayout()->take(mScale);
    mPlot->plotLayout()->simplify();
  }
  mScale->setVisible(on);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void MatrixView::setScaleLabel(const QString& label) { setAxisTitle(mScale->axis(), label); }

void MatrixView::clear() {
  // nothing at all, rather than empty axes beside a colour bar that suggested a matrix to read
  mPlot->setVisible(false);
  mM.resize(0, 0);
  mMap->data()->setSize(0, 0);
  mMarkedColumn = -1;
  if (mMark) mMark->setVisible(false);
  for (QCPItemText* t : mMarks) mPlot->removeItem(t);
  mMarks.clear();
  // no labels of the matrix that was shown: an empty view says nothing about tokens it no longer shows
  mRowLabels.clear();
  mColLabels.clear();
  for (QCPAxis* a : {mPlot->xAxis, mPlot->yAxis}) {
    a->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    setAxisTitle(a, QString());
  }
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void MatrixView::setMatrix(const gb::MatF& m, const QString& rowTitle, const QString& colTitle,
                           const QStringList& rowLabels, const QStringList& colLabels) {
  mPlot->setVisible(m.size() > 0);
  mM = m;
  mRowLabels = rowLabels;
  mColLabels = colLabels;
  const int nr = rows(), nc = cols();
  setMapSize(mMap, nc, nr);
  float big = 0;
  float small = std::numeric_limits<float>::infinity();
  for (QCPItemText* t : mMarks) mPlot->removeItem(t);
  mMarks.clear();
  for (int c = 0; c < nc; ++c)
    for (int r = 0; r < nr; ++r) {
      const float v = m(r, c);
      if (mLook == Look::Binary) {
        setMapCell(mMap, c, r, v > 0 ? 1.0 : std::nan(""));
      } else if (mLook == Look::Change) {
        if (v == 0.0f) {  // exactly the same: no colour, an "="
          setMapCell(mMap, c, r, std::nan(""));
          auto* mark = new QCPItemText(mPlot);
          mark->setClipToAxisRect(true);
          mark->position->setType(QCPItemPosition::ptPlotCoords);
          mark->position->setCoords(c, r);
          mark->setText(QStringLiteral("="));
          mark->setFont(Appearance::get().font(1.2));
          mark->setColor(Appearance::get().text());
          mMarks << mark;
        } else {
          setMapCell(mMap, c, r, double(v));
          if (std::isfinite(v)) {
            big = std::max(big, v);
            small = std::min(small, v);
          }
        }
      } else {
        setMapCell(mMap, c, r, double(v));
        if (std::isfinite(v)) big = std::max(big, std::abs(v));
      }
    }
  mRange = mLook == Look::Diverging || mLook == Look::Change ? std::max(1e-12, double(big)) : 1.0;
  if (mLook == Look::Change) {  // logarithmic, from the smallest change (at most 8 decades below the largest)
    const double low = std::isfinite(small) ? std::max(double(small), mRange * 1e-8) : mRange * 1e-3;
    // (at least two decades: the colour bar is then labelled with powers of ten, not crowded with 2.5, 3, 3.5)
    mMap->setDataRange(QCPRange(std::min(low, mRange / 100), mRange));
    // every cell "=": no colour to read, so no bar (it counted 10⁻¹⁵ to 10⁻¹³ for nothing)
    setScaleVisible(std::isfinite(small));
  } else {
    mMap->setDataRange(mLook == Look::Diverging ? QCPRange(-mRange, mRange) : QCPRange(0, 1));
  }
  mRowTitle = rowTitle;
  mColTitle = colTitle;
  applyTicks();
  mPlot->xAxis->setRange(-0.5, nc - 0.5);
  mPlot->yAxis->setRange(-0.5, nr - 0.5);
  if (mMark) setMarkedColumn(mMarkedColumn < nc ? mMarkedColumn : -1);  // the outline keeps to the new size
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void MatrixView::applyTicks() {
  const int nr = rows(), nc = cols();
  // indices, 1-based like the notes, at a round step that leaves room for each number
  auto numbers = [](int n, int room, const QFont& f, bool horizontal) {
    const QFontMetrics fm(f);
    const int each = horizontal ? fm.horizontalAdvance(QString::number(n)) + 2 * fm.averageCharWidth() : fm.height() + 4;
    int step = 100000;
    for (int s : {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000})
      if ((n + s - 1) / s * each <= std::max(1, room)) {
        step = s;
        break;
      }
    auto t = QSharedPointer<QCPAxisTickerText>::create();
    t->addTick(0, QStringLiteral("1"));
    int last = 1;
    // (a step of 2 counts the odd positions, 1 3 5: multiples, 1 2 4, crowded the first two and left a gap)
    for (int i = step == 2 ? 3 : step; i <= n; i += step)
      if (i > 1) t->addTick(i - 1, QString::number(last = i));
    // the last row or column numbered too (5 columns read "1 2 4" and the fifth had none): beside the last multiple
    // when its number has room there, else in its place (a padding strip's "3" and "4" were drawn over each other)
    if (last < n) {
      // (with room for one number only, the last: it says how many there are)
      if (double(n - last) * std::max(1, room) / n < each) t->ticks().remove(last - 1);
      t->addTick(n - 1, QString::number(n));
    }
    return t;
  };
  // labels where each has room (upright on the x axis when only that fits); otherwise indices, and the axis says so
  const int room = mPlot->axisRect()->width() > 10 ? mPlot->axisRect()->width() : width() / 2;
  const int roomY = mPlot->axisRect()->height() > 10 ? mPlot->axisRect()->height() : height() / 2;
  const QFont f = mPlot->xAxis->tickLabelFont();
  const LabelFit fx = mColLabels.isEmpty() ? LabelFit{2, false} : fitLabels(mColLabels, nc, room, f, true);
  const LabelFit fy = mRowLabels.isEmpty() ? LabelFit{2, false} : fitLabels(mRowLabels, nr, roomY, f, false);
  const bool colText = fx.every == 1, rowText = fy.every == 1;
  // as many numbers on the colour bar as its height holds well apart ("0 0.2 0.4 … 1" ran together on a short bar)
  if (mLook != Look::Change && mLook != Look::Binary) {
    const int h = std::max(1, QFontMetrics(mScale->axis()->tickLabelFont()).height());
    const int fit = std::clamp(roomY / (3 * h), 1, 5);
    if (mLook == Look::Diverging && fit < 3 && roomY >= 3 * h) {
      // a short signed bar: its ends and 0 (a tick count of 1 or 2 labelled only the 0 — Δθ's ±10⁻⁵ read as nothing),
      // at the roundest value inside the range
      const double p = std::pow(10.0, std::floor(std::log10(mRange)));
      double r = p;
      for (double m : {2.0, 2.5, 5.0})
        if (m * p <= mRange * (1 + 1e-9)) r = m * p;
      auto t = QSharedPointer<QCPAxisTickerText>::create();
      t->addTick(-r, numberText(-r, 2));
      t->addTick(0, QStringLiteral("0"));
      t->addTick(r, numberText(r, 2));
      t->setSubTickCount(0);
      mScale->axis()->setTicker(t);
    } else {
      if (!mScale->axis()->ticker().dynamicCast<QCPAxisTickerLog>() &&
          !mScale->axis()->ticker().dynamicCast<NumberTextTicker>())
        mScale->axis()->setTicker(QSharedPointer<NumberTextTicker>::create());
      mScale->axis()->ticker()->setTickCount(fit);
    }
  }
  mPlot->xAxis->setTicker(colText ? QSharedPointer<QCPAxisTicker>(labelTicker(mColLabels, nc, fx))
                                  : QSharedPointer<QCPAxisTicker>(numbers(nc, room, f, true)));
  mPlot->yAxis->setTicker(rowText ? QSharedPointer<QCPAxisTicker>(labelTicker(mRowLabels, nr, fy))
                                  : QSharedPointer<QCPAxisTicker>(numbers(nr, roomY, f, false)));
  setTickLabelRotation(mPlot->xAxis, colText && fx.rotate ? 45 : 0);
  // a turned label runs down to the right of its tick: without a colour bar beside the map the last one reached past
  // the plot's edge, and QCustomPlot leaves out a label it would cut ("g→?" missing under Inside the line's Q)
  int right = 0;
  if (colText && fx.rotate && !mScale->visible() && nc > 0) {
    const QFontMetrics fm(f);
    const double extent = (fm.horizontalAdvance(tickLabel(mColLabels.value(nc - 1))) + fm.height() / 2.0) * 0.7072;
    const double halfCell = room / (2.0 * nc);
    right = std::max(0, int(std::ceil(extent - halfCell)) + 2);
  }
  // (QCustomPlot's own least margins kept: they leave the colour bar's end numbers their room)
  QCPAxisRect* rect = mPlot->axisRect();
  if (rect->property("glassboxLeastRight").isNull()) rect->setProperty("glassboxLeastRight", rect->minimumMargins().right());
  if (rect->property("glassboxLeastTop").isNull()) rect->setProperty("glassboxLeastTop", rect->minimumMargins().top());
  QMargins least = rect->minimumMargins();
  least.setRight(std::max(rect->property("glassboxLeastRight").toInt(), right));
  // the colour bar's top number is centred on the bar's end: half of it above the map, and QCustomPlot leaves out
  // a label the widget's edge would cut (the "1" was missing at 1920 × 1080, its font a projector's)
  const int halfLabel = mScale->visible() ? QFontMetrics(mScale->axis()->tickLabelFont()).height() / 2 + 2 : 0;
  least.setTop(std::max(rect->property("glassboxLeastTop").toInt(), halfLabel));
  rect->setMinimumMargins(least);
  auto counting = [](const QStringList& labels) {  // labels that are the positions 1, 2, … themselves
    for (int i = 0; i < labels.size(); ++i)
      if (labels[i] != QString::number(i + 1)) return false;
    return true;
  };
  auto title = [&](const QString& what, bool labelled, const QStringList& labels) {
    const bool hadLabels = !labels.isEmpty() && !counting(labels);
    if (labelled || !hadLabels || what.isEmpty()) return what;
    return tr("%1 (numbered)").arg(what);
  };
  setAxisTitle(mPlot->xAxis, title(mColTitle, colText, mColLabels), mColTitle);  // (numbered: the ticks say it)
  setAxisTitle(mPlot->yAxis, title(mRowTitle, rowText, mRowLabels), mRowTitle);
}

void MatrixView::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  // the ticks again after the plot's layout — once for a cascade of resizes (a layout settling in several passes)
  if (mM.size() > 0 && !mTicksPending) {
    mTicksPending = true;
    QTimer::singleShot(0, this, [this] {
      mTicksPending = false;
      applyTicks();
      mPlot->replot(QCustomPlot::rpQueuedReplot);
    });
  }
}
