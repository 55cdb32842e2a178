// handoff.h — a call handed from a worker thread to the thread of a QObject (the GUI thread) through Qt's event
// queue: handoff::post(ctx, f) is QMetaObject::invokeMethod(ctx, f, Qt::QueuedConnection).
//
// Qt guarantees that what the worker wrote before posting is visible to the call. ThreadSanitizer cannot see that
// guarantee when Qt itself is not built with it (Debian's is not: the queue's locks and the thread's wake-up live in
// uninstrumented code), and would report every value a worker hands over as a race. In a ThreadSanitizer build the
// handoff therefore states it: a release before the post, an acquire before the call. Elsewhere nothing is added.
// Every call a worker hands to the GUI thread goes through here (scripts/sanitize.sh tsan checks the rest).
#pragma once

#include <QMetaObject>
#include <QObject>
#include <QThread>

#include <functional>
#include <type_traits>
#include <utility>

#if defined(__SANITIZE_THREAD__)
#define GB_THREAD_SANITIZER 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define GB_THREAD_SANITIZER 1
#endif
#endif

#ifdef GB_THREAD_SANITIZER
#include <sanitizer/tsan_interface.h>
#endif

namespace handoff {

// A happens-before edge between two threads, through a token (an address both sides know).
#ifdef GB_THREAD_SANITIZER
inline void release(const void* token) { __tsan_release(const_cast<void*>(token)); }
inline void acquire(const void* token) { __tsan_acquire(const_cast<void*>(token)); }
#else
inline void release(const void*) {}
inline void acquire(const void*) {}
#endif

// A worker thread that runs fn (started with start(), like any QThread). Not QThread::create: that runs the function
// inside std::call_once (its std::async), where ThreadSanitizer checks nothing the worker does.
class Thread : public QThread {
 public:
  explicit Thread(std::function<void()> fn) : mFn(std::move(fn)) {}

 protected:
  void run() override { mFn(); }

 private:
  std::function<void()> mFn;
};

inline QThread* makeThread(std::function<void()> fn) { return new Thread(std::move(fn)); }

// The last thing a worker thread's function does: what it wrote is then the joiner's to read.
inline void threadEnds() { release(QThread::currentThread()); }

// Waits for a worker thread to end (QThread::wait; the worker ended with threadEnds()).
inline void join(QThread* thread) {
  thread->wait();
  acquire(thread);
}

// The call as Qt's queue holds it. It releases when moved into Qt's slot object (the last thing written on the
// worker's side, after Qt allocated that object), with its own address as the token, and acquires first thing
// when the call runs: each call is ordered after exactly what its worker did before posting it. Qt's slot object is
// reference-counted and may be freed by the worker (when the call has already run): the call releases again when
// it has run, and the destructor acquires.
template <class F>
struct Call {
  F f;
  explicit Call(F fn) : f(std::move(fn)) {}
  Call(Call&& other) noexcept : f(std::move(other.f)) { release(this); }
  Call(const Call&) = delete;
  Call& operator=(const Call&) = delete;
  Call& operator=(Call&&) = delete;
  ~Call() { acquire(this); }
  void operator()() {
    acquire(this);
    f();
    release(this);
  }
};

template <class F>
void post(QObject* ctx, F&& f) {
  QMetaObject::invokeMethod(ctx, Call<std::decay_t<F>>(std::forward<F>(f)), Qt::QueuedConnection);
}

}  // namespace handoff
