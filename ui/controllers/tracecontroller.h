// tracecontroller.h — the forward pass with recording on (the core's trace_forward) for the Attention tab, off the
// GUI thread when it is long.
//
// Widget-free. request() traces an example through a model. The core's estimate (gb::trace_cost) decides: up to
// syncBudget() the trace runs at once; above it on a worker (BackgroundJob) with progress and Cancel. The trace
// keeps the config and the example it was made from, so a view never draws it against another model.
//
// Each request names its input (key: the probe and the model it is read by). A request for another input cancels
// the running trace, whose result would belong to the old input and is dropped. A request for the same input
// (only the parameters changed: training published new ones) lets the running trace finish and runs next, so
// frequent publishing never starves the view.
#pragma once

#include "core/model/stepper.h"
#include "core/text/prepare.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class BackgroundJob;

class TraceController : public QObject {
  Q_OBJECT
 public:
  explicit TraceController(QObject* parent = nullptr);

  // c must be valid and e must fit it (check_example).
  // p is shared with the trace (a worker may read it): the caller hands over a snapshot, nothing is copied
  void request(const gb::Config& c, std::shared_ptr<const gb::Params<float>> p, const gb::Example& e, const QString& key);
  // A probe (ModelDocument::probeText) read by the model: its example (gb::probe_example, which may decode the
  // model's own continuation first) and its trace, both on the worker when together they cost more than the
  // budget. A probe that does not fit the model ends in unreadable() instead of traced().
  void request(const gb::Config& c, std::shared_ptr<const gb::Params<float>> p,
               std::shared_ptr<const gb::Tokenizer> tok, const gb::ProbeText& probe, const QString& key);
  void clear();   // no trace; running work cancelled
  bool busy() const;
  void cancel();  // returns at once; the trace shown stays (if any)

  bool hasTrace() const { return !mTrace.empty(); }
  const std::vector<gb::StepRecord>& trace() const { return mTrace; }
  const gb::Config& config() const { return mConfig; }
  const gb::Example& example() const { return mExample; }
  QString key() const { return mKey; }          // the input of the trace shown
  QString wantedKey() const { return mWanted; } // the input of the latest request
  // Why the latest request was refused when it was for memory (its trace would not fit under what is available and
  // the settings' cap: MemoryLimit::traceProblem, translated); empty for a probe that does not fit the model.
  QString problem() const { return mProblem; }

  static constexpr double kSyncBudget = 3e7;  // multiply-adds: about 10 ms of one core
  void setSyncBudget(double ops) { mSyncBudget = ops; }
  const BackgroundJob* job() const { return mJob; }

 signals:
  void traced();                    // trace() is new
  void unreadable();                // the latest probe does not fit the model, or its trace the memory: no trace
  void busyChanged(bool busy);
  void progress(int done, int total);
  void cancelled();

 private:
  struct Request {
    gb::Config config;
    std::shared_ptr<const gb::Params<float>> params;
    std::optional<gb::Example> example;  // empty: made from the probe first
    std::optional<gb::ProbeText> probe;
    std::shared_ptr<const gb::Tokenizer> tokenizer;  // the probe's
    QString key;
  };
  void submit(Request r);
  void launch(Request r);
  void take(const Request& r, std::vector<gb::StepRecord> trace);
  void refuse(const Request& r, const QString& problem = {});  // its probe does not fit (or, with a problem, memory)
  void next();                    // the pending request, after the running one ended
  BackgroundJob* mJob;
  QString mProblem;
  double mSyncBudget = kSyncBudget;
  std::optional<Request> mPending;
  QString mRunning;  // the key of the running trace
  QString mWanted;
  std::vector<gb::StepRecord> mTrace;
  gb::Config mConfig;
  gb::Example mExample;
  QString mKey;
};
