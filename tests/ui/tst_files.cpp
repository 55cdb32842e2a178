// Files in the workbench: save and open model files, a file that fails to load without losing the open model,
// recent files, the question before unsaved work is lost, autosave and recovery; data files loaded off the GUI
// thread with a report of what was skipped, a failing or cancelled data file that keeps the data already open.
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "mainwindow.h"
#include "core/io/write_fault.h"
#include "core/model/params.h"
#include "widgets/waitwithprogress.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "widgets/lossplot.h"

#include <QComboBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <thread>
#include <unistd.h>

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
    QDir(AutosaveStore::defaultDir()).removeRecursively();
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
    QTRY_VERIFY(!w.recentMenu()->actions().isEmpty());
    for (QAction* a : w.recentMenu()->actions()) offered |= a->toolTip() == QFileInfo(file).absoluteFilePath();
    QVERIFY(offered);
    // and its Clear List, in a window that started with a recent file, clears it
    QAction* clear = nullptr;
    for (QAction* a : w.recentMenu()->actions())
      if (a->text() == QStringLiteral("&Clear List")) clear = a;
    QVERIFY(clear);
    clear->trigger();
    QVERIFY(w.recentFiles().isEmpty());
    QTRY_VERIFY(!w.recentMenu()->actions().isEmpty() && !w.recentMenu()->actions().first()->isEnabled());
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
    QVERIFY(b.document()->trainingState() != nullptr);
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
    QDir(AutosaveStore::defaultDir()).removeRecursively();
    QStringList errors;
    gb::Params<float> trained;
    QString autosave;
    {
      MainWindow w;
      prepare(w, &errors);
      autosave = w.autosavePath();
      QTRY_VERIFY(QFileInfo::exists(autosave));  // written when training finished
      trained = w.document()->params();
      // while it runs, no other window is offered its autosave: its lock is held
      MainWindow other;
      int offered = 0;
      other.setRecoveryQuestion([&](const QString&, int, int) { ++offered; return true; });
      QVERIFY(!other.offerRecovery());
      QCOMPARE(offered, 0);
      QVERIFY(other.autosavePath() != autosave);  // each window its own file
      QVERIFY(QFileInfo::exists(autosave));
      // a crash: the window goes away without closing (its lock goes with it, its autosave stays)
    }
    QVERIFY(QFileInfo::exists(autosave));
    MainWindow w;
    w.setErrorReporter([&](const QString& m) { errors << m; });
    QStringList offered;
    w.setRecoveryQuestion([&](const QString& file, int, int) { offered << file; return true; });
    QVERIFY(w.offerRecovery());
    QCOMPARE(offered, QStringList{autosave});
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join("\n")));
    QVERIFY(w.document()->hasModel());
    QVERIFY(w.document()->params().W_e == trained.W_e);
    QVERIFY(w.document()->isModified());        // recovered work is not saved yet
    QVERIFY(w.document()->filePath().isEmpty());
    QVERIFY(!QFileInfo::exists(autosave));       // it became this window's own autosave
    QVERIFY(QFileInfo::exists(w.autosavePath()));
    // a clean close removes the window's own autosave
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    QVERIFY(w.close());
    QVERIFY(!QFileInfo::exists(w.autosavePath()));
  }

  // The autosave is written on a thread of its own: while the disk is slow (here a write that waits for the test)
  // the GUI thread goes on handling events. A request while a write runs is written after it, with the newest
  // state; a removal (after Save, New or a clean close) waits for a write in flight, which cannot bring it back.
  void autosave_is_written_off_the_gui_thread() {
    QDir(AutosaveStore::defaultDir()).removeRecursively();
    QStringList errors;
    MainWindow w;
    prepare(w, &errors);
    w.removeAutosave();  // the one written when training finished (a write still going is cancelled: not waited for)
    QTRY_VERIFY(!w.autosaveWriter()->busy());
    QVERIFY(!QFileInfo::exists(w.autosavePath()));
    std::atomic<bool> release{false};
    std::atomic<int> writes{0};
    std::atomic<bool> onGuiThread{false}, started{false};
    const std::thread::id gui = std::this_thread::get_id();
    w.autosaveWriter()->setWriteFunction([&](const std::string& path, const gb::ModelFile& m, const gb::Progress&) {
      if (std::this_thread::get_id() == gui) onGuiThread = true;
      started = true;
      // a disk that takes its time (at most 10 s: a write on the GUI thread would end there and fail the test)
      for (int i = 0; !release && i < 5000; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      ++writes;
      return gb::save_model(path, m);
    });
    w.document()->setModified(true);
    QVERIFY(w.autosaveNow());
    QVERIFY(w.autosaveWriter()->busy());
    bool timerRan = false;  // the GUI thread is free while the write waits
    QTimer::singleShot(10, &w, [&] { timerRan = true; });
    QTRY_VERIFY_WITH_TIMEOUT(timerRan, 5000);
    QCOMPARE(writes.load(), 0);
    QVERIFY(!w.autosaveNow());  // one write at a time: this one is remembered
    release = true;
    QTRY_COMPARE_WITH_TIMEOUT(writes.load(), 2, 10000);  // the first and the remembered one
    QTRY_VERIFY(!w.autosaveWriter()->busy());
    QVERIFY(!onGuiThread);
    QVERIFY(QFileInfo::exists(w.autosavePath()));
    // a write in flight when the autosave is removed: the removal does not wait for it (the GUI thread never waits
    // for a worker), and the file it writes does not come back: it is removed on the writer's thread when it ends
    release = false;
    started = false;
    QVERIFY(w.autosaveNow());
    QTRY_VERIFY(started.load());  // the write is under way
    w.removeAutosave();
    QVERIFY(w.autosaveWriter()->busy());  // returned while the write is held
    QVERIFY(!QFileInfo::exists(w.autosavePath()));
    release = true;
    QTRY_VERIFY(!w.autosaveWriter()->busy());
    QCOMPARE(writes.load(), 3);  // (this slow disk ignores the cancel: the write ran to its end)
    QVERIFY(!QFileInfo::exists(w.autosavePath()));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join("\n")));
    w.document()->setModified(false);
  }

  // Several instances died: each autosave is offered, the newest first; a declined one is deleted, the first one
  // opened ends the questions and the older ones stay for a later start — none is lost without a question.
  void several_orphans_newest_first() {
    const QString dir = AutosaveStore::defaultDir();
    QDir(dir).removeRecursively();
    QStringList errors;
    QByteArray bytes;
    {
      MainWindow w;
      prepare(w, &errors);
      QVERIFY(w.saveAs(path("orphan.safetensors")));
      QFile f(path("orphan.safetensors"));
      QVERIFY(f.open(QIODevice::ReadOnly));
      bytes = f.readAll();
    }
    QDir().mkpath(dir);
    const QStringList names = {"autosave-111-old-0.safetensors", "autosave-222-mid-0.safetensors",
                               "autosave-333-new-0.safetensors"};
    for (int i = 0; i < names.size(); ++i) {
      writeFile(dir + "/" + names[i], bytes);
      QFile f(dir + "/" + names[i]);
      QVERIFY(f.open(QIODevice::ReadWrite));
      QVERIFY(f.setFileTime(QDateTime::currentDateTime().addSecs(-600 + 100 * i), QFileDevice::FileModificationTime));
    }
    MainWindow w;
    w.setErrorReporter([&](const QString& m) { errors << m; });
    QStringList offered;
    w.setRecoveryQuestion([&](const QString& file, int index, int count) {
      offered << QFileInfo(file).fileName();
      [&] { QCOMPARE(count, 3); QCOMPARE(index, offered.size() - 1); }();
      return offered.size() == 2;  // discard the newest, open the next
    });
    QVERIFY(w.offerRecovery());
    QCOMPARE(offered, (QStringList{names[2], names[1]}));
    QVERIFY(!QFileInfo::exists(dir + "/" + names[2]));  // declined: deleted
    QVERIFY(!QFileInfo::exists(dir + "/" + names[1]));  // opened: now this window's autosave
    QVERIFY(QFileInfo::exists(dir + "/" + names[0]));   // not asked about yet: kept, unlocked
    QVERIFY(!QFileInfo::exists(dir + "/" + names[0] + ".lock"));
    QVERIFY(w.document()->hasModel());
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join("\n")));
    MainWindow next;  // a later start is offered the one that is left
    QStringList later;
    next.setRecoveryQuestion([&](const QString& file, int, int) { later << QFileInfo(file).fileName(); return false; });
    QVERIFY(!next.offerRecovery());
    QCOMPARE(later, QStringList{names[0]});
    QVERIFY(!QFileInfo::exists(dir + "/" + names[0]));
  }

  // A save that fails — the disk fills up, the folder is read-only or gone — keeps the previous file byte for byte,
  // and the message names the file and the reason (in the window's language).
  void failed_save_keeps_the_old_file_data() {
    QTest::addColumn<QString>("how");
    QTest::addColumn<QString>("reason");
    QTest::newRow("disk full") << "disk-full" << "No space left on device";
    QTest::newRow("read-only folder") << "read-only" << "Permission denied";
    QTest::newRow("folder vanished") << "vanished" << "No such file or directory";
  }
  void failed_save_keeps_the_old_file() {
    QFETCH(QString, how);
    QFETCH(QString, reason);
    QStringList errors;
    MainWindow w;
    prepare(w, &errors);
    const QString dir = path(qPrintable("save-" + how));
    QVERIFY(QDir().mkpath(dir));
    const QString file = dir + "/model.safetensors";
    QVERIFY(w.saveAs(file));
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    w.trainingPanel()->stepsBox()->setValue(8);  // more training: the document changes
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
    QTRY_VERIFY(w.document()->isModified());
    // the autosave that follows the end of training, written on its own thread, is done before the fault is armed
    // (the injected fault hits the next write of any file)
    QTRY_VERIFY(QFileInfo::exists(w.autosavePath()));
    QTRY_VERIFY(!w.autosaveWriter()->busy());
    errors.clear();
    bool saved = true;
    if (how == "disk-full") {
      gb::inject_write_fault(gb::WriteFault::Write, ENOSPC, 1000);
      saved = w.saveAs(file);
    } else if (how == "read-only") {
      QVERIFY(QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::ExeOwner));
      const bool root = ::geteuid() == 0;  // root writes anywhere: save as nobody, as a user would
      if (root) QCOMPARE(::seteuid(65534), 0);
      saved = w.saveAs(file);
      if (root) QCOMPARE(::seteuid(0), 0);
      QVERIFY(QFile::setPermissions(dir, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner));
    } else {
      QVERIFY(QDir(dir).removeRecursively());
      saved = w.saveAs(file);
      QVERIFY(!QFileInfo::exists(dir));
    }
    QVERIFY(!saved);
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].contains(file), qPrintable(errors[0]));    // names the file
    QVERIFY2(errors[0].contains(reason), qPrintable(errors[0]));  // and why
    QVERIFY(w.document()->isModified());  // the work is still unsaved, and said so
    if (how == "vanished") return;
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);  // byte for byte
    QCOMPARE(QDir(dir).entryList(QDir::Files), QStringList{"model.safetensors"});  // no temporary file
  }

  // Save writes on a thread of its own: while a slow disk holds the write, the window turns its event loop, and
  // after half a second shows the progress with Cancel. Cancel stops the write: the previous file stays byte for
  // byte, no temporary file is left, the work is still unsaved and no error is shown (the status line says so).
  void save_is_written_off_the_gui_thread_and_can_be_cancelled() {
    QStringList errors;
    MainWindow w;
    prepare(w, &errors);
    const QString dir = path("slow-disk");
    QVERIFY(QDir().mkpath(dir));
    const QString file = dir + QStringLiteral("/model.safetensors");
    QVERIFY(w.saveAs(file));
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray before = f.readAll();
    f.close();
    std::atomic<bool> release{false}, onGuiThread{false};
    const std::thread::id gui = std::this_thread::get_id();
    w.setSaveWriteFunction([&](const std::string& p, const gb::ModelFile& m, const gb::Progress& progress) {
      if (std::this_thread::get_id() == gui) onGuiThread = true;
      // a disk that takes its time (at most 10 s) — or a cancel, which the write's first chunk then hears
      for (int i = 0; !release && progress(0, 1) && i < 5000; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(2));
      return gb::save_model(p, m, progress);
    });
    auto progressDialog = [&w]() -> QProgressDialog* {
      for (QProgressDialog* d : w.findChildren<QProgressDialog*>())
        if (d->isVisible()) return d;
      return nullptr;
    };
    // a slow save that ends
    w.trainingPanel()->stepsBox()->setValue(7);
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
    QVERIFY(w.document()->isModified());
    bool timerRan = false, dialogShown = false;
    QTimer::singleShot(10, &w, [&] { timerRan = true; });
    QTimer::singleShot(1500, &w, [&] {
      dialogShown = progressDialog() != nullptr && w.isSaving();
      release = true;
    });
    QVERIFY(w.saveAs(file));
    QVERIFY(timerRan);     // the GUI thread was free while the write waited
    QVERIFY(dialogShown);  // and showed the progress
    QVERIFY(!onGuiThread);
    QVERIFY(!w.isSaving());
    QVERIFY(!w.document()->isModified());
    QCOMPARE(w.document()->filePath(), file);
    QVERIFY(errors.isEmpty());
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray after = f.readAll();  // the trained steps are in it
    f.close();
    QVERIFY(after != before);
    auto back = gb::load_model(file.toStdString());
    QVERIFY(back.ok());
    QCOMPARE(back->history.size(), size_t(7));
    // a slow save, cancelled from its progress dialog
    release = false;
    w.document()->setModified(true);
    bool cancelled = false;
    QTimer::singleShot(1500, &w, [&] {
      if (QProgressDialog* d = progressDialog())
        if (auto* button = d->findChild<QPushButton*>(); button && button->isVisible()) {
          QTest::mouseClick(button, Qt::LeftButton);  // the dialog's Cancel
          cancelled = true;
        }
    });
    QVERIFY(!w.saveAs(file));
    QVERIFY(cancelled);
    QVERIFY(!w.isSaving());
    QVERIFY(progressDialog() == nullptr);
    QVERIFY(w.document()->isModified());  // still unsaved
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));  // a cancel is no error
    QVERIFY(w.statusBar()->currentMessage().contains(file));
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), after);  // byte for byte
    QCOMPARE(QDir(dir).entryList(QDir::Files), QStringList{"model.safetensors"});  // no temporary file
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
  }

  // Build draws the parameters and Open reads the file on a worker (waitWithProgress): a timer set before either
  // runs while it waits, and what arrives is the same model as before (the drawn parameters are params_init's for
  // the config, the opened ones are the saved ones).
  void build_and_open_turn_the_event_loop() {
    QStringList errors;
    MainWindow w;
    w.setErrorReporter([&errors](const QString& m) { errors.append(m); });
    w.show();
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    QTRY_VERIFY(w.document()->hasData());
    w.modelPanel()->dModelBox()->setValue(512);  // some ten million parameters: tens of milliseconds to draw
    for (QSpinBox* sb : w.modelPanel()->findChildren<QSpinBox*>())
      if (sb->accessibleName().contains(QLatin1String("d_mlp"))) sb->setValue(2048);
    bool waitedForBuild = false;
    QTimer::singleShot(0, &w, [&] { waitedForBuild = isWaiting(); });
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    QVERIFY(waitedForBuild);
    QVERIFY(!isWaiting());
    const gb::Config c = w.document()->config();
    QCOMPARE(c.d_e, 512);
    QCOMPARE(c.d_mlp, 2048);
    const gb::Params<float> drawn = gb::params_init(c, 0);
    QVERIFY(w.document()->params().W_e == drawn.W_e);
    QVERIFY(w.document()->params().dec.back().mlp.W_out == drawn.dec.back().mlp.W_out);
    const QString file = path("large.safetensors");
    QVERIFY(w.saveAs(file));
    QVERIFY(w.newModel());
    QVERIFY(!w.document()->hasModel());
    bool waitedForOpen = false;
    QTimer::singleShot(0, &w, [&] { waitedForOpen = isWaiting(); });
    QVERIFY(w.openFile(file));
    QVERIFY(waitedForOpen);
    QVERIFY(w.document()->hasModel());
    QVERIFY(w.document()->params().W_e == drawn.W_e);
    QVERIFY(w.document()->params().dec.back().mlp.W_out == drawn.dec.back().mlp.W_out);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join(QLatin1Char('\n'))));
    // one wait at a time: a save asked for while a build is waited for writes nothing and says it did not
    const QString other = path("during-build.safetensors");
    bool savedDuringBuild = true;
    QTimer::singleShot(0, &w, [&] { savedDuringBuild = w.saveAs(other); });
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(!savedDuringBuild);
    QVERIFY(!QFileInfo::exists(other));
    QVERIFY(w.document()->hasModel());
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
