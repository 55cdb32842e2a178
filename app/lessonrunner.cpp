#include "lessonrunner.h"
#include "tabs.h"
#include "controllers/lessonrecipe.h"

#include "mainwindow.h"

#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "panels/presentable.h"

#include <QTabWidget>

#include <cmath>


LessonRunner::LessonRunner(MainWindow* window)
    : QObject(window), mWindow(window), mRecipe(new LessonRecipeRunner(window->workbench(), this)) {
  connect(mRecipe, &LessonRecipeRunner::progress, this, &LessonRunner::progress);
  connect(mRecipe, &LessonRecipeRunner::failed, this, &LessonRunner::failed);
  connect(mRecipe, &LessonRecipeRunner::reached, this, [this] {
    showBeat(0);
    emit reached(0);
  });
}

bool LessonRunner::running() const { return mRecipe->running(); }

QString LessonRunner::start(const Lesson& lesson) {
  if (mRecipe->running()) return tr("A lesson is being prepared already.");
  const Lesson previous = mLesson;
  mLesson = lesson;
  mBeat = -1;
  mWalked = 0;
  mLeft = false;
  // the recipe runs through the workbench's controllers (ui/controllers/lessonrecipe.h): the docks show it
  const QString err = mRecipe->start(lesson);
  if (!err.isEmpty()) mLesson = previous;  // nothing changed
  emit beatsChanged();
  return err;
}

bool LessonRunner::showBeat(int i) {
  if (i < 0 || i >= mLesson.beats.size() || !mWindow->document()->hasModel()) return false;
  mBeat = i;
  mWalked = 0;
  mLeft = false;
  const LessonBeat& b = mLesson.beats[i];
  const int tab = std::max(0, tabIndexOf(b.tab));
  mWindow->tabs()->setCurrentIndex(tab);
  if (Presentable* p = mWindow->presentable(tab)) p->setViewState(b.view);
  emit beatShown(i);
  return true;
}

bool LessonRunner::ownStep(int direction) {
  mOwnStep = true;
  const bool moved = mWindow->presentStep(direction);
  mOwnStep = false;
  return moved;
}

bool LessonRunner::tabStepped(int direction) {
  if (mOwnStep || mBeat < 0 || mBeat >= mLesson.beats.size()) return false;
  if (mLesson.beats[mBeat].walk > 0 && (direction == 1 || direction == -1)) {
    mWalked = std::max(0, mWalked + direction);  // (past the beat's own steps too: Back takes them back one by one)
    return false;
  }
  mLeft = true;
  return mLesson.beats[mBeat].walk == 0;
}

bool LessonRunner::next() {
  if (mBeat < 0 || mBeat >= mLesson.beats.size()) return false;
  if (mWalked < mLesson.beats[mBeat].walk && ownStep(1)) {
    ++mWalked;
    return true;
  }
  return showBeat(mBeat + 1);
}

bool LessonRunner::walkToEnd() {
  if (mBeat < 0 || mBeat >= mLesson.beats.size()) return false;
  bool walked = false;
  while (mWalked < mLesson.beats[mBeat].walk && ownStep(1)) {
    ++mWalked;
    walked = true;
  }
  return walked;
}

int LessonRunner::walkLeft() const {
  if (mBeat < 0 || mBeat >= mLesson.beats.size()) return 0;
  return std::max(0, mLesson.beats[mBeat].walk - mWalked);
}

bool LessonRunner::back() {
  if (mBeat < 0 || mBeat >= mLesson.beats.size()) return false;
  if (mLeft) return showBeat(mBeat);  // the beat's own view again, from wherever the tab was stepped
  if (mWalked > 0 && ownStep(-1)) {
    --mWalked;
    return true;
  }
  if (mBeat == 0) return true;  // nothing before the first beat
  return showBeat(mBeat - 1);
}

int LessonRunner::addBeat(const QString& caption) {
  if (mLesson.beats.isEmpty() && mLesson.title.isEmpty()) {  // a new lesson, around the model that is open
    mLesson = Lesson{};
    mLesson.title = tr("Untitled lesson");
  }
  LessonBeat b;
  b.caption = caption;
  const int tab = mWindow->tabs()->currentIndex();
  b.tab = tabIds().value(tab);
  if (Presentable* p = mWindow->presentable(tab)) b.view = p->viewState();
  const int at = mBeat >= 0 && mBeat < mLesson.beats.size() ? mBeat + 1 : int(mLesson.beats.size());
  mLesson.beats.insert(at, b);
  mBeat = at;
  mWalked = 0;
  mLeft = false;
  emit beatsChanged();
  emit beatShown(at);
  return at;
}

bool LessonRunner::renameBeat(int i, const QString& caption) {
  if (i < 0 || i >= mLesson.beats.size()) return false;
  mLesson.beats[i].caption = caption;
  mLesson.beats[i].captionText = QJsonValue();  // written as typed
  emit beatsChanged();
  if (i == mBeat) emit beatShown(i);
  return true;
}

bool LessonRunner::moveBeat(int from, int to) {
  if (from < 0 || from >= mLesson.beats.size() || to < 0 || to >= mLesson.beats.size() || from == to) return false;
  mLesson.beats.move(from, to);
  if (mBeat == from) mBeat = to;
  else if (from < mBeat && to >= mBeat) --mBeat;
  else if (from > mBeat && to <= mBeat) ++mBeat;
  emit beatsChanged();
  return true;
}

bool LessonRunner::removeBeat(int i) {
  if (i < 0 || i >= mLesson.beats.size()) return false;
  mLesson.beats.removeAt(i);
  if (mBeat >= mLesson.beats.size() || mBeat == i) mBeat = std::min(mBeat, int(mLesson.beats.size()) - 1);
  else if (i < mBeat) --mBeat;
  emit beatsChanged();
  return true;
}

bool LessonRunner::setWalk(int i, int steps) {
  if (i < 0 || i >= mLesson.beats.size() || steps < 0) return false;
  mLesson.beats[i].walk = steps;
  emit beatsChanged();
  return true;
}

void LessonRunner::setTitle(const QString& title) {
  mLesson.title = title;
  mLesson.titleText = QJsonValue();
  emit beatsChanged();
}

void LessonRunner::adopt(const Lesson& lesson) {
  mLesson = lesson;
  mBeat = -1;
  mWalked = 0;
  mLeft = false;
  emit beatsChanged();
  showBeat(0);
}

void LessonRunner::close() {
  if (mRecipe->running()) return;
  mLesson = Lesson{};
  mBeat = -1;
  mWalked = 0;
  mLeft = false;
  emit beatsChanged();
}

void LessonRunner::localize(const QString& language) {
  if (!hasLesson() && mLesson.title.isEmpty()) return;
  localizeLesson(mLesson, language);
  emit beatsChanged();
}
