// backgroundjob.h — one piece of the core's work (decoding to the end, a beam search, a trace) on a worker thread,
// with progress and Cancel; the GUI thread never waits for it.
//
// Widget-free. run() starts the work on a new worker QThread (at nice 10, like training). The work checks
// Context::cancelled() between its steps (the core's progress callbacks return it) and reports progress through
// the context; reports reach the GUI thread as queued signals, at most 20 a second. The work returns a closure
// that is run on the GUI thread when it has finished — unless the run was cancelled or another run started
// meanwhile: then the result is dropped, never shown. cancel() returns at once (the worker stops at its next
// check, on its own). Nothing waits for a worker: one still ending when the job goes (File → New, Quit) ends on its
// own, and its result goes nowhere (workers.h).
#pragma once

#include <QObject>
#include <QPointer>

#include <atomic>
#include <functional>
#include <memory>
#include <vector>

class BackgroundJob : public QObject {
  Q_OBJECT
 public:
  class Context {
   public:
    bool cancelled() const;
    // The flag itself, for core work that checks it between its own steps (Trainer::set_cancel).
    const std::atomic<bool>* cancelFlag() const;
    // Thread-safe; throttled. Returns !cancelled(), so it can be the core's progress callback as it is.
    bool progress(int done, int total);

   private:
    friend class BackgroundJob;
    struct State;
    std::shared_ptr<State> mState;
    QPointer<BackgroundJob> mJob;  // made on the GUI thread; the job may be gone before its worker ends
  };
  using Deliver = std::function<void()>;
  using Work = std::function<Deliver(Context&)>;

  explicit BackgroundJob(QObject* parent = nullptr);
  ~BackgroundJob() override;

  // Starts work on a worker thread; a run that is still going is cancelled first (its result is dropped).
  void run(Work work);
  bool running() const { return mCurrent != 0; }
  // Workers this job started and not yet ended (cancelled ones still finishing their step included).
  int workersAlive() const { return *mAlive; }
  // How far the latest run got: `done` of its last progress report (−1 before any), also after a cancel; read it
  // once the worker has ended (workersAlive() == 0) for the final figure.
  int lastRunDone() const;

 public slots:
  // The running work stops at its next check and its result is dropped; running() is false at once.
  void cancel();

 signals:
  void runningChanged(bool running);
  // The work ran out of memory (std::bad_alloc on the worker): nothing else changed.
  void outOfMemory();
  void progress(int done, int total);

 private:
  void finish(quint64 id, const Deliver& deliver);
  quint64 mNext = 1;
  quint64 mCurrent = 0;  // the run whose result is wanted; 0: none
  std::shared_ptr<Context::State> mState;
  std::shared_ptr<int> mAlive = std::make_shared<int>(0);  // GUI thread only (a worker's end is posted to it)
};
