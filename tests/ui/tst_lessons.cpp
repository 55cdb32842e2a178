// The built-in lessons open, train from their seeds and reach their key moments in the real window: reversal's
// cross-attention on the anti-diagonal, the translation decoding "Ich will ein Auto kaufen", the language model
// repeating itself at τ = 0 and drawing uniformly at τ = ∞. Hostile lesson files are refused with a message and
// leave the open work as it was.
#include "controllers/decodingcontroller.h"
#include "controllers/lesson.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "lessonrunner.h"
#include "mainwindow.h"
#include "startpage.h"
#include "panels/attentionpanel.h"
#include "panels/decodingpanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "widgets/heatmap.h"

#include <QComboBox>
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
  for (int i = 0; i < 1200 && reached.isEmpty() && failed.isEmpty(); ++i) QTest::qWait(100);
  if (!failed.isEmpty()) qWarning("%s", qPrintable(failed.first().first().toString()));
  return reached.isEmpty() ? -1 : clock.elapsed() / 1000.0;
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
    QCOMPARE(builtinLessonIds().size(), 3);
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

  void reversal_draws_the_anti_diagonal() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const double s = openAndWait(w, QStringLiteral("reversal"));
    QVERIFY(s >= 0);
    qInfo("reversal reached its key moment in %.1f s", s);
    QCOMPARE(w.tabs()->currentIndex(), 0);
    auto* ap = w.findChild<AttentionPanel*>();
    QCOMPARE(ap->kindBox()->currentData().toInt(), int(gb::AttentionRecord::Kind::Cross));
    const gb::MatF& A = ap->large()->weights();  // keys (the source z) × queries (<bos> and the target x)
    const int n = int(A.rows());
    QCOMPARE(n, 5);  // the probe "gbdhe"
    QVERIFY(A.cols() >= n);
    double mass = 0;
    for (int j = 0; j < n; ++j) mass += A(n - 1 - j, j);  // column j predicts the letter the source has at n−1−j
    mass /= n;
    qInfo("mass on the anti-diagonal: %.1f%%", 100 * mass);
    QVERIFY(mass >= 0.8);
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
    QCOMPARE(ctl->generatedText(), QStringLiteral("Ich will ein Auto kaufen"));
    QVERIFY(ctl->finished());
    // the second beat: the cross-attention of the same sentence
    QVERIFY(w.lessonRunner()->showBeat(1));
    QCOMPARE(w.tabs()->currentIndex(), 0);
    QCOMPARE(w.findChild<AttentionPanel*>()->probeBox()->currentText(), QStringLiteral("I want to buy a car"));
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
    const Case cases[] = {
        {"empty.json", QByteArray(), "not JSON"},
        {"truncated.json", valid.left(valid.size() / 2), "not JSON"},
        {"binary.json", QByteArray("\x89PNG\r\n\x1a\n\0\0\0", 11), "not JSON"},
        {"array.json", QByteArray("[1, 2, 3]"), "not an object"},
        {"version.json", QByteArray("{\"glassbox_lesson\": 2}"), "glassbox_lesson"},
        {"steps.json", badSteps, "recipe.steps"},
        {"tab.json", badTab, "beats[0].tab"},
        {"beats.json", noBeats, "beats"},
        {"tau.json", badTau, "beats[1].decoding.tau"},
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
  }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
