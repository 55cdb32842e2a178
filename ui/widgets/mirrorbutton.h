// mirrorbutton.h — a second face of a button, for presentation mode's strip: it shows the same text and enabled
// state as the button it mirrors, and clicking it clicks that button (so the policy stays in one place).
#pragma once

#include <QPointer>
#include <QPushButton>

class MirrorButton : public QPushButton {
  Q_OBJECT
 public:
  MirrorButton(QAbstractButton* source, QWidget* parent);
  QAbstractButton* source() const { return mSource; }

 public slots:
  void sync();  // text and enabled state again (the enabled state follows by itself)

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QPointer<QAbstractButton> mSource;
};
