#include "trainingcontroller.h"
#include "handoff.h"

#include "memorylimit.h"

#include "modeldocument.h"

#include <QElapsedTimer>
#include <QMetaObject>

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

TrainingController::TrainingController(QObject* parent) : QObject(parent) {
  qRegisterMetaType<TrainingSnapshot>();
  qRegisterMetaType<TrainingController::State>();
}

TrainingController::~TrainingController() {
  stop();
  if (mThread) {
    handoff::join(mThread);
    delete mThread;
  }
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
  req.memory_limit = MemoryLimit::capBytes();  // the settings' cap, under what the machine has
  auto plan = gb::plan_training(req);
  if (!plan) return plan.error();
  ++mRunId;
  if (mThread) {
    handoff::join(mThread);
    delete mThread;
    mThread = nullptr;
  }
  mConfig = config;
  // the worker copies them into its working set when it starts (not here: the click that starts a run should not
  // wait for tens of MB of fresh memory); until its first publication the readers see these very ones
  mStart = params;
  {
    std::lock_guard pool(mPool->mutex);
    mPool->free.clear();  // another model's sizes
  }
  {
    std::lock_guard lock(mParamsMutex);
    mPublished = std::move(params);
    mPublishedStep.reset();
    mPublishedState.reset();
    ++mPublication;
  }
  mStepSpare.reset();  // (no worker runs)
  mData = std::move(data);  // (the plan points at *data: the same vector, shared)
  mVal = std::move(val);
  mPlan = std::move(*plan);
  mFault.reset();
  mEvalEvery = evalEvery;
  mOptions = options;
  mNames = gb::tensor_names(config);
  mStepsDone = resume ? resume->cursor.step : 0;
  mStop = false;
  mPause = false;
  mSingleSteps = 0;
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

TrainingController::ParamsPtr TrainingController::params() const {
  std::lock_guard lock(mParamsMutex);
  return mPublished;
}

quint64 TrainingController::publication() const {
  std::lock_guard lock(mParamsMutex);
  return mPublication;
}

TrainingController::Published TrainingController::handOver() {
  if (mState == State::Finished) mHandedOver = true;  // the worker has published for the last time
  return published(/*withStep=*/true);
}

TrainingController::Published TrainingController::published(bool withStep) const {
  std::lock_guard lock(mParamsMutex);  // one lock: parameters, state and step from the same publication
  return {mPublished, mPublishedState, withStep ? mPublishedStep : nullptr, mPublication};
}

std::optional<gb::TrainingState> TrainingController::trainingState() const {
  std::lock_guard lock(mParamsMutex);
  return mPublishedState ? std::optional<gb::TrainingState>(*mPublishedState) : std::nullopt;
}

TrainingController::StepPtr TrainingController::stepTensors() const {
  std::lock_guard lock(mParamsMutex);
  return mPublishedStep;
}

void TrainingController::setState(State s) {
  if (mState == s) return;
  mState = s;
  if (s != State::Finished) mHandedOver = false;  // a new run (or a reset): its state is here again
  emit stateChanged(s);
}

void TrainingController::start() {
  if (mState == State::Paused) {
    std::lock_guard lock(mControl);
    mPause = false;
    mWake.notify_all();
    setState(State::Running);
    return;
  }
  if (mState != State::Idle) return;
  begin(false);
}

void TrainingController::begin(bool paused) {
  if (!mPlan) return;  // only a checked run starts
  mStop = false;
  mPause = paused;  // set before the thread exists: no race
  mThread = handoff::makeThread([this] {
    run();
    handoff::threadEnds();  // the thread's end
  });
  mThread->setObjectName(QStringLiteral("glassbox-training"));
  setState(paused ? State::Paused : State::Running);
  mThread->start();
}

void TrainingController::pause() {
  if (mState != State::Running) return;
  mPause = true;
  setState(State::Paused);
}

void TrainingController::step() {
  if (mState == State::Idle) {
    mSingleSteps = 1;  // start paused with one step to take
    begin(true);
    return;
  }
  if (mState != State::Paused) return;
  std::lock_guard lock(mControl);
  ++mSingleSteps;
  mWake.notify_all();
}

void TrainingController::stop() {
  if (!mThread) return;
  std::lock_guard lock(mControl);
  mStop = true;
  mWake.notify_all();
}

TrainingController::ParamsPtr TrainingController::snapshot(const gb::Params<float>& p) {
  std::unique_ptr<gb::Params<float>> buffer;
  {
    std::lock_guard lock(mPool->mutex);
    if (!mPool->free.empty()) {
      buffer = std::move(mPool->free.back());
      mPool->free.pop_back();
    }
  }
  if (buffer) *buffer = p;  // the same sizes: copied into memory already touched
  else buffer = std::make_unique<gb::Params<float>>(p);
  // the last reader to let go (any thread) hands the buffer back; the pool's mutex orders its reads before the
  // next copy into it
  return ParamsPtr(buffer.release(), [pool = mPool](const gb::Params<float>* done) {
    std::unique_ptr<gb::Params<float>> owned(const_cast<gb::Params<float>*>(done));  // made non-const in snapshot()
    std::lock_guard lock(pool->mutex);
    if (pool->free.size() < 2) pool->free.push_back(std::move(owned));
  });
}

void TrainingController::publishParams(const gb::Trainer& trainer) {
  ParamsPtr next = snapshot(mWorking);  // on the worker, outside the lock
  gb::Trainer& t = const_cast<gb::Trainer&>(trainer);  // optimizer_state() has no const overload; only read here
  StatePtr state = std::make_shared<const gb::TrainingState>(
      gb::TrainingState{mOptions, trainer.cursor(), t.optimizer_state()});
  // the step's gradient and update, when it is a new step: into the spare (an earlier one no reader held any more,
  // same sizes) or fresh memory — on the worker, outside the lock (only the worker writes mPublishedStep)
  std::shared_ptr<gb::LastStep> step;
  if (trainer.steps_done() > 0 && (!mPublishedStep || mPublishedStep->step != trainer.steps_done())) {
    step = mStepSpare ? std::move(mStepSpare) : std::make_shared<gb::LastStep>();
    step->step = trainer.steps_done();
    step->grad = trainer.grads();
    step->update = trainer.last_update();
  }
  ParamsPtr old;    // let go of after the lock (its deleter may pool it)
  StatePtr oldState;
  StepPtr oldStep;
  {
    std::lock_guard lock(mParamsMutex);
    old = std::exchange(mPublished, std::move(next));
    oldState = std::exchange(mPublishedState, std::move(state));
    if (step) oldStep = std::exchange(mPublishedStep, std::move(step));
    ++mPublication;
  }
  // no longer published: if nobody else holds it, nobody can take it again — the next step's spare
  if (oldStep && oldStep.use_count() == 1) mStepSpare = std::const_pointer_cast<gb::LastStep>(std::move(oldStep));
}

void TrainingController::evaluate(int step, gb::EvalWorkspace& space) {
  // In batches of the run's size, as glassbox-cli train validates, in activations kept for the whole run: made
  // afresh on every call, their first touches cost page faults — batches of 64 took twice as long as batches of 16
  // for config M (2.4 s against 1.2 s for 512 examples; docs/gui-throughput.md). The per-batch sums are added in
  // double, so the grouping does not show in the loss (measured bit-identical for batches of 8 to 512).
  const gb::EvalReport e = gb::evaluate(mConfig, mWorking, mVal, std::max(1, mOptions.batch_size), &space);
#ifdef __GLIBC__
  // Temporaries made and freed on the OpenMP threads, each in its own arena, leave free pages that glibc keeps
  // (a 30-minute run's resident set grew by half while the heap in use did not); after each validation, on the
  // worker, they go back to the system. It costs a few milliseconds.
  malloc_trim(0);
#endif
  const int run = mRunId;
  handoff::post(
      this,
      [this, step, e, run] {
        if (run == mRunId) emit validated(step, e.loss, e.token_accuracy, e.sequence_accuracy);
      });
}

void TrainingController::reset() {
  stop();
  if (mThread) {
    handoff::join(mThread);
    delete mThread;
    mThread = nullptr;
  }
  ++mRunId;
  {
    std::lock_guard lock(mParamsMutex);
    mPublished = {};
    mPublishedStep.reset();
    mPublishedState.reset();
    ++mPublication;
  }
  mStepSpare.reset();  // (the worker has ended)
  mPlan.reset();
  mData.reset();
  mVal.clear();
  mStepsDone = 0;
  mStop = false;
  mPause = false;
  mSingleSteps = 0;
  setState(State::Idle);
}

void TrainingController::run() {
  const int run = mRunId;
  try {
    runSteps(run);
  } catch (const std::bad_alloc&) {  // the plan's estimate fit, the machine disagreed: report it, keep the window
    handoff::post(
        this,
        [this, run] {
          if (run != mRunId) return;
          setState(State::Finished);
          emit outOfMemory();
        });
  }
}

void TrainingController::runSteps(int run) {  // reports of an older run are dropped after a reset
  lowerThisThreadsPriority();
  if (mStart) {  // the run's starting parameters (setup's), copied here, off the GUI thread
    mWorking = *mStart;
    mStart.reset();
  }
  gb::Trainer trainer(*mPlan, mWorking);
  trainer.record_updates(true);  // the Parameters tab shows Δθ; two passes over θ, small next to a step
  gb::EvalWorkspace evalSpace;    // the validations' activations, made once for the run
  QElapsedTimer clock;
  clock.start();
  double lastTime = 0;
  long long tokensSince = 0;
  double rate = 0;
  int lastAnnounced = 0;
  [[maybe_unused]] qint64 lastTrim = 0;
  while (!mStop && trainer.steps_done() < mOptions.steps) {
    if (mPause && mSingleSteps.load() == 0) {
      publishParams(trainer);  // a paused run shows its current parameters
      if (trainer.steps_done() != lastAnnounced) {
        lastAnnounced = trainer.steps_done();
        handoff::post(
            this, [this, st = lastAnnounced, run] { if (run == mRunId) emit paramsPublished(st); });
      }
      std::unique_lock lock(mControl);
      mWaiting = true;
      mWake.wait(lock, [this] { return !(mPause && mSingleSteps.load() == 0 && !mStop); });
      mWaiting = false;
      continue;
    }
    if (mSingleSteps.load() > 0) --mSingleSteps;
    const gb::StepReport& r = trainer.step();
    if (r.fault) {  // nothing of this step reaches a plot; the run ends with the last good parameters
      const gb::NumericFault f = *r.fault;
      if (f.kind != gb::NumericFault::Kind::Parameter) publishParams(trainer);
      handoff::post(
          this,
          [this, f, run] {
            if (run != mRunId) return;
            mFault = f;
            emit faulted(f.step, int(f.kind), QString::fromStdString(f.tensor));
          });
      break;
    }
    mStepsDone = trainer.steps_done();
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
    handoff::post(
        this, [this, s, run] { if (run == mRunId) emit stepped(s); });
    const bool last = trainer.steps_done() == mOptions.steps;
    if (s.step % mPublishEvery == 0 && !last) {  // so the attention view can watch heads form
      publishParams(trainer);
      lastAnnounced = s.step;
      handoff::post(
          this, [this, st = s.step, run] { if (run == mRunId) emit paramsPublished(st); });
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
    if (!mVal.empty() && (last || (mEvalEvery > 0 && s.step % mEvalEvery == 0))) {
      const double before = clock.elapsed() / 1000.0;
      evaluate(s.step, evalSpace);
      // tokens/s counts training: the validation's time is left out, so the rate does not dip after it
      lastTime += clock.elapsed() / 1000.0 - before;
    }
  }
  if (!trainer.fault() || trainer.fault()->kind != gb::NumericFault::Kind::Parameter) publishParams(trainer);
  handoff::post(
      this, [this, run] { if (run == mRunId) setState(State::Finished); });
  handoff::post(
      this, [this, st = trainer.steps_done(), run] { if (run == mRunId) emit paramsPublished(st); });
}
