#include "presenterkeys.h"

std::optional<PresenterKey> presenterKey(int key, Qt::KeyboardModifiers modifiers, bool presenting,
                                         bool focusUsesKeys) {
  // Ctrl, Alt and Meta belong to shortcuts (Ctrl + zooms); Shift is how "?" is typed; the keypad is fine
  if (modifiers & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) return std::nullopt;
  if (!presenting) {
    if (focusUsesKeys) return std::nullopt;
    if (key == Qt::Key_PageDown) return PresenterKey{PresenterCommand::Next};
    if (key == Qt::Key_PageUp) return PresenterKey{PresenterCommand::Back};
    return std::nullopt;
  }
  switch (key) {
    case Qt::Key_Space:
    case Qt::Key_Right:
    case Qt::Key_PageDown:
    case Qt::Key_N: return PresenterKey{PresenterCommand::Next};
    case Qt::Key_Left:
    case Qt::Key_PageUp:
    case Qt::Key_Backspace:
    case Qt::Key_P: return PresenterKey{PresenterCommand::Back};
    case Qt::Key_Home: return PresenterKey{PresenterCommand::First};
    case Qt::Key_End: return PresenterKey{PresenterCommand::Last};
    case Qt::Key_B:
    case Qt::Key_Period: return PresenterKey{PresenterCommand::Blank};
    case Qt::Key_Question: return PresenterKey{PresenterCommand::Help};
    case Qt::Key_Escape: return PresenterKey{PresenterCommand::Leave};
    default: break;
  }
  if (key >= Qt::Key_1 && key <= Qt::Key_9) return PresenterKey{PresenterCommand::Tab, key - Qt::Key_1};
  return std::nullopt;
}
