#include "dataloader.h"
#include "handoff.h"
#include "workers.h"

#include "errortext.h"

#include <QElapsedTimer>
#include <QMetaObject>

struct DataLoader::Job {
  std::atomic<bool> cancel{false};
};

DataLoader::DataLoader(QObject* parent) : QObject(parent) {}

DataLoader::~DataLoader() { cancel(); }  // the worker stops at its next check, on its own

void DataLoader::start(const QString& path, gb::PrepareOptions o, std::shared_ptr<const gb::Tokenizer> tokenizer) {
  const std::string file = path.toStdString();
  o.tokenizer = tokenizer ? tokenizer.get() : nullptr;
  launch([file, tokenizer](gb::PrepareOptions& opt) { return gb::prepare_file(file, opt); }, std::move(o));
}

void DataLoader::startTask(const QString& task, int trainSize, int valSize, quint64 seed, gb::PrepareOptions o) {
  const std::string name = task.toStdString();
  launch([name, trainSize, valSize, seed](gb::PrepareOptions& opt) {
    return gb::prepare_task(name, trainSize, valSize, seed, opt);
  }, std::move(o));
}

void DataLoader::launch(std::function<gb::Result<gb::PreparedData>(gb::PrepareOptions&)> prepare,
                        gb::PrepareOptions o) {
  drop();
  mResult.reset();
  auto job = std::make_shared<Job>();
  mJob = job;
  const QPointer<DataLoader> self = this;
  workers::start("glassbox-data", [self, job, prepare = std::move(prepare), o]() mutable {
    QElapsedTimer clock;
    clock.start();
    qint64 last = -1000;
    o.progress = [&](uint64_t done, uint64_t total) {
      if (clock.elapsed() - last >= 50 || done == total) {  // at most 20 reports a second
        last = clock.elapsed();
        workers::post(self, [self, job, done, total] {
          if (self->mJob == job) emit self->progress(qint64(done), qint64(total));
        });
      }
      return !job->cancel.load();
    };
    QString error;
    std::shared_ptr<gb::PreparedData> data;
    try {
      auto d = prepare(o);
      if (job->cancel.load()) error = QStringLiteral("cancelled");  // cancelled after its last check: dropped here
      else if (d) data = std::make_shared<gb::PreparedData>(std::move(*d));
      else error = errorText(d.error());
    } catch (const std::bad_alloc&) {  // more memory than the machine would give: said, the data stays
      data.reset();
      error = tr("There is not enough memory to load this data.");
    }
    workers::post(self, [self, job, error, data] { self->done(job, error, data); });
  });
}

void DataLoader::done(const std::shared_ptr<Job>& job, const QString& error, std::shared_ptr<gb::PreparedData> data) {
  if (job != mJob) return;  // dropped (a newer load took its place): its result goes with it
  mJob.reset();
  if (error.isEmpty() && data) mResult = std::move(*data);
  else mResult.reset();
  emit finished(error);
}

std::optional<gb::PreparedData> DataLoader::takeData() {
  if (mJob) return std::nullopt;
  std::optional<gb::PreparedData> out = std::move(mResult);
  mResult.reset();
  return out;
}

void DataLoader::cancel() {
  if (mJob) mJob->cancel = true;
}

void DataLoader::drop() {
  cancel();
  mJob.reset();
}
