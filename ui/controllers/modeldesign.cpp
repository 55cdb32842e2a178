#include "modeldesign.h"

#include "memorylimit.h"
#include "modeldocument.h"

#include "core/text/tokenizer.h"

ModelDesign::ModelDesign(ModelDocument* doc, QObject* parent) : QObject(parent), mDoc(doc) {
  // the workbench starts with a small encoder-decoder for sequences of up to 16 tokens
  mConfig = gb::family_config(doc->variant(), 1, 16, "small");
  // new data: ℓ_max as its longest example needs
  connect(doc, &ModelDocument::dataChanged, this, [this] {
    if (!mDoc->hasData()) {
      emit changed();
      return;
    }
    if (mDoc->data().observations()) setSize(gb::SizeField::ObsDim, mDoc->data().obs_dim);  // D is the data's
    setSize(gb::SizeField::MaxLen, mDoc->data().max_len);
  });
}

gb::Config ModelDesign::config() const {
  gb::Config c = mConfig;
  if (family().observations) {  // no vocabulary, no special tokens; D as the data's observations (set on dataChanged)
    c.vocab_size = 0;
    return c;
  }
  // |V|: the data's tokenizer; without data the open model's (an imported one), so that its count is shown
  c.vocab_size = mDoc->hasData()                                     ? mDoc->data().tokenizer.size()
                 : mDoc->hasModel() && mDoc->variant() == c.variant ? mDoc->config().vocab_size
                                                                     : 1;
  c.bos_id = gb::Tokenizer::kBos;
  c.eos_id = gb::Tokenizer::kEos;
  c.pad_id = gb::Tokenizer::kPad;
  return c;
}

std::string ModelDesign::presetId() const {
  const gb::Preset* p = gb::matching_preset(mConfig);
  return p ? p->id : std::string();
}

void ModelDesign::set(const gb::Config& c) {
  mConfig = c;
  emit changed();
}

void ModelDesign::setVariant(gb::Variant v) {
  if (v == mConfig.variant) return;
  mDoc->setVariant(v);  // the data laid out for the family (a task: prepared again, and ℓ_max with it)
  gb::Config c = gb::family_config(v, 1, mConfig.max_len);  // its first preset, the seed's options
  if (gb::family(v).observations && mDoc->hasData() && mDoc->data().observations()) c.obs_dim = mDoc->data().obs_dim;
  set(c);
}

void ModelDesign::applyPreset(const std::string& id) {
  for (const gb::Preset& p : family().presets)
    if (p.id == id) {
      set(gb::apply_preset(mConfig, p));
      return;
    }
}

void ModelDesign::setSize(gb::SizeField f, int value) {
  if (!family().has(f) || size(f) == value) return;
  gb::Config c = mConfig;
  gb::set_config_size(c, f, value);
  set(c);
}

void ModelDesign::setNorm(gb::NormPlacement n) {
  if (!family().transformer || mConfig.norm == n) return;
  gb::Config c = mConfig;
  c.norm = n;
  set(c);
}

void ModelDesign::setCell(gb::Activation f) {
  if (!gb::family(mConfig).recurrent_cell || f == gb::Activation::GELU ||
      (mConfig.activation == f && mConfig.cell == gb::RnnCell::Elman))
    return;
  gb::Config c = mConfig;
  c.activation = f;
  c.cell = gb::RnnCell::Elman;
  set(c);
}

void ModelDesign::setRecurrentCell(gb::RnnCell cell) {
  if (!gb::family(mConfig).recurrent_cell || mConfig.cell == cell) return;
  gb::Config c = mConfig;
  c.cell = cell;
  if (cell == gb::RnnCell::Lstm) c.activation = gb::Activation::Tanh;  // (its gates' σ and its state's tanh are fixed)
  set(c);
}

void ModelDesign::setAttention(gb::RnnAttention a) {
  const gb::FamilyInfo& f = family();
  if (!(f.recurrent_cell && f.reads_source) || mConfig.attention == a) return;
  gb::Config c = mConfig;
  c.attention = a;
  set(c);
}

void ModelDesign::setDropout(float p) {
  if (!family().transformer || mConfig.dropout == p) return;
  gb::Config c = mConfig;
  c.dropout = p;
  set(c);
}

void ModelDesign::setTied(bool tied) {
  if (!family().transformer || mConfig.tied_unembed == tied) return;
  gb::Config c = mConfig;
  c.tied_unembed = tied;
  set(c);
}

void ModelDesign::show(const gb::Config& c) {
  gb::Config shown = c;
  if (c.variant != mConfig.variant) mDoc->setVariant(c.variant);
  set(shown);
}

QString ModelDesign::problem() const {
  const gb::Config c = config();
  if (!mDoc->hasData())  // sizes that can never work are said at once; the rest waits for the data's |V| and ℓ_max
    return c.heads > 0 && c.d_e % c.heads != 0 ? mDoc->checkConfig(c) : tr("Load data in the Data dock first.");
  return mDoc->buildProblem(c);
}
