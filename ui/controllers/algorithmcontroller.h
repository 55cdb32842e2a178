// algorithmcontroller.h — the seed's pseudo-code run one line at a time for the Algorithm tab (core Stepper).
//
// Widget-free. start() copies the document's parameters into a Stepper for one example (the probe); next(),
// back(), runToLine() and runToEnd() move through the listing; every change is announced with changed().
// runToLine() and runToEnd() run as many lines as fit in a slice of the event loop's time (kSliceMs); a long run (a
// large model: a line can take tens of milliseconds, the whole listing minutes) goes on in the next turns, with
// progress(), until it arrives or cancel() stops it — the window stays live. A short one has arrived on return.
#pragma once

#include "core/model/stepper.h"
#include "core/text/tokenizer.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>

class AlgorithmController : public QObject {
  Q_OBJECT
 public:
  explicit AlgorithmController(QObject* parent = nullptr);
  // ED: input is z and the target x is <bos> + target (given, or empty). D: x is <bos> + input.
  QString start(const gb::Config& c, const gb::Params<float>& p, const gb::Tokenizer& tok, const QString& input,
                const QString& target);
  bool active() const { return mStepper != nullptr; }
  const gb::Stepper* stepper() const { return mStepper.get(); }
  QStringList sourceTokens() const { return mSource; }
  QStringList targetTokens() const { return mTarget; }
  bool running() const { return mRunning; }  // a runToLine / runToEnd going on over event-loop turns
  static constexpr int kSliceMs = 15;
  void setSliceMs(int ms) { mSliceMs = ms; }  // (tests: 0 runs one line per turn)

 public slots:
  bool next();
  bool back();
  void runToLine(int line);
  void runToEnd();
  // Stops a running runToLine / runToEnd where it is (changed() shows that line). Any other move stops it too.
  void cancel();
  void reset();
  // Ends the run (the document got another model): no stepper until start() again.
  void stop();

 signals:
  void changed();
  void progress(int done, int total);  // lines executed of the program's, while running
  void runningChanged(bool running);

 private:
  void slice(int run);
  bool arrived() const;
  void setRunning(bool r);
  void interrupt();  // a move other than the run's own: the run ends without a changed() of its own
  std::unique_ptr<gb::Stepper> mStepper;
  int mGoal = -1;       // the line a run goes to; −1: the end
  int mRun = 0;         // the current run (a queued slice of an earlier one does nothing)
  bool mRunning = false;
  int mSliceMs = kSliceMs;
  QStringList mSource, mTarget;
};
