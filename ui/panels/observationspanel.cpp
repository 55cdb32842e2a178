#include "observationspanel.h"

#include "appearance.h"
#include "controllers/modeldocument.h"
#include "controllers/observationscontroller.h"
#include "widgets/figureexport.h"
#include "widgets/textlabel.h"

#include "core/family.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <numbers>

ObservationsPanel::ObservationsPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent)
    : QWidget(parent), mDoc(doc), mCtl(new ObservationsController(doc, trainer, this)) {
  mSequence = new QComboBox(this);
  mSequence->setObjectName(QStringLiteral("observationsSequence"));
  mSequence->setAccessibleName(tr("Sequences shown"));
  mSequence->setMinimumContentsLength(12);  // (its longest entry must not widen the tab)
  mSequence->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mX = new QComboBox(this);
  mX->setObjectName(QStringLiteral("observationsX"));
  mX->setAccessibleName(tr("Dimension across"));
  mY = new QComboBox(this);
  mY->setObjectName(QStringLiteral("observationsY"));
  mY->setAccessibleName(tr("Dimension up"));
  mInfo = new QLabel(this);
  mInfo->setObjectName(QStringLiteral("observationsInfo"));
  makeTextLabel(mInfo);
  mPlot = new QCustomPlot(this);
  mPlot->setObjectName(QStringLiteral("observationsPlot"));
  mPlot->setAccessibleName(tr("Observations coloured by their Viterbi state, with each state's Gaussians"));
  mPlot->setMinimumHeight(240);
  installExportMenu(mPlot);
  Appearance::get().attach(mPlot);
  mPlot->legend->setVisible(true);
  mPlot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignRight | Qt::AlignTop);
  auto* row = new QHBoxLayout;
  auto* seqLabel = new QLabel(tr("Sequences"), this);
  seqLabel->setBuddy(mSequence);
  auto* xLabel = new QLabel(tr("Across"), this);
  xLabel->setBuddy(mX);
  auto* yLabel = new QLabel(tr("Up"), this);
  yLabel->setBuddy(mY);
  row->addWidget(seqLabel);
  row->addWidget(mSequence, 1);
  // the two dimensions plotted, on their own row and only when there is a choice (D > 2): beside the sequences
  // they made the tab wider than its area at 1280×800 in German
  mDims = new QWidget(this);
  auto* dims = new QHBoxLayout(mDims);
  dims->setContentsMargins(0, 0, 0, 0);
  dims->addWidget(xLabel);
  dims->addWidget(mX, 1);
  dims->addWidget(yLabel);
  dims->addWidget(mY, 1);
  auto* v = new QVBoxLayout(this);
  v->addLayout(row);
  v->addWidget(mDims);
  v->addWidget(mInfo);
  v->addWidget(mPlot, 1);
  connect(mSequence, &QComboBox::activated, this, [this] { mCtl->setSequence(mSequence->currentData().toInt()); });
  connect(mX, &QComboBox::activated, this, &ObservationsPanel::draw);
  connect(mY, &QComboBox::activated, this, &ObservationsPanel::draw);
  connect(mCtl, &ObservationsController::changed, this, &ObservationsPanel::draw);
  connect(mDoc, &ModelDocument::dataChanged, this, &ObservationsPanel::fillChoices);
  connect(mDoc, &ModelDocument::modelChanged, this, &ObservationsPanel::fillChoices);
  connect(&Appearance::get(), &Appearance::changed, this, &ObservationsPanel::draw);
  fillChoices();
  draw();
}

void ObservationsPanel::fillChoices() {
  // the sequences of the set (all of its first ones, or one), and the dimensions to plot (D > 2: any two of them)
  // (a list of at most kListed: a large numbers file has 10⁵ sequences; the presenter's keys reach them all)
  constexpr int kListed = 1000;
  const int n = mCtl->sequenceCount();
  const bool validation = mDoc->hasData() && !mDoc->data().val.empty();
  const int shown = std::min(n, int(ObservationsController::kShown));
  const QString all = n == 0       ? tr("No sequences of observations yet")
                      : validation ? (shown == 1 ? tr("The first validation sequence")
                                                 : tr("The first %1 validation sequences").arg(shown))
                                   : (shown == 1 ? tr("The first training sequence")
                                                 : tr("The first %1 training sequences").arg(shown));
  const int listed = std::min(n, kListed);
  if (mSequence->count() != listed + 1 || mSequence->itemText(0) != all ||
      (mCtl->sequence() >= listed && mSequence->findData(mCtl->sequence()) < 0)) {
    QSignalBlocker b(mSequence);
    mSequence->clear();
    mSequence->addItem(all, -1);
    for (int i = 0; i < listed; ++i) mSequence->addItem(tr("Sequence %1").arg(i + 1), i);
    if (mCtl->sequence() >= listed) mSequence->addItem(tr("Sequence %1").arg(mCtl->sequence() + 1), mCtl->sequence());
  }
  mSequence->setCurrentIndex(std::max(0, mSequence->findData(mCtl->sequence())));
  const int D = mDoc->hasData() && mDoc->data().observations() ? mDoc->data().obs_dim : 0;
  if (mX->count() != D) {
    QSignalBlocker bx(mX), by(mY);
    mX->clear();
    mY->clear();
    for (int d = 0; d < D; ++d) {
      mX->addItem(tr("o[%1]").arg(d + 1), d);
      mY->addItem(tr("o[%1]").arg(d + 1), d);
    }
    mX->setCurrentIndex(0);
    mY->setCurrentIndex(std::min(1, D - 1));
  }
  mDims->setVisible(D > 2);
}

void ObservationsPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mStale) draw();
}

void ObservationsPanel::draw() {
  if (!isVisible()) {  // hidden: drawn when shown
    mStale = true;
    return;
  }
  mStale = false;
  mPlot->clearGraphs();
  mPlot->clearPlottables();
  const ObservationsTrace* t = mCtl->trace();
  mStates.clear();
  mCurves.clear();
  mEllipses = 0;
  if (!t || t->obs.empty()) {
    mInfo->setText(mCtl->problem());
    mPlot->legend->setVisible(false);
    mPlot->replot(QCustomPlot::rpQueuedReplot);
    return;
  }
  const gb::HmmGmmParams<float>& g = t->params->gmm;
  const int K = int(g.pi.size()), M = int(g.weight.rows());
  const int D = int(t->obs.front().rows());
  const int dx = std::clamp(mX->currentData().toInt(), 0, D - 1), dy = std::clamp(mY->currentData().toInt(), 0, D - 1);
  const Appearance& look = Appearance::get();
  // one sequence: its path in time, thin and grey, under the points
  if (t->obs.size() == 1) {
    auto* path = new QCPCurve(mPlot->xAxis, mPlot->yAxis);
    const gb::MatF& o = t->obs.front();
    QVector<double> ts, xs, ys;
    for (Eigen::Index s = 0; s < o.cols(); ++s) {
      ts << double(s);
      xs << o(dx, s);
      ys << o(dy, s);
    }
    path->setData(ts, xs, ys);
    path->setPen(QPen(look.series(2), 1));
    path->setName(tr("the sequence in time"));
  }
  // the points, one graph per state the paths use (a model of 256 states drew 768 plottables: 0.8 s a replot)
  mStates.clear();
  mCurves.clear();
  std::vector<QVector<double>> xsOf(static_cast<size_t>(K)), ysOf(static_cast<size_t>(K));  // the points by state, one pass
  for (size_t s = 0; s < t->obs.size(); ++s)
    for (Eigen::Index i = 0; i < t->obs[s].cols(); ++i) {
      const size_t k = size_t(std::clamp(t->viterbi[s][size_t(i)], 0, K - 1));
      xsOf[k] << t->obs[s](dx, i);
      ysOf[k] << t->obs[s](dy, i);
    }
  // six colours (Okabe–Ito), then again with another marker and a dashed ellipse: state 7 is not state 1
  static const QCPScatterStyle::ScatterShape kShapes[] = {QCPScatterStyle::ssDisc, QCPScatterStyle::ssSquare,
                                                          QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond,
                                                          QCPScatterStyle::ssCross, QCPScatterStyle::ssPlus};
  auto cycle = [](int k) { return (k / 6) % 6; };
  for (int k = 0; k < K; ++k) {
    if (xsOf[size_t(k)].isEmpty()) continue;
    QCPGraph* gr = mPlot->addGraph();
    mStates.push_back(k);
    gr->setLineStyle(QCPGraph::lsNone);
    const QColor c = look.category(k);
    gr->setScatterStyle(QCPScatterStyle(kShapes[cycle(k)], c, 6));
    gr->setPen(QPen(c));
    gr->setName(tr("state %1").arg(k + 1));
    gr->setData(xsOf[size_t(k)], ysOf[size_t(k)]);  // (not sorted by x: a scatter draws points, in any order)
  }
  // the Gaussians of those states: an ellipse at 2σ in the two dimensions shown. A small model: each its own curve,
  // its line as strong as the component's weight; a large one: each state's in one curve (gaps between them), at
  // most kMostEllipses of them, each state's heaviest first
  double lo_x = 1e300, hi_x = -1e300, lo_y = 1e300, hi_y = -1e300;
  auto grow = [&](double x, double y) {
    lo_x = std::min(lo_x, x), hi_x = std::max(hi_x, x), lo_y = std::min(lo_y, y), hi_y = std::max(hi_y, y);
  };
  for (const gb::MatF& o : t->obs)
    for (Eigen::Index i = 0; i < o.cols(); ++i) grow(o(dx, i), o(dy, i));
  mEach = K * M <= kEachOwnCurve;
  const int perState = mEach ? M : std::clamp(kMostEllipses / std::max<int>(1, int(mStates.size())), 1, M);
  mEllipses = 0;
  constexpr int kSides = 48;
  auto ring = [&](int k, int m, QVector<double>& ts, QVector<double>& xs, QVector<double>& ys) {
    const Eigen::Index r = Eigen::Index(k) * M + m;
    const double mx = g.mean(r, dx), my = g.mean(r, dy);
    const double sx = 2 * std::sqrt(double(g.var(r, dx))), sy = 2 * std::sqrt(double(g.var(r, dy)));
    for (int j = 0; j <= kSides; ++j) {
      const double a = 2 * std::numbers::pi * j / kSides;
      ts << double(ts.size());
      xs << mx + sx * std::cos(a);
      ys << my + sy * std::sin(a);
    }
    grow(mx, my);
    ++mEllipses;
  };
  for (int k : mStates) {
    std::vector<int> order(static_cast<size_t>(M));
    for (int m = 0; m < M; ++m) order[size_t(m)] = m;
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return g.weight(a, k) > g.weight(b, k); });
    order.resize(size_t(perState));
    if (mEach) std::sort(order.begin(), order.end());
    QCPCurve* e = nullptr;
    QVector<double> ts, xs, ys;
    for (int m : order) {
      if (mEach) {
        ts.clear(), xs.clear(), ys.clear();
        ring(k, m, ts, xs, ys);
        e = new QCPCurve(mPlot->xAxis, mPlot->yAxis);
        e->setData(ts, xs, ys);
        QColor c = look.category(k);
        const double w = std::clamp(double(g.weight(m, k)), 0.0, 1.0);
        c.setAlphaF(float(0.3 + 0.7 * w));
        e->setPen(QPen(c, 1 + 2 * w, cycle(k) == 0 ? Qt::SolidLine : Qt::DashLine));
        e->setName(tr("state %1, Gaussian %2 (w = %3)").arg(k + 1).arg(m + 1).arg(QLocale().toString(w, 'f', 2)));
        e->removeFromLegend();
        mCurves[{k, m}] = e;
      } else {
        if (!ts.isEmpty()) {  // a gap between two ellipses
          ts << double(ts.size());
          xs << qQNaN();
          ys << qQNaN();
        }
        ring(k, m, ts, xs, ys);
      }
    }
    if (!mEach) {
      e = new QCPCurve(mPlot->xAxis, mPlot->yAxis);
      e->setData(ts, xs, ys);
      e->setPen(QPen(look.category(k), 1, cycle(k) == 0 ? Qt::SolidLine : Qt::DashLine));
      e->setName(tr("the Gaussians of state %1").arg(k + 1));
      e->removeFromLegend();
    }
  }
  mPlot->setNotAntialiasedElements(mEach ? QCP::aeNone : QCP::aePlottables);
  look.stylePlot(mPlot);
  mPlot->legend->setVisible(mStates.size() <= 12);
  mPlot->xAxis->setLabel(tr("o[%1]").arg(dx + 1));
  mPlot->yAxis->setLabel(tr("o[%1]").arg(dy + 1));
  const double px = std::max(1e-6, hi_x - lo_x) * 0.08, py = std::max(1e-6, hi_y - lo_y) * 0.08;
  mPlot->xAxis->setRange(lo_x - px, hi_x + px);
  mPlot->yAxis->setRange(lo_y - py, hi_y + py);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
  const QString which = t->obs.size() == 1 ? (t->validation ? tr("validation sequence %1") : tr("training sequence %1"))
                                                 .arg(t->index.front() + 1)
                        : t->validation   ? tr("the first %1 validation sequences").arg(t->obs.size())
                                          : tr("the first %1 training sequences").arg(t->obs.size());  // (more than one)
  QString info = tr("After %1 EM iterations: each point is one observation of %2, coloured by the state of Viterbi's "
                    "most probable path; each ellipse is one Gaussian of a state at two standard deviations (stronger "
                    "for a larger mixture weight). log p = %3 nats, %4 per observation.")
                     .arg(mCtl->step())
                     .arg(which)
                     .arg(QLocale().toString(t->loglik, 'f', 1))
                     .arg(QLocale().toString(t->steps ? t->loglik / double(t->steps) : 0.0, 'f', 3));
  if (mEllipses < K * M)
    info += QLatin1Char(' ') + tr("Drawn: the %1 heaviest Gaussians of the %2 states the paths use (of %3 × %4).")
                                   .arg(mEllipses).arg(mStates.size()).arg(K).arg(M);
  if (t->agreement)
    info += QLatin1Char(' ') + tr("The paths agree with the states that drew the data at %1 % of the time steps (the "
                                  "states numbered as well as they match: EM does not know their names).")
                                   .arg(QLocale().toString(100 * *t->agreement, 'f', 1));
  mInfo->setText(info);
}

bool ObservationsPanel::presentNext() {
  const int n = mCtl->sequenceCount();
  if (n == 0) return false;
  mCtl->setSequence(mCtl->sequence() + 1 >= n ? -1 : mCtl->sequence() + 1);
  fillChoices();
  return true;
}

bool ObservationsPanel::presentBack() {
  const int n = mCtl->sequenceCount();
  if (n == 0) return false;
  mCtl->setSequence(mCtl->sequence() < 0 ? n - 1 : mCtl->sequence() - 1);
  fillChoices();
  return true;
}

bool ObservationsPanel::presentFirst() {
  if (mCtl->sequence() == -1) return false;
  mCtl->setSequence(-1);
  fillChoices();
  return true;
}

QWidget* ObservationsPanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* label = new QLabel(strip);  // one line (our own words): a wrapped label asked the strips for three lines
  label->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  auto update = [this, label] { label->setText(mSequence->currentText()); };
  update();
  connect(mCtl, &ObservationsController::changed, strip, update);
  h->addWidget(label, 1);
  addStepButtons(this, strip, h, tr("Previous sequence"), tr("Next sequence"));
  return strip;
}

QJsonObject ObservationsPanel::viewState() const {
  return {{QStringLiteral("sequence"), mCtl->sequence()},
          {QStringLiteral("x"), mX->currentData().toInt()},
          {QStringLiteral("y"), mY->currentData().toInt()}};
}

void ObservationsPanel::setViewState(const QJsonObject& state) {
  if (state.contains(QStringLiteral("x"))) mX->setCurrentIndex(std::max(0, mX->findData(state.value(QStringLiteral("x")).toInt())));
  if (state.contains(QStringLiteral("y"))) mY->setCurrentIndex(std::max(0, mY->findData(state.value(QStringLiteral("y")).toInt())));
  if (state.contains(QStringLiteral("sequence"))) mCtl->setSequence(state.value(QStringLiteral("sequence")).toInt(-1));
  fillChoices();
  draw();
}
