// presentable.h — what a central tab offers presentation mode: the presenter's keys (next, back, to the start, to
// the end — each tab's own stepper), the slim strip of controls shown under it, a compact layout that leaves
// the screen to the view, and the view's settings as a lesson's beat records them (docs/lesson-file.md).
#pragma once

#include <QJsonObject>
#include <QString>

#include <functional>
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
  // The view's settings (what the tab shows: the probe, layer, head, τ, the decoded tokens, the stepper's line, …)
  // as a lesson beat stores them, and back: setViewState(viewState()) shows the same picture again, also in
  // another window with the same model. Keys that are missing keep their current setting (the Decoding tab's
  // sampler settings go to their defaults: τ, top-k, top-p and the seed decide what is drawn).
  virtual QJsonObject viewState() const = 0;
  virtual void setViewState(const QJsonObject& state) = 0;
  // Called after the strip's Back / Next buttons moved the view (the window's keys step it through the window,
  // which knows already): a lesson's caption that described the view before goes.
  std::function<void()> stepped;
};

// A strip's Back / Next pair, added to its row: buttons that step the tab as ← and Space do. Tab reaches them; a
// click leaves the focus with the view.
std::pair<QPushButton*, QPushButton*> addStepButtons(Presentable* tab, QWidget* strip, QBoxLayout* row,
                                                     const QString& back, const QString& next);
