// Steady under load (issue 32): the GUI thread never waits for a worker. A training step is made to last as long as
// the test wants (the core's step hook blocks inside Trainer::step until released — a step of a model too large
// for the machine, without the time), and every action that used to wait for the worker — a language change, New,
// Build, Reset, Open, a task change, a lesson start, Quit — returns while that step is still running and leaves a consistent
// window. When the step is released, the worker ends on its own and its memory goes with it.
#include "controllers/backgroundjob.h"
#include "controllers/datachoice.h"
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "controllers/trainingsetup.h"
#include "controllers/workers.h"
#include "errortext.h"
#include "memorylimit.h"
#include "lessonrunner.h"
#include "mainwindow.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"

#include "core/train/memory.h"
#include "core/train/trainer.h"

#include <QAction>
#include <QComboBox>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <thread>

namespace {

// The first step that reaches the hook blocks there until released (or, as a safety net for a broken test, for
// at most two minutes); every later step passes straight through.
struct BlockedStep {
  std::atomic<int> entered{0};
  std::atomic<bool> inside{false}, release{false};
  BlockedStep() {
    gb::testing::set_step_hook([this] {
      if (entered++ != 0) return;
      inside = true;
      const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(2);
      while (!release.load() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
      inside = false;
    });
  }
  ~BlockedStep() {
    release = true;
    gb::testing::set_step_hook({});
  }
};

gb::Config smallConfig(const ModelDocument& doc) {
  gb::Config c = gb::Config::make(gb::Variant::EncoderDecoder, doc.data().tokenizer.size(), doc.data().max_len, 1, 1,
                                  2, 16, 32);
  c.bos_id = gb::Tokenizer::kBos;
  c.eos_id = gb::Tokenizer::kEos;
  c.pad_id = gb::Tokenizer::kPad;
  return c;
}

// SGD at η = 0.01 for `steps` steps of `batch` examples.
gb::TrainOptions trainOptions(int steps, int batch) {
  gb::TrainOptions o;
  o.steps = steps;
  o.batch_size = batch;
  o.opt.lr = 0.01f;
  return o;
}

}  // namespace

class TestSteady : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // The controller alone: reset, a new setup and the controller's end never wait for the step in flight; the run
  // that was let go of reports nothing more, and its worker ends when the step is released.
  void training_controller_lets_go_of_a_running_step() {
    BlockedStep blocked;
    ModelDocument doc;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 200, 20, 1).isEmpty());
    QVERIFY(doc.build(smallConfig(doc), 3).isEmpty());
    auto* c = new TrainingController;
    const gb::TrainOptions o = trainOptions(50, 4);
    QVERIFY(!c->prepareRun(doc, o, nullptr));
    QSignalSpy steps(c, &TrainingController::stepped);
    c->start();
    QTRY_VERIFY_WITH_TIMEOUT(blocked.inside.load(), 30000);
    QCOMPARE(workers::alive(), 1);
    c->reset();  // returns at once: the step is still inside the hook
    QVERIFY(blocked.inside.load());
    QCOMPARE(c->state(), TrainingController::State::Idle);
    QVERIFY(!c->params());
    // a new run on the same controller starts while the old worker still runs its step
    QVERIFY(!c->prepareRun(doc, o, nullptr));
    c->start();
    QTRY_VERIFY_WITH_TIMEOUT(steps.count() >= 3, 30000);  // the new run trains (its steps pass the hook)
    QVERIFY(blocked.inside.load());
    QVERIFY(workers::alive() >= 1);  // the blocked worker (the new run's may have finished its 50 steps)
    delete c;  // the controller goes while both workers live: nothing waits
    QVERIFY(blocked.inside.load());
    blocked.release = true;
    QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 30000);
  }

  // Found by the release monkey (seed 320219): a run told to stop finishes its step beside the next run, each
  // planned under the cap alone — together over it (resident memory rose past 4 GB with the cap at 3 GB). A running
  // worker's estimate counts against the cap until the worker ends: the next run that does not fit beside it is
  // refused for memory, and fits once the worker is gone.
  void a_finishing_step_holds_its_memory_against_the_cap() {
    BlockedStep blocked;
    ModelDocument doc;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 200, 20, 1).isEmpty());
    gb::Config config = smallConfig(doc);
    config.d_e = 128;
    config.d_mlp = 512;
    QVERIFY(doc.build(config, 3).isEmpty());
    const gb::TrainOptions o = trainOptions(50, 4);
    int64_t need = 0;
    // (with what the window keeps beside the run: its snapshots)
    QVERIFY(!gb::check_run_memory(doc.config(), o, doc.data().train, 0, &need, MemoryLimit::besideRunBytes(doc.config(), o)));
    const qint64 mb = 1024 * 1024;
    const qint64 capMB = (need * 3 / 2 + mb - 1) / mb;  // room for one run, not for two
    QVERIFY2(capMB * mb >= need && capMB * mb < 2 * need, qPrintable(QString::number(need)));
    QSettings settings;
    settings.setValue(QStringLiteral("limits/memoryMB"), capMB);
    QCOMPARE(MemoryLimit::reservedBytes(), 0);
    auto* c = new TrainingController;
    QVERIFY(!c->prepareRun(doc, o, nullptr));
    c->start();
    QTRY_VERIFY_WITH_TIMEOUT(blocked.inside.load(), 30000);
    QCOMPARE(MemoryLimit::reservedBytes(), need);
    c->reset();  // the worker is still inside its step: its memory too
    const auto refused = c->prepareRun(doc, o, nullptr);
    QVERIFY(refused);
    QCOMPARE(refused->code, gb::ErrorCode::PlanMemory);
    QVERIFY2(errorText(*refused).contains(QStringLiteral("Work still running holds %1 MB of the memory cap.")
                                              .arg(need / mb)),
             qPrintable(errorText(*refused)));  // (why the limit it names is below the cap)
    QVERIFY(!MemoryLimit::runProblem(doc.config(), o, doc.data().train).isEmpty());  // what Start is told first
    blocked.release = true;
    QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 30000);
    QCOMPARE(MemoryLimit::reservedBytes(), 0);
    QVERIFY(!c->prepareRun(doc, o, nullptr));  // now it fits
    // when Finished is said, the trainer's memory is given back already (Start again, a lesson's comparison, the
    // Training dock's estimate: none of them may count the run that ended); the window's copies of the run stay
    // counted while they are kept, and a new run replaces them
    qint64 heldAtFinish = -1;
    connect(c, &TrainingController::stateChanged, c, [&heldAtFinish](TrainingController::State st) {
      if (st == TrainingController::State::Finished) heldAtFinish = MemoryLimit::reservedBytes();
    });
    c->start();
    QTRY_COMPARE_WITH_TIMEOUT(c->state(), TrainingController::State::Finished, 60000);
    const qint64 beside = MemoryLimit::besideRunBytes(doc.config(), o);
    QVERIFY(beside > 0);
    QCOMPARE(heldAtFinish, beside);
    QCOMPARE(c->windowHeldBytes(), beside);
    QVERIFY(MemoryLimit::runProblem(doc.config(), o, doc.data().train, c->windowHeldBytes()).isEmpty());
    QVERIFY(!c->prepareRun(doc, o, nullptr));  // Start again fits: the new run replaces the old one's copies
    QCOMPARE(MemoryLimit::reservedBytes(), 0);
    delete c;
    settings.remove(QStringLiteral("limits/memoryMB"));
  }

  // A stopped step ends at its next check: no update, the run finishes with the parameters of its last step.
  void stop_ends_the_step_at_its_next_check() {
    ModelDocument doc;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 200, 20, 1).isEmpty());
    QVERIFY(doc.build(smallConfig(doc), 3).isEmpty());
    std::atomic<bool> stopNow{false};
    TrainingController c;
    std::atomic<int> hookCalls{0};
    // the third step is stopped from inside itself, after its gradient: the flag is seen before the update
    gb::testing::set_step_hook([&] {
      if (++hookCalls == 3) {
        stopNow = true;
        QMetaObject::invokeMethod(&c, [&c] { c.stop(); }, Qt::BlockingQueuedConnection);
      }
    });
    const gb::TrainOptions o = trainOptions(50, 4);
    QVERIFY(!c.prepareRun(doc, o, nullptr));
    QSignalSpy steps(&c, &TrainingController::stepped);
    c.start();
    QTRY_COMPARE_WITH_TIMEOUT(c.state(), TrainingController::State::Finished, 30000);
    gb::testing::set_step_hook({});
    QCOMPARE(steps.count(), 2);  // the third step made no update and reported nothing
    QCOMPARE(c.published().state->cursor.step, 2);
  }

  // Found by the release monkey (seed 11): a tiny model makes thousands of steps a second, and one queued call per
  // step, each redrawing the history's views, left the GUI thread ever further behind — the window stopped
  // answering. Steps made while the GUI thread is busy wait in the run and arrive together: one queued call, one
  // batch, one historyChanged(), every step in the history once and in order.
  void steps_made_while_the_window_is_busy_arrive_together() {
    ModelDocument doc;
    QVERIFY(doc.loadTask(QStringLiteral("reverse"), 200, 20, 1).isEmpty());
    QVERIFY(doc.build(smallConfig(doc), 3).isEmpty());
    TrainingController c;
    TrainingSetup setup(&doc, &c);  // what turns steps into the document's history
    std::atomic<int> made{0};
    gb::testing::set_step_hook([&made] { ++made; });
    const gb::TrainOptions o = trainOptions(400, 1);
    QVERIFY(!c.prepareRun(doc, o, nullptr));
    QSignalSpy batches(&c, &TrainingController::steppedBatch);
    QSignalSpy steps(&c, &TrainingController::stepped);
    QSignalSpy history(&doc, &ModelDocument::historyChanged);
    c.start();
    // the GUI thread turns no event loop until the worker is inside its 300th step (a safety net of two minutes
    // for a broken worker)
    const auto until = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    while (made.load() < 300 && std::chrono::steady_clock::now() < until) std::this_thread::yield();
    QVERIFY(made.load() >= 300);
    QTRY_COMPARE_WITH_TIMEOUT(c.state(), TrainingController::State::Finished, 60000);
    gb::testing::set_step_hook({});
    QCOMPARE(steps.count(), 400);
    QVERIFY(batches.count() >= 1);
    // all the steps made meanwhile came in one call, in runs up to each validation (every 40th step: a validation
    // finds its step as the history's newest point)
    const auto first = batches.front().front().value<std::vector<TrainingSnapshot>>();
    QCOMPARE(int(first.size()), 40);
    QCOMPARE(first.front().step, 1);
    QCOMPARE(first.back().step, 40);
    // not one per step: the 299 steps made while the GUI thread was busy arrive in at most 8 batches (cut at the
    // validations after steps 40, 80, …, 280), the last 101 at worst one each (a loaded machine, a slow worker)
    QVERIFY2(batches.count() <= 8 + 101, qPrintable(QString::number(batches.count())));
    int total = 0;
    for (const auto& b : batches) total += int(b.front().value<std::vector<TrainingSnapshot>>().size());
    QCOMPARE(total, 400);
    QCOMPARE(history.count(), batches.count());  // the history's readers redraw once a batch
    QCOMPARE(int(doc.history().size()), 400);
    for (int i = 0; i < 400; ++i) {
      QCOMPARE(doc.history()[size_t(i)].step, i + 1);
      QCOMPARE(doc.history()[size_t(i)].val_loss.has_value(), (i + 1) % 40 == 0);  // each validation at its step
    }
  }

  // Found by the release monkey (seed 11): another family in the Model dock prepared the loaded task again on the
  // GUI thread — seconds for a large one. A large task is laid out for the new family on the data's worker (the
  // data stays until then), and a newer load drops the one still running.
  void a_family_change_prepares_a_large_task_on_the_worker() {
    ModelDocument doc;
    DataChoice data(&doc);
    data.setSizes(12000, 200);  // over what is prepared at once
    data.loadTask();
    QVERIFY(data.busy());
    QTRY_VERIFY_WITH_TIMEOUT(!data.busy(), 120000);
    QVERIFY(doc.hasData());
    QVERIFY(!doc.data().train.front().z.empty());  // laid out for the encoder-decoder: z is the source
    const auto before = doc.sharedData();
    QSignalSpy finished(&data, &DataChoice::finished);
    doc.setVariant(gb::Variant::DecoderOnly);
    QVERIFY(data.busy());                     // returned before the task was prepared
    QCOMPARE(doc.sharedData(), before);       // the data that was there stays meanwhile
    data.setSeed(data.seed() + 1);            // (a field edited meanwhile does not change what is laid out again)
    doc.setVariant(gb::Variant::Rnn);         // a newer request drops the one running
    QVERIFY(data.busy());
    QTRY_VERIFY_WITH_TIMEOUT(!data.busy(), 120000);
    QCOMPARE(finished.count(), 1);            // the dropped load says nothing
    QVERIFY(finished.front().front().toString().isEmpty());
    QVERIFY(doc.sharedData() != before);
    QVERIFY(doc.data().train.front().z.empty());  // one sequence: a language model's layout
    QCOMPARE(int(doc.data().train.size()), 12000);
    QCOMPARE(doc.data().description.value("seed", quint64(99)), before->description.value("seed", quint64(98)));
    QCOMPARE(doc.taskName(), QStringLiteral("reverse"));
  }

  // A BackgroundJob that goes while its work runs: its destructor returns at once, the result is dropped, the
  // worker ends on its own.
  void background_job_goes_without_waiting() {
    std::atomic<bool> release{false}, ran{false}, delivered{false};
    auto* job = new BackgroundJob;
    job->run([&](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
      ran = true;
      while (!release.load()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
      (void)ctx;
      return [&delivered] { delivered = true; };
    });
    QTRY_VERIFY(ran.load());
    delete job;  // returns while the work is still blocked
    QCOMPARE(workers::alive(), 1);
    release = true;
    QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 30000);
    QCoreApplication::processEvents();
    QVERIFY(!delivered.load());
  }

  // The window: every action that replaces the model or ends the program returns while a step runs.
  void window_actions_return_while_a_step_runs() {
    BlockedStep blocked;
    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("model.safetensors"));
    auto* w = new MainWindow;
    w->setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    QStringList errors;
    w->setErrorReporter([&errors](const QString& e) { errors << e; });
    w->resize(1280, 800);
    w->show();
    ModelDocument* doc = w->document();
    QVERIFY(doc->loadTask(QStringLiteral("reverse"), 200, 20, 1).isEmpty());
    QVERIFY(doc->build(smallConfig(*doc), 3).isEmpty());
    QVERIFY(w->saveAs(file));
    w->trainingPanel()->stepsBox()->setValue(500);
    auto startAndBlock = [&] {
      QTest::mouseClick(w->trainingPanel()->startButton(), Qt::LeftButton);
      QTRY_VERIFY_WITH_TIMEOUT(blocked.inside.load(), 30000);
    };
    startAndBlock();
    QCOMPARE(w->trainer()->state(), TrainingController::State::Running);

    // View → Language: the window made again in German and back, the run still inside its step and still running
    for (const char* language : {"de", "en"}) {
      w->findChild<QAction*>(QStringLiteral("language_") + QLatin1String(language))->trigger();
      QTRY_COMPARE(w->language(), QLatin1String(language));
      QVERIFY(blocked.inside.load());
      QCOMPARE(w->trainer()->state(), TrainingController::State::Running);
      QVERIFY(w->trainingPanel()->pauseButton()->isEnabled());
    }

    // File → New
    QVERIFY(w->newModel());
    QVERIFY(blocked.inside.load());
    QVERIFY(!doc->hasModel());
    QCOMPARE(w->trainer()->state(), TrainingController::State::Idle);

    // Build (the Model dock, with the data loaded by the Data dock)
    QTest::mouseClick(w->dataPanel()->loadButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(doc->hasData() && !w->dataPanel()->loader()->isRunning(), 30000);
    QTest::mouseClick(w->modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY2(doc->hasModel(), qPrintable(w->modelPanel()->problemLabel()->text()));
    QVERIFY(blocked.inside.load());

    // Reset (the Training dock): fresh parameters
    const int generation = doc->generation();
    QTest::mouseClick(w->trainingPanel()->resetButton(), Qt::LeftButton);
    QVERIFY(doc->generation() != generation);
    QVERIFY(blocked.inside.load());

    // Open
    QVERIFY2(w->openFile(file), qPrintable(errors.join(QLatin1Char('\n'))));
    QVERIFY(blocked.inside.load());
    QCOMPARE(doc->filePath(), file);

    // another task in the Data dock
    QComboBox* tasks = w->dataPanel()->taskBox();
    const int other = tasks->currentIndex() == 0 ? 1 : 0;
    tasks->setCurrentIndex(other);
    QTRY_VERIFY_WITH_TIMEOUT(!w->dataPanel()->loader()->isRunning(), 30000);
    QVERIFY(blocked.inside.load());

    // a lesson (it builds and trains its own model: its steps pass the hook)
    QVERIFY(w->openLesson(QStringLiteral("reversal")).isEmpty());
    QVERIFY(blocked.inside.load());

    // Quit
    QVERIFY(w->close());
    QVERIFY(blocked.inside.load());
    delete w;
    QVERIFY(blocked.inside.load());
    QVERIFY(workers::alive() >= 1);

    blocked.release = true;
    QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 60000);  // the step ends, its worker with it
  }
};

QTEST_MAIN(TestSteady)
#include "tst_steady.moc"
