#include "placeholder.h"

#include <QLabel>
#include <QVBoxLayout>

Placeholder::Placeholder(const QString& title, const QString& description, QWidget* parent)
    : QWidget(parent), mTitle(new QLabel(title, this)), mDescription(new QLabel(description, this)) {
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(16, 16, 16, 16);
  QFont f = mTitle->font();
  f.setPointSizeF(f.pointSizeF() * 1.25);
  f.setBold(true);
  mTitle->setFont(f);
  mTitle->setWordWrap(true);
  mDescription->setWordWrap(true);
  mDescription->setTextFormat(Qt::PlainText);
  QPalette pal = mDescription->palette();
  pal.setColor(QPalette::WindowText, pal.color(QPalette::PlaceholderText));
  mDescription->setPalette(pal);
  layout->addWidget(mTitle);
  layout->addWidget(mDescription);
  layout->addStretch(1);
}

QString Placeholder::title() const { return mTitle->text(); }
QString Placeholder::description() const { return mDescription->text(); }
