// The handoff of a worker's result to the GUI thread (ui/controllers/handoff.h): the call sees everything the worker
// wrote before posting it, the worker's end is joined, and — in a ThreadSanitizer build — what a worker writes
// *after* posting still counts as a race. Run with the argument "race" it does exactly that wrong thing: the
// ThreadSanitizer build registers that run as a test that must fail (tst_handoff_race), which shows that the
// annotations order each call after its own post and no more.
#include "controllers/handoff.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QThread>
#include <QTimer>

#include <atomic>
#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  const bool racy = argc > 1 && QByteArray(argv[1]) == "race";
  QObject gui;
  std::vector<int> result;  // written by the worker, read on the GUI thread
  int late = 0;             // racy: written by the worker after its post
  long seen = 0;
  QEventLoop loop;
  QThread* worker = handoff::makeThread([&] {
    for (int round = 0; round < 50; ++round) {
      result.assign(1000, round);  // not touched again until the GUI thread has taken it (below)
      handoff::post(&gui, [&, round] {
        for (int v : result) seen += v == round;
        if (racy) seen += late;
      });
      if (racy) late = round;
      QThread::msleep(2);
      // the next round writes result again: wait until the GUI thread has read it (through a second handoff)
      std::atomic<bool> taken{false};
      handoff::post(&gui, [&, round] {
        taken = true;
        if (round == 49) loop.quit();
      });
      while (!taken) QThread::msleep(1);
    }
    handoff::threadEnds();
  });
  worker->start();
  QTimer::singleShot(60000, &loop, [&] { loop.exit(1); });
  const int rc = loop.exec();
  handoff::join(worker);
  delete worker;
  std::printf("handoff: %ld of %d values seen%s\n", seen, 50 * 1000, racy ? " (racy run)" : "");
  return rc == 0 && seen >= 50 * 1000 ? 0 : 1;
}
