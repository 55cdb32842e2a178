#include "mainwindow.h"
#include "tabs.h"
#include "panels/tablepanel.h"
#include "panels/statespanel.h"
#include "panels/observationspanel.h"
#include "controllers/workbench.h"
#include "controllers/presentation.h"
#include "controllers/modeldesign.h"
#include "widgets/textlabel.h"
#include "widgets/waitwithprogress.h"
#include "errortext.h"

#include "lessondock.h"
#include "lessonrunner.h"
#include "startpage.h"

#include <Eigen/Core>

#include <algorithm>

#include "appearance.h"
#include "appicon.h"
#include "presenterkeys.h"
#include "tasknames.h"
#include "language.h"
#include "controllers/datachoice.h"
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
#include "panels/perturbationpanel.h"
#include "panels/comparepanel.h"
#include "panels/trainingpanel.h"
#include "panels/trainingview.h"
#include "widgets/figureexport.h"
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
#include <QInputDialog>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QStandardPaths>
#include <QTimer>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStackedWidget>
#include <QTabBar>
#include <QScrollBar>
#include <QTextEdit>
#include <QHBoxLayout>
#include <QVBoxLayout>

#include <array>
#include <map>
#include <memory>

#include <utility>

// The largest a tab's or a dock's panel may become, whatever its contents ask for: twice the desktop, at least
// 4096 px each way. Its plots draw into pixmaps of their own size: a panel stretched by something it does not
// control (a label's longest word, a table) must never ask for gigabytes (ASan monkey, seed 11: 2.8 GB).
static QSize panelCap() {
  QSize cap(4096, 4096);
  if (const QScreen* s = QGuiApplication::primaryScreen()) cap = cap.expandedTo(s->virtualSize() * 2);
  return cap;
}

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("MainWindow"));
  mLanguage = language::current();
  setWindowTitle(tr("Glassbox"));
  setWindowIcon(glassboxIcon());
  setDockNestingEnabled(true);
  // The window's own matrix products (traces, probes, validation) are small: Eigen's threads would only spin
  // against the trainer's shards on the same cores. The Trainer parallelises over the batch itself.
  Eigen::setNbThreads(1);
  installPlotAccessibility();  // before the first plot is asked for: a screen reader sees the plots as images
  mBench = new Workbench(this);
  mDoc = mBench->document();
  mTrainer = mBench->trainer();
  mFiles = mBench->files();  // before the menus: File → Open Recent → Clear List connects to it
  Appearance::get();  // the remembered zoom and theme, before anything is drawn
  mLessons = new LessonRunner(this);
  createTabs();
  createDocks();
  createStrips();
  createMenus();
  // the classic first lesson, loaded (here, not in the Data dock: a dock made again in another language must not
  // load it over the data there)
  mBench->data()->chooseTask(QStringLiteral("reverse"));
  // presentation mode: the workbench's state and policy (ui/controllers/presentation.h), shown here
  mPresentation = mBench->presentation();
  mPresentation->stepTab = [this](int direction) { return presentStep(direction); };
  mPresentation->walkLesson = [this](bool forward) {  // an open lesson's beats (and each beat's own steps)
    if (mLessons->running() && isPresenting()) return true;  // not ready: nothing moves (the caption says so)
    if (!mLessons->hasLesson() || mLessons->beat() < 0) return false;
    return forward ? mLessons->next() : mLessons->back();
  };
  mPresentation->showTab = [this](int n) {  // 1 – 9: the n-th tab the family shows
    for (int i = 0; i < mTabs->count(); ++i)
      if (mTabs->isTabVisible(i) && n-- == 0) {
        mTabs->setCurrentIndex(i);
        return;
      }
  };
  connect(mPresentation, &Presentation::presentingChanged, this, &MainWindow::applyPresenting);
  connect(mPresentation, &Presentation::blankChanged, this, &MainWindow::showBlank);
  connect(mPresentation, &Presentation::keysHelpChanged, this, &MainWindow::showKeysHelp);
  qApp->installEventFilter(this);  // the presenter's keys, whatever has the focus
  connect(mLessons, &LessonRunner::progress, this, [this](const QString& what) {
    statusBar()->showMessage(what);
    // presenting, the class sees what is being prepared (the view below is the model training, not a beat yet)
    mPreparing = tr("Preparing the lesson: %1").arg(what);
    mCaption->setText(mPreparing);
    mCaption->setVisible(isPresenting());
  });
  connect(mLessons, &LessonRunner::reached, this, [this] {
    const QString caption = mLessons->lesson().beats.value(0).caption;
    // (elided to the bar, whole in its tooltip: a first caption is often longer than a laptop's bar)
    const QString whole = tr("Lesson %1: %2").arg(quotedLessonTitle(mLessons->lesson().title), caption);
    const int room = statusBar()->isVisible() ? statusBar()->width() : width();  // (hidden while presenting)
    const QString shown = statusBar()->fontMetrics().elidedText(whole, Qt::ElideRight, std::max(100, room - 40));
    statusBar()->showMessage(shown, 10000);
    statusBar()->setToolTip(shown == whole ? QString() : whole);
    // the tooltip goes with the message
    connect(statusBar(), &QStatusBar::messageChanged, this, [this, shown](const QString& now) {
      if (now != shown) statusBar()->setToolTip({});
    }, Qt::SingleShotConnection);
    updateTitle();
  });
  connect(mLessons, &LessonRunner::beatsChanged, this, &MainWindow::updateTitle);
  connect(mLessons, &LessonRunner::beatShown, this, [this](int i) {
    const QString caption = mLessons->lesson().beats.value(i).caption;
    mCaption->setText(keepFormulasTogether(caption));
    mCaption->setVisible(isPresenting() && !caption.isEmpty());
    keepKeysThePresenters();
  });
  connect(mLessons, &LessonRunner::beatsChanged, this, [this] {
    if (mLessons->beat() < 0 && !mLessons->running()) mCaption->hide();
  });
  connect(mLessons, &LessonRunner::failed, this, [this](const QString& e) {
    statusBar()->clearMessage();
    mCaption->hide();
    showError(tr("The lesson could not be opened.\n\n%1").arg(e));
  });
  connect(mDoc, &ModelDocument::modelChanged, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::variantChanged, this, &MainWindow::showFamilyTabs);
  connect(mDoc, &ModelDocument::dataChanged, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::fitChanged, this, &MainWindow::updateStatus);
  mStatusPace = new QTimer(this);
  mStatusPace->setSingleShot(true);
  mStatusPace->setInterval(100);
  connect(mStatusPace, &QTimer::timeout, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::historyChanged, this, [this] {
    if (mDoc->history().empty()) updateStatus();  // a new run or another model: at once
    else if (!mStatusPace->isActive()) mStatusPace->start();
  });
  connect(mTrainer, &TrainingController::stateChanged, this, &MainWindow::updateStatus);
  connect(mTrainer, &TrainingController::paramsPublished, this, &MainWindow::updateStatus);
  connect(mDoc, &ModelDocument::fileStateChanged, this, &MainWindow::updateTitle);
  // files: the workbench's (ui/controllers/files.h); the window waits for them with its progress dialog
  mFiles->setWaiter([this](const QString& label, bool cancellable, const Files::Work& work) {
    WaitOptions wait;
    wait.label = label;
    wait.cancellable = cancellable;
    return waitWithProgress(this, wait, work);
  });
  mFiles->setLessonSource([this] { return mLessons->hasLesson() ? QString::fromUtf8(mLessons->toJson()) : QString(); });
  connect(mFiles, &Files::message, this, [this](const QString& text, int ms) { statusBar()->showMessage(text, ms); });
  connect(mFiles, &Files::recentChanged, this, &MainWindow::rebuildRecentMenu,
          Qt::QueuedConnection);  // (not while the menu's own action that changed it is still being triggered)
  mAskUnsaved = [this] {
    return int(QMessageBox::warning(this, tr("Unsaved model"),
                                    tr("The model has changes that are not saved (training included). Save them?"),
                                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                                    QMessageBox::Save));
  };
  mAskRecover = [this](const QString& file, int index, int count) {
    const QString when = QLocale().toString(QFileInfo(file).lastModified(), QLocale::ShortFormat);
    const QString text =
        count > 1 ? tr("Glassbox did not close normally. %1 autosaved models were left behind; this one is from %2 "
                       "(%3 of %1, the newest first). Open it? Discard deletes it and shows the next.")
                        .arg(count)
                        .arg(when)
                        .arg(index + 1)
                  : tr("Glassbox did not close normally last time. An autosaved model from %1 exists. Open it?")
                        .arg(when);
    return QMessageBox::question(this, tr("Recover the last session?"), text, QMessageBox::Open | QMessageBox::Discard,
                                 QMessageBox::Open) == QMessageBox::Open;
  };
  useErrorDialogs();
  updateStatus();
  updateTitle();
  // the first time (then the size it was left at): 1280 × 800, or on a larger screen most of it (at 1920 × 1080
  // the views had the room of a laptop: Compare and Attention scrolled); on a smaller screen, most of what is there
  QSize size(1280, 800);
  if (const QScreen* sc = screen()) {
    const QSize avail = sc->availableGeometry().size();
    size = size.expandedTo(avail * 0.85).boundedTo(avail * 0.95);
  }
  resize(size);
  // the Model dock leads to Build: give it the larger half of the left side (the Data dock scrolls its lists)
  resizeDocks({mModelDock, mDataDock}, {size.height() * 11 / 20, size.height() * 9 / 20}, Qt::Vertical);
  mDefaultState = saveState();
  restoreWindowState();
}

void MainWindow::showFamilyTabs() {
  const gb::FamilyInfo& fam = gb::family(mDoc->variant());
  for (int i = 0; i < mTabs->count(); ++i) {
    const unsigned view = workbenchTabs()[size_t(i)].view;
    mTabs->setTabVisible(i, view == 0 || fam.offers(view));
  }
  if (!mTabs->isTabVisible(mTabs->currentIndex())) mTabs->setCurrentIndex(tabIndexOf(QStringLiteral("training")));
}

void MainWindow::createTabs() {
  mTabs = new QTabWidget(this);
  mTabs->setObjectName(QStringLiteral("centralTabs"));
  mTabs->setDocumentMode(true);
  auto scrolled = [this](QWidget* panel, const char* name) {
    panel->setObjectName(QLatin1String(name));
    auto* scroll = new QScrollArea(mTabs);  // a small window scrolls the tab instead of growing
    panel->setMaximumSize(panelCap());
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    return scroll;
  };
  mTrainingView = new TrainingView(mDoc, mTrainer, mTabs);
  // the panels in the order of the one list of tabs (ui/tabs.h)
  const std::map<QString, QWidget*> panels = {
      {QStringLiteral("attention"), new AttentionPanel(mDoc, mTrainer, mTabs)},
      {QStringLiteral("masks"), new MasksPanel(mDoc, mTabs)},
      {QStringLiteral("parameters"), new ParametersPanel(mDoc, mTrainer, mTabs)},
      {QStringLiteral("decoding"), new DecodingPanel(mDoc, mTrainer, mTabs)},
      {QStringLiteral("algorithm"), new AlgorithmPanel(mDoc, mTrainer, mTabs)},
      {QStringLiteral("training"), mTrainingView},
      {QStringLiteral("perturbation"), new PerturbationPanel(mDoc, mTabs)},
      {QStringLiteral("compare"), new ComparePanel(mDoc, mBench->compare(), mTabs)},
      {QStringLiteral("table"), new TablePanel(mDoc, mTrainer, mTabs)},
      {QStringLiteral("states"), new StatesPanel(mDoc, mTrainer, mTabs)},
      {QStringLiteral("observations"), new ObservationsPanel(mDoc, mTrainer, mTabs)}};
  for (int i = 0; i < int(workbenchTabs().size()); ++i) {
    const QString& id = workbenchTabs()[size_t(i)].id;
    mTabs->addTab(scrolled(panels.at(id), (id + QStringLiteral("Tab")).toLatin1().constData()), tabTitle(i));
  }
  for (int i = 0; i < mTabs->count(); ++i) mTabs->widget(i)->setAccessibleName(mTabs->tabText(i));  // a Tab stop
  showFamilyTabs();  // the design's family's, from the start
  for (int i = 0; i < mTabs->count(); ++i)
    mPresentables.push_back(dynamic_cast<Presentable*>(static_cast<QScrollArea*>(mTabs->widget(i))->widget()));
  // the tabs above, and in presentation mode the visible tab's strip of controls below them. The central widget is
  // made once: made again in another language, only what it holds is new (without it for a moment, the docks took
  // its room and kept it)
  QWidget* central = centralWidget();
  const bool again = central;
  if (!central) {
    central = new QWidget(this);
    central->setObjectName(QStringLiteral("central"));
    auto* layout = new QVBoxLayout(central);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
  }
  auto* v = static_cast<QVBoxLayout*>(central->layout());
  // while presenting, the lesson beat's caption above the view
  mCaption = new QLabel(central);
  mCaption->setObjectName(QStringLiteral("beatCaption"));
  makeTextLabel(mCaption);  // (it quotes the probe)
  mCaption->setAlignment(Qt::AlignCenter);
  mCaption->setContentsMargins(12, 6, 12, 6);
  mCaption->hide();
  v->addWidget(mCaption);
  v->addWidget(mTabs, 1);
  mStrips = new QStackedWidget(central);
  mStrips->setObjectName(QStringLiteral("presenterStrips"));
  mStrips->hide();
  v->addWidget(mStrips);
  if (again) mTabs->show();
  else setCentralWidget(central);
}

void MainWindow::createStrips() {
  mTrainingView->setTrainingPanel(mTrainingPanel);
  for (int i = 0; i < mTabs->count(); ++i) {
    auto* frame = new QWidget(mStrips);
    auto* h = new QHBoxLayout(frame);
    h->setContentsMargins(8, 4, 8, 4);
    auto* title = new QLabel(QStringLiteral("<b>%1</b>").arg(mTabs->tabText(i).toHtmlEscaped()), frame);
    h->addWidget(title);
    h->addSpacing(12);
    h->addWidget(mPresentables[size_t(i)]->makePresenterStrip(frame), 1);
    mPresentables[size_t(i)]->stepped = [this] { leftBeatView(0); };  // (the strip's Back / Next)
    auto* hint = new QLabel(tr("? keys · Esc leaves"), frame);
    hint->setObjectName(QStringLiteral("presenterHint"));
    h->addSpacing(12);
    h->addWidget(hint);
    mStrips->addWidget(frame);
  }
  // the strip as tall as the visible tab's (a stack is as tall as its tallest page: a two-row strip of another tab
  // left an empty band under this one, the view above it shorter)
  auto fitStrip = [this](int current) {
    for (int i = 0; i < mStrips->count(); ++i)
      mStrips->widget(i)->setSizePolicy(QSizePolicy::Preferred, i == current ? QSizePolicy::Maximum : QSizePolicy::Ignored);
    mStrips->setCurrentIndex(current);
    mStrips->updateGeometry();
  };
  connect(mTabs, &QTabWidget::currentChanged, mStrips, fitStrip);
  fitStrip(mTabs->currentIndex());
  // another tab than the beat's (1 – 9): its caption goes (a beat shown sets its tab first, then its caption)
  connect(mTabs, &QTabWidget::currentChanged, mCaption, [this](int index) {
    keepKeysThePresenters();  // (a page shown takes the focus into its first field)
    if (mLessons->running()) return;  // (the recipe's own tabs: the caption says what is being prepared)
    const int beat = mLessons->hasLesson() ? mLessons->beat() : -1;
    if (beat < 0 || std::max(0, tabIndexOf(mLessons->lesson().beats.value(beat).tab)) != index) {
      mCaption->hide();
      mLessons->leftView();  // (Back shows the beat again first)
    }
  });
  // the overlays: a black screen (B) and the list of keys (?)
  mBlank = new QWidget(this);
  mBlank->setObjectName(QStringLiteral("blankOverlay"));
  mBlank->setAttribute(Qt::WA_StyledBackground);
  mBlank->setStyleSheet(QStringLiteral("background: black;"));
  mBlank->hide();
  auto* help = new QLabel(this);
  help->setObjectName(QStringLiteral("keysOverlay"));
  help->setTextFormat(Qt::RichText);
  help->setAlignment(Qt::AlignCenter);
  help->setAttribute(Qt::WA_StyledBackground);
  help->setStyleSheet(QStringLiteral("background: rgba(20, 20, 20, 230); color: white; border-radius: 12px; padding: 24px;"));
  help->setWordWrap(true);
  help->hide();
  mKeysHelp = help;
}

void MainWindow::fillKeysHelp() {
  // what Next does is the visible tab's own (the one list of tabs says it, ui/tabs.h)
  const int tab = mTabs->currentIndex();
  const QString next = tr("next: %1 (%2)").arg(tabNextKey(tab), tabTitle(tab));
  std::vector<std::pair<QString, QString>> keys;
  if (mLessons->hasLesson() && mLessons->beat() >= 0)  // a lesson open: Space walks its beats, the arrows the tab
    keys = {{tr("Space, Page Down"), tr("the lesson's next beat, and each beat's own steps")},
            {tr("Page Up, Backspace"), tr("back through the lesson's beats and steps")},
            {tr("→"), next},
            {tr("←"), tr("back")}};
  else
    keys = {{tr("Space, →, Page Down"), next}, {tr("←, Page Up, Backspace"), tr("back")}};
  keys.insert(keys.end(), {
      {tr("Home / End"), tr("to the start / to the end")},
      {tr("1 – 9"), tr("the tabs")},
      {tr("Ctrl+B"), tr("record the view as a lesson beat")},
      {tr("B"), tr("black screen, and back")},
      {tr("Ctrl + / Ctrl − / Ctrl 0"), tr("larger, smaller, default size")},
      {tr("?"), tr("this list")},
      {tr("Esc, F5"), tr("leave presentation mode")},
  });
  QString rows;
  for (const auto& [k, what] : keys)
    rows += QStringLiteral("<tr><td style='padding-right:24px'><b>%1</b></td><td>%2</td></tr>")
                .arg(k.toHtmlEscaped(), what.toHtmlEscaped());
  static_cast<QLabel*>(mKeysHelp)->setText(
      QStringLiteral("<h2>%1</h2><table>%2</table>").arg(tr("The presenter's keys").toHtmlEscaped(), rows));
}


QWidget* MainWindow::presenterStrip() const { return mStrips->currentWidget(); }

Presentable* MainWindow::presentable(int tab) const {
  return tab >= 0 && tab < int(mPresentables.size()) ? mPresentables[size_t(tab)] : nullptr;
}

bool MainWindow::isPresenting() const { return mPresentation->presenting(); }

void MainWindow::setPresenting(bool on) { mPresentation->setPresenting(on); }

void MainWindow::applyPresenting(bool on) {
  if (on) {
    mStateBeforePresenting = saveState();
    mLessonBeforePresenting = mLessons->hasLesson() ? mLessons->lesson().id : QStringLiteral("-");
    mWindowStateBeforePresenting = windowState();
    for (QDockWidget* d : {mModelDock, mDataDock, mTrainingDock, mLessonDock}) d->hide();
    menuBar()->hide();
    statusBar()->hide();
    mTabs->tabBar()->hide();
  }
  // its own zoom, larger by default, and larger on a taller screen (the projector shows it at the same size)
  Appearance::get().setPresenting(on, screen() ? screen()->geometry().height() : 768);
  for (Presentable* p : mPresentables)
    if (p) p->setPresenting(on);
  mStrips->setVisible(on);
  mCaption->setFont(Appearance::get().font(1.25));
  // (a beat's caption only over its own view: not after the tab was stepped away from it, nor on another tab)
  const int beat = mLessons->beat();
  const bool beatView = beat >= 0 && !mLessons->left() &&
                        std::max(0, tabIndexOf(mLessons->lesson().beats.value(beat).tab)) == mTabs->currentIndex();
  mCaption->setVisible(on && (beatView || mLessons->running()) && !mCaption->text().isEmpty());
  if (on) {
    showFullScreen();
    if (const QScreen* sc = screen()) setGeometry(sc->geometry());  // also without a window manager (Xvfb)
    // the keys are the presenter's: nothing keeps the focus where typing would go
    if (QWidget* f = QApplication::focusWidget()) f->clearFocus();
    mTabs->currentWidget()->setFocus();
  } else {
    mTabs->tabBar()->show();
    menuBar()->show();
    statusBar()->show();
    setWindowState(mWindowStateBeforePresenting & ~Qt::WindowFullScreen);
    if (mWindowStateBeforePresenting & Qt::WindowFullScreen) showFullScreen();
    restoreState(mStateBeforePresenting);  // the docks as they were
    arrangeDocks();                         // (for the width the window has now)
    // a lesson opened while presenting (--lesson … --present: its dock was shown after the docks' state was kept)
    if (mLessons->hasLesson() && mLessons->lesson().id != mLessonBeforePresenting && !mLessonDock->isVisibleTo(this)) {
      mLessonDock->show();
      mLessonDock->raise();
    }
  }
  if (mPresentAction) mPresentAction->setChecked(on);
}

void MainWindow::showBlank(bool on) {
  mBlank->setGeometry(rect());
  mBlank->setVisible(on);
  if (on) mBlank->raise();
}

void MainWindow::showKeysHelp(bool on) {
  if (on) {
    fillKeysHelp();
    mKeysHelp->setFont(Appearance::get().font(1.1));  // as large as the view's labels, or larger
    mKeysHelp->setMaximumWidth(std::max(200, width() * 4 / 5));
    mKeysHelp->adjustSize();
    const QSize sz = mKeysHelp->sizeHint().boundedTo(size());
    mKeysHelp->setGeometry(QRect(QPoint((width() - sz.width()) / 2, (height() - sz.height()) / 2), sz));
    mKeysHelp->raise();
  }
  mKeysHelp->setVisible(on);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
  QMainWindow::resizeEvent(event);
  if (!mArrangePending) {  // after the resize (moving docks inside a resize event re-enters the layout)
    mArrangePending = true;
    QTimer::singleShot(0, this, [this] {
      mArrangePending = false;
      arrangeDocks();
    });
  }
  if (mBlank && mBlank->isVisible()) mBlank->setGeometry(rect());
  if (mKeysHelp && mKeysHelp->isVisible()) showKeysHelp(true);
}

bool MainWindow::isCompact() const {
  return !mTrainingDock->isFloating() && tabifiedDockWidgets(mDataDock).contains(mTrainingDock);
}

void MainWindow::arrangeDocks() {
  if (isPresenting() || mTrainingDock->isFloating()) return;  // a floated dock is where its user put it
  const bool narrow = width() < kCompactWidth;
  // only when the width crosses the line (or after Reset Layout): docks a user moved stay where they were put
  if (mArrangedFor == int(narrow)) return;
  mArrangedFor = int(narrow);
  if (narrow && dockWidgetArea(mTrainingDock) == Qt::RightDockWidgetArea) {
    const bool lessonShown = mLessonDock->isVisibleTo(this);
    tabifyDockWidget(mDataDock, mTrainingDock);
    if (!mLessonDock->isFloating()) {
      tabifyDockWidget(mDataDock, mLessonDock);
      mLessonDock->setVisible(lessonShown);
    }
    (lessonShown && !mLessonDock->isFloating() ? mLessonDock : mDataDock)->raise();
    resizeDocks({mModelDock}, {340}, Qt::Horizontal);
  } else if (!narrow && isCompact()) {
    const bool lessonShown = mLessonDock->isVisibleTo(this);
    addDockWidget(Qt::RightDockWidgetArea, mTrainingDock);
    if (!mLessonDock->isFloating() && tabifiedDockWidgets(mDataDock).contains(mLessonDock)) {
      addDockWidget(Qt::RightDockWidgetArea, mLessonDock);
      mLessonDock->setVisible(lessonShown);
    }
    mTrainingDock->show();
    resizeDocks({mModelDock, mTrainingDock}, {340, 340}, Qt::Horizontal);
  }
}

bool MainWindow::event(QEvent* event) {
  const bool done = QMainWindow::event(event);
  if (event->type() == QEvent::LayoutRequest) tidyDockTabs();  // (the layout has placed the docks by now)
  return done;
}

void MainWindow::tidyDockTabs() {
  // the tab bars Qt makes for docks in one place (ours when narrow, or a user's): a screen reader says what they are.
  // One no longer used (wide again) Qt keeps, shown outside the window: hidden, it is not offered as an empty control.
  for (QTabBar* bar : findChildren<QTabBar*>(QString(), Qt::FindDirectChildrenOnly)) {
    bar->setAccessibleName(tr("Docks"));
    bar->setAccessibleDescription(tr("The docks in this column: choose one to show it"));
    if (bar->count() == 0 && bar->isVisible()) bar->hide();
  }
}

bool MainWindow::presentStep(int direction) {
  Presentable* p = mPresentables.at(size_t(mTabs->currentIndex()));
  if (!p) return false;
  bool moved = false;
  switch (direction) {
    case 1: moved = p->presentNext(); break;
    case -1: moved = p->presentBack(); break;
    case -2: moved = p->presentFirst(); break;
    case 2: moved = p->presentLast(); break;
    default: break;
  }
  if (moved) leftBeatView(direction);  // (the keys, Space past the last beat; a walked beat's steps keep its caption)
  return moved;
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
  if (event->type() != QEvent::KeyPress) return QMainWindow::eventFilter(watched, event);
  auto* target = qobject_cast<QWidget*>(watched);
  if (!target || target->window() != this) return false;  // a dialog's keys are its own
  auto* key = static_cast<QKeyEvent*>(event);
  const QWidget* focus = QApplication::focusWidget();
  const bool focusUsesKeys = focus && (typesText(focus) || qobject_cast<const QAbstractItemView*>(focus) ||
                                       qobject_cast<const QAbstractSlider*>(focus));
  const auto k = presenterKey(key->key(), key->modifiers(), isPresenting(), focusUsesKeys);
  if (!k) return false;
  return mPresentation->press(*k, key->key() == Qt::Key_Right || key->key() == Qt::Key_Left);
}

void MainWindow::createDocks() {
  // the docks are made once (they keep their places, sizes and tabs); their panels again in another language
  const bool made = mModelDock;
  auto fill = [&](QDockWidget*& dock, const char* name, const QString& title, QWidget* panel) {
    if (!dock) {
      dock = new QDockWidget(this);
      dock->setObjectName(QLatin1String(name));
      dock->setMinimumWidth(280);
    }
    dock->setWindowTitle(title);
    auto* scroll = new QScrollArea(dock);  // small screens: the dock scrolls instead of growing the window
    panel->setMaximumSize(panelCap());
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setAccessibleName(title);  // a Tab stop (it scrolls with the arrow keys): named as its dock
    dock->setWidget(scroll);
    if (made) scroll->show();  // (a widget put into a dock already shown)
  };
  mModelPanel = new ModelPanel(mDoc, mBench->design(), this);
  mDataPanel = new DataPanel(mDoc, mBench->data(), this);
  mTrainingPanel = new TrainingPanel(mDoc, mTrainer, mBench->training(), this);
  fill(mModelDock, "modelDock", tr("Model"), mModelPanel);
  fill(mDataDock, "dataDock", tr("Data"), mDataPanel);
  fill(mTrainingDock, "trainingDock", tr("Training"), mTrainingPanel);
  auto* lessonPanel = new LessonDock(mLessons, this);
  lessonPanel->setObjectName(QStringLiteral("lessonPanel"));
  connect(lessonPanel, &LessonDock::addRequested, this, &MainWindow::addBeatDialog);
  connect(lessonPanel, &LessonDock::saveRequested, this, &MainWindow::saveLessonDialog);
  fill(mLessonDock, "lessonDock", tr("Lesson"), lessonPanel);
  if (made) return;
  addDockWidget(Qt::LeftDockWidgetArea, mModelDock);
  addDockWidget(Qt::LeftDockWidgetArea, mDataDock);
  addDockWidget(Qt::RightDockWidgetArea, mTrainingDock);
  addDockWidget(Qt::RightDockWidgetArea, mLessonDock);
  mLessonDock->hide();  // shown when a lesson is open or a beat is added (View → Lesson)
  connect(mLessons, &LessonRunner::beatsChanged, mLessonDock, [this] {
    if (!mLessons->hasLesson() || isPresenting()) return;
    mLessonDock->show();
    if (isCompact()) mLessonDock->raise();  // a tab beside Data and Training: the lesson's in front
  });
  resizeDocks({mModelDock, mTrainingDock}, {340, 340}, Qt::Horizontal);
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->setObjectName(QStringLiteral("fileMenu"));
  file->addAction(tr("&New"), this, &MainWindow::newModel)->setShortcut(QKeySequence::New);
  file->addAction(tr("&Open…"), this, &MainWindow::openDialog)->setShortcut(QKeySequence::Open);
  file->addAction(tr("&Import Hugging Face Model…"), this, &MainWindow::importDialog)
      ->setObjectName(QStringLiteral("importAction"));
  mRecentMenu = file->addMenu(tr("Open &Recent"));
  mRecentMenu->setObjectName(QStringLiteral("recentMenu"));
  rebuildRecentMenu();
  file->addSeparator();
  file->addAction(tr("&Save"), this, &MainWindow::save)->setShortcut(QKeySequence::Save);
  file->addAction(tr("Save &As…"), this, &MainWindow::saveAsDialog)->setShortcut(QKeySequence::SaveAs);
  file->addAction(tr("&Export View…"), this, &MainWindow::exportViewDialog)->setObjectName(QStringLiteral("exportView"));
  file->addAction(tr("Open &Data File…"), mDataPanel, &DataPanel::chooseFile);
  file->addAction(tr("&Lessons…"), this, &MainWindow::showLessons)->setObjectName(QStringLiteral("lessonsAction"));
  file->addAction(tr("Save Lesso&n…"), this, &MainWindow::saveLessonDialog)->setObjectName(QStringLiteral("saveLessonAction"));
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setObjectName(QStringLiteral("quitAction"));
  quit->setShortcut(QKeySequence::Quit);
  addAction(quit);  // also while presenting, when the menu bar is hidden

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->setObjectName(QStringLiteral("viewMenu"));
  for (QDockWidget* d : {mModelDock, mDataDock, mTrainingDock, mLessonDock}) view->addAction(d->toggleViewAction());
  view->addSeparator();
  QAction* addBeatAction = view->addAction(tr("Add &Beat…"), this, &MainWindow::addBeatDialog);
  addBeatAction->setObjectName(QStringLiteral("addBeatAction"));
  addBeatAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
  addAction(addBeatAction);  // also in presentation mode, with the menu bar hidden
  view->addSeparator();
  view->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
  view->addSeparator();
  // these work with the menu bar hidden too (presentation mode): the window carries them
  mPresentAction = view->addAction(tr("&Present"), this, [this](bool on) { setPresenting(on); });
  mPresentAction->setObjectName(QStringLiteral("presentAction"));
  mPresentAction->setCheckable(true);
  mPresentAction->setShortcut(Qt::Key_F5);
  QAction* full = view->addAction(tr("&Full Screen"), this, [this](bool on) {
    if (on) showFullScreen();
    else showNormal();
  });
  full->setCheckable(true);
  full->setShortcut(QKeySequence::FullScreen);
  QAction* zoomIn = view->addAction(tr("Zoom &In"), this, [] { Appearance::get().zoomIn(); });
  zoomIn->setShortcuts({QKeySequence::ZoomIn, QKeySequence(Qt::CTRL | Qt::Key_Equal)});
  QAction* zoomOut = view->addAction(tr("Zoom &Out"), this, [] { Appearance::get().zoomOut(); });
  zoomOut->setShortcut(QKeySequence::ZoomOut);
  QAction* zoomReset = view->addAction(tr("&Default Size"), this, [] { Appearance::get().resetZoom(); });
  zoomReset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
  for (QAction* a : {mPresentAction, full, zoomIn, zoomOut, zoomReset}) addAction(a);
  QMenu* themes = view->addMenu(tr("&Theme"));
  themes->setObjectName(QStringLiteral("themeMenu"));
  auto* themeGroup = new QActionGroup(themes);  // (the menus are made again in another language: it goes with them)
  const std::pair<Appearance::Theme, QString> themeChoices[] = {
      {Appearance::Theme::Light, tr("Light")},
      {Appearance::Theme::Dark, tr("Dark")},
      {Appearance::Theme::Projector, tr("Projector (high contrast)")},
  };
  for (const auto& [theme, label] : themeChoices) {
    QAction* a = themes->addAction(label);
    a->setCheckable(true);
    a->setChecked(Appearance::get().theme() == theme);
    a->setObjectName(QStringLiteral("theme_") + Appearance::themeKey(theme));
    themeGroup->addAction(a);
    connect(a, &QAction::triggered, this, [theme = theme] { Appearance::get().setTheme(theme); });
  }
  connect(&Appearance::get(), &Appearance::changed, themeGroup, [themeGroup] {
    for (QAction* a : themeGroup->actions())
      a->setChecked(a->objectName() == QStringLiteral("theme_") + Appearance::themeKey(Appearance::get().theme()));
  });
  view->addSeparator();
  QMenu* lang = view->addMenu(tr("&Language"));
  lang->setObjectName(QStringLiteral("languageMenu"));
  mLanguageGroup = new QActionGroup(lang);
  mLanguageGroup->setExclusive(true);
  // the stored choice, unless the command line (--language) put another language in place for this run
  const QString stored = language::stored();
  const QString current = language::resolve(stored) == language::current() ? stored : language::current();
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
  if (code == language::stored() && language::resolve(code) == language::current()) return;
  language::store(code);
  language::install(*qApp, code);  // every widget hears LanguageChange: this window is made again in it (changeEvent)
}

void MainWindow::changeEvent(QEvent* event) {
  QMainWindow::changeEvent(event);
  // (each translator installed or removed says it once: one retranslate() for them all, after they are in place)
  if (event->type() == QEvent::LanguageChange && language::current() != mLanguage && !mRetranslatePending) {
    mRetranslatePending = true;
    QTimer::singleShot(0, this, &MainWindow::retranslate);
  }
}

void MainWindow::retranslate() {
  mRetranslatePending = false;
  if (language::current() == mLanguage) return;
  // a dialog, a menu or a wait open: a panel's own call may be on the stack below it — after it, not now
  if (isWaiting() || mFiles->isSaving() || QApplication::activeModalWidget() || QApplication::activePopupWidget() ||
      QGuiApplication::mouseButtons() != Qt::NoButton) {
    mRetranslatePending = true;
    QTimer::singleShot(100, this, &MainWindow::retranslate);
    return;
  }
  mLanguage = language::current();
  // what the class sees: presenting, the tab, each tab's view
  const bool presenting = isPresenting(), blank = mPresentation->blank(), keysHelp = mPresentation->keysHelp();
  if (presenting) setPresenting(false);  // (the docks' places are the workbench's)
  const int current = mTabs->currentIndex();
  std::vector<QJsonObject> views;
  for (int i = 0; i < int(mPresentables.size()); ++i) {
    QJsonObject view = mPresentables[size_t(i)] && mTabs->isTabVisible(i) ? mPresentables[size_t(i)]->viewState()
                                                                          : QJsonObject();
    view.remove(QStringLiteral("run"));  // (a comparison the workbench holds is shown again, not trained again)
    views.push_back(view);
  }
  const bool lessonShown = mLessonDock->isVisibleTo(this);
  // where each dock and tab was scrolled to (the new ones scroll there once laid out)
  const std::array<QDockWidget*, 4> docks = {mModelDock, mDataDock, mTrainingDock, mLessonDock};
  auto scrolled = [](QWidget* w) {
    auto* area = qobject_cast<QScrollArea*>(w);
    return area ? QPoint(area->horizontalScrollBar()->value(), area->verticalScrollBar()->value()) : QPoint();
  };
  std::vector<QPoint> dockScroll, tabScroll;
  for (QDockWidget* d : docks) dockScroll.push_back(scrolled(d->widget()));
  for (int i = 0; i < mTabs->count(); ++i) tabScroll.push_back(scrolled(mTabs->widget(i)));
  // the widgets made in the old language go at once (none of their code is on the stack: this runs from the event
  // loop, no dialog, menu, drag or wait open), and with them the work they had asked for; the controllers they
  // showed stay (the workbench, the lesson, the files)
  auto retire = [](QWidget* w) { delete w; };
  for (QAction* a : actions()) removeAction(a);  // (the window's shortcuts: their menus go)
  for (QDockWidget* d : {mModelDock, mDataDock, mTrainingDock, mLessonDock}) retire(d->widget());  // (the docks stay)
  for (QWidget* w : std::initializer_list<QWidget*>{mCaption, mTabs, mStrips}) retire(w);  // (the central widget stays)
  retire(mBlank);
  retire(mKeysHelp);
  setMenuBar(new QMenuBar(this));  // (the old one is deleted later, its menus and actions with it)
  setLocale(QLocale());  // numbers in the new language (a widget keeps the locale it was made with; children inherit it)
  mPresentables.clear();
  mDoc->retranslate();  // (the fit's problem, which the new views say, in the new language)
  createTabs();
  createDocks();
  createStrips();
  createMenus();
  mLessons->localize(mLanguage);  // (its title and captions, when the lesson file has them in this language)
  mLessonDock->setVisible(lessonShown);  // (as it was: the lesson's texts changing said beatsChanged, which shows it)
  mTabs->setCurrentIndex(current);
  for (int i = 0; i < int(views.size()) && i < int(mPresentables.size()); ++i)
    if (mPresentables[size_t(i)] && !views[size_t(i)].isEmpty()) mPresentables[size_t(i)]->setViewState(views[size_t(i)]);
  if (mLessons->running()) mCaption->setText(mPreparing);
  else if (mLessons->beat() >= 0)
    mCaption->setText(keepFormulasTogether(mLessons->lesson().beats.value(mLessons->beat()).caption));
  updateTitle();  // (the status line too)
  QTimer::singleShot(0, this, [this, docks, dockScroll, tabScroll] {
    auto scrollTo = [](QWidget* w, QPoint at) {
      if (auto* area = qobject_cast<QScrollArea*>(w)) {
        area->horizontalScrollBar()->setValue(at.x());
        area->verticalScrollBar()->setValue(at.y());
      }
    };
    for (size_t i = 0; i < docks.size(); ++i) scrollTo(docks[i]->widget(), dockScroll[i]);
    // a tab not shown is laid out when it is shown (scrolled here, it came back at the top): the first time it is
    // current, after that layout
    for (int i = 0; i < mTabs->count() && i < int(tabScroll.size()); ++i) {
      QWidget* page = mTabs->widget(i);
      const QPoint at = tabScroll[size_t(i)];
      if (at.isNull()) continue;
      if (i == mTabs->currentIndex()) {
        scrollTo(page, at);
        continue;
      }
      auto once = std::make_shared<QMetaObject::Connection>();
      *once = connect(mTabs, &QTabWidget::currentChanged, page, [this, page, at, once, scrollTo](int shown) {
        if (mTabs->widget(shown) != page) return;
        disconnect(*once);
        QTimer::singleShot(0, page, [page, at, scrollTo] { scrollTo(page, at); });
      });
    }
  });
  if (!QApplication::focusWidget()) setFocus();  // (the focus was in a widget that has gone: the window keeps it)

  if (presenting) {
    setPresenting(true);
    mPresentation->setBlank(blank);
    mPresentation->setKeysHelp(keysHelp);
  }
}

void MainWindow::updateStatus() {
  // (a family trained by EM counts iterations over all the data, not steps: its views say so too)
  const bool em = mDoc->hasModel() && gb::family(mDoc->variant()).trained_by == gb::TrainedBy::Em;
  auto trainedSteps = [this, em](int n) {
    if (em) return n == 1 ? tr("trained 1 EM iteration") : tr("trained %1 EM iterations").arg(n);
    return n == 1 ? tr("trained 1 step") : tr("trained %1 steps").arg(n);
  };
  QString training;
  switch (mTrainer->state()) {
    case TrainingController::State::Idle:
      training = !mDoc->isTrained() ? tr("not trained") : trainedSteps(int(mDoc->history().back().step));
      break;
    case TrainingController::State::Running: training = tr("training"); break;
    case TrainingController::State::Paused:
      training = em ? tr("paused at EM iteration %1").arg(mTrainer->stepsDone())
                    : tr("paused at step %1").arg(mTrainer->stepsDone());
      break;
    case TrainingController::State::Finished: training = trainedSteps(mTrainer->stepsDone()); break;
  }
  if (mTrainer->state() == TrainingController::State::Running && mTrainer->stepsDone() > 0)
    training = em ? tr("training, EM iteration %1").arg(mTrainer->stepsDone())
                  : tr("training, step %1").arg(mTrainer->stepsDone());
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
  if (mDoc->hasModel() && !mDoc->fitProblem().isEmpty() && (mDoc->hasData() || mDoc->importedName().isEmpty()))
    training = tr("does not match the data");  // (an imported model without data: its views need none)
  mStatusLabel->setText(mDoc->hasModel() ? tr("%1 · %2 · %3").arg(model, data, training) : tr("%1 · %2").arg(model, data));
}

void MainWindow::keepKeysThePresenters() {
  // presenting, no field holds the focus (its cursor would blink on the projector, and it would take the keys):
  // the view has it
  if (!mPresentation || !isPresenting()) return;
  if (const QWidget* f = QApplication::focusWidget(); f && typesText(f)) mTabs->currentWidget()->setFocus();
}

bool MainWindow::typesText(const QWidget* w) {
  return qobject_cast<const QLineEdit*>(w) || qobject_cast<const QAbstractSpinBox*>(w) ||
         qobject_cast<const QComboBox*>(w) || qobject_cast<const QTextEdit*>(w) || qobject_cast<const QPlainTextEdit*>(w);
}

void MainWindow::leftBeatView(int direction) {
  // the tab stepped by a key or a strip button: on a beat without steps of its own the view is no longer the beat's,
  // nor is the caption that describes it (the next beat shown brings its own; Back shows this one again); a beat
  // walked step by step keeps it and counts the step (the arrows and the strip's buttons take the same steps)
  if (mLessons->hasLesson() && mLessons->tabStepped(direction)) mCaption->hide();
}

QString MainWindow::quotedLessonTitle(const QString& title) {
  // a title in quotes of its own (“I want to buy a car”) is not quoted again
  const bool quoted = title.startsWith(QChar(0x201C)) || title.startsWith(QChar(0x201E)) || title.startsWith(QLatin1Char('"'));
  return quoted ? title : tr("“%1”").arg(title);
}

void MainWindow::updateTitle() {
  // a lesson made from its recipe has no file: its title names the window
  const bool lesson = mLessons && mLessons->hasLesson() && !mLessons->lesson().title.isEmpty();
  const QString name = !mDoc->filePath().isEmpty()    ? QFileInfo(mDoc->filePath()).fileName()
                       : !mDoc->importedName().isEmpty() ? tr("%1 (imported)").arg(mDoc->importedName())
                       : lesson                          ? quotedLessonTitle(mLessons->lesson().title)
                                                         : tr("Untitled");
  setWindowTitle(tr("%1[*] — Glassbox").arg(name));
  setWindowModified(mDoc->isModified());
  updateStatus();
}

void MainWindow::reportSkippedBeats(const Lesson& lesson) {
  if (lesson.skipped.isEmpty()) return;
  showError((lesson.skipped.size() == 1
                 ? tr("The lesson opened without 1 beat that could not be read; the others are all there.\n\n%1")
                 : tr("The lesson opened without %1 beats that could not be read; the others are all there.\n\n%2")
                       .arg(lesson.skipped.size()))
                .arg(lesson.skipped.join(QLatin1Char('\n'))));
}

void MainWindow::useErrorDialogs() {
  mReportError = [this](const QString& m) { QMessageBox::critical(this, tr("Glassbox"), m); };
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
  mLessons->close();
  mDoc->clear();
  removeAutosave();
  return true;
}

void MainWindow::openDialog() {
  // (the question about unsaved work comes from openFile, once a file is chosen: asked here too, "Discard" left the
  // work unsaved and openFile asked again)
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open model"), QString(),
      tr("Glassbox models and lessons (*.safetensors *.glassbox-lesson);;Hugging Face model folders (config.json);;All files (*)"));
  if (!path.isEmpty()) openFile(path);
}

void MainWindow::importDialog() {
  // the hub's cache, when there is one: where a downloaded checkpoint is ($HF_HUB_CACHE, $HF_HOME/hub, ~/.cache/…)
  QString start = QDir::homePath();
  for (const QString& cache : {qEnvironmentVariable("HF_HUB_CACHE"), qEnvironmentVariable("HF_HOME") + QStringLiteral("/hub"),
                               QDir::homePath() + QStringLiteral("/.cache/huggingface/hub")})
    if (!cache.isEmpty() && cache != QLatin1String("/hub") && QFileInfo(cache).isDir()) {
      start = cache;
      break;
    }
  const QString path = QFileDialog::getExistingDirectory(this, tr("Import a Hugging Face model folder"), start);
  if (!path.isEmpty()) openFile(path);
}

bool MainWindow::openFile(const QString& path) {
  if (mDoc->isModified() && mDoc->hasModel() && !maybeSave()) return false;
  // a Hugging Face folder, its config.json, or the model.safetensors beside one: imported, not opened
  const QFileInfo info(path);
  const bool checkpointWeights = info.fileName() == QLatin1String("model.safetensors") &&
                                 QFileInfo(info.absolutePath() + QStringLiteral("/config.json")).isFile();
  if (Files::isCheckpoint(path) || checkpointWeights) {
    const Files::Outcome imported = mFiles->importCheckpoint(checkpointWeights ? info.absolutePath() : path);
    if (!imported.ok) {
      if (!imported.error.isEmpty()) showError(imported.error);
      return false;
    }
    if (!imported.warning.isEmpty()) showError(imported.warning);
    mLessons->close();
    return true;
  }
  const Files::Outcome opened = mFiles->open(path);
  if (!opened.ok) {  // nothing changed: the open model stays
    if (!opened.error.isEmpty()) showError(opened.error);
    return false;
  }
  if (!opened.warning.isEmpty()) showError(opened.warning);
  // a model file that carries a lesson opens as that lesson; any other ends the one that was open
  QString lessonError;
  const QString language = QLocale().language() == QLocale::German ? QStringLiteral("de") : QStringLiteral("en");
  const QString json = mDoc->extra(QLatin1String(kLessonMetadataKey));
  auto lesson = json.isEmpty() ? std::nullopt : parseLesson(json.toUtf8(), language, path, &lessonError, true);
  if (lesson) {
    lesson->modelFile = path;
    mLessons->adopt(*lesson);
    reportSkippedBeats(*lesson);
  } else {
    mLessons->close();
    if (!lessonError.isEmpty()) showError(tr("The model opened, but its lesson cannot be read.\n\n%1").arg(lessonError));
  }
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
  QString path = QFileDialog::getSaveFileName(this, tr("Save model"), mFiles->suggestedSavePath(),
                                              tr("Glassbox models (*.safetensors)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".safetensors");
  saveAs(path);
}

bool MainWindow::saveAs(const QString& path) {
  const Files::Outcome saved = mFiles->saveAs(path);
  if (!saved.error.isEmpty()) showError(saved.error);
  return saved.ok;
}

QWidget* MainWindow::currentView() const {
  QWidget* view = mTabs->currentWidget();
  if (auto* scroll = qobject_cast<QScrollArea*>(view); scroll && scroll->widget()) return scroll->widget();
  return view;
}

QString MainWindow::exportView(const QString& path, int scale, bool transparent) {
  QWidget* view = currentView();  // the panel, not the scroll area: all of it, also what is scrolled out of sight
  if (!view) return tr("There is no view to export.");
  return exportWidget(view, path, ExportOptions{scale, transparent});
}

void MainWindow::exportViewDialog() {
  QWidget* view = currentView();
  QString name = view ? view->objectName() : QString();
  if (name.endsWith(QLatin1String("Tab"))) name.chop(3);  // attentionTab → attention.png
  const QString path = chooseExportFile(this, name.isEmpty() ? QStringLiteral("view") : name);
  ExportOptions o;
  if (path.isEmpty() || !chooseExportOptions(this, path, &o)) return;
  const QString err = exportView(path, o.scale, o.transparent);
  if (!err.isEmpty()) showError(err);
  else statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
}

QStringList MainWindow::recentFiles() const { return mFiles->recent(); }

void MainWindow::addRecent(const QString& path) { mFiles->addRecent(path); }

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
    mRecentMenu->addAction(tr("&Clear List"), mFiles, &Files::clearRecent);
  }
}

QString MainWindow::autosavePath() const { return mFiles->autosavePath(); }

bool MainWindow::autosaveNow() { return mFiles->autosaveNow(); }

void MainWindow::removeAutosave() { mFiles->removeAutosave(); }

bool MainWindow::offerRecovery() {
  QString error;
  const bool recovered = mFiles->offerRecovery(mAskRecover, &error);
  if (!error.isEmpty()) showError(error);
  return recovered;
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
  mLessonDock->setFloating(false);
  restoreState(mDefaultState);
  mArrangedFor = -1;
  arrangeDocks();  // the default for this width: one column of docks when narrow
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
  if (mFiles->isSaving() || isWaiting()) {  // a save, build or open is waited for (its progress is on screen): not now
    event->ignore();
    return;
  }
  if (isPresenting()) setPresenting(false);  // the window state saved is the workbench's
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

void MainWindow::showLessons() {
  StartPage page(this);
  if (page.exec() != QDialog::Accepted || page.chosen().isEmpty()) return;
  const QString err = openLesson(page.chosen());
  if (!err.isEmpty()) showError(err);
}

QString MainWindow::openLesson(const QString& nameOrPath) {
  QString error;
  const QString language = QLocale().language() == QLocale::German ? QStringLiteral("de") : QStringLiteral("en");
  const auto lesson = loadLesson(nameOrPath, language, &error);
  if (!lesson) return error;  // a hostile or broken file: nothing changed
  if (mTrainer->state() == TrainingController::State::Running)  // before any question: nothing may change
    return tr("Training is running: pause or stop it before opening a lesson.");
  std::optional<Lesson> chosen = lesson;
  if (lesson->import && findCheckpoint(*lesson->import).isEmpty()) {
    // a real model that is not here: where to get it, a folder to choose, or the same experiments on a model
    // trained here
    const QString answer = mAskCheckpoint ? mAskCheckpoint(*lesson, missingCheckpointText(*lesson->import))
                                          : askMissingCheckpoint(*lesson, missingCheckpointText(*lesson->import));
    if (answer.isEmpty()) return {};
    if (builtinLessonIds().contains(answer)) return openLesson(answer);
    const QString folder = checkpointIn(answer);
    if (folder.isEmpty()) return tr("%1 is not a Hugging Face model folder: it has no config.json.").arg(answer);
    rememberCheckpoint(*lesson->import, folder);
    chosen->import->folder = QFileInfo(folder).absoluteFilePath();  // (found there from now on, by its hub id too)
  }
  if (!maybeSave()) return tr("The lesson was not opened: the open model's changes come first.");
  mDoc->setModified(false);  // the question was answered: the lesson replaces the model without asking again
  const QString err = mLessons->start(*chosen);
  if (err.isEmpty()) reportSkippedBeats(*lesson);
  return err;
}

QString MainWindow::askMissingCheckpoint(const Lesson& lesson, const QString& text) {
  QMessageBox box(QMessageBox::Information, lesson.title, text, QMessageBox::Cancel, this);
  QPushButton* choose = box.addButton(tr("Choose the Folder…"), QMessageBox::AcceptRole);
  choose->setAccessibleName(tr("Choose the model's folder"));
  QPushButton* fallback = nullptr;
  std::optional<Lesson> other;
  if (!lesson.import->fallback.isEmpty()) {
    QString ignored;
    other = loadLesson(lesson.import->fallback,
                       QLocale().language() == QLocale::German ? QStringLiteral("de") : QStringLiteral("en"), &ignored);
    if (other) {
      fallback = box.addButton(tr("Open “%1” Instead").arg(other->title), QMessageBox::ActionRole);
      fallback->setAccessibleName(tr("Open the lesson “%1” on a model trained here").arg(other->title));
    }
  }
  box.exec();
  if (box.clickedButton() == fallback && fallback) return lesson.import->fallback;
  if (box.clickedButton() != choose) return {};
  QString start = QDir::homePath() + QStringLiteral("/.cache/huggingface/hub");
  if (!QFileInfo(start).isDir()) start = QDir::homePath();
  return QFileDialog::getExistingDirectory(this, tr("The folder of %1").arg(lesson.import->hub), start);
}

int MainWindow::addBeat(const QString& caption) { return mLessons->addBeat(caption); }

void MainWindow::addBeatDialog() {
  if (!mDoc->hasModel()) {
    showError(tr("A beat shows a model: build or open one first."));
    return;
  }
  bool ok = false;
  const QString caption = QInputDialog::getText(this, tr("Add Beat"),
                                                tr("Caption of the beat (what the class should see here):"),
                                                QLineEdit::Normal, mTabs->tabText(mTabs->currentIndex()), &ok);
  if (!ok) return;
  const int i = addBeat(caption);
  statusBar()->showMessage(tr("Beat %1 recorded: %2").arg(i + 1).arg(caption), 5000);
}

QString MainWindow::saveLesson(const QString& path) {
  if (!mDoc->hasModel()) return tr("There is no model to save: build one first.");
  if (!mLessons->hasLesson()) return tr("The lesson has no beats yet: add one with View → Add Beat (Ctrl+B).");
  if (!saveAs(path)) return mLastError;
  return {};
}

void MainWindow::saveLessonDialog() {
  if (!mLessons->hasLesson()) {
    showError(tr("The lesson has no beats yet: add one with View → Add Beat (Ctrl+B)."));
    return;
  }
  QString path = QFileDialog::getSaveFileName(this, tr("Save lesson"), mDoc->filePath(),
                                              tr("Glassbox lessons (*.glassbox-lesson)"));
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".glassbox-lesson");
  const QString err = saveLesson(path);
  if (!err.isEmpty() && err != mLastError) showError(err);
}
