#include "parameterspanel.h"
#include "widgets/numbertext.h"

#include "core/family.h"
#include "widgets/textlabel.h"
#include "widgets/logticker.h"

#include "appearance.h"
#include "widgets/colormaps.h"

#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "widgets/matrixview.h"
#include "widgets/figureexport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QLocale>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <regex>

ParametersPanel::ParametersPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent)
    : QWidget(parent), mDoc(doc), mTrainer(trainer) {
  mTensor = new QComboBox(this);
  mTensor->setObjectName(QStringLiteral("tensorBox"));
  mTensor->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mTensor->setMinimumContentsLength(16);
  mShape = new QLabel(this);
  mShape->setObjectName(QStringLiteral("tensorShape"));
  mShape->setWordWrap(true);
  mInfo = new QLabel(tr("Build a model to see its parameters."), this);
  makeTextLabel(mInfo);  // (it may quote the probe, the data or the model's output)
  auto* top = new QHBoxLayout;
  auto* tensorLabel = new QLabel(tr("Tensor"), this);
  tensorLabel->setBuddy(mTensor);
  top->addWidget(tensorLabel);
  top->addWidget(mTensor, 1);
  mValue = new MatrixView(this);
  mValue->setObjectName(QStringLiteral("valueView"));
  mValue->setScaleLabel(tr("θ"));
  mGrad = new MatrixView(this);
  mGrad->setObjectName(QStringLiteral("gradView"));
  mGrad->setScaleLabel(tr("∂J/∂θ"));
  mUpdate = new MatrixView(this);
  mUpdate->setObjectName(QStringLiteral("updateView"));
  mUpdate->setScaleLabel(tr("Δθ"));
  // the maps' titles (the labels above them) are their descriptions
  mValue->plot()->setAccessibleName(tr("Values θ of the tensor"));
  mGrad->plot()->setAccessibleName(tr("Gradient ∂J/∂θ of the tensor"));
  mUpdate->plot()->setAccessibleName(tr("Update Δθ of the tensor"));
  mValueTitle = new QLabel(this);
  mGradTitle = new QLabel(this);
  mUpdateTitle = new QLabel(this);
  for (QLabel* l : {mValueTitle, mGradTitle, mUpdateTitle}) l->setWordWrap(true);
  auto* maps = new QGridLayout;
  maps->addWidget(mValueTitle, 0, 0);
  maps->addWidget(mGradTitle, 0, 1);
  maps->addWidget(mUpdateTitle, 0, 2);
  maps->addWidget(mValue, 1, 0);
  maps->addWidget(mGrad, 1, 1);
  maps->addWidget(mUpdate, 1, 2);
  maps->setRowStretch(1, 1);

  mPlot = new QCustomPlot(this);
  mPlot->setObjectName(QStringLiteral("gradNormPlot"));
  installExportMenu(mPlot);  // Copy image, Save as PNG / SVG / PDF
  mPlot->setMinimumHeight(180);
  mPlot->xAxis->setLabel(tr("step"));
  mPlot->yAxis->setLabel(tr("‖∂J/∂θ‖"));  // short: the plot may be low; the title above says the rest
  mPlot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
  placeLegendAbove(mPlot);
  Appearance::get().attach(mPlot);
  connect(&Appearance::get(), &Appearance::changed, this, [this] { mRebuild = true; });  // the series' colours
  mAll = new QCheckBox(tr("every tensor (grey)"), this);
  mLog = new QCheckBox(tr("log scale"), this);
  mLog->setChecked(true);
  auto* plotRow = new QHBoxLayout;
  auto* plotTitle = new QLabel(tr("Gradient norm ‖∂J/∂θ‖ over training (before clipping): all tensors together and the "
                                  "chosen one"), this);
  plotTitle->setWordWrap(true);
  mPlot->setAccessibleName(tr("Gradient norm over training"));
  mPlot->setAccessibleDescription(plotTitle->text());
  plotRow->addWidget(plotTitle, 1);
  plotRow->addWidget(mAll);
  plotRow->addWidget(mLog);

  auto* v = new QVBoxLayout(this);
  v->addLayout(top);
  v->addWidget(mShape);
  v->addWidget(mInfo);
  v->addLayout(maps, 3);
  v->addLayout(plotRow);
  v->addWidget(mPlot, 2);
  mViews = {mValue, mGrad, mUpdate, mValueTitle, mGradTitle, mUpdateTitle, mShape};
  mNormParts = {plotTitle, mAll, mLog, mPlot};
  for (QWidget* w : mViews) w->hide();

  mRepaint = new QTimer(this);
  mRepaint->setInterval(100);  // the plot repaints at most 10 times a second
  connect(mRepaint, &QTimer::timeout, this, [this] {
    // hidden: shown, it catches up. While training, new points wait until the last rebuild's cost has been
    // repaid ten times over: a large model's every-tensor curves (a thousand of them) took seconds to draw, and
    // redrawn ten times a second they held the GUI thread (ASan monkey, seed 11)
    if (mDirty && !mRebuild && mPlotClock.isValid() && mPlotClock.elapsed() < mPlotPause) return;
    if ((mRebuild || mDirty) && mPlot->isVisible()) rebuildPlot();
  });
  mRepaint->start();
  auto newGraphs = [this] {
    mRebuild = true;
    rebuildPlot();
  };
  connect(mTensor, &QComboBox::currentIndexChanged, this, [this, newGraphs] {
    showTensor();
    newGraphs();
  });
  connect(mAll, &QCheckBox::toggled, this, newGraphs);
  connect(mLog, &QCheckBox::toggled, this, newGraphs);
  connect(mDoc, &ModelDocument::modelChanged, this, &ParametersPanel::refresh);
  connect(mTrainer, &TrainingController::paramsPublished, this, &ParametersPanel::refresh);
  connect(mDoc, &ModelDocument::historyChanged, this, [this] {
    mDirty = true;  // a step more (the trainer's steps reach the plot through the history), or a new run
    if (mDoc->history().empty()) mRebuild = true;
  });
  if (mDoc->hasModel()) refresh();  // (made while the document holds a model already: the window made again in another language)
}

QString ParametersPanel::describe(const std::string& name) {
  if (name == "W_e") return tr("W_e — token embedding: column v is the vector of token v");
  if (name == "W_p") return tr("W_p — positional embedding: column t is added at position t");
  if (name == "W_u") return tr("W_u — unembedding: P = softmax(W_u X)");
  if (name == "rnn.V") return tr("V — the recurrence: how the state hⱼ₋₁ enters hⱼ = f(V hⱼ₋₁ + A eⱼ + b)");
  if (name == "rnn.A") return tr("A — the input: how the token's embedding eⱼ = W_e[:, xⱼ] enters hⱼ");
  if (name == "rnn.b") return tr("b — the recurrent state's bias");
  if (name == "b_u") return tr("b_u — the output bias: P = softmax(W_u h + b_u)");
  if (name == "B") return tr("B — the bigram table: column v scores the token that follows token v, P = softmax(B[:, v])");
  if (name == "enc.V") return tr("V_enc — the encoder's recurrence: how gᵢ₋₁ enters gᵢ, the state after zᵢ");
  if (name == "enc.A") return tr("A_enc — the encoder's input: how the source token's embedding enters gᵢ");
  if (name == "enc.b") return tr("b_enc — the encoder's bias");
  if (name == "dec.V") return tr("V_dec — the decoder's recurrence: how hⱼ₋₁ enters hⱼ (h₀ = c, the encoder's last state)");
  if (name == "dec.A") return tr("A_dec — the decoder's input: how the target token's embedding enters hⱼ");
  if (name == "dec.b") return tr("b_dec — the decoder's bias");
  if (name == "dec.C") return tr("C — how the attention's context ctxⱼ = Σᵢ αⱼᵢ gᵢ enters hⱼ");
  if (name == "att.W") return tr("W_a — the attention's query: how hⱼ₋₁ enters the score of each encoder state");
  if (name == "att.U") return tr("U_a — the attention's keys: how each encoder state gᵢ enters its score");
  if (name == "att.v") return tr("v_a — the attention's score: αⱼᵢ ∝ exp(v_aᵀ tanh(W_a hⱼ₋₁ + U_a gᵢ))");
  if (name == "pi") return tr("π — where the hidden chain starts: π[k] = P(z₁ = k)");
  if (name == "T") return tr("T — the transitions: column j is P(zₜ₊₁ | zₜ = j)");
  if (name == "E") return tr("E — the emissions: column k is P(xₜ | zₜ = k)");
  if (name == "gmm.w") return tr("w — the mixture weights: column k is state k's weight on each of its M Gaussians");
  if (name == "gmm.mu") return tr("μ — the means: row k·M + m is the centre of state k's Gaussian m in R^D");
  if (name == "gmm.var") return tr("σ² — the variances: row k·M + m is the spread of state k's Gaussian m in each "
                                   "dimension (diagonal covariance)");
  if (name == "ln.gamma") return tr("γ of the final layer norm");
  if (name == "ln.beta") return tr("β of the final layer norm");
  static const std::regex re(R"((enc|dec)\.(\d+)\.(\w+)\.(\w+))");
  std::smatch m;
  if (!std::regex_match(name, m, re)) return QString::fromStdString(name);
  const QString stack = m[1] == "enc" ? tr("encoder layer %1").arg(std::stoi(m[2]) + 1)
                                      : tr("decoder layer %1").arg(std::stoi(m[2]) + 1);
  const QString block = QString::fromStdString(m[3]);
  const QString sym = QString::fromStdString(m[4]).replace(QStringLiteral("gamma"), QStringLiteral("γ"))
                          .replace(QStringLiteral("beta"), QStringLiteral("β"));
  QString where;
  if (block == QLatin1String("attn"))
    where = m[1] == "enc" ? tr("self-attention (bidirectional)") : tr("masked self-attention");
  else if (block == QLatin1String("cross"))
    where = tr("cross-attention");
  else if (block == QLatin1String("mlp"))
    where = tr("MLP");
  else
    where = tr("layer norm %1").arg(block.mid(2));
  return tr("%1 — %2, %3").arg(sym, where, stack);
}

QString ParametersPanel::symbolicShape(const std::string& name, gb::Variant v, bool lstm) {
  if (v == gb::Variant::Rnn || v == gb::Variant::RnnSeq2Seq) {
    const QString rows = lstm ? QStringLiteral("4·d_h") : QStringLiteral("d_h");  // an LSTM's gates i, f, g, o
    if (name == "enc.V" || name == "dec.V" || name == "rnn.V" || name == "dec.C") return rows + QStringLiteral(" × d_h");
    if (name == "enc.A" || name == "dec.A" || name == "rnn.A") return rows + QStringLiteral(" × d_e");
    if (name == "enc.b" || name == "dec.b" || name == "rnn.b") return rows;
    if (name == "att.W" || name == "att.U") return QStringLiteral("d_h × d_h");
    if (name == "att.v") return QStringLiteral("d_h");
    if (name == "W_u") return QStringLiteral("|V| × d_h");
    if (name == "b_u") return QStringLiteral("|V|");
  }
  if (v == gb::Variant::HmmGmm) {
    if (name == "gmm.w") return QStringLiteral("M × K");
    if (name == "gmm.mu" || name == "gmm.var") return QStringLiteral("K·M × D");
  }
  if (v == gb::Variant::Hmm || v == gb::Variant::HmmGmm) {
    if (name == "pi") return QStringLiteral("K");
    if (name == "T") return QStringLiteral("K × K");
    if (name == "E") return QStringLiteral("|V| × K");
  }
  auto ends = [&](const char* s) {
    const std::string t(s);
    return name.size() >= t.size() && name.compare(name.size() - t.size(), t.size(), t) == 0;
  };
  if (name == "W_e") return QStringLiteral("d_e × |V|");
  if (name == "W_p") return QStringLiteral("d_e × ℓ_max");
  if (name == "W_u") return QStringLiteral("|V| × d_e");
  if (name == "B") return QStringLiteral("|V| × |V|");
  if (ends(".W_q") || ends(".W_k") || ends(".W_v")) return QStringLiteral("H·d_attn × d_e");
  if (ends(".W_o")) return QStringLiteral("d_e × H·d_attn");
  if (ends(".b_q") || ends(".b_k") || ends(".b_v")) return QStringLiteral("H·d_attn");
  const bool mlp = name.find(".mlp.") != std::string::npos;
  if (mlp && (ends(".W_1") || ends(".W_3"))) return QStringLiteral("d_mlp × d_e");
  if (mlp && (ends(".W_2") || ends(".W_4"))) return QStringLiteral("d_e × d_mlp");
  if (mlp && (ends(".b_1") || ends(".b_3"))) return QStringLiteral("d_mlp");
  return QStringLiteral("d_e");
}

void ParametersPanel::fillTensors() {
  const QString keep = mTensor->currentText();
  QSignalBlocker block(mTensor);
  mTensor->clear();
  for (const auto& n : mNames) mTensor->addItem(QString::fromStdString(n));
  const int i = mTensor->findText(keep);
  mTensor->setCurrentIndex(i >= 0 ? i : 0);
}

void ParametersPanel::refresh() {
  if (!mDoc->hasModel()) {
    mNames.clear();
    mShown.reset();
    mShownStep.reset();
    mGradStep = 0;
    mTensor->clear();
    for (QWidget* w : mViews) w->hide();
    mInfo->setText(tr("Build a model to see its parameters."));
    return;
  }
  const gb::Config& c = mDoc->config();
  // EM computes no gradient: an empty chart of gradient norms would only puzzle (the maps' titles say why)
  const bool em = gb::family(c).trained_by == gb::TrainedBy::Em;
  for (QWidget* w : mNormParts) w->setVisible(!em);
  if (mDoc->generation() != mGeneration) {  // a different model: what its file says of its training, if anything
    mGeneration = mDoc->generation();
    mGradStep = 0;
    mShownStep.reset();
    mRebuild = true;  // its gradient-norm curves, from its history
  }
  if (!isVisible()) {  // copying and drawing tensors is work nobody sees: done when the tab is shown
    mStale = true;
    mNames = gb::tensor_names(c);  // (the names are not: a beat chooses one before the tab is shown)
    if (mTensor->count() != int(mNames.size())) fillTensors();
    return;
  }
  mStale = false;
  const bool live = mTrainer->holdsLatest();  // else the document has the latest (and the last step)
  // the shared snapshots themselves are held (immutable, nothing copied): only the part shown is drawn
  mShown = mTrainer->latestParams(mDoc->sharedParams());
  mNames = gb::tensor_names(c);
  auto take = [&](TrainingController::StepPtr s) {
    mGradStep = s->step;
    mShownStep = std::move(s);
  };
  if (live) {
    if (TrainingController::StepPtr st = mTrainer->stepTensors()) take(std::move(st));
  } else if (auto ls = mDoc->sharedLastStep(); ls && ls->step != mGradStep) {
    take(std::move(ls));  // the document's (a reopened lesson, or what the last run handed over)
  }
  if (mTensor->count() != int(mNames.size())) fillTensors();
  showTensor();
}

void ParametersPanel::showTensor() {
  if (mStale) return;  // (drawn when the tab is shown, from the parameters then)
  const int i = mTensor->currentIndex();
  if (i < 0 || i >= int(mNames.size()) || !mShown || !mDoc->hasModel()) return;
  const gb::Config& c = mDoc->config();
  // the i-th tensor of a shared snapshot, in place (tensor_list wants a non-const set: it is only read here)
  auto tensor = [&](const gb::Params<float>& set) {
    return gb::tensor_list(c, const_cast<gb::Params<float>&>(set))[size_t(i)].mat();
  };
  for (QWidget* w : mViews) w->show();
  const std::string& name = mNames[size_t(i)];
  // very large tensors (W_e, W_u of a word vocabulary) are shown in part: the first 512 rows and columns
  constexpr Eigen::Index kMost = 512;
  auto part = [&](const Eigen::Map<gb::MatF>& m) -> gb::MatF {
    return m.topLeftCorner(std::min(m.rows(), kMost), std::min(m.cols(), kMost));
  };
  const Eigen::Map<gb::MatF> full = tensor(*mShown);
  const gb::MatF v = part(full);
  QString shape = tr("%1\nShape %2 = %3 × %4 (%5 numbers).")
                      .arg(describe(name), keepFormulasTogether(symbolicShape(name, c.variant, c.cell == gb::RnnCell::Lstm)))
                      .arg(full.rows())
                      .arg(full.cols())
                      .arg(QLocale().toString(qint64(full.size())));
  if (v.size() != full.size())
    shape += QLatin1Char(' ') + tr("Shown: the first %1 and %2.")
                                          .arg(v.rows() == 1 ? tr("1 row") : tr("%1 rows").arg(v.rows()),
                                               v.cols() == 1 ? tr("1 column") : tr("%1 columns").arg(v.cols()));
  mShape->setText(shape);
  // W_e's columns and W_u's rows are tokens, W_p's columns positions: label them so
  QString rows = tr("row"), cols = tr("column");
  QStringList rowLabels, colLabels;
  if (mDoc->hasData() && (name == "W_e" || name == "W_u" || name == "B")) {
    const auto& tok = mDoc->data().tokenizer;
    QStringList tokens;
    for (int t = 0; t < tok.size(); ++t) tokens << QString::fromStdString(tok.display(t));
    if (name == "W_e") {
      colLabels = tokens;
      cols = tr("token v");
    } else if (name == "B") {  // rows: the next token; columns: the token it follows
      rowLabels = tokens;
      colLabels = tokens;
      rows = tr("next token");
      cols = tr("after token v");
    } else {
      rowLabels = tokens;
      rows = tr("token v");
    }
  } else if (name == "W_p") {
    cols = tr("position t");
  }
  if (c.variant == gb::Variant::HmmGmm && name != "pi" && name != "T") {  // states and their Gaussians
    if (name == "gmm.w") {
      rows = tr("Gaussian m");
      cols = tr("state k");
    } else {
      rows = tr("state k, Gaussian m");
      cols = tr("dimension d");
      for (int k = 0; k < c.states; ++k)
        for (int m = 0; m < c.mixtures; ++m) rowLabels << tr("k%1 m%2").arg(k + 1).arg(m + 1);
      while (rowLabels.size() > v.rows()) rowLabels.removeLast();
    }
  }
  if (c.variant == gb::Variant::Hmm || c.variant == gb::Variant::HmmGmm) {  // states numbered from 1, E's rows the tokens
    if (name == "T") {
      rows = tr("next state i");
      cols = tr("from state j");
    } else if (name == "E") {
      rows = tr("token v");
      cols = tr("state k");
      if (mDoc->hasData()) {
        const auto& tok = mDoc->data().tokenizer;
        for (int t = 0; t < tok.size() && t < int(v.rows()); ++t) rowLabels << QString::fromStdString(tok.display(t));
      }
    } else if (name == "pi") {
      rows = tr("state k");
    }
  }
  const bool em = gb::family(c).trained_by == gb::TrainedBy::Em;
  mValue->setMatrix(v, rows, cols, rowLabels, colLabels);
  mValueTitle->setText(tr("θ: the values (‖θ‖ = %1)").arg(numberText(double(full.norm()), 4)));
  if (mGradStep > 0 && mShownStep) {
    const Eigen::Map<gb::MatF> grad = tensor(mShownStep->grad), update = tensor(mShownStep->update);
    if (em) {  // EM re-estimates θ from expected counts: no gradient, only what the iteration changed
      mGrad->clear();
      mGradTitle->setText(tr("∂J/∂θ: none — EM computes no gradient, it re-estimates each probability from the "
                             "expected counts"));
    } else {
      mGrad->setMatrix(part(grad), rows, cols, rowLabels, colLabels);
      mGradTitle->setText(tr("∂J/∂θ of step %1, as the optimizer used it (‖·‖ = %2)")
                              .arg(mGradStep)
                              .arg(numberText(double(grad.norm()), 4)));
    }
    if (em) {  // (the trainer records an optimizer's updates; an EM iteration's change is not recorded)
      mUpdate->clear();
      mUpdateTitle->setText(tr("Δθ: not shown for EM (the trainer records the optimizer's updates only)"));
    } else {
      mUpdate->setMatrix(part(update), rows, cols, rowLabels, colLabels);
      mUpdateTitle->setText(tr("Δθ: what step %1 changed (‖Δθ‖ = %2)")
                                .arg(mGradStep)
                                .arg(numberText(double(update.norm()), 4)));
    }
    mInfo->setText(tr("Each map has its own symmetric scale: white is 0, purple positive, orange negative."));
  } else {
    mGrad->clear();
    mUpdate->clear();
    mGradTitle->setText(tr("∂J/∂θ: take a training step to see it"));
    mUpdateTitle->setText(tr("Δθ: take a training step to see it"));
    mInfo->setText(tr("The gradient and the update appear after the first training step (Step in the Training "
                      "dock takes exactly one)."));
  }
  mValue->plot()->setAccessibleDescription(mValueTitle->text());
  mGrad->plot()->setAccessibleDescription(mGradTitle->text());
  mUpdate->plot()->setAccessibleDescription(mUpdateTitle->text());
}

void ParametersPanel::rebuildPlot() {
  mDirty = false;
  const int sel = mTensor->currentIndex();
  const size_t tensors = mDoc->hasModel() ? gb::tensor_names(mDoc->config()).size() : 0;
  if (mRebuild) {  // the graphs: all tensors together, the chosen one, and every other one when asked
    mRebuild = false;
    mPlot->clearGraphs();
    mGraphTensor.clear();
    if (mAll->isChecked())
      for (size_t i = 0; i < tensors; ++i) {
        if (int(i) == sel) continue;
        QCPGraph* g = mPlot->addGraph();
        // one device pixel, unsmoothed, at every zoom and theme (a base width of 0 is a cosmetic pen): a large
        // model's thousand curves in the projector's wide antialiased pens held the GUI thread over a second
        g->setPen(QPen(Appearance::get().series(2), 0));
        g->setProperty("glassboxBaseWidth", 0.0);  // (Appearance::stylePlot scales this base)
        g->setAntialiased(false);
        g->removeFromLegend();
        mGraphTensor.push_back({g, int(i)});
      }
    QCPGraph* global = mPlot->addGraph();
    global->setName(tr("all tensors"));
    global->setPen(QPen(Appearance::get().text(), 1.5));
    mGraphTensor.push_back({global, -1});
    if (sel >= 0 && size_t(sel) < tensors) {
      QCPGraph* g = mPlot->addGraph();
      g->setName(mTensor->currentText());
      g->setPen(QPen(Appearance::get().series(0), 2));
      mGraphTensor.push_back({g, sel});
    }
  }
  // The curves are the document's history, as a file reopens it: the global norm at every step, the per-tensor
  // norms where the history keeps them (a bounded number of points, gb::append_history).
  QElapsedTimer cost;
  cost.start();
  const std::vector<gb::HistoryPoint>& h = mDoc->history();
  std::vector<const gb::HistoryPoint*> withNorms;  // the points that keep per-tensor norms: looked for once
  withNorms.reserve(std::min<size_t>(h.size(), 2 * gb::kGradNormPoints + 2));
  for (const gb::HistoryPoint& q : h)
    if (q.grad_norms.size() == tensors) withNorms.push_back(&q);
  mNormSteps = 0;
  for (const auto& [graph, tensor] : mGraphTensor) {
    QVector<QCPGraphData> points;
    if (tensor < 0) {
      points.reserve(qsizetype(h.size()));
      for (const gb::HistoryPoint& q : h)
        if (q.grad_norm) points.push_back({double(q.step), *q.grad_norm});
      mNormSteps = int(points.size());
    } else {
      // the grey background of a large model (hundreds of tensors) at most 256 points a curve; the chosen one whole
      const size_t every = tensor != sel && mGraphTensor.size() > 64 ? std::max<size_t>(1, withNorms.size() / 256) : 1;
      points.reserve(qsizetype(withNorms.size() / every + 1));
      for (size_t k = 0; k < withNorms.size(); k += every)
        points.push_back({double(withNorms[k]->step), double(withNorms[k]->grad_norms[size_t(tensor)])});
    }
    graph->data()->set(points, true);
  }
  const bool log = mLog->isChecked();
  if (log) makePowerOfTenAxis(mPlot->yAxis);
  else makeLinearAxis(mPlot->yAxis);
  Appearance::get().stylePlot(mPlot);  // the new graphs' widths at this zoom and theme
  mPlot->rescaleAxes();
  mPlot->replot(QCustomPlot::rpQueuedReplot);
  // the next rebuild for new points waits ten times what this one cost (its data, and its last drawing)
  mPlotPause = std::max<qint64>(100, 10 * (cost.elapsed() + qint64(mPlot->replotTime())));
  mPlotClock.start();
}

void ParametersPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mStale) refresh();
  if (mRebuild || mDirty) rebuildPlot();  // the curves as the history is now, before the first paint
}

QWidget* ParametersPanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* where = new QLabel(strip);
  where->setWordWrap(true);
  auto show = [this, where] { where->setText(mTensor->currentText()); };
  show();
  connect(mTensor, &QComboBox::currentIndexChanged, where, show);
  h->addWidget(where, 1);
  addStepButtons(this, strip, h, tr("Previous tensor"), tr("Next tensor"));
  return strip;
}

bool ParametersPanel::presentNext() {
  if (mTensor->currentIndex() + 1 >= mTensor->count()) return false;
  mTensor->setCurrentIndex(mTensor->currentIndex() + 1);
  return true;
}
bool ParametersPanel::presentBack() {
  if (mTensor->currentIndex() <= 0) return false;
  mTensor->setCurrentIndex(mTensor->currentIndex() - 1);
  return true;
}
bool ParametersPanel::presentFirst() {
  if (mTensor->count() == 0 || mTensor->currentIndex() == 0) return false;
  mTensor->setCurrentIndex(0);
  return true;
}
bool ParametersPanel::presentLast() {
  if (mTensor->count() == 0 || mTensor->currentIndex() == mTensor->count() - 1) return false;
  mTensor->setCurrentIndex(mTensor->count() - 1);
  return true;
}

QJsonObject ParametersPanel::viewState() const { return {{QStringLiteral("tensor"), mTensor->currentText()}}; }

void ParametersPanel::setViewState(const QJsonObject& s) {
  const int at = mTensor->findText(s.value(QStringLiteral("tensor")).toString());
  if (at >= 0) mTensor->setCurrentIndex(at);
}
