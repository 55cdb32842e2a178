#include "presentable.h"

#include <QBoxLayout>
#include <QPushButton>

std::pair<QPushButton*, QPushButton*> addStepButtons(Presentable* tab, QWidget* strip, QBoxLayout* row,
                                                     const QString& back, const QString& next) {
  auto* b = new QPushButton(back, strip);
  auto* n = new QPushButton(next, strip);
  for (QPushButton* button : {b, n}) {
    button->setFocusPolicy(Qt::TabFocus);
    row->addWidget(button);
  }
  QObject::connect(b, &QPushButton::clicked, strip, [tab] {
    if (tab->presentBack() && tab->stepped) tab->stepped();
  });
  QObject::connect(n, &QPushButton::clicked, strip, [tab] {
    if (tab->presentNext() && tab->stepped) tab->stepped();
  });
  return {b, n};
}
