// placeholder.h — a calm panel that says what will be shown here, so the workbench has its final shape before
// every panel exists.
#pragma once

#include <QWidget>

class QLabel;

class Placeholder : public QWidget {
  Q_OBJECT
 public:
  Placeholder(const QString& title, const QString& description, QWidget* parent = nullptr);
  QString title() const;
  QString description() const;

 private:
  QLabel* mTitle;
  QLabel* mDescription;
};
