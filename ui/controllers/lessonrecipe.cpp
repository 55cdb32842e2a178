#include "lessonrecipe.h"

#include "backgroundjob.h"
#include "comparecontroller.h"
#include "errortext.h"
#include "memorylimit.h"
#include "datachoice.h"
#include "modeldesign.h"
#include "modeldocument.h"
#include "trainingcontroller.h"
#include "trainingsetup.h"
#include "workbench.h"

#include "core/text/tasks.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMetaObject>

LessonRecipeRunner::LessonRecipeRunner(Workbench* bench, QObject* parent) : QObject(parent), mBench(bench) {
  // the lesson's model is what its recipe (or its file) makes again: nothing of the user's to save until they change
  // it (quitting after a lesson asked to save it) — first of reached()'s receivers, before a beat is shown
  connect(this, &LessonRecipeRunner::reached, this, [this] { mBench->document()->setModified(false); });
}

void LessonRecipeRunner::fail(const QString& error) {
  disconnect(mWait);
  disconnect(mWaitEnd);
  mRunning = false;
  emit failed(error);
}

QString LessonRecipeRunner::start(const Lesson& lesson) {
  if (mRunning) return tr("A lesson is being prepared already.");
  if (mBench->trainer()->state() == TrainingController::State::Running)
    return tr("Training is running: pause or stop it before opening a lesson.");
  mLesson = lesson;
  ModelDocument* doc = mBench->document();
  if (!lesson.modelFile.isEmpty()) {  // saved with its model: that model, its data and history, as they were
    bool warningOnly = false;
    const QString err = doc->open(lesson.modelFile, &warningOnly);
    if (!err.isEmpty() && !warningOnly) return err;
    QMetaObject::invokeMethod(this, &LessonRecipeRunner::reached, Qt::QueuedConnection);
    return {};
  }
  if (lesson.import) return importModel(lesson);
  const LessonRecipe& r = lesson.recipe;
  if (!r.task.isEmpty() && r.task != QLatin1String(gb::kPhonemeTask) && !gb::find_task(r.task.toStdString()))
    return tr("The lesson's task “%1” is not a built-in task.").arg(r.task);
  mRunning = true;
  // the family first: the data is laid out for it
  if (auto v = gb::parse_variant(r.variant.toStdString())) mBench->design()->setVariant(*v);
  DataChoice* data = mBench->data();
  mWait = connect(data, &DataChoice::finished, this, &LessonRecipeRunner::dataLoaded);
  if (!r.task.isEmpty()) {
    emit progress(tr("Loading the task…"));
    data->setTask(r.task);
    data->setSizes(r.trainSize > 0 ? r.trainSize : data->trainSize(), r.valSize > 0 ? r.valSize : data->valSize());
    data->setSeed(quint64(r.dataSeed));
    data->loadTask();  // at once (finished() has come) or on the worker (it comes later)
    return {};
  }
  // a text: out of the resources into a file the core can read
  QString path = r.text;
  if (path.startsWith(QLatin1Char(':'))) {
    mTextDir = std::make_unique<QTemporaryDir>(lessonTextFolderPrefix() + QStringLiteral("XXXXXX"));
    const QString copy = mTextDir->filePath(QFileInfo(path).fileName());
    if (!mTextDir->isValid() || !QFile::copy(path, copy)) {
      disconnect(mWait);
      mRunning = false;
      return tr("The lesson's text %1 could not be prepared.").arg(path);
    }
    path = copy;
  }
  emit progress(tr("Reading the text…"));
  data->loadFile(path);
  return {};
}

QString lessonTextFolderPrefix() { return QDir::tempPath() + QStringLiteral("/glassbox-lesson-text-"); }

bool isLessonText(const QString& path) { return path.startsWith(lessonTextFolderPrefix()); }

void LessonRecipeRunner::dataLoaded(const QString& error) {
  disconnect(mWait);
  if (!mRunning) return;
  const LessonRecipe& r = mLesson.recipe;
  ModelDocument* doc = mBench->document();
  if (!error.isEmpty()) return fail(error);
  if (!doc->hasData() || (!r.task.isEmpty() && doc->taskName() != r.task))
    return fail(tr("The lesson's task could not be loaded."));
  build();
}

void LessonRecipeRunner::build() {
  const LessonRecipe& r = mLesson.recipe;
  ModelDesign* design = mBench->design();
  design->applyPreset(r.preset.toStdString());
  if (r.maxLen > 0) design->setSize(gb::SizeField::MaxLen, r.maxLen);
  const QString err = mBench->document()->build(design->config(), quint64(r.modelSeed));
  if (!err.isEmpty()) return fail(err);
  train();
}

void LessonRecipeRunner::train() {
  const LessonRecipe& r = mLesson.recipe;
  TrainingSetup* setup = mBench->training();
  setup->setOptimizer(r.optimizer == QLatin1String("sgd") ? gb::OptimizerKind::SGD : gb::OptimizerKind::AdamW);
  setup->setSteps(r.steps);
  setup->setSeed(quint64(r.trainSeed));
  emit progress(tr("Training %1 steps…").arg(r.steps));
  TrainingController* trainer = mBench->trainer();
  mWait = connect(trainer, &TrainingController::stateChanged, this, [this, trainer](TrainingController::State s) {
    if (s != TrainingController::State::Finished && s != TrainingController::State::Idle) return;
    disconnect(mWait);
    mRunning = false;
    if (trainer->fault() || !mBench->document()->isTrained()) {
      emit failed(tr("The lesson's training did not finish."));
      return;
    }
    if (!mLesson.recipe.compareFamilies.isEmpty()) return compare();
    // the document takes the trained parameters when the worker hands them back (queued): then the key moment
    QMetaObject::invokeMethod(this, &LessonRecipeRunner::reached, Qt::QueuedConnection);
  });
  const QString err = setup->start();
  if (!err.isEmpty()) fail(err);
}

void LessonRecipeRunner::compare() {
  const LessonRecipe& r = mLesson.recipe;
  ModelDocument* doc = mBench->document();
  CompareController* ctl = mBench->compare();
  CompareController::Request request;
  for (const QString& name : r.compareFamilies) {
    if (name == QLatin1String(CompareController::kAttentionName)) request.rnnAttention = true;
    else if (const gb::FamilyInfo* f = gb::find_family(name.toStdString())) request.families.push_back(f->variant);
  }
  request.task = doc->taskName();
  request.data = doc->sharedData();
  request.sizes = CompareController::sizesFor(request.task);
  request.steps = r.compareSteps;
  request.emIterations = r.compareEmIterations;
  request.seed = quint64(r.trainSeed);
  request.temperature = r.compareTemperature;
  mRunning = true;
  emit progress(tr("Training the families side by side…"));
  mWait = connect(ctl, &CompareController::finished, this, [this](const QString& error) {
    disconnect(mWaitEnd);
    if (!error.isEmpty()) return fail(error);
    disconnect(mWait);
    mRunning = false;
    emit reached();
  });
  ctl->start(request);
  // cancelled (File → New, other data): its result never comes, and the lesson says so instead of waiting (connected
  // after start(): starting may end an earlier run of the user's first)
  mWaitEnd = connect(ctl, &CompareController::runningChanged, this, [this](bool running) {
    if (running || !mRunning) return;
    disconnect(mWaitEnd);
    fail(tr("The lesson's comparison was cancelled."));
  });
}

QString LessonRecipeRunner::importModel(const Lesson& lesson) {
  const QString folder = findCheckpoint(*lesson.import);
  if (folder.isEmpty()) return missingCheckpointText(*lesson.import);  // (the window offers a folder, or the fallback)
  if (!mImport) mImport = new BackgroundJob(this);
  mRunning = true;
  emit progress(tr("Importing %1…").arg(lesson.import->hub.isEmpty() ? QFileInfo(folder).fileName() : lesson.import->hub));
  const qint64 cap = MemoryLimit::capBytes(/*replacingModel=*/true);
  const int generation = mBench->document()->generation();  // a New or Open meanwhile: the import is dropped
  mImport->run([this, cap, folder, generation](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    auto read = std::make_shared<ModelDocument::ReadFile>();
    try {
      *read = ModelDocument::importRead(folder, cap, [&ctx](uint64_t done, uint64_t total) {
        return ctx.progress(int(total ? 1000 * done / total : 1000), 1000);
      });
    } catch (const std::bad_alloc&) {
      read->model = gb::Error(gb::ErrorCode::Plain);
    }
    return [this, read, folder, generation] {
      mRunning = false;
      if (mBench->document()->generation() != generation) {  // dropped: said, as a stopped training is
        fail(tr("The lesson's model was not imported: another model was made or opened meanwhile."));
        return;
      }
      if (!read->model) {
        fail(read->model.error().code == gb::ErrorCode::Plain
                 ? tr("There is not enough memory to import %1.").arg(folder)
                 : tr("Could not import %1.\n\n%2").arg(folder, errorText(read->model.error())));
        return;
      }
      mBench->document()->adopt(std::move(*read), QString());
      emit reached();
    };
  });
  return {};
}
