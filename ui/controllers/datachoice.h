// datachoice.h — the data the workbench trains on, widget-free: a built-in task with its sizes, seed and tokenizer,
// or a user's file (TSV/CSV pairs or text) with its ℓ_max; loading it (a small task at once, a large task, a BPE
// tokenizer to learn or a file on a worker with progress and Cancel) into the document. The Data dock shows it and
// forwards edits; lessons, --demo and tests call it. A load that fails or is cancelled leaves the document's data
// as it was.
#pragma once

#include "core/text/prepare.h"

#include <QObject>
#include <QString>
#include <QStringList>

class DataLoader;
class ModelDocument;

class DataChoice : public QObject {
  Q_OBJECT
 public:
  explicit DataChoice(ModelDocument* doc, QObject* parent = nullptr);

  QString task() const { return mTask; }  // the core's task name ("reverse")
  int trainSize() const { return mTrain; }
  int valSize() const { return mVal; }
  quint64 seed() const { return mSeed; }
  QString tokenizer() const { return mTokenizer; }  // "" (the data's natural one), "char", "word" or "bpe"
  int fileMaxLen() const { return mFileMaxLen; }
  bool busy() const;
  // What is being loaded ("" when nothing): for the progress bar and the report.
  QString loading() const { return mLoadingWhat; }
  DataLoader* loader() const { return mLoader; }

  // The built-in tasks the document's family can read: the text tasks, or for a family that reads observations the
  // phoneme task; and the one it starts with (reverse, the classic first lesson; the phoneme task).
  QStringList tasks() const;
  QString firstTask() const;
  // A task with its default sizes, loaded at once (small) or on the worker (large).
  void chooseTask(const QString& name);
  // The same without loading it (its sizes may be set before loadTask()). False for a name that is no task.
  bool setTask(const QString& name);
  void setSizes(int train, int val);
  void setSeed(quint64 seed);
  // The tokenizer; a task that is loaded is prepared again with it.
  void setTokenizer(const QString& kind);
  void setFileMaxLen(int maxLen);
  // The chosen task with the sizes, seed and tokenizer set here.
  void loadTask();
  // A TSV/CSV or text file, read on the worker; the open data stays until the new data is ready. Each load drops
  // one still running (the newest choice counts).
  void loadFile(const QString& path);
  void cancel();

 signals:
  void changed();                       // the choice: task, sizes, seed, tokenizer, ℓ_max
  void busyChanged(bool busy);          // a load on the worker began or ended (loading() says what)
  void progress(qint64 done, qint64 total);
  // A load ended: empty when the data was loaded, else what went wrong (translated; the old data is still there).
  void finished(const QString& message);

 private:
  void workerFinished(const QString& error);
  void prepareTask(const QString& task, int train, int val, quint64 seed, const QString& tokenizer);
  void relayoutTask();  // the document's loaded task, for its new family
  void launch(const QString& what);
  gb::PrepareOptions prepareOptions() const;  // the family's layout and the tokenizer chosen
  ModelDocument* mDoc;
  DataLoader* mLoader;
  QString mTask = QStringLiteral("reverse");
  int mTrain = 0, mVal = 0;
  quint64 mSeed = 0;
  QString mTokenizer;
  int mFileMaxLen = 64;
  QString mLoadingPath, mLoadingTask, mLoadingTokenizer, mLoadingWhat;
  static constexpr int kTaskAtOnce = 10000;  // examples a task may be prepared at once (not BPE): ≤ 0.1 s here
};
