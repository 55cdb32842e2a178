#include "statespanel.h"
#include "widgets/numbertext.h"

#include "appearance.h"
#include "controllers/modeldocument.h"
#include "controllers/statescontroller.h"
#include "sampleinputs.h"
#include "widgets/colormaps.h"
#include "widgets/figureexport.h"
#include "widgets/matrixview.h"
#include "widgets/textlabel.h"
#include "widgets/logticker.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace {
// 12 → "₁₂": indices written as the notes write them, never as "h_12" on the screen
QString sub(int n) {
  static const QString digits = QStringLiteral("₀₁₂₃₄₅₆₇₈₉");
  QString out;
  for (QChar ch : QString::number(n)) out += digits[ch.digitValue()];
  return out;
}

// Whole decades around [lo, hi], at least two: the log ticker then labels powers of ten only (within one decade it
// would label 2·10⁻¹, 4·10⁻¹, … into each other on a short plot)
void setDecades(QCPAxis* axis, double lo, double hi) {
  const double top = std::ceil(std::log10(hi) + 1e-9);
  axis->setRange(std::pow(10.0, std::min(std::floor(std::log10(lo)), top - 2)), std::pow(10.0, top));
}
}  // namespace

namespace {
// Steps are counted: ticks at whole numbers only (a ticker of its own chose 2.5 and 7.5)
QSharedPointer<QCPAxisTicker> wholeSteps() {
  auto t = QSharedPointer<QCPAxisTickerFixed>::create();
  t->setTickStep(1);
  t->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
  return t;
}
}  // namespace

StatesPanel::StatesPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent)
    : QWidget(parent), mDoc(doc), mCtl(new StatesController(doc, trainer, this)) {
  mInput = new QComboBox(this);
  mInput->setObjectName(QStringLiteral("statesInput"));
  mInput->setEditable(true);
  mInput->setInsertPolicy(QComboBox::NoInsert);
  mInput->setMinimumContentsLength(16);
  mInput->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mInput->setAccessibleName(tr("Probe the network reads"));
  mInput->lineEdit()->setAccessibleName(mInput->accessibleName());
  mInfo = new QLabel(this);
  makeTextLabel(mInfo);
  mStatesTitle = new QLabel(this);
  mStatesTitle->setWordWrap(true);
  mStates = new MatrixView(this, MatrixView::Look::Diverging);
  mStates->setObjectName(QStringLiteral("statesView"));
  mStates->plot()->setAccessibleName(tr("Hidden states, one column per token"));
  mPosterior = new MatrixView(this, MatrixView::Look::Probability);
  mPosterior->setObjectName(QStringLiteral("posteriorView"));
  mPosterior->plot()->setAccessibleName(tr("State posteriors, one column per token"));
  mPlotTitle = new QLabel(this);
  mPlotTitle->setWordWrap(true);
  mPlot = new QCustomPlot(this);
  mPlot->setObjectName(QStringLiteral("gradientReachPlot"));
  installExportMenu(mPlot);
  mPlot->setMinimumHeight(160);
  mPlot->xAxis->setLabel(tr("steps back from the loss"));
  mPlot->yAxis->setLabel(tr("‖∂J/∂h‖"));
  makePowerOfTenAxis(mPlot->yAxis);
  mPlot->setAccessibleName(tr("How far back the gradient reaches"));
  Appearance::get().attach(mPlot);
  mPlot->addGraph();
  mPlot->graph(0)->setLineStyle(QCPGraph::lsLine);
  mPlot->graph(0)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 5));
  mPlot->addGraph();  // an RNN encoder-decoder's: the encoder's states (graph 0 then holds the decoder's)
  mPlot->graph(1)->setLineStyle(QCPGraph::lsLine);
  mPlot->graph(1)->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, 6));
  auto* row = new QHBoxLayout;
  auto* inputLabel = new QLabel(tr("Probe"), this);
  inputLabel->setBuddy(mInput);
  row->addWidget(inputLabel);
  row->addWidget(mInput, 1);
  auto* v = new QVBoxLayout(this);
  v->addLayout(row);
  v->addWidget(mInfo);
  v->addWidget(mStatesTitle);
  v->addWidget(mStates, 3);
  v->addWidget(mPosterior, 3);
  v->addWidget(mPlotTitle);
  v->addWidget(mPlot, 2);
  connect(mInput->lineEdit(), &QLineEdit::editingFinished, this, [this] {
    if (mInput->currentText() != mCtl->input()) mCtl->setInput(mInput->currentText());
  });
  connect(mInput, &QComboBox::activated, this, [this] { mCtl->setInput(mInput->currentText()); });
  connect(mCtl, &StatesController::changed, this, &StatesPanel::draw);
  connect(mDoc, &ModelDocument::dataChanged, this, &StatesPanel::fillInputs);
  connect(&Appearance::get(), &Appearance::changed, this, &StatesPanel::draw);
  fillInputs();
  draw();
}

void StatesPanel::fillInputs() {
  // a typed probe stays while the data stays; other data brings its own probes (as on every tab that reads one)
  fillSampleInputs(mInput, *mDoc, mFilledData);
  if (mInput->currentText().isEmpty() && mInput->count() > 0) {
    QSignalBlocker b(mInput);
    mInput->setCurrentIndex(0);
  }
  if (mInput->currentText() != mCtl->input()) mCtl->setInput(mInput->currentText());
}

void StatesPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mStale) draw();
}

void StatesPanel::draw() {
  if (!isVisible()) {  // hidden: drawn when shown
    mStale = true;
    return;
  }
  mStale = false;
  const gb::RnnTrace* t = mCtl->trace();
  const bool hmm = mCtl->hmmTrace();
  const Seq2SeqStatesTrace* s2s = mCtl->seq2seqTrace();
  const bool attention = s2s && s2s->trace.alpha.size() > 0;
  mStates->setVisible(t || s2s);
  mPosterior->setVisible(hmm || attention);
  mPlot->setVisible(t || hmm || (s2s && !s2s->trace.dec_grad_norm.empty()));
  mStatesTitle->setVisible(t || hmm || s2s);
  mPlotTitle->setVisible(t || hmm || s2s);
  showLegend(s2s);
  if (!s2s) mPlot->graph(1)->data()->clear();
  if (hmm) return drawHmm();
  if (s2s) return drawSeq2Seq();
  if (!t) {
    mInfo->setText(mCtl->problem());
    mStates->clear();
    mPosterior->clear();
    return;
  }
  mPlot->xAxis->setLabel(tr("steps back from the loss"));
  mPlot->yAxis->setLabel(tr("‖∂J/∂h‖"));
  makePowerOfTenAxis(mPlot->yAxis);
  mPlot->xAxis->setTicker(wholeSteps());
  mPlot->graph(0)->setLineStyle(QCPGraph::lsLine);
  const QStringList& tokens = mCtl->tokens();
  const int n = int(t->H.cols());
  mInfo->setText(tr("The network reads “%1” one token after another: each state hⱼ needs the one before it, so the "
                    "%2 steps run one after another (after %3 training steps).")
                     .arg(mCtl->input()).arg(n).arg(mCtl->step()));
  mStatesTitle->setText(tr("Hidden states h₁ … h%1 (d_h = %2 rows, one column per token read)")
                            .arg(sub(n)).arg(t->H.rows()));
  QStringList rows;
  for (int i = 0; i < int(t->H.rows()); ++i) rows << QString::number(i + 1);
  mStates->setMatrix(t->H, tr("unit of h"), tr("token read"), rows, tokens);
  const gb::MatF H = t->H;
  mStates->setHoverFunction([H, tokens](int row, int col) {
    if (row < 0 || col < 0 || row >= H.rows() || col >= H.cols()) return QString();
    return tr("h%1[%2] = %3 (after “%4”)")
        .arg(sub(col + 1)).arg(row + 1).arg(QLocale().toString(double(H(row, col)), 'f', 3), tokens.value(col));
  });
  // ‖∂J_last/∂h_j‖ against the distance from the loss: entry k of the curve is the state k steps before the one
  // that makes the last prediction
  const auto& g = t->grad_norm;
  QVector<double> xs, ys;
  double lo = 1e300, hi = 0;
  for (int k = 0; k < int(g.size()); ++k) {
    const double v = g[g.size() - 1 - size_t(k)];
    if (!(v > 0) || !std::isfinite(v)) continue;  // a log scale has no 0
    xs << k;
    ys << v;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  }
  mPlot->graph(0)->setData(xs, ys, true);
  mPlot->graph(0)->setPen(QPen(Appearance::get().series(0), 2));
  Appearance::get().stylePlot(mPlot);
  mPlot->xAxis->setRange(-0.5, std::max(1.0, double(g.size()) - 0.5));
  if (hi > 0) setDecades(mPlot->yAxis, lo, hi);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
  const double ratio = hi > 0 && !ys.isEmpty() ? ys.back() / ys.front() : 0;
  mPlotTitle->setText(
      tr("How far back the last prediction's gradient reaches: ‖∂J/∂hⱼ‖ for J = −log P(“%1” | …), against the steps "
         "between hⱼ and the loss. %2 steps back it is %3 of its size at the loss (%4 against %5) — what reaches "
         "an early token is what the network can learn about it.")
          .arg(tokens.value(tokens.size() - 1))
          .arg(xs.isEmpty() ? 0 : int(xs.back()))
          .arg(numberText(ratio, 2), numberText(ys.isEmpty() ? 0.0 : ys.back(), 2),
               numberText(ys.isEmpty() ? 0.0 : ys.front(), 2)));
}

// An HMM: γ as a K × n map of probabilities, and Viterbi's path below it (both from the core, StatesController)
void StatesPanel::drawHmm() {
  const HmmStatesTrace& h = *mCtl->hmmTrace();
  const QStringList& tokens = mCtl->tokens();
  const int n = int(h.posterior.cols()), K = int(h.posterior.rows());
  QString info = tr("The HMM reads “%1”: for each token, how probable each hidden state is given the whole probe "
                    "(forward–backward), and the one most probable path of states (Viterbi), after %2 EM iterations.")
                     .arg(mCtl->input())
                     .arg(mCtl->step());
  if (h.unseen.empty()) {
    info += QLatin1Char(' ') + tr("log P(probe) = %1 nats.").arg(QLocale().toString(h.loglik, 'f', 2));
  } else {
    QStringList names;
    for (int t : h.unseen) names << tr("“%1”").arg(tokens.value(t));
    names.removeDuplicates();
    info += QLatin1Char(' ') + tr("It gives %1 probability 0 (EM gives 0 to every token its training data lacks), so "
                                  "log P(probe) = −∞; the states read it as a missing observation.")
                                   .arg(names.join(QStringLiteral(", ")));
  }
  mInfo->setText(info);
  mStatesTitle->setText(tr("State posteriors P(zₜ = k | x₁ … x%1): K = %2 rows, one column per token (each column "
                           "sums to 1)").arg(sub(n)).arg(K));
  QStringList rows;
  for (int k = 0; k < K; ++k) rows << QString::number(k + 1);
  mPosterior->setMatrix(h.posterior, tr("state k"), tr("token read"), rows, tokens);
  mPosterior->plot()->setAccessibleName(tr("State posteriors, one column per token"));
  const gb::MatF G = h.posterior;
  mPosterior->setHoverFunction([G, tokens](int row, int col) {
    if (row < 0 || col < 0 || row >= G.rows() || col >= G.cols()) return QString();
    return tr("P(z%1 = %2 | probe) = %3 (at “%4”)")
        .arg(sub(col + 1)).arg(row + 1).arg(QLocale().toString(double(G(row, col)), 'f', 3), tokens.value(col));
  });
  QVector<double> xs, ys;
  for (int t = 0; t < n; ++t) {
    xs << t;
    ys << h.viterbi[size_t(t)] + 1;
  }
  mPlot->graph(0)->setData(xs, ys, true);
  mPlot->graph(0)->setLineStyle(QCPGraph::lsStepCenter);
  mPlot->graph(0)->setPen(QPen(Appearance::get().series(0), 2));
  mPlot->xAxis->setLabel(tr("token read"));
  mPlot->yAxis->setLabel(tr("state"));
  makeLinearAxis(mPlot->yAxis);  // (the gradient view before made it a log axis of 10ⁿ: states read "1E+00")
  mPlot->yAxis->setTicker(QSharedPointer<WholeNumberTicker>::create(mPlot->yAxis));  // as many as its height holds
  auto xt = QSharedPointer<QCPAxisTickerText>::create();
  const int every = std::max(1, n / 24);  // at most two dozen labels
  for (int t = 0; t < n; t += every) xt->addTick(t, tokens.value(t));
  mPlot->xAxis->setTicker(xt);
  Appearance::get().stylePlot(mPlot);
  mPlot->xAxis->setRange(-0.5, std::max(0.5, n - 0.5));
  mPlot->yAxis->setRange(0.5, K + 0.5);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
  int agree = 0;
  for (int t = 0; t < n; ++t) {
    Eigen::Index best = 0;
    h.posterior.col(t).maxCoeff(&best);
    agree += int(best) == h.viterbi[size_t(t)];
  }
  mPlotTitle->setText(tr("The most probable path of states (Viterbi). At %1 of %2 tokens it runs through the state "
                         "that is most probable there on its own; where it does not, the best path as a whole and "
                         "the best state at one token differ.").arg(agree).arg(n));
}

// An RNN encoder-decoder: the encoder's states g₁ … g|z| and the decoder's h₁ … hₙ side by side in one d_h-row map
// (the decoder starts from c = g|z|, as the Algorithm tab's listing writes them), and with attention the weights α below (both from the core, StatesController)
void StatesPanel::drawSeq2Seq() {
  const Seq2SeqStatesTrace& s = *mCtl->seq2seqTrace();
  const gb::RnnSeq2SeqTrace& t = s.trace;
  const QStringList& tokens = mCtl->tokens();
  const int nz = int(t.enc_H.cols()), n = int(t.dec_H.cols()), dh = int(t.enc_H.rows());
  const bool attention = t.alpha.size() > 0;
  mInfo->setText(attention
                     ? tr("The encoder reads the source “%1” one token after another; the decoder writes the target "
                          "starting from c, the encoder's last state, and at each step also reads a weighted sum of "
                          "all the encoder's states (additive attention), after %2 training steps.")
                           .arg(s.source.join(QString()))
                           .arg(mCtl->step())
                     : tr("The encoder reads the source “%1” one token after another; all the decoder gets of it is c, "
                          "the encoder's last state, where it starts (after %2 training steps). However long the "
                          "source, c has d_h = %3 numbers: the bottleneck.")
                           .arg(s.source.join(QString()))
                           .arg(mCtl->step())
                           .arg(dh));
  mStatesTitle->setText(tr("Encoder states g₁ … g%1 (c = g%1), then decoder states h₁ … h%2: d_h = %3 rows, one column "
                           "per token read")
                            .arg(sub(nz)).arg(sub(n)).arg(dh));
  gb::MatF H(dh, nz + n);
  H << t.enc_H, t.dec_H;
  QStringList rows, cols;
  for (int i = 0; i < dh; ++i) rows << QString::number(i + 1);
  for (const QString& z : s.source) cols << z;
  cols << tokens;
  mStates->setMatrix(H, tr("unit of the state"), tr("token read"), rows, cols);  // (the title: source, then target)
  mStates->setHoverFunction([H, cols, nz](int row, int col) {
    if (row < 0 || col < 0 || row >= H.rows() || col >= H.cols()) return QString();
    const QString v = QLocale().toString(double(H(row, col)), 'f', 3);
    return col < nz ? tr("g%1[%2] = %3 (encoder, after “%4”)").arg(sub(col + 1)).arg(row + 1).arg(v, cols.value(col))
                    : tr("h%1[%2] = %3 (decoder, after “%4”)")
                          .arg(sub(col - nz + 1)).arg(row + 1).arg(v, cols.value(col));
  });
  const QString reach = drawSeq2SeqGradient();
  if (!attention) {
    mPosterior->clear();
    mPlotTitle->setText(reach);
    return;
  }
  mPosterior->setMatrix(t.alpha, tr("source token"), tr("target token read"), s.source, tokens);
  mPosterior->plot()->setAccessibleName(tr("Attention weights, one column per target token read"));
  const gb::MatF A = t.alpha;
  const QStringList source = s.source;
  mPosterior->setHoverFunction([A, source, tokens](int row, int col) {
    if (row < 0 || col < 0 || row >= A.rows() || col >= A.cols()) return QString();
    return tr("α = %1: reading “%2”, the decoder looks at “%3”")
        .arg(QLocale().toString(double(A(row, col)), 'f', 3), tokens.value(col), source.value(row));
  });
  mPlotTitle->setText(tr("Above, the attention: where each decoder step looks in the source, one column per target "
                         "token read (each column sums to 1).") +
                      QLatin1Char(' ') + reach);
}

// ‖∂J_last/∂state‖ along the whole chain an RNN encoder-decoder's last prediction depends on: the decoder's hⱼ back
// to h₁, then c = g|z| (the decoder's h₀) and the encoder's gₜ back to g₁, each at its distance from the loss along
// the recurrence (both from the core, gb::rnn_seq2seq_trace). Returns the caption.
QString StatesPanel::drawSeq2SeqGradient() {
  const gb::RnnSeq2SeqTrace& t = mCtl->seq2seqTrace()->trace;
  const auto& dg = t.dec_grad_norm;
  const auto& eg = t.enc_grad_norm;
  mPlot->graph(0)->data()->clear();
  mPlot->graph(1)->data()->clear();
  if (dg.empty()) return {};
  const int m = int(dg.size()), nz = int(eg.size());
  QVector<double> dx, dy, ex, ey;
  double lo = 1e300, hi = 0;
  auto add = [&](QVector<double>& xs, QVector<double>& ys, int k, double v) {
    if (!(v > 0) || !std::isfinite(v)) return;  // a log scale has no 0
    xs << k;
    ys << v;
    lo = std::min(lo, v);
    hi = std::max(hi, v);
  };
  for (int j = m - 1; j >= 0; --j) add(dx, dy, m - 1 - j, dg[size_t(j)]);   // hⱼ₊₁: the state at the loss is 0 back
  for (int s = nz - 1; s >= 0; --s) add(ex, ey, m + (nz - 1 - s), eg[size_t(s)]);  // c = g|z| is h₀: m back
  mPlot->xAxis->setLabel(tr("steps back from the loss"));
  mPlot->yAxis->setLabel(tr("‖∂J/∂state‖"));
  makePowerOfTenAxis(mPlot->yAxis);
  mPlot->xAxis->setTicker(wholeSteps());
  mPlot->graph(0)->setLineStyle(QCPGraph::lsLine);
  mPlot->graph(0)->setData(dx, dy, true);
  mPlot->graph(0)->setName(tr("decoder hⱼ"));
  mPlot->graph(0)->setPen(QPen(Appearance::get().series(0), 2));
  mPlot->graph(1)->setData(ex, ey, true);
  mPlot->graph(1)->setName(tr("encoder gₜ (c = g%1)").arg(sub(nz)));
  mPlot->graph(1)->setPen(QPen(Appearance::get().series(1), 2));
  Appearance::get().stylePlot(mPlot);
  mPlot->xAxis->setRange(-0.5, std::max(1.0, double(m + nz) - 0.5));
  if (hi > 0) setDecades(mPlot->yAxis, lo, hi);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
  const QStringList& tokens = mCtl->tokens();
  const QString target = tokens.value(tokens.size() - 1);
  if (eg.empty() || !(dg.back() > 0)) return {};
  const QString ratio = numberText(eg.front() / dg.back(), 2);
  const QString first = numberText(eg.front(), 2), atLoss = numberText(dg.back(), 2);  // (read off the curves)
  const int far = m + nz - 1;
  return t.alpha.size() > 0
             ? tr("Below, how far back the last prediction's gradient reaches, J = −log P(“%1” | …): with attention "
                  "each decoder step reads every gₜ directly, so the first source token's state g₁ gets %2 of the "
                  "gradient at the loss (%4 against %5), though it is %3 steps back along the recurrence.")
                   .arg(target, ratio).arg(far).arg(first, atLoss)
             : tr("Below, how far back the last prediction's gradient reaches, J = −log P(“%1” | …): along the "
                  "decoder's states hⱼ, into c and back through the encoder's gₜ. The first source token's state g₁, "
                  "%3 steps back, gets %2 of the gradient at the loss (%4 against %5): all the decoder learns of the "
                  "source passes through c.")
                   .arg(target, ratio).arg(far).arg(first, atLoss);
}

// The legend above the plot, for the encoder-decoder's two curves only (taken out of the layout otherwise, so the
// other families' plot keeps its room)
void StatesPanel::showLegend(bool on) {
  if (on == mLegendShown) return;
  mLegendShown = on;
  if (on) {
    placeLegendAbove(mPlot);
    return;
  }
  mPlot->plotLayout()->take(mPlot->legend);
  mPlot->plotLayout()->simplify();
  mPlot->axisRect()->insetLayout()->addElement(mPlot->legend, Qt::AlignRight | Qt::AlignTop);
  mPlot->legend->setVisible(false);
}

bool StatesPanel::presentNext() {
  if (mInput->count() == 0) return false;
  mInput->setCurrentIndex((mInput->currentIndex() + 1) % mInput->count());
  mCtl->setInput(mInput->currentText());
  return true;
}

bool StatesPanel::presentBack() {
  if (mInput->count() == 0) return false;
  mInput->setCurrentIndex((mInput->currentIndex() + mInput->count() - 1) % mInput->count());
  mCtl->setInput(mInput->currentText());
  return true;
}

QWidget* StatesPanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* label = new QLabel(strip);
  makeTextLabel(label);
  auto update = [this, label] { label->setText(tr("Probe: “%1”").arg(mCtl->input())); };
  update();
  connect(mCtl, &StatesController::changed, strip, update);
  auto* next = new QPushButton(tr("Next probe"), strip);  // the presenter's Space does the same
  next->setObjectName(QStringLiteral("statesNextProbe"));
  next->setFocusPolicy(Qt::TabFocus);
  next->setAccessibleName(tr("Show the states of the next probe"));
  connect(next, &QPushButton::clicked, this, [this] { presentNext(); });
  h->addWidget(label, 1);
  h->addWidget(next);
  return strip;
}

QJsonObject StatesPanel::viewState() const { return {{QStringLiteral("input"), mCtl->input()}}; }

void StatesPanel::setViewState(const QJsonObject& state) {
  const QString text = state.value(QStringLiteral("input")).toString();
  mInput->setCurrentText(text);
  mCtl->setInput(text);
}
