#include "datachoice.h"

#include "dataloader.h"
#include "errortext.h"
#include "modeldocument.h"
#include "tasknames.h"

#include "core/family.h"
#include "core/text/tasks.h"

#include <QFileInfo>

DataChoice::DataChoice(ModelDocument* doc, QObject* parent) : QObject(parent), mDoc(doc), mLoader(new DataLoader(this)) {
  if (auto t = gb::find_task(mTask.toStdString())) {
    mTrain = t->train_size;
    mVal = t->val_size;
  }
  connect(mLoader, &DataLoader::progress, this, &DataChoice::progress);
  connect(mLoader, &DataLoader::finished, this, &DataChoice::workerFinished);
  connect(doc, &ModelDocument::taskLayoutStale, this, &DataChoice::relayoutTask);  // another family: the task again
  // a family that reads observations (numbers) when tokens are loaded, or the other way round: the family's own
  // first task instead (the phoneme task; reverse)
  connect(doc, &ModelDocument::variantChanged, this, [this](gb::Variant v) {
    if (!mDoc->hasData()) {  // nothing loaded: the choice is at least one the family can read (Load takes it)
      if (!tasks().contains(mTask)) setTask(firstTask());
      return;
    }
    if (mDoc->data().observations() == gb::family(v).observations) return;
    chooseTask(firstTask());
  });
  // data that came another way while a load runs (a model opened with its own, New): the load is for the data
  // before, and would replace the newer (loads end here with the loader idle: their data never passes this)
  connect(doc, &ModelDocument::dataChanged, this, [this] {
    if (!busy()) return;
    mLoader->drop();
    mLoadingWhat.clear();
    emit busyChanged(false);
  });
  // data that came another way (a model file opened with its task): the choice says what is loaded
  connect(doc, &ModelDocument::dataChanged, this, [this] {
    if (!mDoc->hasData() || mDoc->taskName().isEmpty()) return;
    const auto& desc = mDoc->data().description;
    const QString task = mDoc->taskName();
    const int train = desc.value("train_size", mTrain), val = desc.value("val_size", mVal);
    const quint64 seed = desc.value("seed", quint64(mSeed));
    if (task == mTask && train == mTrain && val == mVal && seed == mSeed) return;
    mTask = task;
    mTrain = train;
    mVal = val;
    mSeed = seed;
    emit changed();
  });
}

bool DataChoice::busy() const { return mLoader->isRunning(); }

QStringList DataChoice::tasks() const {
  QStringList out;
  if (gb::family(mDoc->variant()).observations) return {QString::fromLatin1(gb::kPhonemeTask)};
  for (const gb::TaskInfo& t : gb::task_list()) out << QString::fromStdString(t.name);
  return out;
}

QString DataChoice::firstTask() const {
  return gb::family(mDoc->variant()).observations ? QString::fromLatin1(gb::kPhonemeTask) : QStringLiteral("reverse");
}

bool DataChoice::setTask(const QString& name) {
  if (name == QLatin1String(gb::kPhonemeTask)) {
    mTask = name;
    mTrain = gb::kPhonemeTrainSize;
    mVal = gb::kPhonemeValSize;
    emit changed();
    return true;
  }
  auto t = gb::find_task(name.toStdString());
  if (!t) return false;
  mTask = name;
  mTrain = t->train_size;
  mVal = t->val_size;
  emit changed();
  return true;
}

void DataChoice::chooseTask(const QString& name) {
  if (setTask(name)) loadTask();  // choosing a task loads it: Build needs nothing else
}

void DataChoice::setSizes(int train, int val) {
  if (train == mTrain && val == mVal) return;
  mTrain = train;
  mVal = val;
  emit changed();
}

void DataChoice::setSeed(quint64 seed) {
  if (seed == mSeed) return;
  mSeed = seed;
  emit changed();
}

void DataChoice::setTokenizer(const QString& kind) {
  if (kind == mTokenizer) return;
  mTokenizer = kind;
  emit changed();
  if (mDoc->hasData() && !mDoc->taskName().isEmpty()) loadTask();  // the loaded task, with the new tokenizer
}

void DataChoice::setFileMaxLen(int maxLen) {
  if (maxLen == mFileMaxLen) return;
  mFileMaxLen = maxLen;
  emit changed();
}

void DataChoice::loadTask() { prepareTask(mTask, mTrain, mVal, mSeed, mTokenizer); }

void DataChoice::relayoutTask() {
  // the loaded task (its own sizes, seed and tokenizer, whatever the fields say now) for the document's new family
  if (!mDoc->hasData() || mDoc->taskName().isEmpty()) return;
  // (observations are laid out alike for every family that reads them; the other kind of data is replaced by the
  // family's own task when the family changes)
  if (mDoc->data().observations() || gb::family(mDoc->variant()).observations) return;
  const auto& desc = mDoc->data().description;
  prepareTask(mDoc->taskName(), desc.value("train_size", mTrain), desc.value("val_size", mVal),
              desc.value("seed", quint64(mSeed)), mDoc->tokenizerChoice());
}

void DataChoice::prepareTask(const QString& task, int train, int val, quint64 seed, const QString& tokenizer) {
  // the newest request is the one that counts: a load still running is dropped (it ends on its own)
  if (busy()) {
    mLoader->drop();
    mLoadingWhat.clear();
    emit busyChanged(false);
  }
  // a small task with a fixed tokenizer is ready in milliseconds (a tenth of a second at most): at once, so the
  // window opens with it; a large one, or one whose BPE merges have to be learnt first, on the worker with Cancel
  if (tokenizer != QLatin1String("bpe") && train + val <= kTaskAtOnce) {
    const QString err = mDoc->loadTask(task, train, val, seed, tokenizer);
    emit finished(err.isEmpty() ? QString()
                                : tr("Could not prepare the task “%1” — the data you had is still there.\n%2")
                                      .arg(taskDisplayName(task.toStdString()), err));
    return;
  }
  gb::PrepareOptions o = prepareOptions();
  o.tokenizer_kind_given = false;
  if (!tokenizer.isEmpty()) {
    auto k = gb::parse_tokenizer(tokenizer.toStdString());
    if (!k) {
      emit finished(tr("Could not prepare the task “%1” — the data you had is still there.\n%2")
                        .arg(taskDisplayName(task.toStdString()), errorText(k.error())));
      return;
    }
    o.tokenizer_kind = *k;
    o.tokenizer_kind_given = true;
  }
  mLoadingPath.clear();
  mLoadingTask = task;
  mLoadingTokenizer = tokenizer;
  launch(tr("Preparing the task “%1”…").arg(taskDisplayName(task.toStdString())));
  mLoader->startTask(task, train, val, seed, o);
}

void DataChoice::loadFile(const QString& path) {
  gb::PrepareOptions o = prepareOptions();
  o.max_len = mFileMaxLen;
  o.length = gb::LengthPolicy::Filter;
  o.malformed = gb::MalformedPolicy::Skip;
  mLoadingPath = path;
  mLoadingTask.clear();
  // an imported model's tokenizer (GPT-2's byte-level BPE, Marian's SentencePiece) is the only one whose ids it
  // reads: a file loaded while it is open is encoded with it, so the model can be fine-tuned on it
  std::shared_ptr<const gb::Tokenizer> own;
  if (mDoc->hasModel())
    if (auto t = mDoc->sharedTokenizer();
        t && (t->kind() == gb::TokenizerKind::ByteBpe || t->kind() == gb::TokenizerKind::SentencePiece))
      own = std::move(t);
  launch(tr("Reading %1…").arg(QFileInfo(path).fileName()));
  mLoader->start(path, o, std::move(own));  // (a load still running is dropped: this file is what was asked for)
}

gb::PrepareOptions DataChoice::prepareOptions() const {
  gb::PrepareOptions o;
  o.variant = mDoc->variant();  // laid out for the family
  if (!mTokenizer.isEmpty()) {
    o.tokenizer_kind = *gb::parse_tokenizer(mTokenizer.toStdString());
    o.tokenizer_kind_given = true;
  }
  return o;
}

void DataChoice::launch(const QString& what) {
  mLoadingWhat = what;
  emit busyChanged(true);
}

void DataChoice::cancel() { mLoader->cancel(); }

void DataChoice::workerFinished(const QString& error) {
  const QString what = mLoadingTask.isEmpty() ? mLoadingPath
                                              : tr("the task “%1”").arg(taskDisplayName(mLoadingTask.toStdString()));
  QString message;
  if (!error.isEmpty()) {  // the data that was open stays open
    message = error == QLatin1String("cancelled")
                  ? tr("Loading %1 was cancelled; the data you had is still there.").arg(what)
              : mLoadingTask.isEmpty()
                  ? tr("Could not load the file — the data you had is still there.\n%1").arg(error)
                  : tr("Could not prepare the task “%1” — the data you had is still there.\n%2")
                        .arg(taskDisplayName(mLoadingTask.toStdString()), error);
  } else if (auto d = mLoader->takeData()) {
    if (mLoadingTask.isEmpty()) mDoc->setData(std::move(*d));
    else mDoc->setTaskData(std::move(*d), mLoadingTask, mLoadingTokenizer);
  }
  mLoadingWhat.clear();
  emit busyChanged(false);
  emit finished(message);
}
