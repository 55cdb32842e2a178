// autosave.h — where this instance autosaves, and the autosaves that instances left when they died.
//
// Every window has its own autosave file, autosave-<id>.safetensors in the application's data folder under
// autosave/, and holds a lock on it (QLockFile, <file>.lock) for as long as it lives. A lock whose process is gone
// (kill -9, a crash, a power cut) is stale, and that autosave is an orphan: the next instance offers it. The
// autosave of an instance that still runs is never offered, since its lock is held. An orphan being offered is
// claimed (locked) by the instance that offers it, so two instances started together do not both take it.
#pragma once

#include "core/io/model_file.h"
#include "modeldocument.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <thread>

class QLockFile;

class AutosaveStore {
 public:
  explicit AutosaveStore(const QString& dir = defaultDir());
  ~AutosaveStore();
  AutosaveStore(const AutosaveStore&) = delete;
  AutosaveStore& operator=(const AutosaveStore&) = delete;

  static QString defaultDir();  // <AppDataLocation>/autosave
  QString dir() const { return mDir; }
  QString path() const { return mPath; }  // this instance's autosave
  bool isLocked() const;                  // this instance holds its lock (false: the folder is not writable)
  void remove();                          // this instance's autosave (after a save, at a clean exit)

  // The autosaves whose instance is gone, newest first; each is claimed until released, discarded or adopted.
  // Also the single autosave.safetensors that Glassbox wrote before autosaves were per instance. Cleans up what
  // a dead instance left besides (a lock without an autosave, a temporary file of an interrupted write).
  QStringList claimOrphans();
  void release(const QString& orphan);  // stays for a later start
  void discard(const QString& orphan);  // deleted
  bool adopt(const QString& orphan);    // becomes this instance's autosave (so it survives a crash right now)

 private:
  static QString lockPathOf(const QString& file) { return file + QStringLiteral(".lock"); }
  void removeTemporaries(const QString& file) const;
  QString mDir;
  QString mPath;
  std::unique_ptr<QLockFile> mLock;
  std::map<QString, std::unique_ptr<QLockFile>> mClaims;
};

// Writes the autosave on a thread of its own: the GUI thread only takes the shared snapshots
// (ModelDocument::partsToSave) and never waits for the disk (a model of some hundred MB takes seconds to write,
// minutes under a sanitizer). One write at a time; whoever asks while one runs is told busy() and may ask again
// after finished(). (Save / Save As write through waitWithProgress, with the same WriteFn.)
class ModelWriter : public QObject {
  Q_OBJECT
 public:
  using WriteFn = std::function<gb::Status(const std::string& path, const gb::ModelFile& file, const gb::Progress& progress)>;
  explicit ModelWriter(QObject* parent = nullptr);
  ~ModelWriter() override;  // a write that runs is cancelled (its file stays as it was) and ends on its own
  ModelWriter(const ModelWriter&) = delete;
  ModelWriter& operator=(const ModelWriter&) = delete;

  // Starts writing the parts to path on the writer's thread; false (nothing done) while a write runs. The shared
  // parameters, state and last step are copied into the file there (SaveParts::assemble), not on the caller's.
  bool start(ModelDocument::SaveParts parts, const QString& path);
  bool busy() const { return mCurrent != nullptr; }
  // The autosave is removed (New, a clean exit): a write in flight is cancelled and, should it have got as far as
  // renaming its file into place, that file is removed on the writer's thread when it ends — it cannot bring the
  // autosave back. Nothing waits.
  void discard();
  static gb::Status saveModel(const std::string& path, const gb::ModelFile& file, const gb::Progress& progress) {
    return gb::save_model(path, file, progress);
  }
  // For tests: what writes (saveModel by default). Called on the writer's thread.
  void setWriteFunction(WriteFn write) { mWrite = std::move(write); }

 signals:
  // On the GUI thread when a write has ended: the error's text, empty when the file was written.
  void finished(const QString& error);

 private:
  struct Write;  // shared with the writer's thread: cancel, discard
  WriteFn mWrite;
  std::shared_ptr<Write> mCurrent;  // the write that runs (GUI thread); null when none
};
