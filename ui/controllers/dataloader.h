// dataloader.h — reads a user's data file (TSV/CSV pairs or plain text) off the GUI thread.
//
// Widget-free. start() prepares the file on a worker thread with the core's prepare_file: progress comes back as
// queued signals, cancel() stops it between chunks, and finished() says how it ended. On success takeData() hands
// the prepared data over (it never touches the open document itself, so a failed load loses nothing).
#pragma once

#include "core/text/prepare.h"

#include <QObject>
#include <QString>
#include <QThread>

#include <atomic>
#include <functional>
#include <optional>

class DataLoader : public QObject {
  Q_OBJECT
 public:
  explicit DataLoader(QObject* parent = nullptr);
  ~DataLoader() override;

  // o.progress is replaced. Ignored while a load runs.
  void start(const QString& path, gb::PrepareOptions o);
  // A built-in task (prepare_task) on the worker: a large one, or one with a BPE tokenizer to learn, takes seconds.
  // Cancel stops it between pairs, BPE merges or examples (prepare_task looks at o.progress) and drops it.
  void startTask(const QString& task, int trainSize, int valSize, quint64 seed, gb::PrepareOptions o);
  bool isRunning() const { return mThread != nullptr; }
  std::optional<gb::PreparedData> takeData();
  // Blocks until the worker has ended (tests, shutdown).
  void wait();

 public slots:
  void cancel();

 signals:
  void progress(qint64 done, qint64 total);
  // error is empty on success; cancelled loads report "cancelled".
  void finished(const QString& error);

 private:
  void done(const QString& error);
  void launch(std::function<gb::Result<gb::PreparedData>(gb::PrepareOptions&)> prepare, gb::PrepareOptions o);
  QThread* mThread = nullptr;
  std::atomic<bool> mCancel{false};
  std::atomic<qint64> mLastReport{0};
  std::optional<gb::PreparedData> mResult;
};
