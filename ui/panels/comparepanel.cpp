#include "comparepanel.h"

#include "appearance.h"
#include "controllers/comparecontroller.h"
#include "controllers/modeldocument.h"
#include "widgets/figureexport.h"
#include "widgets/heatmap.h"
#include "widgets/textlabel.h"

#include <QGridLayout>
#include <QHBoxLayout>
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

ComparePanel::ComparePanel(ModelDocument* doc, QWidget* parent) : QWidget(parent), mDoc(doc) {
  mCtl = new CompareController(this);
  mSteps = new QSpinBox(this);
  mSteps->setObjectName(QStringLiteral("compareSteps"));
  mSteps->setRange(1, 100000);
  mSteps->setValue(300);
  auto* stepsLabel = new QLabel(tr("Steps each"), this);
  stepsLabel->setBuddy(mSteps);
  mStart = new QPushButton(tr("Train both"), this);
  mStart->setObjectName(QStringLiteral("compareStart"));
  mStart->setToolTip(tr("The loaded task, trained as an encoder-decoder and as a decoder-only model on source>target: "
                        "the same pairs, sizes and recipe, one step of each in turn"));
  mCancel = new QPushButton(tr("Cancel"), this);
  mCancel->setObjectName(QStringLiteral("compareCancel"));
  mCancel->setAccessibleName(tr("Cancel the comparison"));
  mProgress = new QProgressBar(this);
  mProgress->setAccessibleName(tr("Progress of the comparison"));
  mProgress->setTextVisible(false);
  auto* row = new QHBoxLayout;
  row->addWidget(stepsLabel);
  row->addWidget(mSteps);
  row->addWidget(mStart);
  row->addWidget(mCancel);
  row->addWidget(mProgress, 1);
  mInfo = new QLabel(this);
  makeTextLabel(mInfo);
  mPlot = new QCustomPlot(this);
  mPlot->setObjectName(QStringLiteral("compareLoss"));
  installExportMenu(mPlot);
  mPlot->setAccessibleName(tr("Loss of both variants"));
  mPlot->setMinimumHeight(160);
  mEdGraph = mPlot->addGraph();
  mDGraph = mPlot->addGraph();
  mEdGraph->setName(tr("encoder-decoder"));
  mDGraph->setName(tr("decoder-only"));
  mPlot->xAxis->setLabel(tr("step"));
  mPlot->yAxis->setLabel(tr("loss J"));
  mPlot->legend->setVisible(true);
  auto colours = [this] {
    mEdGraph->setPen(QPen(Appearance::get().series(0), 2));
    mDGraph->setPen(QPen(Appearance::get().series(1), 2));
  };
  colours();
  Appearance::get().attach(mPlot);
  connect(&Appearance::get(), &Appearance::changed, this, colours);
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
  auto* v = new QVBoxLayout(this);
  v->addLayout(row);
  v->addWidget(mInfo);
  v->addWidget(mPlot, 1);
  v->addWidget(mSummary);
  v->addLayout(headRow);
  v->addLayout(maps, 2);

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
    mStart->setEnabled(!running);
    mCancel->setEnabled(running);
    mProgress->setVisible(running);
  });
  connect(mCtl, &CompareController::finished, this, &ComparePanel::show);
  connect(mHead, &QSpinBox::valueChanged, this, &ComparePanel::drawMaps);
  connect(mDoc, &ModelDocument::dataChanged, this, [this] {  // a comparison of another task does not stay beside it
    if (!mCtl->followTask(mDoc->taskName())) return;
    for (QWidget* w : shownWithResult()) w->hide();
    mInfo->setText(mDoc->taskName().isEmpty()
                       ? tr("The data changed, so the comparison was put away. Load a built-in task, then train it "
                            "both ways.")
                       : tr("The task is now “%1”, so the comparison of another task was put away: train both again.")
                             .arg(mDoc->taskName()));
  });
  mCancel->setEnabled(false);
  mProgress->hide();
  mInfo->setText(tr("Load a built-in task, then train it both ways: the encoder-decoder reads the source with its "
                    "encoder; the decoder-only model reads source>target as one sequence."));
  for (QWidget* w : shownWithResult()) w->hide();
}

std::vector<QWidget*> ComparePanel::shownWithResult() const {
  return {mPlot, mSummary, mCross, mCausal, mCrossTitle, mCausalTitle, mHead, mHeadLabel};
}

void ComparePanel::start() {
  const QString task = mDoc->taskName();
  auto info = gb::find_task(task.toStdString());
  if (task.isEmpty() || !info) {
    mInfo->setText(tr("The comparison trains a built-in task: load one in the Data dock first."));
    return;
  }
  mInfo->setText(tr("Training “%1” both ways, %2 steps each, one step of each in turn (L = %3, H = %4, d_e = %5, "
                    "d_mlp = %6)…")
                     .arg(task)
                     .arg(mSteps->value())
                     .arg(info->layers)
                     .arg(info->heads)
                     .arg(info->d_e)
                     .arg(info->d_mlp));
  mCtl->start(task, info->layers, info->heads, info->d_e, info->d_mlp, mSteps->value(), 0);
}

void ComparePanel::show(const QString& error) {
  const auto& r = mCtl->result();
  if (!error.isEmpty() || !r) {
    mInfo->setText(error);
    return;
  }
  for (QWidget* w : shownWithResult()) w->show();
  auto curve = [](QCPGraph* g, const std::vector<double>& losses) {
    QVector<double> x, y;
    for (size_t i = 0; i < losses.size(); ++i) {
      x << double(i + 1);
      y << losses[i];
    }
    g->setData(x, y, true);
  };
  curve(mEdGraph, r->ed.losses);
  curve(mDGraph, r->d.losses);
  mPlot->rescaleAxes();
  mPlot->yAxis->setRangeLower(0);
  mPlot->replot(QCustomPlot::rpQueuedReplot);
  const QLocale l;
  auto side = [&](const CompareController::Side& s, const QString& name) {
    return tr("%1: %2 parameters, ℓ_max %3, final loss %4, greedy “%5”")
        .arg(name, l.toString(qlonglong(s.parameterCount)))
        .arg(s.config.max_len)
        .arg(l.toString(s.losses.empty() ? 0.0 : s.losses.back(), 'f', 3))
        .arg(QString::fromStdString(s.greedy));
  };
  mSummary->setText(tr("Both trained on the same %1 pairs of “%2”; the probe: “%3”.")
                        .arg(r->ed.trainPairs.size())
                        .arg(r->task, QString::fromStdString(r->input))
                        .toHtmlEscaped() +
                    QStringLiteral("<br>") + side(r->ed, tr("Encoder-decoder")).toHtmlEscaped() + QStringLiteral("<br>") +
                    side(r->d, tr("Decoder-only")).toHtmlEscaped());
  mSummary->setTextFormat(Qt::RichText);
  {
    QSignalBlocker quiet(mHead);
    mHead->setRange(1, std::max(1, std::min(r->ed.config.heads, r->d.config.heads)));  // (both: the task's H)
  }
  drawMaps();
  mInfo->setText(tr("Done. The encoder-decoder's target column reads the source through cross-attention; the "
                    "decoder-only model's columns after “>” read the source in the same sequence, causally."));
}

void ComparePanel::drawMaps() {
  const auto& r = mCtl->result();
  if (!r) return;
  const int head = mHead->value() - 1;
  mCrossTitle->setText(tr("Encoder-decoder: cross-attention, last layer, head %1").arg(head + 1));
  mCausalTitle->setText(tr("Decoder-only: masked self-attention over source>target, last layer, head %1").arg(head + 1));
  // the attention of the probe: the chosen head of the last layer of the kind that carries the source to the target
  auto draw = [head](Heatmap* map, const CompareController::Side& s, gb::AttentionRecord::Kind kind) {
    const gb::AttentionRecord* last = nullptr;
    for (const auto& rec : s.trace)
      if (rec.attention && rec.attention->kind == kind) last = &*rec.attention;
    if (!last || head >= int(last->heads.size())) return;
    auto labels = [&](const std::vector<int>& ids) {
      QStringList out;
      for (int t : ids) out << QString::fromStdString(s.tokenizer.display(t));
      return out;
    };
    const QStringList x = labels(s.probe.x);
    const QStringList keys = kind == gb::AttentionRecord::Kind::Cross ? labels(s.probe.z) : x;
    QStringList predicted;
    for (int j = 0; j < x.size(); ++j) predicted << (j + 1 < x.size() ? x[j + 1] : QStringLiteral("?"));
    const gb::HeadRecord& h = last->heads[size_t(head)];
    map->setPredictions(predicted);
    map->setData(h.A, h.S, h.mask, keys, x, std::sqrt(double(s.config.d_h())));
  };
  draw(mCross, r->ed, gb::AttentionRecord::Kind::Cross);
  draw(mCausal, r->d, gb::AttentionRecord::Kind::Causal);
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
  h->addWidget(new QLabel(tr("Space trains both variants."), strip));
  h->addStretch(1);
  auto* train = new QPushButton(mStart->text(), strip);
  train->setObjectName(QStringLiteral("presenterCompareStart"));
  train->setFocusPolicy(Qt::TabFocus);
  connect(train, &QPushButton::clicked, this, &ComparePanel::start);
  connect(mCtl, &CompareController::runningChanged, train, [train](bool running) { train->setEnabled(!running); });
  h->addWidget(train);
  return strip;
}

QJsonObject ComparePanel::viewState() const {
  QJsonObject s{{QStringLiteral("steps"), mSteps->value()}};
  if (mCtl->result()) s.insert(QStringLiteral("run"), true);  // the comparison was shown: a beat runs it again
  return s;
}

void ComparePanel::setViewState(const QJsonObject& state) {
  if (state.contains(QStringLiteral("steps"))) mSteps->setValue(state.value(QStringLiteral("steps")).toInt(300));
  if (state.value(QStringLiteral("run")).toBool() && !mCtl->running()) start();
}
