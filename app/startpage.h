// startpage.h — the Start page (at first launch, and File → Lessons…): the built-in lessons, each with its
// picture, title and what it shows; Open trains it from its fixed seeds and shows its key moment. A lesson file
// can be opened from here too.
#pragma once

#include <QDialog>

class StartPage : public QDialog {
  Q_OBJECT
 public:
  explicit StartPage(QWidget* parent = nullptr);
  QString chosen() const { return mChosen; }  // a built-in lesson's name or a lesson file's path (after Accepted)

 private:
  QString mChosen;
};
