// flowlayout.h — items side by side, wrapping to the next line when the room ends (after Qt's Flow Layout
// example): rows of controls that fit a 1024-pixel projector as well as a wide screen, instead of making the tab
// wider than its room.
#pragma once

#include <QLayout>
#include <QList>

class FlowLayout : public QLayout {
 public:
  explicit FlowLayout(QWidget* parent = nullptr, int hSpacing = -1, int vSpacing = -1);
  ~FlowLayout() override;
  void addItem(QLayoutItem* item) override;
  int count() const override { return int(mItems.size()); }
  QLayoutItem* itemAt(int index) const override { return mItems.value(index); }
  QLayoutItem* takeAt(int index) override;
  Qt::Orientations expandingDirections() const override { return {}; }
  bool hasHeightForWidth() const override { return true; }
  int heightForWidth(int width) const override { return doLayout(QRect(0, 0, width, 0), true); }
  QSize minimumSize() const override;
  QSize sizeHint() const override { return minimumSize(); }
  void setGeometry(const QRect& rect) override;

 private:
  int doLayout(const QRect& rect, bool testOnly) const;
  int spacing(Qt::Orientation o) const;
  QList<QLayoutItem*> mItems;
  int mH, mV;
};
