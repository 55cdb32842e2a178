// The built-in lessons open, train from their seeds and reach their key moments in the real window: reversal's
// cross-attention on the anti-diagonal, the translation decoding "Ich will ein Auto kaufen", the language model
// repeating itself at τ = 0 and drawing uniformly at τ = ∞. Hostile lesson files are refused with a message and
// leave the open work as it was.
#include "widgets/textlabel.h"
#include "controllers/decodingcontroller.h"
#include "controllers/lesson.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "lessonrunner.h"
#include "mainwindow.h"
#include "tabs.h"
#include "startpage.h"
#include "controllers/algorithmcontroller.h"
#include "controllers/perturbationcontroller.h"
#include "lessondock.h"
#include "panels/algorithmpanel.h"
#include "panels/attentionpanel.h"
#include "panels/comparepanel.h"
#include "panels/statespanel.h"
#include "controllers/statescontroller.h"
#include "controllers/comparecontroller.h"
#include "panels/maskeditor.h"
#include "panels/maskspanel.h"
#include "panels/parameterspanel.h"
#include "panels/perturbationpanel.h"
#include "widgets/matrixview.h"
#include "panels/decodingpanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "widgets/heatmap.h"

#include <QLabel>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QListWidget>
#include <QLabel>
#include <QElapsedTimer>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTranslator>
#include "ui/settle.h"

#include "test_support.h"

#include <QtTest>

#include <cmath>

namespace {

// Opens a lesson and waits for its key moment; returns the seconds it took (−1: it failed).
double openAndWait(MainWindow& w, const QString& name) {
  QSignalSpy reached(w.lessonRunner(), &LessonRunner::reached);
  QSignalSpy failed(w.lessonRunner(), &LessonRunner::failed);
  QElapsedTimer clock;
  clock.start();
  const QString err = w.openLesson(name);
  if (!err.isEmpty()) {
    qWarning("%s", qPrintable(err));
    return -1;
  }
  // a hang bound, not a time target (the key moments come in seconds; a machine loaded by other work is slower)
  (void)QTest::qWaitFor([&] { return !reached.isEmpty() || !failed.isEmpty(); }, 300000);  // (then reached or not)
  if (!failed.isEmpty()) qWarning("%s", qPrintable(failed.first().first().toString()));
  return reached.isEmpty() ? -1 : clock.elapsed() / 1000.0;
}

// What the class sees of the current tab (the view in its scroll area), once every queued replot is done.
QImage grabView(MainWindow& w) { return settledFrame(w.tabs()->currentWidget()); }

// How many pixels two pictures differ in (all of them when the sizes differ).
qsizetype differingPixels(const QImage& a, const QImage& b) {
  if (a.size() != b.size()) return qsizetype(std::max(a.width() * a.height(), b.width() * b.height()));
  const QImage x = a.convertToFormat(QImage::Format_ARGB32), y = b.convertToFormat(QImage::Format_ARGB32);
  qsizetype n = 0;
  for (int r = 0; r < x.height(); ++r)
    for (int c = 0; c < x.width(); ++c) n += x.pixel(c, r) != y.pixel(c, r);
  return n;
}

// χ² limit at p = 0.001 for k degrees of freedom (Wilson–Hilferty).
double chiSquareLimit(int k) {
  const double z = 3.09;
  const double a = 2.0 / (9.0 * k);
  return k * std::pow(1 - a + z * std::sqrt(a), 3);
}

}  // namespace

class TestLessons : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_lessons"));
    QSettings().clear();
  }

  void builtins_parse_in_both_languages() {
    QCOMPARE(builtinLessonIds().size(), 7);
    for (const QString& id : builtinLessonIds())
      for (const QString& lang : {QStringLiteral("en"), QStringLiteral("de")}) {
        QString error;
        const auto l = loadLesson(id, lang, &error);
        QVERIFY2(l, qPrintable(error));
        QCOMPARE(l->id, id);
        QVERIFY(!l->title.isEmpty() && l->summary.size() > 60 && !l->beats.isEmpty());
        QVERIFY2(!QPixmap(l->picture).isNull(), qPrintable(l->picture));
        for (const LessonBeat& b : l->beats) QVERIFY(!b.caption.isEmpty());
      }
    // written back as read: the recipe's comparison too
    {
      const auto l = loadLesson(QStringLiteral("hmm-to-transformer"), QStringLiteral("en"), nullptr);
      QVERIFY(l);
      QCOMPARE(l->recipe.compareFamilies,
               QStringList({QStringLiteral("bigram"), QStringLiteral("hmm"), QStringLiteral("rnn"), QStringLiteral("decoder-only")}));
      QCOMPARE(l->recipe.compareSteps, 300);
      QCOMPARE(l->recipe.compareEmIterations, 20);
      QCOMPARE(l->recipe.compareTemperature, 0.8);
      const auto again = parseLesson(lessonToJson(*l), QStringLiteral("en"), QStringLiteral("again.json"), nullptr);
      QVERIFY(again);
      QCOMPARE(again->recipe.compareFamilies, l->recipe.compareFamilies);
      QCOMPARE(again->recipe.compareSteps, 300);
      QCOMPARE(again->recipe.compareEmIterations, 20);
      QCOMPARE(again->recipe.compareTemperature, 0.8);
      QCOMPARE(again->beats.size(), l->beats.size());
    }
    QString error;
    QCOMPARE(loadLesson(QStringLiteral("translation"), QStringLiteral("de"), &error)->title,
             QStringLiteral("„Ich will ein Auto kaufen“"));
  }

  // The Start page offers every built-in lesson with its picture, title and an Open button that says which lesson;
  // Open closes it with that lesson chosen. GLASSBOX_TEST_SHOTS=DIR keeps a picture of it at 1024×768 and 1280×800.
  void start_page_offers_every_lesson() {
    if (!qEnvironmentVariableIsEmpty("GLASSBOX_TEST_SHOTS")) {  // the German page too, for the eye
      QTranslator de;
      QVERIFY(de.load(QStringLiteral(":/i18n/glassbox_de.qm")));
      QCoreApplication::installTranslator(&de);
      QLocale::setDefault(QLocale(QLocale::German));
      {
        StartPage german;
        german.resize(960, 600);
        german.show();
        QVERIFY(QTest::qWaitForWindowExposed(&german));
        german.grab().save(QStringLiteral("%1/startpage-de.png").arg(qEnvironmentVariable("GLASSBOX_TEST_SHOTS")));
      }
      QCoreApplication::removeTranslator(&de);
      QLocale::setDefault(QLocale(QLocale::English));
    }
    MainWindow w;
    StartPage page(&w);
    for (const QSize size : {QSize(1024, 768), QSize(1280, 800)}) {
      page.resize(size.boundedTo(QSize(size.width() * 3 / 4, size.height() * 3 / 4)));
      page.show();
      QVERIFY(QTest::qWaitForWindowExposed(&page));
      if (!qEnvironmentVariableIsEmpty("GLASSBOX_TEST_SHOTS"))
        page.grab().save(QStringLiteral("%1/startpage-%2.png").arg(qEnvironmentVariable("GLASSBOX_TEST_SHOTS")).arg(size.width()));
    }
    for (const QString& id : builtinLessonIds()) {
      auto* open = page.findChild<QPushButton*>(QStringLiteral("open_") + id);
      QVERIFY2(open, qPrintable(id));
      QVERIFY(open->accessibleName().contains(loadLesson(id, QStringLiteral("en"), nullptr)->title));
    }
    int pictures = 0;
    for (QLabel* l : page.findChildren<QLabel*>()) pictures += l->pixmap().isNull() ? 0 : 1;
    QCOMPARE(pictures, int(builtinLessonIds().size()));
    page.findChild<QPushButton*>(QStringLiteral("open_translation"))->click();
    QCOMPARE(page.result(), int(QDialog::Accepted));
    QCOMPARE(page.chosen(), QStringLiteral("translation"));
  }

  // A lesson is not opened over a running training: the window says why and the run goes on.
  void no_lesson_over_a_running_training() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.modelPanel()->buildButton()->click();
    w.trainingPanel()->stepsBox()->setValue(100000);
    w.trainingPanel()->startButton()->click();
    QCOMPARE(w.trainer()->state(), TrainingController::State::Running);
    const int generation = w.document()->generation();
    const QString err = w.openLesson(QStringLiteral("reversal"));
    QVERIFY2(err.contains(QStringLiteral("Training is running")), qPrintable(err));
    QCOMPARE(w.document()->generation(), generation);
    QCOMPARE(w.trainer()->state(), TrainingController::State::Running);
    w.trainer()->reset();
  }

  // A lesson opened while presenting (--lesson … --present): leaving presentation mode shows its dock (the docks'
  // state kept at F5 had none).
  void lesson_opened_while_presenting_keeps_its_dock() {
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.lessonDock()->isVisible());
    w.setPresenting(true);
    QVERIFY(openAndWait(w, QStringLiteral("reversal")) >= 0);
    QVERIFY(!w.lessonDock()->isVisible());  // (presenting: no docks)
    w.setPresenting(false);
    QTRY_VERIFY(w.lessonDock()->isVisible());
    QVERIFY(!w.lessonDock()->visibleRegion().isEmpty());
  }

  void reversal_draws_the_anti_diagonal() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    // presenting while the lesson is prepared: the caption says so, and the beat keys move nothing (the view is the
    // model training, no beat yet)
    // (presenting only for these checks: a full-screen view redrawn while the model trains slows the training on
    // two cores many times over — the lesson is then prepared in the workbench)
    QSignalSpy progress(w.lessonRunner(), &LessonRunner::progress);
    QSignalSpy reached(w.lessonRunner(), &LessonRunner::reached);
    QElapsedTimer clock;
    clock.start();
    QVERIFY(w.openLesson(QStringLiteral("reversal")).isEmpty());
    w.setPresenting(true);
    QTRY_VERIFY(!progress.isEmpty());
    auto* preparing = w.findChild<QLabel*>(QStringLiteral("beatCaption"));
    QVERIFY(w.lessonRunner()->running());
    QVERIFY(preparing->isVisible());
    QVERIFY(preparing->text().startsWith(QStringLiteral("Preparing the lesson: ")));
    const int tabBefore = w.tabs()->currentIndex();
    const QJsonObject viewBefore = w.presentable(tabBefore)->viewState();  // (Space would step its head)
    QTest::keyClick(&w, Qt::Key_Space);
    QTest::keyClick(&w, Qt::Key_PageUp);
    QCOMPARE(w.lessonRunner()->beat(), -1);
    QCOMPARE(w.tabs()->currentIndex(), tabBefore);
    QCOMPARE(w.presentable(tabBefore)->viewState(), viewBefore);
    w.setPresenting(false);
    // ready: the first beat's caption replaces it
    QTRY_VERIFY_WITH_TIMEOUT(!reached.isEmpty(), 280000);  // (a hang bound)
    const double s = clock.elapsed() / 1000.0;
    QCOMPARE(w.lessonRunner()->beat(), 0);
    QTRY_COMPARE(preparing->text(), keepFormulasTogether(w.lessonRunner()->lesson().beats[0].caption));
    qInfo("reversal reached its key moment in %.1f s", s);
    // the lesson's model is made again by opening the lesson: quitting now asks nothing (it asked to save it)
    QVERIFY(w.document()->hasModel());
    QVERIFY(!w.document()->isModified());
    QVERIFY(w.windowTitle().contains(w.lessonRunner()->lesson().title));  // (not "Untitled": the lesson has no file)
    QCOMPARE(w.tabs()->currentIndex(), 0);
    auto* ap = w.findChild<AttentionPanel*>();
    QCOMPARE(ap->kindBox()->currentData().toInt(), int(gb::AttentionRecord::Kind::Cross));
    const gb::MatF& A = ap->large()->weights();  // keys (the source z) × queries (<bos> and the target x)
    const int n = int(A.rows());
    QCOMPARE(n, 5);  // the probe "gbdhe"
    QVERIFY(A.cols() >= n);
    const double mass = anti_diagonal_mass(A);
    qInfo("mass on the anti-diagonal: %.1f%%", 100 * mass);
    QVERIFY(mass >= 0.8);
    // presenting: the beat's caption describes the beat's view; the tab stepped by itself (an arrow) shows
    // another view, and the caption goes; the next beat brings its own
    w.setPresenting(true);
    auto* caption = w.findChild<QLabel*>(QStringLiteral("beatCaption"));
    QVERIFY(caption && caption->isVisible());
    QCOMPARE(caption->text(), keepFormulasTogether(w.lessonRunner()->lesson().beats[0].caption));
    QTest::keyClick(&w, Qt::Key_Question);  // the keys: Space walks the lesson, → the tab
    QTRY_VERIFY(w.keysOverlay()->isVisible());
    const QString keys = static_cast<QLabel*>(w.keysOverlay())->text();
    QVERIFY(keys.contains(QStringLiteral("the lesson's next beat")));
    QVERIFY(!keys.contains(QStringLiteral("Space, →, Page Down")));
    QTest::keyClick(&w, Qt::Key_Escape);  // (any key closes the list, and does nothing else)
    QTRY_VERIFY(!w.keysOverlay()->isVisible());
    QTest::keyClick(&w, Qt::Key_Left);  // (the beat shows the last layer's mean: ← steps to its last head)
    QCOMPARE(w.lessonRunner()->beat(), 0);
    QVERIFY(!caption->isVisible());
    QTest::keyClick(&w, Qt::Key_PageDown);
    QCOMPARE(w.lessonRunner()->beat(), 1);
    QVERIFY(caption->isVisible());
    QCOMPARE(caption->text(), keepFormulasTogether(w.lessonRunner()->lesson().beats[1].caption));
    const int beatTab = w.tabs()->currentIndex();
    QTest::keyClick(&w, Qt::Key_1);  // another tab than the beat's: the caption goes with it
    QCOMPARE(w.tabs()->currentIndex(), 0);
    QVERIFY(beatTab != 0);
    QVERIFY(!caption->isVisible());
    QTest::keyClick(&w, Qt::Key_PageUp);  // the beat again (its tab, its caption), then the first beat
    QCOMPARE(w.lessonRunner()->beat(), 1);
    QCOMPARE(w.tabs()->currentIndex(), beatTab);
    QVERIFY(caption->isVisible());
    QTest::keyClick(&w, Qt::Key_PageUp);  // back to the first beat (its tab, its caption), then the strip's ◀ head
    QCOMPARE(w.lessonRunner()->beat(), 0);
    QVERIFY(caption->isVisible());
    QPushButton* backHead = nullptr;
    for (auto* b : w.presenterStrip()->findChildren<QPushButton*>())
      if (b->accessibleName() == QStringLiteral("Previous head")) backHead = b;
    QVERIFY(backHead);
    backHead->click();
    QVERIFY(!caption->isVisible());
    // Page Up from a view stepped away from the beat: the beat again (its view, its caption); at the first beat it
    // stays there (nothing before it)
    const QJsonObject beatView = w.lessonRunner()->lesson().beats[0].view;
    QVERIFY(w.presentable(0)->viewState() != beatView);
    QTest::keyClick(&w, Qt::Key_PageUp);
    QCOMPARE(w.lessonRunner()->beat(), 0);
    QVERIFY(caption->isVisible());
    const QJsonObject shown = w.presentable(0)->viewState();
    QTest::keyClick(&w, Qt::Key_PageUp);
    QCOMPARE(w.lessonRunner()->beat(), 0);
    QCOMPARE(w.tabs()->currentIndex(), 0);
    QCOMPARE(w.presentable(0)->viewState(), shown);
    QVERIFY(caption->isVisible());
    // past the last beat Space steps its tab (the caption goes); Page Up shows the last beat again
    const int last = int(w.lessonRunner()->lesson().beats.size()) - 1;
    QVERIFY(w.lessonRunner()->showBeat(last));
    QVERIFY(caption->isVisible());
    QTest::keyClick(&w, Qt::Key_Space);
    QCOMPARE(w.lessonRunner()->beat(), last);
    QTRY_VERIFY(!caption->isVisible());
    QTest::keyClick(&w, Qt::Key_PageUp);
    QCOMPARE(w.lessonRunner()->beat(), last);
    QVERIFY(caption->isVisible());
    QCOMPARE(caption->text(), keepFormulasTogether(w.lessonRunner()->lesson().beats[last].caption));
    w.setPresenting(false);
  }

  void translation_decodes_the_sentence() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double s = openAndWait(w, QStringLiteral("translation"));
    QVERIFY(s >= 0);
    qInfo("the translation lesson reached its key moment in %.1f s", s);
    QCOMPARE(w.tabs()->currentIndex(), 3);
    DecodingController* ctl = w.findChild<DecodingPanel*>()->controller();
    QVERIFY(ctl->active());
    QCOMPARE(ctl->sampler().temperature, 0.0);
    // the first beat opens before the first word: the presenter's Space takes one word after another
    QVERIFY(ctl->session()->steps().empty());
    QCOMPARE(w.lessonRunner()->lesson().beats[0].walk, 6);
    w.setPresenting(true);
    // F5 re-lays the chart out wider: its bars are named by their tokens, not numbered by rank
    auto* chartPanel = w.findChild<DecodingPanel*>();
    QTRY_COMPARE(chartPanel->chart()->xAxis->label(), QStringLiteral("the most likely tokens under p"));
    for (int i = 0; i < 6; ++i) {
      QTest::keyClick(w.tabs()->currentWidget(), Qt::Key_Space);
      QCOMPARE(w.lessonRunner()->beat(), 0);
      QCOMPARE(ctl->session()->steps().size(), size_t(i + 1));
    }
    QCOMPARE(ctl->generatedText(), QStringLiteral("Ich will ein Auto kaufen"));
    QVERIFY(ctl->finished());
    // done: the chart shows the step that chose <eos> (the text says its p), not a distribution after <eos>
    auto* dp = w.findChild<DecodingPanel*>();
    QTRY_VERIFY(dp->chartValues().size() > 0);
    const auto& last = ctl->session()->steps().back();
    QCOMPARE(dp->chartTokens().value(0), last.choice.token);
    QCOMPARE(dp->chartValues().value(0), std::exp(last.logp[size_t(last.choice.token)]));
    w.setPresenting(false);
    // the second beat: the whole sentence at once
    QVERIFY(w.lessonRunner()->showBeat(1));
    QCOMPARE(ctl->generatedText(), QStringLiteral("Ich will ein Auto kaufen"));
    // the third beat: the cross-attention of the same sentence
    QVERIFY(w.lessonRunner()->showBeat(2));
    QCOMPARE(w.tabs()->currentIndex(), 0);
    QCOMPARE(w.findChild<AttentionPanel*>()->probeBox()->currentText(), QStringLiteral("I want to buy a car"));
  }

  // "From HMM to transformer" in the window: its key moment is the Compare tab with the four families' result — the
  // workbench's comparison, shown as the core computed it, the beat's families checked; shown again, it stays.
  void hmm_to_transformer_compares_four_families() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double s = openAndWait(w, QStringLiteral("hmm-to-transformer"));
    QVERIFY(s >= 0);
    qInfo("the HMM-to-transformer lesson reached its key moment in %.1f s", s);
    auto* cp = w.findChild<ComparePanel*>();
    QVERIFY(w.tabs()->currentWidget()->isAncestorOf(cp));
    const auto& r = cp->controller()->result();
    QVERIFY(r.has_value());
    QCOMPARE(r->sides.size(), size_t(4));
    QCOMPARE(cp->lossPlot()->graphCount(), 4);
    QVERIFY(cp->lossPlot()->isVisibleTo(cp));
    for (size_t k = 0; k < r->sides.size(); ++k) {
      const CompareController::Side& side = r->sides[k];
      QVERIFY(cp->familyBox(side.config.variant)->isChecked());
      QCOMPARE(cp->lossPlot()->graph(int(k))->dataCount(), int(side.losses.size()));
      QVERIFY(cp->summaryLabel()->text().contains(QLocale().toString(side.validationLoss, 'f', 3)));
    }
    QCOMPARE(cp->stepsBox()->value(), 300);
    QCOMPARE(cp->emIterationsBox()->value(), 20);
    QVERIFY(!cp->controller()->running());
    const double first = r->sides.front().validationLoss;
    QVERIFY(w.lessonRunner()->showBeat(1));
    QVERIFY(w.lessonRunner()->showBeat(0));  // back: the same comparison, not trained again
    QVERIFY(!cp->controller()->running());
    QVERIFY(cp->controller()->result().has_value());
    QCOMPARE(cp->controller()->result()->sides.front().validationLoss, first);
  }

  // "Why transformers won" in the window: the bottleneck on the Compare tab (exact match against the source's length,
  // three contenders), then the States tab with the RNN's gradient reaching back over the probe.
  // GLASSBOX_TEST_SHOTS=DIR keeps a picture of each beat.
  void why_transformers_won_in_the_window() {
    MainWindow w;
    w.resize(1024, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double s = openAndWait(w, QStringLiteral("why-transformers-won"));
    QVERIFY(s >= 0);
    qInfo("the why-transformers-won lesson reached its key moment in %.1f s", s);
    auto* cp = w.findChild<ComparePanel*>();
    QVERIFY(w.tabs()->currentWidget()->isAncestorOf(cp));
    QVERIFY(cp->exactPlot()->isVisibleTo(cp));
    QCOMPARE(cp->exactPlot()->graphCount(), 3);
    QVERIFY(cp->attentionBox()->isChecked());
    QVERIFY(cp->legendLabel()->text().contains(
        CompareController::title(cp->controller()->result()->sides[2].config).replace(QLatin1Char(' '), QStringLiteral("&nbsp;"))));
    const QString shots = qEnvironmentVariable("GLASSBOX_TEST_SHOTS");
    if (!shots.isEmpty()) settledFrame(&w).save(shots + QStringLiteral("/why-transformers-won-1.png"));
    // the recurrence: the same comparison (not trained again), its time per step against the length
    QVERIFY(w.lessonRunner()->showBeat(1));
    QVERIFY(w.tabs()->currentWidget()->isAncestorOf(cp));
    QVERIFY(!cp->controller()->running());
    QVERIFY(cp->timePlot()->isVisibleTo(cp));
    QCOMPARE(cp->timePlot()->graphCount(), 3);
    QVERIFY(w.lessonRunner()->showBeat(2));
    auto* sp = w.findChild<StatesPanel*>();
    QVERIFY(sp && w.tabs()->currentWidget()->isAncestorOf(sp));
    QTRY_VERIFY_WITH_TIMEOUT(sp->gradientPlot()->graphCount() > 0 && sp->gradientPlot()->graph(0)->dataCount() > 0, 30000);
    QTRY_COMPARE_WITH_TIMEOUT(sp->controller()->input(), QStringLiteral("abcdefg"), 30000);
    if (!shots.isEmpty()) settledFrame(&w).save(shots + QStringLiteral("/why-transformers-won-2.png"));
  }

  void language_model_from_greedy_to_uniform() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double s = openAndWait(w, QStringLiteral("language-model"));
    QVERIFY(s >= 0);
    qInfo("the language-model lesson reached its key moment in %.1f s", s);
    QVERIFY(!w.document()->config().is_ed());
    DecodingController* ctl = w.findChild<DecodingPanel*>()->controller();
    const QString first = ctl->generatedText();
    qInfo("τ = 0: “%s”", qPrintable(first));
    QVERIFY(first.size() >= 30);
    QVERIFY(w.lessonRunner()->showBeat(0));  // again: the same text
    QCOMPARE(ctl->generatedText(), first);
    // τ = ∞: every token equally likely — 20,000 draws of the next token, each taken back
    QVERIFY(w.lessonRunner()->showBeat(2));
    QVERIFY(std::isinf(ctl->sampler().temperature));
    QVERIFY(ctl->back());
    const int V = int(ctl->nextLogp().size());
    const int n = 20000;
    std::vector<int> counts(size_t(V), 0);
    {
      QSignalBlocker quiet(ctl);
      for (int k = 0; k < n; ++k) {
        ctl->reseed(quint64(k) + 1);
        QVERIFY(ctl->step().isEmpty());
        ++counts[size_t(ctl->session()->steps().back().choice.token)];
        QVERIFY(ctl->back());
      }
    }
    double x = 0;
    const double e = double(n) / V;
    for (int c : counts) x += (c - e) * (c - e) / e;
    qInfo("τ = ∞: χ² = %.1f with %d degrees of freedom (limit %.1f)", x, V - 1, chiSquareLimit(V - 1));
    QVERIFY(x < chiSquareLimit(V - 1));
  }

  // Seed 004's experiment: "car" → "house" in the source changes every column of the bidirectional encoder (after
  // the embedding, which changes only the replaced one) and every column of the decoder; "ein" → "das" in the target
  // leaves the encoder and every earlier decoder column — and the distributions P there — bit for bit the same.
  void why_the_mask_shows_what_the_causal_mask_protects() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double s = openAndWait(w, QStringLiteral("why-the-mask"));
    QVERIFY(s >= 0);
    qInfo("the mask lesson reached its key moment in %.1f s", s);
    auto* panel = w.findChild<PerturbationPanel*>();
    QCOMPARE(w.tabs()->currentWidget()->findChild<PerturbationPanel*>(), panel);
    PerturbationController* ctl = panel->controller();
    QCOMPARE(ctl->position().stream, 'Z');
    QVERIFY(ctl->tokenText(ctl->originalToken()).endsWith(QStringLiteral("car")));
    QVERIFY(ctl->tokenText(ctl->replacement()).endsWith(QStringLiteral("house")));
    const int n = int(ctl->original().z.size()), m = int(ctl->original().x.size());
    QCOMPARE(n, 6);
    QCOMPARE(m, 6);  // <bos> Ich will ein Auto kaufen
    int encoderLayers = 0;
    for (const auto* st : ctl->stagesOf('Z')) {
      for (int j = 0; j < n; ++j) {
        const bool changes = st->layer >= 0 || j == 5;  // the embedding: only "car" itself
        QVERIFY2(st->identical[size_t(j)] != changes, qPrintable(QStringLiteral("encoder layer %1 column %2").arg(st->layer).arg(j)));
      }
      encoderLayers += st->layer >= 0;
    }
    QCOMPARE(encoderLayers, w.document()->config().enc_layers);
    for (const char stream : {'X', 'P'})
      for (const auto* st : ctl->stagesOf(stream))
        if (st->layer >= 0 || stream == 'P')
          for (int j = 0; j < m; ++j) QVERIFY(!st->identical[size_t(j)] && st->change[size_t(j)] > 0);
    // the second beat: a target token replaced
    QVERIFY(w.lessonRunner()->showBeat(1));
    QCOMPARE(ctl->position().stream, 'X');
    QCOMPARE(ctl->position().index, 3);
    QVERIFY(ctl->tokenText(ctl->originalToken()).endsWith(QStringLiteral("ein")));
    QVERIFY(ctl->tokenText(ctl->replacement()).endsWith(QStringLiteral("das")));
    for (const auto* st : ctl->stagesOf('Z'))
      for (int j = 0; j < n; ++j) QVERIFY(st->identical[size_t(j)] && st->change[size_t(j)] == 0.0);
    int rows = 0;
    for (const char stream : {'X', 'P'})
      for (const auto* st : ctl->stagesOf(stream)) {
        const bool embedding = stream == 'X' && st->layer < 0 && rows == 0;
        for (int j = 0; j < m; ++j) {
          const bool changes = embedding ? j == 3 : j >= 3;
          QVERIFY2(st->identical[size_t(j)] != changes, qPrintable(QStringLiteral("%1 layer %2 column %3").arg(stream).arg(st->layer).arg(j)));
          if (!changes) QCOMPARE(st->change[size_t(j)], 0.0);
          // the map shows exactly that: 0 (marked "=") where the column is the same, the change's norm elsewhere
          const float shown = panel->decoderView()->matrix()(rows, j);
          QCOMPARE(shown == 0.0f, !changes);
          if (changes) QCOMPARE(double(shown), double(float(st->change[size_t(j)])));
        }
        ++rows;
      }
    QCOMPARE(rows, panel->decoderView()->rows());
    QVERIFY2(panel->summary().contains(QStringLiteral("3 bit for bit the same")), qPrintable(panel->summary()));
    // the third beat: the masks of the same sentence (not whichever example the data has first)
    QVERIFY(w.lessonRunner()->showBeat(2));
    auto* masks = w.findChild<MasksPanel*>();
    const int first = masks->exampleBox()->value();  // (a batch of one: its only example)
    QVERIFY(masks->exampleOf(QStringLiteral("I want to buy a car")) >= 0);
    QCOMPARE(masks->firstBox()->value() - 1, masks->exampleOf(QStringLiteral("I want to buy a car")));
    QCOMPARE(first, 1);
  }

  // A lecturer's lesson: beats recorded on every tab (attention, decoding with τ changed on the way, the stepper,
  // the perturbation, masks, parameters, training), renamed, moved and deleted in the Lesson dock, saved with File →
  // Save Lesson, and opened in a fresh window: every beat's picture is the one taken before saving, pixel for pixel.
  void authored_lesson_reopens_pixel_for_pixel() {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("authored.glassbox-lesson"));
    QList<QImage> before;
    gb::MatF valueBefore, gradBefore, updateBefore;  // the Parameters beat's θ, last ∂J/∂θ and Δθ
    int gradStepBefore = 0, normStepsBefore = 0;
    QStringList captions;
    {
      MainWindow w;
      w.resize(1280, 800);
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      QVERIFY(openAndWait(w, QStringLiteral("translation")) >= 0);
      LessonRunner* run = w.lessonRunner();
      QCOMPARE(run->lesson().beats.size(), 3);
      QList<QImage> recorded;
      // attention: causal scores of layer 1, head 2
      w.tabs()->setCurrentIndex(0);
      auto* ap = w.findChild<AttentionPanel*>();
      ap->kindBox()->setCurrentIndex(ap->kindBox()->findData(int(gb::AttentionRecord::Kind::Causal)));
      ap->layerBox()->setValue(1);
      ap->headBox()->setCurrentIndex(1);
      ap->modeBox()->setCurrentIndex(1);
      QCOMPARE(w.addBeat(QStringLiteral("causal scores")), 1);
      recorded << grabView(w);
      // decoding: two greedy tokens, then two drawn at τ = 1.5
      w.tabs()->setCurrentIndex(3);
      auto* dp = w.findChild<DecodingPanel*>();
      dp->inputBox()->setCurrentText(QStringLiteral("I have a dog"));
      dp->temperatureSlider()->setValue(0);
      dp->seedBox()->setValue(7);
      dp->startButton()->click();
      dp->stepButton()->click();
      dp->stepButton()->click();
      dp->temperatureSlider()->setValue(30);
      dp->stepButton()->click();
      dp->stepButton()->click();
      QCOMPARE(dp->controller()->history().size(), size_t(4));
      w.addBeat(QStringLiteral("greedy, then τ = 1.5"));
      recorded << grabView(w);
      // the stepper, 9 lines in
      w.tabs()->setCurrentIndex(4);
      auto* al = w.findChild<AlgorithmPanel*>();
      al->inputBox()->setCurrentText(QStringLiteral("I want to buy a car"));
      al->startButton()->click();
      for (int i = 0; i < 9; ++i) al->nextButton()->click();
      w.addBeat(QStringLiteral("nine lines"));
      recorded << grabView(w);
      // the perturbation: the second target token replaced by "Haus"
      w.tabs()->setCurrentIndex(6);
      auto* pp = w.findChild<PerturbationPanel*>();
      pp->inputBox()->setCurrentText(QStringLiteral("I want to buy a car"));
      pp->positionBox()->setCurrentIndex(pp->positionBox()->count() - 4);
      pp->replacementBox()->setCurrentIndex(pp->replacementBox()->findData(pp->controller()->tokenId(QStringLiteral("Haus"))));
      w.addBeat(QStringLiteral("a perturbation"));
      recorded << grabView(w);
      // masks, parameters, training
      w.tabs()->setCurrentIndex(1);
      w.findChild<MasksPanel*>()->exampleBox()->setValue(3);
      w.addBeat(QStringLiteral("masks of example 3"));
      recorded << grabView(w);
      w.tabs()->setCurrentIndex(2);
      w.findChild<ParametersPanel*>()->tensorBox()->setCurrentIndex(4);
      w.addBeat(QStringLiteral("a tensor"));
      recorded << grabView(w);
      w.tabs()->setCurrentIndex(5);
      w.addBeat(QStringLiteral("the loss"));
      recorded << grabView(w);
      // the mask editor with a prefix-LM mask, and the Compare tab (every tab keeps its id: Compare had none)
      w.tabs()->setCurrentIndex(1);
      auto* masksTab = w.findChild<MasksPanel*>();
      masksTab->findChild<QTabWidget*>()->setCurrentWidget(w.findChild<MaskEditor*>());
      w.findChild<MaskEditor*>()->setMask(MaskEditor::Kind::PrefixLm, 3);
      QTRY_VERIFY(!w.findChild<MaskEditor*>()->busy());
      w.addBeat(QStringLiteral("a prefix-LM mask"));
      recorded << grabView(w);
      w.tabs()->setCurrentIndex(tabIndexOf(QStringLiteral("compare")));
      w.findChild<ComparePanel*>()->stepsBox()->setValue(50);
      const int compareBeat = w.addBeat(QStringLiteral("the comparison's settings"));
      QCOMPARE(run->lesson().beats[compareBeat].tab, QStringLiteral("compare"));
      recorded << grabView(w);
      QCOMPARE(run->lesson().beats.size(), 12);
      // every recorded beat shown again in the same window looks as it did when recorded
      for (int i = 0; i < recorded.size(); ++i) {
        QVERIFY(run->showBeat(i + 1));
        const qsizetype d = differingPixels(grabView(w), recorded[i]);
        QVERIFY2(d == 0, qPrintable(QStringLiteral("beat %1 (%2) differs from its recording in %3 pixels")
                                        .arg(i + 1).arg(run->lesson().beats[i + 1].caption).arg(d)));
      }
      // the Lesson dock: rename in place, move down, delete
      auto* dock = w.lessonDock()->findChild<LessonDock*>();
      QVERIFY(w.lessonDock()->isVisible());
      QCOMPARE(dock->beatList()->count(), 12);
      dock->beatList()->item(2)->setText(QStringLiteral("greedy first, then sampled"));
      QCOMPARE(run->lesson().beats[2].caption, QStringLiteral("greedy first, then sampled"));
      dock->beatList()->setCurrentRow(2);
      dock->downButton()->click();
      QCOMPARE(run->lesson().beats[3].caption, QStringLiteral("greedy first, then sampled"));
      QCOMPARE(run->lesson().beats[2].caption, QStringLiteral("nine lines"));
      dock->beatList()->setCurrentRow(8);
      dock->deleteButton()->click();
      QCOMPARE(run->lesson().beats.size(), 11);
      QCOMPARE(dock->beatList()->count(), 11);
      dock->titleEdit()->setText(QStringLiteral("My lesson"));
      emit dock->titleEdit()->editingFinished();
      QCOMPARE(run->lesson().title, QStringLiteral("My lesson"));
      for (int i = 0; i < run->lesson().beats.size(); ++i) {
        QVERIFY(run->showBeat(i));
        before << grabView(w);
        captions << run->lesson().beats[i].caption;
        if (w.tabs()->currentIndex() == 2) {
          auto* pp = w.findChild<ParametersPanel*>();
          valueBefore = pp->valueView()->matrix();
          gradBefore = pp->gradView()->matrix();
          updateBefore = pp->updateView()->matrix();
          gradStepBefore = pp->gradStep();
          normStepsBefore = pp->normSteps();
        }
      }
      QVERIFY(valueBefore.size() > 0);
      QVERIFY(gradStepBefore > 0);  // the lesson's model was trained here: its last step is known
      QVERIFY(gradBefore.size() > 0 && gradBefore.norm() > 0 && updateBefore.norm() > 0);
      QVERIFY(normStepsBefore > 0);
      QCOMPARE(w.saveLesson(path), QString());
      w.document()->setModified(false);
    }
    QVERIFY(QFileInfo(path).size() > 0);
    MainWindow fresh;
    fresh.resize(1280, 800);
    fresh.show();
    QVERIFY(QTest::qWaitForWindowExposed(&fresh));
    const double s = openAndWait(fresh, path);
    QVERIFY(s >= 0);
    qInfo("the saved lesson opened in %.2f s", s);
    LessonRunner* run = fresh.lessonRunner();
    QCOMPARE(run->lesson().title, QStringLiteral("My lesson"));
    QCOMPARE(run->lesson().beats.size(), before.size());
    for (int i = 0; i < before.size(); ++i) {
      QCOMPARE(run->lesson().beats[i].caption, captions[i]);
      QVERIFY(run->showBeat(i));
      const QImage after = grabView(fresh);
      // The Parameters tab shows the run as well as θ: the last step's gradient and update (saved with the lesson
      // as tensors) and the gradient norms of every step (in the history) — the same numbers, not only pixels
      if (fresh.tabs()->currentIndex() == 2) {
        auto* pp = fresh.findChild<ParametersPanel*>();
        QCOMPARE(pp->tensorBox()->currentIndex(), 4);
        QVERIFY(pp->valueView()->matrix() == valueBefore);
        QCOMPARE(pp->gradStep(), gradStepBefore);
        QVERIFY(pp->gradView()->matrix() == gradBefore);
        QVERIFY(pp->updateView()->matrix() == updateBefore);
        QCOMPARE(pp->normSteps(), normStepsBefore);
      }
      const qsizetype d = differingPixels(after, before[i]);
      if (d != 0) {
        before[i].save(dir.filePath(QStringLiteral("before-%1.png").arg(i)));
        after.save(dir.filePath(QStringLiteral("after-%1.png").arg(i)));
        dir.setAutoRemove(false);
      }
      QVERIFY2(d == 0, qPrintable(QStringLiteral("beat %1 (%2): %3 pixels differ after reopening (pictures in %4)")
                                      .arg(i + 1).arg(captions[i]).arg(d).arg(dir.path())));
    }
    // in presentation mode Space walks the beats — and a beat's own steps first, when it has some
    fresh.setPresenting(true);
    QVERIFY(run->showBeat(1));  // "causal scores", on the Attention tab
    QVERIFY(run->setWalk(1, 1));
    const int head = fresh.findChild<AttentionPanel*>()->headBox()->currentIndex();
    QTest::keyClick(fresh.tabs()->currentWidget(), Qt::Key_Space);
    QCOMPARE(run->beat(), 1);  // the beat's own step: the next head
    QCOMPARE(fresh.findChild<AttentionPanel*>()->headBox()->currentIndex(), head + 1);
    QTest::keyClick(fresh.tabs()->currentWidget(), Qt::Key_Space);
    QCOMPARE(run->beat(), 2);
    QVERIFY(fresh.captionBar()->isVisible());
    QCOMPARE(fresh.captionBar()->text(), keepFormulasTogether(captions[2]));
    QCOMPARE(fresh.tabs()->currentIndex(), 4);  // "nine lines": the Algorithm tab
    const size_t line = fresh.findChild<AlgorithmPanel*>()->controller()->stepper()->position();
    QTest::keyClick(fresh.tabs()->currentWidget(), Qt::Key_Right);  // the arrow steps the tab itself
    QCOMPARE(run->beat(), 2);
    QCOMPARE(fresh.findChild<AlgorithmPanel*>()->controller()->stepper()->position(), line + 1);
    QTest::keyClick(fresh.tabs()->currentWidget(), Qt::Key_PageDown);  // the remote's key: the next beat
    QCOMPARE(run->beat(), 3);
    QCOMPARE(fresh.tabs()->currentIndex(), 3);
    QTest::keyClick(fresh.tabs()->currentWidget(), Qt::Key_Backspace);
    QCOMPARE(run->beat(), 2);
    fresh.setPresenting(false);
    fresh.document()->setModified(false);
  }

  // A saved lesson cut short, or a model file without a lesson, is refused with a message naming the file; the
  // open model stays.
  void broken_saved_lessons_are_refused() {
    QTemporaryDir dir;
    MainWindow w;
    w.setErrorReporter([](const QString&) {});
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    w.modelPanel()->buildButton()->click();
    QVERIFY(w.document()->hasModel());
    const QString plain = dir.filePath(QStringLiteral("plain.safetensors"));
    QVERIFY(w.saveAs(plain));
    QCOMPARE(w.addBeat(QStringLiteral("the first beat")), 0);
    const QString lesson = dir.filePath(QStringLiteral("tiny.glassbox-lesson"));
    QCOMPARE(w.saveLesson(lesson), QString());
    QFile f(lesson);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    f.close();
    const int generation = w.document()->generation();
    QString err = w.openLesson(plain);
    QVERIFY2(err.contains(QStringLiteral("without a lesson")) && err.contains(plain), qPrintable(err));
    for (const qsizetype keep : {qsizetype(7), qsizetype(40), bytes.size() / 2, bytes.size() - 1}) {
      const QString cut = dir.filePath(QStringLiteral("cut-%1.glassbox-lesson").arg(keep));
      QFile c(cut);
      QVERIFY(c.open(QIODevice::WriteOnly));
      c.write(bytes.left(keep));
      c.close();
      err = w.openLesson(cut);
      QVERIFY2(!err.isEmpty() && err.contains(QFileInfo(cut).fileName()), qPrintable(err));
      QCOMPARE(w.document()->generation(), generation);
      QVERIFY(!w.lessonRunner()->running());
    }
    // the lesson inside, broken: a beat on a tab that does not exist
    QByteArray hostile = bytes;
    // (the lesson is a JSON text inside the file's JSON header: its quotes are escaped; the same length keeps the
    // header's length right)
    const QByteArray key = "\\\"tab\\\": \\\"attention";
    const qsizetype at = hostile.indexOf(key);
    QVERIFY(at > 0);
    hostile.replace(at + key.size() - 9, 9, "xyzzyxyzz");
    const QString bad = dir.filePath(QStringLiteral("bad.glassbox-lesson"));
    QFile b(bad);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write(hostile);
    b.close();
    err = w.openLesson(bad);
    QVERIFY2(err.contains(QStringLiteral("tab")) && err.contains(bad), qPrintable(err));
    QCOMPARE(w.document()->generation(), generation);
    // the intact one opens
    w.document()->setModified(false);
    QCOMPARE(w.openLesson(lesson), QString());
    w.document()->setModified(false);
  }

  void hostile_lesson_files_are_refused() {
    MainWindow w;
    w.setErrorReporter([](const QString&) {});
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    w.modelPanel()->buildButton()->click();
    QVERIFY(w.document()->hasModel());
    const int generation = w.document()->generation();
    QTemporaryDir dir;
    QFile good(builtinLessonPath(QStringLiteral("reversal")));
    QVERIFY(good.open(QIODevice::ReadOnly));
    const QByteArray valid = good.readAll();
    struct Case { const char* name; QByteArray bytes; const char* says; };
    QByteArray badSteps = valid;
    badSteps.replace("\"steps\": 1200", "\"steps\": -5");
    QByteArray badTab = valid;
    badTab.replace("\"tab\": \"attention\"", "\"tab\": \"kitchen\"");
    QByteArray noBeats = valid;
    noBeats.replace("\"beats\": [", "\"beets\": [");
    QByteArray badTau = valid;
    badTau.replace("\"tau\": 0", "\"tau\": 1e308");
    QByteArray bothData = valid;
    bothData.replace("\"task\": \"reverse\"", "\"task\": \"reverse\", \"text\": \"/etc/passwd\"");
    // a recipe's comparison: families the window cannot compare, twice the same, a τ that is no number
    QFile twoFiles(builtinLessonPath(QStringLiteral("hmm-to-transformer")));
    QVERIFY(twoFiles.open(QIODevice::ReadOnly));
    const QByteArray history = twoFiles.readAll();
    const QByteArray families = "\"families\": [\"bigram\", \"hmm\", \"rnn\", \"decoder-only\"], \"steps\": 300, \"em_iterations\": 20, \"temperature\": 0.8";
    QVERIFY(history.contains(families));
    QByteArray gmm = history, twice = history, tau = history, notList = history, source = history, many = history;
    source.replace(families, "\"families\": [\"rnn\", \"rnn-seq2seq+attention\"]");  // a text has no source
    many.replace(families, "\"families\": [\"rnn\"], \"steps\": 0");
    gmm.replace(families, "\"families\": [\"hmm-gmm\"]");
    twice.replace(families, "\"families\": [\"rnn\", \"rnn\"]");
    tau.replace(families, "\"families\": [\"rnn\"], \"temperature\": \"hot\"");
    notList.replace(families, "\"families\": \"rnn\"");
    const Case cases[] = {
        {"gmm.json", gmm, "recipe.compare.families"},
        {"twice.json", twice, "recipe.compare.families"},
        {"tau.json", tau, "recipe.compare.temperature"},
        {"notlist.json", notList, "recipe.compare.families"},
        {"source.json", source, "recipe.compare.families"},
        {"steps0.json", many, "recipe.compare.steps"},
        {"empty.json", QByteArray(), "not JSON"},
        {"truncated.json", valid.left(valid.size() / 2), "not JSON"},
        {"binary.json", QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11), "not JSON"},
        {"array.json", QByteArray("[1, 2, 3]"), "not an object"},
        {"version.json", QByteArray("{\"glassbox_lesson\": 2}"), "glassbox_lesson"},
        {"steps.json", badSteps, "recipe.steps"},
        {"beats.json", noBeats, "beats"},
        {"both.json", bothData, "recipe.task"},
    };
    for (const Case& c : cases) {
      const QString path = dir.filePath(QLatin1String(c.name));
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(c.bytes);
      f.close();
      const QString err = w.openLesson(path);
      QVERIFY2(err.contains(QLatin1String(c.says)), qPrintable(QStringLiteral("%1: %2").arg(QLatin1String(c.name), err)));
      QVERIFY2(err.contains(QLatin1String(c.name)) || err.contains(path), qPrintable(err));  // names the file
      QCOMPARE(w.document()->generation(), generation);  // the open model stays
      QVERIFY(!w.lessonRunner()->running());
    }
    QVERIFY(w.openLesson(dir.filePath(QStringLiteral("missing.json"))).contains(QStringLiteral("no lesson")));
    QVERIFY(w.openLesson(QStringLiteral("karaoke")).contains(QStringLiteral("reversal")));  // names the built-in ones
    QCOMPARE(w.document()->generation(), generation);
    // a beat that cannot be read costs only itself: the others open, and what was left out is said, naming it
    const int beats = int(parseLesson(valid, QStringLiteral("en"), QStringLiteral("reversal.json"), nullptr)->beats.size());
    const std::pair<QByteArray, const char*> oneBad[] = {{badTab, "beats[0].tab"}, {badTau, "beats[1].decoding.tau"}};
    for (const auto& [bytes, says] : oneBad) {
      QString error;
      const auto l = parseLesson(bytes, QStringLiteral("en"), QStringLiteral("bad.json"), &error);
      QVERIFY2(l, qPrintable(error));
      QCOMPARE(int(l->beats.size()), beats - 1);
      QCOMPARE(l->skipped.size(), 1);
      QVERIFY2(l->skipped[0].contains(QLatin1String(says)) && l->skipped[0].contains(QStringLiteral("bad.json")),
               qPrintable(l->skipped[0]));
    }
    QByteArray allBad = valid;  // every beat unreadable: nothing to show, refused with the first beat's reason
    allBad.replace("\"tab\": \"", "\"tab\": \"x");
    QString error;
    QVERIFY(!parseLesson(allBad, QStringLiteral("en"), QStringLiteral("all.json"), &error));
    QVERIFY2(error.contains(QStringLiteral("beats[0].tab")), qPrintable(error));
    // in the window: the lesson starts, and the message names the beat left out
    QStringList said;
    w.setErrorReporter([&said](const QString& e) { said << e; });
    const QString path = dir.filePath(QStringLiteral("onebad.json"));
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(badTab);
    }
    w.document()->setModified(false);
    QCOMPARE(w.openLesson(path), QString());
    QCOMPARE(said.size(), 1);
    QVERIFY2(said[0].contains(QStringLiteral("beats[0].tab")), qPrintable(said[0]));
    QCOMPARE(int(w.lessonRunner()->lesson().beats.size()), beats - 1);
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    QVERIFY(w.newModel());  // (its training is let go of)
  }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
