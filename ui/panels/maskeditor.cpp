#include "maskeditor.h"

#include "sampleinputs.h"
#include "controllers/backgroundjob.h"
#include "controllers/modeldocument.h"
#include "widgets/busyrow.h"
#include "core/text/prepare.h"
#include "core/train/memory.h"
#include "errortext.h"
#include "memorylimit.h"
#include "widgets/flowlayout.h"
#include "widgets/matrixview.h"
#include "widgets/textlabel.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMouseEvent>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

namespace {
// The mask of that kind for n positions (k: the prefix or the window; a drawn mask is kept when it fits).
gb::MatF maskFor(MaskEditor::Kind kind, int n, int k, const gb::MatF& drawn) {
  switch (kind) {
    case MaskEditor::Kind::PrefixLm: return gb::prefix_lm_mask(n, k);
    case MaskEditor::Kind::SlidingWindow: return gb::sliding_window_mask(n, k);
    case MaskEditor::Kind::Drawn:
      if (drawn.rows() == n && drawn.cols() == n) return drawn;
      break;
    case MaskEditor::Kind::Causal: break;
  }
  return gb::mask_matrix(gb::AttentionMask{1, n, n, true, nullptr}, 0);
}

// What a trace request brings back: the probe's example (when it had to be made), the mask, both traces.
struct MaskTraces {
  std::optional<gb::Example> example;
  gb::MatF mask;
  std::vector<gb::StepRecord> plain;
  std::optional<gb::Result<std::vector<gb::StepRecord>>> masked;
  bool unfit = false;  // the probe does not fit the model
  std::optional<gb::Error> memory;  // its two traces do not fit the memory there is (checked once it is decoded)
};

// Both traces (with M_uni and with the mask) of out.example, reporting over both; false when cancelled.
bool traceBoth(const gb::Config& c, const gb::Params<float>& p, MaskTraces& out,
               const std::function<bool(int, int)>& progress) {
  auto plain = gb::trace_forward(c, p, *out.example, [&progress](int done, int total) {
    return !progress || progress(done, 2 * total);
  });
  if (!plain) return false;
  out.plain = std::move(*plain);
  out.masked = gb::trace_forward_masked(c, p, *out.example, out.mask, [&progress](int done, int total) {
    return !progress || progress(total + done, 2 * total);
  });
  return *out.masked || out.masked->error().code != gb::ErrorCode::TraceCancelled;
}
}  // namespace

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
  for (QLabel* t : {maskTitle, weightsTitle, causalTitle}) {  // wrapped where the three maps are narrow
    t->setWordWrap(true);
    t->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  }
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
  mJob = new BackgroundJob(this);
  mBusy = new BusyRow(QStringLiteral("maskEditor"), QString(), tr("Progress of the mask editor's trace"),
                      tr("Cancel the mask editor's trace"), this);
  connect(mBusy, &BusyRow::cancelClicked, this, &MaskEditor::cancel);
  connect(mJob, &BackgroundJob::progress, mBusy, &BusyRow::setProgress);

  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addLayout(row);
  v->addWidget(mBusy);
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
  if (mDoc->hasModel()) refresh();  // (made while the document holds a model already: the window made again in another language)
}

void MaskEditor::setMask(Kind kind, int size) {
  {
    QSignalBlocker b(mSize);  // one new mask, traced once
    mSize->setValue(size);
  }
  const int i = mKind->findData(int(kind));
  if (i >= 0 && i != mKind->currentIndex()) {
    mKind->setCurrentIndex(i);  // makes the mask and traces it
    return;
  }
  makeMask();
  trace();
}

MaskEditor::Kind MaskEditor::kind() const { return Kind(mKind->currentData().toInt()); }

int MaskEditor::size() const { return mSize->value(); }

void MaskEditor::fillProbes() {
  fillSampleInputs(mProbe, *mDoc, mFilledData);  // (a typed input stays while the data stays)
}

void MaskEditor::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mStale) refresh();
}

bool MaskEditor::busy() const { return mJob->running(); }

QPushButton* MaskEditor::cancelButton() const { return mBusy->cancelButton(); }

void MaskEditor::setBusy(bool busy, bool decodes) {
  if (busy) {
    mBusy->setProgress(0, 0);
    mBusy->setText(decodes ? tr("Decoding the probe's continuation, then tracing it with both masks…")
                                : tr("Tracing the probe with both masks…"));
    mInfo->clear();  // (the row above says what runs; the explanation comes with the result)
  }
  mBusy->setVisible(busy);
}

void MaskEditor::cancel() {
  if (!mJob->running()) return;
  mAgain = false;
  ++mRequest;
  mJob->cancel();
  setBusy(false);
  mStale = true;  // shown again (or another mask): traced again
  mInfo->setText(mMasked.empty()
                     ? tr("The trace was cancelled: change the probe or the mask to trace again.")
                     : tr("The trace was cancelled; the maps show the parameters of an earlier trace."));
  emit traced();
}

QString MaskEditor::inputKey() const {
  return QStringLiteral("%1:%2:").arg(mDoc->generation()).arg(mDoc->dataGeneration()) + mProbe->currentText();
}

void MaskEditor::refresh() {
  if (!isVisible()) {  // traced when seen
    mStale = true;
    if (mJob->running()) {
      ++mRequest;
      mJob->cancel();
      setBusy(false);
    }
    return;
  }
  if (mJob->running() && inputKey() == mRunningKey) {
    // the same input with newer parameters (training published them): after the running trace, not instead of
    // it — frequent publishing never starves the view
    mAgain = true;
    return;
  }
  const bool keep = !mMasked.empty() && inputKey() == mShownKey;  // only newer parameters: the maps stay until then
  mStale = false;
  mAgain = false;
  ++mRequest;
  mJob->cancel();  // a result for the old input would be dropped anyway
  setBusy(false);
  if (!keep) clearShown();  // (kept: the maps, their tokens and their layer and head choice stay until the new traces)
  mTokens.clear();
  mExample = {};
  mExampleParams.reset();
  if (const QString why = mDoc->viewProblem(); !why.isEmpty()) return showNothing(why);  // never on other data
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  const auto probe = tok && mDoc->hasModel() ? mDoc->probeText(mProbe->currentText()) : std::nullopt;
  if (!probe) {
    return showNothing(tr("Build a model and pick a probe: its decoder self-attention is shown under another mask."));
  }
  const gb::Config& c = mDoc->config();
  if (!probe->decodes()) {  // its example is cheap: made here, traced at once or on the worker
    auto e = gb::probe_example(c, *mDoc->sharedParams(), *tok, *probe);
    if (!e) {
      return showNothing(tr("This probe does not fit the model."));
    }
    mExample = std::move(*e);
    mTokens.clear();
    for (int t : mExample.x) mTokens << QString::fromStdString(tok->display(t));
    makeMask();
    trace(keep);
    return;
  }
  // the model's own continuation first (up to ℓ_max decoding steps), then both traces: on the worker when long
  const std::vector<int> longest(size_t(c.max_len), 0);
  const double cost = gb::probe_cost(c, *tok, *probe) +
                      2 * gb::trace_cost(c, gb::Example{c.is_ed() ? longest : std::vector<int>{}, longest});
  auto out = std::make_shared<MaskTraces>();
  const auto params = mDoc->sharedParams();
  const auto sharedTok = mDoc->sharedTokenizer();
  const Kind kind = Kind(mKind->currentData().toInt());
  const int k = mSize->value();
  const gb::MatF drawn = mMask;
  const qint64 cap = MemoryLimit::capBytes();  // (the settings belong to the GUI thread)
  auto work = [c, params, sharedTok, probe, kind, k, drawn, out, cap](const std::function<bool(int, int)>& progress) {
    // the decoding counts as the first third of the progress, the traces as the rest
    out->example = gb::probe_example(c, *params, *sharedTok, *probe, [&progress](int done, int total) {
      return !progress || progress(done, 3 * std::max(1, total));
    });
    if (!out->example) {
      out->unfit = !progress || progress(0, 1);  // (not cancelled: it does not fit)
      return out->unfit;
    }
    const qint64 need = 2 * gb::trace_memory(c, *out->example);
    out->memory = gb::check_memory(gb::ErrorCode::TraceMemory, need, cap);
    if (out->memory) return true;  // (said in take)
    const MemoryLimit::Reservation held = MemoryLimit::reserve(need);  // (atomic: any thread) while the traces are made
    const int n = int(out->example->x.size());
    out->mask = maskFor(kind, n, k, drawn);
    return traceBoth(c, *params, *out, [&progress](int done, int total) {
      return !progress || progress(total / 2 + done, total + total / 2);
    });
  };
  const quint64 request = mRequest;
  auto take = [this, out, request, sharedTok, params] {
    if (request != mRequest) return;  // another request since
    setBusy(false);
    if (out->unfit || !out->example) {
      return showNothing(tr("This probe does not fit the model."));
    }
    if (out->memory) return showNothing(errorText(*out->memory));
    mExample = std::move(*out->example);
    mExampleParams = params;  // the continuation is these parameters' own
    mTokens.clear();
    for (int t : mExample.x) mTokens << QString::fromStdString(sharedTok->display(t));
    mMask = out->mask;
    makeMask();  // the mask as set now (it may have changed while the probe was decoded)
    if (mMask != out->mask) return trace();  // (decodes again first when newer parameters arrived meanwhile)
    showResult(out->plain, *out->masked);
  };
  if (cost <= mSyncBudget) {
    work({});
    take();
    return;
  }
  runOnWorker(work, take, /*decodes=*/true, keep);
}

void MaskEditor::runOnWorker(std::function<bool(const std::function<bool(int, int)>&)> work,
                             std::function<void()> take, bool decodes, bool keepShown) {
  // the maps of another mask or input go until the new ones are traced; newer parameters of what is shown keep
  // them until then (no blank maps at every publication while training)
  if (!keepShown) showTraces();
  setBusy(true, decodes);
  mRunningKey = inputKey();
  mJob->run([this, work, take](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    if (!work([&ctx](int done, int total) { return ctx.progress(done, total); })) return {};  // cancelled
    return [this, take] {
      take();
      if (mAgain) {  // newer parameters arrived meanwhile
        mAgain = false;
        refresh();
      }
    };
  });
}

void MaskEditor::makeMask() {
  const int n = int(mExample.x.size());
  if (n == 0) return;
  mMask = maskFor(Kind(mKind->currentData().toInt()), n, mSize->value(), mMask);
}

void MaskEditor::toggleCell(int key, int query) {
  if (mExample.x.empty()) return;  // no probe traced, or its continuation on its way: nothing to draw on yet
  if (key < 0 || query < 0 || key >= mMask.rows() || query >= mMask.cols()) return;
  mMask(key, query) = mMask(key, query) > 0 ? 0.0f : 1.0f;
  {
    QSignalBlocker b(mKind);  // the mask is kept: drawn from here on
    mKind->setCurrentIndex(mKind->findData(int(Kind::Drawn)));
  }
  trace();
}

void MaskEditor::trace(bool keepShown) {
  if (mExample.x.empty() && mDoc->hasModel()) {
    // the probe's example is not made yet: it is on its way (its mask is made when it arrives, from the settings
    // then), or it was cancelled — then it is made again
    if (!busy()) refresh();
    return;
  }
  if (mExampleParams && mExampleParams != mDoc->sharedParams()) {
    // the continuation is older parameters' (newer ones arrived while it was decoded): decoded again with the
    // mask as set now — its tokens may differ
    mExample = {};
    mExampleParams.reset();
    if (!busy()) refresh();
    else mAgain = true;  // (the running work's result comes first, then this)
    return;
  }
  mAgain = false;  // (the traces below use the newest parameters)
  ++mRequest;
  mJob->cancel();
  setBusy(false);
  if (!keepShown) clearShown();
  if (mExample.x.empty()) {
    showTraces();
    emit traced();
    return;
  }
  const gb::Config c = mDoc->config();
  // two traces (the model's mask and this one), against the memory there is
  const qint64 need = 2 * gb::trace_memory(c, mExample);
  if (const QString memory = MemoryLimit::traceProblem(need); !memory.isEmpty()) return showNothing(memory);
  const auto params = mDoc->sharedParams();
  auto out = std::make_shared<MaskTraces>();
  out->example = mExample;
  out->mask = mMask;
  // (held from the check until the work's function is let go of: on the worker, when it has traced)
  auto work = [c, params, out, held = MemoryLimit::reserve(need)](const std::function<bool(int, int)>& progress) {
    return traceBoth(c, *params, *out, progress);
  };
  const quint64 request = mRequest;
  auto take = [this, out, request] {
    if (request != mRequest) return;
    setBusy(false);
    showResult(out->plain, *out->masked);
  };
  if (2 * gb::trace_cost(c, mExample) <= mSyncBudget) {
    work({});
    take();
    return;
  }
  runOnWorker(work, take, /*decodes=*/false, keepShown);
}

void MaskEditor::showResult(std::vector<gb::StepRecord>& plain, gb::Result<std::vector<gb::StepRecord>>& masked) {
  if (!masked) {
    mInfo->setText(errorText(masked.error()));
    clearShown();
  } else {
    mPlain = std::move(plain);
    mMasked = std::move(*masked);
    mShownTokens = mTokens;
    mShownMask = mMask;
    mShownKey = inputKey();
    mInfo->setText(tr("The decoder's self-attention on the probe under this mask, for inspection: the model was "
                      "trained with M_uni. Rows are keys t_z, columns queries t_x; hatched cells are masked."));
  }
  showTraces();
  emit traced();
}

void MaskEditor::showNothing(const QString& why) {
  mInfo->setText(why);
  clearShown();
  showTraces();
  emit traced();
}

void MaskEditor::clearShown() {
  mMasked.clear();
  mPlain.clear();
  mShownTokens.clear();
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
  const QStringList& tokens = mShownTokens;  // (the traces' own: the next probe's may be on its way)
  for (int j = 0; j < tokens.size(); ++j)
    queries << tr("%1→%2").arg(tokens[j], j + 1 < tokens.size() ? tokens[j + 1] : tr("?"));
  const QString queryAxis = tr("query t_x (reads → predicts)");
  mMaskView->setMatrix(mShownMask, tr("key t_z"), queryAxis, tokens, queries);
  mWeights->setMatrix(masked[l]->heads[h].A, tr("key t_z"), queryAxis, tokens, queries);
  mCausal->setMatrix(plain[l]->heads[h].A, tr("key t_z"), queryAxis, tokens, queries);
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
