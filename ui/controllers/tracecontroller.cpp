#include "tracecontroller.h"

#include "backgroundjob.h"
#include "errortext.h"
#include "memorylimit.h"

#include "core/train/memory.h"

TraceController::TraceController(QObject* parent) : QObject(parent), mJob(new BackgroundJob(this)) {
  connect(mJob, &BackgroundJob::progress, this, &TraceController::progress);
  connect(mJob, &BackgroundJob::runningChanged, this, &TraceController::busyChanged);
}

bool TraceController::busy() const { return mJob->running(); }

void TraceController::request(const gb::Config& c, std::shared_ptr<const gb::Params<float>> p, const gb::Example& e,
                              const QString& key) {
  submit(Request{c, std::move(p), e, std::nullopt, nullptr, key});
}

void TraceController::request(const gb::Config& c, std::shared_ptr<const gb::Params<float>> p,
                              std::shared_ptr<const gb::Tokenizer> tok, const gb::ProbeText& probe,
                              const QString& key) {
  submit(Request{c, std::move(p), std::nullopt, probe, std::move(tok), key});
}

void TraceController::submit(Request r) {
  if (!r.config.is_transformer()) {  // no attention to trace (the tab is not offered for such a family)
    cancel();
    mWanted = r.key;
    refuse(r);
    return;
  }
  mWanted = r.key;
  const QString key = r.key;
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
  if (!r.example && !r.probe->decodes()) {  // a probe with a known target, or plain text: its example is cheap
    r.example = gb::probe_example(r.config, *r.params, *r.tokenizer, *r.probe);
    if (!r.example) return refuse(r);
  }
  const double decode = r.example ? 0 : gb::probe_cost(r.config, *r.tokenizer, *r.probe);
  gb::Example bound;  // a decoded continuation is at most ℓ_max long
  if (!r.example) {
    bound.x.assign(size_t(std::max(1, r.config.max_len)), 0);
    if (r.config.has_source()) bound.z = bound.x;
  }
  // what the records will hold, against what there is (a continuation still to decode: once it is known, below)
  if (r.example)
    if (const QString memory = MemoryLimit::traceProblem(gb::trace_memory(r.config, *r.example)); !memory.isEmpty())
      return refuse(r, memory);
  if (decode + gb::trace_cost(r.config, r.example ? *r.example : bound) <= mSyncBudget) {  // immediate
    if (!r.example) {
      r.example = gb::probe_example(r.config, *r.params, *r.tokenizer, *r.probe);
      if (!r.example) return refuse(r);
      if (const QString memory = MemoryLimit::traceProblem(gb::trace_memory(r.config, *r.example)); !memory.isEmpty())
        return refuse(r, memory);
    }
    std::vector<gb::StepRecord> t = gb::trace_forward(r.config, *r.params, *r.example);
    take(r, std::move(t));
    return;
  }
  mRunning = r.key;
  auto req = std::make_shared<Request>(std::move(r));
  const qint64 cap = MemoryLimit::capBytes();  // (the settings belong to the GUI thread)
  mJob->run([this, req, cap](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    auto report = [&ctx](int done, int total) { return ctx.progress(done, total); };
    std::optional<gb::Example> e = req->example;
    if (!e) {  // the model's own continuation first (up to ℓ_max decoding steps), then its trace
      e = gb::probe_example(req->config, *req->params, *req->tokenizer, *req->probe, report);
      if (!e && ctx.cancelled()) return {};
      if (!e) return [this, req] {
        mRunning.clear();
        refuse(*req);
        next();
      };
    }
    const qint64 need = gb::trace_memory(req->config, *e);
    if (auto tooLarge = gb::check_memory(gb::ErrorCode::TraceMemory, need, cap))
      return [this, req, tooLarge] {
        mRunning.clear();
        refuse(*req, errorText(*tooLarge));
        next();
      };
    const MemoryLimit::Reservation held = MemoryLimit::reserve(need);  // while the trace is made
    auto t = gb::trace_forward(req->config, *req->params, *e, report);
    if (!t) return {};  // cancelled: nothing to show
    auto trace = std::make_shared<std::vector<gb::StepRecord>>(std::move(*t));
    auto example = std::make_shared<gb::Example>(std::move(*e));
    return [this, req, trace, example] {
      mRunning.clear();
      req->example = std::move(*example);  // the request lives on the GUI thread again: the worker is done with it
      take(*req, std::move(*trace));
      next();
    };
  });
}

void TraceController::next() {
  if (!mPending) return;
  Request r = std::move(*mPending);
  mPending.reset();
  launch(std::move(r));
}

void TraceController::refuse(const Request& r, const QString& problem) {
  if (r.key != mWanted) return;  // an older probe: the newer one decides what is shown
  mProblem = problem;
  mTrace.clear();
  mKey = r.key;
  emit unreadable();
}

void TraceController::take(const Request& r, std::vector<gb::StepRecord> trace) {
  if (r.key != mWanted) return;  // the input changed since: never shown against the wrong one
  mTrace = std::move(trace);
  mProblem.clear();
  mConfig = r.config;
  mExample = *r.example;
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
