#include "modelpanel.h"

#include "appearance.h"

#include "controllers/modeldocument.h"
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

ModelPanel::ModelPanel(ModelDocument* doc, QWidget* parent) : QWidget(parent), mDoc(doc) {
  auto* form = new QFormLayout;
  mVariant = new QComboBox(this);
  mVariant->setObjectName(QStringLiteral("variantBox"));
  mVariant->addItem(tr("Encoder-decoder"), int(gb::Variant::EncoderDecoder));
  mVariant->addItem(tr("Decoder-only"), int(gb::Variant::DecoderOnly));
  mVariantHelp = new QLabel(this);
  mVariantHelp->setWordWrap(true);
  mPreset = new QComboBox(this);
  mPreset->setObjectName(QStringLiteral("presetBox"));
  mPreset->addItems({tr("Tiny"), tr("Small"), tr("Medium"), tr("As in the seed")});
  mPreset->setItemData(3, tr("The seed's architecture: post-LN and ReLU (encoder-decoder, seed 000) or pre-LN, GELU "
                             "and a final LN (decoder-only, seed 002); no dropout; W_u its own matrix"),
                       Qt::ToolTipRole);
  mMaxLen = spin(1, 4096, 16, this);
  mEncLayers = spin(1, 24, 2, this);
  mDecLayers = spin(1, 24, 2, this);
  mHeads = spin(1, 64, 4, this);
  mDModel = spin(1, 1024, 64, this);
  mDMlp = spin(1, 8192, 128, this);
  mDropout = new QDoubleSpinBox(this);
  mDropout->setRange(0.0, 0.9);
  mDropout->setSingleStep(0.05);
  mNorm = new QComboBox(this);
  mNorm->addItem(tr("Post-LN (seed 000)"), int(gb::NormPlacement::Post));
  mNorm->addItem(tr("Pre-LN (seed 002)"), int(gb::NormPlacement::Pre));
  mTied = new QCheckBox(tr("W_u = W_eᵀ"), this);
  mEncLabel = new QLabel(tr("L_enc"), this);
  form->addRow(tr("Variant"), mVariant);
  form->addRow(mVariantHelp);
  form->addRow(tr("Preset"), mPreset);
  form->addRow(tr("ℓ_max"), mMaxLen);
  form->addRow(mEncLabel, mEncLayers);
  form->addRow(tr("L_dec / L"), mDecLayers);
  form->addRow(tr("H"), mHeads);
  form->addRow(tr("d_e"), mDModel);
  form->addRow(tr("d_mlp"), mDMlp);
  form->addRow(tr("Dropout"), mDropout);
  form->addRow(tr("Norm"), mNorm);
  form->addRow(tr("Tied"), mTied);
  // what a screen reader says: the symbol of the visible label in words (the label is the buddy)
  mEncLabel->setBuddy(mEncLayers);
  mMaxLen->setAccessibleName(tr("Maximum sequence length ℓ_max"));
  mEncLayers->setAccessibleName(tr("Encoder layers L_enc"));
  mDecLayers->setAccessibleName(tr("Decoder layers L_dec / L"));
  mHeads->setAccessibleName(tr("Attention heads H"));
  mDModel->setAccessibleName(tr("Embedding size d_e"));
  mDMlp->setAccessibleName(tr("MLP width d_mlp"));
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
    Appearance::get().colourText(mFit, Appearance::get().error());
  });
  mFit->hide();
  v->addWidget(mFit);

  connect(mVariant, &QComboBox::currentIndexChanged, this, [this] {
    const auto var = gb::Variant(mVariant->currentData().toInt());
    mNorm->setCurrentIndex(var == gb::Variant::EncoderDecoder ? 0 : 1);
    mDoc->setVariant(var);
    refresh();
  });
  connect(mPreset, &QComboBox::currentIndexChanged, this, &ModelPanel::applyPreset);
  for (QSpinBox* s : {mMaxLen, mEncLayers, mDecLayers, mHeads, mDModel, mDMlp})
    connect(s, &QSpinBox::valueChanged, this, &ModelPanel::refresh);
  connect(mDropout, &QDoubleSpinBox::valueChanged, this, &ModelPanel::refresh);
  connect(mNorm, &QComboBox::currentIndexChanged, this, &ModelPanel::refresh);
  connect(mTied, &QCheckBox::toggled, this, &ModelPanel::refresh);
  connect(mDoc, &ModelDocument::dataChanged, this, [this] {
    if (mDoc->hasData()) mMaxLen->setValue(mDoc->data().max_len);
    refresh();
  });
  connect(mDoc, &ModelDocument::modelChanged, this, [this] {
    if (mDoc->generation() == mGeneration) return;
    mGeneration = mDoc->generation();
    if (mDoc->hasModel()) showConfig(mDoc->config());
  });
  connect(mDoc, &ModelDocument::fitChanged, this, &ModelPanel::refresh);
  connect(mBuild, &QPushButton::clicked, this, [this] {
    const gb::Config c = config();
    QString err = mDoc->buildProblem(c);
    if (err.isEmpty()) {
      // drawing the parameters of a large model takes seconds: on a worker, the window turning meanwhile
      gb::Params<float> initialised;
      WaitOptions wait;
      wait.label = tr("Building the model…");
      wait.cancellable = false;
      try {
        if (!waitWithProgress(window(), wait, [&](const gb::Progress&) { initialised = gb::params_init(c, 0); }))
          return;  // another wait runs (its dialog is on screen)
        err = mDoc->build(c, std::move(initialised));
      } catch (const std::bad_alloc&) {  // the estimate fit, the machine disagreed: nothing changed
        err = ModelDocument::notEnoughMemoryToBuild(c);
      }
    }
    mProblem->setText(err);
  });
  mVariant->setCurrentIndex(0);
  mPreset->setCurrentIndex(1);
  refresh();
}

void ModelPanel::showConfig(const gb::Config& c) {
  {
    QSignalBlocker b(mVariant);  // the document already holds this variant and its data
    mVariant->setCurrentIndex(mVariant->findData(int(c.variant)));
  }
  QSignalBlocker b1(mMaxLen), b2(mEncLayers), b3(mDecLayers), b4(mHeads), b5(mDModel), b6(mDMlp), b7(mDropout),
      b8(mNorm), b9(mTied);
  mMaxLen->setValue(c.max_len);
  if (c.is_ed()) mEncLayers->setValue(c.enc_layers);
  mDecLayers->setValue(c.dec_layers);
  mHeads->setValue(c.heads);
  mDModel->setValue(c.d_e);
  mDMlp->setValue(c.d_mlp);
  mDropout->setValue(c.dropout);
  mNorm->setCurrentIndex(mNorm->findData(int(c.norm)));
  mTied->setChecked(c.tied_unembed);
  refresh();
}

void ModelPanel::applyPreset(int index) {
  struct P { int layers, heads, d, mlp; };
  const P presets[] = {{1, 2, 32, 64}, {2, 4, 64, 128}, {3, 4, 128, 512}, {2, 4, 64, 256}};
  const P& p = presets[std::clamp(index, 0, 3)];
  if (index == 3) {  // the seed's own choices, whatever was changed before
    const bool ed = gb::Variant(mVariant->currentData().toInt()) == gb::Variant::EncoderDecoder;
    mNorm->setCurrentIndex(mNorm->findData(int(ed ? gb::NormPlacement::Post : gb::NormPlacement::Pre)));
    mDropout->setValue(0.0);
    mTied->setChecked(false);
  }
  mEncLayers->setValue(p.layers);
  mDecLayers->setValue(p.layers);
  mHeads->setValue(p.heads);
  mDModel->setValue(p.d);
  mDMlp->setValue(p.mlp);
  refresh();
}

gb::Config ModelPanel::config() const {
  const auto var = gb::Variant(mVariant->currentData().toInt());
  const bool ed = var == gb::Variant::EncoderDecoder;
  const int vocab = mDoc->hasData() ? mDoc->data().tokenizer.size() : 1;
  gb::Config c = gb::Config::make(var, vocab, mMaxLen->value(), ed ? mEncLayers->value() : 0, mDecLayers->value(),
                                  mHeads->value(), mDModel->value(), mDMlp->value());
  c.norm = gb::NormPlacement(mNorm->currentData().toInt());
  c.dropout = float(mDropout->value());
  c.tied_unembed = mTied->isChecked();
  c.bos_id = gb::Tokenizer::kBos;
  c.eos_id = gb::Tokenizer::kEos;
  c.pad_id = gb::Tokenizer::kPad;
  return c;
}

void ModelPanel::refresh() {
  const auto var = gb::Variant(mVariant->currentData().toInt());
  const bool ed = var == gb::Variant::EncoderDecoder;
  mVariantHelp->setText(ed ? tr("Reads a source with its encoder and writes a target: translation, reversal (seed 000).")
                           : tr("Continues one sequence: language models, and tasks written as one line (seed 002)."));
  mEncLayers->setEnabled(ed);
  mEncLabel->setEnabled(ed);
  const gb::Config c = config();
  QString problem = mDoc->hasData() ? mDoc->checkConfig(c) : tr("Load data in the Data dock first.");
  if (!mDoc->hasData() && c.heads > 0 && c.d_e % c.heads != 0) problem = mDoc->checkConfig(c);
  const bool sizesOk = c.heads > 0 && c.d_e % c.heads == 0;
  if (sizesOk) {
    const qint64 n = gb::params_count(c);
    // the core's estimate: parameters, gradients, AdamW's moments and the activations of one sequence of ℓ_max
    const gb::MemoryEstimate m = gb::model_memory(c);
    mCount->setText(tr("%1 parameters; training needs at least about %2 MB")
                        .arg(QLocale().toString(n))
                        .arg(QLocale().toString(double(m.total()) / (1 << 20), 'f', 1)));
    mCount->setToolTip(tr("Parameters %1 MB, gradients %2 MB, optimizer state %3 MB, activations of one sequence of "
                          "ℓ_max tokens %4 MB. A larger batch needs more; the Training dock checks it.")
                           .arg(QString::fromStdString(gb::megabytes(m.parameters)),
                                QString::fromStdString(gb::megabytes(m.gradients)),
                                QString::fromStdString(gb::megabytes(m.optimizer)),
                                QString::fromStdString(gb::megabytes(m.activations))));
    if (problem.isEmpty()) problem = MemoryLimit::modelProblem(c);  // refused here, before Build allocates anything
  } else {
    mCount->setText(tr("—"));
    mCount->setToolTip(QString());
  }
  mProblem->setText(problem);
  mBuild->setEnabled(problem.isEmpty());
  const QString fit = mDoc->hasModel() ? mDoc->fitProblem() : QString();
  mFit->setText(fit.isEmpty() ? QString() : tr("The open model does not match the data: %1").arg(fit));
  mFit->setVisible(!fit.isEmpty());
}
