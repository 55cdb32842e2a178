// timelineview.h — the Decoding tab's timeline: every step of the current decoding as a strip of tokens coloured
// by their probability (click one to go back to it), a token typed to be taken instead (a branch), and the
// branches as a tree — each under the branch it forks off, with its text, how it was made and Σ log p — any of
// which can be returned to.
// Greedy, sampling and beam search can be compared on the same input: each becomes a branch. The tree is the
// DecodingController's (its timeline); this view only shows it and asks for the moves.
#pragma once

#include <QWidget>

#include <functional>

class DecodingController;
class QHBoxLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QScrollArea;
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
  // The branches as a tree: one row per branch (its data: its last node), each under the branch it forks off.
  QTreeWidget* branchTable() const { return mBranches; }
  QLabel* infoLabel() const { return mInfo; }
  void setBeamSettings(int width, double alpha) { mWidth = width; mAlpha = alpha; }
  // How a typed token is taken (the Decoding tab's Next token: "for 1 step" honoured); the controller's step if unset.
  void setStepper(std::function<QString(int forced)> f) { mStepper = std::move(f); }

 protected:
  void showEvent(QShowEvent* e) override;
  void changeEvent(QEvent* e) override;

 private:
  void redraw();
  void force();
  void fitStripHeight();  // the strip as tall as its two-line buttons in the current font (presenting makes it larger)
  DecodingController* mCtl;
  QScrollArea* mStripScroll = nullptr;
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
  std::function<QString(int)> mStepper;
};
