// files.h — the workbench's files, widget-free: Save / Save As (the shared snapshots taken here, the file written on
// a thread of its own), Open (read on a thread of its own, then adopted by the document), the recent files, this
// window's autosave (autosave.h: its own locked file, written every minute while there is unsaved work and whenever
// training pauses or ends) and the recovery of what dead instances left. The window asks its questions (file
// dialogs, "Save them?", "Recover?") and shows the results; lessons, scripts and tests call this directly.
//
// Work that must be waited for (a save, an open) goes through the waiter: the window's keeps its event loop turning
// and shows a progress dialog (waitWithProgress); without a window it runs on the caller's thread.
#pragma once

#include "autosave.h"

#include "core/progress.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class ModelDocument;
class TrainingController;

class Files : public QObject {
  Q_OBJECT
 public:
  Files(ModelDocument* doc, TrainingController* trainer, QObject* parent = nullptr);
  ~Files() override;

  using Work = std::function<void(const gb::Progress&)>;
  // Runs work and returns when it has ended; false when it could not run (another wait is on screen).
  using Waiter = std::function<bool(const QString& label, bool cancellable, const Work& work)>;
  void setWaiter(Waiter waiter) { mWait = std::move(waiter); }
  // What a saved file carries besides the model: the open lesson's JSON (empty: none).
  void setLessonSource(std::function<QString()> lessonJson) { mLessonJson = std::move(lessonJson); }

  struct Outcome {
    bool ok = false;
    bool cancelled = false;  // by the user: nothing to report but that
    QString error;           // translated, naming the file (empty when ok)
    QString warning;         // ok, but something to say (a model whose data could not be rebuilt)
  };
  // Writes the model (with the latest parameters while training, and the lesson) to path; the previous file stays
  // byte for byte as it was when the write fails or is cancelled. On success the document's path is path and the
  // autosave is removed.
  Outcome saveAs(const QString& path);
  // Where Save As starts: the document's file, or for an imported model that was never saved a file named after
  // it ("opus-mt-en-de.safetensors") in the folder the last model was opened from or saved to (else the home folder).
  QString suggestedSavePath() const;
  bool isSaving() const { return mSaving; }
  // Tests replace what writes (gb::save_model), which runs on the writing thread.
  void setSaveWriteFunction(ModelWriter::WriteFn write) { mSaveWrite = std::move(write); }
  // Reads a model file and gives it to the document; on an error nothing changes.
  Outcome open(const QString& path);
  // Imports a Hugging Face checkpoint folder (path: the folder or its config.json; core/io/hf_import.h) on a
  // worker, with progress, cancellable; refused before any weight is read when it does not fit in memory (the
  // settings' cap included). The document gets the model unsaved and unmodified: it is on disk as the folder, so it
  // is not autosaved until it changes; Save asks for a name.
  Outcome importCheckpoint(const QString& path);
  // A folder (or a config.json) is a checkpoint to import, anything else a file to open.
  static bool isCheckpoint(const QString& path);
  // What is imported from path: the folder itself, or the newest snapshot of a folder of the hub's cache.
  static QString checkpointFolder(const QString& path);
  // How long autosaves of a model of this many bytes of parameters are at least apart: a minute up to 50 MB, then
  // a minute per 50 MB (GPT-2 small's 500 MB: ten), at most fifteen — writing it takes seconds and the disk's time.
  static int autosaveSpacingMs(qint64 parameterBytes);

  QStringList recent() const;  // absolute paths, the newest first
  void addRecent(const QString& path);
  void forgetRecent(const QString& path);
  void clearRecent();

  // Autosave: this window's file and writer; writing it now (false when nothing was started: no model, not enough
  // memory for the copy, or a write still runs — then it runs again after); removing it (a write in flight is
  // cancelled and cannot bring it back).
  QString autosavePath() const { return mStore->path(); }
  AutosaveStore* autosaveStore() const { return mStore.get(); }
  ModelWriter* autosaveWriter() const { return mWriter.get(); }
  bool autosaveNow();
  void removeAutosave();
  // The orphaned autosaves, newest first, each offered in turn (ask) until one is opened (the others stay for a
  // later start; a declined one is deleted). error: a recovered file that could not be read (it stays).
  using RecoveryQuestion = std::function<bool(const QString& file, int index, int count)>;
  bool offerRecovery(const RecoveryQuestion& ask, QString* error = nullptr);

 signals:
  void recentChanged();
  // Something the status bar says: an autosave that failed or was skipped, a save or open that worked.
  void message(const QString& text, int timeoutMs);

 private:
  ModelDocument* mDoc;
  TrainingController* mTrainer;
  Waiter mWait;
  std::function<QString()> mLessonJson;
  std::unique_ptr<AutosaveStore> mStore;
  std::unique_ptr<ModelWriter> mWriter;  // after the store: it ends its write before the lock goes
  bool mAutosaveAgain = false;           // asked while a write ran
  qint64 mLastAutosave = -1;             // when the last autosave started (QDateTime ms), −1: none yet
  int mIntervalMs = 60 * 1000;           // the timer's (GLASSBOX_AUTOSAVE_MS in tests)
  bool autosaveDue() const;
  ModelWriter::WriteFn mSaveWrite = ModelWriter::saveModel;
  bool mSaving = false;
};
