#include "modeldocument.h"

ModelDocument::ModelDocument(QObject* parent) : QObject(parent) {}

void ModelDocument::setVariant(gb::Variant v) {
  if (v == mVariant) return;
  mVariant = v;
  emit variantChanged(v);
  if (mData && !mTask.isEmpty()) {  // the same task, laid out for the other variant
    const auto desc = mData->description;
    loadTask(mTask, desc["train_size"].get<int>(), desc["val_size"].get<int>(), desc["seed"].get<quint64>());
  }
}

QString ModelDocument::loadTask(const QString& task, int trainSize, int valSize, quint64 seed) {
  gb::PrepareOptions o;
  o.variant = mVariant;
  auto d = gb::prepare_task(task.toStdString(), trainSize, valSize, seed, o);
  if (!d) return QString::fromStdString(d.error().message);
  mData = std::move(*d);
  mTask = task;
  emit dataChanged();
  return {};
}

QString ModelDocument::dataSummary() const {
  if (!mData) return tr("No data yet.");
  return tr("%1 training and %2 validation examples; %3 tokens in the vocabulary; the longest example needs ℓ_max = %4.")
      .arg(mData->train.size())
      .arg(mData->val.size())
      .arg(mData->tokenizer.size())
      .arg(mData->max_len);
}

QString ModelDocument::checkConfig(const gb::Config& c) const {
  if (c.heads > 0 && c.d_e % c.heads != 0)
    return tr("d_e = %1 is not divisible by H = %2: every head needs d_e / H dimensions.").arg(c.d_e).arg(c.heads);
  if (mData && c.max_len < mData->max_len)
    return tr("ℓ_max = %1 is shorter than the data: its longest example needs %2.").arg(c.max_len).arg(mData->max_len);
  if (mData && c.vocab_size < mData->tokenizer.size())
    return tr("|V| = %1 is smaller than the tokenizer's %2 tokens.").arg(c.vocab_size).arg(mData->tokenizer.size());
  if (auto e = c.validate()) return QString::fromStdString(e->message);
  return {};
}

QString ModelDocument::build(const gb::Config& c, quint64 seed) {
  if (!mData) return tr("Load data first: the vocabulary and ℓ_max come from it.");
  const QString err = checkConfig(c);
  if (!err.isEmpty()) return err;
  gb::ModelFile m = gb::ModelFile::of(c, gb::params_init(c, seed));
  m.tokenizer = mData->tokenizer;
  m.data = mData->description;
  mModel = std::move(m);
  mHistory.clear();
  emit modelChanged();
  emit historyChanged();
  return {};
}

void ModelDocument::setParams(const gb::Params<float>& p) {
  if (!mModel) return;
  mModel->params = p;
  emit modelChanged();
}

QString ModelDocument::modelSummary() const {
  if (!mModel) return tr("No model yet — build one in the Model dock.");
  const gb::Config& c = mModel->config;
  return tr("%1, %2 parameters").arg(c.is_ed() ? tr("Encoder-decoder") : tr("Decoder-only")).arg(gb::params_count(c));
}

void ModelDocument::appendHistory(const gb::HistoryPoint& p) {
  mHistory.push_back(p);
  emit historyChanged();
}

void ModelDocument::clearHistory() {
  mHistory.clear();
  emit historyChanged();
}
