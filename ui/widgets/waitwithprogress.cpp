#include "waitwithprogress.h"

#include <QCloseEvent>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QProgressDialog>
#include <QTimer>

#include <atomic>
#include <exception>
#include <memory>
#include <thread>

namespace {
bool gWaiting = false;

// A progress dialog that only Cancel (when there is one) closes: Escape, the window's close button and reject()
// from elsewhere cancel the work instead of leaving it to run behind an unblocked window.
class WaitDialog : public QProgressDialog {
 public:
  WaitDialog(const QString& label, bool cancellable, QWidget* parent)
      : QProgressDialog(label, cancellable ? QCoreApplication::translate("WaitWithProgress", "Cancel") : QString(), 0,
                        1000, parent),
        mCancellable(cancellable) {}
  std::atomic<bool> cancelled{false};
  void reject() override {
    if (mCancellable) cancelled = true;  // the dialog stays until the work has ended
  }

 protected:
  void closeEvent(QCloseEvent* e) override {
    if (mCancellable) cancelled = true;
    e->ignore();
  }

 private:
  bool mCancellable;
};
}  // namespace

bool isWaiting() { return gWaiting; }

bool waitWithProgress(QWidget* parent, const WaitOptions& options, const std::function<void(const gb::Progress&)>& work) {
  if (gWaiting) return false;
  gWaiting = true;
  struct Done {
    ~Done() { gWaiting = false; }
  } done;
  // shared with the worker, which this function joins before it returns
  std::atomic<bool> cancel{false}, ended{false};
  std::atomic<uint64_t> at{0}, total{0};
  std::exception_ptr failure;
  QEventLoop loop;
  std::thread worker([&] {
    const gb::Progress progress = [&](uint64_t d, uint64_t t) {
      at = d;
      total = t;
      return !cancel.load();
    };
    try {
      work(progress);
    } catch (...) {
      failure = std::current_exception();
    }
    ended = true;
    QMetaObject::invokeMethod(&loop, "quit", Qt::QueuedConnection);
  });
  WaitDialog dialog(options.label, options.cancellable, parent);
  dialog.setWindowTitle(options.label);
  dialog.setAccessibleName(options.label);
  dialog.setWindowModality(Qt::WindowModal);
  dialog.setMinimumDuration(1 << 30);  // shown below, not by its own timer
  dialog.setAutoClose(false);
  dialog.setAutoReset(false);
  QObject::connect(&dialog, &QProgressDialog::canceled, &dialog, [&dialog] { dialog.cancelled = true; });
  QElapsedTimer clock;
  clock.start();
  // until the dialog shows, input stays queued (a click now must not start other work); then the dialog takes it
  QTimer wake;  // WaitForMoreEvents returns at the latest with it
  wake.start(25);
  while (!ended.load() && clock.elapsed() < options.showAfterMs)
    loop.processEvents(QEventLoop::ExcludeUserInputEvents | QEventLoop::WaitForMoreEvents);
  wake.stop();
  if (!ended.load()) {
    QTimer pace;
    QObject::connect(&pace, &QTimer::timeout, &dialog, [&] {
      if (dialog.cancelled.load()) cancel = true;
      const uint64_t t = total.load();
      if (t == 0) dialog.setRange(0, 0);  // busy: the work does not say how far it is
      else {
        dialog.setRange(0, 1000);
        dialog.setValue(int(1000 * std::min(at.load(), t) / t));
      }
    });
    pace.start(100);
    dialog.show();
    if (!ended.load()) loop.exec();
    pace.stop();
    dialog.hide();
  }
  worker.join();
  if (failure) std::rethrow_exception(failure);
  return true;
}
