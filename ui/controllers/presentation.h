// presentation.h — presentation mode as state and policy, widget-free: whether the window presents, whether the
// screen is black, whether the list of keys is up, and what a presenter's key does (presenterkeys.h decides which
// key is which command; this decides what the command does now: the list closes on any key, a black screen lets
// only Blank and Esc through, with a lesson open Space and the remote's keys walk its beats while the arrows step
// the tab itself). The window shows what it says (docks, menus and tab bar hidden, full screen, the overlays).
#pragma once

#include "presenterkeys.h"

#include <QObject>

#include <functional>

class Presentation : public QObject {
  Q_OBJECT
 public:
  explicit Presentation(QObject* parent = nullptr) : QObject(parent) {}

  bool presenting() const { return mPresenting; }
  bool blank() const { return mBlank; }
  bool keysHelp() const { return mKeysHelp; }
  void setPresenting(bool on);  // leaving also lifts the black screen and closes the list
  void setBlank(bool on);
  void setKeysHelp(bool on);

  // What the commands act on (the window's): the visible tab's stepper (+1 next, −1 back, −2 to the start, +2 to
  // the end), the open lesson's beats (next / back: false when it has none to walk), and the tabs.
  std::function<bool(int direction)> stepTab;
  std::function<bool(bool forward)> walkLesson;
  std::function<void(int tab)> showTab;

  // A presenter's key: acts on it (arrow: the key was ← or →, which always step the tab). False when it was not the
  // presenter's to take.
  bool press(const PresenterKey& key, bool arrow);

 signals:
  void presentingChanged(bool on);
  void blankChanged(bool on);
  void keysHelpChanged(bool on);

 private:
  bool mPresenting = false, mBlank = false, mKeysHelp = false;
};
