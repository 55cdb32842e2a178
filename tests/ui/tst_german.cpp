// The German workbench as a German user meets it: language::install("de") as `glassbox --language de` does, then the
// real window. Qt's own buttons are German, the tasks have German names (the document still loads the core's
// identifiers), the Algorithm tab's step labels and comments are German, and numbers have a decimal comma.
#include "widgets/textlabel.h"
#include "controllers/algorithmcontroller.h"
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "core/model/pseudocode.h"
#include "widgets/numbertext.h"
#include "core/model/stepper.h"
#include "controllers/lesson.h"
#include "language.h"
#include "lessonrunner.h"
#include "mainwindow.h"
#include "panels/algorithmpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "widgets/lossplot.h"
#include "panels/presentable.h"
#include "settle.h"
#include "tabs.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLibraryInfo>
#include <QDir>
#include <QDockWidget>
#include <QListWidget>
#include <QMenuBar>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest>
#include <qcustomplot.h>

namespace {
const QRegularExpression kDecimalComma(QStringLiteral("\\d,\\d"));
}

class TestGerman : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_german"));
    QSettings().clear();
    QCOMPARE(language::install(*QCoreApplication::instance(), QStringLiteral("de")), QStringLiteral("de"));
  }
  void cleanupTestCase() { QSettings().clear(); }

  void numbers_follow_the_language() {
    QCOMPARE(QLocale().language(), QLocale::German);
    QCOMPARE(QLocale().toString(2.7, 'f', 1), QStringLiteral("2,7"));
    // a small or large number: its exponent a power of ten, never "3,4E-06"
    QCOMPARE(numberText(3.4e-6, 2), QStringLiteral("3,4·10⁻⁶"));
    QCOMPARE(numberText(1e-7, 2), QStringLiteral("10⁻⁷"));
    QCOMPARE(numberText(-2.5e12, 3), QStringLiteral("-2,5·10¹²"));
    QCOMPARE(numberText(0.25, 2), QStringLiteral("0,25"));
    QCOMPARE(numberText(1.5e10, 2), QStringLiteral("1,5·10¹⁰"));
  }

  // Qt's own strings come from qtbase_de.qm (Debian: qt6-translations-l10n, which scripts/setup.sh installs).
  void qt_buttons_are_german() {
    const QString qm = QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_de.qm");
    QVERIFY2(QFile::exists(qm), qPrintable(qm + " is missing: install qt6-translations-l10n (scripts/setup.sh does)"));
    QMessageBox box(QMessageBox::Warning, QStringLiteral("Glassbox"), QStringLiteral("?"),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    auto text = [&](QMessageBox::StandardButton b) { return box.button(b)->text().remove(QLatin1Char('&')); };
    QCOMPARE(text(QMessageBox::Discard), QStringLiteral("Verwerfen"));
    QCOMPARE(text(QMessageBox::Cancel), QStringLiteral("Abbrechen"));
    QCOMPARE(text(QMessageBox::Save), QStringLiteral("Speichern"));
  }

  // The window's own question about unsaved work: its buttons too.
  void unsaved_question_is_german() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->isModified());
    QStringList buttons;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      for (QAbstractButton* b : box->buttons()) buttons << b->text().remove(QLatin1Char('&'));
      box->button(QMessageBox::Cancel)->click();
    });
    poll.start(20);
    QVERIFY(!w.maybeSave());  // cancelled
    poll.stop();
    QVERIFY2(buttons.contains(QStringLiteral("Verwerfen")), qPrintable(buttons.join(", ")));
    QVERIFY(buttons.contains(QStringLiteral("Abbrechen")));
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
  }

  void task_names_are_german() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QComboBox* box = w.dataPanel()->taskBox();
    const QStringList shown{"kopieren", "umkehren", "sortieren", "addieren", "Datum", "übersetzen"};
    const QStringList ids{"copy", "reverse", "sort", "add", "date", "translate"};
    QCOMPARE(box->count(), int(shown.size()));
    for (int i = 0; i < box->count(); ++i) {
      QCOMPARE(box->itemText(i), shown[i]);
      QCOMPARE(box->itemData(i).toString(), ids[i]);
    }
    box->setCurrentIndex(1);
    bool described = false;
    for (const QLabel* l : w.dataPanel()->findChildren<QLabel*>())
      described = described || l->text().startsWith(QStringLiteral("Eine Buchstabenfolge umkehren"));
    QVERIFY(described);
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasData());
    QCOMPARE(QString::fromStdString(w.document()->data().description.value("task", "")), QStringLiteral("reverse"));
    auto* status = w.findChild<QLabel*>(QStringLiteral("statusLabel"));
    QVERIFY(status);
    QVERIFY2(status->text().contains(QStringLiteral("Aufgabe „umkehren“")), qPrintable(status->text()));
    QVERIFY2(status->text().contains(QStringLiteral("8.000 Trainingsbeispiele")), qPrintable(status->text()));
  }

  void algorithm_labels_are_german() {
    MainWindow w;
    w.show();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);  // reverse, encoder-decoder
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    auto* ap = w.findChild<AlgorithmPanel*>(QStringLiteral("algorithmTab"));
    QVERIFY(ap);
    w.tabs()->setCurrentIndex(4);
    ap->inputBox()->setCurrentText(QStringLiteral("abcde"));
    QTest::mouseClick(ap->startButton(), Qt::LeftButton);
    const gb::Stepper* s = ap->controller()->stepper();
    QVERIFY(s);
    QStringList listing;
    for (int i = 0; i < ap->listing()->count(); ++i) listing << ap->listing()->item(i)->text();
    QVERIFY2(listing.join('\n').contains(QStringLiteral("▷ Kodieren der Kontextsequenz z")), qPrintable(listing.join('\n')));
    QVERIFY(listing.join('\n').contains(QStringLiteral("▷ Dekodieren der Primärsequenz x")));
    QVERIFY(!listing.join('\n').contains(QStringLiteral("Encoding")));
    auto runUntil = [&](char stream) {
      while (!s->at_end() && (s->records().empty() || s->records().back().layer < 0 || s->records().back().stream != stream))
        QTest::mouseClick(ap->nextButton(), Qt::LeftButton);
      return !s->at_end();
    };
    QVERIFY(runUntil('Z'));
    QVERIFY2(ap->recordLabel()->text().startsWith(QStringLiteral("Ausgeführt: Encoder-Schicht 1: ")),
             qPrintable(ap->recordLabel()->text()));
    QVERIFY(runUntil('X'));
    QVERIFY2(ap->recordLabel()->text().startsWith(QStringLiteral("Ausgeführt: Decoder-Schicht 1: ")),
             qPrintable(ap->recordLabel()->text()));
    QVERIFY(!ap->recordLabel()->text().contains(QStringLiteral("layer")));
  }

  void numbers_have_a_decimal_comma() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    // the memory estimate: "… Parameter; das Training braucht mindestens etwa 0,9 MB"
    auto* count = w.findChild<QLabel*>(QStringLiteral("paramCount"));
    QVERIFY(count);
    QVERIFY2(count->text().contains(QRegularExpression(QStringLiteral("\\d,\\d MB"))), qPrintable(count->text()));
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    // τ on the Decoding tab
    auto* tau = w.findChild<QLabel*>(QStringLiteral("temperatureLabel"));
    QVERIFY(tau);
    QCOMPARE(tau->text(), QStringLiteral("τ = 1,00"));
    // the training status: loss and accuracy
    TrainingPanel* tp = w.trainingPanel();
    tp->stepsBox()->setValue(5);
    QTest::mouseClick(tp->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
    QVERIFY2(tp->statusText().contains(kDecimalComma), qPrintable(tp->statusText()));
    QVERIFY2(!tp->statusText().contains(QRegularExpression(QStringLiteral("\\d\\.\\d{1,2}\\b"))), qPrintable(tp->statusText()));
    // the plots' tick labels
    QCOMPARE(tp->lossPlot()->plot()->locale().decimalPoint(), QStringLiteral(","));
    QCustomPlot* plot = tp->lossPlot()->plot();
    plot->replot();
    const QStringList ticks = plot->yAxis->tickVectorLabels().toList();
    QVERIFY2(!ticks.filter(kDecimalComma).isEmpty() && ticks.filter(QStringLiteral(".")).isEmpty(), qPrintable(ticks.join(" ")));
  }

  // View → Language while the window holds a trained model, a decoded probe, the stepper and a running training: the
  // window speaks the other language at once (no restart: Qt's LanguageChange), the model, its history, the current
  // tab and every tab's view stay, numbers follow the language, and the way back shows every tab as it was, pixel for
  // pixel. (Last: it leaves the process German again.)
  // A language switch makes the window again: each dock and tab is scrolled where it was — the tab not shown
  // too, once it is shown (a lecturer who scrolled the Decoding tab's chart into view finds it there).
  void language_switch_keeps_where_each_view_was_scrolled() {
    MainWindow w;
    w.resize(1024, 560);  // (short: the docks and several tabs scroll)
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto bar = [](QWidget* widget) {
      auto* area = qobject_cast<QScrollArea*>(widget);
      return area ? area->verticalScrollBar() : nullptr;
    };
    // a dock that scrolls (the Data dock, at this height)
    QScrollBar* dock = bar(w.dataDock()->widget());
    QVERIFY(dock);
    QTRY_VERIFY(dock->maximum() > 0);
    dock->setValue(dock->maximum() / 2);
    const int dockAt = dock->value();
    // a tab that scrolls, left for another one
    int tab = -1, tabAt = 0;
    for (int i = 0; i < w.tabs()->count() && tab < 0; ++i) {
      if (!w.tabs()->isTabVisible(i)) continue;
      w.tabs()->setCurrentIndex(i);
      QScrollBar* b = bar(w.tabs()->widget(i));
      if (b && QTest::qWaitFor([b] { return b->maximum() > 0; }, 500)) {
        b->setValue(b->maximum());
        tab = i;
        tabAt = b->value();
      }
    }
    QVERIFY2(tab >= 0, "no tab scrolls at 1024 × 560");
    QVERIFY(tabAt > 0);
    const int other = tab == 0 ? 1 : 0;
    w.tabs()->setCurrentIndex(other);
    w.findChild<QAction*>(QStringLiteral("language_en"))->trigger();
    QTRY_COMPARE(w.language(), QStringLiteral("en"));
    QTRY_COMPARE(bar(w.dataDock()->widget())->value(), dockAt);
    QCOMPARE(w.tabs()->currentIndex(), other);
    w.tabs()->setCurrentIndex(tab);
    QTRY_COMPARE(bar(w.tabs()->widget(tab))->value(), tabAt);
    w.findChild<QAction*>(QStringLiteral("language_de"))->trigger();  // (as the other tests expect it)
    QTRY_COMPARE(w.language(), QStringLiteral("de"));
  }

  void language_switches_live() {
    MainWindow w;
    w.resize(1280, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.language(), QStringLiteral("de"));
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);  // reverse, encoder-decoder
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    w.trainingPanel()->stepsBox()->setValue(20);
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
    const size_t historyBefore = w.document()->history().size();
    const ModelDocument* doc = w.document();
    // three tokens decoded, the stepper nine lines in
    const int decoding = tabIndexOf(QStringLiteral("decoding")), algorithm = tabIndexOf(QStringLiteral("algorithm"));
    w.tabs()->setCurrentIndex(decoding);
    auto* dp = w.findChild<DecodingPanel*>();
    dp->inputBox()->setCurrentText(QStringLiteral("abcde"));
    dp->startButton()->click();
    for (int i = 0; i < 3; ++i) dp->stepButton()->click();
    w.tabs()->setCurrentIndex(algorithm);
    auto* al = w.findChild<AlgorithmPanel*>();
    al->inputBox()->setCurrentText(QStringLiteral("abcde"));
    al->startButton()->click();
    for (int i = 0; i < 9; ++i) al->nextButton()->click();
    const QJsonObject decodingView = w.presentable(decoding)->viewState();
    const QJsonObject algorithmView = w.presentable(algorithm)->viewState();
    // every tab the family offers, as the class sees it: shots taken until a whole round is the same as the one
    // before (a view computed on a worker has arrived)
    auto shoot = [&] {
      QList<QImage> shots;
      for (int i = 0; i < w.tabs()->count(); ++i) {
        if (!w.tabs()->isTabVisible(i)) {
          shots << QImage();
          continue;
        }
        w.tabs()->setCurrentIndex(i);
        shots << settledFrame(w.tabs()->currentWidget());
      }
      return shots;
    };
    QList<QImage> german = shoot(), again = shoot();
    std::vector<QJsonObject> germanViews;
    for (int i = 0; i < w.tabs()->count(); ++i)
      germanViews.push_back(w.tabs()->isTabVisible(i) ? w.presentable(i)->viewState() : QJsonObject());
    for (int round = 0; round < 50 && german != again; ++round) german = std::exchange(again, shoot());
    QCOMPARE(german, again);
    const int current = w.tabs()->currentIndex();
    QStringList germanTabs;
    for (int i = 0; i < w.tabs()->count(); ++i) germanTabs << w.tabs()->tabText(i);
    QCOMPARE(w.menuBar()->actions().value(0)->text(), QStringLiteral("&Datei"));

    // to English: the menu's own action
    w.findChild<QAction*>(QStringLiteral("language_en"))->trigger();
    QTRY_COMPARE(w.language(), QStringLiteral("en"));
    QCOMPARE(language::stored(), QStringLiteral("en"));
    QCOMPARE(w.menuBar()->actions().value(0)->text(), QStringLiteral("&File"));
    QCOMPARE(w.modelDock()->windowTitle(), QStringLiteral("Model"));
    QCOMPARE(w.trainingDock()->windowTitle(), QStringLiteral("Training"));
    QCOMPARE(w.findChildren<QDockWidget*>().size(), 4);  // the German docks are gone, not hidden
    QVERIFY(w.findChild<QAction*>(QStringLiteral("language_en"))->isChecked());
    int changed = 0;
    for (int i = 0; i < w.tabs()->count(); ++i) {
      QCOMPARE(w.tabs()->tabText(i), tabTitle(i));
      changed += w.tabs()->tabText(i) != germanTabs[i];
    }
    QVERIFY(changed >= 5);
    QVERIFY2(w.tabs()->tabText(algorithm) == QStringLiteral("Algorithm"), qPrintable(w.tabs()->tabText(algorithm)));
    // the same document, model and history; the same tab; the same views
    QCOMPARE(w.document(), doc);
    QVERIFY(w.document()->hasModel());
    QCOMPARE(w.document()->history().size(), historyBefore);
    QCOMPARE(w.tabs()->currentIndex(), current);
    QCOMPARE(w.presentable(decoding)->viewState(), decodingView);
    QCOMPARE(w.presentable(algorithm)->viewState(), algorithmView);
    QCOMPARE(w.findChild<DecodingPanel*>()->controller()->history().size(), size_t(3));
    // English numbers: a decimal point in the training status and on the loss plot's axis
    QCOMPARE(QLocale().language(), QLocale::English);
    TrainingPanel* tp = w.trainingPanel();
    QVERIFY2(tp->statusText().contains(QRegularExpression(QStringLiteral("\\d\\.\\d"))), qPrintable(tp->statusText()));
    QVERIFY2(!tp->statusText().contains(QRegularExpression(QStringLiteral("loss \\d+,\\d"))), qPrintable(tp->statusText()));
    QCOMPARE(tp->lossPlot()->plot()->locale().decimalPoint(), QStringLiteral("."));
    auto* status = w.findChild<QLabel*>(QStringLiteral("statusLabel"));
    QVERIFY(status);
    QVERIFY2(status->text().contains(QStringLiteral("trained 20 steps")), qPrintable(status->text()));

    // back to German: every tab shows what it showed (its view's settings); the tabs whose layout does not depend on
    // the size a panel was first laid out at, pixel for pixel (the Attention, Masks, Algorithm and Perturbation tabs
    // differ in a plot's margin, an axis's ticks or the listing's scroll position: a panel made at the window's size
    // lays out a little otherwise than one that grew with it)
    w.findChild<QAction*>(QStringLiteral("language_de"))->trigger();
    QTRY_COMPARE(w.language(), QStringLiteral("de"));
    QCOMPARE(w.menuBar()->actions().value(0)->text(), QStringLiteral("&Datei"));
    const QStringList layoutMayDiffer{QStringLiteral("attention"), QStringLiteral("masks"), QStringLiteral("algorithm"),
                                      QStringLiteral("perturbation")};
    int notAsItWas = 0;
    for (int i = 0; i < w.tabs()->count(); ++i) {
      QCOMPARE(w.tabs()->tabText(i), germanTabs[i]);
      if (german[i].isNull()) continue;
      QCOMPARE(w.presentable(i)->viewState(), germanViews[size_t(i)]);
      if (layoutMayDiffer.contains(workbenchTabs()[size_t(i)].id)) continue;
      w.tabs()->setCurrentIndex(i);
      if (!QTest::qWaitFor([&] { return settledFrame(w.tabs()->currentWidget()) == german[i]; }, 5000)) {
        const QString before = QDir::temp().filePath(QStringLiteral("glassbox-tab%1-before.png").arg(i));
        const QString after = QDir::temp().filePath(QStringLiteral("glassbox-tab%1-after.png").arg(i));
        german[i].save(before);
        settledFrame(w.tabs()->currentWidget()).save(after);
        qWarning("%s", qPrintable(QStringLiteral("tab %1 (%2) is not as it was: %3, %4").arg(i).arg(germanTabs[i], before, after)));
        ++notAsItWas;
      }
    }
    QCOMPARE(notAsItWas, 0);

    // while training runs: the switch does not stop it, and the new window follows it
    w.trainingPanel()->stepsBox()->setValue(100000);
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->stepsDone() > 0, 60000);
    w.findChild<QAction*>(QStringLiteral("language_en"))->trigger();
    QTRY_COMPARE(w.language(), QStringLiteral("en"));
    QCOMPARE(w.trainer()->state(), TrainingController::State::Running);
    const int stepsAtSwitch = w.trainer()->stepsDone();
    QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->stepsDone() > stepsAtSwitch + 2, 60000);
    QVERIFY(w.trainingPanel()->pauseButton()->isEnabled());  // the new panel knows the run
    QTRY_VERIFY(w.trainingPanel()->lossPlot()->trainingPoints() > int(historyBefore));
    QTest::mouseClick(w.trainingPanel()->stopButton(), Qt::LeftButton);
    QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->state() != TrainingController::State::Running, 60000);

    // a lesson open: its title and captions follow the language (the file has both)
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    QSignalSpy reached(w.lessonRunner(), &LessonRunner::reached);
    QVERIFY(w.openLesson(QStringLiteral("reversal")).isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!reached.isEmpty(), 300000);
    QString error;
    const auto english = loadLesson(QStringLiteral("reversal"), QStringLiteral("en"), &error);
    const auto inGerman = loadLesson(QStringLiteral("reversal"), QStringLiteral("de"), &error);
    QVERIFY(english && inGerman && english->title != inGerman->title);
    QCOMPARE(w.lessonRunner()->lesson().title, english->title);
    const int beat = w.lessonRunner()->beat();
    w.findChild<QAction*>(QStringLiteral("language_de"))->trigger();
    QTRY_COMPARE(w.language(), QStringLiteral("de"));
    QCOMPARE(w.lessonRunner()->lesson().title, inGerman->title);
    QCOMPARE(w.lessonRunner()->lesson().beats.value(beat).caption, inGerman->beats.value(beat).caption);
    QCOMPARE(w.lessonRunner()->beat(), beat);
    QCOMPARE(w.captionBar()->text(), keepFormulasTogether(inGerman->beats.value(beat).caption));
    w.document()->setModified(false);
  }
};

QTEST_MAIN(TestGerman)
#include "tst_german.moc"
