// observationspanel.h — the Observations tab, for a family that reads observations (core/family.h
// view::kObservations: hmm-gmm, seed 001's HMM for speech): the observations of the validation sequences as points
// in two of their D dimensions, each coloured by the state Viterbi's path gives it, and each state's Gaussians as
// ellipses at two standard deviations (the mixture weight in the line's strength) — so the class sees EM move the
// Gaussians onto the clouds of points and the colours settle into the states that drew them. The paths and the
// agreement with the true states come from the core (ObservationsController); the ellipses are the parameters the
// paths were found with.
#pragma once

#include "presentable.h"

#include <QWidget>

#include <map>
#include <utility>
#include <vector>

class ModelDocument;
class ObservationsController;
class QComboBox;
class QCPCurve;
class QCustomPlot;
class QLabel;
class TrainingController;

class ObservationsPanel : public QWidget, public Presentable {
  Q_OBJECT
 public:
  ObservationsPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent = nullptr);
  ObservationsController* controller() const { return mCtl; }
  QComboBox* sequenceBox() const { return mSequence; }
  QComboBox* xBox() const { return mX; }
  QComboBox* yBox() const { return mY; }
  QCustomPlot* plot() const { return mPlot; }
  QLabel* info() const { return mInfo; }
  // What is drawn: graph i holds the points Viterbi gives state shownStates()[i] (the states the paths use); a small
  // model (K·M ≤ kEachOwnCurve) draws each Gaussian of those states as its own curve (ellipse(k, m)), a larger one
  // each state's heaviest ones in one curve, kMostEllipses at most in all.
  static constexpr int kEachOwnCurve = 48, kMostEllipses = 256;
  const std::vector<int>& shownStates() const { return mStates; }
  QCPCurve* ellipse(int k, int m) const {
    auto it = mCurves.find({k, m});
    return it == mCurves.end() ? nullptr : it->second;
  }
  int ellipsesDrawn() const { return mEllipses; }

  bool presentNext() override;  // the next sequence (after the last: all of them)
  bool presentBack() override;
  bool presentFirst() override;
  bool presentLast() override { return false; }
  QWidget* makePresenterStrip(QWidget* parent) override;
  void setPresenting(bool) override {}
  QJsonObject viewState() const override;  // {"sequence": −1 (all) or its number from 0, "x": d, "y": d}
  void setViewState(const QJsonObject& state) override;

 protected:
  void showEvent(QShowEvent* e) override;

 private:
  void fillChoices();
  void draw();
  ModelDocument* mDoc;
  ObservationsController* mCtl;
  QComboBox* mSequence;
  QComboBox *mX, *mY;
  QWidget* mDims;  // the row of mX and mY
  QLabel* mInfo;
  QCustomPlot* mPlot;
  bool mStale = true;
  std::vector<int> mStates;
  std::map<std::pair<int, int>, QCPCurve*> mCurves;
  bool mEach = true;
  int mEllipses = 0;
};
