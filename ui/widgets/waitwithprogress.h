// waitwithprogress.h — long work the window asked for and must wait for (Save, Build, Open of a large model), run
// on a thread of its own while the GUI thread turns its event loop: the window keeps drawing and training goes on;
// its input waits (queued) for half a second, then behind a window-modal progress dialog with Cancel.
#pragma once

#include "core/progress.h"

#include <QString>

#include <functional>

class QWidget;

struct WaitOptions {
  QString label;             // what the dialog says ("Saving model.safetensors…")
  bool cancellable = true;   // Cancel shown; false: the dialog cannot be dismissed, the work runs to its end
  int showAfterMs = 500;     // the dialog appears only for work that takes longer
};

// Runs work(progress) on a worker thread and returns when it has ended. From the Cancel on, progress(...) answers
// false (work should then stop soon and say so in its own result). An exception thrown by work (std::bad_alloc) is
// thrown again here, on the caller's thread. Not re-entrant: while one wait runs, another call returns false at
// once without running its work (isWaiting() tells); otherwise true.
bool waitWithProgress(QWidget* parent, const WaitOptions& options, const std::function<void(const gb::Progress&)>& work);
bool isWaiting();
