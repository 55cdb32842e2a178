// Crash safety with real processes: the glassbox program trains and autosaves, is killed with SIGKILL, and the
// next start offers its autosave — the very model it autosaved. An instance that is still running is never offered
// another's autosave. Each program runs offscreen with its own HOME and XDG folders; GLASSBOX_AUTOSAVE_MS makes it
// autosave often, GLASSBOX_TEST_RECOVERY answers the recovery question and reports on stdout (app/main.cpp).
#include "core/io/model_file.h"

#include <QDir>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestCrash : public QObject {
  Q_OBJECT
  QTemporaryDir mHome;
  QString mGui;

  QString autosaveDir() const { return mHome.filePath("data/Glassbox/Glassbox/autosave"); }
  QStringList autosaves() const {
    QStringList out;
    for (const QString& n : QDir(autosaveDir()).entryList({"autosave-*.safetensors"}, QDir::Files, QDir::Name))
      out << QDir(autosaveDir()).filePath(n);
    return out;
  }
  QProcessEnvironment env(const QString& recovery = {}) const {
    QProcessEnvironment e = QProcessEnvironment::systemEnvironment();
    e.insert("HOME", mHome.path());
    e.insert("XDG_DATA_HOME", mHome.filePath("data"));
    e.insert("XDG_CONFIG_HOME", mHome.filePath("config"));
    e.insert("XDG_CACHE_HOME", mHome.filePath("cache"));
    e.insert("QT_QPA_PLATFORM", "offscreen");
    e.insert("OMP_NUM_THREADS", "1");
    e.insert("GLASSBOX_AUTOSAVE_MS", "150");
    if (!recovery.isEmpty()) e.insert("GLASSBOX_TEST_RECOVERY", recovery);
    return e;
  }
  // A start that is offered the orphaned autosaves (answering as told) and quits: its stdout.
  QString startAndAnswer(const QString& answer) {
    QProcess p;
    p.setProcessEnvironment(env(answer));
    p.start(mGui, {});
    if (!p.waitForFinished(60000)) {
      p.kill();
      p.waitForFinished();
      return "timeout";
    }
    const QString err = QString::fromUtf8(p.readAllStandardError());
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) return "failed: " + err;
    return QString::fromUtf8(p.readAllStandardOutput());
  }

 private slots:
  void initTestCase() {
    QVERIFY(mHome.isValid());
    mGui = qEnvironmentVariable("GLASSBOX_GUI");
    QVERIFY2(QFileInfo(mGui).isExecutable(), "GLASSBOX_GUI must name the glassbox program");
  }

  void killed_instance_is_recovered_running_one_is_not() {
    QProcess a;  // trains for long, autosaving every 150 ms
    a.setProcessEnvironment(env());
    a.start(mGui, {"--demo", "10000000"});
    QVERIFY(a.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(autosaves().size() == 1, 60000);
    const QString file = autosaves().value(0);
    QVERIFY(QFileInfo::exists(file + ".lock"));  // held while a runs
    const QDateTime first = QFileInfo(file).lastModified();
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(file).lastModified() > first, 60000);  // autosaved again while training
    // until the trainer has published its state once (every 25 steps): the autosave can then go on exactly
    auto withState = [&] {
      auto m = gb::load_model(file.toStdString());
      return m.ok() && m->training.has_value();
    };
    QTRY_VERIFY_WITH_TIMEOUT(withState(), 120000);

    // a second instance while a runs: nothing to recover, and a's autosave is untouched
    QCOMPARE(startAndAnswer("open:" + mHome.filePath("wrong.safetensors")), QString("none\n"));
    QCOMPARE(a.state(), QProcess::Running);
    QVERIFY(QFileInfo::exists(file));
    QVERIFY(!QFileInfo::exists(mHome.filePath("wrong.safetensors")));

    // kill -9: no chance to clean up
    a.kill();  // SIGKILL
    QVERIFY(a.waitForFinished(30000));
    QCOMPARE(a.exitStatus(), QProcess::CrashExit);
    QCOMPARE(autosaves(), QStringList{file});
    QVERIFY(QFileInfo::exists(file + ".lock"));  // stale: its process is gone
    const QString atDeath = mHome.filePath("at-death.safetensors");
    QVERIFY(QFile::copy(file, atDeath));

    // the next start offers it, and what it recovers is what a autosaved
    const QString recovered = mHome.filePath("recovered.safetensors");
    const QString out = startAndAnswer("open:" + recovered);
    QCOMPARE(out, QString("offered %1\nrecovered\n").arg(file));
    auto saved = gb::load_model(atDeath.toStdString());
    auto got = gb::load_model(recovered.toStdString());
    QVERIFY2(saved.ok(), saved.ok() ? "" : saved.error().message.c_str());
    QVERIFY2(got.ok(), got.ok() ? "" : got.error().message.c_str());
    QVERIFY(!saved->history.empty());  // autosaved during training, with its steps
    QVERIFY(saved->training.has_value());
    QCOMPARE(got->history.size(), saved->history.size());
    QCOMPARE(got->history.back().loss, saved->history.back().loss);
    const auto ts = gb::tensor_list(saved->config, saved->params), tg = gb::tensor_list(got->config, got->params);
    QCOMPARE(tg.size(), ts.size());
    const auto names = gb::tensor_names(saved->config);
    for (size_t i = 0; i < ts.size(); ++i)
      QVERIFY2(std::equal(ts[i].data, ts[i].data + ts[i].size(), tg[i].data), names[i].c_str());

    // recovered once: the next start has nothing to offer, and nothing is left behind
    QCOMPARE(startAndAnswer("discard"), QString("none\n"));
    QCOMPARE(QDir(autosaveDir()).entryList(QDir::Files | QDir::Hidden), QStringList{});
  }
};

QTEST_GUILESS_MAIN(TestCrash)
#include "tst_crash.moc"
