// settle.h — waiting for the window as the tests do: for a condition, never for a fixed time.
#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QWidget>

// Lets the window do what it has queued (replots, relayouts, deferred deletes) and returns w's picture once it no
// longer changes between two turns of the event loop: a rendered frame. (Bounded, so a view that never settles — an
// animation — fails the comparison that follows instead of hanging.)
inline QImage settledFrame(QWidget* w, int maxTurns = 100) {
  QImage last;
  for (int i = 0; i < maxTurns; ++i) {
    QCoreApplication::sendPostedEvents();
    QCoreApplication::processEvents();
    QImage now = w->grab().toImage();
    if (i > 0 && now == last) return now;
    last = std::move(now);
  }
  return last;
}
