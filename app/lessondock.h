// lessondock.h — the Lesson dock: the open lesson's title and its beats in order, each with its caption and the
// tab it shows. Beats are added (View → Add Beat, Ctrl+B), shown (double-click), renamed (edit in place), moved
// (drag, or Up / Down) and deleted; "steps within the beat" sets how many presses of Space the beat's own view
// takes before the next beat. A view only: the beats live in the LessonRunner.
#pragma once

#include <QWidget>

class LessonRunner;
class QLineEdit;
class QListWidget;
class QPushButton;
class QSpinBox;

class LessonDock : public QWidget {
  Q_OBJECT
 public:
  LessonDock(LessonRunner* runner, QWidget* parent = nullptr);
  QListWidget* beatList() const { return mList; }
  QLineEdit* titleEdit() const { return mTitle; }
  QSpinBox* walkBox() const { return mWalk; }
  QPushButton* addButton() const { return mAdd; }
  QPushButton* upButton() const { return mUp; }
  QPushButton* downButton() const { return mDown; }
  QPushButton* deleteButton() const { return mDelete; }
  QPushButton* saveButton() const { return mSave; }

 signals:
  void addRequested();   // Add Beat: the window asks for the caption
  void saveRequested();  // Save Lesson…

 private:
  void rebuild();
  void updateButtons();
  LessonRunner* mRunner;
  QLineEdit* mTitle;
  QListWidget* mList;
  QSpinBox* mWalk;
  QPushButton *mAdd, *mShow, *mUp, *mDown, *mDelete, *mSave;
  bool mRebuilding = false;
};
