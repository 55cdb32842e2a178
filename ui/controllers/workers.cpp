#include "workers.h"

#include "trainingcontroller.h"  // lowerThisThreadsPriority

#include <QCoreApplication>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <vector>

namespace workers {
namespace {

struct Registry {
  struct Worker {
    quint64 id;
    QThread* thread;
  };
  std::vector<Worker> threads;  // GUI thread only
  quint64 next = 1;
};

std::atomic<Hub*> gHub{nullptr};
std::atomic<int> gRunning{0};  // workers whose function has not returned yet (any thread)
Registry gRegistry;  // GUI thread only

void shutdown() {
  Hub* h = gHub.load();
  if (!h) return;
  waitForAll();
  gHub = nullptr;
  delete h;  // its queued calls (to controllers long gone) are dropped with it
}

Hub* theHub() {
  Hub* h = gHub.load();
  if (h) return h;
  // made on the GUI thread by the first start() (before any worker exists, so a worker always finds it)
  Q_ASSERT(QCoreApplication::instance() && QThread::currentThread() == QCoreApplication::instance()->thread());
  h = new Hub;
  h->setObjectName(QStringLiteral("glassbox-workers"));
  gHub = h;
  qAddPostRoutine(shutdown);  // the application's end: the workers still ending are waited for, then Qt goes
  return h;
}

}  // namespace

Hub* hub() { return theHub(); }

void reportOutOfMemory(const QString& what) {
  handoff::post(hub(), [what] {
    emit hub()->failed(QCoreApplication::translate("Workers", "%1 stopped: the machine ran out of memory. Nothing "
                                                              "else changed; choose a smaller model or input.")
                           .arg(what));
  });
}

void start(const char* name, std::function<void()> fn) {
  theHub();
  Registry* h = &gRegistry;
  QThread* thread = handoff::makeThread([fn = std::move(fn)]() mutable {
    lowerThisThreadsPriority();
    fn();
    fn = nullptr;  // what the work captured (a model, a session, a run let go of) is freed here, on the worker
    if (--gRunning == 0) giveBackFreedMemory();  // the last one out: the arenas' free pages go back (off the GUI thread)
    handoff::threadEnds();  // the thread's end (its object is deleted on the GUI thread)
  });
  thread->setObjectName(QString::fromLatin1(name));
  const quint64 id = h->next++;
  h->threads.push_back({id, thread});
  ++gRunning;
  QObject::connect(thread, &QThread::finished, hub(), [h, id] {
    auto& t = h->threads;
    const auto it = std::find_if(t.begin(), t.end(), [id](const Registry::Worker& w) { return w.id == id; });
    if (it == t.end()) return;  // waitForAll took it
    QThread* thread = it->thread;
    t.erase(it);
    handoff::acquire(thread);  // its function ended with threadEnds()
    thread->deleteLater();
  });
  thread->start();
}

int alive() { return int(gRegistry.threads.size()); }

void waitForAll() {
  Registry* h = &gRegistry;
  while (!h->threads.empty()) {
    QThread* t = h->threads.back().thread;
    h->threads.pop_back();
    t->disconnect();
    handoff::join(t);
    delete t;
  }
}

}  // namespace workers
