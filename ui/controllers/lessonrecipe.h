// lessonrecipe.h — a lesson's way to its key moment, through the workbench's controllers and without widgets: the
// model family, the data (a built-in task, or a text shipped with the lesson), the model (a preset, ℓ_max, the
// seed), the training (optimizer, steps, seed) — or, for a lesson saved with its model, that model opened. The
// window's lesson runner shows the beats once reached() comes; tests run a lesson with a Workbench alone. A recipe
// with a comparison (recipe.compare) trains the families side by side after its model (the workbench's
// CompareController, the Compare tab's): reached() comes when their result is there.
#pragma once

#include "lesson.h"

#include <QObject>
#include <QString>
#include <QTemporaryDir>

#include <memory>

class BackgroundJob;
class Workbench;

// Where a lesson's text is put for the core to read (a folder made for it under the system's temporary folder): a
// path under it is named as the lesson's text, not by its temporary place (the Data dock).
QString lessonTextFolderPrefix();
bool isLessonText(const QString& path);

class LessonRecipeRunner : public QObject {
  Q_OBJECT
 public:
  explicit LessonRecipeRunner(Workbench* bench, QObject* parent = nullptr);
  // Starts the recipe: an error message when it cannot start (nothing was changed then), else empty and later
  // reached() or failed().
  QString start(const Lesson& lesson);
  bool running() const { return mRunning; }

 signals:
  void progress(const QString& what);  // "Loading the task…", "Training 600 steps…"
  void reached();                      // the lesson's model is trained (or opened) and is the document's
  void failed(const QString& error);

 private:
  void dataLoaded(const QString& error);
  void build();
  void train();
  void compare();  // the recipe's families side by side (recipe.compare), after the training
  void fail(const QString& error);
  Workbench* mBench;
  QString importModel(const Lesson& lesson);  // an importing lesson's checkpoint, on mImport's worker
  Lesson mLesson;
  bool mRunning = false;
  BackgroundJob* mImport = nullptr;
  std::unique_ptr<QTemporaryDir> mTextDir;  // a shipped text copied out of the resources for the core to read
  QMetaObject::Connection mWait, mWaitEnd;
};
