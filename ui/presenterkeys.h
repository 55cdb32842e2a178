// presenterkeys.h — the presenter's keys, as slide tools have them (reveal.js): what a key press means, decided
// in one place. Widget-free: MainWindow asks, then does it.
//
//   Space, →, Page Down, N   next (the visible tab's stepper)      Home   to the start
//   ←, Page Up, Backspace, P back                                 End    to the end
//   B, .                      blank (black) screen and back         1–9    tabs
//   ?                         the keys overlay                      Esc    close an overlay, or leave presenting
//
// Outside presentation mode only Page Down / Page Up (what a presenter's remote sends) step, and only while the
// focus is not in a control that uses those keys itself (a text field, a list, a spin box). In presentation mode
// every key above is the presenter's, whatever has the focus: nothing leaks into a text field by surprise.
#pragma once

#include <Qt>
#include <optional>

enum class PresenterCommand { Next, Back, First, Last, Blank, Help, Tab, Leave };

struct PresenterKey {
  PresenterCommand command;
  int tab = -1;  // Tab: 0-based, among the tabs shown (the window counts the visible ones)
};

std::optional<PresenterKey> presenterKey(int key, Qt::KeyboardModifiers modifiers, bool presenting,
                                         bool focusUsesKeys);
