// The German workbench as a German user meets it: language::install("de") as `glassbox --language de` does, then the
// real window. Qt's own buttons are German, the tasks have German names (the document still loads the core's
// identifiers), the Algorithm tab's step labels and comments are German, and numbers have a decimal comma.
#include "controllers/algorithmcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "core/model/pseudocode.h"
#include "core/model/stepper.h"
#include "language.h"
#include "mainwindow.h"
#include "panels/algorithmpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "widgets/lossplot.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLibraryInfo>
#include <QListWidget>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTimer>
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
};

QTEST_MAIN(TestGerman)
#include "tst_german.moc"
