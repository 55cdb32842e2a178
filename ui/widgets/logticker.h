// logticker.h — the ticks of a logarithmic axis written as powers of ten (10¹, 10⁻³), not "1E+01".
// QCustomPlot 2.1 typesets a power ("b" in the number format) only when the label has a lowercase 'e', but Qt 6's
// locales write the exponent with "E" (en_US and de_DE both give "1E+01"), so every log axis showed the raw form.
// A power of ten has no decimal separator, so the C locale's spelling loses nothing in German.
#pragma once

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

class PowerOfTenTicker : public QCPAxisTickerLog {
 public:
  // axis (optional): the ticks are thinned to the labels its length has room for, one label height apart and more
  // (a short chart presenting drew eight labels into 75 px, over each other)
  explicit PowerOfTenTicker(QCPAxis* axis = nullptr) : mAxis(axis) {}

 protected:
  QVector<double> createTickVector(double tickStep, const QCPRange& range) override {
    mPlain = false;
    mSubTicks = 8;
    if (!(range.lower > 0 && range.upper > range.lower)) return QCPAxisTickerLog::createTickVector(tickStep, range);
    const int room = labelRoom();
    const double lo = std::floor(std::log10(range.lower)), hi = std::ceil(std::log10(range.upper));
    if (!std::isfinite(lo) || !std::isfinite(hi) || hi - lo > 1000) return QCPAxisTickerLog::createTickVector(tickStep, range);
    QVector<double> powers;  // from the power at or below the range to the one at or above it
    int inside = 0, first = -1;
    for (double k = lo; k <= hi; ++k) {
      powers << std::pow(10.0, k);
      if (range.contains(powers.back())) {
        if (first < 0) first = int(powers.size()) - 1;
        ++inside;
      }
    }
    QVector<double> ticks;
    if (inside >= 2) {
      // every n-th power from the first inside the range, so the labels fit; sub ticks only where each has a few
      // pixels
      const int every = int(std::ceil(double(inside) / room));
      for (int i = first % every; i < powers.size(); i += every) ticks << powers[i];
      const double pixelsPerDecade = axisLength() / std::max(1e-9, std::log10(range.upper / range.lower));
      mSubTicks = every == 1 && pixelsPerDecade >= 8 * 6 ? 8 : 0;
      return ticks;
    }
    // under two powers of ten: 1, 2, 5 times a power, written as plain numbers (2.5, 3, 3.5 piled on a log axis)
    mPlain = true;
    mSubTicks = 0;
    for (double k = lo - 1; k <= hi; ++k)
      for (double m : {1.0, 2.0, 5.0})
        if (const double v = m * std::pow(10.0, k); range.contains(v)) ticks << v;
    if (ticks.size() < 2) return QCPAxisTicker::createTickVector(tickStep, range);  // (a narrow range: even steps)
    QVector<double> thinned;
    const int every = int(std::ceil(double(ticks.size()) / room));
    for (int i = 0; i < ticks.size(); i += every) thinned << ticks[i];
    return thinned;
  }
  int getSubTickCount(double) override { return mSubTicks; }
  QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override {
    // Plain numbers where the ticks are not powers of ten only (precision 0 would have made "2·10⁰" of both 2 and
    // 2.5; QCustomPlot's own fallback steps, 2.5, 3, 3.5, are written so too)
    const double power = std::round(std::log10(std::abs(tick)));
    if (mPlain || (tick > 0 && std::abs(tick / std::pow(10.0, power) - 1.0) > 1e-9))
      return locale.toString(tick, 'g', 3);
    if (formatChar == QLatin1Char('e')) return QLocale::c().toString(tick, 'e', precision);
    return QCPAxisTickerLog::getTickLabel(tick, locale, formatChar, precision);
  }

 private:
  double axisLength() const {
    if (!mAxis || !mAxis->axisRect()) return 400;
    return mAxis->orientation() == Qt::Vertical ? mAxis->axisRect()->height() : mAxis->axisRect()->width();
  }
  int labelRoom() const {  // labels one and a half heights apart (vertical), or four heights (horizontal)
    if (!mAxis) return 8;
    const double h = QFontMetricsF(mAxis->tickLabelFont()).height();
    const double each = mAxis->orientation() == Qt::Vertical ? 1.5 * h : 4 * h;
    return std::max(2, int(axisLength() / std::max(1.0, each)));
  }
  QCPAxis* mAxis;
  bool mPlain = false;
  int mSubTicks = 8;
};

// A logarithmic axis with its ticks at powers of ten, labelled 10ⁿ (1, 2, 5 times a power over less than two).
inline void makePowerOfTenAxis(QCPAxis* axis) {
  axis->setScaleType(QCPAxis::stLogarithmic);
  axis->setTicker(QSharedPointer<PowerOfTenTicker>::create(axis));
  axis->setNumberFormat(QStringLiteral("eb"));
  axis->setNumberPrecision(0);
}

// Whole numbers (states, steps): every one where the axis has room for its label, else every 2nd, 3rd, 4th, 5th,
// 10th… from the first, and the last when it is far enough from the one before (presenting, eight state labels
// stood in 75 px, touching)
class WholeNumberTicker : public QCPAxisTickerFixed {
 public:
  explicit WholeNumberTicker(QCPAxis* axis) : mAxis(axis) { setScaleStrategy(QCPAxisTickerFixed::ssNone); }

 protected:
  QVector<double> createTickVector(double step, const QCPRange& range) override {
    QVector<double> ticks;
    const double first = std::ceil(range.lower), last = std::floor(range.upper);
    for (double v = first; v <= last && ticks.size() < 10000; v += step) ticks << v;
    if (!ticks.isEmpty() && last - ticks.back() >= 0.75 * step) ticks << last;
    return ticks;
  }
  double getTickStep(const QCPRange& range) override {
    double length = 400, each = 20;
    if (mAxis && mAxis->axisRect()) {
      const bool vertical = mAxis->orientation() == Qt::Vertical;
      length = vertical ? mAxis->axisRect()->height() : mAxis->axisRect()->width();
      each = QFontMetricsF(mAxis->tickLabelFont()).height() * (vertical ? 1.5 : 2.5);
    }
    const double room = std::max(1.0, length / std::max(1.0, each));
    const double need = range.size() / room;
    for (double m : {1.0, 2.0, 3.0, 4.0})
      if (m >= need) return m;
    for (double p = 1; ; p *= 10)
      for (double m : {5.0, 10.0, 20.0})
        if (m * p >= need || m * p >= 1e9) return m * p;
  }

 private:
  QCPAxis* mAxis;
};

// Back to a linear axis with QCustomPlot's default labels.
inline void makeLinearAxis(QCPAxis* axis) {
  axis->setScaleType(QCPAxis::stLinear);
  axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
  axis->setNumberFormat(QStringLiteral("gb"));
  axis->setNumberPrecision(6);
}
