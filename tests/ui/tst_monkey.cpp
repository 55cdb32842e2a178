// A monkey in the window (issue 11): random sequences of the workbench's own actions while training runs — every
// button, menu entry (but Quit), field edit with random and absurd values, combo box, slider, tab switch, and
// opening good and hostile files through the window's own functions. After each action the window must be alive
// and responsive: a queued call is delivered within 5 s. A watchdog thread aborts (with the last actions) when the
// GUI thread stops coming back at all.
//
// The actions are found by walking the widget tree and the window's QActions, so new controls are covered without
// changes here. Modal dialogs (message boxes, file dialogs, the Start page) are answered from a timer.
//
// GLASSBOX_MONKEY_SECONDS (default 25), GLASSBOX_MONKEY_SEED (default 11), GLASSBOX_MONKEY_LOG (a file that gets
// every action as it happens; default: none), GLASSBOX_MONKEY_HANG_SECONDS (default 60: the watchdog's limit),
// GLASSBOX_MONKEY_TURN_MS (default 5000: the bound on a turn of the event loop after an action; a hang, not a
// stall — stalls are measured by the benchmarks: at 2000 the fresh-clone suite failed once on a loaded two-core
// machine, Start right after Zoom In with every tensor's gradient norm plotted).
// scripts/monkey.sh runs long ones under AddressSanitizer. A turn that fails prints where the GUI thread was during it
// (stacks sampled once it ran past half the bound).
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "mainwindow.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "resident.h"

#include <QAbstractButton>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFile>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPointer>
#include <qcustomplot.h>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <atomic>
#if defined(__GLIBC__)
#include <execinfo.h>
#include <malloc.h>
#include <pthread.h>
#include <csignal>
#endif
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <mutex>
#include <random>
#include <thread>

namespace {
#if defined(__GLIBC__)
// Where the GUI thread is during a long turn: the watchdog samples its stack (a signal; backtrace() in the handler,
// loaded before the first), the last few are printed when the turn fails. Our own functions appear as the test
// binary's offsets: `addr2line -f -C -e tests/ui/tst_monkey 0x…` names them.
constexpr int kSamples = 4, kSampleDepth = 64;
void* gSample[kSamples][kSampleDepth];
int gSampleDepth[kSamples];
std::atomic<int> gSamples{0};  // taken in this turn
void takeSample(int) {
  const int saved = errno;
  const int n = gSamples.load();
  gSampleDepth[n % kSamples] = backtrace(gSample[n % kSamples], kSampleDepth);
  gSamples.store(n + 1);
  errno = saved;
}
// n: the samples taken in the turn, counted when it ended (a signal already on its way lands later)
void printSamples(int n) {
  for (int i = std::max(0, n - kSamples); i < n; ++i) {
    std::fprintf(stderr, "monkey: the GUI thread's stack, sample %d of the turn:\n", i + 1);
    backtrace_symbols_fd(gSample[i % kSamples], gSampleDepth[i % kSamples], 2);
  }
}
#endif

// Where resident memory is, beside the number: the process's threads and what malloc holds in use and keeps free
// (a rise of free-but-kept memory is fragmentation, a rise in use something held).
QString memoryDetail() {
  QString detail;
  QFile status(QStringLiteral("/proc/self/status"));
  if (status.open(QIODevice::ReadOnly))
    for (const QByteArray& line : status.readAll().split('\n'))
      if (line.startsWith("Threads:")) detail += QStringLiteral(", %1 threads").arg(line.mid(8).trimmed().toInt());
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  const struct mallinfo2 m = mallinfo2();
  detail += QStringLiteral(", malloc in use %1 MB, free %2 MB, mapped %3 MB")
                .arg(qlonglong((m.uordblks + m.hblkhd) >> 20))
                .arg(qlonglong(m.fordblks >> 20))
                .arg(qlonglong(m.hblkhd >> 20));
#endif
  return detail;
}


int envInt(const char* name, int fallback) {
  const QByteArray v = qgetenv(name);
  bool ok = false;
  const int n = v.toInt(&ok);
  return ok ? n : fallback;
}

// The last actions, for the report of a failure (the watchdog reads them from its thread).
class Journal {
 public:
  explicit Journal(const QString& logPath) {
    if (!logPath.isEmpty()) mLog = std::fopen(logPath.toLocal8Bit().constData(), "w");
  }
  ~Journal() {
    if (mLog) std::fclose(mLog);
  }
  void add(const QString& line) {
    const std::string s = line.toStdString();
    std::lock_guard<std::mutex> lock(mMutex);
    mLast.push_back(s);
    if (mLast.size() > 40) mLast.pop_front();
    if (mLog) {
      std::fprintf(mLog, "%s\n", s.c_str());
      std::fflush(mLog);
    }
  }
  void dump() {
    std::lock_guard<std::mutex> lock(mMutex);
    std::fprintf(stderr, "monkey: the last %zu actions:\n", mLast.size());
    for (const auto& s : mLast) std::fprintf(stderr, "  %s\n", s.c_str());
    std::fflush(stderr);
  }

 private:
  std::mutex mMutex;
  std::deque<std::string> mLast;
  std::FILE* mLog = nullptr;
};

QString describe(const QObject* o) {
  QString name;
  if (auto* w = qobject_cast<const QWidget*>(o)) name = w->accessibleName();
  if (name.isEmpty()) {
    if (auto* b = qobject_cast<const QAbstractButton*>(o)) name = b->text();
    else if (auto* a = qobject_cast<const QAction*>(o)) name = a->text();
  }
  return QStringLiteral("%1 '%2' (%3)").arg(QString::fromLatin1(o->metaObject()->className()), name, o->objectName());
}

}  // namespace

class TestMonkey : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QApplication::setAttribute(Qt::AA_DontUseNativeDialogs);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_monkey"));
    QSettings().clear();
    // the settings' memory cap for this run (GLASSBOX_MONKEY_CAP_MB, MB), as a user sets [limits] memoryMB
    if (const int cap = envInt("GLASSBOX_MONKEY_CAP_MB", 0); cap > 0) QSettings().setValue("limits/memoryMB", cap);
  }

  void monkey() {
    const int seconds = envInt("GLASSBOX_MONKEY_SECONDS", 25);
    const unsigned seed = unsigned(envInt("GLASSBOX_MONKEY_SEED", 11));
    const int hangSeconds = envInt("GLASSBOX_MONKEY_HANG_SECONDS", 60);
    const int turnMs = envInt("GLASSBOX_MONKEY_TURN_MS", 5000);  // sanitizer builds are many times slower
    Journal journal(qEnvironmentVariable("GLASSBOX_MONKEY_LOG"));
    std::mt19937 rng(seed);
    auto uniform = [&rng](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    MainWindow w;
    w.resize(1024, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));

    // the files the monkey opens: good ones and hostile ones
    QVERIFY(w.modelPanel()->buildButton()->isEnabled());
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    const QString good = dir.filePath(QStringLiteral("good.safetensors"));
    QVERIFY(w.saveAs(good));
    QFile goodFile(good);
    QVERIFY(goodFile.open(QIODevice::ReadOnly));
    const QByteArray bytes = goodFile.readAll();
    auto write = [&](const QString& name, const QByteArray& data) {
      QFile f(dir.filePath(name));
      if (f.open(QIODevice::WriteOnly)) f.write(data);
      return dir.filePath(name);
    };
    QByteArray garbage(4096, '\0');
    for (char& c : garbage) c = char(uniform(0, 255));
    QByteArray hugeHeader(8, '\xff');
    hugeHeader += "{}";
    QByteArray flipped = bytes;
    for (int i = 0; i < 40 && !flipped.isEmpty(); ++i) flipped[uniform(0, int(flipped.size()) - 1)] = char(uniform(0, 255));
    const QStringList modelFiles = {
        good,
        write(QStringLiteral("truncated.safetensors"), bytes.left(bytes.size() / 2)),
        write(QStringLiteral("header-only.safetensors"), bytes.left(12)),
        write(QStringLiteral("garbage.safetensors"), garbage),
        write(QStringLiteral("huge-header.safetensors"), hugeHeader),
        write(QStringLiteral("flipped.safetensors"), flipped),
        write(QStringLiteral("empty.safetensors"), {}),
        write(QStringLiteral("text.glassbox-lesson"), "{\"beats\": [{\"tab\": 99}], \"title\": 5}"),
        dir.filePath(QStringLiteral("missing.safetensors")),
    };
    QByteArray longLine(200000, 'a');
    const QStringList dataFiles = {
        write(QStringLiteral("good.tsv"), "abc\tcba\nhello\tolleh\nxyz\tzyx\n"),
        write(QStringLiteral("malformed.tsv"), "abc\tcba\nno tab here\n\t\nx\ty\tz\n\"open quote\tq\n"),
        write(QStringLiteral("binary.tsv"), garbage),
        write(QStringLiteral("long.tsv"), longLine + "\t" + longLine + "\n"),
        write(QStringLiteral("empty.tsv"), {}),
        write(QStringLiteral("pairs.csv"), "a,b\n\"x,y\",z\n,\n"),
        write(QStringLiteral("bad.jsonl"), "{\"x\": [1, 2, 3]}\n{not json\n{\"x\": [-5, 1e40]}\n[]\n"),
        write(QStringLiteral("ids.jsonl"), "{\"x\": [1, 99999999, 2]}\n{\"z\": [], \"x\": []}\n"),
        write(QStringLiteral("text.txt"), "the quick brown fox jumps over the lazy dog. " + QByteArray(3000, 'x')),
        write(QStringLiteral("latin1.txt"), "caf\xe9 na\xefve\n"),
        dir.filePath(QStringLiteral("missing.tsv")),
    };
    const QStringList absurd = {QString(), QStringLiteral("-1"), QStringLiteral("-999999999"), QStringLiteral("0"),
                                QStringLiteral("1"), QStringLiteral("3"), QStringLiteral("1e308"),
                                QStringLiteral("nan"), QStringLiteral("inf"), QStringLiteral("abc"),
                                QStringLiteral("99999999999999999999"), QStringLiteral("☃ über"),
                                QStringLiteral("<bos><eos>"), QString(3000, QLatin1Char('z')),
                                QStringLiteral("hello world"), QStringLiteral("0.5"), QStringLiteral("-0.0001")};

    // training runs while the monkey plays
    QVERIFY(w.trainingPanel()->startButton()->isEnabled());
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);

    // modal dialogs are answered: a message box with one of its buttons, any other dialog is rejected
    QTimer answer;
    answer.setInterval(60);
    connect(&answer, &QTimer::timeout, this, [&] {
      if (QWidget* popup = QApplication::activePopupWidget()) popup->close();
      QWidget* modal = QApplication::activeModalWidget();
      if (!modal) return;
      journal.add(QStringLiteral("   answer %1").arg(describe(modal)));
      if (auto* box = qobject_cast<QMessageBox*>(modal)) {
        const auto buttons = box->buttons();
        if (!buttons.isEmpty() && uniform(0, 2) > 0) {
          buttons[uniform(0, int(buttons.size()) - 1)]->click();
          return;
        }
      }
      if (auto* d = qobject_cast<QDialog*>(modal)) d->reject();
      else modal->close();
    });
    answer.start();

    // the watchdog: the GUI thread must come back
    std::atomic<qint64> heartbeat{0};
    std::atomic<qint64> turnStarted{-1};  // when the action in progress began (-1: none)
    std::atomic<bool> done{false};
    QElapsedTimer clock;
    clock.start();
#if defined(__GLIBC__)
    const pthread_t gui = pthread_self();
    {
      void* warm[2];
      backtrace(warm, 2);  // (its first call loads libgcc: not inside a signal handler)
    }
    struct sigaction sample {};
    sample.sa_handler = takeSample;
    sample.sa_flags = SA_RESTART;
    sigemptyset(&sample.sa_mask);
    sigaction(SIGUSR2, &sample, nullptr);
#endif
    std::thread watchdog([&] {
      qint64 sampled = 0;
      while (!done.load()) {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
#if defined(__GLIBC__)
        const qint64 began = turnStarted.load(), now = clock.elapsed();
        if (began >= 0 && now - began > turnMs / 2 && now - sampled >= 150) {  // a turn running long
          sampled = now;
          pthread_kill(gui, SIGUSR2);
        }
#endif
        if (clock.elapsed() - heartbeat.load() > qint64(hangSeconds) * 1000) {
          std::fprintf(stderr, "monkey: HANG — the GUI thread did not come back for %d s (seed %u)\n", hangSeconds, seed);
          journal.dump();
#if defined(__GLIBC__)
          printSamples(gSamples.load());  // where it was (sampled on this thread's signals)
#endif
          std::abort();
        }
      }
    });
    struct StopWatchdog {  // also when a check fails and the function returns early
      std::atomic<bool>& done;
      std::thread& thread;
      ~StopWatchdog() {
        done = true;
        if (thread.joinable()) thread.join();
      }
    } stopWatchdog{done, watchdog};

    int actions = 0, slow = 0;
    qint64 longest = 0;
    QString longestAction;
    // resident memory after each action: logged when it moved by 32 MB or more, its peak reported (and, with
    // GLASSBOX_MONKEY_RSS_MB set, a bound: the settings' cap must hold on every path the monkey reaches)
    const long long rssBound = envInt("GLASSBOX_MONKEY_RSS_MB", 0);
    long long rssLogged = residentMB(), rssPeak = rssLogged;
    QString rssPeakAction = QStringLiteral("the start");
    while (clock.elapsed() < qint64(seconds) * 1000) {
      heartbeat = clock.elapsed();
      turnStarted = -1;
      // what there is to do now: the visible, enabled controls of the window and its actions
      std::vector<QPointer<QObject>> targets, actionTargets;
      for (QWidget* c : w.findChildren<QWidget*>()) {
        if (!c->isVisible() || !c->isEnabled()) continue;
        if (qobject_cast<QAbstractButton*>(c) || qobject_cast<QAbstractSpinBox*>(c) || qobject_cast<QComboBox*>(c) ||
            qobject_cast<QAbstractSlider*>(c) || qobject_cast<QTabWidget*>(c) ||
            (qobject_cast<QLineEdit*>(c) && !qobject_cast<QAbstractSpinBox*>(c->parentWidget()) &&
             !qobject_cast<QComboBox*>(c->parentWidget())))
          targets.push_back(c);
      }
      for (QAction* a : w.findChildren<QAction*>()) {
        if (a->isSeparator() || !a->isEnabled() || a->menu() || a->text().isEmpty()) continue;
        if (a->objectName() == QLatin1String("quitAction")) continue;  // (in German too: View → Language is an action)
        actionTargets.push_back(a);
      }
      // menu entries and context-menu actions are many; the controls get two picks in three
      if (actionTargets.size() > 0 && (targets.empty() || uniform(0, 2) == 0)) targets = actionTargets;
      const int kind = uniform(0, 99);
      QString what;
      QElapsedTimer took;
      took.start();
#if defined(__GLIBC__)
      gSamples = 0;
#endif
      turnStarted = clock.elapsed();
      if (kind < 4) {  // open a model file, good or hostile
        const QString path = modelFiles[uniform(0, int(modelFiles.size()) - 1)];
        what = QStringLiteral("openFile %1").arg(QFileInfo(path).fileName());
        journal.add(what);
        w.openFile(path);
      } else if (kind < 8) {  // open a data file
        const QString path = dataFiles[uniform(0, int(dataFiles.size()) - 1)];
        what = QStringLiteral("loadFile %1").arg(QFileInfo(path).fileName());
        journal.add(what);
        w.dataPanel()->loadFile(path);
      } else if (kind < 12) {  // keep training going
        what = QStringLiteral("start training");
        journal.add(what);
        if (w.trainingPanel()->startButton()->isEnabled()) w.trainingPanel()->startButton()->click();
      } else if (!targets.empty()) {
        QObject* t = targets[size_t(uniform(0, int(targets.size()) - 1))];
        what = describe(t);
        if (auto* a = qobject_cast<QAction*>(t)) {
          what = QStringLiteral("trigger ") + what;
          journal.add(what);
          a->trigger();
        } else if (auto* sb = qobject_cast<QSpinBox*>(t)) {
          const int mode = uniform(0, 3);
          if (mode == 0) {
            const QString text = absurd[uniform(0, int(absurd.size()) - 1)].left(40);
            what = QStringLiteral("type '%1' into %2").arg(text, what);
            journal.add(what);
            sb->findChild<QLineEdit*>()->setText(text);
            QTest::keyClick(sb, Qt::Key_Return);
            sb->clearFocus();  // editingFinished
          } else {
            const int v = mode == 1 ? sb->minimum() : mode == 2 ? sb->maximum()
                                                                : sb->minimum() + uniform(0, std::min(1000, sb->maximum() - sb->minimum()));
            what = QStringLiteral("set %1 to %2").arg(what).arg(v);
            journal.add(what);
            sb->setValue(v);
          }
        } else if (auto* ds = qobject_cast<QDoubleSpinBox*>(t)) {
          const int mode = uniform(0, 3);
          if (mode == 0) {
            const QString text = absurd[uniform(0, int(absurd.size()) - 1)].left(40);
            what = QStringLiteral("type '%1' into %2").arg(text, what);
            journal.add(what);
            ds->findChild<QLineEdit*>()->setText(text);
            QTest::keyClick(ds, Qt::Key_Return);
            ds->clearFocus();
          } else {
            const double v = mode == 1 ? ds->minimum() : mode == 2 ? ds->maximum()
                                                                   : ds->minimum() + (ds->maximum() - ds->minimum()) * uniform(0, 1000) / 1000.0;
            what = QStringLiteral("set %1 to %2").arg(what).arg(v);
            journal.add(what);
            ds->setValue(v);
          }
        } else if (auto* sp = qobject_cast<QAbstractSpinBox*>(t)) {
          what = QStringLiteral("step %1").arg(what);
          journal.add(what);
          sp->stepBy(uniform(-3, 3));
        } else if (auto* cb = qobject_cast<QComboBox*>(t)) {
          if (cb->isEditable() && uniform(0, 1) == 0) {
            const QString text = absurd[uniform(0, int(absurd.size()) - 1)];
            what = QStringLiteral("edit %1 to '%2'").arg(what, text.left(40));
            journal.add(what);
            cb->setCurrentText(text);
            if (cb->lineEdit()) emit cb->lineEdit()->editingFinished();
          } else if (cb->count() > 0) {
            const int i = uniform(0, cb->count() - 1);
            what = QStringLiteral("choose %1 in %2").arg(i).arg(what);
            journal.add(what);
            cb->setCurrentIndex(i);
          }
        } else if (auto* sl = qobject_cast<QAbstractSlider*>(t)) {
          const int v = uniform(sl->minimum(), sl->maximum());
          what = QStringLiteral("move %1 to %2").arg(what).arg(v);
          journal.add(what);
          sl->setValue(v);
        } else if (auto* tabs = qobject_cast<QTabWidget*>(t)) {
          const int i = uniform(0, std::max(0, tabs->count() - 1));
          what = QStringLiteral("tab %1 of %2").arg(i).arg(what);
          journal.add(what);
          tabs->setCurrentIndex(i);
        } else if (auto* le = qobject_cast<QLineEdit*>(t)) {
          const QString text = absurd[uniform(0, int(absurd.size()) - 1)];
          what = QStringLiteral("edit %1 to '%2'").arg(what, text.left(40));
          journal.add(what);
          le->setText(text);
          emit le->editingFinished();
          emit le->returnPressed();
        } else if (auto* b = qobject_cast<QAbstractButton*>(t)) {
          what = QStringLiteral("click ") + what;
          journal.add(what);
          b->click();
        }
      }
      if (what.isEmpty()) continue;
      ++actions;
      // alive and responsive: a queued call comes back within turnMs
      bool delivered = false;
      QElapsedTimer turn;
      turn.start();
      QMetaObject::invokeMethod(this, [&delivered] { delivered = true; }, Qt::QueuedConnection);
      while (!delivered && turn.elapsed() < turnMs) QCoreApplication::processEvents(QEventLoop::AllEvents, 20);
      turnStarted = -1;
#if defined(__GLIBC__)
      const int sampled = gSamples.load();
#endif
      if (!delivered || turn.elapsed() > turnMs) {
        journal.dump();
#if defined(__GLIBC__)
        printSamples(sampled);
#endif
        // which plots drew slowly (a stall inside a replot names no widget on the stack)
        for (QCustomPlot* p : w.findChildren<QCustomPlot*>()) {
          if (p->replotTime() < 200) continue;
          qsizetype points = 0;
          for (int g = 0; g < p->graphCount(); ++g) points += p->graph(g)->dataCount();
          qWarning("monkey: slow plot '%s' (%s): last replot %.0f ms, %d graphs, %lld points, %d plottables",
                   qPrintable(p->objectName()), qPrintable(p->accessibleName()), p->replotTime(), p->graphCount(),
                   qlonglong(points), p->plottableCount());
        }
        QFAIL(qPrintable(QStringLiteral("the window did not turn its event loop within %1 ms after: %2 (seed %3, action %4)")
                             .arg(turnMs).arg(what).arg(seed).arg(actions)));
      }
      if (took.elapsed() > longest) {
        longest = took.elapsed();
        longestAction = what;
      }
      if (took.elapsed() > 2000) ++slow;
      const long long rss = residentMB();
      if (rss >= rssLogged + 32 || rss <= rssLogged - 32) {
        journal.add(QStringLiteral("   rss %1 MB%2").arg(rss).arg(memoryDetail()));
        rssLogged = rss;
      }
      if (rss > rssPeak) {
        rssPeak = rss;
        rssPeakAction = what;
      }
      if (rssBound > 0 && rss > rssBound) {
        journal.dump();
        QFAIL(qPrintable(QStringLiteral("resident memory %1 MB after: %2, over the bound of %3 MB (seed %4, action %5)")
                             .arg(rss).arg(what).arg(rssBound).arg(seed).arg(actions)));
      }
      // the window is still itself
      QVERIFY(w.isVisible() || w.isPresenting());
    }
    done = true;
    watchdog.join();
    answer.stop();
    w.trainer()->reset();
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    std::printf("monkey: %d actions in %d s, seed %u; crashes 0, hangs 0; the longest action took %lld ms (%s); "
                "%d took over 2 s; resident memory at most %lld MB (after %s), %lld MB at the end\n",
                actions, seconds, seed, static_cast<long long>(longest), qPrintable(longestAction), slow, rssPeak,
                qPrintable(rssPeakAction), residentMB());
    std::fflush(stdout);
    QVERIFY(actions > 20);
  }
};

QTEST_MAIN(TestMonkey)
#include "tst_monkey.moc"
