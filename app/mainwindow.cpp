#include "mainwindow.h"

#include "appicon.h"
#include "language.h"
#include "widgets/placeholder.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  setWindowTitle(tr("Glassbox"));
  setWindowIcon(glassboxIcon());
  setDockNestingEnabled(true);
  createTabs();
  createDocks();
  createMenus();
  statusBar()->showMessage(tr("No model yet — build one in the Model dock."));
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
  add("attentionTab", tr("Attention"), tr("Attention heatmaps"),
      tr("Heatmaps of the attention weights for every layer and head: encoder self-attention, masked decoder "
         "self-attention and cross-attention, with the causal, bidirectional and padding masks beside them. "
         "They refresh while the model trains."));
  add("decodingTab", tr("Decoding"), tr("Decoding, one token at a time"),
      tr("Step through ED-Inference or D-Inference: the next-token distribution p, the distribution q ∝ p^(1/τ) "
         "after the temperature slider, the token chosen and why, and the KV cache as it grows."));
  add("algorithmTab", tr("Algorithm"), tr("The algorithm, line by line"),
      tr("The pseudo-code of the seeds, executed one line at a time: the line that runs next, and every matrix "
         "in scope with its shape."));
  setCentralWidget(mTabs);
}

void MainWindow::createDocks() {
  auto make = [&](const char* name, const QString& title, const QString& heading, const QString& text) {
    auto* dock = new QDockWidget(title, this);
    dock->setObjectName(QLatin1String(name));
    dock->setWidget(new Placeholder(heading, text, dock));
    dock->setMinimumWidth(260);
    return dock;
  };
  mModelDock = make("modelDock", tr("Model"), tr("Model"),
                    tr("Choose the variant (encoder-decoder or decoder-only) and its sizes: ℓ_max, layers, heads H, "
                       "d_e, d_mlp. The parameter count updates as you type."));
  mDataDock = make("dataDock", tr("Data"), tr("Data"),
                   tr("Pick a built-in teaching task (copy, reverse, sort, …) or open a file of text or "
                      "sentence pairs, and choose a tokenizer."));
  mTrainingDock = make("trainingDock", tr("Training"), tr("Training"),
                       tr("Optimizer, learning rate, batch size and steps; Start, Pause, Step and Stop; live loss "
                          "curves."));
  addDockWidget(Qt::LeftDockWidgetArea, mModelDock);
  addDockWidget(Qt::LeftDockWidgetArea, mDataDock);
  addDockWidget(Qt::RightDockWidgetArea, mTrainingDock);
  resizeDocks({mModelDock, mTrainingDock}, {300, 320}, Qt::Horizontal);
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
  saveWindowState();
  event->accept();
}
