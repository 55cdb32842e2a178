#include "modelpanel.h"
#include "buildmodel.h"

#include "appearance.h"

#include "controllers/modeldesign.h"
#include "controllers/modeldocument.h"
#include "familynames.h"
#include "core/model/params.h"
#include "core/train/memory.h"
#include "memorylimit.h"
#include "widgets/waitwithprogress.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

static QSpinBox* spin(int lo, int hi, int value, QWidget* parent) {
  auto* s = new QSpinBox(parent);
  s->setRange(lo, hi);
  s->setValue(value);
  return s;
}

ModelPanel::ModelPanel(ModelDocument* doc, ModelDesign* design, QWidget* parent)
    : QWidget(parent), mDoc(doc), mDesign(design) {
  auto* form = new QFormLayout;
  mForm = form;
  mVariant = new QComboBox(this);
  mVariant->setObjectName(QStringLiteral("variantBox"));
  for (const gb::FamilyInfo& f : gb::families())
    if (f.in_window) mVariant->addItem(familyTitle(f.variant), int(f.variant));
  mVariantHelp = new QLabel(this);
  mVariantHelp->setWordWrap(true);
  mPreset = new QComboBox(this);
  mPreset->setObjectName(QStringLiteral("presetBox"));
  mMaxLen = spin(1, 4096, 16, this);
  mEncLayers = spin(1, 24, 2, this);
  mDecLayers = spin(1, 24, 2, this);
  mHeads = spin(1, 64, 4, this);
  mDModel = spin(1, 1024, 64, this);
  mDMlp = spin(1, 8192, 128, this);
  mDHidden = spin(1, 4096, 64, this);
  mStates = spin(1, 1024, 8, this);
  mMixtures = spin(1, 64, 2, this);
  mObsDim = spin(1, 1024, 2, this);
  mObsDim->setToolTip(tr("The numbers of one observation: the data's, when observations are loaded"));
  mDropout = new QDoubleSpinBox(this);
  mDropout->setRange(0.0, 0.9);
  mDropout->setSingleStep(0.05);
  mNorm = new QComboBox(this);
  mNorm->addItem(tr("Post-LN (seed 000)"), int(gb::NormPlacement::Post));
  mNorm->addItem(tr("Pre-LN (seed 002)"), int(gb::NormPlacement::Pre));
  mTied = new QCheckBox(tr("W_u = W_eᵀ"), this);
  mCell = new QComboBox(this);
  mCell->setObjectName(QStringLiteral("cellBox"));
  mCell->addItem(QStringLiteral("tanh"), int(gb::Activation::Tanh));
  mCell->addItem(tr("ReLU: max(0, ·)"), int(gb::Activation::ReLU));
  mCell->addItem(tr("LSTM: gates i, f, g, o"), -1);
  mCell->setAccessibleName(tr("The recurrent cell: its activation f, or an LSTM"));
  mAttention = new QCheckBox(tr("additive"), this);  // (the dock is narrow: the tooltip and the name say more)
  mAttention->setObjectName(QStringLiteral("attentionBox"));
  mAttention->setAccessibleName(tr("Additive attention over the encoder's states"));
  mAttention->setToolTip(tr("Bahdanau et al. 2015: at each step the decoder reads a weighted sum of all the "
                            "encoder's states, not only c."));
  // The family and its word-wrapped description stand above the form: a label that wraps has a height for its
  // width, and Qt 6.4's QFormLayout::heightForWidth writes past its buffer when such a form hides rows (each family
  // hides the sizes and options it lacks) — heap corruption found by valgrind in tst_workbench.
  auto* variantForm = new QFormLayout;
  variantForm->addRow(tr("Variant"), mVariant);
  form->addRow(tr("Preset"), mPreset);
  // one field per size a family may have; each family shows its own (core/family.h)
  for (auto [field, box] : sizeBoxes()) {
    auto* label = new QLabel(this);
    label->setBuddy(box);  // what a screen reader says: the symbol of the visible label in words
    box->setAccessibleName(sizeAccessibleName(field));
    Q_ASSERT(int(field) < int(std::size(mSizeLabels)));
    mSizeLabels[int(field)] = label;
    form->addRow(label, box);
  }
  mEncLabel = mSizeLabels[int(gb::SizeField::EncLayers)];
  form->addRow(tr("Dropout"), mDropout);
  form->addRow(tr("Norm"), mNorm);
  form->addRow(tr("Tied"), mTied);
  form->addRow(tr("Cell f"), mCell);
  form->addRow(tr("Attention"), mAttention);
  mNorm->setAccessibleName(tr("Norm placement"));
  mTied->setAccessibleName(tr("Tied unembedding: W_u = W_eᵀ"));
  mCount = new QLabel(this);
  mCount->setObjectName(QStringLiteral("paramCount"));
  mCount->setWordWrap(true);  // a long estimate wraps instead of widening the dock
  mProblem = new QLabel(this);
  mProblem->setObjectName(QStringLiteral("modelProblem"));
  mProblem->setWordWrap(true);
  Appearance::get().colourText(mProblem, Appearance::get().error());
  mBuild = new QPushButton(tr("Build"), this);
  mBuild->setObjectName(QStringLiteral("buildButton"));
  // The fields scroll on a small screen; what they lead to — the problem, Build, whether the model fits — stays in
  // sight below them.
  auto* fields = new QWidget(this);
  auto* fv = new QVBoxLayout(fields);
  fv->setContentsMargins(0, 0, 0, 0);
  fv->addLayout(variantForm);
  fv->addWidget(mVariantHelp);
  fv->addLayout(form);
  fv->addStretch(1);
  auto* scroll = new QScrollArea(this);
  scroll->setObjectName(QStringLiteral("modelFields"));
  scroll->setWidget(fields);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  // its full height must not push Build out of the dock: the fields take what is left, at least a few rows
  scroll->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
  scroll->setMinimumHeight(90);
  scroll->setFocusPolicy(Qt::NoFocus);  // no empty stop for the Tab key: it scrolls to each field it reaches
  auto* v = new QVBoxLayout(this);
  v->addWidget(scroll, 1);
  v->addWidget(mCount);
  v->addWidget(mProblem);
  v->addWidget(mBuild);
  mFit = new QLabel(this);  // the open model against the open data (the core's check), under Build
  mFit->setObjectName(QStringLiteral("modelFit"));
  mFit->setWordWrap(true);
  Appearance::get().colourText(mFit, Appearance::get().error());
  connect(&Appearance::get(), &Appearance::changed, this, [this] {  // the theme's red
    Appearance::get().colourText(mProblem, Appearance::get().error());
    refresh();  // (mFit: red, or the text's colour for an imported model without data)
  });
  mFit->hide();
  v->addWidget(mFit);

  // edits go to the design; the design's changes come back to the fields
  connect(mVariant, &QComboBox::currentIndexChanged, this,
          [this] { mDesign->setVariant(gb::Variant(mVariant->currentData().toInt())); });
  connect(mPreset, &QComboBox::currentIndexChanged, this, [this](int i) {
    const QString id = mPreset->itemData(i).toString();
    if (!id.isEmpty()) mDesign->applyPreset(id.toStdString());
  });
  for (auto [field, box] : sizeBoxes())
    connect(box, &QSpinBox::valueChanged, this, [this, f = field](int value) { mDesign->setSize(f, value); });
  connect(mDropout, &QDoubleSpinBox::valueChanged, this, [this](double p) { mDesign->setDropout(float(p)); });
  connect(mNorm, &QComboBox::currentIndexChanged, this,
          [this] { mDesign->setNorm(gb::NormPlacement(mNorm->currentData().toInt())); });
  connect(mTied, &QCheckBox::toggled, mDesign, &ModelDesign::setTied);
  connect(mCell, &QComboBox::currentIndexChanged, this,
          [this] {
            const int d = mCell->currentData().toInt();
            if (d < 0) mDesign->setRecurrentCell(gb::RnnCell::Lstm);
            else mDesign->setCell(gb::Activation(d));
          });
  connect(mAttention, &QCheckBox::toggled, this, [this](bool on) {
    mDesign->setAttention(on ? gb::RnnAttention::Additive : gb::RnnAttention::None);
  });
  connect(mDesign, &ModelDesign::changed, this, &ModelPanel::showDesign);
  connect(mDoc, &ModelDocument::dataChanged, this, &ModelPanel::refresh);
  connect(mDoc, &ModelDocument::modelChanged, this, [this] {
    if (mDoc->generation() == mGeneration) return;
    mGeneration = mDoc->generation();
    if (mDoc->hasModel()) mDesign->show(mDoc->config());
  });
  connect(mDoc, &ModelDocument::fitChanged, this, &ModelPanel::refresh);
  connect(mBuild, &QPushButton::clicked, this, [this] {
    // drawing the parameters of a large model takes seconds: on a worker, the window turning meanwhile
    mProblem->setText(buildModelOnWorker(window(), mDoc, mDesign->config(), 0));
  });
  mGeneration = mDoc->generation();  // (the design shows the open model already, if there is one)
  showDesign();
}

std::vector<std::pair<gb::SizeField, QSpinBox*>> ModelPanel::sizeBoxes() const {
  using F = gb::SizeField;
  return {{F::MaxLen, mMaxLen}, {F::EncLayers, mEncLayers}, {F::DecLayers, mDecLayers},
          {F::Heads, mHeads},   {F::DModel, mDModel},       {F::DMlp, mDMlp},
          {F::DHidden, mDHidden}, {F::States, mStates}, {F::Mixtures, mMixtures}, {F::ObsDim, mObsDim}};
}

gb::Config ModelPanel::config() const { return mDesign->config(); }

void ModelPanel::applyPreset(int index) { mPreset->setCurrentIndex(index); }

void ModelPanel::showDesign() {
  const gb::FamilyInfo& fam = mDesign->family();
  const gb::Config c = mDesign->config();
  {
    QSignalBlocker b(mVariant);
    mVariant->setCurrentIndex(mVariant->findData(int(fam.variant)));
  }
  mVariantHelp->setText(familySummary(fam.variant));
  {  // the family's presets, and "Custom" while the sizes are not a preset's
    QSignalBlocker b(mPreset);
    mPreset->clear();
    for (const gb::Preset& p : fam.presets) {
      mPreset->addItem(presetName(p.id), QString::fromStdString(p.id));
      mPreset->setItemData(mPreset->count() - 1, presetToolTip(p.id), Qt::ToolTipRole);
    }
    const std::string id = mDesign->presetId();
    if (id.empty()) {
      mPreset->addItem(tr("Custom"), QString());
      mPreset->setCurrentIndex(mPreset->count() - 1);
    } else {
      mPreset->setCurrentIndex(mPreset->findData(QString::fromStdString(id)));
    }
  }
  for (auto [field, box] : sizeBoxes()) {
    const bool has = fam.has(field);
    mSizeLabels[int(field)]->setText(sizeLabel(field, fam.variant));
    mForm->setRowVisible(box, has);
    if (!has) continue;
    QSignalBlocker b(box);
    for (const gb::SizeSpec& s : fam.sizes)
      if (s.field == field) box->setRange(s.min, s.max);
    box->setValue(mDesign->size(field));
  }
  // D is the data's when observations are loaded (the design takes it from them)
  mObsDim->setEnabled(!(mDoc->hasData() && mDoc->data().observations()));
  for (QWidget* w : std::initializer_list<QWidget*>{mDropout, mNorm, mTied}) mForm->setRowVisible(w, fam.transformer);
  mForm->setRowVisible(mCell, fam.recurrent_cell);
  mForm->setRowVisible(mAttention, fam.recurrent_cell && fam.reads_source);
  {
    QSignalBlocker b1(mDropout), b2(mNorm), b3(mTied), b4(mCell), b5(mAttention);
    mCell->setCurrentIndex(std::max(0, mCell->findData(c.cell == gb::RnnCell::Lstm ? -1 : int(c.activation))));
    mAttention->setChecked(c.attention == gb::RnnAttention::Additive);
    mDropout->setValue(c.dropout);
    mNorm->setCurrentIndex(mNorm->findData(int(c.norm)));
    mTied->setChecked(c.tied_unembed);
  }
  refresh();
}

void ModelPanel::refresh() {
  mObsDim->setEnabled(!(mDoc->hasData() && mDoc->data().observations()));  // (D is then the data's)
  const gb::Config c = mDesign->config();
  QString problem = mDesign->problem();
  const bool sizesOk = !c.is_transformer() || (c.heads > 0 && c.d_e % c.heads == 0);
  if (sizesOk) {
    const qint64 n = gb::params_count(c);
    // the core's estimate: parameters, gradients, AdamW's moments and the activations of one sequence of ℓ_max
    const gb::MemoryEstimate m = gb::model_memory(c);
    const double mb = double(m.total()) / (1 << 20);
    mCount->setText(mb < 0.05 ? tr("%1 parameters; training needs less than 0.1 MB").arg(QLocale().toString(n))
                              : tr("%1 parameters; training needs at least about %2 MB")
                                    .arg(QLocale().toString(n))
                                    .arg(QLocale().toString(mb, 'f', 1)));
    mCount->setToolTip(tr("Parameters %1 MB, gradients %2 MB, optimizer state %3 MB, activations of one sequence of "
                          "ℓ_max tokens %4 MB. A larger batch needs more; the Training dock checks it.")
                           .arg(QString::fromStdString(gb::megabytes(m.parameters)),
                                QString::fromStdString(gb::megabytes(m.gradients)),
                                QString::fromStdString(gb::megabytes(m.optimizer)),
                                QString::fromStdString(gb::megabytes(m.activations))));
  } else {
    mCount->setText(tr("—"));
    mCount->setToolTip(QString());
  }
  mProblem->setText(problem);
  mBuild->setEnabled(problem.isEmpty());
  const QString fit = mDoc->hasModel() ? mDoc->fitProblem() : QString();
  // (no data at all is said as it is; an imported model needs none for its views: not in red)
  mFit->setText(fit.isEmpty() || !mDoc->hasData() ? fit : tr("The open model does not match the data: %1").arg(fit));
  mFit->setVisible(!fit.isEmpty());
  const bool imported = mDoc->hasModel() && !mDoc->hasData() && !mDoc->importedName().isEmpty();
  Appearance::get().colourText(mFit, imported ? Appearance::get().text() : Appearance::get().error());
}

QSpinBox* ModelPanel::sizeBox(gb::SizeField f) const {
  for (auto [field, box] : sizeBoxes())
    if (field == f) return box;
  return nullptr;
}
