// lessonrunner.h — opens a lesson in the window: it sets the Data, Model and Training docks as the lesson's recipe
// says (so the class sees the real settings), loads the data, builds, trains from the fixed seeds on the worker
// as usual, and then shows the lesson's first beat (its key moment). Beats can be shown one after another.
#pragma once

#include "controllers/lesson.h"

#include <QObject>
#include <QPointer>
#include <QTemporaryDir>

#include <memory>

class MainWindow;

class LessonRunner : public QObject {
  Q_OBJECT
 public:
  explicit LessonRunner(MainWindow* window);
  // Starts the lesson; an error message when it cannot (nothing was changed then).
  QString start(const Lesson& lesson);
  bool running() const { return mRunning; }
  const Lesson& lesson() const { return mLesson; }
  int beat() const { return mBeat; }
  // Shows beat i (0-based) of the trained lesson: its tab and that tab's settings.
  bool showBeat(int i);

 signals:
  void progress(const QString& what);  // "Loading the data…", "Training 600 steps…"
  void reached(int beat);             // the lesson's model is trained and beat `beat` is shown
  void failed(const QString& error);

 private:
  void build();
  void train();
  MainWindow* mWindow;
  Lesson mLesson;
  int mBeat = -1;
  bool mRunning = false;
  std::unique_ptr<QTemporaryDir> mTextDir;  // a shipped text copied out of the resources for the core to read
  QMetaObject::Connection mWait;
};
