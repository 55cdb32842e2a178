#include "autosave.h"
#include "handoff.h"
#include "workers.h"

#include "errortext.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QPointer>
#include <QStandardPaths>

#include <algorithm>
#include <atomic>
#include <cstdio>

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

struct ModelWriter::Write {
  std::atomic<bool> cancel{false}, discard{false};
};

ModelWriter::ModelWriter(QObject* parent)
    : QObject(parent), mWrite(saveModel) {}

ModelWriter::~ModelWriter() {
  if (mCurrent) mCurrent->cancel = true;
}

bool ModelWriter::start(ModelDocument::SaveParts parts, const QString& path) {
  if (mCurrent) return false;
  auto write = std::make_shared<Write>();
  mCurrent = write;
  const QPointer<ModelWriter> self = this;
  workers::start("glassbox-autosave", [self, write, fn = mWrite, parts = std::move(parts),
                                       target = path.toStdString()]() mutable {
    QString error;
    try {
      const gb::ModelFile file = parts.assemble();  // the copies of the model's size: here, not on the GUI thread
      parts = {};
      const gb::Progress progress = [&write](uint64_t, uint64_t) { return !write->cancel.load(); };
      if (!write->cancel.load())
        if (auto e = fn(target, file, progress)) error = errorText(*e);
    } catch (const std::bad_alloc&) {
      error = QCoreApplication::translate("ModelWriter", "not enough memory to write %1")
                  .arg(QString::fromStdString(target));
    }
    if (write->discard.load()) {  // removed meanwhile: a write that got as far as its rename must not bring it back
      std::remove(target.c_str());
      error.clear();
    }
    // delivered on the GUI thread; dropped if the writer is gone by then
    workers::post(self, [self, write, error] {
      if (self->mCurrent == write) self->mCurrent.reset();
      emit self->finished(write->discard.load() ? QString() : error);
    });
  });
  return true;
}

void ModelWriter::discard() {
  if (!mCurrent) return;
  mCurrent->cancel = true;
  mCurrent->discard = true;
}
