#include "timelineview.h"

#include "appearance.h"
#include "controllers/decodingcontroller.h"
#include "widgets/textlabel.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTimer>
#include <QFontMetrics>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

TimelineView::TimelineView(DecodingController* ctl, QWidget* parent) : QWidget(parent), mCtl(ctl) {
  auto* stripTitle = new QLabel(tr("The steps so far, coloured by p (click one to go back to it):"), this);
  makeTextLabel(stripTitle);
  mStrip = new QWidget(this);
  mStripRow = new QHBoxLayout(mStrip);
  mStripRow->setContentsMargins(2, 2, 2, 2);
  mStripRow->setSpacing(3);
  mStripRow->addStretch(1);
  auto* scroll = mStripScroll = new QScrollArea(this);
  scroll->setObjectName(QStringLiteral("timelineStrip"));
  scroll->setWidget(mStrip);
  scroll->setWidgetResizable(true);
  scroll->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setAccessibleName(tr("Steps of the decoding"));
  fitStripHeight();

  auto* forceLabel = new QLabel(tr("Take instead"), this);
  mForce = new QLineEdit(this);
  mForce->setObjectName(QStringLiteral("forceToken"));
  mForce->setPlaceholderText(tr("a token of the vocabulary"));
  mForce->setToolTip(tr("The next step takes this token, whatever q says: a branch when another was taken there. "
                        "(Clicking a bar in Next token does the same.)"));
  forceLabel->setBuddy(mForce);
  mForce->setAccessibleName(tr("Token to take at the next step"));
  mForceButton = new QPushButton(tr("Take it"), this);
  mForceButton->setObjectName(QStringLiteral("forceButton"));
  mCompare = new QPushButton(tr("Compare greedy, sampling, beam"), this);
  mCompare->setObjectName(QStringLiteral("compareButton"));
  mCompare->setToolTip(tr("From here: greedy decoding (τ = 0) to the end, sampling with the current settings to the "
                          "end, and the beam search's best — each a branch below; the sequence stays as it is"));
  auto* forceRow = new QHBoxLayout;
  forceRow->addWidget(forceLabel);
  forceRow->addWidget(mForce, 1);
  forceRow->addWidget(mForceButton);
  forceRow->addSpacing(12);
  forceRow->addWidget(mCompare);

  mBranches = new QTreeWidget(this);
  mBranches->setObjectName(QStringLiteral("branchTable"));
  mBranches->setAccessibleName(tr("Branches of the decoding"));
  mBranches->setHeaderLabels({tr("Branch"), tr("How"), tr("Text"), tr("Tokens"), tr("Σ log p"), tr("Forks off")});
  mBranches->header()->setSectionResizeMode(2, QHeaderView::Stretch);
  mBranches->header()->setStretchLastSection(false);
  mBranches->setToolTip(tr("Double-click (or Enter) to go to a branch: its steps are taken again exactly"));
  mInfo = new QLabel(this);
  mInfo->setObjectName(QStringLiteral("timelineInfo"));
  makeTextLabel(mInfo);

  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(stripTitle);
  v->addWidget(scroll);
  v->addLayout(forceRow);
  v->addWidget(mBranches, 1);
  v->addWidget(mInfo);

  connect(mForce, &QLineEdit::returnPressed, this, &TimelineView::force);
  connect(mForceButton, &QPushButton::clicked, this, &TimelineView::force);
  connect(mCompare, &QPushButton::clicked, this, [this] {
    const QString err = mCtl->compare(mWidth, mAlpha);
    if (!err.isEmpty()) mInfo->setText(err);
  });
  connect(mCtl, &DecodingController::goToFinished, mInfo, &QLabel::setText);
  connect(mCtl, &DecodingController::compareFinished, this, [this](const QString& err) {
    mInfo->setText(err.isEmpty() ? tr("Greedy, sampled and beam search continuations are branches now: compare "
                                      "their Σ log p, or double-click one to go there.")
                                 : err);
  });
  connect(mBranches, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem* item) {
    // after the activation has returned: going there redraws the tree, and the item with it
    const int node = item->data(0, Qt::UserRole).toInt();
    QTimer::singleShot(0, this, [this, node] { mInfo->setText(mCtl->goTo(node)); });
  });
  auto changed = [this] {
    mDirty = true;
    if (isVisible()) redraw();
  };
  connect(mCtl, &DecodingController::changed, this, changed);
  connect(mCtl, &DecodingController::busyChanged, this, changed);  // (a beam search's end on the worker)
}

void TimelineView::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mDirty) redraw();
}

void TimelineView::changeEvent(QEvent* e) {
  QWidget::changeEvent(e);
  if (e->type() == QEvent::FontChange || e->type() == QEvent::StyleChange) fitStripHeight();
}

void TimelineView::fitStripHeight() {
  if (!mStripScroll) return;
  int row = fontMetrics().height() * 2 + 16;
  for (const QPushButton* b : mSteps) row = std::max(row, b->sizeHint().height() + 4);
  mStripScroll->setFixedHeight(row + mStripScroll->horizontalScrollBar()->sizeHint().height());
}

void TimelineView::force() {
  const QString text = mForce->text();
  if (!mCtl->session()) {
    mInfo->setText(tr("Start decoding first."));
    return;
  }
  int id = mCtl->tokenizer().id_of(text.toStdString());
  if (id < 0)  // the way the views show it (a space as ␣, <eos>, …)
    for (int t = 0; t < mCtl->session()->config().vocab_size && id < 0; ++t)
      if (mCtl->display(t) == text) id = t;
  if (id < 0) {
    mInfo->setText(tr("“%1” is not a token of the vocabulary.").arg(text));
    return;
  }
  const QString err = mStepper ? mStepper(id) : mCtl->step(id);
  mInfo->setText(err);
  if (err.isEmpty()) mForce->clear();
}

void TimelineView::redraw() {
  mDirty = false;
  const gb::DecodeSession* s = mCtl->session();
  // (deleteLater: redraw may run inside a click of one of these buttons)
  for (QLabel* l : mPrompt) {
    l->hide();
    l->deleteLater();
  }
  for (QPushButton* b : mSteps) {
    b->hide();
    b->deleteLater();
  }
  mPrompt.clear();
  mSteps.clear();
  mBranches->clear();
  const bool idle = mCtl->busy() == DecodingController::Work::None;
  mForce->setEnabled(s && idle);
  mForceButton->setEnabled(s && idle && !mCtl->finished());
  mCompare->setEnabled(s && idle && !mCtl->finished());
  if (!s) return;
  const Appearance& a = Appearance::get();
  const QLocale l;
  // the prompt, grey; then each new token, its background as strong as its p
  int at = 0;
  for (size_t i = 0; i < s->prefix_length(); ++i) {
    auto* t = new QLabel(mCtl->display(s->tokens()[i]), mStrip);
    a.colourText(t, a.muted());
    mStripRow->insertWidget(at++, t);
    mPrompt << t;
  }
  const auto& steps = s->steps();
  for (size_t k = 0; k < steps.size(); ++k) {
    const gb::DecodeStep& st = steps[k];
    const double p = st.p_chosen;
    auto* b = new QPushButton(QStringLiteral("%1\n%2").arg(mCtl->display(st.choice.token), l.toString(p, 'f', 2)), mStrip);
    b->setObjectName(QStringLiteral("timelineStep%1").arg(k + 1));
    const QColor base = a.background(), ink = a.series(0);
    const QColor fill = QColor::fromRgbF(base.redF() + (ink.redF() - base.redF()) * p,
                                         base.greenF() + (ink.greenF() - base.greenF()) * p,
                                         base.blueF() + (ink.blueF() - base.blueF()) * p);
    const QColor text = fill.lightnessF() < 0.55 ? QColor(Qt::white) : QColor(Qt::black);
    b->setStyleSheet(QStringLiteral("QPushButton { background: %1; color: %2; border: 1px solid %3; padding: 2px 6px; }")
                         .arg(fill.name(), text.name(), a.grid().name()));
    b->setToolTip(tr("Step %1: “%2”, p = %3 (%4). Click to go back to this step: it is drawn again, or another "
                     "token taken.")
                      .arg(k + 1)
                      .arg(mCtl->display(st.choice.token), l.toString(p, 'f', 3),
                           QString::fromLatin1(gb::choice_name(st.choice.how))));
    b->setAccessibleName(tr("Step %1: %2, p = %3").arg(k + 1).arg(mCtl->display(st.choice.token), l.toString(p, 'f', 2)));
    b->setEnabled(idle);
    connect(b, &QPushButton::clicked, this, [this, k] {
      if (mCtl->rewindTo(int(k)))
        mInfo->setText(tr("Back at step %1: Next token draws it again; clicking a bar in Next token, or a token "
                          "typed here, makes a branch.")
                           .arg(k + 1));
    });
    mStripRow->insertWidget(at++, b);
    mSteps << b;
  }
  fitStripHeight();
  // the branches as a tree: the first at the top, each later one under the branch it forks off (the earlier branch
  // it shares the most steps with), the current one (x is it, or a part of it) marked
  const auto leaves = mCtl->branchLeaves();
  const auto& path = mCtl->currentPath();
  const int tip = path.empty() ? -1 : path.back();
  QFont bold = font();
  bold.setBold(true);
  std::vector<std::vector<int>> paths;  // per leaf: its nodes from the first new token
  std::vector<QTreeWidgetItem*> items;
  for (size_t k = 0; k < leaves.size(); ++k) {
    const int leaf = leaves[k];
    std::vector<int> p;
    for (int n = leaf; n >= 0; n = mCtl->timeline()[size_t(n)].parent) p.insert(p.begin(), n);
    size_t best = 0;
    int from = -1;
    for (size_t e = 0; e < k; ++e) {
      size_t common = 0;
      while (common < p.size() && common < paths[e].size() && p[common] == paths[e][common]) ++common;
      if (from < 0 || common > best) {
        best = common;
        from = int(e);
      }
    }
    const auto& node = mCtl->timeline()[size_t(leaf)];
    const bool current = tip >= 0 && std::find(p.begin(), p.end(), tip) != p.end();
    auto* item = from < 0 ? new QTreeWidgetItem(mBranches) : new QTreeWidgetItem(items[size_t(from)]);
    item->setText(0, current ? tr("▶ %1").arg(k + 1) : QString::number(k + 1));
    item->setText(1, mCtl->branchHow(leaf));
    item->setText(2, mCtl->branchText(leaf));
    item->setToolTip(1, item->text(1));
    item->setToolTip(2, item->text(2));
    item->setText(3, QString::number(node.depth));
    item->setText(4, l.toString(node.sum_logp, 'f', 3));
    item->setText(5, from < 0 ? QString() : tr("branch %1 at step %2").arg(from + 1).arg(best + 1));
    item->setData(0, Qt::UserRole, leaf);
    item->setTextAlignment(3, Qt::AlignRight | Qt::AlignVCenter);
    item->setTextAlignment(4, Qt::AlignRight | Qt::AlignVCenter);
    if (current)
      for (int c = 0; c < 6; ++c) item->setFont(c, bold);
    // a row as tall as its How lines (the view measured one column only: a third line ran into the row above)
    const QFontMetrics fm(current ? bold : font());
    const QRect box = fm.boundingRect(QRect(), Qt::AlignLeft, item->text(1));
    item->setSizeHint(1, QSize(box.width() + 16, box.height() + 6));
    paths.push_back(std::move(p));
    items.push_back(item);
  }
  mBranches->expandAll();
  // the columns as wide as their contents, but How and Forks off never take the Text column's room: each at most a
  // quarter of the table (How has one way a line; one still too long is elided, its tooltip has it whole)
  const int quarter = std::max(160, mBranches->viewport()->width() / 4);
  for (int c : {0, 1, 3, 4, 5}) {
    mBranches->resizeColumnToContents(c);
    // (How a third: "erzwungen bei Schritt 2" was elided at a quarter of 1024's table)
    const int most = c == 1 ? std::max(200, mBranches->viewport()->width() / 3) : quarter;
    if (mBranches->columnWidth(c) > most) mBranches->setColumnWidth(c, most);
  }
}
