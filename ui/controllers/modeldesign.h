// modeldesign.h — the model being designed in the Model dock, widget-free: its family, its sizes, its preset and
// options, and why Build would refuse it. The Model dock shows it and forwards edits; lessons, --demo and tests
// set it directly. Sizes, presets and which options apply come from the core's family registry (core/family.h):
// nothing here knows a family by name.
#pragma once

#include "core/config.h"
#include "core/family.h"

#include <QObject>
#include <QString>

class ModelDocument;

class ModelDesign : public QObject {
  Q_OBJECT
 public:
  explicit ModelDesign(ModelDocument* doc, QObject* parent = nullptr);

  gb::Variant variant() const { return mConfig.variant; }
  const gb::FamilyInfo& family() const { return gb::family(mConfig.variant); }
  // What Build makes: the sizes and options here, |V| from the document's data (1 without data), the special
  // tokens of the workbench's tokenizers.
  gb::Config config() const;
  int size(gb::SizeField f) const { return gb::config_size(mConfig, f); }
  // The preset whose sizes (and options) the design has, or empty when they were edited.
  std::string presetId() const;

  // Another family: its first preset's sizes (ℓ_max kept), the seed's options; the document lays its data out for it.
  void setVariant(gb::Variant v);
  void applyPreset(const std::string& id);  // an unknown id: nothing
  void setSize(gb::SizeField f, int value);
  void setNorm(gb::NormPlacement n);
  void setCell(gb::Activation f);  // a recurrent family's Elman cell with f: tanh or ReLU
  void setRecurrentCell(gb::RnnCell cell);  // Elman's (its f kept) or an LSTM (whose functions are fixed)
  void setAttention(gb::RnnAttention a);  // the RNN encoder-decoder's decoder: none, or additive over the encoder's states
  void setDropout(float p);
  void setTied(bool tied);
  // An opened or built model's config, as the dock should show it.
  void show(const gb::Config& c);

  // Why Build would refuse the design (translated), or empty: no data, the core's check, the memory cap.
  QString problem() const;

 signals:
  void changed();

 private:
  void set(const gb::Config& c);
  ModelDocument* mDoc;
  gb::Config mConfig;  // |V| and the special tokens are filled in by config()
};
