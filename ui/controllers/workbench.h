// workbench.h — the workbench without its widgets: the open document (model, data, history), the model being
// designed, the data choice, and training (its setup and the worker). Lessons, --demo, --screenshot and tests drive these controllers; MainWindow builds its
// panels on them and only wires. Widget-free: it runs without a window.
#pragma once

#include <QObject>

class DataChoice;
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

 private:
  ModelDocument* mDoc;
  ModelDesign* mDesign;
  TrainingController* mTrainer;
  DataChoice* mData;
  TrainingSetup* mTraining;
};
