#include "lossplot.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

LossPlot::LossPlot(QWidget* parent) : QWidget(parent) {
  mPlot = new QCustomPlot(this);
  mPlot->setObjectName(QStringLiteral("lossPlot"));
  mPlot->setMinimumHeight(180);
  mPlot->addGraph();
  mPlot->graph(0)->setName(tr("training loss"));
  mPlot->graph(0)->setPen(QPen(QColor(0x00, 0x72, 0xb2), 1.5));  // Okabe–Ito blue
  mPlot->addGraph();
  mPlot->graph(1)->setName(tr("validation loss"));
  mPlot->graph(1)->setPen(QPen(QColor(0xd5, 0x5e, 0x00), 2));     // Okabe–Ito vermillion
  mPlot->graph(1)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 5));
  mPlot->xAxis->setLabel(tr("step"));
  mPlot->yAxis->setLabel(tr("loss J"));
  mPlot->legend->setVisible(true);
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
  mRepaint->setInterval(40);  // at most 25 repaints a second, however fast the trainer reports
  connect(mRepaint, &QTimer::timeout, this, [this] {
    if (mDirty) rebuild();
  });
  mRepaint->start();
  connect(mLog, &QCheckBox::toggled, this, [this](bool on) {
    mPlot->yAxis->setScaleType(on ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (on) mPlot->yAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    else mPlot->yAxis->setTicker(QSharedPointer<QCPAxisTicker>(new QCPAxisTicker));
    rebuild();
  });
  connect(mSmooth, &QCheckBox::toggled, this, [this] { rebuild(); });
  connect(mPlot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
    const double step = mPlot->xAxis->pixelToCoord(e->position().x());
    if (mSteps.isEmpty()) return;
    const auto it = std::lower_bound(mSteps.begin(), mSteps.end(), step);
    const qsizetype i = std::clamp<qsizetype>(it - mSteps.begin(), 0, mSteps.size() - 1);
    mReadout->setText(tr("step %1: loss %2").arg(mSteps[i]).arg(QLocale().toString(mLoss[i], 'f', 4)));
  });
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

void LossPlot::clear() {
  mSteps.clear();
  mLoss.clear();
  mValSteps.clear();
  mValLoss.clear();
  rebuild();
}

int LossPlot::trainingPoints() const { return int(mSteps.size()); }

void LossPlot::rebuild() {
  mDirty = false;
  QVector<double> y = mLoss;
  if (mSmooth->isChecked() && !y.isEmpty()) {  // exponential moving average, as TensorBoard does
    double s = y[0];
    for (double& v : y) v = s = 0.9 * s + 0.1 * v;
  }
  mPlot->graph(0)->setData(mSteps, y, true);
  mPlot->graph(1)->setData(mValSteps, mValLoss, true);
  mPlot->rescaleAxes();
  mPlot->replot(QCustomPlot::rpQueuedReplot);
}
