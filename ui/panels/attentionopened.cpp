#include "attentionopened.h"

#include "widgets/matrixview.h"
#include "widgets/textlabel.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <cmath>

AttentionOpenedView::AttentionOpenedView(QWidget* parent, bool headChooser) : QWidget(parent) {
  mTitle = new QLabel(this);
  mTitle->setObjectName(QStringLiteral("openedTitle"));
  makeTextLabel(mTitle);
  auto* head = new QHBoxLayout;
  if (headChooser) {
    mHeadBox = new QSpinBox(this);
    mHeadBox->setObjectName(QStringLiteral("openedHead"));
    mHeadBox->setRange(1, 1);
    mHeadBox->setPrefix(tr("head "));
    auto* label = new QLabel(tr("Head"), this);
    label->setBuddy(mHeadBox);
    mHeadBox->setAccessibleName(tr("Head of the attention opened up"));
    head->addWidget(label);
    head->addWidget(mHeadBox);
    connect(mHeadBox, &QSpinBox::valueChanged, this, [this](int h) { setHead(h - 1); });
  }
  head->addWidget(mTitle, 1);
  auto* grid = new QGridLayout;
  grid->setSpacing(4);
  const char* names[kParts] = {"openedQ", "openedK", "openedV", "openedDots", "openedScaled", "openedMask",
                               "openedWeights", "openedOutput"};
  for (int i = 0; i < kParts; ++i) {
    const MatrixView::Look look = i == Mask ? MatrixView::Look::Binary
                                  : i == Weights ? MatrixView::Look::Probability
                                                 : MatrixView::Look::Diverging;
    auto* m = new MatrixView(this, look);
    m->setObjectName(QLatin1String(names[i]));
    m->setMinimumSize(100, 90);
    m->setScaleLabel(QString());
    if (i != Weights) m->setScaleVisible(false);  // the map keeps the room (hovering gives every value)
    else m->scale()->setBarWidth(8);  // (the bar and its numbers took half of a narrow map's width)
    mViews[size_t(i)] = m;
    auto* t = new QLabel(this);  // wrapped where the map is narrow ("A = softmax(S) per column" was cut at 1024)
    t->setWordWrap(true);
    t->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    mTitles[size_t(i)] = t;
    // row 1: what the head reads and writes (Q, K, V, Y); row 2: how the weights come about
    const int row = i <= V || i == Output ? 0 : 2;
    const int col = i <= V ? i : i == Output ? 3 : i - Dots;
    grid->addWidget(t, row, col);
    grid->addWidget(m, row + 1, col);
    grid->setRowStretch(row + 1, 1);
  }
  mViews[Weights]->setHoverFunction([this](int r, int c) { return weightHover(r, c); });
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addLayout(head);
  v->addLayout(grid, 1);
  clear();
}

void AttentionOpenedView::clear() {
  mRecord.heads.clear();
  for (MatrixView* m : mViews) m->clear();
  for (QLabel* t : mTitles) t->clear();
  mTitle->setText(tr("Run an attention line to open it up."));
}

void AttentionOpenedView::setRecord(const gb::AttentionRecord& r, const QStringList& keys, const QStringList& queries,
                                    const QStringList& predicted, int head) {
  mRecord = r;
  mKeys = keys;
  mQueries = queries;
  mPredicted = predicted;
  mHead = std::clamp(head, 0, std::max(0, int(r.heads.size()) - 1));
  if (mHeadBox) {
    QSignalBlocker b(mHeadBox);
    mHeadBox->setRange(1, std::max(1, int(r.heads.size())));
    mHeadBox->setValue(mHead + 1);
  }
  redraw();
}

void AttentionOpenedView::setHead(int head) {
  if (mRecord.heads.empty()) return;
  head = std::clamp(head, 0, int(mRecord.heads.size()) - 1);
  if (head == mHead) return;
  mHead = head;
  if (mHeadBox) {
    QSignalBlocker b(mHeadBox);
    mHeadBox->setValue(head + 1);
  }
  redraw();
  emit headChanged(head);
}

QString AttentionOpenedView::weightHover(int key, int query) const {
  const gb::HeadRecord* h = shown();
  if (!h || key < 0 || query < 0 || key >= h->A.rows() || query >= h->A.cols()) return {};
  const QLocale l;
  auto n = [&l](double v) { return l.toString(v, 'g', 5); };
  QString s = tr("query %1 (%2) → key %3 (%4)").arg(query + 1).arg(mQueries.value(query)).arg(key + 1).arg(mKeys.value(key));
  if (!mPredicted.isEmpty())
    s += QLatin1Char('\n') + tr("column %1 reads “%2” and predicts “%3”")
                                 .arg(query + 1)
                                 .arg(mQueries.value(query), mPredicted.value(query));
  if (h->mask(key, query) <= 0)
    return s + QLatin1Char('\n') + tr("masked: this query may not look at this key, its weight is 0");
  const double dh = double(h->Q.rows());
  const double e = std::exp(double(h->S(key, query)) - double(h->col_max(query)));
  s += QLatin1Char('\n') + tr("dot product kᵀq = %1").arg(n(h->dots(key, query)));
  s += QLatin1Char('\n') + tr("scaled by 1/√d_h = 1/√%1: s = %2").arg(int(dh)).arg(n(h->S(key, query)));
  s += QLatin1Char('\n') + tr("exp(s − max) = exp(%1 − %2) = %3")
                               .arg(n(h->S(key, query)), n(h->col_max(query)), n(e));
  s += QLatin1Char('\n') + tr("softmax denominator Σ exp(s − max) over the column = %1").arg(n(h->col_sum(query)));
  s += QLatin1Char('\n') + tr("weight = %1 / %2 = %3").arg(n(e), n(h->col_sum(query)), n(h->A(key, query)));
  return s;
}

void AttentionOpenedView::redraw() {
  const gb::HeadRecord* h = shown();
  if (!h) {
    clear();
    return;
  }
  const int dh = int(h->Q.rows());
  // the titles above the maps say what rows and columns are: the axes keep their room for the tokens
  const QString keyAxis, dim;
  // a decoder's query column j reads x_j and predicts x_{j+1}: the axis says so when the tokens are known
  QStringList queryLabels = mQueries;
  if (!mPredicted.isEmpty())
    for (int j = 0; j < queryLabels.size(); ++j)
      queryLabels[j] = tr("%1→%2").arg(mQueries.value(j), mPredicted.value(j));
  const QString queryAxis;
  mViews[Q]->setMatrix(h->Q, dim, queryAxis, {}, queryLabels);
  mViews[K]->setMatrix(h->K, dim, keyAxis, {}, mKeys);
  mViews[V]->setMatrix(h->V, dim, keyAxis, {}, mKeys);
  mViews[Dots]->setMatrix(h->dots, keyAxis, queryAxis, mKeys, queryLabels);
  mViews[Scaled]->setMatrix(h->S, keyAxis, queryAxis, mKeys, queryLabels);
  mViews[Mask]->setMatrix(h->mask, keyAxis, queryAxis, mKeys, queryLabels);
  mViews[Weights]->setMatrix(h->A, keyAxis, queryAxis, mKeys, queryLabels);
  mViews[Output]->setMatrix(h->Y, dim, queryAxis, {}, queryLabels);
  mTitles[Q]->setText(tr("Q: d_h × queries"));
  mTitles[K]->setText(tr("K: d_h × keys"));
  mTitles[V]->setText(tr("V: d_h × keys"));
  mTitles[Output]->setText(tr("Y = V·A: d_h × queries"));
  mTitles[Dots]->setText(tr("KᵀQ: keys × queries"));
  mTitles[Scaled]->setText(tr("S = KᵀQ / √%1").arg(dh));
  mTitles[Mask]->setText(mRecord.kind == gb::AttentionRecord::Kind::Causal ? tr("mask: t_z ≤ t_x")
                                                                         : tr("mask: all ones"));
  mTitles[Weights]->setText(tr("A = softmax(S) per column"));
  const QString kind = mRecord.kind == gb::AttentionRecord::Kind::Causal  ? tr("masked self-attention")
                       : mRecord.kind == gb::AttentionRecord::Kind::Cross ? tr("cross-attention")
                                                                         : tr("bidirectional self-attention");
  QString title = tr("Head %1 of %2, %3: Y = V·softmax(mask(KᵀQ / √d_h)), d_h = %4. Keys run down, queries across.")
                      .arg(mHead + 1)
                      .arg(mRecord.heads.size())
                      .arg(kind)
                      .arg(dh);
  if (!mPredicted.isEmpty()) title += QLatin1Char(' ') + tr("Query column j reads xⱼ and predicts xⱼ₊₁ (labelled “reads→predicts”).");
  title += QLatin1Char(' ') + tr("Purple above 0, orange below, white 0; hover a weight to see how it is made.");
  mTitle->setText(title);
  for (int i = 0; i < kParts; ++i) mViews[size_t(i)]->plot()->setAccessibleName(mTitles[size_t(i)]->text());
}
