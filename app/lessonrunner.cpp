#include "lessonrunner.h"

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
#include "panels/trainingpanel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>

#include <cmath>

namespace {
const QStringList kTabs = {QStringLiteral("attention"), QStringLiteral("masks"), QStringLiteral("parameters"),
                           QStringLiteral("decoding"), QStringLiteral("algorithm"), QStringLiteral("training")};
}  // namespace

LessonRunner::LessonRunner(MainWindow* window) : QObject(window), mWindow(window) {}

QString LessonRunner::start(const Lesson& lesson) {
  if (mRunning) return tr("A lesson is being prepared already.");
  if (mWindow->trainer()->state() == TrainingController::State::Running)
    return tr("Training is running: pause or stop it before opening a lesson.");
  mLesson = lesson;
  mBeat = -1;
  mRunning = true;
  const LessonRecipe& r = lesson.recipe;
  MainWindow& w = *mWindow;
  // the variant first: the data panel's text files are for decoder-only models
  w.modelPanel()->variantBox()->setCurrentIndex(
      w.modelPanel()->variantBox()->findData(int(r.variant == QLatin1String("decoder-only") ? gb::Variant::DecoderOnly
                                                                                           : gb::Variant::EncoderDecoder)));
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
  const QStringList presets = {QStringLiteral("tiny"), QStringLiteral("small"), QStringLiteral("medium"),
                               QStringLiteral("seed")};
  {
    QSignalBlocker quiet(w.modelPanel()->presetBox());
    w.modelPanel()->presetBox()->setCurrentIndex(presets.indexOf(r.preset));
  }
  w.modelPanel()->applyPreset(presets.indexOf(r.preset));
  if (r.maxLen > 0) w.modelPanel()->maxLenBox()->setValue(r.maxLen);
  const QString err = w.document()->build(w.modelPanel()->config(), quint64(r.modelSeed));
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
  const LessonBeat& b = mLesson.beats[i];
  MainWindow& w = *mWindow;
  w.tabs()->setCurrentIndex(std::max(0, int(kTabs.indexOf(b.tab))));
  if (!b.attention.isEmpty()) {
    auto* ap = w.findChild<AttentionPanel*>();
    if (b.attention.contains(QStringLiteral("probe"))) ap->probeBox()->setCurrentText(b.attention.value(QStringLiteral("probe")).toString());
    const QString kind = b.attention.value(QStringLiteral("kind")).toString();
    if (!kind.isEmpty()) {
      const int k = kind == QLatin1String("bidirectional") ? int(gb::AttentionRecord::Kind::Bidirectional)
                    : kind == QLatin1String("causal")      ? int(gb::AttentionRecord::Kind::Causal)
                                                           : int(gb::AttentionRecord::Kind::Cross);
      const int at = ap->kindBox()->findData(k);
      if (at >= 0) ap->kindBox()->setCurrentIndex(at);
    }
    if (b.attention.contains(QStringLiteral("layer"))) ap->layerBox()->setValue(b.attention.value(QStringLiteral("layer")).toInt());
    const QJsonValue head = b.attention.value(QStringLiteral("head"));
    if (head == QStringLiteral("average")) ap->headBox()->setCurrentIndex(ap->headBox()->count() - 1);
    else if (head.isDouble()) ap->headBox()->setCurrentIndex(std::min(head.toInt() - 1, ap->headBox()->count() - 2));
    if (b.attention.contains(QStringLiteral("mode")))
      ap->modeBox()->setCurrentIndex(b.attention.value(QStringLiteral("mode")).toString() == QLatin1String("scores") ? 1 : 0);
  }
  if (!b.decoding.isEmpty()) {
    auto* dp = w.findChild<DecodingPanel*>();
    const QJsonValue tau = b.decoding.value(QStringLiteral("tau"));
    if (tau == QStringLiteral("inf")) dp->temperatureSlider()->setValue(DecodingPanel::kInfinityPosition);
    else if (tau.isDouble()) dp->temperatureSlider()->setValue(int(std::lround(tau.toDouble() / 0.05)));
    dp->topKBox()->setValue(b.decoding.value(QStringLiteral("top_k")).toInt(0));
    dp->topPBox()->setValue(b.decoding.value(QStringLiteral("top_p")).toDouble(1.0));
    dp->seedBox()->setValue(b.decoding.value(QStringLiteral("seed")).toInt(0));
    if (b.decoding.contains(QStringLiteral("input"))) dp->inputBox()->setCurrentText(b.decoding.value(QStringLiteral("input")).toString());
    dp->start();
    const int steps = b.decoding.value(QStringLiteral("steps")).toInt(0);
    for (int k = 0; k < steps && dp->controller()->active() && !dp->controller()->finished(); ++k) dp->controller()->step();
  }
  if (!b.algorithm.isEmpty()) {
    auto* al = w.findChild<AlgorithmPanel*>();
    if (b.algorithm.contains(QStringLiteral("input"))) al->inputBox()->setCurrentText(b.algorithm.value(QStringLiteral("input")).toString());
    al->start();
    if (b.algorithm.contains(QStringLiteral("line")) && al->controller()->active())
      al->controller()->runToLine(b.algorithm.value(QStringLiteral("line")).toInt() - 1);
  }
  return true;
}
