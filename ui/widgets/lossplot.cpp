#include "lossplot.h"

#include "appearance.h"
#include "colormaps.h"
#include "figureexport.h"
#include "logticker.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

LossPlot::LossPlot(QWidget* parent) : QWidget(parent) {
  mPlot = new QCustomPlot(this);
  mPlot->setObjectName(QStringLiteral("lossPlot"));
  installExportMenu(mPlot);  // Copy image, Save as PNG / SVG / PDF
  mPlot->setMinimumHeight(180);
  // a 1.5 px line of thousands of points drawn as one polyline, not segment by segment (the same picture)
  mPlot->setPlottingHint(QCP::phFastPolylines, true);
  mPlot->addGraph();
  mPlot->graph(0)->setName(tr("training loss"));
  mPlot->graph(0)->setPen(QPen(QColor(0x00, 0x72, 0xb2), 1.5));  // Okabe–Ito blue
  mPlot->addGraph();
  mPlot->graph(1)->setName(tr("validation loss"));
  mPlot->graph(1)->setPen(QPen(QColor(0xd5, 0x5e, 0x00), 2));     // Okabe–Ito vermillion
  mPlot->graph(1)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
  mPlot->xAxis->setLabel(tr("step"));
  mPlot->yAxis->setLabel(tr("loss J"));
  placeLegendAbove(mPlot);  // never over the curve
  auto colours = [this] {
    const Appearance& look = Appearance::get();
    for (int i = 0; i < 2; ++i) {
      QPen pen = mPlot->graph(i)->pen();
      pen.setColor(look.series(i));
      mPlot->graph(i)->setPen(pen);
    }
    QCPScatterStyle sc = mPlot->graph(1)->scatterStyle();
    sc.setPen(QPen(look.series(1), look.lineWidth(1.5)));
    sc.setBrush(look.background());
    mPlot->graph(1)->setScatterStyle(sc);
  };
  Appearance::get().attach(mPlot);
  colours();
  connect(&Appearance::get(), &Appearance::changed, this, colours);
  mPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  mPlot->setAccessibleName(tr("Loss curve"));
  mPlot->setAccessibleDescription(tr("The training loss (blue line) and the validation loss (orange dots) over the "
                                     "steps; the status above says the latest values."));
  mLog = new QCheckBox(tr("Log scale"), this);
  mLog->setAccessibleDescription(tr("Shows the loss on a logarithmic axis"));
  mSmooth = new QCheckBox(tr("Smooth"), this);
  mSmooth->setAccessibleDescription(tr("Shows a moving average of the training loss"));
  mReadout = new QLabel(this);
  auto* row = new QHBoxLayout;
  row->addWidget(mLog);
  row->addWidget(mSmooth);
  row->addStretch(1);
  row->addWidget(mReadout);
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(mPlot, 1);
  v->addLayout(row);
  mRepaint = new QTimer(this);
  // at most 5 repaints a second, however fast the trainer reports: a curve that grows by a few points needs no more
  // (each replot took ~2 ms of the GUI thread, 1.5 % of a core at 10 a second, taken from the training threads)
  mRepaint->setInterval(200);
  connect(mRepaint, &QTimer::timeout, this, [this] {
    if (mDirty && isVisible()) follow();  // hidden: showEvent catches up
  });
  mRepaint->start();
  connect(mLog, &QCheckBox::toggled, this, [this](bool on) {
    if (on) makePowerOfTenAxis(mPlot->yAxis);
    else makeLinearAxis(mPlot->yAxis);
    rebuild();
  });
  connect(mSmooth, &QCheckBox::toggled, this, [this] { rebuild(); });
  connect(mPlot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    const double step = mPlot->xAxis->pixelToCoord(e->position().x());
    if (mSteps.isEmpty()) return;
    const auto it = std::lower_bound(mSteps.begin(), mSteps.end(), step);
    const qsizetype i = std::clamp<qsizetype>(it - mSteps.begin(), 0, mSteps.size() - 1);
    mReadout->setText(mLogLikelihood
                          ? tr("iteration %1: log-likelihood %2 nats").arg(mSteps[i]).arg(QLocale().toString(mLoss[i], 'f', 2))
                          : tr("step %1: loss %2").arg(mSteps[i]).arg(QLocale().toString(mLoss[i], 'f', 4)));
  });
}

void LossPlot::showLogLikelihood() {
  mLogLikelihood = true;
  mLog->setChecked(false);
  mLog->hide();
  mSmooth->setChecked(false);
  mSmooth->hide();
  mPlot->graph(0)->setName(tr("log-likelihood of the training data"));
  mPlot->graph(1)->removeFromLegend();
  mPlot->xAxis->setLabel(tr("EM iteration"));
  mPlot->yAxis->setLabel(tr("log P(data) in nats"));
  mPlot->setAccessibleName(tr("Log-likelihood per EM iteration"));
  mPlot->setAccessibleDescription(tr("The training data's log-likelihood under the parameters each EM iteration "
                                     "started from: EM never lowers it."));
  rebuild();
}

void LossPlot::setTrainingLossSummed(bool summed) {
  if (mLogLikelihood) return;
  const QString training = summed ? tr("training loss J, summed over the example's tokens") : tr("training loss");
  const QString validation = summed ? tr("validation loss, per token") : tr("validation loss");
  if (mPlot->graph(0)->name() == training && mPlot->graph(1)->name() == validation) return;
  mPlot->graph(0)->setName(training);
  mPlot->graph(1)->setName(validation);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}

void LossPlot::addTraining(double step, double loss) {
  mSteps.push_back(step);
  mLoss.push_back(loss);
  mDirty = true;
}

void LossPlot::addValidation(double step, double loss) {
  mValSteps.push_back(step);
  mValLoss.push_back(loss);
  mDirty = true;
}

void LossPlot::showHistory(const std::vector<gb::HistoryPoint>& h, quint64 revision) {
  bool restarted = false;
  if (revision != mRevision || h.size() < mHistoryRead) {  // another history, or points gone: all again
    mRevision = revision;
    mSteps.clear();
    mLoss.clear();
    mValSteps.clear();
    mValLoss.clear();
    mHistoryRead = 0;
    mLastValidationStep = -1;
    restarted = true;
  }
  // a validation arrives just after its step's point: the last few points read are looked at again for it
  for (size_t i = mHistoryRead >= 4 ? mHistoryRead - 4 : 0; i < h.size(); ++i) {
    const gb::HistoryPoint& q = h[i];
    if (i >= mHistoryRead) {
      if (!mLogLikelihood) addTraining(q.step, q.loss);
      else if (q.loglik) addTraining(q.step, *q.loglik);
    }
    if (!mLogLikelihood && q.val_loss && q.step > mLastValidationStep) {
      addValidation(q.step, *q.val_loss);
      mLastValidationStep = q.step;
    }
  }
  mHistoryRead = h.size();
  // read all again: the graphs refilled at once (cleared now and refilled at the next repaint, they showed an empty
  // frame between — at every append of a long run, whose newest point replaces the one before)
  if (restarted) rebuild();
}

void LossPlot::flush() {
  if (mDirty && isVisible()) follow();  // hidden: showEvent catches up
}

void LossPlot::clear() {
  mRevision = ~quint64(0);  // showHistory reads its history all again
  mSteps.clear();
  mLoss.clear();
  mValSteps.clear();
  mValLoss.clear();
  rebuild();
}

void LossPlot::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mDirty) follow();
}

int LossPlot::trainingPoints() const { return int(mSteps.size()); }

void LossPlot::rebuild() {
  mPlot->graph(0)->data()->clear();
  mPlot->graph(1)->data()->clear();
  mShown = mShownVal = 0;
  mLo = std::numeric_limits<double>::infinity();
  mHi = -mLo;
  follow();
}

void LossPlot::follow() {
  mDirty = false;
  // only the points that came since are added (a long run has tens of thousands: copying them all ten times a
  // second made the longest stall of a 30-minute soak grow with the run, and left the allocator fragmented)
  const bool smooth = mSmooth->isChecked();  // exponential moving average, as TensorBoard does
  auto extend = [this](double l) {
    if (std::isfinite(l)) mLo = std::min(mLo, l), mHi = std::max(mHi, l);
  };
  for (; mShown < mSteps.size(); ++mShown) {
    double y = mLoss[mShown];
    if (smooth) y = mEma = mShown == 0 ? y : 0.9 * mEma + 0.1 * y;
    mPlot->graph(0)->addData(mSteps[mShown], y);
    extend(y);
  }
  for (; mShownVal < mValSteps.size(); ++mShownVal) {
    mPlot->graph(1)->addData(mValSteps[mShownVal], mValLoss[mShownVal]);
    extend(mValLoss[mShownVal]);
  }
  // a sensible frame, however few the points: steps from 0, and the loss with room above and below
  double last = 1, lo = mLo, hi = mHi;
  for (const auto* v : {&mSteps, &mValSteps})
    if (!v->isEmpty()) last = std::max(last, v->back());
  mPlot->xAxis->setRange(0, last < 10 ? 10 : last * 1.02);
  if (lo <= hi) {
    if (mPlot->yAxis->scaleType() == QCPAxis::stLinear) {
      const double pad = std::max((hi - lo) * 0.05, std::max(1e-3, std::abs(hi) * 0.1));
      // (a loss is ≥ 0: the frame starts at 0 at the lowest; a log-likelihood is negative and gets its own range)
      mPlot->yAxis->setRange(mLogLikelihood ? lo - pad : std::max(0.0, lo - pad), hi + pad);
    } else {
      lo = std::max(lo, 1e-9);
      mPlot->yAxis->setRange(lo / (hi / lo < 1.5 ? 1.5 : 1.1), std::max(hi, lo) * (hi / lo < 1.5 ? 1.5 : 1.1));
    }
  } else {  // no points (New, another model): a plain frame, not the range of the run that went
    mPlot->yAxis->setRange(mPlot->yAxis->scaleType() == QCPAxis::stLinear ? QCPRange(0, 1) : QCPRange(0.1, 10));
  }
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}
