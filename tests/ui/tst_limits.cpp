// Resource limits in the workbench: a model whose memory estimate (the core's model_memory) exceeds what the
// machine has, or the cap in the settings (limits/memoryMB), is refused where its sizes are typed — Build disabled,
// the estimate and the limit next to it — and the document refuses to build it before allocating anything.
#include "controllers/algorithmcontroller.h"
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/tracecontroller.h"
#include "core/train/memory.h"
#include "mainwindow.h"
#include "memorylimit.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"

#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QtTest>

#ifdef _OPENMP
#include <omp.h>
#endif

class TestLimits : public QObject {
  Q_OBJECT

  static QSpinBox* spin(ModelPanel* p, const QString& accessibleName) {
    for (QSpinBox* s : p->findChildren<QSpinBox*>())
      if (s->accessibleName() == accessibleName) return s;
    return nullptr;
  }
  static QString mb(int64_t bytes) { return QString::fromStdString(gb::megabytes(bytes)); }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_limits"));
    QSettings().clear();
  }
  void cleanup() { QSettings().remove(QStringLiteral("limits/memoryMB")); }

  void a_model_over_the_cap_is_refused_before_it_is_built() {
    MainWindow w;
    w.setErrorReporter([](const QString& m) { QFAIL(qPrintable(m)); });
    w.show();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    ModelPanel* mp = w.modelPanel();
    mp->presetBox()->setCurrentIndex(1);  // Small: fits anywhere
    QVERIFY(mp->buildButton()->isEnabled());
    QVERIFY(mp->problemLabel()->text().isEmpty());
    const int64_t need = gb::model_memory(mp->config()).total();
    QVERIFY(need > 1024 * 1024);  // more than the cap below
    QSettings().setValue(QStringLiteral("limits/memoryMB"), 1);
    mp->dModelBox()->setValue(mp->dModelBox()->value() + mp->headsBox()->value());  // typed: checked at once
    const gb::Config c = mp->config();
    const QString estimate = mb(gb::model_memory(c).total());
    QVERIFY(!mp->buildButton()->isEnabled());
    QVERIFY2(mp->problemLabel()->text().contains(estimate + " MB"), qPrintable(mp->problemLabel()->text()));
    QVERIFY2(mp->problemLabel()->text().contains("1 MB available"), qPrintable(mp->problemLabel()->text()));
    // the document refuses too, whoever asks: nothing is built, nothing replaced
    const QString err = w.document()->build(c, 0);
    QVERIFY2(err.contains(estimate + " MB"), qPrintable(err));
    QVERIFY(!w.document()->hasModel());
    // without the cap the same model builds
    QSettings().remove(QStringLiteral("limits/memoryMB"));
    mp->dModelBox()->setValue(mp->dModelBox()->value() - mp->headsBox()->value());
    QVERIFY(mp->buildButton()->isEnabled());
    QTest::mouseClick(mp->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
  }

  // Decoding and traces are planned against the same cap (issue 32): To the end, a beam search, Compare and a trace
  // whose memory estimate (the core's decode_to_end_memory, beam_search_memory, trace_memory) exceeds it are refused
  // with the estimate and the limit, before anything of that size is made; without the cap they run.
  void decoding_and_traces_over_the_cap_are_refused() {
    MainWindow w;
    w.setErrorReporter([](const QString& m) { QFAIL(qPrintable(m)); });
    w.show();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    QTRY_VERIFY(w.document()->hasData());
    ModelPanel* mp = w.modelPanel();
    mp->presetBox()->setCurrentIndex(1);  // Small
    mp->maxLenBox()->setValue(2048);      // caches of ℓ_max columns: a few MB
    QTest::mouseClick(mp->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    ModelDocument* doc = w.document();
    const gb::Config c = doc->config();
    DecodingController dec;
    dec.setSyncBudget(1e18);  // all of it here: no worker to wait for
    QVERIFY(dec.start(c, doc->sharedParams(), *doc->tokenizerForModel(), QStringLiteral("abc"), c.is_ed(), 1).isEmpty());
    QSettings().setValue(QStringLiteral("limits/memoryMB"), 1);
    // a new session's caches (ℓ_max = 2048 columns a layer: a few MB) are planned too: refused, the one there stays
    QVERIFY(gb::decode_session_memory(c, 3) > 1024 * 1024);
    const std::vector<int> tokensBefore = dec.session()->tokens();
    const QString again = dec.start(c, doc->sharedParams(), *doc->tokenizerForModel(), QStringLiteral("abcd"), c.is_ed(), 1);
    QVERIFY2(again.contains(QStringLiteral("1 MB available")), qPrintable(again));
    QVERIFY(dec.session() && dec.session()->tokens() == tokensBefore);
    QSignalSpy ran(&dec, &DecodingController::runFinished);
    const qsizetype before = dec.generatedTokens().size();
    QCOMPARE(dec.runToEnd(), 0);
    QCOMPARE(ran.size(), 1);
    const QString toEnd = ran.first().at(1).toString();
    QVERIFY2(toEnd.contains(QStringLiteral("1 MB available")), qPrintable(toEnd));
    QCOMPARE(dec.generatedTokens().size(), before);  // nothing decoded
    const QString beam = dec.beam(4, 0.6);
    QVERIFY2(beam.contains(QStringLiteral("1 MB available")), qPrintable(beam));
    const QString both = dec.compare(4, 0.6);
    QVERIFY2(both.contains(QStringLiteral("1 MB available")), qPrintable(both));
    // a trace of 300 tokens: 5 maps of n × n per head and attention, tens of MB
    gb::Example longer;
    longer.x.assign(300, gb::Tokenizer::kBos);
    if (c.is_ed()) longer.z = longer.x;
    TraceController tracer;
    QSignalSpy refused(&tracer, &TraceController::unreadable), traced(&tracer, &TraceController::traced);
    tracer.request(c, doc->sharedParams(), longer, QStringLiteral("long"));
    QCOMPARE(refused.size(), 1);
    QVERIFY2(tracer.problem().contains(QStringLiteral("1 MB available")), qPrintable(tracer.problem()));
    QVERIFY(!tracer.hasTrace());
    // the Algorithm tab's listing of the same length: its records stepped to the end, refused before the first line
    AlgorithmController stepper;
    const QString lines = stepper.start(c, doc->params(), *doc->tokenizerForModel(), QString(300, QLatin1Char('a')),
                                        QString(300, QLatin1Char('a')));
    QVERIFY2(lines.contains(QStringLiteral("1 MB available")), qPrintable(lines));
    QVERIFY(!stepper.stepper());
    // without the cap: decoded, searched, traced
    QSettings().remove(QStringLiteral("limits/memoryMB"));
    QVERIFY(dec.runToEnd() > 0);
    // (a search from a finished sequence is refused: its tree grew on past <eos>)
    const QString searched = dec.beam(2, 0.6);
    if (dec.finished()) QVERIFY2(searched.contains(QStringLiteral("Decoding has ended")), qPrintable(searched));
    else QVERIFY2(searched.isEmpty(), qPrintable(searched));
    QTRY_VERIFY(dec.busy() == DecodingController::Work::None);
    QVERIFY(dec.rewindTo(0));  // from the start again: the search runs
    QVERIFY(!dec.finished());
    const QString fromStart = dec.beam(2, 0.6);
    QVERIFY2(fromStart.isEmpty(), qPrintable(fromStart));
    QTRY_VERIFY(dec.busy() == DecodingController::Work::None);
    tracer.setSyncBudget(1e18);
    tracer.request(c, doc->sharedParams(), longer, QStringLiteral("long2"));
    QCOMPARE(traced.size(), 1);
    QVERIFY(tracer.problem().isEmpty());
  }

  // The largest sizes the fields allow (ℓ_max 4096, 24 + 24 layers, d_e 1024, d_mlp 8192) need far more than a
  // teaching machine has: refused on the spot, with the estimate, and the open model stays.
  void the_largest_sizes_are_checked_where_they_are_typed() {
    MainWindow w;
    w.show();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    ModelPanel* mp = w.modelPanel();
    mp->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(mp->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    const int generation = w.document()->generation();
    QSettings().setValue(QStringLiteral("limits/memoryMB"), 16 * 1024);  // a laptop's 16 GB
    mp->maxLenBox()->setValue(4096);
    spin(mp, "Encoder layers L_enc")->setValue(24);
    spin(mp, "Decoder layers L_dec / L")->setValue(24);
    mp->dModelBox()->setValue(1024);
    spin(mp, "MLP width d_mlp")->setValue(8192);
    const gb::Config c = mp->config();
    QCOMPARE(c.max_len, 4096);
    QCOMPARE(c.d_mlp, 8192);
    const QString estimate = mb(gb::model_memory(c).total());
    QVERIFY(!mp->buildButton()->isEnabled());
    QVERIFY2(mp->problemLabel()->text().contains(estimate + " MB"), qPrintable(mp->problemLabel()->text()));
    QVERIFY(!w.document()->build(c, 0).isEmpty());
    QCOMPARE(w.document()->generation(), generation);  // the open model is the one built before
    // and without a cap, against what this machine has
    QSettings().remove(QStringLiteral("limits/memoryMB"));
    mp->dModelBox()->setValue(1023);
    mp->dModelBox()->setValue(1024);
    const bool fits = gb::model_memory(c).total() <= gb::available_memory_bytes();
    QCOMPARE(mp->buildButton()->isEnabled(), fits);
    QCOMPARE(mp->problemLabel()->text().contains(estimate + " MB"), !fits);
  }

  // A batch too large for the memory is refused as it is typed: Start and Step disabled, the estimate said.
  void a_batch_over_the_cap_is_refused_where_it_is_typed() {
    MainWindow w;
    w.show();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    w.modelPanel()->presetBox()->setCurrentIndex(1);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    TrainingPanel* tp = w.trainingPanel();
    tp->optimizerBox()->setCurrentIndex(tp->optimizerBox()->findData(1));  // AdamW: batches
    tp->batchBox()->setValue(32);
    QVERIFY(tp->startButton()->isEnabled());
    int longest_x = 0, longest_z = 0;
    for (const gb::Example& e : w.document()->data().train) {
      longest_x = std::max(longest_x, int(e.x.size()));
      longest_z = std::max(longest_z, int(e.z.size()));
    }
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    gb::TrainOptions o;
    o.opt.kind = gb::OptimizerKind::AdamW;
    o.batch_size = 4096;
    // (and what the window keeps beside a run: its snapshots)
    const int64_t beside = MemoryLimit::besideRunBytes(w.document()->config(), o);
    const int64_t big = gb::training_bytes(w.document()->config(), o, threads, longest_x, longest_z) + beside;
    o.batch_size = 32;
    const int64_t small = gb::training_bytes(w.document()->config(), o, threads, longest_x, longest_z) + beside;
    QVERIFY(big > 4 * small);
    QSettings().setValue(QStringLiteral("limits/memoryMB"), qint64((small + big) / 2 >> 20));
    tp->batchBox()->setValue(4096);
    QVERIFY(!tp->startButton()->isEnabled());
    QVERIFY(!tp->stepButton()->isEnabled());
    QLabel* status = nullptr;
    for (QLabel* l : tp->findChildren<QLabel*>())
      if (l->text().contains("Training is not possible")) status = l;
    QVERIFY(status);
    QVERIFY2(status->text().contains(mb(big) + " MB"), qPrintable(status->text()));
    tp->batchBox()->setValue(32);
    QVERIFY(tp->startButton()->isEnabled());
  }
};

QTEST_MAIN(TestLimits)
#include "tst_limits.moc"
