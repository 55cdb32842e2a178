// logticker.h — the ticks of a logarithmic axis written as powers of ten (10¹, 10⁻³), not "1E+01".
// QCustomPlot 2.1 typesets a power ("b" in the number format) only when the label has a lowercase 'e', but Qt 6's
// locales write the exponent with "E" (en_US and de_DE both give "1E+01"), so every log axis showed the raw form.
// A power of ten has no decimal separator, so the C locale's spelling loses nothing in German.
#pragma once

#include <qcustomplot.h>

#include <cmath>

class PowerOfTenTicker : public QCPAxisTickerLog {
 protected:
  QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override {
    // Over fewer than 1.6 decades QCustomPlot falls back to evenly spaced ticks (2.5, 3, 3.5): those are written as
    // plain numbers (precision 0 would have made "2·10⁰" of both 2 and 2.5)
    const double power = std::round(std::log10(std::abs(tick)));
    if (tick > 0 && std::abs(tick / std::pow(10.0, power) - 1.0) > 1e-9) return locale.toString(tick, 'g', 3);
    if (formatChar == QLatin1Char('e')) return QLocale::c().toString(tick, 'e', precision);
    return QCPAxisTickerLog::getTickLabel(tick, locale, formatChar, precision);
  }
};

// A logarithmic axis with its ticks at powers of ten, labelled 10ⁿ.
inline void makePowerOfTenAxis(QCPAxis* axis) {
  axis->setScaleType(QCPAxis::stLogarithmic);
  axis->setTicker(QSharedPointer<PowerOfTenTicker>::create());
  axis->setNumberFormat(QStringLiteral("eb"));
  axis->setNumberPrecision(0);
}

// Back to a linear axis with QCustomPlot's default labels.
inline void makeLinearAxis(QCPAxis* axis) {
  axis->setScaleType(QCPAxis::stLinear);
  axis->setTicker(QSharedPointer<QCPAxisTicker>::create());
  axis->setNumberFormat(QStringLiteral("gb"));
  axis->setNumberPrecision(6);
}
