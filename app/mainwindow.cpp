#include "mainwindow.h"

#include <Eigen/Core>

#include "appicon.h"
#include "tasknames.h"
#include "language.h"
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "panels/algorithmpanel.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/maskspanel.h"
#include "panels/modelpanel.h"
#include "panels/parameterspanel.h"
#include "panels/trainingpanel.h"
#include "widgets/plotaccessible.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QStandardPaths>
#include <QTimer>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowTitle(tr("Glassbox"));
  setWindowIcon(glassboxIcon());
  setDockNestingEnabled(true);
  // The window's own matrix products (traces, probes, validation) are small: Eigen's threads would only spin
  // against the trainer's shards on the same cores. The Trainer parallelises over the batch itself.
  Eigen::setNbThreads(1);
  installPlotAccessibility();  // before the first plot is asked for: a screen reader sees the plots as images
  mDoc = new ModelDocument(this);
  mTrainer = new TrainingController(this);
  createTabs();
  createDocks();
  createMenus();
  connect(mDoc, &ModelDocument::modelChanged, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::dataChanged, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::fitChanged, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::historyChanged, this, &MainWindow::updateStatus);
  connect(mTrainer, &TrainingController::stateChanged, this, &MainWindow::updateStatus);
  connect(mTrainer, &TrainingController::paramsPublished, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::aboutToReplace, mTrainer, &TrainingController::reset);
  connect(mDoc, &ModelDocument::fileStateChanged, this, &MainWindow::updateTitle);
  // autosave: every minute while there is unsaved work, and whenever training pauses or finishes
  mAutosave = new QTimer(this);
  mAutosave->setInterval(60 * 1000);
  connect(mAutosave, &QTimer::timeout, this, [this] {
    if (mDoc->isModified()) autosaveNow();
  });
  mAutosave->start();
  connect(mTrainer, &TrainingController::stateChanged, this, [this](TrainingController::State st) {
    if (st == TrainingController::State::Paused || st == TrainingController::State::Finished)
      QTimer::singleShot(0, this, [this] {
        if (mDoc->isModified()) autosaveNow();
      });
  });
  mAskUnsaved = [this] {
    return int(QMessageBox::warning(this, tr("Unsaved model"),
                                    tr("The model has changes that are not saved (training included). Save them?"),
                                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                    QMessageBox::Save));
  };
  mAskRecover = [this] {
    return QMessageBox::question(this, tr("Recover the last session?"),
                                 tr("Glassbox did not close normally last time. An autosaved model from %1 exists. "
                                    "Open it?")
                                     .arg(QLocale().toString(QFileInfo(autosavePath()).lastModified(),
                                                             QLocale::ShortFormat)),
                                 QMessageBox::Open | QMessageBox::Discard, QMessageBox::Open) == QMessageBox::Open;
  };
  mReportError = [this](const QString& m) { QMessageBox::critical(this, tr("Glassbox"), m); };
  updateStatus();
  updateTitle();
  // 1280 × 800 where it fits; on a smaller screen, most of what is available.
  QSize size(1280, 800);
  if (const QScreen* sc = screen()) size = size.boundedTo(sc->availableGeometry().size() * 0.95);
  resize(size);
  // the Model dock leads to Build: give it the larger half of the left side (the Data dock scrolls its lists)
  resizeDocks({mModelDock, mDataDock}, {size.height() * 11 / 20, size.height() * 9 / 20}, Qt::Vertical);
  mDefaultState = saveState();
  restoreWindowState();
}

void MainWindow::createTabs() {
  mTabs = new QTabWidget(this);
  mTabs->setObjectName(QStringLiteral("centralTabs"));
  mTabs->setDocumentMode(true);
  auto scrolled = [this](QWidget* panel, const char* name) {
    panel->setObjectName(QLatin1String(name));
    auto* scroll = new QScrollArea(mTabs);  // a small window scrolls the tab instead of growing
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
  };
  mTabs->addTab(scrolled(new AttentionPanel(mDoc, mTrainer, mTabs), "attentionTab"), tr("Attention"));
  mTabs->addTab(scrolled(new MasksPanel(mDoc, mTabs), "masksTab"), tr("Masks"));
  mTabs->addTab(scrolled(new ParametersPanel(mDoc, mTrainer, mTabs), "parametersTab"), tr("Parameters"));
  mTabs->addTab(scrolled(new DecodingPanel(mDoc, mTrainer, mTabs), "decodingTab"), tr("Decoding"));
  mTabs->addTab(scrolled(new AlgorithmPanel(mDoc, mTrainer, mTabs), "algorithmTab"), tr("Algorithm"));
  for (int i = 0; i < mTabs->count(); ++i) mTabs->widget(i)->setAccessibleName(mTabs->tabText(i));  // a Tab stop
  setCentralWidget(mTabs);
}

void MainWindow::createDocks() {
  auto make = [&](const char* name, const QString& title, QWidget* panel) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(QLatin1String(name));
    auto* scroll = new QScrollArea(dock);  // small screens: the dock scrolls instead of growing the window
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setAccessibleName(title);  // a Tab stop (it scrolls with the arrow keys): named as its dock
    dock->setWidget(scroll);
    dock->setMinimumWidth(280);
    return dock;
  };
  mModelPanel = new ModelPanel(mDoc, this);
  mDataPanel = new DataPanel(mDoc, this);
  mTrainingPanel = new TrainingPanel(mDoc, mTrainer, this);
  mModelDock = make("modelDock", tr("Model"), mModelPanel);
  mDataDock = make("dataDock", tr("Data"), mDataPanel);
  mTrainingDock = make("trainingDock", tr("Training"), mTrainingPanel);
  addDockWidget(Qt::LeftDockWidgetArea, mModelDock);
  addDockWidget(Qt::LeftDockWidgetArea, mDataDock);
  addDockWidget(Qt::RightDockWidgetArea, mTrainingDock);
  resizeDocks({mModelDock, mTrainingDock}, {340, 340}, Qt::Horizontal);
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->setObjectName(QStringLiteral("fileMenu"));
  file->addAction(tr("&New"), this, &MainWindow::newModel)->setShortcut(QKeySequence::New);
  file->addAction(tr("&Open…"), this, &MainWindow::openDialog)->setShortcut(QKeySequence::Open);
  mRecentMenu = file->addMenu(tr("Open &Recent"));
  mRecentMenu->setObjectName(QStringLiteral("recentMenu"));
  rebuildRecentMenu();
  file->addSeparator();
  file->addAction(tr("&Save"), this, &MainWindow::save)->setShortcut(QKeySequence::Save);
  file->addAction(tr("Save &As…"), this, &MainWindow::saveAsDialog)->setShortcut(QKeySequence::SaveAs);
  file->addAction(tr("Open &Data File…"), mDataPanel, &DataPanel::chooseFile);
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->setObjectName(QStringLiteral("viewMenu"));
  for (QDockWidget* d : {mModelDock, mDataDock, mTrainingDock}) view->addAction(d->toggleViewAction());
  view->addSeparator();
  view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
  view->addSeparator();
  QMenu* lang = view->addMenu(tr("&Language"));
  lang->setObjectName(QStringLiteral("languageMenu"));
  mLanguageGroup = new QActionGroup(this);
  mLanguageGroup->setExclusive(true);
  const QString current = language::stored();
  const std::pair<QString, QString> choices[] = {
      {QStringLiteral("system"), tr("System")},
      {QStringLiteral("en"), QStringLiteral("English")},   // language names in their own language
      {QStringLiteral("de"), QStringLiteral("Deutsch")},
  };
  for (const auto& [code, label] : choices) {
    QAction* a = lang->addAction(label);
    a->setCheckable(true);
    a->setChecked(code == current);
    a->setData(code);
    a->setObjectName(QStringLiteral("language_") + code);
    mLanguageGroup->addAction(a);
    connect(a, &QAction::triggered, this, [this, code = code] { chooseLanguage(code); });
  }

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->setObjectName(QStringLiteral("helpMenu"));
  help->addAction(tr("&About Glassbox"), this, &MainWindow::showAbout);
  help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::chooseLanguage(const QString& code) {
  if (code == language::stored()) return;
  language::store(code);
  statusBar()->showMessage(tr("The language changes when Glassbox starts next time."), 8000);
}

void MainWindow::updateStatus() {
  QString training;
  switch (mTrainer->state()) {
    case TrainingController::State::Idle:
      training = mDoc->isTrained() ? tr("trained %1 steps").arg(mDoc->history().back().step) : tr("not trained");
      break;
    case TrainingController::State::Running: training = tr("training"); break;
    case TrainingController::State::Paused: training = tr("paused at step %1").arg(mTrainer->stepsDone()); break;
    case TrainingController::State::Finished: training = tr("trained %1 steps").arg(mTrainer->stepsDone()); break;
  }
  if (mTrainer->state() == TrainingController::State::Running && mTrainer->stepsDone() > 0)
    training = tr("training, step %1").arg(mTrainer->stepsDone());
  QString data = tr("no data");
  if (mDoc->hasData()) {
    const auto& desc = mDoc->data().description;
    const QString origin = desc.value("kind", "") == "task"
                               ? tr("task “%1”").arg(taskDisplayName(desc.value("task", "")))
                               : QFileInfo(QString::fromStdString(desc.value("path", ""))).fileName();
    data = tr("%1, %2 training examples").arg(origin).arg(QLocale().toString(qulonglong(mDoc->data().train.size())));
  }
  QString model = mDoc->modelSummary();
  if (mDoc->hasModel() && !mDoc->filePath().isEmpty()) model += tr(" (%1)").arg(QFileInfo(mDoc->filePath()).fileName());
  if (!mStatusLabel) {  // permanent: a temporary message (a hint) may cover it for a while
    mStatusLabel = new QLabel(this);
    mStatusLabel->setObjectName(QStringLiteral("statusLabel"));
    statusBar()->addWidget(mStatusLabel, 1);
  }
  if (mDoc->hasModel() && !mDoc->fitProblem().isEmpty()) training = tr("does not match the data");
  mStatusLabel->setText(mDoc->hasModel() ? tr("%1 · %2 · %3").arg(model, data, training) : tr("%1 · %2").arg(model, data));
}

void MainWindow::updateTitle() {
  const QString name = mDoc->filePath().isEmpty() ? tr("Untitled") : QFileInfo(mDoc->filePath()).fileName();
  setWindowTitle(tr("%1[*] — Glassbox").arg(name));
  setWindowModified(mDoc->isModified());
  updateStatus();
}

void MainWindow::showError(const QString& message) {
  mLastError = message;
  if (mReportError) mReportError(message);
}

bool MainWindow::maybeSave() {
  if (!mDoc->isModified() || !mDoc->hasModel()) return true;
  const int answer = mAskUnsaved();
  if (answer == QMessageBox::Cancel) return false;
  if (answer == QMessageBox::Discard) return true;
  return save();
}

bool MainWindow::newModel() {
  if (!maybeSave()) return false;
  mDoc->clear();
  removeAutosave();
  return true;
}

void MainWindow::openDialog() {
  if (!maybeSave()) return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Open model"), QString(),
                                                    tr("Glassbox models (*.safetensors);;All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

bool MainWindow::openFile(const QString& path) {
  if (mDoc->isModified() && mDoc->hasModel() && !maybeSave()) return false;
  bool warningOnly = false;
  const QString message = mDoc->open(path, &warningOnly);
  if (!message.isEmpty() && !warningOnly) {  // nothing changed: the open model stays
    showError(tr("Could not open %1.\n\n%2\n\nThe model you had is still open.").arg(path, message));
    if (!QFileInfo::exists(path)) {  // a recent file that is gone
      QSettings s;
      QStringList recent = s.value(QStringLiteral("files/recent")).toStringList();
      recent.removeAll(path);
      s.setValue(QStringLiteral("files/recent"), recent);
      rebuildRecentMenu();
    }
    return false;
  }
  if (warningOnly) showError(message);
  addRecent(path);
  statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
  return true;
}

bool MainWindow::save() {
  if (mDoc->filePath().isEmpty()) {
    saveAsDialog();
    return !mDoc->isModified();
  }
  return saveAs(mDoc->filePath());
}

void MainWindow::saveAsDialog() {
  if (!mDoc->hasModel()) {
    showError(tr("There is no model to save: build one first."));
    return;
  }
  QString path = QFileDialog::getSaveFileName(this, tr("Save model"), mDoc->filePath(),
                                              tr("Glassbox models (*.safetensors)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".safetensors");
  saveAs(path);
}

bool MainWindow::saveAs(const QString& path) {
  const bool training = mTrainer->state() != TrainingController::State::Idle;
  TrainingController::Published live;
  if (training) live = mTrainer->published();  // the latest the trainer published, with its state
  const QString err = mDoc->save(path, training ? &live.params : nullptr, false, training ? &live.state : nullptr);
  if (!err.isEmpty()) {
    showError(tr("Could not save %1.\n\n%2").arg(path, err));
    return false;
  }
  addRecent(path);
  removeAutosave();
  statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
  return true;
}

QStringList MainWindow::recentFiles() const { return QSettings().value(QStringLiteral("files/recent")).toStringList(); }

void MainWindow::addRecent(const QString& path) {
  QSettings s;
  QStringList recent = s.value(QStringLiteral("files/recent")).toStringList();
  const QString abs = QFileInfo(path).absoluteFilePath();
  recent.removeAll(abs);
  recent.prepend(abs);
  while (recent.size() > 8) recent.removeLast();
  s.setValue(QStringLiteral("files/recent"), recent);
  rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
  mRecentMenu->clear();
  const QStringList recent = recentFiles();
  for (int i = 0; i < recent.size(); ++i) {
    const QString path = recent[i];
    QAction* a = mRecentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
    a->setToolTip(path);
    a->setStatusTip(path);
    connect(a, &QAction::triggered, this, [this, path] { openFile(path); });
  }
  if (recent.isEmpty()) mRecentMenu->addAction(tr("No recent files"))->setEnabled(false);
  else {
    mRecentMenu->addSeparator();
    mRecentMenu->addAction(tr("&Clear List"), this, [this] {
      QSettings().remove(QStringLiteral("files/recent"));
      rebuildRecentMenu();
    });
  }
}

QString MainWindow::autosavePath() {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
  return dir + QStringLiteral("/autosave.safetensors");
}

bool MainWindow::autosaveNow() {
  if (!mDoc->hasModel()) return false;
  QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
  const bool training = mTrainer->state() != TrainingController::State::Idle;
  TrainingController::Published live;
  if (training) live = mTrainer->published();
  const QString err =
      mDoc->save(autosavePath(), training ? &live.params : nullptr, /*asCopy=*/true, training ? &live.state : nullptr);
  if (!err.isEmpty()) {
    statusBar()->showMessage(tr("Autosave failed: %1").arg(err), 8000);
    return false;
  }
  return true;
}

void MainWindow::removeAutosave() { QFile::remove(autosavePath()); }

bool MainWindow::offerRecovery() {
  if (!QFileInfo::exists(autosavePath())) return false;
  if (!mAskRecover()) {
    removeAutosave();
    return false;
  }
  bool warningOnly = false;
  const QString message = mDoc->open(autosavePath(), &warningOnly);
  if (!message.isEmpty() && !warningOnly) {
    showError(tr("The autosaved model could not be read.\n\n%1").arg(message));
    return false;
  }
  mDoc->forgetPath();  // recovered work is unsaved work: Save asks where it goes
  statusBar()->showMessage(tr("Recovered the autosaved model. Save it to keep it."), 8000);
  return true;
}

void MainWindow::showAbout() {
  QMessageBox box(this);
  box.setWindowTitle(tr("About Glassbox"));
  box.setIconPixmap(glassboxIcon().pixmap(64, 64));
  box.setTextFormat(Qt::RichText);
  box.setText(tr("<h3>Glassbox %1</h3><p>A transformer you can see through: train a tiny encoder-decoder or "
                 "decoder-only transformer live and watch its attention, masks and decoding, exactly as the "
                 "lecture notes write them.</p>")
                  .arg(QStringLiteral(GLASSBOX_VERSION)));
  box.setInformativeText(tr("Built with Qt %1, Eigen and QCustomPlot.").arg(QString::fromLatin1(qVersion())));
  box.exec();
}

void MainWindow::resetLayout() {
  for (QDockWidget* d : {mModelDock, mDataDock, mTrainingDock}) {
    d->setFloating(false);
    d->show();
  }
  restoreState(mDefaultState);
}

void MainWindow::restoreWindowState() {
  QSettings s;
  if (s.contains(QStringLiteral("window/geometry"))) restoreGeometry(s.value(QStringLiteral("window/geometry")).toByteArray());
  if (s.contains(QStringLiteral("window/state"))) restoreState(s.value(QStringLiteral("window/state")).toByteArray());
}

void MainWindow::saveWindowState() {
  QSettings s;
  s.setValue(QStringLiteral("window/geometry"), saveGeometry());
  s.setValue(QStringLiteral("window/state"), saveState());
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  mTrainer->reset();
  mDataPanel->loader()->cancel();
  saveWindowState();
  removeAutosave();  // a clean exit leaves nothing to recover
  event->accept();
}
