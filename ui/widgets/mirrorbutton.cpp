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
  // the kind of event first: the source's own destructor sends events while it is only a QWidget any more, and
  // comparing it with the QPointer casts it to a button (UBSan: a downcast of a QWidget, when the Training dock went
  // before the strips)
  if ((event->type() == QEvent::EnabledChange || event->type() == QEvent::LanguageChange) && watched == mSource)
    sync();
  return QPushButton::eventFilter(watched, event);
}
