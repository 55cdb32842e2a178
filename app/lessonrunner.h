// lessonrunner.h — the open lesson. Opening one runs its recipe through the workbench's controllers
// (ui/controllers/lessonrecipe.h: the family, the data, the model, training from the fixed seeds on the worker as
// usual — or, for a lesson saved with its model, that model; the docks show the real settings as they follow the
// controllers) and then shows the lesson's first beat (its key moment). Beats are shown one after another (in presentation mode Space walks them, and each beat's own
// steps). The lecturer authors beats: addBeat records the current tab and its view settings with a caption;
// beats are renamed, moved and removed here, and File → Save Lesson writes the lesson into the model file.
#pragma once

#include "controllers/lesson.h"

#include <QObject>
#include <QPointer>

class LessonRecipeRunner;
class MainWindow;

class LessonRunner : public QObject {
  Q_OBJECT
 public:
  explicit LessonRunner(MainWindow* window);
  // Starts the lesson; an error message when it cannot (nothing was changed then).
  QString start(const Lesson& lesson);
  bool running() const;
  const Lesson& lesson() const { return mLesson; }
  int beat() const { return mBeat; }
  // Shows beat i (0-based) of the trained lesson: its tab and that tab's settings.
  bool showBeat(int i);
  bool hasLesson() const { return !mLesson.beats.isEmpty(); }
  // The presenter's Next / Back through the lesson: a beat's own steps (walk), then the next beat. Next is false
  // past the last beat (the tab's own stepper goes on then); Back first shows again a beat the view was stepped
  // away from, and stays at the first beat (nothing before it: the view stays the beat's).
  bool next();
  bool back();
  // Takes the shown beat's own steps to their end (the key moment of a lesson whose first beat is walked: a picture
  // of its result, not of its start). False when none was taken (none left, or the tab could not take one now).
  bool walkToEnd();
  // The tab took a step the lesson did not ask for (direction 1 / −1; 0 or ±2 for a jump or a step of unknown
  // direction) — the keys, Space past the last beat, the strip's buttons. On a beat walked step by step a ±1 step
  // counts as one of its steps (Back takes it back); otherwise the view has left the beat: Back shows the beat again
  // first. True when the view left a beat without steps of its own (its caption no longer describes it).
  bool tabStepped(int direction);
  // Another tab than the beat's was shown (1 – 9): Back shows the beat again first.
  void leftView() { mLeft = mBeat >= 0; }
  bool left() const { return mLeft; }
  // The shown beat's own steps not yet taken (a step the tab cannot take yet — its worker busy — is left).
  int walkLeft() const;

  // Authoring. addBeat records the current tab and its view settings; a lesson is begun when none is open.
  int addBeat(const QString& caption);
  bool renameBeat(int i, const QString& caption);
  bool moveBeat(int from, int to);
  bool removeBeat(int i);
  bool setWalk(int i, int steps);
  void setTitle(const QString& title);
  // Adopts a lesson that came with the model just opened (File → Open of a model file carrying one): beat 0.
  void adopt(const Lesson& lesson);
  // Forgets the lesson (the window's model was replaced by something else).
  void close();
  QByteArray toJson() const { return lessonToJson(mLesson); }
  // The window's language changed: the lesson's texts in it (localizeLesson); beatsChanged tells the dock.
  void localize(const QString& language);

 signals:
  void progress(const QString& what);  // "Loading the data…", "Training 600 steps…"
  void reached(int beat);             // the lesson's model is trained and beat `beat` is shown
  void failed(const QString& error);
  void beatsChanged();                // added, renamed, moved, removed, or another lesson
  void beatShown(int beat);          // beat `beat` is on screen (its caption)

 private:
  MainWindow* mWindow;
  LessonRecipeRunner* mRecipe;
  Lesson mLesson;
  int mBeat = -1;
  int mWalked = 0;  // steps taken within the beat shown
  bool mLeft = false;  // the view was stepped away from the beat shown
  bool mOwnStep = false;  // a step the runner itself asked the tab for (a walked beat's)
  bool ownStep(int direction);  // the tab's step, asked by the runner
};
