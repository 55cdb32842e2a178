// dataloader.h — reads a user's data file (TSV/CSV pairs or plain text) off the GUI thread.
//
// Widget-free. start() prepares the file on a worker thread with the core's prepare_file: progress comes back as
// queued signals, cancel() stops it between chunks, and finished() says how it ended. On success takeData() hands
// the prepared data over (it never touches the open document itself, so a failed load loses nothing).
#pragma once

#include "core/text/prepare.h"

#include <QObject>
#include <QString>
#include <QPointer>

#include <atomic>
#include <functional>
#include <memory>
#include <optional>

class DataLoader : public QObject {
  Q_OBJECT
 public:
  explicit DataLoader(QObject* parent = nullptr);
  ~DataLoader() override;

  // o.progress is replaced. A load still running is dropped (drop()): the newer one is what was asked for.
  // tokenizer: the one to encode with (an imported model's), kept alive until the load ends; null: o's choice.
  void start(const QString& path, gb::PrepareOptions o, std::shared_ptr<const gb::Tokenizer> tokenizer = {});
  // A built-in task (prepare_task) on the worker: a large one, or one with a BPE tokenizer to learn, takes seconds.
  // Cancel stops it between pairs, BPE merges or examples (prepare_task looks at o.progress) and drops it.
  void startTask(const QString& task, int trainSize, int valSize, quint64 seed, gb::PrepareOptions o);
  bool isRunning() const { return mJob != nullptr; }
  std::optional<gb::PreparedData> takeData();

 public slots:
  void cancel();
  // Cancels the running load and forgets it: it ends on its own, and nothing of it arrives (not even finished()).
  void drop();

 signals:
  void progress(qint64 done, qint64 total);
  // error is empty on success; cancelled loads report "cancelled".
  void finished(const QString& error);

 private:
  struct Job;  // what the worker shares with the loader: the cancel flag (a loader gone meanwhile waits for nothing)
  void done(const std::shared_ptr<Job>& job, const QString& error, std::shared_ptr<gb::PreparedData> data);
  void launch(std::function<gb::Result<gb::PreparedData>(gb::PrepareOptions&)> prepare, gb::PrepareOptions o);
  std::shared_ptr<Job> mJob;  // the running load; null when none runs
  std::optional<gb::PreparedData> mResult;
};
