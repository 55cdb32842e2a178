// Core errors in German: with the German translator installed, the errors the GUI shows on its own paths (a
// model file that is not one, a truncated model file, a binary or empty data file, an impossible configuration)
// and the reasons for skipped lines of a data file are German sentences that still name the file or field — not
// the English templates of core/error_codes.h.
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include "errortext.h"
#include "mainwindow.h"
#include "test_support.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "controllers/trainingcontroller.h"
#include "core/io/model_file.h"
#include "core/text/prepare.h"

#include <QComboBox>

#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTranslator>
#include <QtTest>

static void writeFile(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

class TestErrorsGerman : public QObject {
  Q_OBJECT
  QTemporaryDir mDir;
  QTranslator mGerman;
  QString path(const char* name) const { return mDir.filePath(QLatin1String(name)); }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_errors_german"));
    QSettings().clear();
    QVERIFY(mDir.isValid());
    // as app/language.cpp does for "de"
    QVERIFY(mGerman.load(QStringLiteral(":/i18n/glassbox_de.qm")));
    QVERIFY(QCoreApplication::installTranslator(&mGerman));
  }

  void error_text_translates_and_fills_in() {
    gb::Error e(gb::ErrorCode::JsonFieldNotInteger, {{"field", "heads"}, {"found", "\"4\""}});
    e.in_file("m.safetensors");
    QCOMPARE(errorText(e), QString("m.safetensors: Feld 'heads': erwartet wird eine ganze Zahl, gefunden: \"4\""));
    // a missing argument shows its placeholder instead of crashing
    QVERIFY(errorText(gb::Error(gb::ErrorCode::FileTooLarge)).contains("{max}"));
  }

  void model_files_that_are_not_models() {
    MainWindow w;
    QStringList errors;
    w.setErrorReporter([&](const QString& m) { errors << m; });
    const QString garbage = path("garbage.safetensors"), truncated = path("truncated.safetensors");
    writeFile(garbage, QByteArray("this is not a model file at all, just text\n"));
    writeFile(truncated, QByteArray("\x10\x00\x00\x00\x00\x00\x00\x00{\"a\":", 13));
    struct Case { QString file, german, english; };
    const Case cases[] = {
        {garbage, QStringLiteral("überschreitet die Grenze"), QStringLiteral("is larger than the limit")},
        {truncated, QStringLiteral("reicht über das Dateiende hinaus"), QStringLiteral("runs past the end")},
        {path("missing.safetensors"), QStringLiteral("lässt sich nicht öffnen (Datei oder Verzeichnis nicht gefunden)"),
         QStringLiteral("No such file")},
    };
    for (const Case& c : cases) {
      errors.clear();
      QVERIFY(!w.openFile(c.file));
      QCOMPARE(errors.size(), 1);
      QVERIFY2(errors[0].contains(QFileInfo(c.file).fileName()), qPrintable(errors[0]));
      QVERIFY2(errors[0].contains(c.german), qPrintable(errors[0]));
      QVERIFY2(!errors[0].contains(c.english), qPrintable(errors[0]));
    }
  }

  // A model of observations (hmm-gmm) whose numbers file has gone: it opens, and the German warning names the model
  // file and the numbers file that could not be read
  void a_model_whose_numbers_file_has_gone() {
    MainWindow w;
    QStringList errors;
    w.setErrorReporter([&](const QString& m) { errors << m; });
    gb::Config c = gb::family_config(gb::Variant::HmmGmm, 0, 40);
    c.states = 3, c.mixtures = 2, c.obs_dim = 2;
    const QString file = path("gmm.safetensors"), numbers = path("gone-numbers.txt");
    gb::ModelFile m = gb::ModelFile::of(c, gb::params_init(c, 1));
    m.data = gb::Json{{"kind", "file"}, {"path", numbers.toStdString()}, {"format", "observations"}};
    QVERIFY(!gb::save_model(file.toStdString(), m));
    QVERIFY(w.openFile(file));
    QCOMPARE(int(w.document()->config().variant), int(gb::Variant::HmmGmm));
    QVERIFY(!w.document()->hasData());
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].contains(QStringLiteral("gmm.safetensors")) && errors[0].contains(QStringLiteral("gone-numbers.txt")) &&
                 errors[0].contains(QStringLiteral("Daten konnten nicht wiederhergestellt werden")),
             qPrintable(errors[0]));
  }

  void data_files_that_are_not_text() {
    MainWindow w;
    w.show();
    DataPanel* dp = w.dataPanel();
    const QString bin = path("binary.tsv"), empty = path("empty.tsv");
    writeFile(bin, QByteArray("a\tb\n\0\0\0garbage", 15));
    writeFile(empty, QByteArray());
    struct Case { QString file, german, english; };
    const Case cases[] = {
        {bin, QStringLiteral("Binärdatei aus (ein NUL-Byte an Position 4)"),
         QStringLiteral("looks like a binary file")},
        {empty, QStringLiteral("die Datei ist leer"), QStringLiteral("the file is empty")},
    };
    for (const Case& c : cases) {
      QSignalSpy done(dp->loader(), &DataLoader::finished);
      dp->loadFile(c.file);
      QTRY_COMPARE(done.count(), 1);
      const QString shown = dp->report()->text();
      QVERIFY2(shown.contains(QFileInfo(c.file).fileName()), qPrintable(shown));
      QVERIFY2(shown.contains(c.german), qPrintable(shown));
      QVERIFY2(!shown.contains(c.english), qPrintable(shown));
    }
  }

  void skipped_lines_in_german() {
    MainWindow w;
    w.show();
    DataPanel* dp = w.dataPanel();
    const QString tsv = path("pairs.tsv");
    writeFile(tsv, "hello\thallo\nbroken line without a tab\nthe car\tdas Auto\ngood morning\tguten Morgen\n");
    QSignalSpy done(dp->loader(), &DataLoader::finished);
    dp->loadFile(tsv);
    QTRY_COMPARE(done.count(), 1);
    QCOMPARE(done.at(0).at(0).toString(), QString());
    const QString report = dp->report()->text();
    QVERIFY2(report.contains(QStringLiteral("durch einen Tabulator getrennte Felder, gefunden: 1")),
             qPrintable(report));
    QVERIFY2(!report.contains(QStringLiteral("separated by a tab")), qPrintable(report));
  }

  void an_impossible_config() {
    MainWindow w;
    w.show();
    ModelPanel* mp = w.modelPanel();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    QTRY_VERIFY(w.document()->hasData());
    // the Model dock checks the sizes as they are typed
    mp->dModelBox()->setValue(64);
    mp->headsBox()->setValue(3);
    QVERIFY(!mp->buildButton()->isEnabled());
    QVERIFY2(mp->problemLabel()->text().contains(QStringLiteral("teilbar")), qPrintable(mp->problemLabel()->text()));
    // a field the spin boxes cannot reach goes through the core's check, the same ModelDocument::checkConfig
    gb::Config c = gb::Config::make(gb::Variant::EncoderDecoder, w.document()->data().tokenizer.size(),
                                    w.document()->data().max_len, 1, 1, 2, 8, 16);
    c.dropout = 1.5f;
    const QString shown = w.document()->checkConfig(c);
    QVERIFY2(shown.startsWith(QStringLiteral("Konfigurationsfeld 'dropout': erwartet wird eine Wahrscheinlichkeit")),
             qPrintable(shown));
    QVERIFY(!shown.contains(QStringLiteral("expected a probability")));
  }

  // The training plan's errors: a model mixed with other data, and a hostile saved cursor, in German.
  void plan_errors_in_german() {
    MainWindow w;
    w.show();
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->modelFitsData());
    auto* box = w.dataPanel()->taskBox();
    box->setCurrentIndex(box->findData(QStringLiteral("translate")));  // another task: the model does not fit
    const QString fit = w.document()->fitProblem();
    QVERIFY2(fit.contains(QStringLiteral("Bauen Sie das Modell")), qPrintable(fit));
    QVERIFY2(!fit.contains(QStringLiteral("build the model")), qPrintable(fit));
    QVERIFY(w.trainingPanel()->statusText().contains(fit));
    // the nested cause (an id out of range, or a sequence too long) is German too
    QVERIFY2(!fit.contains(QStringLiteral("expected an id")) && !fit.contains(QStringLiteral("more than")), qPrintable(fit));
  }

  void hostile_cursor_in_german() {
    QVERIFY(write_hostile_cursor_model(path("hostile.safetensors").toStdString(), 40, 1));
    MainWindow w;
    w.setErrorReporter([](const QString&) {});
    w.show();
    QVERIFY(w.openFile(path("hostile.safetensors")));
    w.trainingPanel()->stepsBox()->setValue(5);
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QCOMPARE(w.trainer()->state(), TrainingController::State::Idle);
    const QString status = w.trainingPanel()->statusText();
    QVERIFY2(status.contains(QStringLiteral("keine Permutation")), qPrintable(status));
    QVERIFY2(!status.contains(QStringLiteral("not a permutation")), qPrintable(status));
  }
};

QTEST_MAIN(TestErrorsGerman)
#include "tst_errors_german.moc"
