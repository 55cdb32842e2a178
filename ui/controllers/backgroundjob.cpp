#include "backgroundjob.h"
#include "handoff.h"
#include "workers.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QMetaObject>

#include <algorithm>

struct BackgroundJob::Context::State {
  std::atomic<bool> cancel{false};
  std::atomic<int> done{-1};
  quint64 id = 0;
  QElapsedTimer clock;
  qint64 lastReport = -1000;  // worker thread only
};

bool BackgroundJob::Context::cancelled() const { return mState->cancel.load(); }

const std::atomic<bool>* BackgroundJob::Context::cancelFlag() const { return &mState->cancel; }

bool BackgroundJob::Context::progress(int done, int total) {
  State& s = *mState;
  s.done = done;
  const qint64 now = s.clock.elapsed();
  if (now - s.lastReport >= 50 || done == total) {  // at most 20 reports a second
    s.lastReport = now;
    const QPointer<BackgroundJob> job = mJob;
    const quint64 id = s.id;
    workers::post(job, [job, id, done, total] {
      if (job->mCurrent == id) emit job->progress(done, total);
    });
  }
  return !s.cancel.load();
}

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent) {}

int BackgroundJob::lastRunDone() const { return mState ? mState->done.load() : -1; }

BackgroundJob::~BackgroundJob() {
  if (mState) mState->cancel = true;  // it ends at its next check, on its own (nobody waits for it)
}

void BackgroundJob::run(Work work) {
  cancel();
  auto state = std::make_shared<Context::State>();
  state->id = mNext++;
  state->clock.start();
  mState = state;
  mCurrent = state->id;
  Context ctx;
  ctx.mState = state;
  ctx.mJob = this;
  ++*mAlive;
  workers::start("glassbox-job", [ctx, alive = mAlive, work = std::move(work)]() mutable {
    Deliver deliver;
    try {
      deliver = work(ctx);
      work = nullptr;  // its copies freed here, on the worker
    } catch (const std::bad_alloc&) {  // more memory than the machine would give: said, never a crash
      workers::reportOutOfMemory(QCoreApplication::translate("BackgroundJob", "Work on a view"));
      // delivered as a result is: only while this run is the job's current one (a run cancelled or superseded
      // meanwhile reports nothing to the job's listeners)
      deliver = [job = ctx.mJob] {
        if (job) emit job->outOfMemory();
      };
    }
    const quint64 id = ctx.mState->id;
    const QPointer<BackgroundJob> job = ctx.mJob;
    workers::post(job, [job, id, deliver = std::move(deliver)] { job->finish(id, deliver); });
    // the count is the GUI thread's: its end is posted to the registry (which outlives the job) after the result,
    // so workersAlive() == 0 means the result has been delivered (or dropped)
    handoff::post(workers::hub(), [alive] { --*alive; });
  });
  emit runningChanged(true);
}

void BackgroundJob::cancel() {
  if (!mCurrent) return;
  mState->cancel = true;
  mCurrent = 0;
  emit runningChanged(false);
}

void BackgroundJob::finish(quint64 id, const Deliver& deliver) {
  if (id != mCurrent) return;  // cancelled, or another run started since: the result is dropped
  mCurrent = 0;
  if (deliver) deliver();
  if (!mCurrent) emit runningChanged(false);  // the delivery may have started the next run
}
