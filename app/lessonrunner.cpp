#include "lessonrunner.h"
#include "tabs.h"
#include "controllers/modeldesign.h"
#include "controllers/workbench.h"

#include "mainwindow.h"

#include "controllers/algorithmcontroller.h"
#include "controllers/dataloader.h"
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "core/model/stepper.h"
#include "panels/algorithmpanel.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/modelpanel.h"
#include "panels/presentable.h"
#include "panels/trainingpanel.h"

#include <QEventLoop>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>

#include <cmath>


LessonRunner::LessonRunner(MainWindow* window) : QObject(window), mWindow(window) {}

QString LessonRunner::start(const Lesson& lesson) {
  if (mRunning) return tr("A lesson is being prepared already.");
  if (mWindow->trainer()->state() == TrainingController::State::Running)
    return tr("Training is running: pause or stop it before opening a lesson.");
  mLesson = lesson;
  mBeat = -1;
  mWalked = 0;
  emit beatsChanged();
  MainWindow& w = *mWindow;
  if (!lesson.modelFile.isEmpty()) {  // saved with its model: that model, its data and history, as they were
    bool warningOnly = false;
    const QString err = w.document()->open(lesson.modelFile, &warningOnly);
    if (!err.isEmpty() && !warningOnly) return err;
    QMetaObject::invokeMethod(
        this,
        [this] {
          showBeat(0);
          emit reached(0);
        },
        Qt::QueuedConnection);
    return {};
  }
  mRunning = true;
  const LessonRecipe& r = lesson.recipe;
  // the variant first: the data panel's text files are for decoder-only models
  if (auto v = gb::parse_variant(r.variant.toStdString())) w.workbench()->design()->setVariant(*v);
  DataPanel* dp = w.dataPanel();
  if (!r.task.isEmpty()) {
    emit progress(tr("Loading the task…"));
    dp->sourceBox()->setCurrentIndex(0);
    if (r.trainSize > 0) dp->trainSizeBox()->setValue(r.trainSize);
    if (r.valSize > 0) dp->valSizeBox()->setValue(r.valSize);
    dp->seedBox()->setValue(r.dataSeed);
    const int i = dp->taskBox()->findData(r.task);
    if (i < 0) {
      mRunning = false;
      return tr("The lesson's task “%1” is not a built-in task.").arg(r.task);
    }
    {
      QSignalBlocker quiet(dp->taskBox());  // one load, below, with the sizes above
      dp->taskBox()->setCurrentIndex(i);
    }
    dp->loadButton()->click();
    if (dp->loader()->isRunning()) {  // a large task (or a BPE one) is prepared on the worker: the window goes on
      QEventLoop wait;
      connect(dp->loader(), &DataLoader::finished, &wait, &QEventLoop::quit);
      wait.exec();
    }
    if (!w.document()->hasData() || w.document()->taskName() != r.task) {
      mRunning = false;
      return tr("The lesson's task could not be loaded.");
    }
    build();
    return {};
  }
  // a text: out of the resources into a file the core can read
  QString path = r.text;
  if (path.startsWith(QLatin1Char(':'))) {
    mTextDir = std::make_unique<QTemporaryDir>();
    const QString copy = mTextDir->filePath(QFileInfo(path).fileName());
    if (!mTextDir->isValid() || !QFile::copy(path, copy)) {
      mRunning = false;
      return tr("The lesson's text %1 could not be prepared.").arg(path);
    }
    path = copy;
  }
  emit progress(tr("Reading the text…"));
  mWait = connect(dp->loader(), &DataLoader::finished, this, [this](const QString& error) {
    disconnect(mWait);
    if (!error.isEmpty()) {
      mRunning = false;
      emit failed(error);
      return;
    }
    build();
  });
  dp->loadFile(path);
  return {};
}

void LessonRunner::build() {
  const LessonRecipe& r = mLesson.recipe;
  MainWindow& w = *mWindow;
  ModelDesign* design = w.workbench()->design();
  design->applyPreset(r.preset.toStdString());
  if (r.maxLen > 0) design->setSize(gb::SizeField::MaxLen, r.maxLen);
  const QString err = w.document()->build(design->config(), quint64(r.modelSeed));
  if (!err.isEmpty()) {
    mRunning = false;
    emit failed(err);
    return;
  }
  train();
}

void LessonRunner::train() {
  const LessonRecipe& r = mLesson.recipe;
  TrainingPanel* tp = mWindow->trainingPanel();
  tp->optimizerBox()->setCurrentIndex(tp->optimizerBox()->findData(r.optimizer == QLatin1String("sgd") ? 0 : 1));
  tp->stepsBox()->setValue(r.steps);
  tp->seedBox()->setValue(r.trainSeed);
  emit progress(tr("Training %1 steps…").arg(r.steps));
  mWait = connect(mWindow->trainer(), &TrainingController::stateChanged, this, [this](TrainingController::State s) {
    if (s != TrainingController::State::Finished && s != TrainingController::State::Idle) return;
    disconnect(mWait);
    mRunning = false;
    if (mWindow->trainer()->fault() || !mWindow->document()->isTrained()) {
      emit failed(tr("The lesson's training did not finish."));
      return;
    }
    // the document takes the trained parameters when the worker hands them back (queued): then the first beat
    QMetaObject::invokeMethod(
        this,
        [this] {
          showBeat(0);
          emit reached(0);
        },
        Qt::QueuedConnection);
  });
  tp->startButton()->click();
  if (mWindow->trainer()->state() != TrainingController::State::Running) {
    disconnect(mWait);
    mRunning = false;
    emit failed(tp->statusText());
  }
}

bool LessonRunner::showBeat(int i) {
  if (i < 0 || i >= mLesson.beats.size() || !mWindow->document()->hasModel()) return false;
  mBeat = i;
  mWalked = 0;
  const LessonBeat& b = mLesson.beats[i];
  const int tab = std::max(0, tabIndexOf(b.tab));
  mWindow->tabs()->setCurrentIndex(tab);
  if (Presentable* p = mWindow->presentable(tab)) p->setViewState(b.view);
  emit beatShown(i);
  return true;
}

bool LessonRunner::next() {
  if (mBeat < 0 || mBeat >= mLesson.beats.size()) return false;
  if (mWalked < mLesson.beats[mBeat].walk && mWindow->presentStep(1)) {
    ++mWalked;
    return true;
  }
  return showBeat(mBeat + 1);
}

bool LessonRunner::back() {
  if (mBeat < 0 || mBeat >= mLesson.beats.size()) return false;
  if (mWalked > 0 && mWindow->presentStep(-1)) {
    --mWalked;
    return true;
  }
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
  emit beatsChanged();
  showBeat(0);
}

void LessonRunner::close() {
  if (mRunning) return;
  mLesson = Lesson{};
  mBeat = -1;
  mWalked = 0;
  emit beatsChanged();
}
