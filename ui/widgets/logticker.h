// logticker.h — the ticks of a logarithmic axis written as powers of ten (10¹, 10⁻³), not "1E+01".
// QCustomPlot 2.1 typesets a power ("b" in the number format) only when the label has a lowercase 'e', but Qt 6's
// locales write the exponent with "E" (en_US and de_DE both give "1E+01"), so every log axis showed the raw form.
// A power of ten has no decimal separator, so the C locale's spelling loses nothing in German.
#pragma once

#include <qcustomplot.h>

class PowerOfTenTicker : public QCPAxisTickerLog {
 protected:
  QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override {
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
