// mainwindow.h — the workbench window. It only builds and wires: docks (Model, Data, Training), central tabs
// (Attention, Decoding, Algorithm), menus, and the window state that persists across runs.
#pragma once

#include <QMainWindow>

class DataPanel;
class ModelDocument;
class ModelPanel;
class QActionGroup;
class TrainingController;
class TrainingPanel;
class QDockWidget;
class QTabWidget;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  explicit MainWindow(QWidget* parent = nullptr);

  QDockWidget* modelDock() const { return mModelDock; }
  QDockWidget* dataDock() const { return mDataDock; }
  QDockWidget* trainingDock() const { return mTrainingDock; }
  QTabWidget* tabs() const { return mTabs; }
  ModelDocument* document() const { return mDoc; }
  TrainingController* trainer() const { return mTrainer; }
  ModelPanel* modelPanel() const { return mModelPanel; }
  DataPanel* dataPanel() const { return mDataPanel; }
  TrainingPanel* trainingPanel() const { return mTrainingPanel; }

 public slots:
  void showAbout();
  // Restores the default arrangement of the docks.
  void resetLayout();

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createDocks();
  void createTabs();
  void createMenus();
  void restoreWindowState();
  void saveWindowState();
  void chooseLanguage(const QString& code);
  void updateStatus();

  ModelDocument* mDoc = nullptr;
  TrainingController* mTrainer = nullptr;
  ModelPanel* mModelPanel = nullptr;
  DataPanel* mDataPanel = nullptr;
  TrainingPanel* mTrainingPanel = nullptr;
  QDockWidget* mModelDock = nullptr;
  QDockWidget* mDataDock = nullptr;
  QDockWidget* mTrainingDock = nullptr;
  QTabWidget* mTabs = nullptr;
  QActionGroup* mLanguageGroup = nullptr;
  QByteArray mDefaultState;
};
