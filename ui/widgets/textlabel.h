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
