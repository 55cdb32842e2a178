#include "backgroundjob.h"
#include "handoff.h"

#include "trainingcontroller.h"  // lowerThisThreadsPriority

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

bool BackgroundJob::Context::progress(int done, int total) {
  State& s = *mState;
  s.done = done;
  const qint64 now = s.clock.elapsed();
  if (now - s.lastReport >= 50 || done == total) {  // at most 20 reports a second
    s.lastReport = now;
    BackgroundJob* job = mJob;
    const quint64 id = s.id;
    handoff::post(job, [job, id, done, total] {
      if (job->mCurrent == id) emit job->progress(done, total);
    });
  }
  return !s.cancel.load();
}

BackgroundJob::BackgroundJob(QObject* parent) : QObject(parent) {}

int BackgroundJob::lastRunDone() const { return mState ? mState->done.load() : -1; }

BackgroundJob::~BackgroundJob() {
  if (mState) mState->cancel = true;
  for (QThread* t : mThreads) {  // cancelled: each ends at its next check
    t->disconnect(this);
    handoff::join(t);
    delete t;
  }
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
  QThread* thread = handoff::makeThread([this, ctx, work = std::move(work)]() mutable {
    lowerThisThreadsPriority();
    Deliver deliver = work(ctx);
    const quint64 id = ctx.mState->id;
    handoff::post(this, [this, id, deliver] { finish(id, deliver); });
    handoff::threadEnds();  // the thread's end (its object is deleted on the GUI thread)
  });
  thread->setObjectName(QStringLiteral("glassbox-job"));
  mThreads.push_back(thread);
  connect(thread, &QThread::finished, this, [this, thread] {
    handoff::acquire(thread);  // its function ended with threadEnds()
    mThreads.erase(std::remove(mThreads.begin(), mThreads.end(), thread), mThreads.end());
    thread->deleteLater();
  });
  thread->start();
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
