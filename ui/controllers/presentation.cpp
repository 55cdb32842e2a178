#include "presentation.h"

void Presentation::setPresenting(bool on) {
  if (on == mPresenting) return;
  if (!on) {
    setBlank(false);
    setKeysHelp(false);
  }
  mPresenting = on;
  emit presentingChanged(on);
}

void Presentation::setBlank(bool on) {
  if (on == mBlank) return;
  mBlank = on;
  emit blankChanged(on);
}

void Presentation::setKeysHelp(bool on) {
  if (on == mKeysHelp) return;
  mKeysHelp = on;
  emit keysHelpChanged(on);
}

bool Presentation::press(const PresenterKey& k, bool arrow) {
  if (mKeysHelp) {  // any key closes the list, and does nothing else
    setKeysHelp(false);
    return true;
  }
  if (mBlank && k.command != PresenterCommand::Blank && k.command != PresenterCommand::Leave)
    return true;  // the screen is black: nothing moves behind it
  auto step = [this](int direction) { return stepTab && stepTab(direction); };
  switch (k.command) {
    case PresenterCommand::Next:  // with a lesson open, its beats first (not with the arrow: that steps the tab)
      if (arrow || !(walkLesson && walkLesson(true))) step(1);
      break;
    case PresenterCommand::Back:
      if (arrow || !(walkLesson && walkLesson(false))) step(-1);
      break;
    case PresenterCommand::First: step(-2); break;
    case PresenterCommand::Last: step(2); break;
    case PresenterCommand::Blank: setBlank(!mBlank); break;
    case PresenterCommand::Help: setKeysHelp(true); break;
    case PresenterCommand::Tab:
      if (showTab) showTab(k.tab);
      break;
    case PresenterCommand::Leave:
      if (mBlank) setBlank(false);
      else setPresenting(false);
      break;
  }
  return true;
}
