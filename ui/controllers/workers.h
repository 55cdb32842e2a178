// workers.h — every worker thread of the window in one place: started here, counted here, and never waited for by
// the GUI thread.
//
// A controller that runs long work (training, loading data, decoding, traces) starts it with workers::start: the
// thread runs at nice 10, deletes itself when its function returns, and owns what its function captured — the
// controller keeps nothing the worker needs. Cancelling is the controller's business (a flag the work checks);
// the controller then simply lets go: New, Reset, Build, Open, Quit, a task change never wait for a worker, which
// finishes the step it is in on its own and frees its memory when it ends.
//
// A worker reports to the GUI thread with workers::post(guard, f): f runs on the GUI thread, and only while the
// guard (the controller, a QPointer made on the GUI thread) still lives — a worker may outlive the controller that
// started it. The registry's own object is the queued calls' receiver, so a call is never posted to an object that
// is being deleted.
//
// Only two places wait: the application's shutdown (after the window has closed; a post routine of
// QCoreApplication joins the workers still ending before Qt goes away) and tests (waitForAll, or QTRY on alive()).
#pragma once

#include "handoff.h"

#include <QObject>
#include <QPointer>

#include <functional>

namespace workers {

// The receiver of the workers' queued calls (lives on the GUI thread until every worker has ended), and what a
// worker reports that no controller of its own can show any more.
class Hub : public QObject {
  Q_OBJECT
 signals:
  // Work on a worker failed in a way the window should say (it ran out of memory): a translated message.
  void failed(const QString& message);
};
Hub* hub();

// Says on the GUI thread (through Hub::failed) that work on a worker ran out of memory; what it is for is `what`
// (translated by the caller). Safe from any thread.
void reportOutOfMemory(const QString& what);

// Starts fn on a new worker thread named `name`, at nice 10. GUI thread only.
void start(const char* name, std::function<void()> fn);

// Worker threads started and not yet ended (a cancelled one still finishing its step included). GUI thread only.
int alive();

// f runs on the GUI thread if guard still lives then (queued; safe from any thread).
template <class T, class F>
void post(const QPointer<T>& guard, F&& f) {
  handoff::post(hub(), [guard, f = std::forward<F>(f)]() mutable {
    if (guard) f();
  });
}

// Waits for every worker to end (their owners have cancelled them). Shutdown and tests only: the window never calls
// it while it is shown.
void waitForAll();

}  // namespace workers
