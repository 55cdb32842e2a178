#include "mainwindow.h"

#include "appicon.h"
#include "language.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "widgets/placeholder.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
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
  mDoc = new ModelDocument(this);
  mTrainer = new TrainingController(this);
  createTabs();
  createDocks();
  createMenus();
  connect(mDoc, &ModelDocument::modelChanged, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::dataChanged, this, &MainWindow::updateStatus);
  connect(mTrainer, &TrainingController::stateChanged, this, &MainWindow::updateStatus);
  updateStatus();
  // 1280 × 800 where it fits; on a smaller screen, most of what is available.
  QSize size(1280, 800);
  if (const QScreen* sc = screen()) size = size.boundedTo(sc->availableGeometry().size() * 0.95);
  resize(size);
  mDefaultState = saveState();
  restoreWindowState();
}

void MainWindow::createTabs() {
  mTabs = new QTabWidget(this);
  mTabs->setObjectName(QStringLiteral("centralTabs"));
  mTabs->setDocumentMode(true);
  auto add = [&](const char* name, const QString& label, const QString& title, const QString& text) {
    auto* p = new Placeholder(title, text, mTabs);
    p->setObjectName(QLatin1String(name));
    mTabs->addTab(p, label);
  };
  auto* attention = new AttentionPanel(mDoc, mTrainer, mTabs);
  attention->setObjectName(QStringLiteral("attentionTab"));
  auto* attentionScroll = new QScrollArea(mTabs);  // a small window scrolls the tab instead of growing
  attentionScroll->setWidget(attention);
  attentionScroll->setWidgetResizable(true);
  attentionScroll->setFrameShape(QFrame::NoFrame);
  mTabs->addTab(attentionScroll, tr("Attention"));
  add("decodingTab", tr("Decoding"), tr("Decoding, one token at a time"),
      tr("Step through ED-Inference or D-Inference: the next-token distribution p, the distribution q ∝ p^(1/τ) "
         "after the temperature slider, the token chosen and why, and the KV cache as it grows."));
  add("algorithmTab", tr("Algorithm"), tr("The algorithm, line by line"),
      tr("The pseudo-code of the seeds, executed one line at a time: the line that runs next, and every matrix "
         "in scope with its shape."));
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
    case TrainingController::State::Idle: training = tr("not trained"); break;
    case TrainingController::State::Running: training = tr("training"); break;
    case TrainingController::State::Paused: training = tr("paused at step %1").arg(mTrainer->stepsDone()); break;
    case TrainingController::State::Finished: training = tr("trained %1 steps").arg(mTrainer->stepsDone()); break;
  }
  const QString data = mDoc->hasData() ? tr("%1 training examples").arg(mDoc->data().train.size()) : tr("no data");
  statusBar()->showMessage(mDoc->hasModel() ? tr("%1 · %2 · %3").arg(mDoc->modelSummary(), data, training)
                                            : tr("%1 · %2").arg(mDoc->modelSummary(), data));
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
  mTrainer->stop();
  saveWindowState();
  event->accept();
}
