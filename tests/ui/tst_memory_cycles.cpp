// Memory that New gives back (issue 32): cycles of a lesson → New → a large Build trained for two steps → New keep
// the window's resident set within 10% of its level after the first cycle. The README's 24.4 GB came from a long
// monkey run of lessons and News. Release build only: a sanitizer's allocator keeps pages of its own.
// GLASSBOX_SOAK_CYCLES sets the number of cycles (4 by default), GLASSBOX_SOAK_SECONDS runs cycles until that time
// has passed instead (the README's 30-minute soak).
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "controllers/workers.h"
#include "lessonrunner.h"
#include "mainwindow.h"
#include "panels/trainingpanel.h"
#include "memorylimit.h"
#include "resident.h"

#include "core/train/memory.h"

#include "core/text/tokenizer.h"

#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QStandardPaths>
#include <QElapsedTimer>
#include <QtTest>

#include <algorithm>

class TestMemoryCycles : public QObject {
  Q_OBJECT
  // The window as these tests use it: unsaved work discarded, errors collected, 1280 × 800.
  static void showWindow(MainWindow& w, QStringList& errors) {
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    w.setErrorReporter([&errors](const QString& e) { errors << e; });
    w.resize(1280, 800);
    w.show();
  }

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  // Every New gives back what came before it: the model, its optimizer's moments, snapshots, history, the lesson's
  // views and traces.
  void cycles_of_lesson_new_build_keep_memory_level() {
    keepTheResidentSetFlat();  // as the window's main() does
    MainWindow w;
    QStringList errors;
    showWindow(w, errors);
    ModelDocument* doc = w.document();
    const int cycles = qEnvironmentVariableIntValue("GLASSBOX_SOAK_CYCLES") > 0
                           ? qEnvironmentVariableIntValue("GLASSBOX_SOAK_CYCLES") : 4;
    const qint64 soakMs = qint64(qEnvironmentVariableIntValue("GLASSBOX_SOAK_SECONDS")) * 1000;
    QElapsedTimer clock;
    clock.start();
    long long afterFirst = 0, highest = 0;
    int cycle = 0;
    for (; soakMs > 0 ? clock.elapsed() < soakMs : cycle < cycles; ++cycle) {
      QSignalSpy reached(w.lessonRunner(), &LessonRunner::reached);
      QSignalSpy failed(w.lessonRunner(), &LessonRunner::failed);
      QVERIFY(w.openLesson(QStringLiteral("reversal")).isEmpty());
      // (a hang bound: a lesson trains its model in seconds, minutes when a build shares the cores)
      QTRY_VERIFY_WITH_TIMEOUT(!reached.isEmpty() || !failed.isEmpty(), 900000);
      QVERIFY(failed.isEmpty());
      QVERIFY(w.newModel());
      QVERIFY(doc->loadTask(QStringLiteral("reverse"), 200, 20, 1).isEmpty());
      // ≈ 59 M parameters: 235 MB, and twice that again for AdamW's moments
      gb::Config big = gb::Config::make(gb::Variant::EncoderDecoder, doc->data().tokenizer.size(), doc->data().max_len,
                                        8, 8, 8, 512, 2048);
      big.bos_id = gb::Tokenizer::kBos;
      big.eos_id = gb::Tokenizer::kEos;
      big.pad_id = gb::Tokenizer::kPad;
      QVERIFY(doc->build(big, 7 + cycle).isEmpty());
      const long long built = residentMB();
      QVERIFY2(built > 150, qPrintable(QString::number(built)));  // the model is there
      w.trainingPanel()->stepsBox()->setValue(2);
      QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
      QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->state() == TrainingController::State::Finished, 300000);
      QVERIFY(w.newModel());
      QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 60000);  // workers still finishing free their own
      QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
      QCoreApplication::processEvents();
      const long long now = residentMB();
      highest = std::max(highest, now);
      qInfo("cycle %d: %lld MB with the large model built, %lld MB after New", cycle + 1, built, now);
      if (cycle == 0) afterFirst = now;
      else
        // within 10% (the bound), and within 8 MB: without the trim the set grew ~3 MB a cycle, 9 MB in
        // the first (+11%)
        QVERIFY2(now <= afterFirst + std::min(afterFirst / 10, 8LL),
                 qPrintable(QStringLiteral("cycle %1: %2 MB after New, %3 MB after the first")
                                .arg(cycle + 1).arg(now).arg(afterFirst)));
    }
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    qInfo("after the first cycle %lld MB, at most %lld MB after New in %d cycles (%lld s)", afterFirst, highest, cycle,
          clock.elapsed() / 1000);
  }

  // A training run's memory is what the cap planned (issue 32: a 30-minute monkey with the cap at 3,072 MB grew
  // past 4 GB): the window's resident set grows, from before Build to the run's highest point (every tab shown, so
  // the views hold what they read: snapshots, the step's gradient, traces), by no more than the run reserved.
  void a_run_stays_within_what_the_cap_planned() {
    keepTheResidentSetFlat();
    MainWindow w;
    QStringList errors;
    showWindow(w, errors);
    ModelDocument* doc = w.document();
    QVERIFY(doc->loadTask(QStringLiteral("reverse"), 200, 20, 1).isEmpty());
    gb::Config big = gb::Config::make(gb::Variant::EncoderDecoder, doc->data().tokenizer.size(), doc->data().max_len,
                                      4, 4, 8, 512, 2048);
    big.bos_id = gb::Tokenizer::kBos;
    big.eos_id = gb::Tokenizer::kEos;
    big.pad_id = gb::Tokenizer::kPad;
    QCoreApplication::processEvents();
    const long long before = residentMB();
    QVERIFY(doc->build(big, 7).isEmpty());
    const long long built = residentMB();
    w.trainingPanel()->stepsBox()->setValue(6);
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QCOMPARE(w.trainer()->state(), TrainingController::State::Running);
    long long reserved = 0, highest = built;
    int tab = 0;
    QElapsedTimer clock;
    clock.start();
    while (w.trainer()->state() != TrainingController::State::Finished && clock.elapsed() < 600000) {
      reserved = std::max<long long>(reserved, MemoryLimit::reservedBytes() >> 20);
      w.tabs()->setCurrentIndex(tab++ % w.tabs()->count());
      (void)QTest::qWaitFor([&w] { return w.trainer()->state() == TrainingController::State::Finished; }, 50);  // (a sample's pace)
      highest = std::max(highest, residentMB());
    }
    QCOMPARE(w.trainer()->state(), TrainingController::State::Finished);
    for (int i = 0; i < w.tabs()->count(); ++i) {  // each view reads the finished run
      w.tabs()->setCurrentIndex(i);
      QVERIFY(QTest::qWaitFor([] { return workers::alive() == 0; }, 60000));
      highest = std::max(highest, residentMB());
    }
    const long long model = (long long)(gb::model_memory(big).parameters >> 20);
    qInfo("before Build %lld MB, built %lld MB, highest %lld MB; parameters %lld MB, run reserved %lld MB, model estimate %lld MB",
          before, built, highest, model, reserved, (long long)(gb::model_memory(big).total() >> 20));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    // the run's reservation holds the document's parameters too (besideRunBytes); 64 MB for the views themselves.
    // Without the window's copies counted the set grew 1,528 MB against a reservation of 868 MB.
    QVERIFY2(highest - before <= reserved + 64,
             qPrintable(QStringLiteral("grew %1 MB, reserved %2 MB").arg(highest - before).arg(reserved)));
  }
};

QTEST_MAIN(TestMemoryCycles)
#include "tst_memory_cycles.moc"
