// presentable.h — what a central tab offers presentation mode: the presenter's keys (next, back, to the start, to
// the end — each tab's own stepper), the slim strip of controls shown under it, and a compact layout that leaves
// the screen to the view.
#pragma once

#include <QString>

#include <utility>

class QBoxLayout;
class QPushButton;
class QWidget;

class Presentable {
 public:
  virtual ~Presentable() = default;
  // The presenter's keys. Each returns whether anything moved (false: at the end, or nothing to step).
  virtual bool presentNext() = 0;
  virtual bool presentBack() = 0;
  virtual bool presentFirst() = 0;
  virtual bool presentLast() = 0;
  // The strip of this tab's controls under the view in presentation mode; made once, owned by `parent`.
  virtual QWidget* makePresenterStrip(QWidget* parent) = 0;
  // Presentation mode on or off: the tab hides what the strip replaces (rows of settings, secondary views).
  virtual void setPresenting(bool on) = 0;
};

// A strip's Back / Next pair, added to its row: buttons that step the tab as ← and Space do. Tab reaches them; a
// click leaves the focus with the view.
std::pair<QPushButton*, QPushButton*> addStepButtons(Presentable* tab, QWidget* strip, QBoxLayout* row,
                                                     const QString& back, const QString& next);
