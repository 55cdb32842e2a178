#include "maskeditor.h"

#include "controllers/modeldocument.h"
#include "core/text/prepare.h"
#include "errortext.h"
#include "widgets/flowlayout.h"
#include "widgets/matrixview.h"
#include "widgets/textlabel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace {
constexpr double kTraceBudget = 3e8;  // about a tenth of a second of one core: beyond, the editor says so
}

MaskEditor::MaskEditor(ModelDocument* doc, QWidget* parent) : QWidget(parent), mDoc(doc) {
  mProbe = new QComboBox(this);
  mProbe->setObjectName(QStringLiteral("maskProbe"));
  mProbe->setEditable(true);
  mProbe->setMinimumContentsLength(10);
  mProbe->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mProbe->lineEdit()->setAccessibleName(tr("Probe of the mask editor"));
  mKind = new QComboBox(this);
  mKind->setObjectName(QStringLiteral("maskKind"));
  mKind->addItem(tr("causal (M_uni)"), int(Kind::Causal));
  mKind->addItem(tr("prefix-LM"), int(Kind::PrefixLm));
  mKind->addItem(tr("sliding window"), int(Kind::SlidingWindow));
  mKind->addItem(tr("drawn (click cells)"), int(Kind::Drawn));
  mSize = new QSpinBox(this);
  mSize->setObjectName(QStringLiteral("maskSize"));
  mSize->setRange(1, 4096);
  mSize->setValue(3);
  mSize->setToolTip(tr("prefix-LM: how many first positions see each other; sliding window: how many positions a "
                       "query sees (itself included)"));
  mLayer = new QSpinBox(this);
  mLayer->setObjectName(QStringLiteral("maskLayer"));
  mLayer->setRange(1, 1);
  mHead = new QSpinBox(this);
  mHead->setObjectName(QStringLiteral("maskHead"));
  mHead->setRange(1, 1);
  auto* probeLabel = new QLabel(tr("Probe"), this);
  probeLabel->setBuddy(mProbe);
  auto* kindLabel = new QLabel(tr("Mask"), this);
  kindLabel->setBuddy(mKind);
  auto* sizeLabel = new QLabel(tr("k / w"), this);
  sizeLabel->setBuddy(mSize);
  mSize->setAccessibleName(tr("Prefix length or window size"));
  auto* layerLabel = new QLabel(tr("Layer"), this);
  layerLabel->setBuddy(mLayer);
  mLayer->setAccessibleName(tr("Decoder layer of the mask editor"));
  auto* headLabel = new QLabel(tr("Head"), this);
  headLabel->setBuddy(mHead);
  mHead->setAccessibleName(tr("Head of the mask editor"));
  auto group = [this](QLabel* l, QWidget* w) {
    auto* g = new QWidget(this);
    auto* h = new QHBoxLayout(g);
    h->setContentsMargins(0, 0, 0, 0);
    h->addWidget(l);
    h->addWidget(w);
    return g;
  };
  auto* row = new FlowLayout;
  row->addWidget(group(probeLabel, mProbe));
  row->addWidget(group(kindLabel, mKind));
  row->addWidget(group(sizeLabel, mSize));
  row->addWidget(group(layerLabel, mLayer));
  row->addWidget(group(headLabel, mHead));
  mInfo = new QLabel(this);
  mInfo->setObjectName(QStringLiteral("maskEditorInfo"));
  makeTextLabel(mInfo);
  mMaskView = new MatrixView(this, MatrixView::Look::Binary);
  mMaskView->setObjectName(QStringLiteral("maskEditorMask"));
  mMaskView->plot()->setAccessibleName(tr("The mask: click a cell to allow or forbid it"));
  mWeights = new MatrixView(this, MatrixView::Look::Probability);
  mWeights->setObjectName(QStringLiteral("maskEditorWeights"));
  mWeights->plot()->setAccessibleName(tr("Attention weights under this mask"));
  mCausal = new MatrixView(this, MatrixView::Look::Probability);
  mCausal->setObjectName(QStringLiteral("maskEditorCausal"));
  mCausal->plot()->setAccessibleName(tr("Attention weights under M_uni"));
  for (MatrixView* m : {mMaskView, mWeights, mCausal}) m->setMinimumSize(120, 140);
  mCausal->setScaleVisible(false);
  auto* maskTitle = new QLabel(tr("The mask (click a cell)"), this);
  auto* weightsTitle = new QLabel(tr("Weights with this mask"), this);
  auto* causalTitle = new QLabel(tr("Weights with M_uni, as trained"), this);
  for (QLabel* t : {maskTitle, weightsTitle, causalTitle}) t->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);
  mPredictions = new QLabel(this);
  mPredictions->setObjectName(QStringLiteral("maskEditorPredictions"));
  makeTextLabel(mPredictions);
  mPredictions->setTextFormat(Qt::RichText);
  auto* grid = new QGridLayout;
  grid->addWidget(maskTitle, 0, 0);
  grid->addWidget(weightsTitle, 0, 1);
  grid->addWidget(causalTitle, 0, 2);
  grid->addWidget(mMaskView, 1, 0);
  grid->addWidget(mWeights, 1, 1);
  grid->addWidget(mCausal, 1, 2);
  grid->setRowStretch(1, 1);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addLayout(row);
  v->addWidget(mInfo);
  v->addLayout(grid, 1);
  v->addWidget(mPredictions);

  connect(mProbe, &QComboBox::currentTextChanged, this, &MaskEditor::refresh);
  connect(mKind, &QComboBox::currentIndexChanged, this, [this] {
    makeMask();
    trace();
  });
  connect(mSize, &QSpinBox::valueChanged, this, [this] {
    if (Kind(mKind->currentData().toInt()) == Kind::PrefixLm || Kind(mKind->currentData().toInt()) == Kind::SlidingWindow) {
      makeMask();
      trace();
    }
  });
  connect(mLayer, &QSpinBox::valueChanged, this, &MaskEditor::showTraces);
  connect(mHead, &QSpinBox::valueChanged, this, &MaskEditor::showTraces);
  connect(mMaskView->plot(), &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || mMask.size() == 0) return;
    const int col = int(std::lround(mMaskView->plot()->xAxis->pixelToCoord(e->position().x())));
    const int row = int(std::lround(mMaskView->plot()->yAxis->pixelToCoord(e->position().y())));
    toggleCell(row, col);
  });
  connect(mDoc, &ModelDocument::dataChanged, this, &MaskEditor::fillProbes);
  connect(mDoc, &ModelDocument::modelChanged, this, &MaskEditor::refresh);
  connect(mDoc, &ModelDocument::dataChanged, this, &MaskEditor::refresh);
  fillProbes();
}

void MaskEditor::fillProbes() {
  const QString keep = mDoc->dataGeneration() == mFilledData ? mProbe->currentText() : QString();
  mFilledData = mDoc->dataGeneration();
  QSignalBlocker block(mProbe);
  mProbe->clear();
  mProbe->addItems(mDoc->sampleInputs());
  if (!keep.isEmpty()) mProbe->setCurrentText(keep);
}

void MaskEditor::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mStale) refresh();
}

void MaskEditor::refresh() {
  if (!isVisible()) {  // traced when seen
    mStale = true;
    return;
  }
  mStale = false;
  mMasked.clear();
  mPlain.clear();
  mExample = {};
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  const auto probe = tok && mDoc->hasModel() ? mDoc->probeText(mProbe->currentText()) : std::nullopt;
  if (!probe) {
    mInfo->setText(tr("Build a model and pick a probe: its decoder self-attention is shown under another mask."));
    showTraces();
    return;
  }
  const gb::Config& c = mDoc->config();
  const std::vector<int> longest(size_t(c.max_len), 0);  // at most ℓ_max tokens, the source too
  const double cost = gb::probe_cost(c, *tok, *probe) +
                      2 * gb::trace_cost(c, gb::Example{c.is_ed() ? longest : std::vector<int>{}, longest});
  if (cost > kTraceBudget) {
    mInfo->setText(tr("This model is too large to trace here at once; the mask editor is for small models."));
    showTraces();
    return;
  }
  auto e = gb::probe_example(c, *mDoc->sharedParams(), *tok, *probe);
  if (!e) {
    mInfo->setText(tr("This probe does not fit the model."));
    showTraces();
    return;
  }
  mExample = std::move(*e);
  mTokens.clear();
  for (int t : mExample.x) mTokens << QString::fromStdString(tok->display(t));
  makeMask();
  trace();
}

void MaskEditor::makeMask() {
  const int n = int(mExample.x.size());
  if (n == 0) return;
  const int k = mSize->value();
  switch (Kind(mKind->currentData().toInt())) {
    case Kind::Causal: mMask = gb::mask_matrix(gb::AttentionMask{1, n, n, true, nullptr}, 0); break;
    case Kind::PrefixLm: mMask = gb::prefix_lm_mask(n, k); break;
    case Kind::SlidingWindow: mMask = gb::sliding_window_mask(n, k); break;
    case Kind::Drawn:
      if (mMask.rows() != n || mMask.cols() != n) mMask = gb::mask_matrix(gb::AttentionMask{1, n, n, true, nullptr}, 0);
      break;
  }
}

void MaskEditor::toggleCell(int key, int query) {
  if (mExample.x.empty()) return;  // no probe traced: nothing to draw on
  if (key < 0 || query < 0 || key >= mMask.rows() || query >= mMask.cols()) return;
  mMask(key, query) = mMask(key, query) > 0 ? 0.0f : 1.0f;
  {
    QSignalBlocker b(mKind);  // the mask is kept: drawn from here on
    mKind->setCurrentIndex(mKind->findData(int(Kind::Drawn)));
  }
  trace();
}

void MaskEditor::trace() {
  mMasked.clear();
  mPlain.clear();
  if (mExample.x.empty() || !mDoc->hasModel()) {
    showTraces();
    return;
  }
  const gb::Config& c = mDoc->config();
  const auto p = mDoc->sharedParams();
  mPlain = gb::trace_forward(c, *p, mExample);
  auto masked = gb::trace_forward_masked(c, *p, mExample, mMask);
  if (!masked) {
    mInfo->setText(errorText(masked.error()));
    mPlain.clear();
  } else {
    mMasked = std::move(*masked);
    mInfo->setText(tr("The decoder's self-attention on the probe under this mask, for inspection: the model was "
                      "trained with M_uni. Rows are keys t_z, columns queries t_x; hatched cells are masked."));
  }
  showTraces();
}

void MaskEditor::showTraces() {
  auto layers = [](const std::vector<gb::StepRecord>& t) {
    std::vector<const gb::AttentionRecord*> out;
    for (const auto& r : t)
      if (r.attention && r.attention->kind == gb::AttentionRecord::Kind::Causal) out.push_back(&*r.attention);
    return out;
  };
  const auto masked = layers(mMasked), plain = layers(mPlain);
  if (masked.empty() || plain.size() != masked.size()) {
    mMaskView->clear();
    mWeights->clear();
    mCausal->clear();
    mPredictions->clear();
    return;
  }
  mLayer->setRange(1, int(masked.size()));
  mHead->setRange(1, int(masked[0]->heads.size()));
  const size_t l = size_t(mLayer->value() - 1), h = size_t(mHead->value() - 1);
  // a query column j reads x_j and predicts x_{j+1}: its label says both
  QStringList queries;
  for (int j = 0; j < mTokens.size(); ++j)
    queries << tr("%1→%2").arg(mTokens[j], j + 1 < mTokens.size() ? mTokens[j + 1] : tr("?"));
  const QString queryAxis = tr("query t_x (reads → predicts)");
  mMaskView->setMatrix(mMask, tr("key t_z"), queryAxis, mTokens, queries);
  mWeights->setMatrix(masked[l]->heads[h].A, tr("key t_z"), queryAxis, mTokens, queries);
  mCausal->setMatrix(plain[l]->heads[h].A, tr("key t_z"), queryAxis, mTokens, queries);
  // the output: the token each column predicts (the most likely under P), with the mask and with M_uni
  const gb::MatF& P = mMasked.back().value;
  const gb::MatF& P0 = mPlain.back().value;
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  QStringList parts;
  int changed = 0;
  for (Eigen::Index j = 0; j < P.cols() && tok; ++j) {
    Eigen::Index a = 0, b = 0;
    P.col(j).maxCoeff(&a);
    P0.col(j).maxCoeff(&b);
    const QString now = QString::fromStdString(tok->display(int(a))).toHtmlEscaped();
    const QString was = QString::fromStdString(tok->display(int(b))).toHtmlEscaped();
    if (a != b) {
      ++changed;
      parts << tr("<b>%1</b> (M_uni: %2)").arg(now, was);
    } else {
      parts << now;
    }
  }
  mPredictions->setText(tr("Each column's most likely next token with this mask: %1 — %2 of %3 columns predict "
                           "another token than with M_uni.")
                            .arg(parts.join(QLatin1Char(' ')))
                            .arg(changed)
                            .arg(P.cols()));
}
