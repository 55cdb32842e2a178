// One source of truth in the window: a model mixed with what it was not built for (another task, another variant,
// a data file, no data, a hostile saved cursor) never ends the window; it says why, disables what cannot work and
// keeps what it had. And the decoding chart shows exactly the distribution Step draws from.
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "core/io/model_file.h"
#include "core/text/prepare.h"
#include "mainwindow.h"
#include "test_support.h"
#include "panels/algorithmpanel.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/maskeditor.h"
#include "panels/perturbationpanel.h"
#include "controllers/perturbationcontroller.h"
#include "controllers/tracecontroller.h"
#include "controllers/algorithmcontroller.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

namespace {

// Σ (observed − expected)² / expected over the categories with expected > 0.
double chi_square(const std::vector<int>& counts, const std::vector<double>& probs, int n) {
  double x = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    const double e = probs[i] * n;
    if (e > 0) x += (counts[i] - e) * (counts[i] - e) / e;
  }
  return x;
}
// 0.999 quantile of χ² with k degrees of freedom (Wilson–Hilferty), for k ≥ 1.
double chi_square_limit(int k) {
  const double z = 3.0902;  // 0.999 of the standard normal
  const double a = 2.0 / (9.0 * k);
  return k * std::pow(1 - a + z * std::sqrt(a), 3);
}

int tabIndex(MainWindow& w, const char* name) {
  for (int i = 0; i < w.tabs()->count(); ++i)
    if (w.tabs()->widget(i)->findChild<QWidget*>(QLatin1String(name)) ||
        w.tabs()->widget(i)->objectName() == QLatin1String(name))
      return i;
  return -1;
}

}  // namespace

class TestConsistency : public QObject {
  Q_OBJECT

  // reverse (the task loaded at start) built with the tiny preset
  void buildReverse(MainWindow& w) {
    w.show();
    QVERIFY(w.document()->hasData());  // choosing a task loads it: nothing else before Build
    QCOMPARE(w.document()->taskName(), QStringLiteral("reverse"));
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QVERIFY(w.modelPanel()->buildButton()->isEnabled());
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    QVERIFY(w.document()->modelFitsData());
    QVERIFY(w.trainingPanel()->startButton()->isEnabled());
  }

  // The window refuses to train and says why; the model stays as it was.
  void expectRefused(MainWindow& w, const gb::Params<float>& before) {
    TrainingPanel* tp = w.trainingPanel();
    QVERIFY(!w.document()->modelFitsData());
    QVERIFY(!tp->startButton()->isEnabled());
    QVERIFY(!tp->stepButton()->isEnabled());
    QVERIFY2(!w.document()->fitProblem().isEmpty(), "the document says what is wrong");
    QVERIFY(w.modelPanel()->fitLabel()->isVisibleTo(w.modelPanel()));
    QVERIFY(tp->statusText().contains(w.document()->fitProblem()));
    // a click on the disabled buttons does nothing, and the controller's own door refuses too
    QTest::mouseClick(tp->startButton(), Qt::LeftButton);
    QTest::mouseClick(tp->stepButton(), Qt::LeftButton);
    TrainingController::RunStart run;
    gb::TrainOptions o;
    o.steps = 5;
    o.opt.lr = 0.01f;
    const auto err = w.trainer()->prepareRun(*w.document(), o, &run);
    QVERIFY(err.has_value());
    QCOMPARE(w.trainer()->state(), TrainingController::State::Idle);
    QVERIFY(w.document()->hasModel());
    QVERIFY(w.document()->params().W_e == before.W_e);  // nothing made is lost
    QVERIFY(w.isVisible());
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_consistency"));
    QSettings().clear();
  }

  void other_task_then_start_or_step() {
    MainWindow w;
    buildReverse(w);
    const gb::Params<float> before = w.document()->params();
    auto* box = w.dataPanel()->taskBox();
    box->setCurrentIndex(box->findData(QStringLiteral("translate")));
    QCOMPARE(w.document()->taskName(), QStringLiteral("translate"));
    expectRefused(w, before);
    QVERIFY(w.statusBar()->findChild<QLabel*>(QStringLiteral("statusLabel"))->text().contains("does not match"));
    // building again for the data makes it fit, and training works
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->modelFitsData());
    w.trainingPanel()->stepsBox()->setValue(2);
    QTest::mouseClick(w.trainingPanel()->stepButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->stepsDone(), 1, 30000);
  }

  void other_variant_then_start() {
    MainWindow w;
    buildReverse(w);
    const gb::Params<float> before = w.document()->params();
    auto* variant = w.modelPanel()->findChild<QComboBox*>(QStringLiteral("variantBox"));
    QVERIFY(variant);
    variant->setCurrentIndex(variant->findData(int(gb::Variant::DecoderOnly)));
    QCOMPARE(w.document()->variant(), gb::Variant::DecoderOnly);  // the task, laid out for the other variant
    expectRefused(w, before);
  }

  void other_data_file_then_start() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("story.txt"));
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      for (int i = 0; i < 200; ++i) f.write("Once upon a time there was a tiny transformer that learned to read.\n");
    }
    MainWindow w;
    w.modelPanel()->findChild<QComboBox*>(QStringLiteral("variantBox"))->setCurrentIndex(1);  // decoder-only
    buildReverse(w);
    const gb::Params<float> before = w.document()->params();
    QSignalSpy loaded(w.document(), &ModelDocument::dataChanged);
    w.dataPanel()->loadFile(path);
    QTRY_VERIFY_WITH_TIMEOUT(loaded.count() >= 1, 30000);
    expectRefused(w, before);
  }

  void model_without_data_then_start_or_step() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bare.safetensors"));
    gb::Config c = gb::Config::make(gb::Variant::DecoderOnly, 12, 16, 0, 1, 2, 16, 32);
    QVERIFY(!gb::save_model(path.toStdString(), gb::ModelFile::of(c, gb::params_init(c, 3))));  // no data, no tokenizer
    MainWindow w;
    QStringList errors;
    w.setErrorReporter([&](const QString& m) { errors << m; });
    w.show();
    QVERIFY(w.newModel());  // nothing open: the file brings no data either
    QVERIFY(w.openFile(path));
    QVERIFY(w.document()->hasModel());
    QVERIFY(!w.document()->hasData());
    QVERIFY(!errors.isEmpty() && errors.last().contains("Load the data"));
    expectRefused(w, w.document()->params());
    // decoding and the stepper need tokens: not offered
    auto* dp = w.findChild<DecodingPanel*>(QStringLiteral("decodingTab"));
    auto* ap = w.findChild<AlgorithmPanel*>(QStringLiteral("algorithmTab"));
    QVERIFY(!dp->startButton()->isEnabled());
    QVERIFY(!ap->startButton()->isEnabled());
    dp->start();
    ap->start();
    QVERIFY(!dp->controller()->active());
  }

  void reset_after_another_task() {
    MainWindow w;
    buildReverse(w);
    const gb::Params<float> before = w.document()->params();
    auto* box = w.dataPanel()->taskBox();
    box->setCurrentIndex(box->findData(QStringLiteral("translate")));
    TrainingPanel* tp = w.trainingPanel();
    QVERIFY(tp->resetButton()->isEnabled());
    QTest::mouseClick(tp->resetButton(), Qt::LeftButton);
    QVERIFY(w.document()->params().W_e == before.W_e);  // the failed rebuild changed nothing
    QVERIFY2(tp->statusText().contains("could not be made"), qPrintable(tp->statusText()));
    QVERIFY(!tp->statusText().contains("Fresh parameters"));
  }

  void rebuild_during_decoding_and_stepping() {
    MainWindow w;
    buildReverse(w);
    auto* dp = w.findChild<DecodingPanel*>(QStringLiteral("decodingTab"));
    auto* ap = w.findChild<AlgorithmPanel*>(QStringLiteral("algorithmTab"));
    dp->inputBox()->setCurrentText(QStringLiteral("abc"));
    QTest::mouseClick(dp->startButton(), Qt::LeftButton);
    QVERIFY(dp->controller()->active());
    QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    ap->inputBox()->setCurrentText(QStringLiteral("abc"));
    QTest::mouseClick(ap->startButton(), Qt::LeftButton);
    QVERIFY(ap->nextButton()->isEnabled());
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);  // another model
    QVERIFY(!dp->controller()->active());  // the session of the old model is gone
    QVERIFY(!dp->stepButton()->isEnabled());
    QVERIFY(!ap->nextButton()->isEnabled());
    // File → New clears every tab
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    auto* att = w.findChild<AttentionPanel*>(QStringLiteral("attentionTab"));
    QVERIFY(w.newModel());
    for (QWidget* v : att->findChildren<QCustomPlot*>()) QVERIFY(!v->isVisibleTo(att));
    QVERIFY(!dp->startButton()->isEnabled());
  }

  void hostile_training_cursor() {
    // a model file whose saved data order is not a permutation of the data
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("hostile.safetensors"));
    QVERIFY(write_hostile_cursor_model(path.toStdString(), 60, 2));
    MainWindow w;
    w.setErrorReporter([](const QString&) {});
    w.show();
    QVERIFY(w.openFile(path));
    QVERIFY(w.document()->modelFitsData());
    const gb::Params<float> before = w.document()->params();
    TrainingPanel* tp = w.trainingPanel();
    tp->stepsBox()->setValue(10);  // more than the saved 2: Start goes on from the saved state
    QTest::mouseClick(tp->startButton(), Qt::LeftButton);
    QCOMPARE(w.trainer()->state(), TrainingController::State::Idle);  // refused before any step
    QVERIFY2(tp->statusText().contains("not a permutation"), qPrintable(tp->statusText()));
    QVERIFY(w.document()->params().W_e == before.W_e);
    QVERIFY(w.isVisible());
  }

  // A paused run trains on its own copy of the data: after other data is loaded it is not resumed.
  void paused_run_then_another_task() {
    MainWindow w;
    buildReverse(w);
    TrainingPanel* tp = w.trainingPanel();
    tp->stepsBox()->setValue(50);
    QTest::mouseClick(tp->stepButton(), Qt::LeftButton);  // one step, then paused
    QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->atPausePoint(), 30000);
    QVERIFY(tp->startButton()->isEnabled());  // Resume
    auto* box = w.dataPanel()->taskBox();
    box->setCurrentIndex(box->findData(QStringLiteral("sort")));  // other data (it may even fit the model)
    QVERIFY(!tp->startButton()->isEnabled());
    QVERIFY(!tp->stepButton()->isEnabled());
    QVERIFY(tp->statusText().contains("while the run was paused"));
    QTest::mouseClick(tp->stopButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 30000);
  }

  // The task changes while the model trains: the views that read a probe (Attention, Perturbation, Algorithm,
  // the mask editor) never run the old model on the new task's tokens — each says why instead (issue: `<unk>` rows
  // and a probe cut to the old model's length). Building for the new data brings them back.
  void views_refuse_after_another_task() {
    MainWindow w;
    buildReverse(w);
    auto* att = w.findChild<AttentionPanel*>(QStringLiteral("attentionTab"));
    auto* ap = w.findChild<AlgorithmPanel*>(QStringLiteral("algorithmTab"));
    auto* pp = w.findChild<PerturbationPanel*>(QStringLiteral("perturbationTab"));
    auto* me = w.findChild<MaskEditor*>(QStringLiteral("maskEditor"));
    QVERIFY(att && ap && pp && me);
    // the views work on the model's own task
    w.tabs()->setCurrentIndex(tabIndex(w, "attentionTab"));
    QTRY_VERIFY_WITH_TIMEOUT(att->tracer()->hasTrace(), 30000);
    ap->inputBox()->setCurrentText(QStringLiteral("abc"));
    QTest::mouseClick(ap->startButton(), Qt::LeftButton);
    QVERIFY(ap->controller()->active());
    QVERIFY(pp->controller()->setInput(QStringLiteral("abc")).isEmpty());
    // a run goes on while the task changes
    TrainingPanel* tp = w.trainingPanel();
    tp->stepsBox()->setValue(100000);
    QTest::mouseClick(tp->startButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->stepsDone() >= 1, 30000);
    auto* box = w.dataPanel()->taskBox();
    box->setCurrentIndex(box->findData(QStringLiteral("translate")));
    QCOMPARE(w.document()->taskName(), QStringLiteral("translate"));
    const QString why = w.document()->viewProblem();
    QVERIFY2(why.contains(QLatin1String("does not match")), qPrintable(why));
    // Attention: no trace of the old model on the new probe, and the reason on screen
    w.tabs()->setCurrentIndex(tabIndex(w, "attentionTab"));
    QVERIFY(!att->tracer()->hasTrace());
    QVERIFY(!att->tracer()->busy());
    bool said = false;
    for (QLabel* l : att->findChildren<QLabel*>())
      if (l->isVisibleTo(att) && l->text() == why) said = true;
    QVERIFY2(said, "the Attention tab says why it shows nothing");
    for (QCustomPlot* v : att->findChildren<QCustomPlot*>()) QVERIFY(!v->isVisibleTo(att));
    // Algorithm: the listing of the old model on the old probe stops; Start refuses
    QVERIFY(!ap->controller()->active());
    ap->inputBox()->setCurrentText(QStringLiteral("I want to buy a car"));
    ap->start();
    QVERIFY(!ap->controller()->active());
    // Perturbation: refuses with the reason
    QCOMPARE(pp->controller()->setInput(QStringLiteral("I want to buy a car")), why);
    QVERIFY(!pp->controller()->ready());
    // the mask editor: nothing traced, the reason in its info line
    w.tabs()->setCurrentIndex(tabIndex(w, "masksTab"));
    w.findChild<QTabWidget*>(QStringLiteral("masksPages"))->setCurrentWidget(me);
    QTRY_VERIFY_WITH_TIMEOUT(me->infoLabel()->text() == why, 30000);
    // the run goes on (it trains on its own copy of the old data); Stop ends it, a build for the new task fits
    QTest::mouseClick(tp->stopButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->state() != TrainingController::State::Running, 30000);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(w.document()->modelFitsData(), 30000);
    QVERIFY(w.document()->viewProblem().isEmpty());
    QVERIFY(pp->controller()->setInput(QStringLiteral("I want to buy a car")).isEmpty());
    w.tabs()->setCurrentIndex(tabIndex(w, "attentionTab"));
    QTRY_VERIFY_WITH_TIMEOUT(att->tracer()->hasTrace(), 30000);
    for (int t : att->tracer()->example().x) QVERIFY(t != 3);  // no <unk>: the probe in the new model's tokens
  }

  // A model built after opening a file belongs to no file: Save must not write it over the old one.
  void build_after_open_forgets_the_path() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("m.safetensors"));
    {
      MainWindow w;
      buildReverse(w);
      QVERIFY(w.saveAs(path));
    }
    MainWindow w;
    w.setErrorReporter([](const QString&) {});
    w.show();
    QVERIFY(w.openFile(path));
    QCOMPARE(w.document()->filePath(), path);
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->filePath().isEmpty());
    QVERIFY(w.document()->isModified());
    QVERIFY(!w.windowTitle().contains("m.safetensors"));
  }

  // The chart's q is exactly what Step draws from: 50,000 draws against the bars, chi-square at 0.001.
  void chart_shows_what_step_draws_data() {
    QTest::addColumn<int>("tau");  // slider position
    QTest::addColumn<int>("topK");
    QTest::addColumn<double>("topP");
    QTest::newRow("τ = ∞, top-k 5") << DecodingPanel::kInfinityPosition << 5 << 1.0;
    QTest::newRow("τ = ∞, top-p 0.5") << DecodingPanel::kInfinityPosition << 0 << 0.5;
    QTest::newRow("τ = 1, top-p 0.9") << 20 << 0 << 0.9;
    QTest::newRow("τ = 1.5, top-k 4, top-p 0.95") << 30 << 4 << 0.95;
    QTest::newRow("τ = 0") << 0 << 0 << 1.0;
  }
  void chart_shows_what_step_draws() {
    QFETCH(int, tau);
    QFETCH(int, topK);
    QFETCH(double, topP);
    MainWindow w;
    buildReverse(w);
    w.trainingPanel()->stepsBox()->setValue(30);  // a little training: p is not flat
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
    auto* dp = w.findChild<DecodingPanel*>(QStringLiteral("decodingTab"));
    w.tabs()->setCurrentIndex(tabIndex(w, "decodingTab"));
    dp->inputBox()->setCurrentText(QStringLiteral("abcde"));
    QTest::mouseClick(dp->startButton(), Qt::LeftButton);
    DecodingController* ctl = dp->controller();
    QVERIFY(ctl->active());
    dp->topKBox()->setValue(topK);
    dp->topPBox()->setValue(topP);
    dp->temperatureSlider()->setValue(tau);
    // what the chart draws: q of each shown token; what is not shown is one more category
    const QVector<int> tokens = dp->chartTokens();
    QVERIFY(!tokens.isEmpty());
    auto bars = dp->qBars()->data();
    QCOMPARE(bars->size(), tokens.size());
    const int V = int(ctl->nextLogp().size());
    std::vector<double> chart(size_t(V), -1.0);
    double shownMass = 0;
    for (int i = 0; i < tokens.size(); ++i) {
      chart[size_t(tokens[i])] = bars->at(i)->value;
      shownMass += bars->at(i)->value;
    }
    if (std::isinf(DecodingPanel::temperatureAt(tau)) && topK > 0) {
      // the kept tokens are the k most likely under p (not the k lowest ids)
      const auto& lp = ctl->nextLogp();
      for (int i = 0; i < topK; ++i) QVERIFY(chart[size_t(tokens[i])] > 0);
      for (int i = topK; i < tokens.size(); ++i) QCOMPARE(chart[size_t(tokens[i])], 0.0);
      QVERIFY(lp[size_t(tokens[0])] >= lp[size_t(tokens[topK])]);
    }
    // 50,000 draws through Step (the controller's own path), each taken back; Back rewinds the generator (the
    // same draw again), so each draw gets a seed of its own
    const int n = 50000;
    std::vector<int> counts(size_t(V), 0);
    {
      QSignalBlocker quiet(ctl);  // no repaint per draw
      ctl->reseed(7);
      QVERIFY(ctl->step().isEmpty());
      const int first = ctl->session()->steps().back().choice.token;
      const double u = ctl->session()->steps().back().choice.random;
      QVERIFY(ctl->back());
      QVERIFY(ctl->step().isEmpty());  // after Back, Next draws the same number
      QCOMPARE(ctl->session()->steps().back().choice.token, first);
      QCOMPARE(ctl->session()->steps().back().choice.random, u);
      QVERIFY(ctl->back());
      for (int k = 0; k < n; ++k) {
        ctl->reseed(quint64(k) + 1000);
        QVERIFY(ctl->step().isEmpty());
        ++counts[size_t(ctl->session()->steps().back().choice.token)];
        QVERIFY(ctl->back());
      }
    }
    std::vector<int> obs;
    std::vector<double> exp;
    int others = 0;
    for (int t = 0; t < V; ++t) {
      if (chart[size_t(t)] < 0) { others += counts[size_t(t)]; continue; }
      if (chart[size_t(t)] == 0) QCOMPARE(counts[size_t(t)], 0);  // the chart says never: never drawn
      obs.push_back(counts[size_t(t)]);
      exp.push_back(chart[size_t(t)]);
    }
    obs.push_back(others);
    exp.push_back(std::max(0.0, 1.0 - shownMass));
    // categories expected fewer than 5 times are pooled (the usual rule for the χ² approximation)
    std::vector<int> o2;
    std::vector<double> e2;
    int pooledObs = 0;
    double pooledExp = 0;
    for (size_t i = 0; i < obs.size(); ++i) {
      if (exp[i] * n < 5) {
        pooledObs += obs[i];
        pooledExp += exp[i];
      } else {
        o2.push_back(obs[i]);
        e2.push_back(exp[i]);
      }
    }
    if (pooledExp * n >= 1) {
      o2.push_back(pooledObs);
      e2.push_back(pooledExp);
    } else {
      QVERIFY2(pooledObs <= 3, "tokens the chart gives (almost) no mass were drawn often");
    }
    obs = o2;
    exp = e2;
    int categories = 0;
    for (double e : exp) categories += e > 0 ? 1 : 0;
    if (categories <= 1) {
      for (size_t i = 0; i < exp.size(); ++i) QCOMPARE(obs[i], exp[i] > 0 ? n : 0);  // τ = 0: one token, always
    } else {
      const double x = chi_square(obs, exp, n);
      QVERIFY2(x < chi_square_limit(categories - 1), qPrintable(QString("χ² = %1 with %2 categories").arg(x).arg(categories)));
    }
  }
};

QTEST_MAIN(TestConsistency)
#include "tst_consistency.moc"
