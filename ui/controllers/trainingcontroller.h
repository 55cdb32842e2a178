// trainingcontroller.h — runs the core's Trainer on a worker thread so the window never freezes.
//
// Widget-free. The GUI thread calls start / pause / step / resume / stop; the worker reports every optimizer step
// as a value snapshot through a queued signal (views repaint at their own pace). Control flags are atomics; a
// paused worker sleeps on a wait condition. The trained parameters are handed back by value when the worker
// pauses, stops or finishes — the GUI never reads memory the trainer is writing.
#pragma once

#include "core/model/params.h"
#include "core/io/model_file.h"
#include "core/train/trainer.h"

class ModelDocument;

#include <QObject>
#include <QPointer>

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

// Called first thing on a worker thread (training, data loading): the GUI thread then always wins the CPU.
void lowerThisThreadsPriority();

// Called first thing in main() by the window (and by the benchmarks that measure it): blocks of 128 KB and more are
// given their own pages and returned to the system when freed. glibc's default raises that threshold as large
// blocks are freed, after which the worker threads' short-lived activations (attention traces, decoding) stay in
// per-thread arenas that fragment. Soak of 30 minutes (config M, Attention tab refreshing): with glibc's default the
// resident set grew 224 → 267 MB (+19 %) while the heap in use stayed at 133–135 MB; with this threshold it went
// 195 → 177 MB. The training step and the validations keep their buffers for a run, so the extra page faults fall
// on the short-lived jobs.
void keepTheResidentSetFlat();
// Free pages of every arena given back to the system (glibc's malloc_trim): called where much was just let go of —
// File → New (the model, its snapshots, histories and caches), and by the last worker to end (what the runs and jobs
// held). Without it, cycles of lesson → New → a large Build → New grew the resident set by ~3 MB a cycle while the
// heap in use stayed flat (freed chunks kept by the arenas). A few milliseconds at most.
void giveBackFreedMemory();

// One optimizer step as the GUI sees it.
struct TrainingSnapshot {
  int step = 0;                 // 1-based number of steps done
  double loss = 0;              // J of the step's forward pass (before its update)
  double lr = 0;
  double gradNorm = 0;
  double tokensPerSecond = 0;   // over the last few steps
  double tokenAccuracy = 0;     // on the step's batch
  std::vector<float> gradNorms; // per tensor (Trainer::tensor_names order)
  std::optional<double> loglik; // EM: the training data's log-likelihood in nats before the iteration's update
};
Q_DECLARE_METATYPE(TrainingSnapshot)

class TrainingController : public QObject {
  Q_OBJECT
 public:
  enum class State { Idle, Running, Paused, Finished };
  Q_ENUM(State)

  explicit TrainingController(QObject* parent = nullptr);
  ~TrainingController() override;

  // Copies everything and asks the core's training plan (gb::plan_training) about the copies: the run is prepared
  // only when the plan is valid; otherwise the plan's error comes back and nothing changes. Call while Idle or
  // Finished. val (optional) is evaluated every evalEvery steps and at the end (0: at the end only).
  // resume (optional): go on exactly where that state stopped — data order, generator, AdamW moments; the plan
  // checks that it belongs to this data and model, and options.steps is the new total.
  // modelTokenizer / dataTokenizer (optional): the plan checks that the data speaks the model's vocabulary.
  [[nodiscard]] std::optional<gb::Error> setup(const gb::Config& config, const gb::Params<float>& params,
                                               std::vector<gb::Example> data, const gb::TrainOptions& options,
                                               std::vector<gb::Example> val = {}, int evalEvery = 0,
                                               const gb::TrainingState* resume = nullptr,
                                               const gb::Tokenizer* modelTokenizer = nullptr,
                                               const gb::Tokenizer* dataTokenizer = nullptr);
  // The same with the parameters shared (the document's snapshot): nothing is copied on the calling thread.
  [[nodiscard]] std::optional<gb::Error> setup(const gb::Config& config, std::shared_ptr<const gb::Params<float>> params,
                                               std::vector<gb::Example> data, const gb::TrainOptions& options,
                                               std::vector<gb::Example> val = {}, int evalEvery = 0,
                                               const gb::TrainingState* resume = nullptr,
                                               const gb::Tokenizer* modelTokenizer = nullptr,
                                               const gb::Tokenizer* dataTokenizer = nullptr);
  // The same with the data shared too (the document's, immutable): the click that starts a run copies no
  // training example (only the at most 512 validation examples).
  using DataPtr = std::shared_ptr<const std::vector<gb::Example>>;
  [[nodiscard]] std::optional<gb::Error> setup(const gb::Config& config, std::shared_ptr<const gb::Params<float>> params,
                                               DataPtr data, const gb::TrainOptions& options,
                                               std::vector<gb::Example> val = {}, int evalEvery = 0,
                                               const gb::TrainingState* resume = nullptr,
                                               const gb::Tokenizer* modelTokenizer = nullptr,
                                               const gb::Tokenizer* dataTokenizer = nullptr);
  bool hasRun() const;
  // The loss is J summed over each example's tokens (SGD as in the seed), not their mean: the running run's, else
  // that of the run whose state the document holds (documentState, may be null).
  bool lossSummed(const gb::TrainingState* documentState) const;
  // What Start and Step do from Idle (policy, kept out of the panel): a new run of `requested` from the document's
  // parameters, or — when the document holds the state of an earlier run and requested.steps asks for more than it
  // did — going on exactly from there, with that run's options. Validation: ten times a run, on at most 512 of the
  // document's validation examples. Asks the plan (setup); returns its error, and then nothing changes.
  struct RunStart {
    bool goesOn = false;
    int fromStep = 0;      // steps already done (going on), else 0
    int steps = 0;         // the run's total
    int validationSize = 0;
    bool savedStateOfOtherData = false;  // the document's saved state belongs to other data: a new run
  };
  [[nodiscard]] std::optional<gb::Error> prepareRun(const ModelDocument& doc, const gb::TrainOptions& requested,
                                                    RunStart* out);
  // The state to go on from, as of the last pause, stop or finish (empty before the first step).
  std::optional<gb::TrainingState> trainingState() const;
  // The gradient ∇J and the update Δθ of the last step before those parameters were published, and that step's
  // number; null before the first step. Shared and immutable like the parameters (made on the worker).
  using StepPtr = std::shared_ptr<const gb::LastStep>;
  StepPtr stepTensors() const;
  // The parameters and the state to go on from, taken together (they belong to the same step); withStep adds
  // that step's tensors from the same publication (a save while training).
  // The parameters are shared, never copied for a reader: each publication is a new immutable snapshot (made on
  // the worker), and a reader holds the one it got for as long as it needs it.
  using ParamsPtr = std::shared_ptr<const gb::Params<float>>;
  using StatePtr = std::shared_ptr<const gb::TrainingState>;  // the same for the state to go on from
  struct Published {
    ParamsPtr params;
    StatePtr state;  // null before the first step
    StepPtr step;         // withStep only
    quint64 number = 0;   // which publication of this controller (0: none yet)
  };
  Published published(bool withStep = false) const;
  // The number of the latest publication (0: none yet): a reader that took number n need not take it again.
  quint64 publication() const;
  // The latest publication with its step, for the document, when a run pauses or ends; nothing of the model's size
  // is copied (all shared). After a finished run's, handedOver() is true: the document holds the latest state.
  Published handOver();
  bool handedOver() const { return mHandedOver; }
  // Whether the latest state is still here rather than with the document: a run exists and has not handed over.
  bool holdsLatest() const { return mState != State::Idle && !mHandedOver; }
  State state() const { return mState; }
  // The parameters as of the last publication (or setup); null before any setup.
  ParamsPtr params() const;
  // What the views should show: the trainer's latest while a run exists, otherwise the document's (given).
  ParamsPtr latestParams(ParamsPtr document) const { return mState == State::Idle ? document : params(); }
  int stepsDone() const;
  // What the window's copies of the finished run hold against the cap (MemoryLimit::besideRunBytes; 0 before it
  // has finished): let go of when a new run replaces it, so the new run's check does not count them twice.
  qint64 windowHeldBytes() const;
  // The fault that ended the last run, if any.
  const std::optional<gb::NumericFault>& fault() const { return mFault; }
  // True while a paused worker waits (it has finished the step it was in and handed its parameters back).
  bool atPausePoint() const;
  std::vector<std::string> tensorNames() const { return mNames; }

 public slots:
  void start();   // from Idle: begin; from Paused: resume
  void pause();
  void step();    // while Paused (or Idle): exactly one optimizer step, then paused
  void stop();    // ends the run; the parameters come back
  // Ends any run and forgets it: Idle, no parameters (the document got another model). Never waits: a worker
  // inside its step stops at its next check (between micro-batches and layers) or finishes the step on its own,
  // its reports dropped and its memory freed when it ends.
  void reset();

 signals:
  void stepped(const TrainingSnapshot& s);
  // The same steps, all that arrived together, before any of their stepped() signals: what keeps a growing record (the
  // document's history) takes them in one go. A tiny model makes thousands of steps a second; the worker hands
  // them over in batches (one queued call while the last is not yet taken), so the GUI thread never falls behind.
  void steppedBatch(const std::vector<TrainingSnapshot>& steps);
  void validated(int step, double loss, double tokenAccuracy, double sequenceAccuracy);
  // New parameters are readable through params() (every publishEvery steps while training).
  void paramsPublished(int step);
  void stateChanged(TrainingController::State state);
  // A NaN or infinity appeared at `step` (1-based) in the loss, a gradient or (after the update) a parameter of
  // `tensor`: the run ended there. For the loss and gradients the published parameters are those of the last good
  // step; for a parameter fault the last published ones (the faulted parameters are never published).
  void faulted(int step, int kind, const QString& tensor);
  // An allocation failed on the worker (more memory than the machine would give): the run ended, nothing else changed.
  void outOfMemory();

 private:
  // Everything a run's worker touches, shared between the controller and the worker: a reset lets go of it and the
  // worker, still finishing its step, frees it when it ends (the GUI thread never waits for it).
  struct Run;
  void begin(bool paused);
  static void work(const std::shared_ptr<Run>& run);      // worker thread
  static int runSteps(const std::shared_ptr<Run>& run);  // worker thread: the steps done (the trainer gone)
  static void publishParams(Run& run, const gb::Trainer& trainer);     // worker thread
  static ParamsPtr snapshot(Run& run, const gb::Params<float>& p);      // worker thread
  // f(controller) on the GUI thread if this controller lives and `run` is still its run.
  // Reports wait in the run's queue; one queued call at a time takes all that are there (drainReports).
  template <class F> static void report(const std::shared_ptr<Run>& run, F&& f);
  static void reportStep(const std::shared_ptr<Run>& run, TrainingSnapshot s);
  static void reportPublished(const std::shared_ptr<Run>& run, int step);
  struct Report;
  static void queue(const std::shared_ptr<Run>& run, Report r);  // worker thread
  void drainReports(const std::shared_ptr<Run>& run);             // GUI thread
  void setState(State s);

  std::shared_ptr<Run> mRun;          // the current run (set up, going, or ended); null after a reset
  bool mHandedOver = false;           // GUI thread: handOver() took the finished run's state
  std::optional<gb::NumericFault> mFault;  // GUI thread: the last run's fault
  std::vector<std::string> mNames;
  State mState = State::Idle;
};
