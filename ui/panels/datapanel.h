// datapanel.h — the Data dock: a built-in teaching task with its size, or a user's file (TSV/CSV pairs or text)
// loaded off the GUI thread with progress, cancel and a report of what was skipped and why; the tokenizer; a
// preview of samples; the vocabulary with counts.
#pragma once

#include <QWidget>

class DataChoice;
class DataLoader;
class ModelDocument;
class QComboBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;
class QSpinBox;

class DataPanel : public QWidget {
  Q_OBJECT
 public:
  // A thin view of the data choice (ui/controllers/datachoice.h).
  DataPanel(ModelDocument* doc, DataChoice* choice, QWidget* parent = nullptr);
  QComboBox* taskBox() const { return mTask; }
  QComboBox* tokenizerBox() const { return mTokenizer; }
  QComboBox* sourceBox() const { return mSource; }
  QSpinBox* trainSizeBox() const { return mTrain; }
  QSpinBox* valSizeBox() const { return mVal; }
  QSpinBox* seedBox() const { return mSeed; }
  QPushButton* loadButton() const { return mLoad; }
  QListWidget* preview() const { return mPreview; }
  QListWidget* vocabulary() const { return mVocab; }
  QLabel* summary() const { return mSummary; }
  QLabel* report() const { return mReport; }
  DataLoader* loader() const;

 public slots:
  // Loads a TSV/CSV or text file off the GUI thread; the open data stays until the new data is ready.
  void loadFile(const QString& path);
  void chooseFile();

 private:
  static QString fromText(const QString& path);  // "From …." for a file the data came from
  void refresh();
  void showFamily();  // the tasks and the kind of file the family reads; an imported model: a file, its tokenizer
  void showBusy(bool busy);  // a load on the worker: its progress and Cancel
  void showChoice();  // the choice's task, sizes, seed, tokenizer and ℓ_max in the fields
  ModelDocument* mDoc;
  DataChoice* mChoice;
  QComboBox* mSource;
  QComboBox* mTask;
  QLabel* mTaskHelp;
  QSpinBox *mTrain, *mVal, *mSeed, *mFileMaxLen;
  QComboBox* mTokenizer;
  QPushButton *mLoad, *mOpenFile, *mCancel;
  QProgressBar* mFileProgress;
  QLabel* mSummary;
  QLabel* mReport;
  QListWidget* mPreview;
  QListWidget* mVocab;
  QLabel* mVocabTitle;
};
