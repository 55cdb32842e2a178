#include "beamtreeview.h"

#include "appearance.h"

#include <QEvent>
#include <QFontMetrics>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>

#include <algorithm>
#include <map>

BeamTreeView::BeamTreeView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setAccessibleName(tr("Beam search tree"));
  setBackgroundRole(QPalette::Base);
  setAutoFillBackground(true);
}

void BeamTreeView::clear() {
  mNodes.clear();
  mLevels = mShown = 0;
  mStart.clear();
  setAccessibleDescription(QString());
  layoutNodes();
}

void BeamTreeView::setTree(const gb::BeamResult& r, const QString& start, const std::function<QString(int)>& display) {
  mNodes.clear();
  mStart = start;
  mLevels = 0;
  for (size_t i = 0; i < r.tree.size(); ++i) {
    const gb::BeamNode& b = r.tree[i];
    Node n;
    n.index = int(i);
    n.parent = b.parent;
    n.depth = b.depth;
    n.token = b.token;
    n.text = display(b.token);
    n.logp = b.logp;
    n.score = b.score;
    n.normalized = b.normalized;
    n.pruned = b.pruned;
    n.finished = b.finished;
    mNodes << n;
    mLevels = std::max(mLevels, b.depth);
  }
  for (int node = r.best; node >= 0 && node < mNodes.size(); node = mNodes[node].parent) mNodes[node].winner = true;
  mShown = mLevels;
  int pruned = 0;
  for (const Node& n : mNodes) pruned += n.pruned ? 1 : 0;
  setAccessibleDescription(tr("%1 levels, %2 candidates, %3 pruned").arg(mLevels).arg(mNodes.size()).arg(pruned));
  layoutNodes();
  emit shownLevelsChanged(mShown);
}

void BeamTreeView::setShownLevels(int n) {
  n = std::clamp(n, 0, mLevels);
  if (n == mShown) return;
  mShown = n;
  update();
  emit shownLevelsChanged(mShown);
}

QVector<int> BeamTreeView::drawnNodes() const {
  QVector<int> out;
  for (int i = 0; i < mNodes.size(); ++i)
    if (mNodes[i].depth <= mShown) out << i;
  return out;
}

QString BeamTreeView::nodeText(int i) const {
  const Node& n = mNodes.value(i);
  const QLocale l;
  QString s = tr("“%1” at level %2: log p = %3, Σ log p = %4, score / length^α = %5")
                  .arg(n.text)
                  .arg(n.depth)
                  .arg(l.toString(n.logp, 'f', 3), l.toString(n.score, 'f', 3), l.toString(n.normalized, 'f', 3));
  if (n.pruned) s += QLatin1Char('\n') + tr("pruned: not among the B best of its level");
  else s += QLatin1Char('\n') + tr("kept: among the B best of its level");
  if (n.finished) s += QLatin1Char('\n') + tr("finished: ended by <eos>");
  if (n.winner) s += QLatin1Char('\n') + tr("on the winner's path");
  return s;
}

void BeamTreeView::changeEvent(QEvent* e) {
  QWidget::changeEvent(e);
  if (e->type() == QEvent::FontChange) layoutNodes();
}

void BeamTreeView::layoutNodes() {
  const QFontMetrics fm(font());
  const int pad = fm.averageCharWidth();
  const double rowH = fm.height() * 2 + pad, gapY = pad * 0.6, gapX = fm.averageCharWidth() * 4;
  // a column as wide as its widest node: the token, and log p · Σ log p
  std::map<int, double> colW;
  colW[0] = fm.horizontalAdvance(mStart) + 2 * pad;
  for (const Node& n : mNodes) {
    const double w = std::max(fm.horizontalAdvance(n.text), fm.horizontalAdvance(QStringLiteral("−00.00 · Σ −00.00"))) + 2 * pad;
    colW[n.depth] = std::max(colW[n.depth], w);
  }
  std::map<int, double> colX;
  double x = pad;
  for (int d = 0; d <= mLevels; ++d) {
    colX[d] = x;
    x += colW[d] + gapX;
  }
  // each level in the order of its parents (so children sit beside their parent), then by score
  std::map<int, double> order;  // node → its place in its level; −1 (the start) at 0
  double height = rowH + 2 * pad;
  for (int d = 1; d <= mLevels; ++d) {
    QVector<int> level;
    for (int i = 0; i < mNodes.size(); ++i)
      if (mNodes[i].depth == d) level << i;
    std::stable_sort(level.begin(), level.end(), [&](int a, int b) {
      const double pa = mNodes[a].parent < 0 ? 0 : order[mNodes[a].parent];
      const double pb = mNodes[b].parent < 0 ? 0 : order[mNodes[b].parent];
      if (pa != pb) return pa < pb;
      return mNodes[a].score > mNodes[b].score;
    });
    for (int k = 0; k < level.size(); ++k) {
      Node& n = mNodes[level[k]];
      order[n.index] = k;
      n.rect = QRectF(colX[d], pad + k * (rowH + gapY), colW[d], rowH);
    }
    height = std::max(height, pad + level.size() * (rowH + gapY) + pad);
  }
  mStartRect = QRectF(colX[0], pad, colW[0], rowH);
  mSize = QSize(int(x + pad), int(height));
  setMinimumSize(mNodes.isEmpty() ? QSize(200, 120) : mSize);
  updateGeometry();
  update();
}

QSize BeamTreeView::sizeHint() const { return mSize; }

void BeamTreeView::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const Appearance& a = Appearance::get();
  const QFontMetrics fm(font());
  if (mNodes.isEmpty()) {
    p.setPen(a.muted());
    p.drawText(rect().adjusted(8, 8, -8, -8), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
               tr("Beam search draws its tree here: press Beam search."));
    return;
  }
  auto anchorRight = [](const QRectF& r) { return QPointF(r.right(), r.center().y()); };
  auto anchorLeft = [](const QRectF& r) { return QPointF(r.left(), r.center().y()); };
  // edges first, the winner's last (on top)
  for (int pass = 0; pass < 2; ++pass)
    for (const Node& n : mNodes) {
      if (n.depth > mShown || n.winner != (pass == 1)) continue;
      const QRectF from = n.parent < 0 ? mStartRect : mNodes[n.parent].rect;
      QPainterPath path(anchorRight(from));
      const QPointF to = anchorLeft(n.rect);
      const double mid = (path.currentPosition().x() + to.x()) / 2;
      path.cubicTo(QPointF(mid, path.currentPosition().y()), QPointF(mid, to.y()), to);
      p.setPen(QPen(n.winner ? a.text() : n.pruned ? a.grid() : a.muted(), n.winner ? 3.5 : 1.2));
      p.setBrush(Qt::NoBrush);
      p.drawPath(path);
    }
  // the start
  p.setPen(QPen(a.text(), 1.5));
  p.setBrush(a.background());
  p.drawRoundedRect(mStartRect, 4, 4);
  p.drawText(mStartRect, Qt::AlignCenter, mStart);
  const QLocale l;
  QFont bold = font();
  bold.setBold(true);
  for (const Node& n : mNodes) {
    if (n.depth > mShown) continue;
    const QColor ink = n.pruned ? a.muted() : a.text();
    QColor fill = n.pruned ? a.background() : a.series(0);
    fill.setAlphaF(n.pruned ? 1.0 : 0.22);
    p.setBrush(fill);
    p.setPen(QPen(n.winner ? a.text() : n.pruned ? a.grid() : ink, n.winner ? 3 : 1.2,
                  n.pruned ? Qt::DashLine : Qt::SolidLine));
    p.drawRoundedRect(n.rect, 4, 4);
    if (n.finished) {  // ended by <eos>: a second frame
      p.setBrush(Qt::NoBrush);
      p.drawRoundedRect(n.rect.adjusted(3, 3, -3, -3), 3, 3);
    }
    p.setPen(ink);
    p.setFont(n.winner ? bold : font());
    const QRectF top(n.rect.left(), n.rect.top() + 2, n.rect.width(), fm.height());
    const QRectF bottom(n.rect.left(), n.rect.top() + 2 + fm.height(), n.rect.width(), fm.height());
    p.drawText(top, Qt::AlignCenter, fm.elidedText(n.text, Qt::ElideRight, int(n.rect.width()) - 4));
    p.drawText(bottom, Qt::AlignCenter, tr("%1 · Σ %2").arg(l.toString(n.logp, 'f', 2), l.toString(n.score, 'f', 2)));
  }
  p.setFont(font());
}

void BeamTreeView::mouseMoveEvent(QMouseEvent* e) {
  for (const Node& n : mNodes)
    if (n.depth <= mShown && n.rect.contains(e->position())) {
      QToolTip::showText(e->globalPosition().toPoint(), nodeText(n.index), this);
      return;
    }
  QToolTip::hideText();
}
