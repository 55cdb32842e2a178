// mainwindow.h — the workbench window. It only builds and wires: docks (Model, Data, Training), central tabs
// (Attention, Decoding, Algorithm), menus, and the window state that persists across runs.
#pragma once

#include "controllers/autosave.h"
#include "controllers/files.h"

#include <QMainWindow>

#include <functional>
#include <memory>
#include <vector>

class DataPanel;
class ModelDocument;
class Workbench;
class Presentation;
class ModelPanel;
class QActionGroup;
class TrainingController;
class TrainingPanel;
class QDockWidget;
class QTabWidget;
class QMenu;
class QLabel;
class QTimer;
class QStackedWidget;
class QAction;
class Presentable;
class TrainingView;
class LessonRunner;

struct Lesson;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);

  QDockWidget* modelDock() const { return mModelDock; }
  QDockWidget* dataDock() const { return mDataDock; }
  QDockWidget* trainingDock() const { return mTrainingDock; }
  QTabWidget* tabs() const { return mTabs; }
  Workbench* workbench() const { return mBench; }
  ModelDocument* document() const { return mDoc; }
  TrainingController* trainer() const { return mTrainer; }
  ModelPanel* modelPanel() const { return mModelPanel; }
  DataPanel* dataPanel() const { return mDataPanel; }
  TrainingPanel* trainingPanel() const { return mTrainingPanel; }
  TrainingView* trainingView() const { return mTrainingView; }

  // Lessons: the Start page (File → Lessons…), and a built-in lesson by name or a lesson file opened — its model
  // built and trained from the recipe's seeds, then its first beat shown (lessonRunner() says when). Returns the
  // error (nothing changed then), or empty.
  void showLessons();
  QString openLesson(const QString& nameOrPath);
  LessonRunner* lessonRunner() const { return mLessons; }
  Files* files() const { return mFiles; }
  // Authoring (the Lesson dock): the current tab and its settings as a beat with this caption (View → Add Beat,
  // Ctrl+B asks for the caption); File → Save Lesson writes the model file with the lesson in its metadata
  // (docs/lesson-file.md). Save Lesson returns the error, or empty.
  int addBeat(const QString& caption);
  void addBeatDialog();
  QString saveLesson(const QString& path);
  void saveLessonDialog();
  QDockWidget* lessonDock() const { return mLessonDock; }
  QLabel* captionBar() const { return mCaption; }
  // The docks on a narrow screen (a window narrower than kCompactWidth, a 1024×768 laptop): one column, Model above
  // and Data, Training and Lesson as tabs below it, so the central view keeps ≈ 680 of 1024 pixels (three columns
  // left it ≈ 280). Wider again, Training and Lesson go back to the right. A floated dock stays where it was put.
  static constexpr int kCompactWidth = 1200;
  bool isCompact() const;  // the beat's caption above the view while presenting
  Presentable* presentable(int tab) const;          // the central tab's view

  // Presentation mode (F5, View → Present; Esc leaves): full screen, docks, menus and tab bar hidden, the current
  // tab fills the screen above a slim strip of its controls, the presenter's keys step it. Leaving brings the
  // docks back as they were.
  bool isPresenting() const;
  void setPresenting(bool on);
  QWidget* presenterStrip() const;  // the visible tab's strip (presentation mode)
  QWidget* blankOverlay() const { return mBlank; }
  QWidget* keysOverlay() const { return mKeysHelp; }
  // The visible tab's stepper, as the presenter's keys drive it: next, back, to the start, to the end.
  bool presentStep(int direction);  // +1 next, −1 back, −2 to the start, +2 to the end

  // Files. Each returns true when it did what it was asked (false: cancelled or failed; errors are shown).
  bool newModel();
  bool openFile(const QString& path);  // a folder or a config.json is imported (Files::importCheckpoint)
  bool save();
  bool saveAs(const QString& path);
  QStringList recentFiles() const;
  QMenu* recentMenu() const { return mRecentMenu; }
  QString lastError() const { return mLastError; }  // the last file error shown (for tests)
  QString language() const { return mLanguage; }     // the language the widgets are in now ("en", "de")
  // Before the open model is replaced or the window closes: Save / Discard / Cancel when there is unsaved work.
  // Returns true when it is fine to go on. Tests replace the question (QMessageBox::StandardButton).
  bool maybeSave();
  void setUnsavedQuestion(std::function<int()> ask) { mAskUnsaved = std::move(ask); }
  void setErrorReporter(std::function<void(const QString&)> report) { mReportError = std::move(report); }
  // A lesson on a real model whose checkpoint is not on this machine: the answer is a folder to import it from, the
  // fallback lesson's id (its experiments on a model trained here), or empty (nothing happens). Tests answer it.
  using MissingCheckpointQuestion = std::function<QString(const Lesson& lesson, const QString& text)>;
  void setMissingCheckpointQuestion(MissingCheckpointQuestion ask) { mAskCheckpoint = std::move(ask); }
  void useErrorDialogs();  // the default reporter again: a dialog the user dismisses
  // Autosave: this window's own file (locked while the window lives, see autosave.h), writing it now, and the offer
  // to recover what instances left when they died. Every minute while there is unsaved work (the environment
  // variable GLASSBOX_AUTOSAVE_MS sets another interval, for tests), and when training pauses or finishes.
  QString autosavePath() const;
  AutosaveStore* autosaveStore() const { return mFiles->autosaveStore(); }
  // Takes a copy of the model on the GUI thread and writes it on the autosave writer's thread; false when nothing
  // was started (no model, not enough memory for the copy, or a write still runs: then it runs again after).
  bool autosaveNow();
  ModelWriter* autosaveWriter() const { return mFiles->autosaveWriter(); }
  // Save and Save As write on a thread of their own (the GUI thread takes only the shared snapshots); the window
  // waits for it turning its event loop, and after half a second shows the progress with Cancel
  // (waitWithProgress). Tests replace what writes (gb::save_model), which runs on that thread.
  void setSaveWriteFunction(ModelWriter::WriteFn write) { mFiles->setSaveWriteFunction(std::move(write)); }
  bool isSaving() const { return mFiles->isSaving(); }
  // This window's autosave deleted, after a write in flight has ended (after a save, at a clean exit).
  void removeAutosave();
  // At start: the orphaned autosaves, newest first, each offered in turn until one is opened (the others stay for
  // a later start; a declined one is deleted). Returns true when one was recovered.
  bool offerRecovery();
  // The question (tests replace it): the autosave's file, its place among the orphans (0-based) and their number.
  using RecoveryQuestion = std::function<bool(const QString& file, int index, int count)>;
  void setRecoveryQuestion(RecoveryQuestion ask) { mAskRecover = std::move(ask); }
  // File → Export View: the whole current tab (all of it, scrolled or not) as PNG at scale 1–4, SVG or PDF, by the
  // extension; white or transparent behind. The error message naming the file and the reason, empty when written.
  QString exportView(const QString& path, int scale = 1, bool transparent = false);

 public slots:
  void showAbout();
  void openDialog();
  void importDialog();  // File → Import: a Hugging Face checkpoint folder
  void saveAsDialog();
  void exportViewDialog();
  // Restores the default arrangement of the docks.
  void resetLayout();
  // Says an error to the user (a dialog; in scripted runs the error reporter, stderr).
  void showError(const QString& message);

 protected:
  void closeEvent(QCloseEvent* event) override;
  bool eventFilter(QObject* watched, QEvent* event) override;  // the presenter's keys
  bool event(QEvent* event) override;                           // the docks' tab bars, after each layout
  void resizeEvent(QResizeEvent* event) override;              // the overlays cover the window; the docks' columns
  void changeEvent(QEvent* event) override;                     // LanguageChange: retranslate()

 private:
  void createDocks();
  void createTabs();
  void showFamilyTabs();  // the tabs the family of the model (or of the design) offers; the others hidden
  void createMenus();
  void createStrips();
  void applyPresenting(bool on);
  QString mLessonBeforePresenting;  // the lesson open at F5 ("-": none): one opened while presenting shows its dock after
  void arrangeDocks();  // one column of docks or three, by the window's width (isCompact)
  void tidyDockTabs();  // the docks' tab bars named for a screen reader, an unused one hidden  // what the window shows of the presentation's state (presentation.h)
  void showBlank(bool on);
  void showKeysHelp(bool on);
  void fillKeysHelp();  // the list of keys, Next as the visible tab does it
  void restoreWindowState();
  void saveWindowState();
  void chooseLanguage(const QString& code);
  // Another language installed (language::install, View → Language): the window's widgets are made again in it,
  // around the same controllers — the model, data, training (running or not), lesson, Compare and files go on
  // untouched; the docks stay where they were, each tab shows what it showed (its viewState), presenting stays on.
  // Deferred while a dialog, a menu or a wait is open (a panel's own call may be on the stack then).
  void retranslate();
  void updateStatus();
  void updateTitle();
  void keepKeysThePresenters();  // presenting: the focus out of a text field, on the view
  static bool typesText(const QWidget* w);  // a field the keys type into (a line edit, spin box, combo box, text)
  void leftBeatView(int direction);  // the presenter stepped the tab away from the lesson beat's view: its caption goes
  static QString quotedLessonTitle(const QString& title);  // “title”, unless it has quotes of its own
  void addRecent(const QString& path);
  void rebuildRecentMenu();
  QWidget* currentView() const;  // the current tab's panel
  void reportSkippedBeats(const Lesson& lesson);  // beats a lesson file had that could not be read, said

  Workbench* mBench = nullptr;
  ModelDocument* mDoc = nullptr;
  TrainingController* mTrainer = nullptr;
  ModelPanel* mModelPanel = nullptr;
  DataPanel* mDataPanel = nullptr;
  TrainingPanel* mTrainingPanel = nullptr;
  QDockWidget* mModelDock = nullptr;
  QDockWidget* mDataDock = nullptr;
  QDockWidget* mTrainingDock = nullptr;
  QDockWidget* mLessonDock = nullptr;
  QLabel* mCaption = nullptr;
  QString mPreparing;  // the caption while a lesson is prepared (what is being done)
  QTabWidget* mTabs = nullptr;
  TrainingView* mTrainingView = nullptr;
  LessonRunner* mLessons = nullptr;
  std::vector<Presentable*> mPresentables;  // one per tab, in tab order
  QStackedWidget* mStrips = nullptr;        // one strip per tab, shown while presenting
  QWidget* mBlank = nullptr;
  QWidget* mKeysHelp = nullptr;
  QAction* mPresentAction = nullptr;
  Presentation* mPresentation = nullptr;  // the workbench's: presenting, blank, the keys list, what a key does
  QByteArray mStateBeforePresenting;
  bool mArrangePending = false;
  int mArrangedFor = -1;  // the docks arranged for a narrow window (1), a wide one (0), not yet (-1)
  Qt::WindowStates mWindowStateBeforePresenting;
  QActionGroup* mLanguageGroup = nullptr;
  QString mLanguage;                 // the language the widgets were made in (language::current())
  bool mRetranslatePending = false;  // a retranslate() is queued
  QByteArray mDefaultState;
  QMenu* mRecentMenu = nullptr;
  QLabel* mStatusLabel = nullptr;
  QTimer* mStatusPace = nullptr;  // the status line follows the history (a point per step) at most 10 times a second
  QString mLastError;
  std::function<int()> mAskUnsaved;
  RecoveryQuestion mAskRecover;
  Files* mFiles = nullptr;  // the workbench's (save, open, recent files, autosave)
  std::function<void(const QString&)> mReportError;
  MissingCheckpointQuestion mAskCheckpoint;
  QString askMissingCheckpoint(const Lesson& lesson, const QString& text);
};
