// The training controller: steps arrive as snapshots on the GUI thread while the GUI thread stays free;
// pause, exactly-one-step and resume; stop hands back parameters that really changed.
#include "controllers/trainingcontroller.h"

#include "core/rng.h"

#include <QElapsedTimer>
#include <QSignalSpy>
#include <QtTest>

#include <cmath>

static std::vector<gb::Example> copyData(int n) {
  gb::Rng r(1);
  std::vector<gb::Example> ex;
  for (int i = 0; i < n; ++i) {
    gb::Example e;
    for (int k = 0; k < 6; ++k) e.x.push_back(2 + int(r.below(6)));
    ex.push_back(e);
  }
  return ex;
}

class TestTrainingController : public QObject {
  Q_OBJECT
  gb::Config mConfig = gb::Config::make(gb::Variant::DecoderOnly, 8, 8, 0, 2, 2, 32, 64);

  gb::TrainOptions options(int steps) {
    gb::TrainOptions o;
    o.opt.kind = gb::OptimizerKind::AdamW;
    o.opt.lr = 3e-3f;
    o.batch_size = 8;
    o.loss = gb::LossKind::Mean;
    o.steps = steps;
    return o;
  }

 private slots:
  void twenty_steps_twenty_points() {
    TrainingController c;
    const gb::Params<float> start = gb::params_init(mConfig, 1);
    QVERIFY(!c.setup(mConfig, start, copyData(64), options(20)));
    QSignalSpy steps(&c, &TrainingController::stepped);
    QSignalSpy states(&c, &TrainingController::stateChanged);
    c.start();
    QCOMPARE(c.state(), TrainingController::State::Running);
    // The GUI thread keeps processing events while the worker trains.
    QElapsedTimer longest;
    qint64 worst = 0;
    longest.start();
    while (c.state() != TrainingController::State::Finished) {
      const qint64 t0 = longest.elapsed();
      QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
      worst = std::max(worst, longest.elapsed() - t0);
      QVERIFY(longest.elapsed() < 60000);
    }
    QCoreApplication::processEvents();
    QCOMPARE(steps.count(), 20);
    for (int i = 0; i < 20; ++i) {
      const auto s = steps.at(i).at(0).value<TrainingSnapshot>();
      QCOMPARE(s.step, i + 1);
      QVERIFY(std::isfinite(s.loss) && s.loss > 0);
      QCOMPARE(int(s.gradNorms.size()), int(c.tensorNames().size()));
    }
    const auto first = steps.first().at(0).value<TrainingSnapshot>();
    const auto last = steps.last().at(0).value<TrainingSnapshot>();
    QVERIFY(last.loss < first.loss);
    QVERIFY(c.params()->W_e != start.W_e);  // the trained parameters came back
    qInfo("longest GUI-thread stall while training: %lld ms", worst);
  }

  void pause_step_resume() {
    TrainingController c;
    QVERIFY(!c.setup(mConfig, gb::params_init(mConfig, 2), copyData(64), options(100000)));
    QSignalSpy steps(&c, &TrainingController::stepped);
    c.start();
    QTRY_VERIFY_WITH_TIMEOUT(steps.count() >= 3, 30000);
    c.pause();
    QCOMPARE(c.state(), TrainingController::State::Paused);
    // once the worker has reached its pause point (however slowly a busy machine lets it), nothing more arrives
    QTRY_VERIFY_WITH_TIMEOUT(c.atPausePoint(), 30000);
    QCoreApplication::processEvents();  // what the worker posted before it waited
    const int paused = steps.count();
    QCoreApplication::processEvents();
    QCOMPARE(steps.count(), paused);
    const int done = c.stepsDone();
    QCOMPARE(done, paused);
    // At the pause the document takes the latest parameters, state and step: the very snapshots the worker
    // published (a GUI-thread copy of a large model's gradient and update froze the window — ASan monkey, seed 11).
    const TrainingController::Published pub = c.handOver();
    QVERIFY(pub.step && pub.params && pub.state);
    QCOMPARE(pub.step.get(), c.stepTensors().get());
    QCOMPARE(pub.params.get(), c.params().get());
    QCOMPARE(pub.step->step, done);
    QVERIFY(c.holdsLatest());  // a paused run goes on: the latest stays with it
    const gb::MatF gradHeld = pub.step->grad.W_e, updateHeld = pub.step->update.W_e;
    QVERIFY(gradHeld.norm() > 0 && updateHeld.norm() > 0);
    c.step();  // exactly one optimizer step
    QTRY_COMPARE_WITH_TIMEOUT(steps.count(), paused + 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(c.atPausePoint(), 30000);
    QCoreApplication::processEvents();  // what the worker posted before it waited again
    QCOMPARE(steps.count(), paused + 1);
    QCOMPARE(c.stepsDone(), done + 1);
    c.start();  // resume
    QCOMPARE(c.state(), TrainingController::State::Running);
    QTRY_VERIFY_WITH_TIMEOUT(steps.count() >= paused + 60, 30000);  // two publications and more
    c.stop();
    QTRY_COMPARE(c.state(), TrainingController::State::Finished);
    // the step held since the pause is immutable: later steps went into other memory
    QVERIFY(c.stepTensors()->step > done + 1);
    QCOMPARE(pub.step->step, done);
    QCOMPARE(pub.step->grad.W_e, gradHeld);
    QCOMPARE(pub.step->update.W_e, updateHeld);
    QVERIFY(c.stepTensors()->grad.W_e != gradHeld);
  }

  void step_from_idle_takes_one_step() {
    TrainingController c;
    QVERIFY(!c.setup(mConfig, gb::params_init(mConfig, 3), copyData(16), options(1000)));
    QSignalSpy steps(&c, &TrainingController::stepped);
    c.step();
    QCOMPARE(c.state(), TrainingController::State::Paused);
    QTRY_COMPARE_WITH_TIMEOUT(steps.count(), 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(c.atPausePoint(), 30000);  // the worker waits again: nothing more comes
    QCoreApplication::processEvents();
    QCOMPARE(steps.count(), 1);
    c.stop();
    QTRY_COMPARE(c.state(), TrainingController::State::Finished);
  }

  // A diverging run ends at the faulted step with a signal; the parameters handed back are finite.
  void divergence_is_reported_and_parameters_stay_finite() {
    TrainingController c;
    gb::TrainOptions o = options(500);
    o.opt.kind = gb::OptimizerKind::SGD;
    o.opt.lr = 1e6f;
    QVERIFY(!c.setup(mConfig, gb::params_init(mConfig, 4), copyData(16), o));
    QSignalSpy faults(&c, &TrainingController::faulted);
    QSignalSpy steps(&c, &TrainingController::stepped);
    c.start();
    QTRY_COMPARE_WITH_TIMEOUT(c.state(), TrainingController::State::Finished, 30000);
    QCOMPARE(faults.count(), 1);
    QVERIFY(c.fault().has_value());
    QVERIFY(c.stepsDone() < 500);
    for (const auto& args : steps) QVERIFY(std::isfinite(args.at(0).value<TrainingSnapshot>().loss));  // no NaN plotted
    gb::Params<float> p = *c.params();
    for (const auto& t : gb::tensor_list(mConfig, p)) QVERIFY(t.mat().allFinite());
  }
};

QTEST_MAIN(TestTrainingController)
#include "tst_trainingcontroller.moc"
