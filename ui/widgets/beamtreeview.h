// beamtreeview.h — beam search drawn as a tree (gb::BeamResult::tree): one column per level, each node its token,
// log p and running score Σ log p; the candidates kept at their level drawn filled, the pruned ones greyed,
// hypotheses ended by <eos> marked, and the winner's path bold. The levels can be shown one at a time (the
// presenter's keys step through them). The view draws the core's nodes; it computes nothing of its own.
#pragma once

#include "core/decode/session.h"

#include <QRectF>
#include <QString>
#include <QVector>
#include <QWidget>

#include <functional>

class BeamTreeView : public QWidget {
  Q_OBJECT
 public:
  explicit BeamTreeView(QWidget* parent = nullptr);

  struct Node {
    int index = -1;   // in the core's tree
    int parent = -1;  // −1: a child of the start
    int depth = 0;
    int token = -1;
    QString text;
    double logp = 0, score = 0, normalized = 0;
    bool pruned = false, finished = false, winner = false;
    QRectF rect;      // where it is drawn
  };
  // start: how the sequence the search starts from is shown (its last tokens); display: a token's text.
  void setTree(const gb::BeamResult& r, const QString& start, const std::function<QString(int)>& display);
  void clear();
  bool isEmpty() const { return mNodes.isEmpty(); }
  const QVector<Node>& nodes() const { return mNodes; }  // every node of the core's tree, in its order
  int levels() const { return mLevels; }
  // Levels drawn: 0 … levels(); the deeper nodes are not drawn yet (the search as far as it has come).
  int shownLevels() const { return mShown; }
  void setShownLevels(int n);
  QVector<int> drawnNodes() const;  // the nodes drawn now (indices into nodes())
  QString nodeText(int i) const;    // what hovering node i says
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override { return {200, 120}; }

 signals:
  void shownLevelsChanged(int n);

 protected:
  void paintEvent(QPaintEvent* e) override;
  void mouseMoveEvent(QMouseEvent* e) override;
  void changeEvent(QEvent* e) override;  // the font: the layout again

 private:
  void layoutNodes();
  QVector<Node> mNodes;
  QString mStart;
  QRectF mStartRect;
  int mLevels = 0, mShown = 0;
  QSize mSize{200, 120};
};
