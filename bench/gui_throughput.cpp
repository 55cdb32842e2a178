// glassbox-gui-throughput — how much slower the window trains than the core alone (issue 16), and what the GUI
// thread spends its time on meanwhile.
//
// One process, in this order:
//   1. the window's first paint (first_paint_ms: from the process's start, /proc/self/stat, to the first paint event
//      of any widget of the main window);
//   2. config M (decoder-only, L 4, H 4, d_e 128, d_mlp 512, ℓ_max 64, batch 16; the Training dock's AdamW run with
//      its validation ten times a run) trained for --steps steps in the real window with the Attention tab visible,
//      first with the stall meter (max_stall_ms: the longest gap of a 1 ms PreciseTimer on the GUI thread, minus
//      1 ms; this first, cold run also gives the --profile table); the meter wakes the GUI thread a thousand times a
//      second, an instrument the window does not have, so the times come from runs without it:
//   3. in turn, twice each: the same steps through the core alone (gb::plan_training + gb::Trainer with the very
//      options, data, initial parameters, seed and thread count the window used, and gb::evaluate at the same steps on
//      the same validation examples), and the window again (the model built again: the same initial parameters,
//      checked). gui_s and core_s are the faster of each pair (from the Start click to the state Finished, and the
//      core's loop), gui_thread_cpu the GUI thread's CPU time over that window run's wall time; the losses of all
//      five runs are compared step by step (same_losses);
//   4. the Decoding tab at |V| ≈ 8000 (a word-level tokenizer over a generated text of ~8000 distinct words): its
//      temperature slider set to many values in turn; a frame counts only when the chart has replotted with the
//      q of the slider's value (checked against the controller's preview, which is the core's sampling_distribution)
//      and then painted (slider_fps).
// The last line printed is one JSON object. With --profile the GUI thread's events during training are timed by
// receiver and kind (QApplication::notify), and a table is printed before the JSON.
//   xvfb-run -a -s "-screen 0 1280x800x24" build/bench/glassbox-gui-throughput [--steps 300] [--data FILE]
//       [--tokenizer char|word|bpe] [--profile] [--slider-frames 200]
// Without --data it writes a text of pseudo-words (62 letters and digits, |V| = 64 + 4 specials), as gui_stall does.
#include "controllers/dataloader.h"
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/tracecontroller.h"
#include "controllers/trainingcontroller.h"
#include "mainwindow.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"

#include "core/train/trainer.h"

#include <QApplication>
#include <QComboBox>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <qcustomplot.h>

#include "stallmeter.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <time.h>
#include <unistd.h>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace {

double threadCpuS() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return double(ts.tv_sec) + double(ts.tv_nsec) / 1e9;
}

// Milliseconds since the process started: /proc/self/stat's starttime (clock ticks after boot) against
// CLOCK_BOOTTIME. Resolution: one clock tick (10 ms).
double msSinceProcessStart() {
  QFile f(QStringLiteral("/proc/self/stat"));
  if (!f.open(QIODevice::ReadOnly)) return -1;
  const QByteArray s = f.readAll();
  const qsizetype close = s.lastIndexOf(')');
  if (close < 0) return -1;
  const QList<QByteArray> fields = s.mid(close + 2).split(' ');  // field 3 (state) is fields[0]
  if (fields.size() < 20) return -1;
  const double start = double(fields[19].toLongLong()) / double(sysconf(_SC_CLK_TCK));  // field 22
  timespec ts{};
  clock_gettime(CLOCK_BOOTTIME, &ts);
  return (double(ts.tv_sec) + double(ts.tv_nsec) / 1e9 - start) * 1000.0;
}

// Times every event the GUI thread delivers (outermost only: nested sends are inside their parent's time), keyed by
// the receiver's class (and its parent's, for timers and plots), the event's type, and — for the queued reports of
// the TrainingController — the signal the report emitted.
class ProfilingApp : public QApplication {
 public:
  using QApplication::QApplication;
  bool profiling = false;
  const char* lastSignal = nullptr;  // set by a connection made last to each of the controller's signals
  struct Stat {
    int calls = 0;
    double totalMs = 0, maxMs = 0;
  };
  std::map<std::string, Stat> stats;
  std::map<std::string, Stat> paints;  // paint events at any depth, by widget class (inclusive)
  int depth = 0;
  // outermost events of 4 ms or more, when they began on the stall meter's clock: what ran in the longest stall
  struct Slow {
    double atMs, ms;
    std::string what;
  };
  std::vector<Slow> slow;
  const StallMeter* meter = nullptr;

  bool notify(QObject* receiver, QEvent* e) override {
    if (!profiling || QThread::currentThread() != thread()) return QApplication::notify(receiver, e);
    // the receiver may be deleted by its event (DeferredDelete): names are taken before
    const bool paint = e->type() == QEvent::Paint;
    const std::string paintKey = paint ? receiver->metaObject()->className() : std::string();
    const std::string k = depth == 0 ? key(receiver, e) : std::string();
    QElapsedTimer t;
    t.start();
    if (depth == 0) lastSignal = nullptr;
    const double at = meter ? meter->nowMs() : 0;
    ++depth;
    const bool r = QApplication::notify(receiver, e);
    --depth;
    const double ms = double(t.nsecsElapsed()) / 1e6;
    if (paint) add(paints, paintKey, ms);
    if (depth == 0) {
      const std::string what = lastSignal ? k + " → " + lastSignal : k;
      add(stats, what, ms);
      if (ms >= 4) slow.push_back({at, ms, what});
    }
    return r;
  }

 private:
  static void add(std::map<std::string, Stat>& m, const std::string& k, double ms) {
    Stat& s = m[k];
    ++s.calls;
    s.totalMs += ms;
    s.maxMs = std::max(s.maxMs, ms);
  }
  std::string key(QObject* receiver, QEvent* e) const {
    std::string k = receiver->metaObject()->className();
    if (QObject* p = receiver->parent()) k += std::string(" (in ") + p->metaObject()->className() + ")";
    if (!receiver->objectName().isEmpty()) k += " \"" + receiver->objectName().toStdString() + "\"";
    k += " ";
    switch (e->type()) {
      case QEvent::MetaCall: k += "MetaCall"; break;
      case QEvent::Timer: k += "Timer"; break;
      case QEvent::UpdateRequest: k += "UpdateRequest"; break;
      case QEvent::LayoutRequest: k += "LayoutRequest"; break;
      case QEvent::Paint: k += "Paint"; break;
      default: k += "event " + std::to_string(int(e->type()));
    }
    return k;
  }
};

// The first paint of any widget of the main window.
class FirstPaint : public QObject {
 public:
  double ms = -1, mainMs = -1;
  QElapsedTimer* sinceMain = nullptr;
  bool eventFilter(QObject* o, QEvent* e) override {
    if (ms < 0 && e->type() == QEvent::Paint && o->isWidgetType()) {
      QWidget* top = static_cast<QWidget*>(o)->window();
      if (top && qobject_cast<MainWindow*>(top)) {
        ms = msSinceProcessStart();
        mainMs = double(sinceMain->nsecsElapsed()) / 1e6;
      }
    }
    return false;
  }
};

QString writeText(const QString& path, bool words) {
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly)) return {};
  std::mt19937 rng(7);
  QByteArray text;
  if (!words) {  // gui_stall's text: pseudo-words over 62 letters and digits, space and newline
    const char* alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    while (text.size() < 400000) {
      const int len = 2 + int(rng() % 8);
      for (int k = 0; k < len; ++k) text += alphabet[rng() % 62];
      text += (rng() % 12 == 0) ? '\n' : ' ';
    }
  } else {  // ~5500 distinct lower-case words, each used at least once, then a Zipf-like stream of them
    const char* letters = "abcdefghijklmnopqrstuvwxyz";
    std::vector<QByteArray> vocab;
    std::set<QByteArray> seen;
    while (vocab.size() < 5500) {  // with a word at a line's end counted apart: |V| ≈ 8000
      QByteArray w;
      const int len = 3 + int(rng() % 7);
      for (int k = 0; k < len; ++k) w += letters[rng() % 26];
      if (seen.insert(w).second) vocab.push_back(w);
    }
    std::vector<size_t> order;
    for (size_t i = 0; i < vocab.size(); ++i) order.push_back(i);
    std::shuffle(order.begin(), order.end(), rng);
    size_t n = 0;
    auto put = [&](size_t i) {
      text += vocab[i];
      text += (++n % 14 == 0) ? '\n' : ' ';
    };
    for (size_t i : order) put(i);
    for (size_t k = 0; k < 60000; ++k) put(std::min(vocab.size() - 1, size_t(std::pow(double(rng() % 100000) + 1, 0.745))));
  }
  f.write(text);
  return path;
}

bool loadData(MainWindow& w, const QString& path, const QString& tokenizer) {
  if (!tokenizer.isEmpty())
    w.dataPanel()->tokenizerBox()->setCurrentIndex(w.dataPanel()->tokenizerBox()->findData(tokenizer));
  w.dataPanel()->loadFile(path);
  QEventLoop loop;
  QObject::connect(w.dataPanel()->loader(), &DataLoader::finished, &loop, &QEventLoop::quit);
  if (w.dataPanel()->loader()->isRunning()) loop.exec();
  QCoreApplication::processEvents();
  return w.document()->hasData();
}

// Config M on the loaded data (its vocabulary), as gui_stall builds it.
bool buildConfigM(MainWindow& w) {
  ModelPanel* mp = w.modelPanel();
  mp->maxLenBox()->setValue(64);
  mp->presetBox()->setCurrentIndex(2);  // Medium: L 3 … then the sizes of config M
  mp->headsBox()->setValue(4);
  mp->dModelBox()->setValue(128);
  mp->buildButton()->click();
  if (!w.document()->hasModel()) return false;
  gb::Config c = w.document()->config();
  c.dec_layers = 4;
  c.d_mlp = 512;
  return w.document()->build(c, 0).isEmpty();
}

bool sameParams(const gb::Config& c, const gb::Params<float>& a, const gb::Params<float>& b) {
  auto x = gb::tensor_list(c, const_cast<gb::Params<float>&>(a));  // read only
  auto y = gb::tensor_list(c, const_cast<gb::Params<float>&>(b));
  if (x.size() != y.size()) return false;
  for (size_t i = 0; i < x.size(); ++i)
    if (x[i].size() != y[i].size() || !std::equal(x[i].data, x[i].data + x[i].size(), y[i].data)) return false;
  return true;
}

int tabIndexOf(MainWindow& w, QWidget* panel) {
  for (int i = 0; i < w.tabs()->count(); ++i)
    if (w.tabs()->widget(i)->isAncestorOf(panel)) return i;
  return -1;
}

}  // namespace

int main(int argc, char** argv) {
  QElapsedTimer sinceMain;
  sinceMain.start();
  keepTheResidentSetFlat();  // as the window's main() does
  ProfilingApp app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("GlassboxBench"));
  QApplication::setApplicationName(QStringLiteral("gui-throughput"));
  QString data, tokenizer;
  int steps = 300, sliderFrames = 200;
  const QStringList args = app.arguments();
  for (int i = 1; i + 1 < args.size(); ++i) {
    if (args[i] == QLatin1String("--data")) data = args[i + 1];
    if (args[i] == QLatin1String("--steps")) steps = std::max(1, args[i + 1].toInt());
    if (args[i] == QLatin1String("--tokenizer")) tokenizer = args[i + 1];
    if (args[i] == QLatin1String("--slider-frames")) sliderFrames = std::max(1, args[i + 1].toInt());
  }
  const bool profile = args.contains(QStringLiteral("--profile"));
  QTemporaryDir tmp;
  if (data.isEmpty()) data = writeText(tmp.filePath(QStringLiteral("text.txt")), false);
  if (data.isEmpty()) return 1;

  FirstPaint firstPaint;
  firstPaint.sinceMain = &sinceMain;
  app.installEventFilter(&firstPaint);
  MainWindow w;
  w.resize(1280, 800);
  w.show();
  auto* att = w.findChild<AttentionPanel*>(QStringLiteral("attentionTab"));
  w.tabs()->setCurrentIndex(tabIndexOf(w, att));
  {
    QElapsedTimer wait;
    wait.start();
    while (firstPaint.ms < 0 && wait.elapsed() < 10000) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
  }
  app.removeEventFilter(&firstPaint);

  // 1. the training run in the window
  w.modelPanel()->variantBox()->setCurrentIndex(1);  // decoder-only
  if (!loadData(w, data, tokenizer)) {
    std::fprintf(stderr, "could not load %s\n", qPrintable(data));
    return 1;
  }
  if (!buildConfigM(w)) {
    std::fprintf(stderr, "build failed\n");
    return 1;
  }
  att->probeBox()->setCurrentText(QStringLiteral("the quick brown fox jumps over the lazy dog and the cat sat on a mat"));
  TrainingPanel* tp = w.trainingPanel();
  tp->stepsBox()->setValue(steps);
  tp->batchBox()->setValue(16);
  const gb::Config config = w.document()->config();
  const gb::Params<float> initial = w.document()->params();
  const std::vector<gb::Example> train = w.document()->data().train;
  const auto& allVal = w.document()->data().val;  // what TrainingController::prepareRun validates on
  const std::vector<gb::Example> val(allVal.begin(), allVal.begin() + long(std::min<size_t>(allVal.size(), 512)));

  TrainingController* ctl = w.trainer();
  QObject::connect(ctl, &TrainingController::paramsPublished, &app, [&app] { app.lastSignal = "paramsPublished"; });
  QObject::connect(ctl, &TrainingController::stepped, &app, [&app] { app.lastSignal = "stepped"; });
  QObject::connect(ctl, &TrainingController::validated, &app, [&app] { app.lastSignal = "validated"; });
  QObject::connect(ctl, &TrainingController::stateChanged, &app, [&app] { app.lastSignal = "stateChanged"; });

  // One run in the window, from the Start click to Finished. With the stall meter (and the profile) or without:
  // the meter's 1 ms timer wakes the GUI thread a thousand times a second — an instrument the window does not have,
  // which takes 1–2 % of a core from the training threads — so the wall time and CPU share come from a run without it.
  struct WindowRun {
    double s = 0, cpu = 0, stallMs = 0;
    std::vector<double> losses;
    std::optional<gb::TrainingState> state;
  };
  StallMeter meter;
  auto trainInWindow = [&](bool measureStalls) -> std::optional<WindowRun> {
    {  // the probe's attention is on screen before Start, as a lecturer would see it (its trace runs on the worker)
      QElapsedTimer wait;
      wait.start();
      while ((att->tracer()->busy() || !att->tracer()->hasTrace() ||
              att->tracer()->key() != att->tracer()->wantedKey()) && wait.elapsed() < 30000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
      // and drawn: the maps that just appeared settle their layout and paint (half a second; a lecturer clicks Start
      // later than that)
      wait.restart();
      while (wait.elapsed() < 500) QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    WindowRun r;
    if (measureStalls) {
      meter.start();
      app.meter = &meter;
      app.profiling = profile;
    }
    QElapsedTimer clock;
    const double cpu0 = threadCpuS();
    clock.start();
    {
      QEventLoop loop;
      QObject::connect(ctl, &TrainingController::stateChanged, &loop, [&](TrainingController::State st) {
        if (st == TrainingController::State::Finished) loop.quit();
      });
      const double clickAt = meter.nowMs();
      tp->startButton()->click();  // not through notify(): timed here
      if (measureStalls && profile)
        app.slow.push_back({clickAt, meter.nowMs() - clickAt, "the Start button's click (called directly)"});
      loop.exec();
    }
    r.s = double(clock.nsecsElapsed()) / 1e9;
    r.cpu = (threadCpuS() - cpu0) / r.s;
    if (measureStalls) {
      app.profiling = false;
      meter.stop();
      r.stallMs = meter.worstMs();
    }
    QCoreApplication::processEvents();
    const int guiSteps = ctl->stepsDone();
    {  // the finished run hands its state over to the document (TrainingPanel::takeHandedBack, queued)
      QElapsedTimer wait;
      wait.start();
      while ((!w.document()->trainingState() || w.document()->trainingState()->cursor.step != guiSteps) &&
             wait.elapsed() < 10000)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
    }
    if (w.document()->trainingState()) r.state = *w.document()->trainingState();
    if (!r.state || guiSteps != steps) {
      std::fprintf(stderr, "the window's run ended at step %d of %d\n", guiSteps, steps);
      return std::nullopt;
    }
    for (const auto& h : w.document()->history()) r.losses.push_back(h.loss);
    return r;
  };
  // The first run (the window's first, cold) with the stall meter. Then, for the time, the window and the core
  // alone in turn, twice each, and the faster of each pair: this machine's speed drifts by several per cent
  // between runs of a dozen seconds, and in turn both see the same drift. For each window run the same model is built
  // again (the same seed: the same initial parameters, checked) and trained again without the meter.
  const auto withMeter = trainInWindow(true);
  if (!withMeter) return 1;
  const gb::TrainingState* state = &*withMeter->state;

  // 2. the same steps through the core alone
  struct CoreRun {
    double s = 0, valS = 0;
    std::vector<double> losses;
  };
  auto runCore = [&]() -> std::optional<CoreRun> {
    gb::Params<float> params = initial;
    gb::PlanRequest req;
    req.config = &config;
    req.params = &params;
    req.data = &train;
    req.options = state->options;
    req.validation = &val;
    auto plan = gb::plan_training(req);
    if (!plan) {
      std::fprintf(stderr, "plan: %s\n", plan.error().message.c_str());
      return std::nullopt;
    }
    // as prepareRun asks the controller: ten times a run; TrainingController::evaluate: batches of the run's size
    const int evalEvery = std::max(1, state->options.steps / 10);
    CoreRun r;
    QElapsedTimer clock;
    clock.start();
    std::thread([&] {  // a thread of its own at the training worker's priority (nice 10), as in the window
      lowerThisThreadsPriority();
      gb::Trainer t(*plan, params);
      t.record_updates(true);  // as the window's trainer does (the Parameters tab shows Δθ)
      gb::EvalWorkspace space;  // as TrainingController::runSteps keeps one for the run
      for (int s = 1; s <= steps; ++s) {
        r.losses.push_back(t.step().loss);
        if (!val.empty() && (s == steps || s % evalEvery == 0)) {
          QElapsedTimer v;
          v.start();
          const gb::EvalReport e = gb::evaluate(config, params, val, std::max(1, state->options.batch_size), &space);
          r.valS += double(v.nsecsElapsed()) / 1e9;
          if (!std::isfinite(e.loss)) std::fprintf(stderr, "validation loss %g\n", e.loss);
        }
      }
    }).join();
    r.s = double(clock.nsecsElapsed()) / 1e9;
    return r;
  };
  auto windowAgain = [&]() -> std::optional<WindowRun> {
    w.document()->setModified(false);
    if (!buildConfigM(w) || !sameParams(config, w.document()->params(), initial)) {
      std::fprintf(stderr, "the model could not be built again with the same parameters\n");
      return std::nullopt;
    }
    return trainInWindow(false);
  };
  const auto coreA = runCore();
  const auto windowA = coreA ? windowAgain() : std::nullopt;
  const auto coreB = windowA ? runCore() : std::nullopt;
  const auto windowB = coreB ? windowAgain() : std::nullopt;
  if (!windowB) return 1;
  const WindowRun& timed = windowA->s <= windowB->s ? *windowA : *windowB;
  const CoreRun& core = coreA->s <= coreB->s ? *coreA : *coreB;
  const double guiS = timed.s, guiCpu = timed.cpu, stall = withMeter->stallMs, coreS = core.s, valS = core.valS;
  const bool sameLosses = core.losses == withMeter->losses && coreA->losses == coreB->losses &&
                          windowA->losses == withMeter->losses && windowB->losses == withMeter->losses;
  std::printf("window runs without the meter: %.2f s and %.2f s; core alone: %.2f s and %.2f s\n", windowA->s,
              windowB->s, coreA->s, coreB->s);

  std::printf("config: decoder-only, |V| = %d, ell_max = %d, L = %d, H = %d, d_e = %d, d_mlp = %d, batch %d, %d steps, "
              "%zu training / %zu validation examples\n",
              config.vocab_size, config.max_len, config.dec_layers, config.heads, config.d_e, config.d_mlp,
              state->options.batch_size, steps, train.size(), val.size());
  std::printf("window: %.2f s (%.0f tokens/s; with the stall meter %.2f s); core alone: %.2f s (%.2f s of it "
              "validation); the GUI thread used %.1f%% of a core (%.1f%% with the meter); longest stall %.1f ms; losses "
              "%s\n",
              guiS, double(steps) * state->options.batch_size * config.max_len / guiS, withMeter->s, coreS, valS,
              100 * guiCpu, 100 * withMeter->cpu, stall, sameLosses ? "bit-identical" : "DIFFER");
  if (profile) {
    std::vector<std::pair<std::string, ProfilingApp::Stat>> rows(app.stats.begin(), app.stats.end());
    std::sort(rows.begin(), rows.end(), [](auto& a, auto& b) { return a.second.totalMs > b.second.totalMs; });
    double total = 0;
    for (auto& r : rows) total += r.second.totalMs;
    const double profS = withMeter->s;  // the profile is the first run's
    std::printf("GUI thread while training (%.2f s, the run with the stall meter): %.0f ms in events, by outermost "
                "event\n", profS, total);
    std::printf("%9s %8s %9s %9s  %s\n", "total ms", "calls/s", "ms/call", "max ms", "receiver, event");
    for (size_t i = 0; i < rows.size() && i < 30; ++i)
      std::printf("%9.1f %8.1f %9.3f %9.2f  %s\n", rows[i].second.totalMs, rows[i].second.calls / profS,
                  rows[i].second.totalMs / rows[i].second.calls, rows[i].second.maxMs, rows[i].first.c_str());
    std::printf("the longest stall, %.1f ms from %.1f ms after Start, held these events (4 ms or more):\n",
                meter.worstMs(), meter.worstAtMs());
    for (const auto& e : app.slow)
      if (e.atMs + e.ms >= meter.worstAtMs() && e.atMs <= meter.worstAtMs() + meter.worstMs())
        std::printf("  at %9.1f ms: %7.2f ms  %s\n", e.atMs, e.ms, e.what.c_str());
    std::vector<std::pair<std::string, ProfilingApp::Stat>> p(app.paints.begin(), app.paints.end());
    std::sort(p.begin(), p.end(), [](auto& a, auto& b) { return a.second.totalMs > b.second.totalMs; });
    std::printf("paint events at any depth, by widget class (inclusive)\n");
    for (size_t i = 0; i < p.size() && i < 15; ++i)
      std::printf("%9.1f %8.1f %9.3f %9.2f  %s\n", p[i].second.totalMs, p[i].second.calls / profS,
                  p[i].second.totalMs / p[i].second.calls, p[i].second.maxMs, p[i].first.c_str());
  }

  // 3. the Decoding tab's temperature slider at |V| ≈ 8000
  double sliderFps = 0;
  int vocab = 0, framesOk = 0;
  {
    w.document()->setModified(false);
    const QString words = writeText(tmp.filePath(QStringLiteral("words.txt")), true);
    if (!loadData(w, words, QStringLiteral("word")) || !buildConfigM(w)) {
      std::fprintf(stderr, "the word-level model could not be made\n");
      return 1;
    }
    vocab = w.document()->config().vocab_size;
    auto* dec = w.findChild<DecodingPanel*>(QStringLiteral("decodingTab"));
    w.tabs()->setCurrentIndex(tabIndexOf(w, dec));
    QCoreApplication::processEvents();
    dec->startButton()->click();
    QCoreApplication::processEvents();
    QCustomPlot* chart = dec->chart();
    DecodingController* dc = dec->controller();
    int paints = 0, goodReplots = 0;
    bool replotted = false;
    struct PaintCounter : QObject {
      int* n;
      bool eventFilter(QObject*, QEvent* e) override {
        if (e->type() == QEvent::Paint) ++*n;
        return false;
      }
    } counter;
    counter.n = &paints;
    chart->installEventFilter(&counter);
    // a replot counts when the bars it drew are the q the controller (the core's sampling_distribution) has now
    QObject::connect(chart, &QCustomPlot::afterReplot, chart, [&] {
      const gb::Choice c = dc->preview();
      const QVector<int> tokens = dec->chartTokens();
      auto data = dec->qBars()->data();
      bool ok = data->size() == int(tokens.size()) && !tokens.isEmpty();
      for (int i = 0; ok && i < tokens.size(); ++i)
        ok = std::abs((data->constBegin() + i)->value - c.q_filtered[size_t(tokens[i])]) < 1e-12;
      replotted = ok;
      goodReplots += ok ? 1 : 0;
    });
    QSlider* tau = dec->temperatureSlider();
    const int lo = tau->minimum() + 1, hi = tau->maximum() - 1;  // finite τ > 0: q changes with every position
    int v = tau->value(), dir = 1;
    QElapsedTimer t;
    t.start();
    for (int f = 0; f < sliderFrames; ++f) {
      if (v + dir > hi || v + dir < lo) dir = -dir;
      v += dir;
      replotted = false;
      const int before = paints;
      tau->setValue(v);
      QElapsedTimer wait;
      wait.start();
      bool painted = false;
      while (wait.elapsed() < 2000) {  // until this value's q has been replotted and then painted
        QCoreApplication::processEvents(QEventLoop::AllEvents);
        if (replotted && paints > before) {
          painted = true;
          break;
        }
      }
      framesOk += painted ? 1 : 0;
    }
    sliderFps = double(framesOk) / (double(t.nsecsElapsed()) / 1e9);
    chart->removeEventFilter(&counter);
    std::printf("Decoding tab, |V| = %d: %d of %d slider values replotted with their q and painted, %.1f per second\n",
                vocab, framesOk, sliderFrames, sliderFps);
  }

  std::printf("first paint of the main window %.0f ms after the process started (%.0f ms after main)\n", firstPaint.ms,
              firstPaint.mainMs);
  w.document()->setModified(false);
  w.removeAutosave();
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  std::printf("{\"gui_s\": %.3f, \"core_s\": %.3f, \"ratio\": %.3f, \"gui_thread_cpu\": %.3f, \"max_stall_ms\": %.1f, "
              "\"slider_fps\": %.1f, \"first_paint_ms\": %.0f, \"steps\": %d, \"core_validation_s\": %.3f, "
              "\"same_losses\": %s, \"slider_vocab\": %d, \"threads\": %d}\n",
              guiS, coreS, guiS / coreS, guiCpu, stall, sliderFps, firstPaint.ms, steps, valS,
              sameLosses ? "true" : "false", vocab, threads);
  return 0;
}
