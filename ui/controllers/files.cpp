#include "files.h"

#include "errortext.h"
#include "lesson.h"
#include "memorylimit.h"
#include "modeldocument.h"
#include "trainingcontroller.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>

#include <new>

Files::Files(ModelDocument* doc, TrainingController* trainer, QObject* parent)
    : QObject(parent),
      mDoc(doc),
      mTrainer(trainer),
      mStore(std::make_unique<AutosaveStore>()),
      mWriter(std::make_unique<ModelWriter>()) {
  mWait = [](const QString&, bool, const Work& work) {  // no window: at once, here
    work(gb::Progress{});
    return true;
  };
  connect(mWriter.get(), &ModelWriter::finished, this, [this](const QString& err) {
    if (!err.isEmpty()) emit message(tr("Autosave failed: %1").arg(err), 8000);
    if (std::exchange(mAutosaveAgain, false) && mDoc->isModified()) autosaveNow();
  });
  // every minute while there is unsaved work, and whenever training pauses or finishes — a large model no more
  // often than autosaveSpacingMs says
  auto* timer = new QTimer(this);
  const int interval = qEnvironmentVariableIntValue("GLASSBOX_AUTOSAVE_MS");
  mIntervalMs = interval > 0 ? interval : 60 * 1000;
  timer->setInterval(mIntervalMs);
  connect(timer, &QTimer::timeout, this, [this] {
    if (mDoc->isModified() && autosaveDue()) autosaveNow();
  });
  timer->start();
  connect(mTrainer, &TrainingController::stateChanged, this, [this](TrainingController::State st) {
    if (st == TrainingController::State::Paused || st == TrainingController::State::Finished)
      QTimer::singleShot(0, this, [this] {  // after the document has taken the handed-back parameters
        if (mDoc->isModified() && autosaveDue()) autosaveNow();
      });
  });
}

int Files::autosaveSpacingMs(qint64 parameterBytes) {
  const qint64 minute = 60 * 1000, perMinute = qint64(50) << 20;
  return int(std::clamp(minute * ((parameterBytes + perMinute - 1) / perMinute), minute, 15 * minute));
}

bool Files::autosaveDue() const {
  if (mLastAutosave < 0 || !mDoc->hasModel()) return true;
  const qint64 bytes = qint64(gb::params_count(mDoc->config())) * qint64(sizeof(float));
  // (a test's short interval shortens the spacing by the same factor)
  const qint64 spacing = qint64(autosaveSpacingMs(bytes)) * mIntervalMs / (60 * 1000);
  if (spacing <= mIntervalMs) return true;  // a model up to 50 MB: every minute, and whenever training stops
  return QDateTime::currentMSecsSinceEpoch() - mLastAutosave >= spacing;
}

bool Files::isCheckpoint(const QString& path) {
  const QFileInfo f(path);
  return f.isDir() || (f.fileName() == QLatin1String("config.json") && f.isFile());
}

QString Files::checkpointFolder(const QString& path) {
  if (!QFileInfo(path).isDir()) return path;  // (config.json, or what hf_open will refuse by name)
  const QString in = checkpointIn(path);  // the folder, or a hub repository folder's newest snapshot
  return in.isEmpty() ? path : in;
}

Files::Outcome Files::importCheckpoint(const QString& path) {
  Outcome out;
  const QString name = QFileInfo(path).fileName() == QLatin1String("config.json")
                           ? QFileInfo(QFileInfo(path).absolutePath()).fileName()
                           : QFileInfo(path).fileName();
  const qint64 cap = MemoryLimit::capBytes(/*replacingModel=*/true);  // (read here: the settings belong to this thread)
  ModelDocument::ReadFile read;
  QString message;
  bool adopted = false;
  try {
    // everything checked before a weight is read: the folder's files, the config, the tensors, the memory
    const bool ran = mWait(tr("Importing %1…").arg(name), true,
                           [&, folder = checkpointFolder(path)](const gb::Progress& progress) {
                             read = ModelDocument::importRead(folder, cap, progress);
                           });
    if (!ran || (!read.model && read.model.error().code == gb::ErrorCode::LoadingCancelled)) {
      out.cancelled = true;
      return out;
    }
    if (read.model) {
      message = mDoc->adopt(std::move(read), QString());  // (a warning at most)
      adopted = true;
    } else {
      message = errorText(read.model.error());
    }
  } catch (const std::bad_alloc&) {
    message = tr("There is not enough memory to import this model.");
  }
  if (!adopted) {  // nothing changed: the open model stays
    out.error = mDoc->hasModel()
                    ? tr("Could not import %1.\n\n%2\n\nThe model you had is still open.").arg(path, message)
                    : tr("Could not import %1.\n\n%2").arg(path, message);
    return out;
  }
  out.warning = message;
  emit this->message(tr("Imported %1: %2 parameters").arg(name, QLocale().toString(qulonglong(gb::params_count(mDoc->config())))),
                     8000);
  out.ok = true;
  return out;
}

Files::~Files() = default;

QString Files::suggestedSavePath() const {
  if (!mDoc->filePath().isEmpty() || !mDoc->hasModel()) return mDoc->filePath();
  QString name = mDoc->importedName();  // "Helsinki-NLP/opus-mt-en-de" or the folder's name
  if (name.isEmpty()) return {};
  name = name.section(QLatin1Char('/'), -1);
  const QStringList recents = recent();
  const QString dir = recents.isEmpty() ? QDir::homePath() : QFileInfo(recents.front()).absolutePath();
  return QDir(dir).filePath(name + QStringLiteral(".safetensors"));
}

Files::Outcome Files::saveAs(const QString& path) {
  Outcome out;
  if (mSaving) return out;  // one save at a time (the window turns its event loop while one runs)
  if (!mDoc->hasModel()) {
    out.error = tr("Could not save %1.\n\n%2").arg(path, tr("There is no model to save: build one first."));
    return out;
  }
  // the open lesson (its beats) goes into the model file; a model without a lesson carries none
  mDoc->setExtra(QLatin1String(kLessonMetadataKey), mLessonJson ? mLessonJson() : QString());
  const bool training = mTrainer->holdsLatest();  // else the document has the latest
  std::optional<ModelDocument::SaveParts> parts;
  try {
    TrainingController::Published live;
    if (training) {
      live = mTrainer->published(/*withStep=*/true);  // the latest published: parameters, state and last step
      if (live.step) mDoc->setLastStep(live.step);
    }
    // shared snapshots: the copies of the model's size are made on the writer's thread
    parts = mDoc->partsToSave(training ? live.params : nullptr, training ? &live.state : nullptr);
  } catch (const std::bad_alloc&) {
    out.error = tr("Could not save %1.\n\n%2").arg(path, tr("There is not enough memory to prepare the file."));
    return out;
  }
  mSaving = true;
  // what is saved is the snapshot: a change while the file is written (training goes on) is a change after it
  const bool wasModified = mDoc->isModified();
  mDoc->setModified(false);
  QString err;
  try {
    const bool ran = mWait(tr("Saving %1…").arg(QFileInfo(path).fileName()), true, [&](const gb::Progress& progress) {
      const gb::ModelFile file = parts->assemble();  // the copies of the model's size: on the worker
      if (auto e = mSaveWrite(path.toStdString(), file, progress)) {
        err = errorText(*e);
        out.cancelled = e->code == gb::ErrorCode::SavingCancelled;
      }
    });
    if (!ran) {  // another wait (a build, an open) is on screen: nothing was written
      err = errorText(gb::Error(gb::ErrorCode::SavingCancelled).in_file(path.toStdString()));
      out.cancelled = true;
    }
  } catch (const std::bad_alloc&) {
    err = tr("There is not enough memory for a copy of the model to write.");
  }
  mSaving = false;
  if (!err.isEmpty()) {
    if (wasModified) mDoc->setModified(true);
    if (out.cancelled) emit message(tr("Saving cancelled: %1 is as it was.").arg(path), 8000);
    else out.error = tr("Could not save %1.\n\n%2").arg(path, err);
    return out;
  }
  mDoc->setPath(path);
  addRecent(path);
  removeAutosave();
  emit message(tr("Saved %1").arg(path), 5000);
  out.ok = true;
  return out;
}

Files::Outcome Files::open(const QString& path) {
  Outcome out;
  bool warningOnly = false;
  // reading a large model (and rebuilding its data) takes seconds: on a worker, the window turning meanwhile
  ModelDocument::ReadFile read;
  QString message;
  try {
    if (!mWait(tr("Opening %1…").arg(QFileInfo(path).fileName()), false,
               [&](const gb::Progress&) { read = ModelDocument::read(path); })) {
      out.cancelled = true;
      return out;
    }
    message = mDoc->adopt(std::move(read), path, &warningOnly);
  } catch (const std::bad_alloc&) {
    message = tr("There is not enough memory to read this model.");
  }
  if (!message.isEmpty() && !warningOnly) {  // nothing changed: the open model stays
    out.error = mDoc->hasModel()
                    ? tr("Could not open %1.\n\n%2\n\nThe model you had is still open.").arg(path, message)
                    : tr("Could not open %1.\n\n%2").arg(path, message);
    if (!QFileInfo::exists(path)) forgetRecent(path);  // a recent file that is gone
    return out;
  }
  if (warningOnly) out.warning = message;
  addRecent(path);
  emit this->message(tr("Opened %1").arg(path), 5000);
  out.ok = true;
  return out;
}

QStringList Files::recent() const { return QSettings().value(QStringLiteral("files/recent")).toStringList(); }

void Files::addRecent(const QString& path) {
  QSettings s;
  QStringList recent = s.value(QStringLiteral("files/recent")).toStringList();
  const QString abs = QFileInfo(path).absoluteFilePath();
  recent.removeAll(abs);
  recent.prepend(abs);
  while (recent.size() > 8) recent.removeLast();
  s.setValue(QStringLiteral("files/recent"), recent);
  emit recentChanged();
}

void Files::forgetRecent(const QString& path) {
  QSettings s;
  QStringList recent = s.value(QStringLiteral("files/recent")).toStringList();
  recent.removeAll(path);
  recent.removeAll(QFileInfo(path).absoluteFilePath());
  s.setValue(QStringLiteral("files/recent"), recent);
  emit recentChanged();
}

void Files::clearRecent() {
  QSettings().remove(QStringLiteral("files/recent"));
  emit recentChanged();
}

bool Files::autosaveNow() {
  if (!mDoc->hasModel()) return false;
  if (mWriter->busy()) {  // the newest state is written when that write ends
    mAutosaveAgain = true;
    return false;
  }
  QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
  const bool training = mTrainer->holdsLatest();  // else the document has the latest
  try {
    TrainingController::Published live;
    if (training) live = mTrainer->published();  // shared snapshots: nothing copied here
    std::optional<ModelDocument::SaveParts> parts =
        mDoc->partsToSave(training ? live.params : nullptr, training ? &live.state : nullptr);
    mLastAutosave = QDateTime::currentMSecsSinceEpoch();
    return mWriter->start(std::move(*parts), autosavePath());
  } catch (const std::bad_alloc&) {
    emit message(tr("Autosave skipped: not enough memory for a copy of the model."), 8000);
    return false;
  }
}

void Files::removeAutosave() {
  mWriter->discard();  // a write in flight is cancelled, and could not bring the file back
  mAutosaveAgain = false;
  mStore->remove();
}

bool Files::offerRecovery(const RecoveryQuestion& ask, QString* error) {
  const QStringList orphans = mStore->claimOrphans();
  bool recovered = false;
  for (int i = 0; i < orphans.size(); ++i) {
    const QString& file = orphans[i];
    if (recovered) {  // one model at a time: the rest stay for a later start
      mStore->release(file);
      continue;
    }
    if (!ask(file, i, int(orphans.size()))) {
      mStore->discard(file);
      continue;
    }
    bool warningOnly = false;
    const QString message = mDoc->open(file, &warningOnly);
    if (!message.isEmpty() && !warningOnly) {
      if (error)
        *error = tr("The autosaved model %1 could not be read; it stays where it is.\n\n%2").arg(file, message);
      mStore->release(file);  // kept: perhaps a later version reads it
      continue;
    }
    mDoc->forgetPath();  // recovered work is unsaved work: Save asks where it goes
    mStore->adopt(file);  // now this window's autosave: a crash right now still keeps it
    emit this->message(tr("Recovered the autosaved model. Save it to keep it."), 8000);
    recovered = true;
  }
  return recovered;
}
