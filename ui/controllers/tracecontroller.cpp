#include "tracecontroller.h"

#include "backgroundjob.h"

TraceController::TraceController(QObject* parent) : QObject(parent), mJob(new BackgroundJob(this)) {
  connect(mJob, &BackgroundJob::progress, this, &TraceController::progress);
  connect(mJob, &BackgroundJob::runningChanged, this, &TraceController::busyChanged);
}

bool TraceController::busy() const { return mJob->running(); }

void TraceController::request(const gb::Config& c, const gb::Params<float>& p, const gb::Example& e,
                              const QString& key) {
  mWanted = key;
  Request r{c, std::make_shared<const gb::Params<float>>(p), e, key};
  if (mJob->running()) {
    if (key == mRunning) {  // the same input with newer parameters: after the running trace
      mPending = std::move(r);
      return;
    }
    mPending.reset();
    mJob->cancel();  // another input: the running trace's result would be for the old one
  }
  launch(std::move(r));
}

void TraceController::launch(Request r) {
  if (gb::trace_cost(r.config, r.example) <= mSyncBudget) {  // immediate
    std::vector<gb::StepRecord> t = gb::trace_forward(r.config, *r.params, r.example);
    take(r, std::move(t));
    return;
  }
  mRunning = r.key;
  auto req = std::make_shared<const Request>(std::move(r));
  mJob->run([this, req](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    auto t = gb::trace_forward(req->config, *req->params, req->example,
                               [&ctx](int done, int total) { return ctx.progress(done, total); });
    if (!t) return {};  // cancelled: nothing to show
    auto trace = std::make_shared<std::vector<gb::StepRecord>>(std::move(*t));
    return [this, req, trace] {
      mRunning.clear();
      take(*req, std::move(*trace));
      if (mPending) {
        Request next = std::move(*mPending);
        mPending.reset();
        launch(std::move(next));
      }
    };
  });
}

void TraceController::take(const Request& r, std::vector<gb::StepRecord> trace) {
  if (r.key != mWanted) return;  // the input changed since: never shown against the wrong one
  mTrace = std::move(trace);
  mConfig = r.config;
  mExample = r.example;
  mKey = r.key;
  emit traced();
}

void TraceController::cancel() {
  mPending.reset();
  mRunning.clear();
  if (!mJob->running()) return;
  mJob->cancel();
  emit cancelled();
}

void TraceController::clear() {
  mWanted.clear();
  mPending.reset();
  mRunning.clear();
  mJob->cancel();
  mTrace.clear();
  mKey.clear();
}
