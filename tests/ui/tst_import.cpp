// File → Import in the workbench (issue 31): a Hugging Face checkpoint folder (or its config.json) becomes the open
// model, unmodified and not autosaved; errors name the folder and keep the open model; a cancelled import changes
// nothing; the views start from the model's own special tokens (Marian's decoder start, GPT-2's prompt without
// <bos>); a large model's autosaves are spaced by its size. The tiny checkpoints of tests/fixtures/hf.
#include "controllers/decodingcontroller.h"
#include "controllers/files.h"
#include "controllers/modeldocument.h"
#include "controllers/perturbationcontroller.h"
#include "controllers/trainingcontroller.h"
#include "controllers/dataloader.h"
#include "controllers/modeldesign.h"
#include "controllers/workbench.h"
#include "controllers/lesson.h"
#include "lessonrunner.h"
#include "mainwindow.h"
#include "panels/perturbationpanel.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"

#include "core/decode/session.h"
#include "core/io/hf_import.h"
#include "core/model/params.h"

#include <QDir>
#include <QFile>
#include <QJsonObject>
#include <QLabel>
#include <QMessageBox>
#include <QStandardItemModel>
#include <QAbstractItemView>
#include <QComboBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

class TestImport : public QObject {
  Q_OBJECT
  QString mHf;  // tests/fixtures/hf
  QTemporaryDir mDir;

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_import"));
    QSettings().clear();
    mHf = qEnvironmentVariable("GLASSBOX_FIXTURES") + QStringLiteral("/hf");
    QVERIFY2(QFileInfo(mHf + QStringLiteral("/marian-tiny/config.json")).isFile(), qPrintable(mHf));
    QVERIFY(mDir.isValid());
  }

  void window_imports_a_folder_unmodified() {
    MainWindow w;
    QStringList errors;
    w.setErrorReporter([&errors](const QString& m) { errors << m; });
    w.show();
    QVERIFY(w.openFile(mHf + QStringLiteral("/marian-tiny")));
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    ModelDocument* doc = w.document();
    QVERIFY(doc->hasModel());
    QVERIFY(!doc->isModified());          // on disk as the folder: nothing to autosave
    QVERIFY(doc->filePath().isEmpty());   // Save asks for a name
    QCOMPARE(doc->importedName(), QStringLiteral("marian-tiny"));
    // Save As offers a file named after it
    QCOMPARE(QFileInfo(w.files()->suggestedSavePath()).fileName(), QStringLiteral("marian-tiny.safetensors"));
    QVERIFY2(w.windowTitle().contains(QStringLiteral("marian-tiny")), qPrintable(w.windowTitle()));
    // the same parameters as the core's importer reads
    auto ck = gb::hf_open((mHf + QStringLiteral("/marian-tiny")).toStdString());
    QVERIFY(ck.ok());
    auto m = gb::hf_import(*ck);
    QVERIFY(m.ok());
    QCOMPARE(doc->params().W_e.size(), m->params.W_e.size());
    QVERIFY(doc->params().W_e == m->params.W_e);
    QVERIFY(doc->params().b_u == m->params.b_u);
    QCOMPARE(doc->config().eos_id, 0);  // Marian's </s>
    QVERIFY(doc->sampleInputs().contains(QStringLiteral("I want to buy a car")));
    // the Model dock counts the open model's parameters (its |V|, without data)
    QCOMPARE(gb::params_count(w.workbench()->design()->config()), gb::params_count(doc->config()));
    // its model.safetensors opened: the folder is imported
    QVERIFY(w.openFile(mHf + QStringLiteral("/marian-tiny/model.safetensors")));
    QCOMPARE(doc->importedName(), QStringLiteral("marian-tiny"));
    // Save As offers a file named after it
    QCOMPARE(QFileInfo(w.files()->suggestedSavePath()).fileName(), QStringLiteral("marian-tiny.safetensors"));
    QVERIFY(errors.isEmpty());

    // a GPT-2 through its config.json replaces it
    QVERIFY(w.openFile(mHf + QStringLiteral("/gpt2-tiny/config.json")));
    QCOMPARE(doc->importedName(), QStringLiteral("gpt2-tiny"));
    QCOMPARE(int(doc->config().variant), int(gb::Variant::DecoderOnly));

    // errors name the folder and say what to do; the open model stays
    const QString pickle = mDir.filePath(QStringLiteral("pickle"));
    QVERIFY(QDir().mkpath(pickle));
    QVERIFY(QFile::copy(mHf + QStringLiteral("/gpt2-tiny/config.json"), pickle + QStringLiteral("/config.json")));
    for (const char* f : {"vocab.json", "merges.txt"})
      QVERIFY(QFile::copy(mHf + QStringLiteral("/gpt2-tiny/") + f, pickle + QLatin1Char('/') + f));
    QFile bin(pickle + QStringLiteral("/pytorch_model.bin"));
    QVERIFY(bin.open(QIODevice::WriteOnly));
    bin.write("PK\x03\x04");
    bin.close();
    QVERIFY(!w.openFile(pickle));
    QCOMPARE(errors.size(), 1);
    QVERIFY2(errors[0].contains(QStringLiteral("glassbox_torch import")) && errors[0].contains(pickle),
             qPrintable(errors[0]));
    QVERIFY(errors[0].contains(QStringLiteral("still open")));
    QCOMPARE(doc->importedName(), QStringLiteral("gpt2-tiny"));
    errors.clear();
    QVERIFY(!w.openFile(mDir.filePath(QStringLiteral("no-such-folder"))));  // (not a folder: a file to open)
    QCOMPARE(errors.size(), 1);
    QCOMPARE(doc->importedName(), QStringLiteral("gpt2-tiny"));
  }

  void cancelled_import_changes_nothing() {
    ModelDocument doc;
    TrainingController trainer;
    Files files(&doc, &trainer);
    int calls = 0;
    files.setWaiter([&calls](const QString&, bool cancellable, const Files::Work& work) {
      if (!cancellable) return false;  // (an import can be cancelled)
      work([&calls](uint64_t, uint64_t) { return ++calls < 3; });  // the user presses Cancel at the third tensor
      return true;
    });
    const Files::Outcome out = files.importCheckpoint(mHf + QStringLiteral("/gpt2-tiny"));
    QVERIFY(out.cancelled);
    QVERIFY(!out.ok);
    QVERIFY(out.error.isEmpty());
    QCOMPARE(calls, 3);
    QVERIFY(!doc.hasModel());
    // and without cancelling, it imports
    files.setWaiter([](const QString&, bool, const Files::Work& work) {
      work({});
      return true;
    });
    QVERIFY(files.importCheckpoint(mHf + QStringLiteral("/gpt2-tiny")).ok);
    QVERIFY(doc.hasModel());
    QVERIFY(!doc.isModified());
  }

  void views_start_from_the_models_special_tokens() {
    ModelDocument doc;
    TrainingController trainer;
    Files files(&doc, &trainer);
    QVERIFY(files.importCheckpoint(mHf + QStringLiteral("/marian-tiny")).ok);
    const gb::Tokenizer& tok = *doc.tokenizerForModel();
    DecodingController dec;
    QVERIFY(dec.start(doc.config(), doc.params(), tok, QStringLiteral("I want to buy a car"), false, 0).isEmpty());
    // Marian: the source ends with </s>, the decoder starts from decoder_start_token_id (its <pad>)
    const gb::DecodeSession* s = dec.session();
    QVERIFY(s);
    QCOMPARE(s->source().back(), doc.config().eos_id);
    QCOMPARE(s->tokens(), std::vector<int>{doc.config().bos_id});
    QCOMPARE(QString::fromStdString(tok.token(doc.config().bos_id)), QStringLiteral("<pad>"));
    // the same distribution as the core's session from the same ids
    auto ref = gb::DecodeSession::create(doc.config(), doc.params(), tok.encode("I want to buy a car").ids,
                                         {doc.config().bos_id});
    QVERIFY(ref.ok());
    QVERIFY(ref->next_logp() == s->next_logp());
    // the perturbation's replacement "house" is the model's piece "▁house"
    PerturbationController pert(&doc);
    pert.setInput(QStringLiteral("I want to buy a car"));
    QTRY_VERIFY(pert.ready());
    QCOMPARE(pert.tokenId(QStringLiteral("house")), tok.id_of("\u2581house"));
    // after the decoder's start token: target 1 is the first token after it, as lesson files count
    QCOMPARE(pert.firstTarget(), 1);
    QCOMPARE(pert.positions().front().stream, 'Z');
    QCOMPARE(pert.number({'X', 1}), 1);
    QCOMPARE(pert.fromNumber('X', 1).index, 1);

    // GPT-2: the prompt is the text alone
    QVERIFY(files.importCheckpoint(mHf + QStringLiteral("/gpt2-tiny")).ok);
    const gb::Tokenizer& bpe = *doc.tokenizerForModel();
    QVERIFY(dec.start(doc.config(), doc.params(), bpe, QStringLiteral("Hello world"), false, 0).isEmpty());
    QCOMPARE(dec.session()->tokens(), bpe.encode("Hello world").ids);
    QVERIFY(dec.start(doc.config(), doc.params(), bpe, QString(), false, 0).isEmpty());  // empty: <|endoftext|>
    QCOMPARE(dec.session()->tokens(), std::vector<int>{doc.config().bos_id});
    // its prompt has no start token: the first word can be replaced too, and it is token 1
    PerturbationController gpt(&doc);
    gpt.setInput(QStringLiteral("Hello world"));
    QTRY_VERIFY(gpt.ready());
    QCOMPARE(gpt.firstTarget(), 0);
    QCOMPARE(gpt.positions().front().stream, 'X');
    QCOMPARE(gpt.positions().front().index, 0);
    QCOMPARE(gpt.number(gpt.positions().front()), 1);
    QVERIFY(gpt.replace(gpt.positions().front(), bpe.encode(" house").ids.back()).isEmpty());
    QTRY_VERIFY(!gpt.stages().empty());
    QCOMPARE(gpt.perturbed().x.front(), bpe.encode(" house").ids.back());
  }

  // The Perturbation tab on GPT-2 (no start token): its first word is "token 1", a beat's position round-trips, and
  // a beat naming a word the sentence lacks says so.
  void perturbation_beats_on_gpt2() {
    MainWindow w;
    QStringList errors;
    w.setErrorReporter([&errors](const QString& m) { errors << m; });
    w.show();
    QVERIFY(w.openFile(mHf + QStringLiteral("/gpt2-tiny")));
    w.tabs()->setCurrentIndex(6);
    auto* pp = w.findChild<PerturbationPanel*>();
    QVERIFY(pp && pp->isVisible());
    pp->inputBox()->setCurrentText(QStringLiteral("Hello world"));
    QTRY_VERIFY(pp->controller()->ready() && pp->positionBox()->count() > 0);
    QVERIFY2(pp->positionBox()->itemText(0).startsWith(QStringLiteral("token 1")), qPrintable(pp->positionBox()->itemText(0)));
    pp->positionBox()->setCurrentIndex(1);  // token 2
    QTRY_VERIFY(!pp->controller()->stages().empty());
    const QJsonObject beat = pp->viewState();
    QCOMPARE(beat.value(QStringLiteral("position")).toInt(), 2);
    pp->positionBox()->setCurrentIndex(0);
    QTRY_COMPARE(pp->controller()->position().index, 0);
    pp->setViewState(beat);  // back to token 2
    QTRY_COMPARE(pp->controller()->position().index, 1);
    QCOMPARE(pp->viewState().value(QStringLiteral("position")).toInt(), 2);
    // the sentence read again (the tab refreshed): the chosen first token stays chosen
    pp->positionBox()->setCurrentIndex(0);
    QTRY_COMPARE(pp->controller()->position().index, 0);
    pp->controller()->setInput(QStringLiteral("Hello there"));
    QTRY_VERIFY(pp->controller()->ready() && pp->controller()->input() == QStringLiteral("Hello there"));
    QCOMPARE(pp->controller()->position().index, 0);
    // a beat whose word the sentence does not have: said above the result
    QJsonObject missing = beat;
    missing.insert(QStringLiteral("position"), 99);
    missing.insert(QStringLiteral("at"), QStringLiteral("zebra"));
    pp->setViewState(missing);
    auto* summary = pp->findChild<QLabel*>(QStringLiteral("perturbationSummary"));
    QVERIFY(summary);
    QTRY_VERIFY2(summary->text().contains(QStringLiteral("zebra")), qPrintable(summary->text()));
    // the "by" list of the whole vocabulary opens as 20 rows that scroll, not as tall as the tokens are many
    QComboBox* by = pp->replacementBox();
    QVERIFY(by->count() > 100);
    by->showPopup();
    QTRY_VERIFY(by->view()->isVisible());
    const int row = by->view()->sizeHintForRow(0);
    QVERIFY2(by->view()->height() <= 21 * row + 8, qPrintable(QStringLiteral("%1 px for rows of %2 px").arg(by->view()->height()).arg(row)));
    by->hidePopup();
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
  }

  // A data file loaded while an imported model is open is encoded with the model's tokenizer (Marian's
  // SentencePiece: the decoder's sequence from <pad>, its decoder start, to </s>), and the model fine-tunes on it.
  void fine_tunes_on_a_file_in_its_own_tokenizer() {
    MainWindow w;
    QStringList errors;
    w.setErrorReporter([&errors](const QString& m) { errors << m; });
    w.show();
    QVERIFY(w.openFile(mHf + QStringLiteral("/marian-tiny")));
    // the Data dock offers a file only, read with the model's own tokenizer (a built-in task has its own vocabulary)
    auto* source = w.dataPanel()->findChild<QComboBox*>(QStringLiteral("sourceBox"));
    auto* tokenizer = w.dataPanel()->findChild<QComboBox*>(QStringLiteral("tokenizerBox"));
    QVERIFY(source && tokenizer);
    QCOMPARE(source->currentIndex(), 1);
    QVERIFY(!qobject_cast<QStandardItemModel*>(source->model())->item(0)->isEnabled());
    QVERIFY(!tokenizer->isEnabled());
    const QString tsv = mDir.filePath(QStringLiteral("pairs.tsv"));
    QFile f(tsv);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("I want to buy a car\tIch will ein Auto kaufen\nI want to buy a house\tIch will ein Haus kaufen\n"
            "the car\tdas Auto\nthe house\tdas Haus\na car\tein Auto\nto buy\tkaufen\n"
            "I want a car\tIch will ein Auto\nI want a house\tIch will ein Haus\n");
    f.close();
    QSignalSpy done(w.dataPanel()->loader(), &DataLoader::finished);
    w.dataPanel()->loadFile(tsv);
    QTRY_COMPARE(done.count(), 1);
    QCOMPARE(done.at(0).at(0).toString(), QString());
    ModelDocument* doc = w.document();
    QVERIFY(doc->hasData() && doc->hasModel());
    QCOMPARE(doc->data().tokenizer.kind(), gb::TokenizerKind::SentencePiece);
    QVERIFY2(doc->fitProblem().isEmpty(), qPrintable(doc->fitProblem()));
    const gb::Tokenizer& tok = *doc->tokenizerForModel();
    for (const gb::Example& e : doc->data().train) {
      QCOMPARE(e.x.front(), tok.id_of("<pad>"));
      QCOMPARE(e.x.back(), tok.id_of("</s>"));
      QCOMPARE(e.z.back(), tok.id_of("</s>"));
      QCOMPARE(std::count(e.x.begin(), e.x.end(), tok.id_of("</s>")), long(1));
    }
    const gb::Mat<float> before = doc->params().W_e;
    w.trainingPanel()->stepsBox()->setValue(3);
    QVERIFY(w.trainingPanel()->startButton()->isEnabled());
    QTest::mouseClick(w.trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
    QTRY_VERIFY(doc->history().size() == 3);
    QVERIFY(doc->isModified());
    QVERIFY(doc->params().W_e != before);
    QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
    // a model of our own again: the tasks come back
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    QVERIFY(w.newModel());
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    source->setCurrentIndex(0);
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);
    QTRY_VERIFY(doc->hasData() && !w.dataPanel()->loader()->isRunning());
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(doc->hasModel() && doc->importedName().isEmpty());
    QVERIFY(qobject_cast<QStandardItemModel*>(source->model())->item(0)->isEnabled());
    QVERIFY(tokenizer->isEnabled());
  }

  // The built-in lesson "A real translator" imports opus-mt-en-de from the hub's cache ($HF_HOME/hub, here the tiny
  // Marian under that name) and replays seed 004's experiments on it; without it the window says where to get it,
  // and a folder the user chooses is imported and remembered.
  void a_real_translator_lesson() {
    QTemporaryDir home;
    QVERIFY(home.isValid());
    qputenv("HF_HOME", home.path().toUtf8());
    const auto lesson = loadLesson(QStringLiteral("a-real-translator"), QStringLiteral("en"), nullptr);
    QVERIFY(lesson && lesson->import);
    QCOMPARE(lesson->import->hub, QStringLiteral("Helsinki-NLP/opus-mt-en-de"));
    QVERIFY(!lesson->hasRecipe);
    QVERIFY(findCheckpoint(*lesson->import).isEmpty());
    const QString missing = missingCheckpointText(*lesson->import);
    QVERIFY2(missing.contains(QStringLiteral("https://huggingface.co/Helsinki-NLP/opus-mt-en-de")) &&
                 missing.contains(QStringLiteral("source.spm")) && missing.contains(home.path()),
             qPrintable(missing));
    QVERIFY2(!missing.contains(QStringLiteral("merges.txt")), qPrintable(missing));  // (GPT-2's, not Marian's)
    LessonImport gpt2;
    gpt2.hub = QStringLiteral("openai-community/gpt2");
    const QString missingGpt2 = missingCheckpointText(gpt2);
    QVERIFY2(missingGpt2.contains(QStringLiteral("merges.txt")) && !missingGpt2.contains(QStringLiteral("source.spm")),
             qPrintable(missingGpt2));
    {
      MainWindow w;
      w.show();
      QString asked;
      w.setMissingCheckpointQuestion([&asked](const Lesson&, const QString& text) {
        asked = text;
        return QString();  // Cancel: nothing happens
      });
      QVERIFY(w.openLesson(QStringLiteral("a-real-translator")).isEmpty());
      QCOMPARE(asked, missing);
      QVERIFY(!w.document()->hasModel());
      // a folder chosen: imported, and remembered for the next time
      w.setMissingCheckpointQuestion([this](const Lesson&, const QString&) { return mHf + QStringLiteral("/marian-tiny"); });
      QSignalSpy reached(w.lessonRunner(), &LessonRunner::reached);
      QVERIFY(w.openLesson(QStringLiteral("a-real-translator")).isEmpty());
      QTRY_COMPARE_WITH_TIMEOUT(reached.count(), 1, 30000);
      QCOMPARE(w.document()->importedName(), QStringLiteral("marian-tiny"));
      QCOMPARE(QFileInfo(findCheckpoint(*lesson->import)).absoluteFilePath(),
               QFileInfo(mHf + QStringLiteral("/marian-tiny")).absoluteFilePath());
      // a New while the lesson's model is read: the import is dropped, and the lesson says it failed
      QStringList shown;
      w.setErrorReporter([&shown](const QString& m) { shown << m; });
      QSignalSpy failed(w.lessonRunner(), &LessonRunner::failed);
      QVERIFY(w.openLesson(QStringLiteral("a-real-translator")).isEmpty());
      w.document()->clear();  // (before the event loop turns: the import's result cannot have arrived)
      QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 30000);
      QVERIFY2(failed.front().front().toString().contains(QStringLiteral("not imported")),
               qPrintable(failed.front().front().toString()));
      QCOMPARE(reached.count(), 1);
      QVERIFY(!w.document()->hasModel());
      QCOMPARE(shown.size(), 1);  // the window says so
    }
    QSettings().remove(QStringLiteral("lessons/checkpoints"));
    // in the hub's cache under its id: found there, the beats shown on it
    const QString snapshot = home.path() + QStringLiteral("/hub/models--Helsinki-NLP--opus-mt-en-de/snapshots/0123abc");
    QVERIFY(QDir().mkpath(snapshot));
    for (const QString& f : QDir(mHf + QStringLiteral("/marian-tiny")).entryList(QDir::Files))
      QVERIFY(QFile::copy(mHf + QStringLiteral("/marian-tiny/") + f, snapshot + QLatin1Char('/') + f));
    QCOMPARE(findCheckpoint(*lesson->import), snapshot);
    // the hub's repository folder chosen (File → Import, or for the lesson): its newest snapshot
    QCOMPARE(Files::checkpointFolder(home.path() + QStringLiteral("/hub/models--Helsinki-NLP--opus-mt-en-de")), snapshot);
    MainWindow w;
    w.show();
    w.setMissingCheckpointQuestion([](const Lesson&, const QString&) {
      qFatal("asked although the checkpoint is in the cache");
      return QString();
    });
    QSignalSpy reached(w.lessonRunner(), &LessonRunner::reached);
    QVERIFY(w.openLesson(QStringLiteral("a-real-translator")).isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(reached.count(), 1, 30000);
    QCOMPARE(w.document()->importedName(), QStringLiteral("Helsinki-NLP/opus-mt-en-de"));
    QVERIFY2(w.windowTitle().contains(QStringLiteral("Helsinki-NLP/opus-mt-en-de (imported)")), qPrintable(w.windowTitle()));
    QVERIFY(!w.document()->isModified());
    // seed 004's "car" → "house" on it
    QVERIFY(w.lessonRunner()->showBeat(2));
    PerturbationController* ctl = w.findChild<PerturbationPanel*>()->controller();
    QTRY_VERIFY(ctl->ready());
    QCOMPARE(ctl->position().stream, 'Z');
    QCOMPARE(ctl->tokenText(ctl->originalToken()), QStringLiteral("\u2581car"));
    QCOMPARE(ctl->tokenText(ctl->replacement()), QStringLiteral("\u2581house"));
    qunsetenv("HF_HOME");
  }

  // A lesson file's "import" is checked like every field: the message names it.
  void lesson_import_fields_are_checked() {
    const auto parse = [](const char* json) {
      QString error;
      auto l = parseLesson(QByteArray(json), QStringLiteral("en"), QStringLiteral("l.json"), &error);
      return l ? QString() : error;
    };
    QVERIFY(parse(R"({"glassbox_lesson":1,"title":"t","import":{"hub":"a/b"},"beats":[{"caption":"c","tab":"attention"}]})").isEmpty());
    QVERIFY(parse(R"({"glassbox_lesson":1,"title":"t","import":{"hub":"noslash"},"beats":[]})").contains(QStringLiteral("import.hub")));
    QVERIFY(parse(R"({"glassbox_lesson":1,"title":"t","import":{},"beats":[]})").contains(QStringLiteral("import.hub")));
    QVERIFY(parse(R"({"glassbox_lesson":1,"title":"t","import":{"hub":"a/b","fallback":"nope"},"beats":[]})").contains(QStringLiteral("import.fallback")));
    QVERIFY(parse(R"({"glassbox_lesson":1,"title":"t","import":{"folder":3},"beats":[]})").contains(QStringLiteral("import.folder")));
    QVERIFY(parse(R"({"glassbox_lesson":1,"title":"t","import":{"hub":"a/b"},"recipe":{},"beats":[]})").contains(QStringLiteral("recipe")));
    // written back as read
    const auto l = parseLesson(R"({"glassbox_lesson":1,"title":"t","import":{"hub":"a/b","folder":"~/m","fallback":"why-the-mask"},"beats":[{"caption":"c","tab":"attention"}]})",
                               QStringLiteral("en"), QStringLiteral("l.json"), nullptr);
    QVERIFY(l);
    const auto again = parseLesson(lessonToJson(*l), QStringLiteral("en"), QStringLiteral("again.json"), nullptr);
    QVERIFY(again && again->import);
    QCOMPARE(again->import->hub, QStringLiteral("a/b"));
    QCOMPARE(again->import->folder, QStringLiteral("~/m"));
    QCOMPARE(again->import->fallback, QStringLiteral("why-the-mask"));
  }

  void large_models_are_autosaved_less_often() {
    QCOMPARE(Files::autosaveSpacingMs(10 << 20), 60 * 1000);
    QCOMPARE(Files::autosaveSpacingMs(qint64(497) << 20), 10 * 60 * 1000);  // GPT-2 small
    QCOMPARE(Files::autosaveSpacingMs(qint64(296) << 20), 6 * 60 * 1000);   // opus-mt-en-de
    QCOMPARE(Files::autosaveSpacingMs(qint64(6) << 30), 15 * 60 * 1000);
  }
};

QTEST_MAIN(TestImport)
#include "tst_import.moc"
