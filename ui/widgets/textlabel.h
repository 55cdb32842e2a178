// textlabel.h — a label for text the program does not choose (a probe, a decoded sentence, a token, a file's
// line): wrapped, and never wider than the room its panel gives it. A word-wrapped QLabel is at least as wide as
// its longest word: a decoded run of thousands of characters without a space made the Decoding tab tens of
// thousands of pixels wide, and its chart then asked for a 2.8 GB pixmap (ASan monkey, seed 11). A word longer
// than the line is cut at the edge instead.
#pragma once

#include <QLabel>
#include <QSizePolicy>

inline void makeTextLabel(QLabel* label) {
  label->setWordWrap(true);
  QSizePolicy p = label->sizePolicy();  // (word wrap keeps its height-for-width)
  p.setHorizontalPolicy(QSizePolicy::Ignored);
  label->setSizePolicy(p);
  label->setProperty("glassboxTextLabel", true);  // (tests find them by it)
}

// Short formulas kept on one line when a text wraps: "|z| × |x|" broke after a "|", "[t_z ≤ t_x]" at its spaces.
// The spaces around × ≤ ≥ = become no-break spaces, and no line breaks after a bar's "|".
inline QString keepFormulasTogether(QString text) {
  const QChar nbsp(0x00A0), joiner(0x2060);
  for (const QChar op : {QChar(0x00D7), QChar(0x2264), QChar(0x2265), QChar('=')})
    text.replace(QStringLiteral(" ") + op + QStringLiteral(" "), QString(nbsp) + op + nbsp);
  // no break after a bar: one that opens ("|" then a letter) or one a no-break space follows (a line may break
  // between a "|" and a no-break space otherwise)
  for (qsizetype i = text.size() - 2; i >= 0; --i)
    if (text[i] == QLatin1Char('|') &&
        ((text[i + 1].isLetter() && (i == 0 || !text[i - 1].isLetterOrNumber())) || text[i + 1] == nbsp))
      text.insert(i + 1, joiner);
  return text;
}
