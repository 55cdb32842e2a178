#include "kvcacheview.h"

#include "appearance.h"
#include "controllers/decodingcontroller.h"
#include "widgets/figureexport.h"
#include "widgets/matrixview.h"
#include "widgets/textlabel.h"
#include "widgets/axistitle.h"
#include "widgets/colormaps.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace {
// 1234567 → "1.23 M": the class reads the size, not the digits
QString amount(double v) {
  const QLocale l;
  if (v >= 1e9) return KvCacheView::tr("%1 G").arg(l.toString(v / 1e9, 'f', 2));
  if (v >= 1e6) return KvCacheView::tr("%1 M").arg(l.toString(v / 1e6, 'f', 2));
  if (v >= 1e4) return KvCacheView::tr("%1 k").arg(l.toString(v / 1e3, 'f', 1));
  return l.toString(v, 'f', 0);
}
}  // namespace

KvCacheView::KvCacheView(DecodingController* ctl, QWidget* parent) : QWidget(parent), mCtl(ctl) {
  mLayer = new QSpinBox(this);
  mLayer->setObjectName(QStringLiteral("kvLayer"));
  mLayer->setRange(1, 1);
  mLayer->setPrefix(tr("layer "));
  auto* layerLabel = new QLabel(tr("Decoder layer"), this);
  layerLabel->setBuddy(mLayer);
  mLayer->setAccessibleName(tr("Decoder layer of the KV cache"));
  mTitle = new QLabel(this);
  makeTextLabel(mTitle);
  mTitle->setTextFormat(Qt::PlainText);  // (it names <eos>)
  mCrossTitle = new QLabel(this);
  makeTextLabel(mCrossTitle);
  mSelfK = new MatrixView(this);
  mSelfV = new MatrixView(this);
  mCrossK = new MatrixView(this);
  mCrossV = new MatrixView(this);
  mSelfK->setObjectName(QStringLiteral("kvSelfK"));
  mSelfV->setObjectName(QStringLiteral("kvSelfV"));
  mCrossK->setObjectName(QStringLiteral("kvCrossK"));
  mCrossV->setObjectName(QStringLiteral("kvCrossV"));
  mSelfK->plot()->setAccessibleName(tr("Cached keys K of the self-attention"));
  mSelfV->plot()->setAccessibleName(tr("Cached values V of the self-attention"));
  mCrossK->plot()->setAccessibleName(tr("Keys K of the cross-attention, computed once"));
  mCrossV->plot()->setAccessibleName(tr("Values V of the cross-attention, computed once"));
  for (MatrixView* m : {mSelfK, mSelfV, mCrossK, mCrossV}) {
    m->setScaleLabel(QString());
    m->setMinimumSize(120, 120);  // four maps and the chart side by side in the central tab
    m->setScaleVisible(false);    // the room goes to the map and its tokens (hovering gives every value)
  }

  mWork = new QCustomPlot(this);
  mWork->setObjectName(QStringLiteral("kvWork"));
  installExportMenu(mWork);
  mWork->setMinimumSize(180, 150);
  mWork->setAccessibleName(tr("Multiply-adds per step, with and without the KV cache"));
  mCachedGraph = mWork->addGraph();
  mUncachedGraph = mWork->addGraph();
  mCachedGraph->setName(tr("with the cache"));
  mUncachedGraph->setName(tr("without the cache"));
  for (QCPGraph* g : {mCachedGraph, mUncachedGraph}) g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
  setAxisTitle(mWork->xAxis, tr("step (tokens in the context)"));
  auto steps = QSharedPointer<QCPAxisTickerFixed>::create();  // whole steps
  steps->setTickStep(1);
  steps->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  mWork->xAxis->setTicker(steps);
  setAxisTitle(mWork->yAxis, tr("multiply-adds"));
  // above the chart, one entry a line (inside it hid the first point of a line: walkthrough 53; the chart is narrow)
  placeLegendAbove(mWork);
  mWork->legend->setFillOrder(QCPLegend::foRowsFirst);
  auto colours = [this] {
    mCachedGraph->setPen(QPen(Appearance::get().series(0), 2));
    mUncachedGraph->setPen(QPen(Appearance::get().series(1), 2));
  };
  colours();
  Appearance::get().attach(mWork);
  connect(&Appearance::get(), &Appearance::changed, this, colours);
  mCounter = new QLabel(this);
  mCounter->setObjectName(QStringLiteral("kvCounter"));
  makeTextLabel(mCounter);

  auto* head = new QHBoxLayout;
  head->addWidget(layerLabel);
  head->addWidget(mLayer);
  head->addWidget(mTitle, 1);
  auto* maps = mMaps = new QGridLayout;
  maps->addWidget(mSelfK, 0, 0);
  maps->addWidget(mSelfV, 0, 1);
  maps->addWidget(mCrossTitle, 1, 0, 1, 2);
  maps->addWidget(mCrossK, 2, 0);
  maps->addWidget(mCrossV, 2, 1);
  maps->setRowStretch(0, 1);  // the maps share the height; the title between them takes its lines only
  maps->setRowStretch(2, 1);
  auto* right = new QVBoxLayout;
  right->addWidget(mWork, 1);
  right->addWidget(mCounter);
  auto* body = new QHBoxLayout;
  body->addLayout(maps, 3);
  body->addLayout(right, 2);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addLayout(head);
  v->addLayout(body, 1);

  // drawn when seen: a step made while another view is shown costs nothing here
  connect(mCtl, &DecodingController::changed, this, [this] {
    mDirty = true;
    if (isVisible()) redraw();
  });
  connect(mLayer, &QSpinBox::valueChanged, this, [this] {
    mDirty = true;
    if (isVisible()) redraw();
  });
}

void KvCacheView::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mDirty) redraw();
}

void KvCacheView::redraw() {
  mDirty = false;
  const gb::DecodeSession* s = mCtl->session();
  mTotalCached = mTotalUncached = 0;
  if (!s || s->cache().empty()) {
    for (MatrixView* m : {mSelfK, mSelfV, mCrossK, mCrossV}) m->clear();
    mCrossTitle->hide();
    mCrossK->hide();
    mCrossV->hide();
    mTitle->setText(tr("Start decoding: each step adds one column to every layer's cache."));
    mCounter->clear();
    mCachedGraph->data()->clear();
    mUncachedGraph->data()->clear();
    mWork->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  const gb::Config& c = s->config();
  const bool ed = c.is_ed();
  mLayer->setRange(1, c.dec_layers);
  const int l = mLayer->value() - 1;
  const gb::DecodeCacheLayer& cl = s->cache()[size_t(l)];
  const int n = s->cache_length();
  QStringList xs, zs, dims;
  for (int i = 0; i < n && size_t(i) < s->tokens().size(); ++i) xs << mCtl->display(s->tokens()[size_t(i)]);
  for (int t : s->source()) zs << mCtl->display(t);
  // (the sentence above says what rows and columns are; each map names what it is — presenting, the sentence is far
  // from the maps — and the x axes keep their room for the tokens)
  mSelfK->setMatrix(cl.self.K.leftCols(n), tr("keys K"), {}, {}, xs);
  mSelfV->setMatrix(cl.self.V.leftCols(n), tr("values V"), {}, {}, xs);
  // the column the last step computed (the token it chose); the others were read from the cache
  mSelfK->setMarkedColumn(n - 1);
  mSelfV->setMarkedColumn(n - 1);
  // After <eos> the session has run its column too (the forward pass of every chosen token), but no step reads it:
  // said so, and no pending step is counted below (the Next token view ends at the step that chose <eos>).
  const bool ended = mCtl->finished() && s->can_step();
  const QString columns = n == 1 ? tr("1 column") : tr("%1 columns").arg(n);
  mTitle->setText(ended ? tr("Self-attention K (left) and V (right) of layer %1: dₑ rows, %2, one per token of x. "
                             "The outlined column is <eos>'s: computed when it was chosen, read by no step, since "
                             "decoding ends there.")
                              .arg(l + 1)
                              .arg(columns)
                        : tr("Self-attention K (left) and V (right) of layer %1: dₑ rows, %2, one per token of x. The "
                             "outlined column is the one the last step computed; the others were read from the "
                             "cache, not computed again.")
                              .arg(l + 1)
                              .arg(columns));
  mCrossTitle->setVisible(ed);
  mCrossK->setVisible(ed);
  mCrossV->setVisible(ed);
  mMaps->setRowStretch(2, ed ? 1 : 0);  // decoder-only: the self-attention's maps take the height (half was empty)
  if (ed) {
    mCrossK->setMatrix(cl.cross.K, tr("keys K"), {}, {}, zs);
    mCrossV->setMatrix(cl.cross.V, tr("values V"), {}, {}, zs);
    mCrossTitle->setText(tr("Cross-attention K (left) and V (right) of layer %1, one column per source token: computed "
                            "once from the encoder output when decoding started, and read at every step.")
                             .arg(l + 1));
  }
  // the multiply-adds: each step taken, and the pending distribution's (its column is the newest in the cache)
  QVector<double> keys, cached, uncached;
  auto add = [&](int position, const gb::DecodeWork& w) {
    keys << position;
    cached << w.cached;
    uncached << w.uncached;
    mTotalCached += w.cached;
    mTotalUncached += w.uncached;
  };
  for (const gb::DecodeStep& st : s->steps()) add(st.position, st.work);
  const int pending = int(s->tokens().size());
  const gb::DecodeWork now = gb::decode_work(c, std::min(pending, c.max_len), int(s->source().size()));
  if (s->can_step() && !ended) add(pending, now);  // the pending step's work (the distribution it will draw from)
  double top = 1;
  for (double u : uncached) top = std::max(top, u);
  // in thousands or millions: the class reads 2.1 million, not 2100000
  const double unit = top >= 2e6 ? 1e6 : top >= 2e3 ? 1e3 : 1;
  for (double& w : cached) w /= unit;
  for (double& w : uncached) w /= unit;
  setAxisTitle(mWork->yAxis, unit == 1e6   ? tr("multiply-adds (millions)")
                             : unit == 1e3 ? tr("multiply-adds (thousands)")
                                           : tr("multiply-adds"));
  mCachedGraph->setData(keys, cached, true);
  mUncachedGraph->setData(keys, uncached, true);
  mWork->xAxis->setRange(keys.isEmpty() ? 0 : keys.front() - 0.5, keys.isEmpty() ? 1 : keys.back() + 0.5);
  mWork->yAxis->setRange(0, top / unit * 1.08);
  mWork->replot(QCustomPlot::rpQueuedReplot);
  // what the cache cost once, at the start: the encoder, the cross-attention's K and V, the prompt's columns
  mTotalCached += gb::decode_setup_work(c, int(s->prefix_length()), int(s->source().size()));
  const gb::DecodeWork last = s->can_step() && !ended ? now : (s->steps().empty() ? now : s->steps().back().work);
  mCounter->setText(tr("The latest step: %1 multiply-adds with the cache, %2 without (%3×). Since the start (the "
                       "cache's one-time work included), %4 against %5: the cache saved %6 %.")
                        .arg(amount(last.cached), amount(last.uncached))
                        .arg(QLocale().toString(last.uncached / std::max(1.0, last.cached), 'f', 1))
                        .arg(amount(mTotalCached), amount(mTotalUncached))
                        .arg(QLocale().toString(100.0 * (1 - mTotalCached / std::max(1.0, mTotalUncached)), 'f', 0)));
}
