#include "comparepanel.h"

#include "appearance.h"
#include "controllers/comparecontroller.h"
#include "controllers/modeldocument.h"
#include "familynames.h"
#include "tasknames.h"
#include "widgets/axistitle.h"
#include "widgets/figureexport.h"
#include "widgets/flowlayout.h"
#include "widgets/heatmap.h"
#include "widgets/textlabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <tuple>

ComparePanel::ComparePanel(ModelDocument* doc, CompareController* controller, QWidget* parent)
    : QWidget(parent), mDoc(doc), mCtl(controller) {
  // the families, first (the reading order is the tab order): every one the window has that predicts tokens (the
  // HMM with Gaussians reads numbers)
  auto* familiesRow = new FlowLayout;
  auto* familiesLabel = new QLabel(tr("Families:"), this);
  familiesRow->addWidget(familiesLabel);
  for (const gb::FamilyInfo& f : gb::families()) {
    if (!f.in_window || !f.predicts_tokens()) continue;
    auto* box = new QCheckBox(familyTitle(f.variant), this);
    box->setObjectName(QStringLiteral("compareFamily_") + QString::fromStdString(f.name));
    box->setAccessibleName(tr("Compare %1").arg(familyTitle(f.variant)));
    box->setToolTip(familySummary(f.variant));
    box->setChecked(f.transformer);
    familiesRow->addWidget(box);
    mFamilies[f.variant] = box;
    if (f.variant == gb::Variant::RnnSeq2Seq) {  // and the bridge beside it
      gb::Config c;
      c.variant = f.variant;
      c.attention = gb::RnnAttention::Additive;
      mAttention = new QCheckBox(CompareController::title(c), this);
      mAttention->setObjectName(QStringLiteral("compareFamily_") + QLatin1String(CompareController::kAttentionName));
      mAttention->setAccessibleName(tr("Compare %1").arg(CompareController::title(c)));
      familiesRow->addWidget(mAttention);
    }
  }
  mSteps = new QSpinBox(this);
  mSteps->setObjectName(QStringLiteral("compareSteps"));
  mSteps->setRange(1, 100000);
  mSteps->setValue(300);
  auto* stepsLabel = new QLabel(tr("Steps each"), this);
  stepsLabel->setBuddy(mSteps);
  mEm = new QSpinBox(this);
  mEm->setObjectName(QStringLiteral("compareEmIterations"));
  mEm->setRange(1, 10000);
  mEm->setValue(30);
  mEm->setToolTip(tr("A family trained by EM (the HMM) takes whole passes over the data, not steps on a batch: "
                     "its iterations"));
  auto* emLabel = new QLabel(tr("EM iterations"), this);
  emLabel->setBuddy(mEm);
  mStart = new QPushButton(tr("Train and compare"), this);
  mStart->setObjectName(QStringLiteral("compareStart"));
  mStart->setToolTip(tr("The loaded data, trained as each chosen family: the same pairs (or text), comparable sizes, "
                        "each family's own recipe, one step of each in turn"));
  mCancel = new QPushButton(tr("Cancel"), this);
  mCancel->setObjectName(QStringLiteral("compareCancel"));
  mCancel->setAccessibleName(tr("Cancel the comparison"));
  mProgress = new QProgressBar(this);
  mProgress->setAccessibleName(tr("Progress of the comparison"));
  mProgress->setTextVisible(false);
  auto* row = new FlowLayout;  // (wraps in a narrow central area: the tab never grows wider than its room)
  for (QWidget* w : std::initializer_list<QWidget*>{stepsLabel, mSteps, emLabel, mEm, mStart, mCancel}) row->addWidget(w);
  mInfo = new QLabel(this);
  makeTextLabel(mInfo);
  // the three plots: named, exportable, styled by the appearance, as tall as a projector needs (presenting, they
  // give way to the table below them: setPresenting)
  auto makePlot = [this](const char* name, const QString& accessible, const QString& x, const QString& y,
                         const QString& yShorter = {}) {
    auto* plot = new QCustomPlot(this);
    plot->setObjectName(QLatin1String(name));
    installExportMenu(plot);
    plot->setAccessibleName(accessible);
    plot->setMinimumHeight(260);
    setAxisTitle(plot->xAxis, x);  // (fitted to the plot: presenting at 1024 × 768 cut "ms per training step")
    setAxisTitle(plot->yAxis, y, yShorter);
    Appearance::get().attach(plot);
    return plot;
  };
  mPlot = makePlot("compareLoss", tr("Loss of the compared families"), tr("step (or EM iteration)"),
                   tr("loss J"));
  mExact = makePlot("compareExact", tr("Exact match against the source's length, each compared family"),
                    tr("n (tokens)"), tr("exact match"));  // (n: the source's length, as the captions say)
  mTime = makePlot("compareTime", tr("Time per training step against the source's length, each compared family"),
                   tr("n (tokens)"), tr("ms per training step"), tr("ms per step"));  // (German's long word)
  {  // ticks at the lengths timed, each twice the last: a logarithmic axis spaces them evenly (8 and 16 ran together)
    mTime->xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    for (int n : CompareController::kTimedLengths) ticker->addTick(n, QString::number(n));
    mTime->xAxis->setTicker(ticker);
  }
  // one legend above both plots (a label: it wraps at any width, and an inset legend would hide the curves' ends)
  mLegend = new QLabel(this);
  mLegend->setObjectName(QStringLiteral("compareLegend"));
  mLegend->setTextFormat(Qt::RichText);
  mLegend->setWordWrap(true);
  connect(&Appearance::get(), &Appearance::changed, this, [this] {
    for (QCustomPlot* plot : {mPlot, mExact, mTime}) {
      for (int i = 0; i < plot->graphCount(); ++i) plot->graph(i)->setPen(QPen(Appearance::get().category(i), 2));
      plot->replot(QCustomPlot::rpQueuedReplot);
    }
    drawLegend();
  });
  mSummary = new QLabel(this);
  mSummary->setObjectName(QStringLiteral("compareSummary"));
  makeTextLabel(mSummary);
  mCross = new Heatmap(this);
  mCross->setObjectName(QStringLiteral("compareCross"));
  mCross->plot()->setAccessibleName(tr("Cross-attention of the encoder-decoder"));
  mCausal = new Heatmap(this);
  mCausal->setObjectName(QStringLiteral("compareCausal"));
  mCausal->plot()->setAccessibleName(tr("Self-attention of the decoder-only model"));
  mCrossTitle = new QLabel(this);
  mCausalTitle = new QLabel(this);
  for (QLabel* t : {mCrossTitle, mCausalTitle}) makeTextLabel(t);
  // which head of the last layer both maps show: the head that carries the source is not always the first
  mHead = new QSpinBox(this);
  mHead->setObjectName(QStringLiteral("compareHead"));
  mHead->setRange(1, 1);
  mHead->setAccessibleName(tr("Head of the last layer shown in both maps"));
  mHead->setToolTip(tr("Which head of the last layer both maps show (the head that carries the source to the target "
                       "is not always the first)"));
  mHeadLabel = new QLabel(tr("Head"), this);
  mHeadLabel->setBuddy(mHead);
  auto* headRow = new QHBoxLayout;
  headRow->addWidget(mHeadLabel);
  headRow->addWidget(mHead);
  headRow->addStretch(1);
  auto* maps = new QGridLayout;
  maps->addWidget(mCrossTitle, 0, 0);
  maps->addWidget(mCausalTitle, 0, 1);
  maps->addWidget(mCross, 1, 0);
  maps->addWidget(mCausal, 1, 1);
  maps->setRowStretch(1, 1);
  mControls = new QWidget(this);
  auto* controls = new QVBoxLayout(mControls);
  controls->setContentsMargins(0, 0, 0, 0);
  controls->addLayout(familiesRow);
  controls->addLayout(row);
  // two parts: the curves with the table, and the maps — in the workbench one under the other; presenting, one at a
  // time (at 1024 × 768 in the presenter's font both did not fit: the maps were cut or squashed to a strip)
  mCurvesPage = new QWidget(this);
  mCurvesPage->setObjectName(QStringLiteral("compareCurvesPage"));
  auto* curves = new QVBoxLayout(mCurvesPage);
  curves->setContentsMargins(0, 0, 0, 0);
  curves->addWidget(mLegend);
  auto* plots = new QHBoxLayout;
  plots->addWidget(mPlot, 3);
  plots->addWidget(mExact, 2);
  plots->addWidget(mTime, 2);
  curves->addLayout(plots, 1);
  curves->addWidget(mSummary);
  mMapsPage = new QWidget(this);
  mMapsPage->setObjectName(QStringLiteral("compareMapsPage"));
  auto* mapsBox = new QVBoxLayout(mMapsPage);
  mapsBox->setContentsMargins(0, 0, 0, 0);
  mapsBox->addLayout(headRow);
  mapsBox->addLayout(maps, 1);
  auto* v = mLayout = new QVBoxLayout(this);
  v->addWidget(mControls);
  v->addWidget(mProgress);  // (seen by the class too)
  v->addWidget(mInfo);
  v->addWidget(mCurvesPage, 1);
  v->addWidget(mMapsPage, 2);

  connect(mStart, &QPushButton::clicked, this, &ComparePanel::start);
  connect(mCancel, &QPushButton::clicked, this, [this] {
    mCtl->cancel();
    mInfo->setText(tr("Cancelled."));
  });
  connect(mCtl, &CompareController::progress, this, [this](int done, int total) {
    mProgress->setRange(0, std::max(1, total));
    mProgress->setValue(done);
  });
  connect(mCtl, &CompareController::runningChanged, this, [this](bool running) {
    mStart->setEnabled(!running && anyChosen());
    mCancel->setEnabled(running);
    mProgress->setVisible(running);
  });
  connect(mCtl, &CompareController::finished, this, &ComparePanel::show);
  connect(mCtl, &CompareController::started, this, [this] {  // (a lesson's recipe may have started it)
    const CompareController::Request& r = mCtl->request();
    QSignalBlocker a(mSteps), b(mEm);
    mSteps->setValue(r.steps);
    mEm->setValue(r.emIterations);
    setChosenFamilies(r.families);
    QSignalBlocker c(mAttention);
    mAttention->setChecked(r.rnnAttention);
  });
  connect(mHead, &QSpinBox::valueChanged, this, &ComparePanel::drawMaps);
  connect(mDoc, &ModelDocument::dataChanged, this, [this] {  // a comparison of other data does not stay beside it
    followData();
    mCtl->followTask(mDoc->taskName());  // (the workbench asks too: whichever asks first drops it, dropped() says so)
  });
  // the family chosen in the Model dock joins the comparison (an HMM built, the HMM compared beside the
  // transformers); the others stay as they were
  auto joinChosen = [this](gb::Variant v) {
    if (QCheckBox* box = familyBox(v); box && !mCtl->running()) box->setChecked(true);
  };
  joinChosen(mDoc->variant());
  connect(mDoc, &ModelDocument::variantChanged, this, joinChosen);
  connect(mCtl, &CompareController::dropped, this, [this] {
    for (QWidget* w : shownWithResult()) w->hide();
    showPage();
    mInfo->setText(mDoc->taskName().isEmpty()
                       ? tr("The data changed, so the comparison was put away. Train the chosen families on the data "
                            "now loaded.")
                       : tr("The task is now “%1”, so the comparison of another task was put away: train them again.")
                             .arg(taskDisplayName(mDoc->taskName().toStdString())));
  });
  for (auto& [variant, box] : mFamilies) connect(box, &QCheckBox::toggled, this, [this] {
      mStart->setEnabled(!mCtl->running() && anyChosen());
    });
  connect(mAttention, &QCheckBox::toggled, this, [this] { mStart->setEnabled(!mCtl->running() && anyChosen()); });
  mCancel->setEnabled(false);
  mProgress->hide();
  mInfo->setText(tr("Load a built-in task or a text, choose the families, then train them side by side: the same "
                    "data, comparable sizes, one step of each in turn. The encoder-decoder reads the source with its "
                    "encoder; the decoder-only model reads source>target as one sequence."));
  for (QWidget* w : shownWithResult()) w->hide();
  followData();
  // made while the workbench holds a comparison or trains one (the window made again in another language)
  if (mCtl->result() || mCtl->running()) {
    const CompareController::Request& r = mCtl->request();
    QSignalBlocker a(mSteps), b(mEm), c(mAttention);
    mSteps->setValue(r.steps);
    mEm->setValue(r.emIterations);
    setChosenFamilies(r.families);
    mAttention->setChecked(r.rnnAttention);
  }
  if (mCtl->result()) show(QString());
  if (mCtl->running()) {
    mStart->setEnabled(false);
    mCancel->setEnabled(true);
    mProgress->setVisible(true);
  }
}

std::vector<QWidget*> ComparePanel::shownWithResult() const {
  return {mLegend, mPlot, mExact, mTime, mSummary, mCross, mCausal, mCrossTitle, mCausalTitle, mHead, mHeadLabel};
}

QCheckBox* ComparePanel::familyBox(gb::Variant v) const {
  auto it = mFamilies.find(v);
  return it == mFamilies.end() ? nullptr : it->second;
}

std::vector<gb::Variant> ComparePanel::chosenFamilies() const {
  std::vector<gb::Variant> out;
  for (const gb::FamilyInfo& f : gb::families())
    if (QCheckBox* box = familyBox(f.variant); box && box->isChecked() && box->isEnabled()) out.push_back(f.variant);
  return out;
}

bool ComparePanel::anyChosen() const {
  return !chosenFamilies().empty() || (mAttention->isChecked() && mAttention->isEnabled());
}

void ComparePanel::setChosenFamilies(const std::vector<gb::Variant>& families) {
  for (auto& [variant, box] : mFamilies)
    box->setChecked(std::find(families.begin(), families.end(), variant) != families.end());
}

void ComparePanel::followData() {
  // plain text has no pairs: the families that read a source cannot train on it
  const bool text = mDoc->hasData() && mDoc->taskName().isEmpty() && mDoc->data().train_pairs.empty();
  for (auto& [variant, box] : mFamilies) {
    const bool source = gb::family(variant).reads_source;
    box->setEnabled(!(text && source));
    box->setToolTip(text && source ? tr("%1 reads a source and a target: the loaded text has no pairs.")
                                         .arg(familyTitle(variant))
                                   : familySummary(variant));
  }
  mAttention->setEnabled(!text);
  mAttention->setToolTip(text ? tr("%1 reads a source and a target: the loaded text has no pairs.").arg(mAttention->text())
                              : tr("The RNN encoder-decoder whose decoder reads a weighted sum of all the encoder's "
                                   "states at each step (Bahdanau et al. 2015): the bridge from one vector c to "
                                   "attention"));
  mStart->setEnabled(!mCtl->running() && anyChosen());
}

void ComparePanel::start() {
  const QString task = mDoc->taskName();
  if (!mDoc->hasData() && task.isEmpty()) {
    mInfo->setText(tr("The comparison trains the loaded data: load a built-in task or a file in the Data dock first."));
    return;
  }
  const std::vector<gb::Variant> families = chosenFamilies();
  if (!anyChosen()) {
    mInfo->setText(tr("Choose at least one family to train."));
    return;
  }
  CompareController::Request r;
  r.families = families;
  r.rnnAttention = mAttention->isChecked() && mAttention->isEnabled();
  r.task = task;
  r.data = mDoc->sharedData();
  r.sizes = CompareController::sizesFor(task);
  r.steps = mSteps->value();
  r.emIterations = mEm->value();
  QStringList names;
  for (gb::Variant v : families) names << familyTitle(v);
  if (r.rnnAttention) names << mAttention->text();
  mInfo->setText(tr("Training %1 on the same data, %2 steps each (EM: %8 iterations), one step of each in turn "
                    "(transformers: L = %3, H = %4, d_e = %5, d_mlp = %6; RNNs: d_e = %5 and d_h for as many "
                    "parameters as the transformer's; HMM: K = %7)…")
                     .arg(QLocale().createSeparatedList(names))
                     .arg(mSteps->value())
                     .arg(r.sizes.layers)
                     .arg(r.sizes.heads)
                     .arg(r.sizes.dE)
                     .arg(r.sizes.dMlp)
                     .arg(r.sizes.states)
                     .arg(r.emIterations));
  mCtl->start(r);
}

void ComparePanel::show(const QString& error) {
  const auto& r = mCtl->result();
  if (!error.isEmpty() || !r) {
    mInfo->setText(error);
    return;
  }
  for (QWidget* w : shownWithResult()) w->show();
  mPlot->clearGraphs();
  for (size_t k = 0; k < r->sides.size(); ++k) {
    const CompareController::Side& s = r->sides[k];
    QCPGraph* g = mPlot->addGraph();
    const bool em = gb::family(s.config).trained_by == gb::TrainedBy::Em;
    g->setName(em ? tr("%1 (%2 EM iterations)").arg(CompareController::title(s.config)).arg(s.losses.size())
                  : CompareController::title(s.config));
    g->setPen(QPen(Appearance::get().category(int(k)), 2));
    QVector<double> x, y;
    for (size_t i = 0; i < s.losses.size(); ++i) {
      x << double(i + 1);
      y << s.losses[i];
    }
    g->setData(x, y, true);
  }
  bool anyEm = false;
  for (const CompareController::Side& s : r->sides) anyEm |= gb::family(s.config).trained_by == gb::TrainedBy::Em;
  setAxisTitle(mPlot->xAxis, anyEm ? tr("step (or EM iteration)") : tr("step"));
  mPlot->rescaleAxes();
  mPlot->yAxis->setRange(0, mPlot->yAxis->range().upper * 1.05);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
  // pairs: exact match against the source's length (the same validation pairs for every family), and the measured
  // time of a training step against it (the recurrence)
  mExact->clearGraphs();
  mExact->setVisible(!r->plainText);
  mTime->clearGraphs();
  int shortest = 1 << 30, longest = 0;
  bool timed = false;
  for (size_t k = 0; k < r->sides.size(); ++k) {
    const CompareController::Side& s = r->sides[k];
    QVector<double> x, y, n, ms;
    for (const auto& at : s.exactByLength) {
      x << at.length;
      y << at.exact;
      shortest = std::min(shortest, at.length);
      longest = std::max(longest, at.length);
    }
    for (const auto& at : s.timeByLength) {
      n << at.length;
      ms << at.ms;
    }
    timed |= !n.isEmpty();
    for (auto [plot, px, py] : {std::tuple{mExact, &x, &y}, std::tuple{mTime, &n, &ms}}) {
      QCPGraph* g = plot->addGraph();  // in the family's colour, as its loss curve
      g->setName(CompareController::title(s.config));
      g->setPen(QPen(Appearance::get().category(int(k)), 2));
      g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 7));
      g->setData(*px, *py, true);
    }
  }
  if (longest > 0) mExact->xAxis->setRange(shortest - 0.5, longest + 0.5);
  mExact->yAxis->setRange(0, 1.05);
  mExact->replot(QCustomPlot::rpQueuedReplot);
  mTime->setVisible(!r->plainText && timed);
  mTime->rescaleAxes();
  mTime->yAxis->setRange(0, mTime->yAxis->range().upper * 1.08);  // (the highest point whole, not cut at the edge)
  mTime->xAxis->setRange(CompareController::kTimedLengths[0] / 1.4,
                         std::max(double(CompareController::kTimedLengths[0]), mTime->xAxis->range().upper) * 1.4);
  mTime->replot(QCustomPlot::rpQueuedReplot);
  const QLocale l;
  QString rows;
  auto cell = [](const QString& text) { return QStringLiteral("<td>") + text.toHtmlEscaped() + QStringLiteral("</td>"); };
  auto number = [](const QString& text) {
    return QStringLiteral("<td align=\"right\">") + text.toHtmlEscaped() + QStringLiteral("</td>");
  };
  // the steps one after another for a pair of the longest timed length (when the time was measured)
  bool timedTable = false;
  int timedLength = 0;
  for (const CompareController::Side& s : r->sides)
    if (!s.timeByLength.empty()) {
      timedTable = true;
      timedLength = s.timeByLength.back().length;
    }
  // a time in ms: one decimal, two significant digits below 1 ms (a bigram's step is a few hundredths)
  auto ms = [&l](double v) { return v >= 1.0 || v <= 0.0 ? l.toString(v, 'f', 1) : l.toString(v, 'g', 2); };
  // a sample's first 60 characters: the rows stay a line or two high on a projector (the whole text is the result's)
  auto shortened = [](const QString& text) {
    return text.size() <= 60 ? text : text.left(59) + QStringLiteral("…");
  };
  for (const CompareController::Side& s : r->sides) {
    const bool em = gb::family(s.config).trained_by == gb::TrainedBy::Em;
    rows += QStringLiteral("<tr>") + cell(CompareController::title(s.config)) +
            number(l.toString(qlonglong(s.parameterCount))) +
            number(em ? tr("%1 an iteration").arg(ms(s.msPerStep)) : ms(s.msPerStep)) +
            number(s.validationTokens > 0 ? l.toString(s.validationLoss, 'f', 3) : QStringLiteral("—")) +
            (timedTable ? number(s.timeByLength.empty() ? QString() : l.toString(s.timeByLength.back().sequential))
                        : QString()) +
            cell(tr("“%1”").arg(shortened(QString::fromStdString(r->plainText ? s.sample : s.greedy)))) +
            QStringLiteral("</tr>");
  }
  const QString header =
      QStringLiteral("<tr>") + cell(tr("Family")) + cell(tr("Parameters")) + cell(tr("ms per step")) +
      cell(tr("Validation loss")) +
      (timedTable ? cell(tr("Steps in sequence, n = %1").arg(timedLength)) : QString()) +
      cell(r->plainText ? tr("Sample at τ = %1").arg(l.toString(r->temperature, 'f', 1)) : tr("Greedy decoding")) +
      QStringLiteral("</tr>");
  const QString what =
      r->plainText
          ? tr("All trained on the same text; validation loss is the mean −log P per predicted token on its last "
               "part, the same units for every family.")
          : tr("All trained on the same %1 pairs of “%2”; the probe: “%3”. Validation loss: mean −log P per predicted "
               "token of the validation pairs as each family lays them out. ms per step: the comparison's own steps, "
               "on the data's lengths (the time chart: a step at each source length n).")
                .arg(QLocale().toString(qlonglong(r->sides.front().trainPairs.size())))
                .arg(r->task.isEmpty() ? tr("the file") : taskDisplayName(r->task.toStdString()),
                     QString::fromStdString(r->input));
  mSummary->setTextFormat(Qt::RichText);
  mSummary->setText(what.toHtmlEscaped() + QStringLiteral("<table cellspacing=\"10\" cellpadding=\"0\">") + header +
                    rows + QStringLiteral("</table>"));
  const CompareController::Side* ed = r->side(gb::Variant::EncoderDecoder);
  const CompareController::Side* d = r->side(gb::Variant::DecoderOnly);
  const bool maps = !r->plainText && (ed || d);
  mCross->setVisible(maps && ed);
  mCrossTitle->setVisible(maps && ed);
  mCausal->setVisible(maps && d);
  mCausalTitle->setVisible(maps && d);
  mHead->setVisible(maps);
  mHeadLabel->setVisible(maps);
  mLayout->setStretchFactor(mMapsPage, maps ? 2 : 0);  // without maps the curves take the room
  showPage();
  drawLegend();
  {
    QSignalBlocker quiet(mHead);
    int heads = 1 << 30;
    for (const CompareController::Side* s : {ed, d})
      if (s) heads = std::min(heads, s->config.heads);
    mHead->setRange(1, std::max(1, maps ? heads : 1));
  }
  drawMaps();
  if (ed && d && !r->plainText)
    mInfo->setText(tr("Done. The encoder-decoder's target column reads the source through cross-attention; the "
                      "decoder-only model's columns after “>” read the source in the same sequence, causally."));
  else
    mInfo->setText(r->sides.size() == 1 ? tr("Done.") : tr("Done: %1 families compared.").arg(r->sides.size()));
}

void ComparePanel::drawLegend() {
  QStringList entries;
  for (int k = 0; k < mPlot->graphCount(); ++k)
    entries << QStringLiteral("<span style=\"color:%1\">━━</span>&nbsp;%2")
                   .arg(Appearance::get().category(k).name(),
                        mPlot->graph(k)->name().toHtmlEscaped().replace(QLatin1Char(' '), QStringLiteral("&nbsp;")));
  mLegend->setText(entries.join(QStringLiteral(" &nbsp; ")));
}

void ComparePanel::drawMaps() {
  const auto& r = mCtl->result();
  if (!r) return;
  const int head = mHead->value() - 1;
  mCrossTitle->setText(tr("Encoder-decoder: cross-attention, last layer, head %1").arg(head + 1));
  mCausalTitle->setText(tr("Decoder-only: masked self-attention over source>target, last layer, head %1").arg(head + 1));
  // the attention of the probe: the chosen head of the last layer of the kind that carries the source to the target
  auto draw = [head](Heatmap* map, const CompareController::Side* s, gb::AttentionRecord::Kind kind) {
    if (!s) return;
    const gb::AttentionRecord* last = nullptr;
    for (const auto& rec : s->trace)
      if (rec.attention && rec.attention->kind == kind) last = &*rec.attention;
    if (!last || head >= int(last->heads.size())) return;
    auto labels = [&](const std::vector<int>& ids) {
      QStringList out;
      for (int t : ids) out << QString::fromStdString(s->tokenizer.display(t));
      return out;
    };
    const QStringList x = labels(s->probe.x);
    const QStringList keys = kind == gb::AttentionRecord::Kind::Cross ? labels(s->probe.z) : x;
    QStringList predicted;
    for (int j = 0; j < x.size(); ++j) predicted << (j + 1 < x.size() ? x[j + 1] : QStringLiteral("?"));
    const gb::HeadRecord& h = last->heads[size_t(head)];
    map->setPredictions(predicted);
    map->setData(h.A, h.S, h.mask, keys, x, std::sqrt(double(s->config.d_h())));
  };
  draw(mCross, r->side(gb::Variant::EncoderDecoder), gb::AttentionRecord::Kind::Cross);
  draw(mCausal, r->side(gb::Variant::DecoderOnly), gb::AttentionRecord::Kind::Causal);
}

void ComparePanel::setPresenting(bool on) {
  mControls->setVisible(!on);
  mPresenting = on;
  // presenting, the table under the plots must fit below a long caption (German at 1024 × 768: five lines, and the
  // table's last row was cut): the plots give way first
  for (QCustomPlot* plot : {mPlot, mExact, mTime}) plot->setMinimumHeight(on ? 150 : 260);
  showPage();
}

void ComparePanel::setPage(int page) {
  mPage = std::clamp(page, 0, 1);
  if (mPageBox && mPageBox->currentIndex() != mPage) {
    QSignalBlocker quiet(mPageBox);
    mPageBox->setCurrentIndex(mPage);
  }
  showPage();
}

void ComparePanel::showPage() {
  // the maps, when there are some to show (recurrent families alone, a text, no result yet: the curves)
  const bool maps = mPage == 1 && (!mCross->isHidden() || !mCausal->isHidden());
  mCurvesPage->setVisible(!mPresenting || !maps);
  mMapsPage->setVisible(!mPresenting || maps);
}

bool ComparePanel::presentNext() {
  if (mCtl->running()) return false;
  start();
  return mCtl->running();
}

QWidget* ComparePanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  h->addStretch(1);
  // which part the class sees: the curves with the table, or the attention maps
  auto* page = new QComboBox(strip);
  page->setObjectName(QStringLiteral("presenterComparePage"));
  page->setAccessibleName(tr("What the comparison shows"));
  page->setFocusPolicy(Qt::TabFocus);
  page->addItems({tr("Curves and table"), tr("Attention maps")});
  page->setCurrentIndex(mPage);
  page->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
  mPageBox = page;
  connect(page, &QComboBox::currentIndexChanged, this, &ComparePanel::setPage);
  auto* pageLabel = new QLabel(tr("Show"), strip);  // (a combo box is spoken by its label: AT-SPI reads its text)
  pageLabel->setBuddy(page);
  h->addWidget(pageLabel);
  h->addWidget(page);
  // the presenter's key on the button (a hint beside it, squeezed between the controls, ran over four lines in German)
  auto* train = new QPushButton(tr("%1 (→)").arg(mStart->text()), strip);
  train->setObjectName(QStringLiteral("presenterCompareStart"));
  train->setFocusPolicy(Qt::TabFocus);
  connect(train, &QPushButton::clicked, this, &ComparePanel::start);
  connect(mCtl, &CompareController::runningChanged, train, [train](bool running) { train->setEnabled(!running); });
  h->addWidget(train);
  return strip;
}

QJsonObject ComparePanel::viewState() const {
  QJsonArray families;
  for (const gb::FamilyInfo& f : gb::families())
    if (QCheckBox* box = familyBox(f.variant); box && box->isChecked()) families.append(QString::fromStdString(f.name));
  if (mAttention->isChecked()) families.append(QLatin1String(CompareController::kAttentionName));
  QJsonObject s{{QStringLiteral("steps"), mSteps->value()},
                {QStringLiteral("em_iterations"), mEm->value()},
                {QStringLiteral("families"), families}};
  if (mCtl->result()) s.insert(QStringLiteral("run"), true);  // the comparison was shown: a beat runs it again
  if (mPage == 1) s.insert(QStringLiteral("page"), QStringLiteral("maps"));  // (presenting: the maps alone)
  return s;
}

void ComparePanel::setViewState(const QJsonObject& state) {
  setPage(state.value(QStringLiteral("page")).toString() == QLatin1String("maps") ? 1 : 0);
  if (state.contains(QStringLiteral("steps"))) mSteps->setValue(state.value(QStringLiteral("steps")).toInt(300));
  if (state.contains(QStringLiteral("em_iterations")))
    mEm->setValue(state.value(QStringLiteral("em_iterations")).toInt(30));
  if (state.value(QStringLiteral("families")).isArray()) {  // (names the window does not know are left out)
    std::vector<gb::Variant> chosen;
    bool attention = false;
    for (const QJsonValue& name : state.value(QStringLiteral("families")).toArray()) {
      if (name.toString() == QLatin1String(CompareController::kAttentionName)) attention = true;
      else if (const gb::FamilyInfo* f = gb::find_family(name.toString().toStdString()); f && familyBox(f->variant))
        chosen.push_back(f->variant);  // (a family the tab does not offer, e.g. hmm-gmm, is left out)
    }
    if (!chosen.empty() || attention) {
      setChosenFamilies(chosen);
      mAttention->setChecked(attention);
    }
  }
  if (state.value(QStringLiteral("run")).toBool() && !mCtl->running()) start();
}
