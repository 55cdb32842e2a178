#include "flowlayout.h"

#include <QStyle>
#include <QWidget>

#include <algorithm>

FlowLayout::FlowLayout(QWidget* parent, int hSpacing, int vSpacing) : QLayout(parent), mH(hSpacing), mV(vSpacing) {}

FlowLayout::~FlowLayout() {
  while (QLayoutItem* item = takeAt(0)) delete item;
}

void FlowLayout::addItem(QLayoutItem* item) { mItems.append(item); }

QLayoutItem* FlowLayout::takeAt(int index) {
  return index >= 0 && index < mItems.size() ? mItems.takeAt(index) : nullptr;
}

QSize FlowLayout::minimumSize() const {
  QSize size;  // the widest item: a line holds at least one
  for (const QLayoutItem* item : mItems) size = size.expandedTo(item->minimumSize().expandedTo(item->sizeHint()));
  const QMargins m = contentsMargins();
  return size + QSize(m.left() + m.right(), m.top() + m.bottom());
}

void FlowLayout::setGeometry(const QRect& rect) {
  QLayout::setGeometry(rect);
  doLayout(rect, false);
}

int FlowLayout::spacing(Qt::Orientation o) const {
  const int s = o == Qt::Horizontal ? mH : mV;
  if (s >= 0) return s;
  QWidget* w = parentWidget();
  if (!w) return 6;
  return w->style()->pixelMetric(o == Qt::Horizontal ? QStyle::PM_LayoutHorizontalSpacing
                                                     : QStyle::PM_LayoutVerticalSpacing,
                                 nullptr, w);
}

int FlowLayout::doLayout(const QRect& rect, bool testOnly) const {
  const QMargins m = contentsMargins();
  const QRect r = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom());
  const int sx = std::max(0, spacing(Qt::Horizontal)), sy = std::max(0, spacing(Qt::Vertical));
  int x = r.x(), y = r.y(), line = 0;
  for (QLayoutItem* item : mItems) {
    if (item->isEmpty()) continue;  // hidden widgets take no room
    const QSize hint = item->sizeHint();
    if (x + hint.width() > r.right() + 1 && line > 0) {  // the next line
      x = r.x();
      y += line + sy;
      line = 0;
    }
    if (!testOnly) item->setGeometry(QRect(QPoint(x, y), QSize(std::min(hint.width(), r.width()), hint.height())));
    x += hint.width() + sx;
    line = std::max(line, hint.height());
  }
  return y + line - rect.y() + m.bottom();
}
