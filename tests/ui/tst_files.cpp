// Files in the workbench: save and open model files, a file that fails to load without losing the open model,
// recent files, the question before unsaved work is lost, autosave and recovery; data files loaded off the GUI
// thread with a report of what was skipped, a failing or cancelled data file that keeps the data already open.
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "mainwindow.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "widgets/lossplot.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

static void writeFile(const QString& path, const QByteArray& bytes) {
  QFile f(path);
  QVERIFY(f.open(QIODevice::WriteOnly));
  f.write(bytes);
}

class TestFiles : public QObject {
  Q_OBJECT
  QTemporaryDir mDir;
  QString path(const char* name) const { return mDir.filePath(QLatin1String(name)); }

  // A window with a trained tiny model; the file questions answered by the test, errors collected.
  void prepare(MainWindow& w, QStringList* errors) {
    w.setErrorReporter([errors](const QString& m) { errors->append(m); });
    w.show();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    w.trainingPanel()->stepsBox()->setValue(5);
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
    QTRY_VERIFY(w.document()->history().size() == 5);
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_files"));
    QSettings().clear();
    QFile::remove(MainWindow::autosavePath());
    QVERIFY(mDir.isValid());
  }

  void save_and_open_round_trip() {
    QStringList errors;
    const QString file = path("model.safetensors");
    gb::Params<float> saved;
    std::vector<gb::HistoryPoint> history;
    {
      MainWindow w;
      prepare(w, &errors);
      QVERIFY(w.document()->isModified());
      QVERIFY(w.isWindowModified());
      QVERIFY(w.saveAs(file));
      QVERIFY(!w.document()->isModified());
      QCOMPARE(w.document()->filePath(), file);
      QVERIFY(w.windowTitle().contains("model.safetensors"));
      saved = w.document()->params();
      history = w.document()->history();
      QCOMPARE(w.recentFiles().value(0), QFileInfo(file).absoluteFilePath());
    }
    MainWindow w;
    w.setErrorReporter([&](const QString& m) { errors << m; });
    w.show();
    QVERIFY(w.openFile(file));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join("\n")));
    QVERIFY(w.document()->hasModel());
    QVERIFY(w.document()->hasData());  // the task was rebuilt from the file's description
    QVERIFY(w.document()->params().W_e == saved.W_e);
    QVERIFY(w.document()->params().dec[0].attn.W_q == saved.dec[0].attn.W_q);
    QCOMPARE(w.document()->history().size(), history.size());
    QCOMPARE(w.document()->history().back().loss, history.back().loss);
    QTRY_COMPARE(w.trainingPanel()->lossPlot()->trainingPoints(), 5);  // the curve comes back too
    QCOMPARE(w.modelPanel()->dModelBox()->value(), w.document()->config().d_e);
    QVERIFY(!w.document()->isModified());
    // the recent-files menu offers it
    bool offered = false;
    for (QAction* a : w.recentMenu()->actions()) offered |= a->toolTip() == QFileInfo(file).absoluteFilePath();
    QVERIFY(offered);
  }

  // Save part-way, open, Start: training goes on exactly as if it had never stopped.
  void training_goes_on_exactly_after_open() {
    QStringList errors;
    const QString file = path("halfway.safetensors");
    auto build = [&](MainWindow& w) {
      w.setErrorReporter([&](const QString& m) { errors << m; });
      w.show();
      QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
      w.modelPanel()->presetBox()->setCurrentIndex(0);
      QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
      w.trainingPanel()->stepsBox()->setValue(40);
    };
    {
      MainWindow a;
      build(a);
      for (int i = 1; i <= 20; ++i) {  // twenty single steps of a 40-step run
        QTest::mouseClick(a.trainingPanel()->stepButton(), Qt::LeftButton);
        QTRY_COMPARE_WITH_TIMEOUT(int(a.document()->history().size()), i, 30000);
      }
      QTRY_VERIFY_WITH_TIMEOUT(a.document()->trainingState() && a.document()->trainingState()->cursor.step == 20, 30000);
      QVERIFY(a.saveAs(file));
    }
    MainWindow b;
    b.setErrorReporter([&](const QString& m) { errors << m; });
    b.show();
    QVERIFY(b.openFile(file));
    QVERIFY(b.document()->trainingState().has_value());
    QCOMPARE(int(b.document()->history().size()), 20);
    b.trainingPanel()->stepsBox()->setValue(40);
    QTest::mouseClick(b.trainingPanel()->startButton(), Qt::LeftButton);
    QVERIFY(b.trainingPanel()->statusText().contains("from step 20"));
    QTRY_COMPARE_WITH_TIMEOUT(b.trainer()->state(), TrainingController::State::Finished, 60000);
    QTRY_COMPARE(int(b.document()->history().size()), 40);
    MainWindow c;  // the same 40 steps without a break
    build(c);
    QTest::mouseClick(c.trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(c.trainer()->state(), TrainingController::State::Finished, 60000);
    QTRY_COMPARE(int(c.document()->history().size()), 40);
    for (int i = 0; i < 40; ++i) QCOMPARE(b.document()->history()[size_t(i)].loss, c.document()->history()[size_t(i)].loss);
    QVERIFY(b.document()->params().W_e == c.document()->params().W_e);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join("\n")));
  }

  void a_bad_file_keeps_the_open_model() {
    QStringList errors;
    MainWindow w;
    prepare(w, &errors);
    const gb::Params<float> before = w.document()->params();
    const int d = w.document()->config().d_e;
    const QString garbage = path("garbage.safetensors"), truncated = path("truncated.safetensors"),
                  good = path("good.safetensors");
    writeFile(garbage, QByteArray("this is not a model file at all, just text\n"));
    QVERIFY(w.saveAs(good));
    QFile g(good);
    QVERIFY(g.open(QIODevice::ReadOnly));
    writeFile(truncated, g.read(g.size() / 2));
    const QString paths[] = {garbage, truncated, path("does-not-exist.safetensors")};
    for (const QString& p : paths) {
      errors.clear();
      QVERIFY(!w.openFile(p));
      QCOMPARE(errors.size(), 1);
      QVERIFY2(errors[0].contains(QFileInfo(p).fileName()), qPrintable(errors[0]));  // names the file
      QVERIFY(errors[0].contains("still open"));
      QVERIFY(w.document()->hasModel());  // nothing lost
      QCOMPARE(w.document()->config().d_e, d);
      QVERIFY(w.document()->params().W_e == before.W_e);
      QCOMPARE(w.document()->filePath(), good);
    }
  }

  void unsaved_work_is_asked_about() {
    QStringList errors;
    MainWindow w;
    prepare(w, &errors);
    int asked = 0;
    w.setUnsavedQuestion([&] { ++asked; return int(QMessageBox::Cancel); });
    QVERIFY(!w.newModel());
    QCOMPARE(asked, 1);
    QVERIFY(w.document()->hasModel());  // Cancel keeps everything
    QVERIFY(!w.close());                // closing is cancelled too
    QCOMPARE(asked, 2);
    w.setUnsavedQuestion([&] { ++asked; return int(QMessageBox::Discard); });
    QVERIFY(w.newModel());
    QVERIFY(!w.document()->hasModel());
    QVERIFY(!w.document()->hasData());
    // nothing unsaved: no question
    QVERIFY(w.newModel());
    QCOMPARE(asked, 3);
  }

  void autosave_and_recovery() {
    QFile::remove(MainWindow::autosavePath());
    QStringList errors;
    gb::Params<float> trained;
    {
      MainWindow w;
      prepare(w, &errors);
      QTRY_VERIFY(QFileInfo::exists(MainWindow::autosavePath()));  // written when training finished
      trained = w.document()->params();
      // a crash: the window goes away without closing
    }
    QVERIFY(QFileInfo::exists(MainWindow::autosavePath()));
    MainWindow w;
    w.setErrorReporter([&](const QString& m) { errors << m; });
    int offered = 0;
    w.setRecoveryQuestion([&] { ++offered; return true; });
    QVERIFY(w.offerRecovery());
    QCOMPARE(offered, 1);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join("\n")));
    QVERIFY(w.document()->hasModel());
    QVERIFY(w.document()->params().W_e == trained.W_e);
    QVERIFY(w.document()->isModified());        // recovered work is not saved yet
    QVERIFY(w.document()->filePath().isEmpty());
    // declined: the autosave is gone and nothing opens
    QVERIFY(w.autosaveNow());
    MainWindow w2;
    w2.setRecoveryQuestion([] { return false; });
    QVERIFY(!w2.offerRecovery());
    QVERIFY(!w2.document()->hasModel());
    QVERIFY(!QFileInfo::exists(MainWindow::autosavePath()));
  }

  void data_file_with_a_report() {
    MainWindow w;
    w.show();
    const QString tsv = path("pairs.tsv");
    writeFile(tsv, "hello\thallo\nthe house\tdas Haus\nbroken line without a tab\ncar\tAuto\n"
                   "a\tb\tc\nthe car\tdas Auto\ngood morning\tguten Morgen\n");
    DataPanel* dp = w.dataPanel();
    dp->tokenizerBox()->setCurrentIndex(dp->tokenizerBox()->findData(QStringLiteral("word")));
    QSignalSpy done(dp->loader(), &DataLoader::finished);
    dp->loadFile(tsv);
    QTRY_COMPARE(done.count(), 1);
    QCOMPARE(done.at(0).at(0).toString(), QString());
    QVERIFY(w.document()->hasData());
    QCOMPARE(w.document()->data().tokenizer.kind(), gb::TokenizerKind::Word);
    QCOMPARE(int(w.document()->data().train_pairs.size() + w.document()->data().val_pairs.size()), 5);
    const QString report = dp->report()->text();
    QVERIFY2(report.contains("Malformed records skipped: 2"), qPrintable(report));
    QVERIFY2(report.contains("line 3") && report.contains("line 5"), qPrintable(report));
    QVERIFY(dp->preview()->count() >= 4);
    QVERIFY(dp->vocabulary()->count() > 4);
    // the model can be built on it
    QVERIFY2(w.modelPanel()->buildButton()->isEnabled(), qPrintable(w.modelPanel()->problemLabel()->text()));
  }

  void bad_data_file_keeps_the_data() {
    MainWindow w;
    w.show();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);  // the reverse task
    const size_t before = w.document()->data().train.size();
    DataPanel* dp = w.dataPanel();
    const QString bin = path("binary.tsv"), empty = path("empty.tsv");
    writeFile(bin, QByteArray("a\tb\n\0\0\0garbage", 15));
    writeFile(empty, QByteArray());
    for (const QString& p : {bin, empty, path("missing.tsv")}) {
      QSignalSpy done(dp->loader(), &DataLoader::finished);
      dp->loadFile(p);
      QTRY_COMPARE(done.count(), 1);
      QVERIFY(!done.at(0).at(0).toString().isEmpty());
      QVERIFY2(dp->report()->text().contains(QFileInfo(p).fileName()), qPrintable(dp->report()->text()));
      QVERIFY(dp->report()->text().contains("still there"));
      QCOMPARE(w.document()->data().train.size(), before);
    }
    // a large file, cancelled at once: the data stays
    const QString big = path("big.tsv");
    {
      QFile f(big);
      QVERIFY(f.open(QIODevice::WriteOnly));
      QByteArray line("the quick brown fox\tder schnelle braune Fuchs\n");
      QByteArray chunk;
      for (int i = 0; i < 20000; ++i) chunk += line;
      for (int i = 0; i < 20; ++i) f.write(chunk);  // ~18 MB
    }
    QSignalSpy done(dp->loader(), &DataLoader::finished);
    dp->loadFile(big);
    dp->loader()->cancel();
    QTRY_COMPARE_WITH_TIMEOUT(done.count(), 1, 30000);
    QCOMPARE(done.at(0).at(0).toString(), QStringLiteral("cancelled"));
    QVERIFY(dp->report()->text().contains("cancelled"));
    QCOMPARE(w.document()->data().train.size(), before);
  }
};

QTEST_MAIN(TestFiles)
#include "tst_files.moc"
