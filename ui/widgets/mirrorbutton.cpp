#include "mirrorbutton.h"

#include <QEvent>

MirrorButton::MirrorButton(QAbstractButton* source, QWidget* parent) : QPushButton(parent), mSource(source) {
  setFocusPolicy(Qt::TabFocus);  // a click leaves the focus with the view (the presenter's keys are theirs anyway)
  source->installEventFilter(this);
  connect(this, &QPushButton::clicked, this, [this] {
    if (mSource && mSource->isEnabled()) mSource->click();
  });
  sync();
}

void MirrorButton::sync() {
  if (!mSource) return;
  setText(mSource->text());
  setToolTip(mSource->toolTip());
  setAccessibleName(mSource->accessibleName().isEmpty() ? mSource->text().remove(QLatin1Char('&'))
                                                        : mSource->accessibleName());
  setEnabled(mSource->isEnabled());
}

bool MirrorButton::eventFilter(QObject* watched, QEvent* event) {
  if (watched == mSource && (event->type() == QEvent::EnabledChange || event->type() == QEvent::LanguageChange))
    sync();
  return QPushButton::eventFilter(watched, event);
}
