// timelineview.h — the Decoding tab's timeline: every step of the current decoding as a strip of tokens coloured
// by their probability (click one to go back to it), a token typed to be taken instead (a branch), and the
// branches as a table — each branch's text, how it was made and Σ log p — any of which can be returned to.
// Greedy, sampling and beam search can be compared on the same input: each becomes a branch. The tree is the
// DecodingController's (its timeline); this view only shows it and asks for the moves.
#pragma once

#include <QWidget>

class DecodingController;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QTreeWidget;

class TimelineView : public QWidget {
  Q_OBJECT
 public:
  explicit TimelineView(DecodingController* ctl, QWidget* parent = nullptr);
  // The strip's buttons: the new tokens of x, step 1 first.
  QList<QPushButton*> stepButtons() const { return mSteps; }
  QLineEdit* forceEdit() const { return mForce; }
  QPushButton* forceButton() const { return mForceButton; }
  QPushButton* compareButton() const { return mCompare; }
  QTreeWidget* branchTable() const { return mBranches; }  // one row per branch; the row's data is its last node
  QLabel* infoLabel() const { return mInfo; }
  void setBeamSettings(int width, double alpha) { mWidth = width; mAlpha = alpha; }

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void redraw();
  void force();
  DecodingController* mCtl;
  QWidget* mStrip;
  QHBoxLayout* mStripRow;
  QList<QPushButton*> mSteps;
  QList<QLabel*> mPrompt;
  QLineEdit* mForce;
  QPushButton *mForceButton, *mCompare;
  QTreeWidget* mBranches;
  QLabel* mInfo;
  int mWidth = 4;
  double mAlpha = 1.0;
  bool mDirty = true;
};
