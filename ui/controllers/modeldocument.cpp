#include "modeldocument.h"

#include "handoff.h"
#include "familynames.h"

#include <QThreadPool>

#include <utility>

#include "lesson.h"

#include "core/train/trainer.h"
#include "errortext.h"
#include "memorylimit.h"
#include "trainingcontroller.h"  // giveBackFreedMemory
#include "core/io/hf_import.h"
#include "core/train/memory.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

// The first reason the data cannot be trained or validated with this model (the core's check_data), if any.
static gb::Status dataProblem(const gb::Config& c, const gb::Tokenizer* modelTok, const gb::PreparedData& d) {
  if (auto e = gb::check_data(c, d.train, modelTok, &d.tokenizer)) return e;
  return gb::check_data(c, d.val, modelTok, &d.tokenizer);
}

namespace {
// Drops a parameter snapshot; when it was the last reference, on a pool thread: freeing a model's tensors (each its
// own mapping above the mmap threshold) took 2–8 ms of the GUI thread at the end of every training run.
// The task is handed to the pool through Qt's queue, whose locks ThreadSanitizer cannot see (Qt is not built with
// it): the handoff says so (handoff.h), or the pool thread's reset would be reported as racing the capture.
void releaseElsewhere(std::shared_ptr<const gb::Params<float>> old) {
  if (!old || old.use_count() > 1) return;  // another holder frees it (or keeps it)
  static const char token = 0;
  std::function<void()> task = [old = std::move(old)]() mutable {
    handoff::acquire(&token);
    old.reset();
  };
  handoff::release(&token);
  QThreadPool::globalInstance()->start(std::move(task));
}
}  // namespace

ModelDocument::ModelDocument(QObject* parent) : QObject(parent) {
  connect(this, &ModelDocument::dataChanged, this, [this] { ++mDataGeneration; });
  connect(this, &ModelDocument::dataChanged, this, &ModelDocument::updateFit);
  connect(this, &ModelDocument::modelChanged, this, [this] {  // new parameters of the same model fit as before
    if (mGeneration != mFitGeneration) updateFit();
  });
}

const gb::Tokenizer* ModelDocument::modelTokenizer() const {
  return mModel && mModel->tokenizer ? &*mModel->tokenizer : nullptr;
}

const gb::Tokenizer* ModelDocument::tokenizerForModel() const {
  if (!mModel) return nullptr;
  if (const gb::Tokenizer* t = modelTokenizer()) return t;
  return modelFitsData() ? &mData->tokenizer : nullptr;
}

std::optional<gb::ProbeText> ModelDocument::probeText(const QString& probe) const {
  if (!mModel || !tokenizerForModel()) return std::nullopt;
  gb::ProbeText t;
  t.source = probe.toStdString();
  // plain text (a language model, no pairs): the probe is the whole sequence, as typed
  t.plain_text = !mModel->config.has_source() &&
                 (!modelFitsData() || (mData->val_pairs.empty() && mData->train_pairs.empty()));
  t.known_target = knownTarget(probe).toStdString();
  return t;
}

std::shared_ptr<const gb::Tokenizer> ModelDocument::sharedTokenizer() const {
  const gb::Tokenizer* tok = tokenizerForModel();
  if (!tok) return nullptr;
  // one copy per model and data: a reader on a worker keeps it however the document changes meanwhile
  const QString key = QStringLiteral("%1:%2:%3").arg(mGeneration).arg(mDataGeneration).arg(quintptr(tok));
  if (!mSharedTokenizer || mSharedTokenizerKey != key) {
    mSharedTokenizer = std::make_shared<const gb::Tokenizer>(*tok);
    mSharedTokenizerKey = key;
  }
  return mSharedTokenizer;
}

std::optional<gb::Example> ModelDocument::probeExample(const QString& probe, const gb::Params<float>& p) const {
  const auto t = probeText(probe);
  if (!t) return std::nullopt;
  return gb::probe_example(mModel->config, p, *tokenizerForModel(), *t);
}

QString ModelDocument::knownTarget(const QString& source) const {
  if (!modelFitsData()) return {};
  const std::string src = source.toStdString();
  for (const auto& pr : mData->val_pairs)
    if (pr.source == src) return QString::fromStdString(pr.target);
  return {};
}

QString ModelDocument::viewProblem() const {
  if (!mModel || !mData || mFitProblem.isEmpty()) return {};
  return tr("The open model does not match the data that is loaded: %1").arg(mFitProblem);
}

void ModelDocument::updateFit() {
  mFitGeneration = mGeneration;
  QString problem;
  if (mModel && !mData && mModel->extra.count("glassbox.import")) {
    problem = tr("An imported model: every view works without data. To fine-tune it, open a data file in the Data "
                 "dock: it is read with the model's own tokenizer.");
  } else if (mModel && !mData) {
    problem = tr("No data is loaded for this model: load the data it was trained with (or data of the same "
                 "vocabulary) in the Data dock.");
  } else if (mModel && mData) {
    const gb::Config& c = mModel->config;
    if (auto e = dataProblem(c, modelTokenizer(), *mData)) problem = errorText(*e);
  }
  if (problem == mFitProblem) return;
  mFitProblem = problem;
  emit fitChanged();
}

void ModelDocument::setVariant(gb::Variant v) {
  if (v == mVariant) return;
  mVariant = v;
  emit variantChanged(v);
  // the same task, laid out for the other variant: prepared again by whoever loads data (DataChoice: at once when
  // small, else on its worker — a large task took seconds here, on the GUI thread)
  if (mData && !mTask.isEmpty()) emit taskLayoutStale();
}

QString ModelDocument::loadTask(const QString& task, int trainSize, int valSize, quint64 seed, const QString& tokenizer) {
  gb::PrepareOptions o;
  o.variant = mVariant;
  if (!tokenizer.isEmpty()) {
    auto k = gb::parse_tokenizer(tokenizer.toStdString());
    if (!k) return errorText(k.error());
    o.tokenizer_kind = *k;
    o.tokenizer_kind_given = true;
  }
  auto d = gb::prepare_task(task.toStdString(), trainSize, valSize, seed, o);
  if (!d) return errorText(d.error());
  setTaskData(std::move(*d), task, tokenizer);
  return {};
}

void ModelDocument::setTaskData(gb::PreparedData d, const QString& task, const QString& tokenizer) {
  mData = std::make_shared<const gb::PreparedData>(std::move(d));
  mTask = task;
  mTokenizerChoice = tokenizer;
  emit dataChanged();
}

void ModelDocument::setData(gb::PreparedData d) {
  mData = std::make_shared<const gb::PreparedData>(std::move(d));
  mTask.clear();
  emit dataChanged();
}

QString ModelDocument::dataSummary() const {
  if (!mData) return tr("No data yet.");
  if (mData->observations())
    return tr("%1 training and %2 validation sequences of observations with D = %3 numbers each; the longest has %4 "
              "time steps.")
        .arg(QLocale().toString(qulonglong(mData->train.size())))
        .arg(QLocale().toString(qulonglong(mData->val.size())))
        .arg(mData->obs_dim)
        .arg(mData->max_len);
  return tr("%1 training and %2 validation examples; %3 tokens in the vocabulary; the longest example needs ℓ_max = %4.")
      .arg(QLocale().toString(qulonglong(mData->train.size())))
      .arg(QLocale().toString(qulonglong(mData->val.size())))
      .arg(mData->tokenizer.size())
      .arg(mData->max_len);
}

QStringList ModelDocument::sampleInputs(int n) const {
  QStringList out;
  if (!mData && mModel && mModel->tokenizer &&
      (mModel->tokenizer->kind() == gb::TokenizerKind::ByteBpe ||
       mModel->tokenizer->kind() == gb::TokenizerKind::SentencePiece)) {
    // an imported model (GPT-2, an opus-mt model from English) comes without data: English sentences to probe it
    // with, seed 004's first (the model reads them as they are: they are not translated with the interface)
    out << QStringLiteral("I want to buy a car") << QStringLiteral("I want to buy a house")
        << QStringLiteral("The cat sat on the mat.") << QStringLiteral("The quick brown fox jumps over the lazy dog.");
    while (out.size() > n) out.removeLast();
    return out;
  }
  if (!mData || mData->observations()) return out;  // (numbers: no text to probe with)
  const auto& d = *mData;
  for (size_t i = 0; i < std::min<size_t>(d.val_pairs.size(), size_t(n)); ++i)
    out << QString::fromStdString(d.val_pairs[i].source);
  if (d.val_pairs.empty() && d.train_pairs.empty())  // plain text: pieces of the validation text
    for (size_t i = 0; i < std::min<size_t>(d.val.size(), size_t(n)); ++i) {
      std::string s;
      for (size_t k = 0; k < std::min<size_t>(d.val[i].x.size(), 24); ++k)
        if (!d.tokenizer.is_special(d.val[i].x[k])) s += d.tokenizer.decode({d.val[i].x[k]});
      out << QString::fromStdString(s);
    }
  return out;
}

QString ModelDocument::checkConfig(const gb::Config& c) const {
  if (c.heads > 0 && c.d_e % c.heads != 0)
    return tr("d_e = %1 is not divisible by H = %2: every head needs d_e / H dimensions.").arg(c.d_e).arg(c.heads);
  if (mData && c.max_len < mData->max_len)
    return tr("ℓ_max = %1 is shorter than the data: its longest example needs %2.").arg(c.max_len).arg(mData->max_len);
  if (mData && mData->observations() != gb::family(c).observations)
    return mData->observations()
               ? tr("The data holds observations (numbers): build a model of a family that reads them (%1).")
                     .arg(familyTitle(gb::Variant::HmmGmm))
               : tr("The data holds tokens, and a %1 reads observations (numbers): load its task or a numbers file.")
                     .arg(familyTitle(c.variant));
  if (mData && mData->observations() && c.obs_dim != mData->obs_dim)
    return tr("D = %1, and the data's observations have %2 numbers each.").arg(c.obs_dim).arg(mData->obs_dim);
  if (mData && !mData->observations() && c.vocab_size < mData->tokenizer.size())
    return tr("|V| = %1 is smaller than the tokenizer's %2 tokens.").arg(c.vocab_size).arg(mData->tokenizer.size());
  if (auto e = c.validate()) return errorText(*e);
  return {};
}

QString ModelDocument::buildProblem(const gb::Config& c) const {
  if (!mData) return tr("Load data first: the vocabulary and ℓ_max come from it.");
  QString err = checkConfig(c);
  if (err.isEmpty()) err = MemoryLimit::modelProblem(c);  // before anything of the model's size is allocated
  return err;
}

QString ModelDocument::build(const gb::Config& c, quint64 seed) {
  if (QString err = buildProblem(c); !err.isEmpty()) return err;
  gb::Params<float> initialised;
  try {
    initialised = *gb::params_init(c, seed, {}, &mData->train);  // (hmm-gmm: its means start on the data)
  } catch (const std::bad_alloc&) {  // the estimate fit, the machine disagreed: nothing changed
    return notEnoughMemoryToBuild(c);
  }
  return build(c, std::move(initialised));
}

QString ModelDocument::notEnoughMemoryToBuild(const gb::Config& c) {
  return tr("There was not enough memory to build this model (it needs about %1 MB). The open model is unchanged.")
      .arg(QString::fromStdString(gb::megabytes(gb::model_memory(c).parameters)));
}

QString ModelDocument::build(const gb::Config& c, gb::Params<float> initialised) {
  if (QString err = buildProblem(c); !err.isEmpty()) return err;  // (the data may have changed meanwhile)
  std::optional<gb::ModelFile> built;
  built = gb::ModelFile::of(c, std::move(initialised));
  emit aboutToReplace();
  gb::ModelFile m = std::move(*built);
  if (!mData->observations()) m.tokenizer = mData->tokenizer;  // (observations: no tokenizer)
  m.data = mData->description;
  mParams = std::make_shared<const gb::Params<float>>(std::move(m.params));
  m.params = {};
  mModel = std::move(m);
  mHistory.clear();
  ++mHistoryRevision;
  mTraining.reset();
  mLastStep.reset();
  ++mGeneration;
  mPath.clear();  // a new model: Save must not write it over the file the last one came from
  mModified = false;
  setModified(true);
  emit fileStateChanged();
  emit modelChanged();
  emit historyChanged();
  return {};
}

void ModelDocument::setParams(std::shared_ptr<const gb::Params<float>> p) {
  if (!mModel || !p) return;
  releaseElsewhere(std::exchange(mParams, std::move(p)));
  setModified(true);
  emit modelChanged();
}

QString ModelDocument::modelSummary() const {
  if (!mModel) return tr("No model yet — build one in the Model dock.");
  const gb::Config& c = mModel->config;
  return tr("%1, %2 parameters").arg(familyTitle(c.variant)).arg(QLocale().toString(qint64(gb::params_count(c))));
}

void ModelDocument::appendHistory(gb::HistoryPoint p) {
  // a bounded number of points (and of per-tensor gradient norms): earlier ones may go
  if (gb::append_history(mHistory, std::move(p))) ++mHistoryRevision;
  if (!mModified) setModified(true);
  emit historyChanged();
}

void ModelDocument::appendHistory(std::vector<gb::HistoryPoint> points) {
  if (points.empty()) return;
  for (gb::HistoryPoint& p : points)
    if (gb::append_history(mHistory, std::move(p))) ++mHistoryRevision;  // (bounded: earlier points thinned)
  if (!mModified) setModified(true);
  emit historyChanged();  // once for all of them
}

void ModelDocument::setValidation(int step, double loss, double tokenAccuracy, double sequenceAccuracy) {
  for (auto it = mHistory.rbegin(); it != mHistory.rend(); ++it)
    if (it->step == step) {
      it->val_loss = loss;
      it->val_token_accuracy = tokenAccuracy;
      it->val_sequence_accuracy = sequenceAccuracy;
      return;
    }
}

void ModelDocument::setLastStep(std::shared_ptr<const gb::LastStep> s) {
  if (mModel) mLastStep = std::move(s);
}

void ModelDocument::clearHistory() {
  mHistory.clear();
  ++mHistoryRevision;
  emit historyChanged();
}

void ModelDocument::setModified(bool m) {
  if (m == mModified) return;
  mModified = m;
  emit fileStateChanged();
}

QString ModelDocument::extra(const QString& key) const {
  if (!mModel) return {};
  const auto it = mModel->extra.find(key.toStdString());
  return it == mModel->extra.end() ? QString() : QString::fromStdString(it->second);
}

QString ModelDocument::importedName() const {
  const QString json = extra(QStringLiteral("glassbox.import"));
  if (json.isEmpty()) return {};
  const QString folder = QJsonDocument::fromJson(json.toUtf8()).object().value(QStringLiteral("folder")).toString();
  // the hub's cache: …/models--Helsinki-NLP--opus-mt-en-de/snapshots/<commit>
  const QStringList parts = QDir::cleanPath(folder).split(QLatin1Char('/'), Qt::SkipEmptyParts);
  for (int i = int(parts.size()) - 1; i >= 0; --i)
    if (parts[i].startsWith(QLatin1String("models--")))
      return parts[i].mid(8).replace(QLatin1String("--"), QLatin1String("/"));
  return parts.isEmpty() ? QStringLiteral("?") : parts.back();
}

void ModelDocument::setExtra(const QString& key, const QString& value) {
  if (!mModel) return;
  if (value.isEmpty()) mModel->extra.erase(key.toStdString());
  else mModel->extra[key.toStdString()] = value.toStdString();
}

std::optional<gb::ModelFile> ModelDocument::fileToSave(const gb::Params<float>* live,
                                                      const std::shared_ptr<const gb::TrainingState>* liveState) const {
  auto parts = partsToSave(nullptr, liveState);
  if (!parts) return std::nullopt;
  if (live) parts->params.reset();  // copied below instead of the document's
  gb::ModelFile m = parts->assemble();
  if (live) m.params = *live;
  return m;
}

std::optional<ModelDocument::SaveParts> ModelDocument::partsToSave(
    std::shared_ptr<const gb::Params<float>> live, const std::shared_ptr<const gb::TrainingState>* liveState) const {
  if (!mModel) return std::nullopt;
  SaveParts out;
  gb::ModelFile& m = out.file;
  m.config = mModel->config;  // (its params are empty: mParams holds them)
  m.extra = mModel->extra;
  m.tokenizer = mModel->tokenizer;
  m.data = mModel->data;
  // the last step's tensors: only in a lesson (live parameters come with the trainer's last step: setLastStep)
  if (m.extra.count(kLessonMetadataKey)) out.lastStep = mLastStep;
  m.history = mHistory;
  if (mData && mFitProblem.isEmpty()) {  // (data that does not fit — another family's — is not the model's)
    if (!mData->observations()) m.tokenizer = mData->tokenizer;
    m.data = mData->description;
  }
  out.params = live ? std::move(live) : mParams;
  out.state = liveState ? *liveState : mTraining;
  return out;
}

gb::ModelFile ModelDocument::SaveParts::assemble() {
  gb::ModelFile m = std::move(file);
  if (params) m.params = *params;
  if (state) m.training = *state;
  if (lastStep) m.last_step = *lastStep;
  params.reset();
  state.reset();
  lastStep.reset();
  return m;
}

QString ModelDocument::save(const QString& path, const gb::Params<float>* live, bool asCopy,
                           const std::shared_ptr<const gb::TrainingState>* liveState) {
  if (!mModel) return tr("There is no model to save: build one first.");
  const std::optional<gb::ModelFile> m = fileToSave(live, liveState);
  if (auto e = gb::save_model(path.toStdString(), *m)) return errorText(*e);
  if (!asCopy) {
    mPath = path;
    mModified = false;
    emit fileStateChanged();
  }
  return {};
}

void ModelDocument::setPath(const QString& path) {
  if (!mModel) return;
  mPath = path;
  emit fileStateChanged();
}

QString ModelDocument::open(const QString& path, bool* warningOnly) { return adopt(read(path), path, warningOnly); }

ModelDocument::ReadFile ModelDocument::read(const QString& path) {
  ReadFile out;
  out.model = gb::load_model(path.toStdString());
  if (!out.model) return out;
  if (!gb::family(out.model->config).in_window) {  // the command line's alone, until its views exist
    out.model = gb::Error(gb::ErrorCode::FamilyNotInWindow, {{"family", gb::family(out.model->config).name}})
                    .in_file(path.toStdString());
    return out;
  }
  const gb::ModelFile& m = *out.model;
  const bool observations = gb::family(m.config).observations;  // (no tokenizer: the data is numbers)
  if ((m.tokenizer || observations) && !m.data.is_null()) {
    gb::PrepareOptions o;
    o.variant = m.config.variant;
    o.tokenizer = m.tokenizer ? &*m.tokenizer : nullptr;
    o.max_len = m.config.max_len;
    o.length = gb::LengthPolicy::Filter;
    auto d = gb::prepare_from_description(m.data, o);
    if (d) out.data = std::move(*d);
    else out.dataWarning = tr("%1: the model opened, but its data could not be rebuilt: %2")
                               .arg(path, errorText(d.error()));
  } else if (!m.extra.count("glassbox.import")) {  // (an imported model comes without data)
    out.dataWarning = tr("%1: the model opened, but the file does not say which data and tokenizer it was trained with.")
                          .arg(path);
  }
  return out;
}

ModelDocument::ReadFile ModelDocument::importRead(const QString& folder, qint64 cap, const gb::Progress& progress) {
  ReadFile out;
  auto ck = gb::hf_open(QFileInfo(folder).absoluteFilePath().toStdString());
  if (!ck) out.model = ck.error();
  else if (auto e = gb::hf_check_memory(*ck, cap)) out.model = *e;  // before anything of its size is read
  else out.model = gb::hf_import(*ck, progress);
  return out;
}

QString ModelDocument::adopt(ReadFile file, const QString& path, bool* warningOnly) {
  if (warningOnly) *warningOnly = false;
  auto& m = file.model;
  if (!m) return errorText(m.error());
  std::shared_ptr<const gb::PreparedData> data =
      file.data ? std::make_shared<const gb::PreparedData>(std::move(*file.data)) : nullptr;
  QString warning = file.dataWarning;
  QString keptTask;  // the open data's task, when that data stays
  if (!data && mData) {  // offer the data that is open, when it fits the model; otherwise say none is loaded
    const gb::Tokenizer* tok = m->tokenizer ? &*m->tokenizer : nullptr;
    if (!dataProblem(m->config, tok, *mData)) {
      data = std::move(mData);
      keptTask = mTask;
      warning += QLatin1Char(' ') + tr("The data that was open fits the model and stays loaded.");
    }
  }
  if (!data && !m->extra.count("glassbox.import"))
    warning += QLatin1Char(' ') + tr("Load the data it was trained with in the Data dock to train it further.");
  // everything read: now replace the open model
  emit aboutToReplace();
  mVariant = m->config.variant;
  mHistory = m->history;
  ++mHistoryRevision;
  mTraining = m->training ? std::make_shared<const gb::TrainingState>(std::move(*m->training)) : nullptr;
  mTask = !keptTask.isEmpty() ? keptTask
          : data && m->data.value("kind", "") == "task" ? QString::fromStdString(m->data.value("task", ""))
                                                       : QString();
  mData = std::move(data);
  mParams = std::make_shared<const gb::Params<float>>(std::move(m->params));
  m->params = {};
  mLastStep = m->last_step ? std::make_shared<const gb::LastStep>(std::move(*m->last_step)) : nullptr;
  m->last_step.reset();
  mModel = std::move(*m);
  mPath = path;
  mModified = false;
  ++mGeneration;
  emit variantChanged(mVariant);
  emit dataChanged();
  emit modelChanged();
  emit historyChanged();
  emit fileStateChanged();
  if (warningOnly) *warningOnly = !warning.isEmpty();
  return warning;
}

void ModelDocument::clear() {
  emit aboutToReplace();
  mModel.reset();
  mParams.reset();
  mLastStep.reset();
  mData.reset();
  mTask.clear();
  mHistory.clear();
  ++mHistoryRevision;
  mTraining.reset();
  mPath.clear();
  mModified = false;
  ++mGeneration;
  emit dataChanged();
  emit modelChanged();
  emit historyChanged();
  emit fileStateChanged();
  giveBackFreedMemory();  // after the views have let go of their traces and caches too
}

void ModelDocument::forgetPath() {
  mPath.clear();
  mModified = true;
  emit fileStateChanged();
}
