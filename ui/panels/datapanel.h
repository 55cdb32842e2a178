// datapanel.h — the Data dock: a built-in teaching task with its size, a preview of samples, the vocabulary.
#pragma once

#include <QWidget>

class ModelDocument;
class QComboBox;
class QLabel;
class QListWidget;
class QPushButton;
class QSpinBox;

class DataPanel : public QWidget {
  Q_OBJECT
 public:
  explicit DataPanel(ModelDocument* doc, QWidget* parent = nullptr);
  QComboBox* taskBox() const { return mTask; }
  QPushButton* loadButton() const { return mLoad; }
  QListWidget* preview() const { return mPreview; }

 private:
  void refresh();
  ModelDocument* mDoc;
  QComboBox* mTask;
  QLabel* mTaskHelp;
  QSpinBox *mTrain, *mVal, *mSeed;
  QPushButton* mLoad;
  QLabel* mSummary;
  QListWidget* mPreview;
  QListWidget* mVocab;
};
