#include "autosave.h"
#include "controllers/handoff.h"

#include "errortext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QStandardPaths>

#include <algorithm>
#include <atomic>

namespace {
const QLatin1String kPrefix("autosave-");
const QLatin1String kSuffix(".safetensors");

// A lock that is never stale by age: only when its process is gone (QLockFile checks the pid and its name).
std::unique_ptr<QLockFile> makeLock(const QString& path) {
  auto lock = std::make_unique<QLockFile>(path);
  lock->setStaleLockTime(0);
  return lock;
}
}  // namespace

QString AutosaveStore::defaultDir() {
  return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/autosave");
}

AutosaveStore::AutosaveStore(const QString& dir) : mDir(dir) {
  static std::atomic<int> windows{0};  // several windows of one process each have their own
  const QString id = QStringLiteral("%1-%2-%3")
                         .arg(QCoreApplication::applicationPid())
                         .arg(QDateTime::currentMSecsSinceEpoch(), 0, 36)
                         .arg(windows.fetch_add(1));
  mPath = mDir + QLatin1Char('/') + kPrefix + id + kSuffix;
  QDir().mkpath(mDir);
  mLock = makeLock(lockPathOf(mPath));
  mLock->tryLock(0);
}

AutosaveStore::~AutosaveStore() = default;  // the locks go (their files with them); the autosave stays unless removed

bool AutosaveStore::isLocked() const { return mLock && mLock->isLocked(); }

void AutosaveStore::remove() {
  QFile::remove(mPath);
  removeTemporaries(mPath);
}

void AutosaveStore::removeTemporaries(const QString& file) const {
  const QFileInfo fi(file);
  QDir d(fi.absolutePath());
  for (const QString& t : d.entryList({fi.fileName() + QStringLiteral(".tmp-*")}, QDir::Files)) d.remove(t);
}

QStringList AutosaveStore::claimOrphans() {
  QDir d(mDir);
  QStringList candidates;
  for (const QString& name : d.entryList({kPrefix + QStringLiteral("*") + kSuffix}, QDir::Files))
    candidates << d.filePath(name);
  const QString legacy = QFileInfo(mDir).absolutePath() + QStringLiteral("/autosave.safetensors");
  if (QFileInfo::exists(legacy)) candidates << legacy;
  QStringList orphans;
  for (const QString& file : candidates) {
    if (file == mPath || mClaims.count(file)) continue;
    auto lock = makeLock(lockPathOf(file));
    if (!lock->tryLock(0)) continue;  // its instance is alive (or another new one claimed it first)
    removeTemporaries(file);          // an interrupted write of the dead instance
    mClaims[file] = std::move(lock);
    orphans << file;
  }
  // locks of instances that died before their first autosave
  for (const QString& name : d.entryList({kPrefix + QStringLiteral("*") + kSuffix + QStringLiteral(".lock")},
                                         QDir::Files)) {
    const QString file = d.filePath(name.chopped(5));
    if (file == mPath || QFileInfo::exists(file)) continue;
    auto lock = makeLock(d.filePath(name));
    if (lock->tryLock(0)) {
      removeTemporaries(file);
      lock->unlock();  // removes the stale lock file
    }
  }
  std::sort(orphans.begin(), orphans.end(), [](const QString& a, const QString& b) {
    return QFileInfo(a).lastModified() > QFileInfo(b).lastModified();
  });
  return orphans;
}

void AutosaveStore::release(const QString& orphan) { mClaims.erase(orphan); }

void AutosaveStore::discard(const QString& orphan) {
  QFile::remove(orphan);
  mClaims.erase(orphan);
}

bool AutosaveStore::adopt(const QString& orphan) {
  QFile::remove(mPath);
  const bool ok = QFile::rename(orphan, mPath);
  mClaims.erase(orphan);
  return ok;
}

ModelWriter::ModelWriter(QObject* parent)
    : QObject(parent), mWrite(saveModel) {}

ModelWriter::~ModelWriter() { wait(); }

bool ModelWriter::start(ModelDocument::SaveParts parts, const QString& path) {
  if (mRunning.load()) return false;
  wait();  // the previous thread has ended its work: join it
  mRunning = true;
  mThread = std::thread([this, parts = std::move(parts), target = path.toStdString()]() mutable {
    QString error;
    try {
      const gb::ModelFile file = parts.assemble();  // the copies of the model's size: here, not on the GUI thread
      if (auto e = mWrite(target, file, gb::Progress{})) error = errorText(*e);
    } catch (const std::bad_alloc&) {
      error = QCoreApplication::translate("ModelWriter", "not enough memory to write %1")
                  .arg(QString::fromStdString(target));
    }
    // delivered on the GUI thread; dropped if the writer is gone by then
    handoff::post(this, [this, error] { emit finished(error); });
    mRunning = false;
  });
  return true;
}

void ModelWriter::wait() {
  if (mThread.joinable()) mThread.join();
}
