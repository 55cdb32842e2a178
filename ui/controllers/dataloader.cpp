#include "dataloader.h"
#include "handoff.h"

#include "errortext.h"
#include "trainingcontroller.h"

#include <QElapsedTimer>
#include <QMetaObject>

DataLoader::DataLoader(QObject* parent) : QObject(parent) {}

DataLoader::~DataLoader() {
  cancel();
  if (mThread) {
    handoff::join(mThread);
    delete mThread;
  }
}

void DataLoader::wait() {
  if (mThread) handoff::join(mThread);
}

void DataLoader::start(const QString& path, gb::PrepareOptions o) {
  const std::string file = path.toStdString();
  launch([file](gb::PrepareOptions& opt) { return gb::prepare_file(file, opt); }, std::move(o));
}

void DataLoader::startTask(const QString& task, int trainSize, int valSize, quint64 seed, gb::PrepareOptions o) {
  const std::string name = task.toStdString();
  launch([name, trainSize, valSize, seed](gb::PrepareOptions& opt) {
    return gb::prepare_task(name, trainSize, valSize, seed, opt);
  }, std::move(o));
}

void DataLoader::launch(std::function<gb::Result<gb::PreparedData>(gb::PrepareOptions&)> prepare,
                        gb::PrepareOptions o) {
  if (mThread) return;
  mCancel = false;
  mResult.reset();
  mThread = handoff::makeThread([this, prepare = std::move(prepare), o]() mutable {
    lowerThisThreadsPriority();
    QElapsedTimer clock;
    clock.start();
    qint64 last = -1000;
    o.progress = [&](uint64_t done, uint64_t total) {
      if (clock.elapsed() - last >= 50 || done == total) {  // at most 20 reports a second
        last = clock.elapsed();
        handoff::post(this, [this, done, total] { emit progress(qint64(done), qint64(total)); });
      }
      return !mCancel.load();
    };
    auto d = prepare(o);
    QString error;
    if (mCancel.load()) error = QStringLiteral("cancelled");  // cancelled after its last check: dropped here
    else if (d) mResult = std::move(*d);  // read by the GUI thread only after done() (queued, after the thread's writes)
    else error = errorText(d.error());
    handoff::post(this, [this, error] { done(error); });
    handoff::threadEnds();  // the thread's end
  });
  mThread->setObjectName(QStringLiteral("glassbox-data"));
  mThread->start();
}

void DataLoader::done(const QString& error) {
  handoff::join(mThread);
  delete mThread;
  mThread = nullptr;
  if (!error.isEmpty()) mResult.reset();
  emit finished(error);
}

std::optional<gb::PreparedData> DataLoader::takeData() {
  if (mThread) return std::nullopt;
  std::optional<gb::PreparedData> out = std::move(mResult);
  mResult.reset();
  return out;
}

void DataLoader::cancel() { mCancel = true; }
