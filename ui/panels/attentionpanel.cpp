#include "attentionpanel.h"
#include "sampleinputs.h"
#include "widgets/textlabel.h"

#include "widgets/mirrorbutton.h"

#include "controllers/modeldocument.h"
#include "controllers/tracecontroller.h"
#include "controllers/trainingcontroller.h"
#include "widgets/heatmap.h"
#include "attentionopened.h"
#include "widgets/matrixview.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QLineEdit>
#include <QProgressBar>
#include <QScrollArea>
#include <QTabWidget>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

AttentionPanel::AttentionPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent)
    : QWidget(parent), mDoc(doc), mTrainer(trainer) {
  mProbe = new QComboBox(this);
  mProbe->setObjectName(QStringLiteral("probeBox"));
  mProbe->setEditable(true);
  mProbe->setToolTip(tr("Type an input, or pick one from the validation data"));
  mKind = new QComboBox(this);
  mKind->setObjectName(QStringLiteral("attentionKind"));
  mLayer = new QSpinBox(this);
  mLayer->setRange(1, 1);
  mHead = new QComboBox(this);
  mMode = new QComboBox(this);
  mMode->addItem(tr("Weights"));
  mMode->addItem(tr("Scores before softmax"));
  // two rows, so the tab stays narrow in every language
  auto* controls = new QVBoxLayout;
  auto* row1 = new QHBoxLayout;
  auto* probeLabel = new QLabel(tr("Probe"), this);
  row1->addWidget(probeLabel);
  row1->addWidget(mProbe, 1);
  row1->addWidget(mKind, 2);  // the kind's name is the longer ("Kreuzaufmerksamkeit (Decoder → Encoder)")
  auto* row2 = new QHBoxLayout;
  auto* layerLabel = new QLabel(tr("Layer"), this);
  row2->addWidget(layerLabel);
  row2->addWidget(mLayer);
  auto* headLabel = new QLabel(tr("Head"), this);
  row2->addWidget(headLabel);
  row2->addWidget(mHead);
  row2->addWidget(mMode);
  row2->addStretch(1);
  controls->addLayout(row1);
  controls->addLayout(row2);
  mKind->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mKind->setMinimumContentsLength(14);
  mProbe->setMinimumContentsLength(10);  // a long line of the data does not widen the tab
  mProbe->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mControls = new QWidget(this);  // in presentation mode the strip replaces these rows
  // names for a screen reader: the visible labels are buddies; the two boxes without one get a hidden label, since
  // on Linux a combo box is named by the label that labels it (its own name there is its current item)
  probeLabel->setBuddy(mProbe);
  layerLabel->setBuddy(mLayer);
  headLabel->setBuddy(mHead);
  mProbe->lineEdit()->setAccessibleName(tr("Probe"));
  for (auto [box, name] : {std::pair{mKind, tr("Attention kind")}, std::pair{mMode, tr("Weights or scores")}}) {
    box->setAccessibleName(name);
    auto* hidden = new QLabel(name, mControls);  // beside the box it labels
    hidden->setBuddy(box);
    hidden->hide();
  }
  mInfo = new QLabel(this);
  makeTextLabel(mInfo);  // (it may quote the probe, the data or the model's output)
  mTracer = new TraceController(this);
  // a long trace runs on a worker: its progress and Cancel
  mBusy = new BusyRow(QStringLiteral("trace"), tr("Tracing the forward pass…"), tr("Trace progress"),
                      tr("Cancel the trace"), this);
  // Over the info line, not in the tab's layout: in it, its coming and going moved every map below it (each a
  // resize and a replot: the longest GUI stall at |V| = 17k, docs/gui-throughput.md)
  mBusy->setAutoFillBackground(true);
  connect(mBusy, &BusyRow::cancelClicked, mTracer, &TraceController::cancel);
  // the row appears only for a trace that takes a while: the short ones a training run asks for every second
  // would make it flash, and each time it came and went the tab's maps were laid out (and their buffers remade)
  auto* busyDelay = new QTimer(this);
  busyDelay->setSingleShot(true);
  busyDelay->setInterval(400);
  connect(busyDelay, &QTimer::timeout, this, [this] {
    if (!mTracer->busy()) return;
    placeBusy();
    mBusy->show();
  });
  connect(mTracer, &TraceController::busyChanged, this, [this, busyDelay](bool busy) {
    if (busy && !mBusy->isVisibleTo(this)) busyDelay->start();
    if (!busy) {
      busyDelay->stop();
      mBusy->hide();
    }
  });
  connect(mTracer, &TraceController::progress, mBusy, &BusyRow::setProgress);
  connect(mTracer, &TraceController::cancelled, this, [this] {
    mInfo->setText(mTracer->key() == mTracer->wantedKey()
                       ? tr("The trace was cancelled; the maps show the parameters of an earlier trace.")
                       : tr("The trace was cancelled: no attention to show for this probe."));
  });
  connect(mTracer, &TraceController::traced, this, &AttentionPanel::showTrace);
  connect(mTracer, &TraceController::unreadable, this, &AttentionPanel::probeUnreadable);
  mLarge = new Heatmap(this);
  mLarge->setObjectName(QStringLiteral("largeHeatmap"));
  mMask = new MatrixView(this, MatrixView::Look::Binary);
  mMask->setObjectName(QStringLiteral("maskHeatmap"));
  mMask->setMinimumWidth(150);  // never a sliver: a quarter of the row, at least 150 px
  mMaskTitle = new QLabel(this);
  mMaskTitle->setWordWrap(true);
  auto* maskBox = new QVBoxLayout;
  maskBox->addWidget(mMaskTitle);
  maskBox->addWidget(mMask, 1);
  auto* views = new QHBoxLayout;
  views->addWidget(mLarge, 3);
  views->addLayout(maskBox, 1);
  mGridHost = new QWidget(this);
  mGridLayout = new QGridLayout(mGridHost);
  mGridLayout->setSpacing(4);
  auto* gridScroll = new QScrollArea(this);
  gridScroll->setWidget(mGridHost);
  gridScroll->setWidgetResizable(true);
  gridScroll->setMinimumHeight(150);
  gridScroll->setAccessibleName(tr("All layers × heads"));
  // below: every layer and head at a glance, or the chosen one opened up (Q, K, V, scores, mask, weights, output)
  mOpened = new AttentionOpenedView(this, /*headChooser=*/false);
  mOpened->setObjectName(QStringLiteral("attentionOpened"));
  auto* below = new QTabWidget(this);
  below->setObjectName(QStringLiteral("attentionBelow"));
  below->setAccessibleName(tr("Below the attention map"));
  below->setDocumentMode(true);
  below->addTab(gridScroll, tr("All layers × heads"));
  below->addTab(mOpened, tr("Opened up"));
  mBelow = below;
  mGridScroll = below;
  connect(below, &QTabWidget::currentChanged, this, [this] {
    if (mOpenedStale && mBelow->currentWidget() == mOpened) showSelection();
  });
  controls->setContentsMargins(0, 0, 0, 0);
  mControls->setLayout(controls);
  mLarge->plot()->setAccessibleName(tr("Attention map"));
  mMask->plot()->setAccessibleName(tr("Attention mask"));
  auto* v = new QVBoxLayout(this);
  v->addWidget(mControls);
  v->addWidget(mInfo);  // (the busy row lies over it while a long trace runs: placeBusy)
  v->addLayout(views, 3);
  mGridTitle = new QLabel(tr("All layers (rows) × heads (columns) — click one to enlarge it"), this);
  mGridTitle->setBuddy(gridScroll);
  v->addWidget(mGridTitle);
  v->addWidget(below, 1);
  v->addStretch(0);  // with the views hidden (no model yet) the space below the text is this, not gaps between rows

  connect(mProbe, &QComboBox::currentTextChanged, this, &AttentionPanel::refresh);
  connect(mKind, &QComboBox::currentIndexChanged, this, &AttentionPanel::showTrace);  // the same trace, other records
  connect(mLayer, &QSpinBox::valueChanged, this, &AttentionPanel::showSelection);
  connect(mHead, &QComboBox::currentIndexChanged, this, &AttentionPanel::showSelection);
  connect(mMode, &QComboBox::currentIndexChanged, this, &AttentionPanel::showSelection);
  connect(mDoc, &ModelDocument::modelChanged, this, [this] {
    fillProbes();
    refresh();
  });
  connect(mDoc, &ModelDocument::dataChanged, this, &AttentionPanel::fillProbes);
  connect(mDoc, &ModelDocument::fitChanged, this, &AttentionPanel::refresh);
  connect(mDoc, &ModelDocument::dataChanged, this, &AttentionPanel::refresh);  // the probe's target comes from it
  connect(mTrainer, &TrainingController::paramsPublished, this, &AttentionPanel::refresh);
  mInfo->setText(tr("Build a model to see its attention."));
  mViews = {mLarge, mMask, mMaskTitle, below, mGridTitle};
  for (QWidget* w : mViews) w->hide();  // nothing to show before there is a trace
  if (mDoc->hasModel() || mDoc->hasData()) {  // (made while the document holds a model already: the window made again in another language)
    fillProbes();
    refresh();
  }
}

namespace {
// A long probe (a random model decodes to ℓ_max) is shortened in the line above the heatmap, which cannot wrap a
// run of tokens without spaces: its start and its end, "…" between.
QString shortened(const QString& s) {
  constexpr int kMost = 48;
  return s.size() <= kMost ? s : s.left(kMost / 2 - 1) + QStringLiteral(" … ") + s.right(kMost / 2 - 1);
}
}  // namespace

void AttentionPanel::fillProbes() {
  fillSampleInputs(mProbe, *mDoc, mFilledData);  // (a typed input stays while the data stays)
  // the kinds this variant has
  QSignalBlocker blockKind(mKind);
  const int kind = mKind->currentIndex();
  const int before = mKind->count();
  mKind->clear();
  if (mDoc->hasModel() && mDoc->config().is_ed()) {
    mKind->addItem(tr("Encoder self-attention (bidirectional)"), int(gb::AttentionRecord::Kind::Bidirectional));
    mKind->addItem(tr("Decoder masked self-attention (M_uni)"), int(gb::AttentionRecord::Kind::Causal));
    mKind->addItem(tr("Cross-attention (decoder → encoder)"), int(gb::AttentionRecord::Kind::Cross));
  } else {
    mKind->addItem(tr("Masked self-attention (M_uni)"), int(gb::AttentionRecord::Kind::Causal));
  }
  // first look: cross-attention, where the reverse task draws its anti-diagonal
  mKind->setCurrentIndex(before == mKind->count() && kind >= 0 ? kind : mKind->count() - 1);
}

void AttentionPanel::refresh() {
  const gb::Tokenizer* tokp = mDoc->tokenizerForModel();
  if (!mDoc->hasModel() || !tokp) {  // nothing to trace (File → New, or a model whose tokens are unknown)
    mTracer->clear();
    for (QWidget* w : mViews) w->hide();
    mInfo->setText(tr("Build a model to see its attention."));
    return;
  }
  if (const QString why = mDoc->viewProblem(); !why.isEmpty()) {  // never the old model on the new data's probes
    mTracer->clear();
    for (QWidget* w : mViews) w->hide();
    mInfo->setText(why);
    return;
  }
  if (!isVisible()) {  // tracing and drawing what nobody sees: done when the tab is shown
    mStale = true;
    return;
  }
  mStale = false;
  const gb::Config& c = mDoc->config();
  const auto p = mTrainer->latestParams(mDoc->sharedParams());  // shared with the trace: not copied
  const auto probe = mDoc->probeText(mProbe->currentText());    // what the model reads (the document decides)
  if (!probe) return;
  // the input: this model (its generation) reading this probe of this data (which may know its target); only
  // the parameters may differ within one key
  const QString key = QStringLiteral("%1:%2:").arg(mDoc->generation()).arg(mDoc->dataGeneration()) +
                      mProbe->currentText();
  if (key != mTracer->key()) {
    // another input: the maps of the old one go away until this one is traced (never shown against it)
    for (QWidget* w : mViews) w->hide();
    mInfo->setText(tr("Tracing the forward pass…"));
  }
  // the probe's example (perhaps the model's own continuation, decoded) and its trace: off the GUI thread when long
  mTracer->request(c, std::move(p), mDoc->sharedTokenizer(), *probe, key);
}

void AttentionPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mStale) refresh();
  else if (mOpenedStale && mBelow->currentWidget() == mOpened && mTracer->hasTrace()) showSelection();
}

void AttentionPanel::resizeEvent(QResizeEvent* e) {
  QWidget::resizeEvent(e);
  if (mBusy->isVisibleTo(this)) placeBusy();
}

void AttentionPanel::placeBusy() {
  const QRect info = mInfo->geometry();
  mBusy->setGeometry(info.x(), info.y(), info.width(), std::max(info.height(), mBusy->sizeHint().height()));
  mBusy->raise();
}

void AttentionPanel::probeUnreadable() {
  for (QWidget* w : mViews) w->hide();
  mInfo->setText(mTracer->problem().isEmpty() ? tr("This probe does not fit the model.") : mTracer->problem());
}

void AttentionPanel::showTrace() {
  if (!mTracer->hasTrace()) return;
  const gb::Config& c = mTracer->config();
  const gb::Example& e = mTracer->example();
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  auto labels = [&](const std::vector<int>& v) {
    QStringList out;
    for (int t : v) out << (tok && t < tok->size() ? QString::fromStdString(tok->display(t)) : QString::number(t));
    return out;
  };
  mSourceTokens = labels(e.z);
  mTargetTokens = labels(e.x);
  {
    QSignalBlocker b1(mLayer), b2(mHead);
    const int kind = mKind->currentData().toInt();
    const int layers = kind == int(gb::AttentionRecord::Kind::Bidirectional) ? c.enc_layers : c.dec_layers;
    mLayer->setRange(1, std::max(1, layers));
    if (mDoc->generation() != mShownGeneration) {  // a new model: start at the last layer, where heads form most
      mShownGeneration = mDoc->generation();
      mLayer->setValue(layers);
    }
    const int head = mHead->currentIndex();
    mHead->clear();
    for (int h = 0; h < c.heads; ++h) mHead->addItem(QString::number(h + 1));
    mHead->addItem(tr("average"));
    mHead->setCurrentIndex(head >= 0 ? std::min(head, c.heads) : 0);
  }
  showSelection();
}

void AttentionPanel::showSelection() {
  if (!mTracer->hasTrace() || !mDoc->hasModel()) return;
  const gb::Config& c = mTracer->config();  // the model the trace was made with
  const auto kind = gb::AttentionRecord::Kind(mKind->currentData().toInt());
  std::vector<const gb::AttentionRecord*> layers;
  for (const auto& r : mTracer->trace())
    if (r.attention && r.attention->kind == kind) layers.push_back(&*r.attention);
  if (layers.empty()) return;
  for (QWidget* w : mViews) w->show();
  if (mPresenting) {  // the large map takes the room of the grid
    mGridScroll->hide();
    mGridTitle->hide();
  }
  const QStringList& keys = kind == gb::AttentionRecord::Kind::Causal ? mTargetTokens : mSourceTokens;
  const QStringList& queries = kind == gb::AttentionRecord::Kind::Bidirectional ? mSourceTokens : mTargetTokens;
  const double scale = std::sqrt(double(c.d_h()));  // S is stored scaled; hover shows both
  auto pick = [&](const gb::AttentionRecord& a, int head, gb::MatF& A, gb::MatF& S, gb::MatF& M) {
    if (head < c.heads) {
      A = a.heads[size_t(head)].A;
      S = a.heads[size_t(head)].S;
    } else {  // average over heads
      A = a.heads[0].A;
      S = a.heads[0].S;
      for (int h = 1; h < c.heads; ++h) {
        A += a.heads[size_t(h)].A;
        S += a.heads[size_t(h)].S;
      }
      A /= float(c.heads);
      S /= float(c.heads);
    }
    M = a.heads[0].mask;
  };
  const int layer = std::clamp(mLayer->value() - 1, 0, int(layers.size()) - 1);
  gb::MatF A, S, M;
  pick(*layers[size_t(layer)], mHead->currentIndex(), A, S, M);
  // a decoder's query column j reads x_j and predicts x_{j+1} (the probe's last column: the token after it)
  QStringList predicted;
  if (kind != gb::AttentionRecord::Kind::Bidirectional)
    for (int j = 0; j < queries.size(); ++j)
      predicted << (j + 1 < mTargetTokens.size() ? mTargetTokens[j + 1] : tr("?"));
  mLarge->setPredictions(predicted);
  mLarge->setData(A, S, M, keys, queries, scale);
  // opened up: the chosen head (the first, when the heads are averaged) — drawn only when seen (training
  // publishes new parameters many times a second)
  mOpenedStale = mBelow->currentWidget() != mOpened || !mBelow->isVisible();
  if (!mOpenedStale)
    mOpened->setRecord(*layers[size_t(layer)], keys, queries, predicted,
                       mHead->currentIndex() < c.heads ? mHead->currentIndex() : 0);
  mLarge->setMode(mMode->currentIndex() == 0 ? Heatmap::Mode::Weights : Heatmap::Mode::Scores);
  mMask->setMatrix(M, tr("key t_z"), tr("query t_x"), keys, queries);
  const QString maskName = kind == gb::AttentionRecord::Kind::Causal
                               ? tr("The causal mask M_uni[t_z, t_x] = [t_z ≤ t_x]: a query sees itself and earlier tokens.")
                               : kind == gb::AttentionRecord::Kind::Cross
                                     ? tr("The cross mask is all ones: every target position may read every source token.")
                                     : tr("The bidirectional mask is all ones: every source token sees every other.");
  mMaskTitle->setText(keepFormulasTogether(maskName));
  mMask->plot()->setAccessibleDescription(maskName);
  const QString where = mHead->currentIndex() < c.heads ? tr("head %1").arg(mHead->currentIndex() + 1)
                                                        : tr("average over the heads");
  // a decoder-only model has no source: its probe is x alone ("Probe:  → <bos>…" said nothing before the arrow)
  mInfo->setText(mSourceTokens.isEmpty()
                     ? tr("Probe: %1. Each column (a query) sums to 1. Layer %2, %3.")
                           .arg(shortened(mTargetTokens.join(QString())))
                           .arg(layer + 1)
                           .arg(where)
                     : tr("Probe: %1 → %2. Each column (a query) sums to 1. Layer %3, %4.")
                           .arg(shortened(mSourceTokens.join(QString())), shortened(mTargetTokens.join(QString())))
                           .arg(layer + 1)
                           .arg(where));
  emit selectionChanged(mInfo->text());
  mLarge->plot()->setAccessibleDescription(mInfo->text());
  // the grid: all layers × heads of this kind
  const int want = int(layers.size()) * c.heads;
  if (int(mGrid.size()) != want) {
    for (Heatmap* h : mGrid) h->deleteLater();
    mGrid.clear();
    for (int l = 0; l < int(layers.size()); ++l)
      for (int h = 0; h < c.heads; ++h) {
        auto* cell = new Heatmap(mGridHost, /*compact=*/true);
        cell->setToolTip(tr("layer %1, head %2").arg(l + 1).arg(h + 1));
        cell->plot()->setAccessibleName(tr("Attention of layer %1, head %2").arg(l + 1).arg(h + 1));
        connect(cell, &Heatmap::clicked, this, [this, l, h] {
          mLayer->setValue(l + 1);
          mHead->setCurrentIndex(h);
        });
        mGridLayout->addWidget(cell, l, h);
        mGrid.push_back(cell);
      }
  }
  for (int l = 0; l < int(layers.size()); ++l)
    for (int h = 0; h < c.heads; ++h) {
      gb::MatF a, s, m;
      pick(*layers[size_t(l)], h, a, s, m);
      mGrid[size_t(l * c.heads + h)]->setData(a, s, m, keys, queries, scale);
    }
}

namespace {
// A combo box as wide as the item it shows, in the font it has now (presenting's is larger): the strip's other
// labels keep their room (German's "Kreuzaufmerksamkeit" in a box sized by an average character was a third wider,
// and "Schicht 2/2 · Mittel der Köpfe" beside it wrapped to three lines)
class ShownItemComboBox : public QComboBox {
 public:
  explicit ShownItemComboBox(QWidget* parent) : QComboBox(parent) {
    connect(this, &QComboBox::currentIndexChanged, this, [this] { updateGeometry(); });
  }
  QSize sizeHint() const override {
    QStyleOptionComboBox opt;
    initStyleOption(&opt);
    const QSize text = fontMetrics().size(Qt::TextSingleLine, currentText());
    return style()->sizeFromContents(QStyle::CT_ComboBox, &opt, text, this);
  }
  QSize minimumSizeHint() const override { return sizeHint(); }
};
}  // namespace

QWidget* AttentionPanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* where = new QLabel(strip);
  where->setObjectName(QStringLiteral("presenterAttentionInfo"));
  where->setWordWrap(true);  // a long description wraps; it never widens the window
  auto show = [this, where] {
    if (!mTracer->hasTrace() || !mDoc->hasModel()) {
      where->setText(tr("Build a model to see its attention."));
      return;
    }
    // short ("layer 2/2 · head 1/4"): the strip keeps one line at 1024 pixels, in German too
    const int heads = mTracer->config().heads;
    where->setText(tr("layer %1/%2 · %3")
                       .arg(mLayer->value())
                       .arg(mLayer->maximum())
                       .arg(mHead->currentIndex() < heads ? tr("head %1/%2").arg(mHead->currentIndex() + 1).arg(heads)
                                                         : tr("mean of the heads")));
  };
  connect(this, &AttentionPanel::selectionChanged, where, show);
  show();
  // the kind of attention (encoder self-, masked self-, cross-): the tab's own choice, offered here too
  auto* kind = new ShownItemComboBox(strip);
  kind->setObjectName(QStringLiteral("presenterAttentionKind"));
  kind->setAccessibleName(tr("Attention kind"));
  kind->setFocusPolicy(Qt::TabFocus);
  auto syncKind = [this, kind] {
    QSignalBlocker b(kind);
    kind->clear();
    // short names: the strip keeps one line at 1024 pixels, in German too (the caption and the map's titles say more)
    for (int i = 0; i < mKind->count(); ++i) {
      const auto k = gb::AttentionRecord::Kind(mKind->itemData(i).toInt());
      kind->addItem(k == gb::AttentionRecord::Kind::Bidirectional ? tr("Encoder self-attention")
                    : k == gb::AttentionRecord::Kind::Cross       ? tr("Cross-attention")
                                                                  : tr("Masked self-attention"));
    }
    kind->setCurrentIndex(mKind->currentIndex());  // (as wide as the kind it shows: the widest left the layer two lines)
    kind->updateGeometry();  // (its signals were blocked: the layout asks for the new width)
    kind->setVisible(kind->count() > 1);  // a decoder-only model or an RNN has one kind: nothing to choose
  };
  syncKind();
  connect(this, &AttentionPanel::selectionChanged, kind, syncKind);
  connect(kind, &QComboBox::currentIndexChanged, mKind, &QComboBox::setCurrentIndex);
  auto* kindLabel = new QLabel(tr("Attention kind"), strip);  // a combo box is named by its label's buddy
  kindLabel->setBuddy(kind);
  kindLabel->hide();
  h->addWidget(kind);
  h->addWidget(where, 1);
  // short faces (the strip's room), the whole names for a screen reader and the tooltip
  const auto [back, next] = addStepButtons(this, strip, h, tr("◀ head"), tr("head ▶"));
  back->setAccessibleName(tr("Previous head"));
  back->setToolTip(tr("Previous head"));
  next->setAccessibleName(tr("Next head"));
  next->setToolTip(tr("Next head"));
  return strip;
}

void AttentionPanel::setPresenting(bool on) {
  mPresenting = on;
  mControls->setVisible(!on);
  const bool shown = mTracer->hasTrace() && mLarge->isVisibleTo(this);
  mGridScroll->setVisible(!on && shown);
  mGridTitle->setVisible(!on && shown);
  if (!on && shown && mOpenedStale && mBelow->currentWidget() == mOpened) showSelection();  // caught up when seen
}

// The heads in reading order: layer 1 head 1, …, layer 1 head H, layer 2 head 1, … (the average stays the average).
bool AttentionPanel::presentNext() {
  if (!mTracer->hasTrace() || !mDoc->hasModel()) return false;
  const int heads = mTracer->config().heads, head = mHead->currentIndex();
  if (head < heads - 1) {
    mHead->setCurrentIndex(head + 1);
    return true;
  }
  if (mLayer->value() >= mLayer->maximum()) return false;
  mLayer->setValue(mLayer->value() + 1);
  if (head < heads) mHead->setCurrentIndex(0);
  return true;
}

bool AttentionPanel::presentBack() {
  if (!mTracer->hasTrace() || !mDoc->hasModel()) return false;
  const int heads = mTracer->config().heads, head = mHead->currentIndex();
  if (head > 0 && head < heads) {
    mHead->setCurrentIndex(head - 1);
    return true;
  }
  if (mLayer->value() <= mLayer->minimum()) return false;
  mLayer->setValue(mLayer->value() - 1);
  if (head < heads) mHead->setCurrentIndex(heads - 1);
  return true;
}

bool AttentionPanel::presentFirst() {
  if (!mTracer->hasTrace()) return false;
  mLayer->setValue(mLayer->minimum());
  if (mHead->currentIndex() < mTracer->config().heads) mHead->setCurrentIndex(0);
  return true;
}

bool AttentionPanel::presentLast() {
  if (!mTracer->hasTrace()) return false;
  mLayer->setValue(mLayer->maximum());
  if (mHead->currentIndex() < mTracer->config().heads) mHead->setCurrentIndex(mTracer->config().heads - 1);
  return true;
}

QJsonObject AttentionPanel::viewState() const {
  QJsonObject s;
  s.insert(QStringLiteral("probe"), mProbe->currentText());
  const int kind = mKind->currentData().toInt();
  s.insert(QStringLiteral("kind"), kind == int(gb::AttentionRecord::Kind::Bidirectional) ? QStringLiteral("bidirectional")
                                   : kind == int(gb::AttentionRecord::Kind::Causal)      ? QStringLiteral("causal")
                                                                                         : QStringLiteral("cross"));
  s.insert(QStringLiteral("layer"), mLayer->value());
  if (mHead->count() > 0 && mHead->currentIndex() == mHead->count() - 1) s.insert(QStringLiteral("head"), QStringLiteral("average"));
  else s.insert(QStringLiteral("head"), mHead->currentIndex() + 1);
  s.insert(QStringLiteral("mode"), mMode->currentIndex() == 1 ? QStringLiteral("scores") : QStringLiteral("weights"));
  return s;
}

void AttentionPanel::setViewState(const QJsonObject& s) {
  if (s.contains(QStringLiteral("probe"))) mProbe->setCurrentText(s.value(QStringLiteral("probe")).toString());
  const QString kind = s.value(QStringLiteral("kind")).toString();
  if (!kind.isEmpty()) {
    const int k = kind == QLatin1String("bidirectional") ? int(gb::AttentionRecord::Kind::Bidirectional)
                  : kind == QLatin1String("causal")      ? int(gb::AttentionRecord::Kind::Causal)
                                                         : int(gb::AttentionRecord::Kind::Cross);
    const int at = mKind->findData(k);
    if (at >= 0) mKind->setCurrentIndex(at);
  }
  if (s.contains(QStringLiteral("layer"))) mLayer->setValue(s.value(QStringLiteral("layer")).toInt());
  const QJsonValue head = s.value(QStringLiteral("head"));
  if (head == QStringLiteral("average")) mHead->setCurrentIndex(mHead->count() - 1);
  else if (head.isDouble()) mHead->setCurrentIndex(std::clamp(head.toInt() - 1, 0, std::max(0, mHead->count() - 2)));
  if (s.contains(QStringLiteral("mode")))
    mMode->setCurrentIndex(s.value(QStringLiteral("mode")).toString() == QLatin1String("scores") ? 1 : 0);
}

QString AttentionPanel::infoText() const { return mInfo->text(); }
