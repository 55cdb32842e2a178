// glassbox — the workbench GUI.
#include "appearance.h"
#include "appicon.h"
#include "lessonrunner.h"
#include "controllers/lesson.h"
#include "language.h"
#include "mainwindow.h"
#include "familynames.h"
#include "controllers/datachoice.h"
#include "controllers/modeldesign.h"
#include "controllers/trainingsetup.h"
#include "controllers/workbench.h"
#include "tabs.h"
#include "core/family.h"
#include "errortext.h"

#include <cstdio>

#include "controllers/trainingcontroller.h"
#include "panels/algorithmpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/comparepanel.h"
#include "panels/maskeditor.h"
#include "panels/timelineview.h"
#include "controllers/algorithmcontroller.h"
#include "controllers/comparecontroller.h"
#include "controllers/decodingcontroller.h"
#include "core/model/stepper.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "panels/presentable.h"

#include <QJsonObject>
#include <functional>
#include <optional>

#include <QApplication>
#include <QComboBox>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QFile>
#include <QSettings>
#include <QFileInfo>
#include <QTabWidget>
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include <QPushButton>
#include <QSlider>
#include <QThread>
#include <QRegularExpression>
#include <QSpinBox>
#include <QTimer>

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)  // a list needs no window (nor a display)
    if (QLatin1String(argv[i]) == QLatin1String("--lessons")) {
      for (const QString& id : builtinLessonIds()) std::printf("%s\n", qPrintable(id));
      return 0;
    }
  keepTheResidentSetFlat();
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Glassbox"));
  QApplication::setApplicationName(QStringLiteral("Glassbox"));
  QApplication::setApplicationVersion(QStringLiteral(GLASSBOX_VERSION));
  QApplication::setWindowIcon(glassboxIcon());

  // The language must be known before any translated text is made, so look for --language first.
  QString lang = language::stored();
  const QStringList args = QCoreApplication::arguments();
  for (int i = 1; i < args.size(); ++i) {
    if (args[i] == QLatin1String("--language") && i + 1 < args.size()) lang = args[i + 1];
    else if (args[i].startsWith(QLatin1String("--language="))) lang = args[i].mid(11);
  }
  language::install(app, lang);

  QCommandLineParser parser;
  parser.setApplicationDescription(QCoreApplication::translate("main", "A transformer you can see through."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addOption({QStringLiteral("language"),
                    QCoreApplication::translate("main", "Use this language for this run: system, en or de."),
                    QCoreApplication::translate("main", "code")});
  parser.addOption({QStringLiteral("demo"),
                    QCoreApplication::translate("main", "Load the reverse task, build a small model and train it for "
                                                        "this many steps (for lessons and screenshots)."),
                    QCoreApplication::translate("main", "steps")});
  parser.addOption({QStringLiteral("screenshot"),
                    QCoreApplication::translate("main", "Save a picture of the window to this PNG file and quit "
                                                        "(after the demo training, if any)."),
                    QCoreApplication::translate("main", "file")});
  parser.addOption({QStringLiteral("data"),
                    QCoreApplication::translate("main", "Load this data file (TSV/CSV pairs, or text for a "
                                                        "decoder-only model) instead of the reverse task."),
                    QCoreApplication::translate("main", "file")});
  QStringList familyNames;  // the registry's (core/family.h) and the tab registry's (ui/tabs.h) names: never a stale list
  for (const gb::FamilyInfo& f : gb::families())
    if (f.in_window) familyNames << QString::fromStdString(f.name);
  parser.addOption({QStringLiteral("variant"),
                    QCoreApplication::translate("main", "The model family for --demo and --data: %1.")
                        .arg(familyNames.join(QStringLiteral(", "))),
                    QCoreApplication::translate("main", "family")});
  parser.addOption({QStringLiteral("tab"),
                    QCoreApplication::translate("main", "Show this tab first: %1; a view of a tab after a dot "
                                                        "(decoding.timeline, decoding.beam, decoding.kv, "
                                                        "masks.maskEditor, attention.attentionOpened).")
                        .arg(tabIds().join(QStringLiteral(", "))),
                    QCoreApplication::translate("main", "name")});
  parser.addOption({QStringLiteral("present"),
                    QCoreApplication::translate("main", "Start in presentation mode (full screen, the view only; "
                                                        "Esc leaves).")});
  parser.addOption({QStringLiteral("zoom"),
                    QCoreApplication::translate("main", "Zoom for this run, in percent (50–300)."),
                    QCoreApplication::translate("main", "percent")});
  parser.addOption({QStringLiteral("theme"),
                    QCoreApplication::translate("main", "Theme for this run: light, dark or projector."),
                    QCoreApplication::translate("main", "name")});
  parser.addOption({QStringLiteral("export"),
                    QCoreApplication::translate("main", "Export the current tab to this file — PNG, SVG or PDF by its "
                                                        "extension — and quit (after the demo training, if any)."),
                    QCoreApplication::translate("main", "file")});
  parser.addOption({QStringLiteral("scale"),
                    QCoreApplication::translate("main", "Pixels per point for --export to PNG: 1 to 4 (default 1)."),
                    QCoreApplication::translate("main", "factor")});
  parser.addOption({QStringLiteral("lessons"),
                    QCoreApplication::translate("main", "List the built-in lessons (one name a line) and quit.")});
  parser.addOption({QStringLiteral("lesson"),
                    QCoreApplication::translate("main", "Open a lesson: a built-in one by name, or a lesson file. With "
                                                        "--screenshot or --export: its key moment, then quit."),
                    QCoreApplication::translate("main", "name or file")});
  parser.addPositionalArgument(QStringLiteral("model"),
                               QCoreApplication::translate("main", "A model file to open (.safetensors)."));
  parser.process(app);

  Appearance::Theme theme = Appearance::get().theme();
  if (parser.isSet(QStringLiteral("theme")) && !Appearance::parseTheme(parser.value(QStringLiteral("theme")), &theme)) {
    std::fprintf(stderr, "%s\n",
                 qPrintable(QCoreApplication::translate("main", "glassbox: --theme must be light, dark or projector, "
                                                                "not “%1”.")
                                .arg(parser.value(QStringLiteral("theme")))));
    return 2;
  }
  int zoom = 0;
  if (parser.isSet(QStringLiteral("zoom"))) {
    bool ok = false;
    zoom = parser.value(QStringLiteral("zoom")).remove(QLatin1Char('%')).toInt(&ok);
    if (!ok || zoom < Appearance::kMinZoom || zoom > Appearance::kMaxZoom) {
      std::fprintf(stderr, "%s\n",
                   qPrintable(QCoreApplication::translate("main", "glassbox: --zoom must be a percentage from 50 to "
                                                                  "300, not “%1”.")
                                  .arg(parser.value(QStringLiteral("zoom")))));
      return 2;
    }
  }
  int scale = 1;
  if (parser.isSet(QStringLiteral("scale"))) {
    bool ok = false;
    scale = parser.value(QStringLiteral("scale")).toInt(&ok);
    if (!ok || scale < 1 || scale > 4) {
      std::fprintf(stderr, "%s\n",
                   qPrintable(QCoreApplication::translate("main", "glassbox: --scale must be 1, 2, 3 or 4, not “%1”.")
                                  .arg(parser.value(QStringLiteral("scale")))));
      return 2;
    }
  }
  if (parser.isSet(QStringLiteral("lessons"))) {
    for (const QString& id : builtinLessonIds()) std::printf("%s\n", qPrintable(id));
    return 0;
  }
  Appearance::get().setTheme(theme, /*remember=*/false);
  MainWindow w;
  w.show();
  if (parser.isSet(QStringLiteral("present"))) w.setPresenting(true);
  if (zoom > 0) Appearance::get().setZoom(zoom, /*remember=*/false);  // of the mode the window is in
  const QString shot = parser.value(QStringLiteral("screenshot"));
  const QString exportPath = parser.value(QStringLiteral("export"));
  const bool finishing = !shot.isEmpty() || !exportPath.isEmpty();  // a picture, then quit
  const bool scripted = parser.isSet(QStringLiteral("demo")) || finishing;
  if (scripted)  // nobody is there to press OK: errors go to stderr, and the run goes on (or quits after the shot)
    w.setErrorReporter([](const QString& m) { std::fprintf(stderr, "glassbox: %s\n", qPrintable(m)); });
  if (scripted && !finishing)  // a --demo the lecturer goes on with: once its run has ended, errors are dialogs again
    QObject::connect(w.trainer(), &TrainingController::stateChanged, &w, [&w](TrainingController::State s) {
      if (s == TrainingController::State::Finished) w.useErrorDialogs();
    });
  std::optional<gb::Variant> family;
  if (parser.isSet(QStringLiteral("variant"))) {
    auto v = gb::parse_variant(parser.value(QStringLiteral("variant")).toStdString());
    if (!v) {
      std::fprintf(stderr, "glassbox: %s\n", qPrintable(errorText(v.error())));
      return 2;
    }
    if (!gb::family(*v).in_window) {
      std::fprintf(stderr, "glassbox: %s\n",
                   qPrintable(errorText(gb::Error(gb::ErrorCode::FamilyNotInWindow, {{"family", gb::family(*v).name}}))));
      return 2;
    }
    family = *v;
    w.workbench()->design()->setVariant(*v);  // before --tab: the family's own tabs (Table, States) are shown
  }
  int tabChosen = -1;
  auto sayNoTab = [&w](int tab) {  // a tab the open (or designed) model's family does not offer
    std::fprintf(stderr, "glassbox: %s\n",
                 qPrintable(QCoreApplication::translate("main", "A model of the family “%1” has no tab “%2”.")
                                .arg(familyTitle(w.document()->variant()), tabIds().value(tab))));
  };
  if (parser.isSet(QStringLiteral("tab"))) {
    const QStringList tabs = tabIds();  // the one list (ui/tabs.h)
    // "decoding.kv": a tab and one of its views (Decoding: next, timeline, kv, beam; Masks: maskEditor)
    const QStringList tabView = parser.value(QStringLiteral("tab")).toLower().split(QLatin1Char('.'));
    const int i = tabs.indexOf(tabView.value(0));
    if (i < 0) {  // a typo must not silently show another tab
      std::fprintf(stderr, "glassbox: %s\n",
                   qPrintable(QCoreApplication::translate("main", "There is no tab “%1”; the tabs are: %2.")
                                  .arg(parser.value(QStringLiteral("tab")), tabs.join(QStringLiteral(", ")))));
      return 2;
    }
    // (a tab the family does not offer stays hidden: its page would show the controls of another family; a model
    // file given too may offer it — chosen again once it is open)
    if (w.tabs()->isTabVisible(i)) w.tabs()->setCurrentIndex(i);
    else if (parser.positionalArguments().isEmpty()) {
      sayNoTab(i);
      if (finishing) return 2;  // (a picture of another tab would pass for the one asked for)
    }
    tabChosen = i;
    if (tabView.size() > 1) {  // a page of a tab: a widget of that name in one of the tab's own tab widgets
      QWidget* page = nullptr;
      QTabWidget* holder = nullptr;
      for (QTabWidget* t : w.tabs()->widget(i)->findChildren<QTabWidget*>())
        for (int k = 0; k < t->count(); ++k)
          if (t->widget(k)->objectName().toLower() == tabView.value(1)) {
            holder = t;
            page = t->widget(k);
          }
      if (!holder) {
        std::fprintf(stderr, "glassbox: %s\n",
                     qPrintable(QCoreApplication::translate("main", "There is no view “%1”.").arg(tabView.value(1))));
        return 2;
      }
      holder->setCurrentWidget(page);
    }
  }
  // A lesson file as the argument (a double-click on one) opens as --lesson does; the patterns are the MIME type's
  // (cmake/GlassboxDesktop.cmake).
  QString lessonArg = parser.value(QStringLiteral("lesson"));
  QString modelArg = parser.positionalArguments().value(0);
  for (const QString& glob : QStringLiteral(GLASSBOX_LESSON_GLOBS).split(QLatin1Char(','), Qt::SkipEmptyParts))
    if (lessonArg.isEmpty() && !modelArg.isEmpty() &&
        QRegularExpression::fromWildcard(glob, Qt::CaseInsensitive).match(QFileInfo(modelArg).fileName()).hasMatch()) {
      lessonArg = modelArg;
      modelArg.clear();
    }
  // For tests/ui/tst_crash.cpp, which kills real instances: answer the recovery question without a dialog ("open:FILE"
  // or "discard"), print "offered AUTOSAVE" for each autosave offered, then "recovered" (the recovered model
  // saved to FILE) or "none", and quit as a clean exit does.
  if (const QString answer = qEnvironmentVariable("GLASSBOX_TEST_RECOVERY"); !answer.isEmpty()) {
    const bool open = answer.startsWith(QLatin1String("open:"));
    w.setRecoveryQuestion([open](const QString& file, int, int) {
      std::printf("offered %s\n", qPrintable(file));
      return open;
    });
    const bool recovered = w.offerRecovery();
    const QString err = recovered ? w.document()->save(answer.mid(5), nullptr, /*asCopy=*/true) : QString();
    std::printf("%s\n", recovered ? "recovered" : "none");
    if (!err.isEmpty()) std::fprintf(stderr, "glassbox: %s\n", qPrintable(err));
    w.removeAutosave();
    return err.isEmpty() ? 0 : 1;
  }
  if (!modelArg.isEmpty()) {
    w.openFile(modelArg);
    // the model's family may offer the chosen tab that the design's did not (the Observations of an hmm-gmm file)
    if (tabChosen >= 0 && w.tabs()->isTabVisible(tabChosen)) w.tabs()->setCurrentIndex(tabChosen);
    else if (tabChosen >= 0) {
      sayNoTab(tabChosen);
      if (finishing) return 2;
    }
  }
  else if (!scripted) w.offerRecovery();  // after a crash: the autosaved model
  const bool showcase = lessonArg.isEmpty();  // a lesson shows its own state
  auto grab = [&w, shot, exportPath, scale, showcase] {
    // The showcase of each view goes the way a lesson's beat does: the tab's view state (Presentable::setViewState)
    // and the controllers — no panel's widget is driven from here.
    ModelDocument* doc = w.document();
    const QString sample = doc->sampleInputs(1).value(0);
    auto shown = [&w](const char* id) -> Presentable* {
      const int i = tabIndexOf(QLatin1String(id));
      return i >= 0 && w.tabs()->currentIndex() == i ? w.presentable(i) : nullptr;
    };
    auto waitFor = [](const std::function<bool()>& done, int ms) {  // a large model's work goes to a worker
      QElapsedTimer waited;
      waited.start();
      // (asleep between events, woken every 20 ms to look again: a loop that spins keeps a core busy, and the
      // workers' timings — Compare's ms per step — would measure it)
      QTimer look;
      look.start(20);
      while (!done() && waited.elapsed() < ms) QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents);
    };
    // on the Decoding tab, a sequence being decoded: three tokens at τ = 0.7
    auto* dp = w.findChild<DecodingPanel*>();
    if (showcase && doc->hasModel() && shown("decoding") && dp) {
      shown("decoding")->setViewState(QJsonObject{{QStringLiteral("input"), sample}, {QStringLiteral("tau"), 0.7},
                                                  {QStringLiteral("steps"), 3}});
      DecodingController* ctl = dp->controller();
      auto idle = [ctl] { return ctl->busy() == DecodingController::Work::None; };
      const QString view = dp->views()->currentWidget()->objectName();
      if (view == QLatin1String("timeline")) {  // branches to compare
        // back to step 2, the second most likely token taken instead and decoded to the end; then greedy,
        // sampling and beam search from step 2
        if (ctl->rewindTo(1) && dp->chartTokens().size() > 1) {
          ctl->step(dp->chartTokens().value(1));
          ctl->runToEnd();
          waitFor(idle, 120000);
          ctl->rewindTo(1);
        }
        ctl->compare(4, 1.0);
        waitFor(idle, 120000);
      }
      if (view == QLatin1String("beam")) {  // its tree (with width 3, pruned candidates show)
        shown("decoding")->setViewState(QJsonObject{{QStringLiteral("beam_width"), 3}});
        if (ctl->finished()) ctl->rewindTo(1);  // (a search goes on from an unfinished sequence)
        ctl->beam(3, 1.0);
        waitFor(idle, 20000);
      }
    }
    // on the Compare tab, both variants trained 300 steps each
    auto* cp = w.findChild<ComparePanel*>();
    if (showcase && shown("compare") && cp) {
      shown("compare")->setViewState(QJsonObject{{QStringLiteral("steps"), 300}, {QStringLiteral("run"), true}});
      waitFor([cp] { return !cp->controller()->running(); }, 300000);
    }
    // on the Masks tab's editor, a prefix-LM mask: the first two positions see each other
    auto* me = w.findChild<MaskEditor*>();
    if (showcase && doc->hasModel() && shown("masks") && me && me->isVisible())
      shown("masks")->setViewState(QJsonObject{{QStringLiteral("mask"), QStringLiteral("prefix-lm")},
                                               {QStringLiteral("mask_size"), 2}});
    if (me && me->isVisible()) waitFor([me] { return !me->busy(); }, 120000);  // its traces, on a worker when large
    // on the Algorithm tab, the listing part-way through, at an attention line (opened up)
    auto* ap = w.findChild<AlgorithmPanel*>();
    if (showcase && doc->hasModel() && shown("algorithm") && ap) {
      shown("algorithm")->setViewState(QJsonObject{{QStringLiteral("input"), sample}, {QStringLiteral("executed"), 9}});
      AlgorithmController* ctl = ap->controller();
      for (int i = 0; i < 20 && ctl->stepper() && !ctl->stepper()->records().empty() &&
                      !ctl->stepper()->records().back().attention;
           ++i)
        ctl->next();  // on to the next attention line: its head opened up
      QCoreApplication::processEvents();
    }
    for (int i = 0; i < 12; ++i) {  // the layouts settle (a tab's height follows its contents a few turns later)
      QCoreApplication::processEvents();
      QThread::msleep(20);
    }
    int status = 0;
    if (!shot.isEmpty() && !w.grab().save(shot)) {
      std::fprintf(stderr, "glassbox: %s\n",
                   qPrintable(QCoreApplication::translate("main", "Could not save the screenshot %1.").arg(shot)));
      status = 1;
    }
    if (!exportPath.isEmpty()) {
      const QString err = w.exportView(exportPath, scale);
      if (!err.isEmpty()) {
        std::fprintf(stderr, "glassbox: %s\n", qPrintable(err));
        status = 1;
      }
    }
    w.document()->setModified(false);  // a scripted run leaves nothing to recover
    w.removeAutosave();
    QCoreApplication::exit(status);
  };
  if (!lessonArg.isEmpty()) {  // its key moment: trained from its seeds, its first beat shown (its own steps taken)
    if (finishing) {
      // a beat walked token by token: the picture shows where it goes (a step the tab cannot take yet, its worker
      // still busy, is tried again; after 2 s without a step — the decoder ended before the beat's steps — no more)
      auto* walker = new QTimer(&w);
      walker->setInterval(50);
      QObject::connect(walker, &QTimer::timeout, &w, [&w, walker, grab, idle = 0]() mutable {
        idle = w.lessonRunner()->walkToEnd() ? 0 : idle + 1;
        if (w.lessonRunner()->walkLeft() > 0 && idle < 40) return;
        walker->stop();
        QTimer::singleShot(300, grab);
      });
      QObject::connect(w.lessonRunner(), &LessonRunner::reached, walker, [walker] { walker->start(); });
    }
    QObject::connect(w.lessonRunner(), &LessonRunner::failed, &w, [finishing](const QString& e) {
      std::fprintf(stderr, "glassbox: %s\n", qPrintable(e));
      if (finishing) QCoreApplication::exit(1);
    });
    bool missing = false;  // a lesson on a real model that is not here: said, and a scripted run ends (no question)
    if (finishing)
      w.setMissingCheckpointQuestion([&missing](const Lesson&, const QString& text) {
        std::fprintf(stderr, "glassbox: %s\n", qPrintable(text));
        missing = true;
        return QString();
      });
    const QString err = w.openLesson(lessonArg);
    if (!err.isEmpty() || missing) {
      if (!err.isEmpty()) std::fprintf(stderr, "glassbox: %s\n", qPrintable(err));
      if (finishing) return 1;
    }
    return app.exec();
  }
  if (!scripted && parser.positionalArguments().isEmpty() && !QSettings().value(QStringLiteral("lessons/offered")).toBool()) {
    QSettings().setValue(QStringLiteral("lessons/offered"), true);  // the Start page at the first launch
    QTimer::singleShot(0, &w, &MainWindow::showLessons);
  }
  const int demoSteps = parser.isSet(QStringLiteral("demo")) ? std::max(1, parser.value(QStringLiteral("demo")).toInt()) : 0;
  // --demo and --data run through the workbench's controllers, as a lesson does (the docks follow them)
  Workbench* bench = w.workbench();
  auto buildAndTrain = [&w, bench, demoSteps, finishing, grab] {
    const QString err = bench->document()->build(bench->design()->config(), 0);
    if (!err.isEmpty()) {
      w.showError(err);
      if (finishing) QTimer::singleShot(0, grab);
      return;
    }
    bench->training()->setSteps(demoSteps);
    if (finishing)
      QObject::connect(w.trainer(), &TrainingController::stateChanged, &w, [grab](TrainingController::State s) {
        if (s == TrainingController::State::Finished) QTimer::singleShot(500, grab);
      });
    const QString started = bench->training()->start();
    if (!started.isEmpty()) w.showError(started);
  };
  if (parser.isSet(QStringLiteral("data"))) {
    const QString file = parser.value(QStringLiteral("data"));
    const QString suffix = QFileInfo(file).suffix().toLower();
    if (family) bench->design()->setVariant(*family);
    else if (suffix != QLatin1String("tsv") && suffix != QLatin1String("csv"))
      bench->design()->setVariant(gb::Variant::DecoderOnly);  // plain text: a decoder-only language model
    QObject::connect(bench->data(), &DataChoice::finished, &w, [=](const QString& error) {
      if (error.isEmpty() && demoSteps > 0) buildAndTrain();
      else if (finishing) QTimer::singleShot(500, grab);
    }, Qt::SingleShotConnection);
    bench->data()->loadFile(file);
  } else if (demoSteps > 0) {
    if (family) bench->design()->setVariant(*family);  // (the task laid out for it)
    bench->data()->loadTask();
    buildAndTrain();
  } else if (finishing) {
    QTimer::singleShot(800, grab);
  }
  return app.exec();
}
