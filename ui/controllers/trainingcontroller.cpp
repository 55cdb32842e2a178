#include "trainingcontroller.h"
#include "handoff.h"
#include "workers.h"

#include "memorylimit.h"

#include "modeldocument.h"

#include <QElapsedTimer>
#include <QMetaObject>

#include <chrono>

#ifdef __linux__
#ifdef __GLIBC__
#include <malloc.h>  // malloc_trim
#endif
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

void lowerThisThreadsPriority() {
#ifdef __linux__
  // Linux keeps a nice value per thread, and threads started from this one (OpenMP's team) inherit it. At nice 10
  // the scheduler lets the GUI thread run as soon as it wakes, even when training keeps every core busy — without
  // it, spinning OpenMP threads starve the GUI for 150 ms and more on a two-core machine.
  setpriority(PRIO_PROCESS, id_t(syscall(SYS_gettid)), 10);
#endif
}

void keepTheResidentSetFlat() {
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 128 * 1024);  // also switches off the threshold's growth
#endif
}

void giveBackFreedMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

// What a run's worker tells the GUI thread: a step, a publication of parameters, or anything else (in order).
struct TrainingController::Report {
  enum class Kind { Step, Published, Other } kind = Kind::Other;
  TrainingSnapshot step;                          // Step
  int published = 0;                              // Published
  std::function<void(TrainingController&)> call;  // Other
};

struct TrainingController::Run {
  QPointer<TrainingController> owner;
  // reports the GUI thread has not taken yet, in order, and whether a call to take them is queued (under reportsMutex)
  std::mutex reportsMutex;
  std::vector<Report> reports;
  bool drainQueued = false;
  std::condition_variable drained;  // the GUI thread took the reports (a worker far ahead waits for it)  // made on the GUI thread; the worker only copies it
  gb::Config config;
  gb::Params<float> working;                        // trained in place by the worker
  std::shared_ptr<const gb::Params<float>> start;   // setup's parameters, until the worker copies them
  // Snapshots no reader holds any more, for the worker to copy the next one into (same sizes: no fresh memory to
  // fault in). Shared with the snapshots' deleters, which may run after the run is gone.
  struct SnapshotPool {
    std::mutex mutex;
    std::vector<std::unique_ptr<gb::Params<float>>> free;
  };
  std::shared_ptr<SnapshotPool> pool = std::make_shared<SnapshotPool>();
  // the readers' view, under paramsMutex: parameters, state and step of one publication
  mutable std::mutex paramsMutex;
  ParamsPtr published;
  StepPtr publishedStep;
  StatePtr publishedState;
  quint64 publication = 0;
  std::shared_ptr<gb::LastStep> stepSpare;  // worker: an earlier step no reader holds, to copy the next one into
  std::optional<gb::TrainingPlan> plan;     // the checked run (points into *data)
  DataPtr data;                             // shared with the document (read only)
  std::vector<gb::Example> val;
  int evalEvery = 0;
  int publishEvery = 25;
  gb::TrainOptions options;
  // control: standard locks (ThreadSanitizer sees them; Qt's live in uninstrumented code)
  std::mutex control;
  std::condition_variable wake;
  std::atomic<bool> stop{false}, pause{false}, started{false};
  std::atomic<int> singleSteps{0};
  std::atomic<int> stepsDone{0};
  std::atomic<bool> waiting{false};
  MemoryLimit::Reservation held;  // the trainer's estimate against the cap: taken at start, let go by the worker
  // what the window keeps of the run (MemoryLimit::besideRunBytes: snapshots, the step's tensors, the moments):
  // taken at start, held while the run is (the published copies outlive the worker), given back with the run
  MemoryLimit::Reservation window;
  qint64 windowBytes = 0;
};

namespace {
// Every publication of every controller has its own number: a reader that took number n need not take it again,
// and a new run never repeats the number of an older one.
std::atomic<quint64> gPublication{0};
}  // namespace

void TrainingController::queue(const std::shared_ptr<Run>& run, Report r) {
  bool post = false;
  {
    std::unique_lock lock(run->reportsMutex);
    // a worker far ahead of the GUI thread (a tiny model: hundreds of thousands of steps a second) waits until its
    // reports are taken, rather than pile them up; Stop, New or Quit end the wait (the poll is a safety net)
    constexpr size_t kMostWaiting = 1 << 16;
    if (r.kind == Report::Kind::Step)
      while (run->reports.size() >= kMostWaiting && !run->stop.load())
        run->drained.wait_for(lock, std::chrono::milliseconds(50));
    run->reports.push_back(std::move(r));
    post = !std::exchange(run->drainQueued, true);
  }
  if (!post) return;  // the queued call takes this one too
  std::weak_ptr<Run> weak = run;
  workers::post(run->owner, [owner = run->owner, weak] {
    const std::shared_ptr<Run> r = weak.lock();
    if (r && owner && owner->mRun == r) owner->drainReports(r);  // a run that was reset reports to nobody
  });
}

void TrainingController::drainReports(const std::shared_ptr<Run>& run) {
  std::vector<Report> reports;
  {
    std::lock_guard lock(run->reportsMutex);
    reports.swap(run->reports);
    run->drainQueued = false;
  }
  run->drained.notify_all();
  // In order, in runs: the steps up to the next other report (a validation, the end) as one batch (the history
  // takes them in one go) and then one by one; of the publications among them only the newest; then that other
  // report — a validation finds its step as the history's newest point.
  std::vector<TrainingSnapshot> batch;
  std::optional<int> published;
  auto flush = [&]() -> bool {
    if (!batch.empty()) {
      emit steppedBatch(batch);
      for (const TrainingSnapshot& s : batch) {
        if (mRun != run) return false;  // a receiver reset the run: the rest goes to nobody
        emit stepped(s);
      }
      batch.clear();
    }
    if (published && mRun == run) emit paramsPublished(*std::exchange(published, std::nullopt));
    return mRun == run;
  };
  for (Report& r : reports) {
    switch (r.kind) {
      case Report::Kind::Step:
        batch.push_back(std::move(r.step));
        break;
      case Report::Kind::Published:
        published = r.published;
        break;
      case Report::Kind::Other:
        if (!flush()) return;
        r.call(*this);
        if (mRun != run) return;
        break;
    }
  }
  flush();
}

template <class F> void TrainingController::report(const std::shared_ptr<Run>& run, F&& f) {
  Report r;
  r.call = std::forward<F>(f);
  queue(run, std::move(r));
}

void TrainingController::reportStep(const std::shared_ptr<Run>& run, TrainingSnapshot s) {
  Report r;
  r.kind = Report::Kind::Step;
  r.step = std::move(s);
  queue(run, std::move(r));
}

void TrainingController::reportPublished(const std::shared_ptr<Run>& run, int step) {
  Report r;
  r.kind = Report::Kind::Published;
  r.published = step;
  queue(run, std::move(r));
}

TrainingController::TrainingController(QObject* parent) : QObject(parent) {
  qRegisterMetaType<TrainingSnapshot>();
  qRegisterMetaType<TrainingController::State>();
}

namespace {
template <class Run> void tellToStop(Run& run) {  // the worker stops at its next check, or wakes from a pause to stop
  std::lock_guard lock(run.control);
  run.stop = true;
  run.wake.notify_all();
  run.drained.notify_all();
}
}  // namespace

TrainingController::~TrainingController() {
  if (mRun) tellToStop(*mRun);  // it ends on its own; its reports go nowhere now
}

bool TrainingController::hasRun() const { return mRun && mRun->plan.has_value(); }

bool TrainingController::lossSummed(const gb::TrainingState* documentState) const {
  if (hasRun()) return mRun->options.loss == gb::LossKind::Sum;
  return documentState && documentState->options.loss == gb::LossKind::Sum;
}

std::optional<gb::Error> TrainingController::setup(const gb::Config& config, const gb::Params<float>& params,
                                                   std::vector<gb::Example> data, const gb::TrainOptions& options,
                                                   std::vector<gb::Example> val, int evalEvery,
                                                   const gb::TrainingState* resume,
                                                   const gb::Tokenizer* modelTokenizer,
                                                   const gb::Tokenizer* dataTokenizer) {
  return setup(config, std::make_shared<const gb::Params<float>>(params), std::move(data), options, std::move(val),
               evalEvery, resume, modelTokenizer, dataTokenizer);
}

std::optional<gb::Error> TrainingController::setup(const gb::Config& config, ParamsPtr params,
                                                   std::vector<gb::Example> data, const gb::TrainOptions& options,
                                                   std::vector<gb::Example> val, int evalEvery,
                                                   const gb::TrainingState* resume,
                                                   const gb::Tokenizer* modelTokenizer,
                                                   const gb::Tokenizer* dataTokenizer) {
  return setup(config, std::move(params), std::make_shared<const std::vector<gb::Example>>(std::move(data)), options,
               std::move(val), evalEvery, resume, modelTokenizer, dataTokenizer);
}

std::optional<gb::Error> TrainingController::setup(const gb::Config& config, ParamsPtr params, DataPtr data,
                                                   const gb::TrainOptions& options, std::vector<gb::Example> val,
                                                   int evalEvery, const gb::TrainingState* resume,
                                                   const gb::Tokenizer* modelTokenizer,
                                                   const gb::Tokenizer* dataTokenizer) {
  if (mState == State::Running || mState == State::Paused) return gb::Error(gb::ErrorCode::PlanRunGoing);
  if (!params) return gb::Error(gb::ErrorCode::PlanNoModel);
  if (!data) return gb::Error(gb::ErrorCode::PlanNoDataLoaded);
  // The plan is asked about the very copies the worker will use (it keeps a pointer to the data).
  gb::PlanRequest req;
  req.config = &config;
  req.params = params.get();
  req.data = data.get();  // (the very vector the run reads: shared, never moved)
  req.options = options;
  req.model_tokenizer = modelTokenizer;
  req.data_tokenizer = dataTokenizer;
  if (resume) {
    req.resume_cursor = &resume->cursor;
    req.resume_optimizer = &resume->optimizer;
  }
  req.validation = &val;
  // the settings' cap, under what the machine has; the run before this one lets go of the window's copies of it
  req.memory_limit = MemoryLimit::capBytesReplacing(windowHeldBytes());
  req.beside_bytes = MemoryLimit::besideRunBytes(config, options);  // the snapshots this window keeps of the run
  auto plan = gb::plan_training(req);
  if (!plan) return plan.error();
  // The run before (ended, or its worker still finishing a step it was told to stop) is let go of, not waited for.
  if (mRun) tellToStop(*mRun);
  auto run = std::make_shared<Run>();
  run->owner = this;
  run->config = config;
  // the worker copies them into its working set when it starts (not here: the click that starts a run should not
  // wait for tens of MB of fresh memory); until its first publication the readers see these very ones
  run->start = params;
  run->published = std::move(params);
  run->publication = ++gPublication;
  run->data = std::move(data);  // (the plan points at *data: the same vector, shared)
  run->val = std::move(val);
  run->plan = std::move(*plan);
  run->evalEvery = evalEvery;
  run->options = options;
  run->stepsDone = resume ? resume->cursor.step : 0;
  run->windowBytes = req.beside_bytes;
  mRun = std::move(run);
  mFault.reset();
  mNames = gb::tensor_names(config);
  setState(State::Idle);
  return std::nullopt;
}

std::optional<gb::Error> TrainingController::prepareRun(const ModelDocument& doc, const gb::TrainOptions& requested,
                                                        RunStart* out) {
  if (!doc.hasModel()) return gb::Error(gb::ErrorCode::PlanNoModel);
  if (!doc.hasData()) return gb::Error(gb::ErrorCode::PlanNoDataLoaded);
  const auto& saved = doc.trainingState();
  // a saved state of other data (another number of examples) cannot go on here: a new run from these parameters
  const bool belongs = saved && saved->cursor.order.size() == doc.data().train.size();
  const bool goOn = belongs && saved->cursor.step > 0 && saved->cursor.step < requested.steps && doc.isTrained();
  if (out) *out = RunStart{goOn, goOn ? saved->cursor.step : 0, requested.steps, 0, saved && !belongs};
  gb::TrainOptions o = requested;
  if (goOn) {
    o = saved->options;
    o.steps = requested.steps;
  }
  // validation ten times a run, on at most 512 examples (the same ones each time), so it stays a small part of it
  const auto& allVal = doc.data().val;
  std::vector<gb::Example> val(allVal.begin(), allVal.begin() + long(std::min<size_t>(allVal.size(), 512)));
  const int valSize = int(val.size());
  const std::shared_ptr<const gb::PreparedData> data = doc.sharedData();
  // the document's training examples, shared (immutable: other data replaces the whole PreparedData)
  DataPtr train(data, &data->train);
  if (auto e = setup(doc.config(), doc.sharedParams(), std::move(train), o, std::move(val), std::max(1, o.steps / 10),
                     goOn ? &*saved : nullptr, doc.modelTokenizer(), &doc.data().tokenizer))
    return e;
  if (out) *out = RunStart{goOn, goOn ? saved->cursor.step : 0, o.steps, valSize, saved && !belongs};
  return std::nullopt;
}

int TrainingController::stepsDone() const { return mRun ? mRun->stepsDone.load() : 0; }

qint64 TrainingController::windowHeldBytes() const {
  // (only once the worker has ended: until then the run it finishes keeps its copies beside the next one)
  return mRun && mRun->started.load() && mState == State::Finished ? mRun->windowBytes : 0;  // (a reservation is an empty pointer with a deleter)
}

bool TrainingController::atPausePoint() const { return mRun && mRun->waiting.load(); }

TrainingController::ParamsPtr TrainingController::params() const {
  if (!mRun) return {};
  std::lock_guard lock(mRun->paramsMutex);
  return mRun->published;
}

quint64 TrainingController::publication() const {
  if (!mRun) return 0;
  std::lock_guard lock(mRun->paramsMutex);
  return mRun->publication;
}

TrainingController::Published TrainingController::handOver() {
  if (mState == State::Finished) mHandedOver = true;  // the worker has published for the last time
  return published(/*withStep=*/true);
}

TrainingController::Published TrainingController::published(bool withStep) const {
  if (!mRun) return {};
  std::lock_guard lock(mRun->paramsMutex);  // one lock: parameters, state and step from the same publication
  return {mRun->published, mRun->publishedState, withStep ? mRun->publishedStep : nullptr, mRun->publication};
}

std::optional<gb::TrainingState> TrainingController::trainingState() const {
  if (!mRun) return std::nullopt;
  std::lock_guard lock(mRun->paramsMutex);
  return mRun->publishedState ? std::optional<gb::TrainingState>(*mRun->publishedState) : std::nullopt;
}

TrainingController::StepPtr TrainingController::stepTensors() const {
  if (!mRun) return {};
  std::lock_guard lock(mRun->paramsMutex);
  return mRun->publishedStep;
}

void TrainingController::setState(State s) {
  if (mState == s) return;
  mState = s;
  if (s != State::Finished) mHandedOver = false;  // a new run (or a reset): its state is here again
  emit stateChanged(s);
}

void TrainingController::start() {
  if (mState == State::Paused && mRun) {
    std::lock_guard lock(mRun->control);
    mRun->pause = false;
    mRun->wake.notify_all();
    setState(State::Running);
    return;
  }
  if (mState != State::Idle) return;
  begin(false);
}

void TrainingController::begin(bool paused) {
  if (!mRun || !mRun->plan || mRun->started) return;  // only a checked run starts, once
  mRun->stop = false;
  mRun->pause = paused;  // set before the thread exists: no race
  mRun->started = true;
  setState(paused ? State::Paused : State::Running);
  // its memory counted against the cap until the worker has freed it (a run told to stop may still finish a step)
  mRun->held = MemoryLimit::reserve(mRun->plan->bytes() - mRun->windowBytes, MemoryLimit::Work::Training);
  mRun->window = MemoryLimit::reserve(mRun->windowBytes, MemoryLimit::Work::Training);
  workers::start("glassbox-training", [run = mRun] { work(run); });
}

void TrainingController::pause() {
  if (mState != State::Running || !mRun) return;
  mRun->pause = true;
  setState(State::Paused);
}

void TrainingController::step() {
  if (mState == State::Idle) {
    if (!mRun) return;
    mRun->singleSteps = 1;  // start paused with one step to take
    begin(true);
    return;
  }
  if (mState != State::Paused || !mRun) return;
  std::lock_guard lock(mRun->control);
  ++mRun->singleSteps;
  mRun->wake.notify_all();
}

void TrainingController::stop() {
  if (mRun && mRun->started) tellToStop(*mRun);
}

TrainingController::ParamsPtr TrainingController::snapshot(Run& run, const gb::Params<float>& p) {
  std::unique_ptr<gb::Params<float>> buffer;
  {
    std::lock_guard lock(run.pool->mutex);
    if (!run.pool->free.empty()) {
      buffer = std::move(run.pool->free.back());
      run.pool->free.pop_back();
    }
  }
  if (buffer) *buffer = p;  // the same sizes: copied into memory already touched
  else buffer = std::make_unique<gb::Params<float>>(p);
  // the last reader to let go (any thread) hands the buffer back; the pool's mutex orders its reads before the
  // next copy into it
  return ParamsPtr(buffer.release(), [pool = run.pool](const gb::Params<float>* done) {
    std::unique_ptr<gb::Params<float>> owned(const_cast<gb::Params<float>*>(done));  // made non-const in snapshot()
    std::lock_guard lock(pool->mutex);
    if (pool->free.empty()) pool->free.push_back(std::move(owned));  // one spare (counted in besideRunBytes)
  });
}

void TrainingController::publishParams(Run& run, const gb::Trainer& trainer) {
  ParamsPtr next = snapshot(run, run.working);  // on the worker, outside the lock
  gb::Trainer& t = const_cast<gb::Trainer&>(trainer);  // optimizer_state() has no const overload; only read here
  StatePtr state = std::make_shared<const gb::TrainingState>(
      gb::TrainingState{run.options, trainer.cursor(), t.optimizer_state()});
  // the step's gradient and update, when it is a new step: into the spare (an earlier one no reader held any more,
  // same sizes) or fresh memory — on the worker, outside the lock (only the worker writes publishedStep)
  std::shared_ptr<gb::LastStep> step;
  if (trainer.steps_done() > 0 && (!run.publishedStep || run.publishedStep->step != trainer.steps_done())) {
    step = run.stepSpare ? std::move(run.stepSpare) : std::make_shared<gb::LastStep>();
    step->step = trainer.steps_done();
    step->grad = trainer.grads();
    step->update = trainer.last_update();
  }
  ParamsPtr old;    // let go of after the lock (its deleter may pool it)
  StatePtr oldState;
  StepPtr oldStep;
  {
    std::lock_guard lock(run.paramsMutex);
    old = std::exchange(run.published, std::move(next));
    oldState = std::exchange(run.publishedState, std::move(state));
    if (step) oldStep = std::exchange(run.publishedStep, std::move(step));
    run.publication = ++gPublication;
  }
  // no longer published: if nobody else holds it, nobody can take it again — the next step's spare
  if (oldStep && oldStep.use_count() == 1) run.stepSpare = std::const_pointer_cast<gb::LastStep>(std::move(oldStep));
}

void TrainingController::reset() {
  if (mRun) tellToStop(*mRun);  // the worker stops at its next check, or finishes its step on its own; nobody waits
  mRun.reset();
  setState(State::Idle);
}

void TrainingController::work(const std::shared_ptr<Run>& run) {
  std::optional<int> done;
  try {
    done = runSteps(run);
  } catch (const std::bad_alloc&) {  // the plan's estimate fit, the machine disagreed: report it, keep the window
  }
#ifdef __GLIBC__
  if (run->stop.load()) malloc_trim(0);  // a run that was let go of: what it held goes back to the system
#endif
  // the spares go with the trainer (no further publication needs them); what stays published is still counted (the
  // run's window reservation, given back with the run)
  run->stepSpare.reset();
  {
    std::lock_guard lock(run->pool->mutex);
    run->pool->free.clear();
  }
  // the trainer and its buffers are gone: its memory no longer counts against the cap — before Finished is said,
  // so what Finished makes possible (Start again, a lesson's comparison) is planned without it
  run->held.reset();
  if (done) {
    report(run, [](TrainingController& c) { c.setState(State::Finished); });
    reportPublished(run, *done);
  } else {
    report(run, [](TrainingController& c) {
      c.setState(State::Finished);
      emit c.outOfMemory();
    });
  }
}

int TrainingController::runSteps(const std::shared_ptr<Run>& runPtr) {  // reports of a run that was reset are dropped
  Run& run = *runPtr;
  if (run.start) {  // the run's starting parameters (setup's), copied here, off the GUI thread
    run.working = *run.start;
    run.start.reset();
  }
  gb::Trainer trainer(*run.plan, run.working);
  trainer.set_cancel(&run.stop);  // Stop, New, Quit: the step in progress ends at its next check, without an update
  trainer.record_updates(true);  // the Parameters tab shows Δθ; two passes over θ, small next to a step
  gb::EvalWorkspace evalSpace;    // the validations' activations, made once for the run
  QElapsedTimer clock;
  clock.start();
  double lastTime = 0;
  long long tokensSince = 0;
  double rate = 0;
  int lastAnnounced = 0;
  [[maybe_unused]] qint64 lastTrim = 0;
  const int steps = run.options.steps;
  while (!run.stop && trainer.steps_done() < steps) {
    if (run.pause && run.singleSteps.load() == 0) {
      publishParams(run, trainer);  // a paused run shows its current parameters
      if (trainer.steps_done() != lastAnnounced) {
        lastAnnounced = trainer.steps_done();
        reportPublished(runPtr, lastAnnounced);
      }
      std::unique_lock lock(run.control);
      run.waiting = true;
      run.wake.wait(lock, [&run] { return !(run.pause && run.singleSteps.load() == 0 && !run.stop); });
      run.waiting = false;
      continue;
    }
    if (run.singleSteps.load() > 0) --run.singleSteps;
    const gb::StepReport& r = trainer.step();
    if (r.cancelled) break;  // stopped part-way: no update; the parameters are the last step's
    if (r.fault) {  // nothing of this step reaches a plot; the run ends with the last good parameters
      const gb::NumericFault f = *r.fault;
      if (f.kind != gb::NumericFault::Kind::Parameter) publishParams(run, trainer);
      report(runPtr, [f](TrainingController& c) {
        c.mFault = f;
        emit c.faulted(f.step, int(f.kind), QString::fromStdString(f.tensor));
      });
      break;
    }
    run.stepsDone = trainer.steps_done();
    tokensSince += r.tokens;
    const double now = clock.elapsed() / 1000.0;
    if (now - lastTime > 0.25) {
      rate = double(tokensSince) / (now - lastTime);
      tokensSince = 0;
      lastTime = now;
    }
    TrainingSnapshot s;
    s.step = r.step + 1;
    s.loss = r.loss;
    s.lr = r.lr;
    s.gradNorm = r.grad_norm;
    s.tokensPerSecond = rate > 0 ? rate : double(tokensSince) / std::max(1e-3, now);
    s.tokenAccuracy = r.stats.tokens ? double(r.stats.correct) / double(r.stats.tokens) : 0.0;
    s.gradNorms = r.grad_norms;
    s.loglik = r.loglik;
    reportStep(runPtr, s);
    const bool last = trainer.steps_done() == steps;
    if (s.step % run.publishEvery == 0 && !last) {  // so the attention view can watch heads form
      publishParams(run, trainer);
      lastAnnounced = s.step;
      reportPublished(runPtr, s.step);
#ifdef __GLIBC__
      // A long run validates rarely (ten times a run), and the GUI thread's growing series (the loss curves,
      // the history) are copied into larger blocks as they grow: the blocks left free stayed with the process
      // (a 30-minute soak's resident set grew by 10 % while the heap in use grew by half that). Every 30 s they
      // go back to the system, as after a validation.
      if (clock.elapsed() - lastTrim >= 30000) {
        lastTrim = clock.elapsed();
        malloc_trim(0);
      }
#endif
    }
    if (!run.val.empty() && (last || (run.evalEvery > 0 && s.step % run.evalEvery == 0))) {
      if (run.stop) break;  // a validation of a run that was stopped is not wanted
      const double before = clock.elapsed() / 1000.0;
      const gb::EvalReport e =
          gb::evaluate(run.config, run.working, run.val, std::max(1, run.options.batch_size), &evalSpace);
#ifdef __GLIBC__
      // Temporaries made and freed on the OpenMP threads, each in its own arena, leave free pages that glibc keeps
      // (a 30-minute run's resident set grew by half while the heap in use did not); after each validation, on
      // the worker, they go back to the system. It costs a few milliseconds.
      malloc_trim(0);
#endif
      report(runPtr, [step = s.step, e](TrainingController& c) {
        emit c.validated(step, e.loss, e.token_accuracy, e.sequence_accuracy);
      });
      // tokens/s counts training: the validation's time is left out, so the rate does not dip after it
      lastTime += clock.elapsed() / 1000.0 - before;
    }
  }
  if (!trainer.fault() || trainer.fault()->kind != gb::NumericFault::Kind::Parameter) publishParams(run, trainer);
  return trainer.steps_done();
}
