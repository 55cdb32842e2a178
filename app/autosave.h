// autosave.h — where this instance autosaves, and the autosaves that instances left when they died.
//
// Every window has its own autosave file, autosave-<id>.safetensors in the application's data folder under
// autosave/, and holds a lock on it (QLockFile, <file>.lock) for as long as it lives. A lock whose process is gone
// (kill -9, a crash, a power cut) is stale, and that autosave is an orphan: the next instance offers it. The
// autosave of an instance that still runs is never offered, since its lock is held. An orphan being offered is
// claimed (locked) by the instance that offers it, so two instances started together do not both take it.
#pragma once

#include <QString>
#include <QStringList>

#include <map>
#include <memory>

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
