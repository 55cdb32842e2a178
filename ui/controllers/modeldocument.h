// modeldocument.h — the open model: its configuration, parameters, tokenizer, data and training history.
//
// Widget-free. Panels edit it through these calls and repaint on its signals; the TrainingController trains a
// copy of its parameters and hands them back. Errors come back as messages for the panels to show.
#pragma once

#include "core/config.h"
#include "core/io/model_file.h"
#include "core/model/params.h"
#include "core/text/prepare.h"

#include <QObject>
#include <QString>

#include <optional>

class ModelDocument : public QObject {
  Q_OBJECT
 public:
  explicit ModelDocument(QObject* parent = nullptr);

  gb::Variant variant() const { return mVariant; }
  void setVariant(gb::Variant v);

  // Data: a built-in task for the current variant. Returns an error message, or an empty string.
  QString loadTask(const QString& task, int trainSize, int valSize, quint64 seed);
  bool hasData() const { return mData.has_value(); }
  const gb::PreparedData& data() const { return *mData; }
  QString dataSummary() const;

  // Model: the configuration a Build would use, checked; Build needs data (for |V| and ℓ_max).
  QString checkConfig(const gb::Config& c) const;  // empty when fine
  QString build(const gb::Config& c, quint64 seed);
  bool hasModel() const { return mModel.has_value(); }
  const gb::Config& config() const { return mModel->config; }
  const gb::Params<float>& params() const { return mModel->params; }
  void setParams(const gb::Params<float>& p);  // after training
  QString modelSummary() const;

  // Loss history (one point per optimizer step; validation where measured).
  const std::vector<gb::HistoryPoint>& history() const { return mHistory; }
  void appendHistory(const gb::HistoryPoint& p);
  void clearHistory();

 signals:
  void variantChanged(gb::Variant v);
  void dataChanged();
  void modelChanged();
  void historyChanged();

 private:
  gb::Variant mVariant = gb::Variant::EncoderDecoder;
  std::optional<gb::PreparedData> mData;
  QString mTask;
  std::optional<gb::ModelFile> mModel;
  std::vector<gb::HistoryPoint> mHistory;
};
