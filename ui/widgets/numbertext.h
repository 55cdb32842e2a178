// numbertext.h — a number as the class reads it: QLocale's shortest form ('g'), its exponent written as a power of
// ten. Qt 6's locales write "3.4E-06" (German "3,4E-06"); on screen that is 3.4·10⁻⁶.
#pragma once

#include <QLocale>
#include <QString>

inline QString numberText(double v, int significant) {
  const QString g = QLocale().toString(v, 'g', significant);
  qsizetype e = g.indexOf(QLatin1Char('E'));
  if (e < 0) e = g.indexOf(QLatin1Char('e'));  // (the C locale's spelling)
  if (e < 0) return g;
  static const char16_t kDigits[] = u"⁰¹²³⁴⁵⁶⁷⁸⁹";
  QString power;
  bool leading = true;  // "E-06": no zero in front of the 6
  for (qsizetype i = e + 1; i < g.size(); ++i) {
    const QChar c = g[i];
    if (c == QLatin1Char('-') || c == QChar(u'−') || c == QLocale().negativeSign().front()) power += QChar(u'⁻');
    else if (c.isDigit()) {
      if (leading && c == QLatin1Char('0') && i + 1 < g.size()) continue;
      leading = false;
      power += QChar(kDigits[c.digitValue()]);
    }
  }
  const QString mantissa = g.left(e);
  return (mantissa == QLatin1String("1") ? QString() : mantissa + QChar(u'·')) + QStringLiteral("10") + power;
}
