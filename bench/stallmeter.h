// The longest time the GUI thread did not turn its event loop, as the GUI benchmarks (gui_stall, gui_throughput)
// measure it: a 1 ms precise timer on the GUI thread; a stall is the gap between two of its ticks minus the 1 ms.
// Also remembers when the worst gap began (ms since start()), so a benchmark can name what ran in it.
#pragma once

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>

struct StallMeter {
  QElapsedTimer clock;
  qint64 last = 0, worst = 0, worstAt = 0;  // µs
  QTimer timer;
  void start() {
    clock.start();
    last = 0;
    worst = 0;
    worstAt = 0;
    timer.setInterval(1);
    timer.setTimerType(Qt::PreciseTimer);
    QObject::disconnect(&timer, nullptr, nullptr, nullptr);
    QObject::connect(&timer, &QTimer::timeout, [this] {
      const qint64 now = clock.nsecsElapsed() / 1000;
      if (now - last - 1000 > worst) {
        worst = now - last - 1000;
        worstAt = last;
      }
      last = now;
    });
    timer.start();
  }
  void stop() { timer.stop(); }
  void reset() {  // a new interval of the same measurement (gui_stall's minutes)
    worst = 0;
    worstAt = 0;
  }
  double worstMs() const { return double(worst) / 1000.0; }
  double worstAtMs() const { return double(worstAt) / 1000.0; }
  double nowMs() const { return double(clock.nsecsElapsed()) / 1e6; }
};
