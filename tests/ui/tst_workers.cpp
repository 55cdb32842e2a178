// Long work off the GUI thread (issue 11): a wide beam search on a large model runs on a worker with progress and
// Cancel, the GUI thread keeps turning meanwhile, Cancel stops the core at its next level, and results for an input
// that changed meanwhile (decoding, attention traces) are dropped, never shown.
#include "controllers/algorithmcontroller.h"
#include "controllers/backgroundjob.h"
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/datachoice.h"
#include "controllers/dataloader.h"
#include "controllers/perturbationcontroller.h"
#include "controllers/tracecontroller.h"
#include "controllers/trainingcontroller.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "widgets/colormaps.h"
#include "widgets/waitwithprogress.h"

#include <QComboBox>
#include <QProgressDialog>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTimer>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <limits>
#include <new>
#include <thread>

namespace {
// An encoder-decoder for the reverse task, far larger than the task needs: d_e 256, 4 decoder layers, ℓ_max 300.
// A beam of width 16 over its 290-odd levels takes many seconds; one level takes a few tens of milliseconds.
gb::Config largeConfig(const ModelDocument& doc, int vocab = 0) {
  gb::Config c = gb::Config::make(gb::Variant::EncoderDecoder, std::max(vocab, doc.data().tokenizer.size()), 300, 1,
                                  4, 4, 256, 1024);
  c.bos_id = gb::Tokenizer::kBos;
  c.eos_id = gb::Tokenizer::kEos;
  c.pad_id = gb::Tokenizer::kPad;
  return c;
}

// Counts turns of the GUI thread's event loop while a condition holds (a zero timer fires once per turn).
struct LoopTurns {
  QTimer timer;
  int turns = 0;
  explicit LoopTurns(std::function<bool()> counting) {
    timer.setInterval(0);
    QObject::connect(&timer, &QTimer::timeout, [this, counting] { turns += counting() ? 1 : 0; });
    timer.start();
  }
};
}  // namespace

class TestWorkers : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // The Algorithm tab's To the end ran the whole listing in one event: minutes for a large model (ASan monkey). It
  // runs in slices of the event loop's turns (here one line a turn), can be stopped where it is, and arrives at
  // the very records the stepper makes at once.
  void algorithm_run_goes_over_event_loop_turns() {
    const gb::Config c = gb::Config::make(gb::Variant::DecoderOnly, 12, 16, 0, 2, 2, 16, 32);
    const gb::Params<float> p = gb::params_init(c, 5);
    const gb::Tokenizer tok = gb::Tokenizer::build(gb::TokenizerKind::Char, {"abcdefgh"});
    AlgorithmController ctl;
    ctl.setSliceMs(0);
    QVERIFY(ctl.start(c, p, tok, QStringLiteral("abcdef"), QString()).isEmpty());
    const gb::Stepper* s = ctl.stepper();
    QSignalSpy changed(&ctl, &AlgorithmController::changed);
    QSignalSpy progress(&ctl, &AlgorithmController::progress);
    ctl.runToEnd();
    QVERIFY(ctl.running());  // returned after one line
    QCOMPARE(s->position(), size_t(1));
    QCOMPARE(changed.count(), 0);
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    QVERIFY(s->position() >= 2);  // the event loop turned, and the run went on
    QVERIFY(progress.count() >= 2);
    ctl.cancel();
    QVERIFY(!ctl.running());
    QCOMPARE(changed.count(), 1);  // where it stopped
    const size_t at = s->position();
    QVERIFY(at < s->program_size());
    for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
    QCOMPARE(s->position(), at);  // stopped there
    // to a line: where the stepper's own run_to_line stops
    gb::Stepper ref(c, p, s->example());
    for (int i = 0; i < 4; ++i) ref.next();
    const int line = ref.next_line();
    ref.reset();
    ref.run_to_line(line);
    ctl.reset();
    ctl.runToLine(line);
    QTRY_VERIFY(!ctl.running());
    QCOMPARE(s->position(), ref.position());
    QCOMPARE(s->next_line(), line);
    ctl.runToEnd();
    QTRY_VERIFY(!ctl.running());
    QVERIFY(s->at_end());
    ref.run_to_end();
    QCOMPARE(s->records().size(), ref.records().size());
    QCOMPARE(s->records().back().value, ref.records().back().value);  // bit-identical P
  }

  // A wide beam on a large model: on the worker, the GUI consistent while it runs, Cancel stops it early.
  void beam_cancelled_mid_search() {
    ModelDocument doc;
    TrainingController trainer;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 64, 8, 1).isEmpty());
    DecodingPanel panel(&doc, &trainer);
    panel.show();
    QVERIFY(doc.build(largeConfig(doc), 3).isEmpty());
    panel.inputBox()->setCurrentText(QStringLiteral("abc"));
    panel.start();
    DecodingController* ctl = panel.controller();
    QVERIFY(ctl->active());
    const std::vector<int> before = ctl->session()->tokens();
    // (a beam search goes as far as To the end does: 200 tokens, or ℓ_max)
    const int levels = std::min(200, doc.config().max_len - int(before.size()));
    // the core's estimate sends this beam to the worker
    QVERIFY(gb::beam_search_cost(*ctl->session(), 16, levels) > ctl->syncBudget());
    panel.beamWidthBox()->setValue(16);
    LoopTurns turns([ctl] { return ctl->busy() == DecodingController::Work::Beam; });
    QTest::mouseClick(panel.beamButton(), Qt::LeftButton);
    // the click returned with the search running: everything that would change the session is off, Cancel is on
    QCOMPARE(ctl->busy(), DecodingController::Work::Beam);
    QVERIFY(panel.cancelButton()->isVisibleTo(&panel));
    QVERIFY(panel.cancelButton()->isEnabled());
    QVERIFY(panel.progressBar()->isVisibleTo(&panel));
    for (QPushButton* b : {panel.startButton(), panel.stepButton(), panel.runButton(), panel.beamButton(),
                           panel.backButton()})
      QVERIFY2(!b->isEnabled(), qPrintable(b->text()));
    QVERIFY(!panel.beamWidthBox()->isEnabled());
    // levels arrive as progress while the GUI thread turns
    QTRY_VERIFY_WITH_TIMEOUT(panel.progressBar()->value() >= 2, 60000);
    QCOMPARE(panel.progressBar()->maximum(), levels);
    QVERIFY(turns.turns > 10);  // the event loop ran during the search: the GUI thread never waited for it
    QCOMPARE(ctl->busy(), DecodingController::Work::Beam);
    const int shownAtCancel = panel.progressBar()->value();
    QTest::mouseClick(panel.cancelButton(), Qt::LeftButton);
    // at once: idle, the controls back, no result, the sequence unchanged, and the tab says so
    QCOMPARE(ctl->busy(), DecodingController::Work::None);
    QVERIFY(!panel.cancelButton()->isVisibleTo(&panel));
    QVERIFY(panel.beamButton()->isEnabled());
    QVERIFY(panel.stepButton()->isEnabled());
    QVERIFY(panel.startButton()->isEnabled());
    QVERIFY(!ctl->beamResult().has_value());
    QCOMPARE(ctl->session()->tokens(), before);
    QVERIFY2(panel.infoLabel()->text().contains(QStringLiteral("cancelled")), qPrintable(panel.infoLabel()->text()));
    // the worker ends on its own at its next level: it expanded far fewer levels than asked for
    QTRY_COMPARE_WITH_TIMEOUT(ctl->job()->workersAlive(), 0, 60000);
    const int expanded = ctl->job()->lastRunDone();
    QVERIFY2(expanded >= shownAtCancel && expanded < levels / 2,
             qPrintable(QStringLiteral("levels expanded: %1 of %2 (cancel at %3)").arg(expanded).arg(levels).arg(shownAtCancel)));
    // nothing arrives late: the worker has ended, what it posted is delivered
    QTRY_COMPARE_WITH_TIMEOUT(ctl->job()->workersAlive(), 0, 60000);
    QCoreApplication::processEvents();
    QVERIFY(!ctl->beamResult().has_value());
    QCOMPARE(ctl->busy(), DecodingController::Work::None);
    // and the tab works as before: one token, then a small beam at once
    QTest::mouseClick(panel.stepButton(), Qt::LeftButton);
    QCOMPARE(ctl->session()->steps().size(), size_t(1));
  }

  // To the end on the worker, then a new sequence started (as a lesson's beat does): the old run's result is
  // dropped, the session is the new one.
  void decode_result_for_old_session_dropped() {
    ModelDocument doc;
    TrainingController trainer;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 64, 8, 1).isEmpty());
    // |V| = 3000 (the task's tokens and ids no tokenizer names) and τ = ∞: <eos> is rare, the run is long
    QVERIFY(doc.build(largeConfig(doc, 3000), 4).isEmpty());
    DecodingController ctl;
    ctl.setSyncBudget(0);  // everything on the worker
    ctl.setSampler({std::numeric_limits<double>::infinity(), 0, 1.0});
    QVERIFY(ctl.start(doc.config(), doc.params(), doc.data().tokenizer, QStringLiteral("abc"), true, 1).isEmpty());
    QCOMPARE(ctl.runToEnd(), 0);
    QCOMPARE(ctl.busy(), DecodingController::Work::ToEnd);
    QTRY_VERIFY_WITH_TIMEOUT(ctl.job()->lastRunDone() >= 1, 60000);
    QCOMPARE(ctl.busy(), DecodingController::Work::ToEnd);  // still running: its result has not arrived
    QVERIFY(ctl.start(doc.config(), doc.params(), doc.data().tokenizer, QStringLiteral("xyz"), true, 2).isEmpty());
    QCOMPARE(ctl.busy(), DecodingController::Work::None);
    const std::vector<int> fresh = ctl.session()->tokens();
    QTRY_COMPARE_WITH_TIMEOUT(ctl.job()->workersAlive(), 0, 60000);
    QCoreApplication::processEvents();  // (what the ended worker posted, delivered)
    QCOMPARE(ctl.session()->tokens(), fresh);  // "xyz" as started, no tokens of the old run
    QVERIFY(ctl.session()->steps().empty());
    // and To the end of the new one arrives
    QCOMPARE(ctl.runToEnd(), 0);
    QSignalSpy done(&ctl, &DecodingController::runFinished);
    ctl.setSyncBudget(DecodingController::kSyncBudget);
    QVERIFY(done.wait(120000));
    QVERIFY(done.first().at(1).toString().isEmpty());
    QVERIFY(!ctl.session()->steps().empty());
    QCOMPARE(int(ctl.history().size()), int(ctl.session()->steps().size()));
  }

  // The Attention tab's trace on the worker: a trace for a probe that was replaced meanwhile never shows.
  void trace_for_old_probe_dropped() {
    ModelDocument doc;
    TrainingController trainer;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 64, 8, 1).isEmpty());
    AttentionPanel panel(&doc, &trainer);
    panel.show();
    panel.tracer()->setSyncBudget(0);  // every trace on the worker
    QVERIFY(doc.build(largeConfig(doc), 5).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!panel.tracer()->busy() && panel.tracer()->hasTrace(), 60000);
    QStringList tracedKeys;
    connect(panel.tracer(), &TraceController::traced, this, [&] { tracedKeys << panel.tracer()->key(); });
    // a long probe (slow), then at once a short one (fast): the long one's trace would arrive last
    panel.probeBox()->setCurrentText(QStringLiteral("abcdefghijklmnopqrstuvwxyzabcdefghij"));
    QVERIFY(panel.tracer()->busy());
    const QString longKey = panel.tracer()->wantedKey();
    panel.probeBox()->setCurrentText(QStringLiteral("ab"));
    const QString shortKey = panel.tracer()->wantedKey();
    QVERIFY(longKey != shortKey);
    QTRY_VERIFY_WITH_TIMEOUT(!panel.tracer()->busy() && panel.tracer()->job()->workersAlive() == 0, 60000);
    QCoreApplication::processEvents();  // (what the ended worker posted, delivered)
    QCOMPARE(tracedKeys, QStringList{shortKey});  // the long probe's trace was never taken
    QCOMPARE(panel.tracer()->key(), shortKey);
    const auto probe = doc.probeExample(QStringLiteral("ab"), doc.params());
    QVERIFY(probe.has_value());
    QCOMPARE(panel.tracer()->example().x, probe->x);
    QCOMPARE(panel.tracer()->example().z, probe->z);
    QVERIFY2(panel.infoText().contains(QStringLiteral("ab")), qPrintable(panel.infoText()));
  }

  // Found by the monkey under ASan (seed 11): building a model of l_max 4096 froze the window for minutes — the
  // Attention and Perturbation tabs decoded the model's own continuation of their probe (up to l_max greedy steps)
  // on the GUI thread. The decode now runs on the worker (with the trace, or before the experiment).
  void probe_continuation_is_decoded_on_the_worker() {
    ModelDocument doc;
    TrainingController trainer;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 64, 8, 1).isEmpty());
    QVERIFY(doc.build(largeConfig(doc), 5).isEmpty());  // untrained: it decodes up to l_max = 300 tokens
    const QString text = QStringLiteral("abcabc");
    const auto probe = doc.probeText(text);
    QVERIFY(probe && probe->decodes());  // not a pair of the data: the model's own continuation is its target
    const auto expected = doc.probeExample(text, doc.params());  // the same decode, here on the test's thread
    QVERIFY(expected && expected->x.size() > 1);

    PerturbationController pert(&doc);
    pert.setSyncBudget(0);
    QVERIFY(pert.setInput(text).isEmpty());
    QVERIFY(!pert.ready());  // setInput returned before the continuation was decoded
    QVERIFY(pert.busy());
    QTRY_VERIFY_WITH_TIMEOUT(pert.ready() && !pert.busy() && pert.job()->workersAlive() == 0, 120000);
    QCOMPARE(pert.original().x, expected->x);
    QCOMPARE(pert.original().z, expected->z);
    QTRY_VERIFY_WITH_TIMEOUT(!pert.stages().empty(), 120000);  // and the experiment ran on it
    // a new sentence while one is decoded: the old one's result never shows, and Cancel stops the decode
    QVERIFY(pert.setInput(QStringLiteral("cab")).isEmpty());
    QVERIFY(pert.setInput(text).isEmpty());
    pert.cancel();
    QTRY_COMPARE_WITH_TIMEOUT(pert.job()->workersAlive(), 0, 60000);
    QVERIFY(!pert.ready());
    QVERIFY(pert.problem().isEmpty());

    TraceController tracer;
    tracer.setSyncBudget(0);
    QSignalSpy traced(&tracer, &TraceController::traced);
    tracer.request(doc.config(), doc.sharedParams(), doc.sharedTokenizer(), *probe, QStringLiteral("probe"));
    QVERIFY(tracer.busy());
    QVERIFY(traced.isEmpty());
    QVERIFY(traced.wait(120000));
    QCOMPARE(tracer.example().x, expected->x);
    QCOMPARE(tracer.example().z, expected->z);
    QCOMPARE(tracer.key(), QStringLiteral("probe"));
    // a probe the model cannot read (its tokens beyond a vocabulary of 5): unreadable, not traced
    QSignalSpy unreadable(&tracer, &TraceController::unreadable);
    gb::Config small = doc.config();
    small.vocab_size = 5;
    gb::ProbeText known = *probe;
    known.known_target = "cbacba";  // nothing to decode: only its tokens are looked at
    tracer.request(small, doc.sharedParams(), doc.sharedTokenizer(), known, QStringLiteral("small"));
    QTRY_COMPARE_WITH_TIMEOUT(unreadable.size(), 1, 60000);
    QVERIFY(!tracer.hasTrace());
    QCOMPARE(traced.size(), 1);
  }

  // Found by the monkey under ASan (seed 11, session 14): the Perturbation tab's sentence was decoded on the worker;
  // meanwhile the model went (File → New: the hidden tab only marks itself stale), and the decoded sentence, when it
  // arrived, started the experiment without parameters — a null dereference on the worker. Now it arrives to no
  // model: no sentence, no experiment, a message.
  void perturbation_without_a_model_says_so() {
    ModelDocument doc;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 64, 8, 1).isEmpty());
    gb::Config c = gb::Config::make(gb::Variant::EncoderDecoder, doc.data().tokenizer.size(), 16, 1, 1, 2, 16, 32);
    c.bos_id = gb::Tokenizer::kBos;
    c.eos_id = gb::Tokenizer::kEos;
    c.pad_id = gb::Tokenizer::kPad;
    QVERIFY(doc.build(c, 5).isEmpty());
    PerturbationController pert(&doc);
    pert.setSyncBudget(0);  // the decode and the experiment on the worker, where it crashed
    QVERIFY(doc.probeText(QStringLiteral("abcabc"))->decodes());
    QVERIFY(pert.setInput(QStringLiteral("abcabc")).isEmpty());
    QVERIFY(pert.busy());  // the continuation is decoded on the worker
    doc.clear();           // File → New while it is
    QTRY_VERIFY_WITH_TIMEOUT(!pert.busy() && pert.job()->workersAlive() == 0, 60000);
    QCoreApplication::processEvents();  // (what the ended worker posted, delivered)
    QVERIFY(!pert.busy());
    QVERIFY(!pert.ready());
    QVERIFY(pert.stages().empty());
    QVERIFY(!pert.problem().isEmpty());  // says why
    QVERIFY(!pert.replace({'Z', 0}, gb::Tokenizer::kUnk).isEmpty());
  }

  // Found by the monkey under ASan (seed 11): "Load task" with the BPE tokenizer prepared the task — learning its
  // merges — on the GUI thread (minutes under the sanitizer). A large task, or one with BPE, is prepared on the
  // worker; the open data stays until it is ready, and Cancel drops it.
  void large_or_bpe_task_is_prepared_on_the_worker() {
    ModelDocument doc;
    DataChoice data(&doc);
    data.chooseTask(QStringLiteral("reverse"));  // loaded at once (small, the data's own tokenizer)
    QVERIFY(doc.hasData());
    QVERIFY(!data.busy());
    const size_t before = doc.data().train.size();
    QSignalSpy changed(&doc, &ModelDocument::dataChanged);
    QSignalSpy finished(&data, &DataChoice::finished);
    data.setTokenizer(QStringLiteral("bpe"));  // reloads it
    QVERIFY(data.busy());  // returned before the merges were learnt
    QCOMPARE(changed.size(), 0);
    QCOMPARE(doc.data().train.size(), before);  // the open data is still there meanwhile
    QTRY_VERIFY_WITH_TIMEOUT(!data.busy(), 120000);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(finished.size(), 1);
    QVERIFY(finished.front().front().toString().isEmpty());
    QCOMPARE(doc.taskName(), QStringLiteral("reverse"));
    ModelDocument same;  // the same task prepared at once gives the same data
    QVERIFY(same.loadTask(QStringLiteral("reverse"), data.trainSize(), data.valSize(), data.seed(), QStringLiteral("bpe"))
                .isEmpty());
    QCOMPARE(doc.data().tokenizer.size(), same.data().tokenizer.size());
    QCOMPARE(doc.data().train.size(), same.data().train.size());
    QCOMPARE(doc.data().train.front().x, same.data().train.front().x);
    // a large task with the characters, cancelled: the result is dropped, the BPE data stays
    data.setTokenizer(QStringLiteral("char"));
    QTRY_VERIFY_WITH_TIMEOUT(!data.busy(), 120000);  // (BPE → characters: a small task, at once)
    const int vocab = doc.data().tokenizer.size();
    data.setSizes(200000, data.valSize());
    finished.clear();
    data.loadTask();
    QVERIFY(data.busy());
    data.cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!data.busy(), 120000);
    QCOMPARE(doc.data().tokenizer.size(), vocab);
    QVERIFY(doc.data().train.size() < 200000);
    QCOMPARE(finished.size(), 1);
    const QString message = finished.front().front().toString();
    QVERIFY2(message.contains(QStringLiteral("cancelled")), qPrintable(message));
  }

  // Found by the monkey under ASan: a token of a 200,000-character line, as a tick label turned 45°, made
  // QCustomPlot ask for a label pixmap of terabytes. Tick labels are one line of at most 24 characters.
  // Work the window waits for (Save, Build, Open) runs on a worker while the event loop turns: timers fire, the
  // dialog shows after showAfterMs; Cancel (its button, or reject(): Escape, a robot) reaches the work through
  // progress, a dialog without Cancel cannot be dismissed; an exception comes back to the caller; a second wait
  // while one runs is refused.
  void wait_with_progress_turns_the_event_loop() {
    QWidget window;
    window.resize(400, 300);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto dialog = [&window]() -> QProgressDialog* {
      for (QProgressDialog* d : window.findChildren<QProgressDialog*>())
        if (d->isVisible()) return d;
      return nullptr;
    };
    std::atomic<bool> release{false};
    const std::thread::id gui = std::this_thread::get_id();
    std::atomic<bool> onGui{true}, everCancelled{false};
    bool timerRan = false, shownEarly = false, shownLater = false, stays = false, nested = true;
    QTimer::singleShot(0, &window, [&] {
      timerRan = true;
      shownEarly = dialog() != nullptr;
      nested = waitWithProgress(&window, {}, [](const gb::Progress&) {});
    });
    QTimer::singleShot(900, &window, [&] {
      shownLater = dialog() != nullptr;
      if (QProgressDialog* d = dialog()) d->reject();  // not cancellable: stays
      stays = dialog() != nullptr;
      release = true;
    });
    WaitOptions fixed;
    fixed.label = QStringLiteral("fixed");
    fixed.cancellable = false;
    QVERIFY(!isWaiting());
    QVERIFY(waitWithProgress(&window, fixed, [&](const gb::Progress& progress) {
      onGui = std::this_thread::get_id() == gui;
      while (!release) {
        if (!progress(1, 2)) everCancelled = true;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    }));
    QVERIFY(!isWaiting());
    QVERIFY(!onGui);
    QVERIFY(timerRan);
    QVERIFY(!shownEarly);
    QVERIFY(shownLater);
    QVERIFY(stays);
    QVERIFY(!everCancelled);
    QVERIFY(!nested);  // refused while one runs
    QVERIFY(dialog() == nullptr);
    // cancellable: the dialog's Cancel reaches the work
    release = false;
    bool cancelledByProgress = false;
    QTimer::singleShot(900, &window, [&] {
      if (QProgressDialog* d = dialog())
        if (auto* cancel = d->findChild<QPushButton*>()) QTest::mouseClick(cancel, Qt::LeftButton);
    });
    QVERIFY(waitWithProgress(&window, {}, [&](const gb::Progress& progress) {
      for (int i = 0; i < 5000 && !cancelledByProgress; ++i) {
        cancelledByProgress = !progress(uint64_t(i), 5000);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    }));
    QVERIFY(cancelledByProgress);
    // and reject() (what Escape and a robot do) cancels too
    cancelledByProgress = false;
    QTimer::singleShot(900, &window, [&] {
      if (QProgressDialog* d = dialog()) d->reject();
    });
    QVERIFY(waitWithProgress(&window, {}, [&](const gb::Progress& progress) {
      for (int i = 0; i < 5000 && !cancelledByProgress; ++i) {
        cancelledByProgress = !progress(uint64_t(i), 5000);
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
      }
    }));
    QVERIFY(cancelledByProgress);
    // an exception on the worker comes back here
    bool caught = false;
    try {
      waitWithProgress(&window, {}, [](const gb::Progress&) { throw std::bad_alloc(); });
    } catch (const std::bad_alloc&) {
      caught = true;
    }
    QVERIFY(caught);
    QVERIFY(!isWaiting());
  }

  void huge_token_labels_are_elided() {
    const QStringList labels = {QString(200000, QLatin1Char('a')), QStringLiteral("two\nlines"), QStringLiteral("b")};
    const LabelFit fit = fitLabels(labels, 3, 600, QFont(), true);
    QCOMPARE(fit.every, 1);
    const auto ticker = labelTicker(labels, 3, fit);
    QCOMPARE(ticker->ticks().size(), 3);
    for (const QString& t : ticker->ticks()) {
      QVERIFY2(t.size() <= kTickLabelMax, qPrintable(t.left(40)));
      QVERIFY(!t.contains(QLatin1Char('\n')));
    }
    QCOMPARE(ticker->ticks().value(2), QStringLiteral("b"));
    QVERIFY(ticker->ticks().value(0).endsWith(QChar(0x2026)));
  }
};

QTEST_MAIN(TestWorkers)
#include "tst_workers.moc"
