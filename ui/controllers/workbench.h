// workbench.h — the workbench without its widgets: the open document (model, data, history), the model being
// designed, the data choice, training (its setup and the worker) and the files (save, open, autosave). Lessons, --demo, --screenshot and tests drive these controllers; MainWindow builds its
// panels on them and only wires. Widget-free: it runs without a window.
#pragma once

#include <QObject>

class CompareController;
class DataChoice;
class Files;
class Presentation;
class ModelDesign;
class TrainingSetup;
class ModelDocument;
class TrainingController;

class Workbench : public QObject {
  Q_OBJECT
 public:
  explicit Workbench(QObject* parent = nullptr);
  ModelDocument* document() const { return mDoc; }
  ModelDesign* design() const { return mDesign; }
  TrainingController* trainer() const { return mTrainer; }
  DataChoice* data() const { return mData; }
  TrainingSetup* training() const { return mTraining; }
  Files* files() const { return mFiles; }
  Presentation* presentation() const { return mPresentation; }
  CompareController* compare() const { return mCompare; }  // families side by side (the Compare tab, lessons)

 private:
  ModelDocument* mDoc;
  ModelDesign* mDesign;
  TrainingController* mTrainer;
  DataChoice* mData;
  TrainingSetup* mTraining;
  Files* mFiles;
  Presentation* mPresentation;
  CompareController* mCompare;
};
