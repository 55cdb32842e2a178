#include "decodingpanel.h"
#include "sampleinputs.h"
#include "widgets/axistitle.h"
#include "widgets/textlabel.h"
#include "widgets/numbertext.h"

#include "appearance.h"
#include "widgets/colormaps.h"

#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "kvcacheview.h"
#include "core/family.h"
#include "familynames.h"
#include "widgets/flowlayout.h"
#include "timelineview.h"
#include "widgets/beamtreeview.h"
#include "widgets/matrixview.h"
#include "widgets/figureexport.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QTimer>
#include <QResizeEvent>
#include <QSettings>
#include <QSlider>
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTextDocument>
#include <QVBoxLayout>

#include <tuple>
#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace {
// A probability or a random number in [0, 1) as the class should read it: three decimals, but never a rounded 0 or
// 1 that it is not (0.99975 is not 1.000, 2·10⁻⁵ is not 0.000).
QString number(double v) {
  const QString three = QLocale().toString(v, 'f', 3);
  if (v != 0 && std::abs(v) < 0.0005) return numberText(v, 2);
  if (v < 1 && QLocale().toString(1.0, 'f', 3) == three) return QLocale().toString(v, 'f', 5);
  return three;
}
}  // namespace

double DecodingPanel::temperatureAt(int position) {
  if (position >= kInfinityPosition) return std::numeric_limits<double>::infinity();
  return 0.05 * position;
}

DecodingPanel::DecodingPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent)
    : QWidget(parent), mDoc(doc), mTrainer(trainer) {
  mCtl = new DecodingController(this);
  mInput = new QComboBox(this);
  mInput->setObjectName(QStringLiteral("decodeInput"));
  mInput->setEditable(true);
  mInput->setMinimumContentsLength(14);
  mInput->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mInput->setToolTip(tr("Encoder-decoder: the source z. Decoder-only: the prompt. Type one, or pick one from the "
                        "validation data."));
  mStart = new QPushButton(tr("Start"), this);
  mStart->setObjectName(QStringLiteral("decodeStart"));
  mStart->setToolTip(tr("A new sequence: ED-Inference starts from <bos>, D-Inference from <bos> and the prompt"));
  mStep = new QPushButton(tr("Next token"), this);
  mStep->setObjectName(QStringLiteral("decodeStep"));
  mRun = new QPushButton(tr("To the end"), this);
  mBack = new QPushButton(tr("Back"), this);
  mBack->setToolTip(tr("Take the last token back (and draw again, perhaps at another temperature)"));
  mTau = new QSlider(Qt::Horizontal, this);
  mTau->setObjectName(QStringLiteral("temperatureSlider"));
  mTau->setRange(0, kInfinityPosition);
  mTau->setValue(20);  // τ = 1: the model's own distribution
  mTau->setToolTip(tr("τ = 0 takes the most likely token (greedy); τ = 1 samples p itself; larger τ flattens q "
                      "towards the uniform distribution (τ = ∞)"));
  mTauLabel = new QLabel(this);
  mTauLabel->setObjectName(QStringLiteral("temperatureLabel"));
  mTauLabel->setMinimumWidth(70);
  mTopK = new QSpinBox(this);
  mTopK->setRange(0, 100000);
  mTopK->setSpecialValueText(tr("off"));
  mTopP = new QDoubleSpinBox(this);
  mTopP->setRange(0.01, 1.0);
  mTopP->setSingleStep(0.05);
  mTopP->setValue(1.0);
  mSeed = new QSpinBox(this);
  mSeed->setRange(0, 1000000);
  auto* row1 = new QHBoxLayout;
  auto* inputLabel = new QLabel(tr("Input"), this);
  row1->addWidget(inputLabel);
  row1->addWidget(mInput, 1);
  auto* seedLabel = new QLabel(tr("Seed"), this);
  row1->addWidget(seedLabel);
  row1->addWidget(mSeed);
  row1->addWidget(mStart);
  // rows 2 and 3 wrap where the room ends (a 1024-pixel projector with the docks open): groups that belong
  // together stay together
  auto group = [this](std::initializer_list<QWidget*> ws, QWidget* stretch = nullptr) {
    auto* g = new QWidget(this);
    auto* h = new QHBoxLayout(g);
    h->setContentsMargins(0, 0, 0, 0);
    for (QWidget* w : ws) h->addWidget(w, w == stretch ? 1 : 0);
    return g;
  };
  auto* tauTitle = new QLabel(tr("Temperature"), this);
  mTau->setMinimumWidth(180);
  auto* topKLabel = new QLabel(tr("top-k"), this);
  auto* topPLabel = new QLabel(tr("top-p"), this);
  mOnce = new QCheckBox(tr("for 1 step"), this);
  mOnce->setObjectName(QStringLiteral("samplerOnce"));
  mOnce->setAccessibleName(tr("τ, top-k and top-p for the next token only"));
  mOnce->setToolTip(tr("τ, top-k and top-p as they are set now apply to the next token only; then they go back to "
                       "what they were when this was ticked"));
  auto* row2 = new FlowLayout;
  QWidget* tauGroup = group({tauTitle, mTau, mTauLabel}, mTau);
  tauGroup->setMinimumWidth(tauGroup->sizeHint().width());
  row2->addWidget(tauGroup);
  row2->addWidget(group({topKLabel, mTopK}));
  row2->addWidget(group({topPLabel, mTopP}));
  row2->addWidget(mOnce);
  mBeam = new QPushButton(tr("Beam search"), this);
  mBeam->setObjectName(QStringLiteral("beamButton"));
  mBeam->setToolTip(tr("From here, keep the B best continuations by Σ log p and report the best by score / length "
                       "(the sequence above does not change)"));
  mBeamWidth = new QSpinBox(this);
  mBeamWidth->setRange(1, 16);
  mBeamWidth->setValue(4);
  mBeamWidth->setPrefix(tr("B = "));
  mBeamAlpha = new QDoubleSpinBox(this);
  mBeamAlpha->setObjectName(QStringLiteral("beamAlpha"));
  mBeamAlpha->setRange(0.0, 2.0);
  mBeamAlpha->setSingleStep(0.1);
  mBeamAlpha->setDecimals(1);
  mBeamAlpha->setValue(1.0);
  mBeamAlpha->setPrefix(tr("α = "));
  mBeamAlpha->setAccessibleName(tr("Length normalisation α"));
  mBeamAlpha->setToolTip(tr("Beam search ranks finished hypotheses by Σ log p / length^α: α = 0 prefers short ones, "
                            "α = 1 compares the mean log p per token"));
  mSaveHistory = new QPushButton(tr("Save history…"), this);
  mSaveHistory->setObjectName(QStringLiteral("decodeSaveHistory"));
  mSaveHistory->setToolTip(tr("Every step so far as a table (CSV) or as JSON: the token, p, log p, q, the sampler "
                              "settings it was drawn with and the running Σ log p"));
  auto* row3 = new FlowLayout;
  row3->addWidget(group({mStep, mRun, mBack}));
  row3->addWidget(group({mBeam, mBeamWidth, mBeamAlpha}));
  row3->addWidget(mSaveHistory);
  // names for a screen reader: the visible labels are buddies, and the slider says τ, not its position
  inputLabel->setBuddy(mInput);
  mInput->lineEdit()->setAccessibleName(tr("Input"));
  seedLabel->setBuddy(mSeed);
  mSeed->setAccessibleName(tr("Sampling seed"));
  tauTitle->setBuddy(mTau);
  mTau->setAccessibleName(tr("Temperature τ"));
  topKLabel->setBuddy(mTopK);
  topPLabel->setBuddy(mTopP);
  mBeamWidth->setAccessibleName(tr("Beam width B"));
  // the Tab key goes row by row, as the tab reads
  QWidget* order[] = {mInput, mSeed, mStart, mTau, mTopK, mTopP, mOnce, mStep, mRun, mBack, mBeam, mBeamWidth, mBeamAlpha, mSaveHistory};
  for (size_t i = 1; i < std::size(order); ++i) setTabOrder(order[i - 1], order[i]);
  mSequence = new QLabel(this);
  mSequence->setObjectName(QStringLiteral("decodeSequence"));
  makeTextLabel(mSequence);
  mSequence->setTextFormat(Qt::RichText);
  mChoice = new QLabel(this);
  mChoice->setObjectName(QStringLiteral("decodeChoice"));
  makeTextLabel(mChoice);
  mInfo = new QLabel(tr("Build (and train) a model, then start decoding."), this);
  makeTextLabel(mInfo);
  mInfo->setTextFormat(Qt::PlainText);  // (a token such as <b> or <s> is shown as it is, never read as markup)
  mCache = new QLabel(this);
  mCache->setTextFormat(Qt::RichText);  // (q ∝ p to the power 1/τ, as the notes write it; no data in its text)
  makeTextLabel(mCache);
  // the worker's progress and Cancel: shown while To the end or a beam search runs off the GUI thread
  mBusy = new BusyRow(QStringLiteral("decode"), QString(), tr("Decoding progress"), tr("Cancel decoding"), this);
  mBusy->cancelButton()->setToolTip(tr("Stop the running work now (To the end, the beam search, the comparison, going to a branch); the sequence "
                                       "stays as it was"));

  mChart = new QCustomPlot(this);
  mChart->setObjectName(QStringLiteral("distributionChart"));
  installExportMenu(mChart);  // Copy image, Save as PNG / SVG / PDF
  mChart->setMinimumHeight(260);
  mPBars = new QCPBars(mChart->xAxis, mChart->yAxis);
  mPBars->setName(tr("p: the model's distribution"));
  mPBars->setPen(Qt::NoPen);

  mPBars->setWidth(0.38);
  mQBars = new QCPBars(mChart->xAxis, mChart->yAxis);
  mQBars->setName(tr("q: what is drawn from\n(after τ, top-k, top-p)"));  // (two lines: a narrow chart cut one)
  mQBars->setPen(Qt::NoPen);
  mQBars->setWidth(0.38);
  mChart->yAxis->setRange(0, 1.0);
  setAxisTitle(mChart->yAxis, tr("probability of the next token"));  // (wrapped where the chart is short)
  setAxisTitle(mChart->xAxis, tr("the most likely tokens under p"), tr("tokens, most likely first"));
  // The legend above the axes, one entry a line: inside them, in the top right corner, it covered the first bars and
  // the y axis's title wherever the chart was narrower than its (German) texts — at 1024 × 768 in the workbench.
  placeLegendAbove(mChart);
  mChart->legend->setFillOrder(QCPLegend::foRowsFirst);
  // its texts never make the chart (so the tab) wider: QCustomPlot's minimum width is its layout's, the legend's
  // longest line included (the German Decoding tab scrolled sideways at 1920 × 1080 beside three columns of docks)
  mChart->legend->setMinimumSize(120, 0);
  auto colours = [this] {
    mPBars->setBrush(Appearance::get().series(2));
    mQBars->setBrush(Appearance::get().series(0));
  };
  colours();
  Appearance::get().attach(mChart);
  connect(&Appearance::get(), &Appearance::changed, this, [this, colours] {
    colours();
    redraw();  // the labels that fit change with the font
  });
  mChart->setAccessibleName(tr("Distribution of the next token"));
  mChart->setAccessibleDescription(tr("Bars for the most likely tokens: p, the model's distribution (grey), and q, "
                                      "what is drawn from (blue). The text below the chart gives the entropies."));

  mAttention = new MatrixView(this, MatrixView::Look::Probability);
  mAttention->setObjectName(QStringLiteral("decodeAttention"));
  mAttention->setScaleLabel(QString());  // the title above says what it is: the map keeps its room
  mAttention->setMinimumWidth(240);  // room for word labels, a map whose layers are each numbered, its colour bar
  mAttention->plot()->setAccessibleName(tr("Where the new column looks"));
  mAttentionTitle = new QLabel(this);
  makeTextLabel(mAttentionTitle);
  auto* attBox = new QVBoxLayout;
  attBox->addWidget(mAttentionTitle);
  attBox->addWidget(mAttention, 1);
  auto* nextPage = new QWidget(this);
  nextPage->setObjectName(QStringLiteral("next"));
  auto* views = new QHBoxLayout(nextPage);
  views->setContentsMargins(0, 0, 0, 0);
  views->addWidget(mChart, 4);  // the chart is the view; where the column looks is beside it
  views->addLayout(attBox, 1);
  // the views of the decoding, one at a time (a projector has no room for all): the next token, the KV cache
  mViews = new QTabWidget(this);
  mViews->setObjectName(QStringLiteral("decodeViews"));
  mViews->setAccessibleName(tr("Decoding views"));
  mViews->setDocumentMode(true);
  mViews->addTab(nextPage, tr("Next token"));
  mTimeline = new TimelineView(mCtl, this);
  mTimeline->setObjectName(QStringLiteral("timeline"));
  mTimeline->setStepper([this](int forced) { return takeStep(forced); });
  mViews->addTab(mTimeline, tr("Timeline"));
  mKv = new KvCacheView(mCtl, this);
  mKv->setObjectName(QStringLiteral("kv"));
  mViews->addTab(mKv, tr("KV cache"));
  // the beam tree, level by level
  mBeamPage = new QWidget(this);
  mBeamPage->setObjectName(QStringLiteral("beam"));
  mBeamTree = new BeamTreeView(mBeamPage);
  mBeamTree->setObjectName(QStringLiteral("beamTree"));
  auto* treeScroll = mTreeScroll = new QScrollArea(mBeamPage);
  treeScroll->setWidget(mBeamTree);
  treeScroll->setWidgetResizable(true);
  treeScroll->setAccessibleName(tr("Beam search tree"));
  mLevelBack = new QPushButton(tr("◀ Level"), mBeamPage);
  mLevelBack->setObjectName(QStringLiteral("beamLevelBack"));
  mLevelBack->setAccessibleName(tr("One level less of the beam tree"));
  mLevelNext = new QPushButton(tr("Level ▶"), mBeamPage);
  mLevelNext->setObjectName(QStringLiteral("beamLevelNext"));
  mLevelNext->setAccessibleName(tr("One level more of the beam tree"));
  mLevelLabel = new QLabel(mBeamPage);
  makeTextLabel(mLevelLabel);
  auto* levelRow = new QHBoxLayout;
  levelRow->addWidget(mLevelBack);
  levelRow->addWidget(mLevelNext);
  levelRow->addWidget(mLevelLabel, 1);
  auto* beamBox = new QVBoxLayout(mBeamPage);
  beamBox->setContentsMargins(0, 0, 0, 0);
  beamBox->addLayout(levelRow);
  beamBox->addWidget(treeScroll, 1);
  mViews->addTab(mBeamPage, tr("Beam tree"));
  connect(mLevelBack, &QPushButton::clicked, this, [this] { showLevels(mBeamTree->shownLevels() - 1); });
  connect(mLevelNext, &QPushButton::clicked, this, [this] { showLevels(mBeamTree->shownLevels() + 1); });
  connect(mBeamTree, &BeamTreeView::shownLevelsChanged, this, &DecodingPanel::showLevels);
  // the timeline's comparison searches with the B and α set here
  auto beamSettings = [this] { mTimeline->setBeamSettings(mBeamWidth->value(), mBeamAlpha->value()); };
  connect(mBeamWidth, &QSpinBox::valueChanged, this, beamSettings);
  connect(mBeamAlpha, &QDoubleSpinBox::valueChanged, this, beamSettings);
  beamSettings();
  showLevels(0);

  mControls = new QWidget(this);  // in presentation mode the strip replaces these rows
  auto* cv = new QVBoxLayout(mControls);
  cv->setContentsMargins(0, 0, 0, 0);
  cv->addLayout(row1);
  cv->addLayout(row2);
  cv->addLayout(row3);
  auto* v = new QVBoxLayout(this);
  v->addWidget(mControls);
  v->addWidget(mBusy);
  v->addWidget(mInfo);
  v->addWidget(mSequence);
  v->addWidget(mChoice);
  v->addWidget(mViews, 1);
  v->addWidget(mCache);

  mChart->installEventFilter(this);
  connect(mStart, &QPushButton::clicked, this, &DecodingPanel::start);
  connect(mStep, &QPushButton::clicked, this, [this] { takeStep(); });
  // "next token only": the settings of the moment it was ticked come back after the next step
  connect(mOnce, &QCheckBox::toggled, this, [this](bool on) {
    if (on) mOnceRestore = {mTau->value(), mTopK->value(), mTopP->value()};
  });
  // a click on a bar of the chart takes that token (forced): a branch when another was drawn there before
  mChart->setToolTip(tr("Click a bar to take that token at the next step"));
  connect(mChart, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
    if (e->button() != Qt::LeftButton || !mStep->isEnabled()) return;
    // bar pair i (p at i − 0.2, q at i + 0.2, each 0.38 wide) spans i − 0.39 … i + 0.39, up to the taller bar
    const double key = mChart->xAxis->pixelToCoord(e->position().x());
    const double value = mChart->yAxis->pixelToCoord(e->position().y());
    const int i = int(std::lround(key));
    if (i < 0 || i >= mChartTokens.size() || std::abs(key - i) > 0.39 || value < 0) return;
    const auto& logp = mCtl->nextLogp();
    const double top = std::max(std::exp(logp[size_t(mChartTokens[i])]), mCtl->preview().q_filtered[size_t(mChartTokens[i])]);
    if (value <= std::max(top, 0.03)) takeStep(mChartTokens[i]);  // (a tiny bar can still be hit)
  });
  connect(mRun, &QPushButton::clicked, mCtl, &DecodingController::runToEnd);
  connect(mBeam, &QPushButton::clicked, this, [this] {
    const QString err = mCtl->beam(mBeamWidth->value(), mBeamAlpha->value());
    if (!err.isEmpty()) mInfo->setText(err);
  });
  connect(mCtl, &DecodingController::beamFinished, this, &DecodingPanel::showBeam);
  connect(mCtl, &DecodingController::runFinished, this, [this](int, const QString& err) {
    if (!err.isEmpty()) mInfo->setText(err);
  });
  connect(mBusy, &BusyRow::cancelClicked, mCtl, &DecodingController::cancel);
  connect(mCtl, &DecodingController::progress, this, &DecodingPanel::showProgress);
  connect(mCtl, &DecodingController::busyChanged, this, [this](DecodingController::Work w) {
    mBusy->setVisible(w != DecodingController::Work::None);
    if (w != DecodingController::Work::None) showProgress(0, 0);
    redraw();
  });
  connect(mBack, &QPushButton::clicked, mCtl, &DecodingController::back);
  connect(mSaveHistory, &QPushButton::clicked, this, &DecodingPanel::saveHistoryDialog);
  connect(mTau, &QSlider::valueChanged, this, &DecodingPanel::applySampler);
  connect(mTopK, &QSpinBox::valueChanged, this, &DecodingPanel::applySampler);
  connect(mTopP, &QDoubleSpinBox::valueChanged, this, &DecodingPanel::applySampler);
  connect(mCtl, &DecodingController::changed, this, &DecodingPanel::redraw);
  connect(mDoc, &ModelDocument::dataChanged, this, &DecodingPanel::fillInputs);
  connect(mDoc, &ModelDocument::modelChanged, this, [this] {
    fillInputs();
    redraw();
    if (mCtl->active() && !mCtl->decodesWith(mDoc->config(), mDoc->params()))
      // trained since (same model, new parameters): the session decodes with the old ones
      mInfo->setText(tr("The model has been trained since this decoding started: Start again to decode with the "
                        "new parameters."));
  });
  connect(mDoc, &ModelDocument::aboutToReplace, mCtl, &DecodingController::stop);  // never the old model
  connect(mDoc, &ModelDocument::fitChanged, this, &DecodingPanel::redraw);
  connect(mDoc, &ModelDocument::variantChanged, this, &DecodingPanel::showFamilyViews);
  fillInputs();  // (made while the document holds a model already: the window made again in another language)
  applySampler();
  showFamilyViews();
  redraw();
}

void DecodingPanel::showFamilyViews() {
  // what the family offers: the KV cache and where the new column looks are a transformer's (core/family.h)
  const gb::FamilyInfo& f = gb::family(mDoc->variant());
  mViews->setTabVisible(mViews->indexOf(mKv), f.offers(gb::view::kKvCache));
  if (!mViews->isTabVisible(mViews->currentIndex())) mViews->setCurrentIndex(0);
  redraw();  // (shows where the new column looks only for a family that has attention)
}

void DecodingPanel::fillInputs() {
  fillSampleInputs(mInput, *mDoc, mFilledData);  // (a typed input stays while the data stays)
}

QString DecodingPanel::takeStep(int forced) {
  const QString err = mCtl->step(forced);
  if (!err.isEmpty()) mInfo->setText(err);
  if (mOnce->isChecked() && err.isEmpty()) {  // back to the settings from before
    mOnce->setChecked(false);
    mTau->setValue(std::get<0>(mOnceRestore));
    mTopK->setValue(std::get<1>(mOnceRestore));
    mTopP->setValue(std::get<2>(mOnceRestore));
  }
  return err;
}

void DecodingPanel::applySampler() {
  gb::SamplerOptions o;
  o.temperature = temperatureAt(mTau->value());
  o.top_k = mTopK->value();
  o.top_p = mTopP->value();
  mTauLabel->setText(std::isinf(o.temperature) ? tr("τ = ∞") : tr("τ = %1").arg(QLocale().toString(o.temperature, 'f', 2)));
  mTau->setAccessibleDescription(mTauLabel->text());  // the slider's value is its position, not τ
  mCtl->setSampler(o);  // redraws q for the pending step at once
}

bool DecodingPanel::start() {
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  if (!mDoc->hasModel() || !tok) {
    mInfo->setText(tr("Build (and train) a model, then start decoding."));
    return false;
  }
  // the newest parameters: the trainer's while it trains, the document's otherwise
  const auto p = mTrainer->latestParams(mDoc->sharedParams());
  const bool pairs = mDoc->hasData() ? !mDoc->data().train_pairs.empty() : mDoc->config().has_source();
  const QString err = mCtl->start(mDoc->config(), p, *tok, mInput->currentText(), pairs, quint64(mSeed->value()));
  mInfo->setText(!err.isEmpty() ? err : familyDecodingLine(mDoc->config().variant));
  return err.isEmpty();  // (refused for memory, the session before it stays: nothing is replayed onto it)
}

void DecodingPanel::saveHistoryDialog() {
  QSettings settings;
  const QString csv = tr("CSV tables (*.csv)"), json = tr("JSON files (*.json)");
  QString filter = settings.value(QStringLiteral("export/historyFormat")).toString() == QLatin1String("json") ? json : csv;
  const QString dir = settings.value(QStringLiteral("export/dir"), QDir::homePath()).toString();
  QString path = QFileDialog::getSaveFileName(this, tr("Save decoding history"),
                                              QDir(dir).filePath(filter == json ? QStringLiteral("decoding.json")
                                                                                : QStringLiteral("decoding.csv")),
                                              csv + QStringLiteral(";;") + json, &filter);
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += filter == json ? QStringLiteral(".json") : QStringLiteral(".csv");
  settings.setValue(QStringLiteral("export/dir"), QFileInfo(path).absolutePath());
  settings.setValue(QStringLiteral("export/historyFormat"), QFileInfo(path).suffix().toLower());
  const QString err = mCtl->saveHistory(path);
  if (!err.isEmpty()) QMessageBox::warning(this, tr("Save decoding history"), err);
}

void DecodingPanel::showBeam(const QString& error) {
  const auto& r = mCtl->beamResult();
  if (!error.isEmpty() || !r) {
    mInfo->setText(error);
    return;
  }
  // the tree, from the sequence's last tokens; the view switches to it, all levels shown
  const auto& x = mCtl->session()->tokens();
  QStringList tail;
  for (size_t i = x.size() > 3 ? x.size() - 3 : 0; i < x.size(); ++i) tail << mCtl->display(x[i]);
  mBeamTree->setTree(*r, (x.size() > 3 ? QStringLiteral("… ") : QString()) + tail.join(QLatin1Char(' ')),
                     [this](int t) { return mCtl->display(t); });
  mViews->setCurrentWidget(mBeamPage);
  // a tree opens at its root, read from the left (showLevels above followed the deepest level; the presenter's keys
  // follow the level they reach from here on)
  QTimer::singleShot(0, this, [this] { mTreeScroll->horizontalScrollBar()->setValue(0); });
  std::vector<int> best = r->tokens;
  if (!best.empty() && best.back() == mCtl->session()->config().eos_id) best.pop_back();
  mBeamText = QString::fromStdString(mCtl->tokenizer().decode(best));
  int pruned = 0;
  for (const auto& n : r->tree) pruned += n.pruned ? 1 : 0;
  // the search continues the sequence decoded so far: say both, or the class reads the continuation as the whole
  // (its end only, as the tree's root: a sequence of hundreds of tokens made a paragraph of it)
  QString before = QString::fromStdString(mCtl->tokenizer().decode(x));
  if (before.size() > 40) before = QChar(0x2026) + before.right(39);
  const QString found = before.isEmpty() ? tr("“%1”").arg(mBeamText) : tr("“%1” after “%2”").arg(mBeamText, before);
  // (one pass: the decoded text may hold "%1")
  mInfo->setText(tr("Beam search, B = %1: %2, Σ log p = %3 (%4 per token); %5 candidates expanded, %6 pruned.")
                     .arg(QString::number(mCtl->beamWidth()), found, QLocale().toString(r->score, 'f', 3),
                          QLocale().toString(r->normalized, 'f', 3), QString::number(r->tree.size()),
                          QString::number(pruned)));
}

void DecodingPanel::showLevels(int n) {
  if (mBeamTree->shownLevels() != n) {
    mBeamTree->setShownLevels(n);  // emits shownLevelsChanged, which comes back here
    return;
  }
  mLevelBack->setEnabled(!mBeamTree->isEmpty() && n > 0);
  mLevelNext->setEnabled(!mBeamTree->isEmpty() && n < mBeamTree->levels());
  // the level the presenter's keys reached comes into view (at 1024 × 768 the deeper levels are off to the right);
  // once now and once the scroll area has taken the tree's new size
  scrollToLevel();
  QTimer::singleShot(0, this, &DecodingPanel::scrollToLevel);
  const auto& r = mCtl->beamResult();
  if (mBeamTree->isEmpty() || !r) {
    mLevelLabel->setText(tr("Beam search draws its tree here, one level per new token."));
    return;
  }
  mLevelLabel->setText(tr("B = %1, α = %2: %3 of %4 levels shown. Filled: kept among the B best of the level; dashed and "
                          "grey: pruned; double frame: ended by <eos>; bold: the winner, Σ log p = %5, score %6.")
                           .arg(mCtl->beamWidth())
                           .arg(QLocale().toString(mCtl->beamAlpha(), 'f', 1))
                           .arg(n)
                           .arg(mBeamTree->levels())
                           .arg(QLocale().toString(r->score, 'f', 3), QLocale().toString(r->normalized, 'f', 3)));
}

void DecodingPanel::scrollToLevel() {
  const int n = mBeamTree->shownLevels();
  if (mBeamTree->isEmpty() || n <= 0) return;
  const BeamTreeView::Node* at = nullptr;
  for (const BeamTreeView::Node& node : mBeamTree->nodes())
    if (node.depth == n && (!at || (node.winner && !at->winner))) at = &node;
  if (!at) return;
  const QPoint c = at->rect.center().toPoint();
  mTreeScroll->ensureVisible(c.x(), c.y(), int(at->rect.width() / 2) + 24, int(at->rect.height() / 2) + 24);
}

void DecodingPanel::showProgress(int done, int limit) {
  const DecodingController::Work w = mCtl->busy();
  mBusy->setProgress(done, limit);
  if (w == DecodingController::Work::Compare)
    mBusy->setText(tr("Comparing greedy, sampling and beam search…"));
  else if (w == DecodingController::Work::GoTo)
    mBusy->setText(limit <= 0 ? tr("Going to the branch…")
                              : tr("Going to the branch: step %1 of %2").arg(done).arg(limit));
  else if (w == DecodingController::Work::Beam)
    mBusy->setText(limit <= 0 ? tr("Beam search running…")
                              : tr("Beam search: level %1 of at most %2").arg(done).arg(limit));
  else
    mBusy->setText(limit <= 0 ? tr("Decoding to the end…")
                              : tr("To the end: token %1 of at most %2").arg(done).arg(limit));
}

QVector<double> DecodingPanel::chartValues() const {
  QVector<double> out;
  for (auto it = mPBars->data()->constBegin(); it != mPBars->data()->constEnd(); ++it) out << it->value;
  return out;
}

bool DecodingPanel::eventFilter(QObject* watched, QEvent* event) {
  if (watched == mChart && event->type() == QEvent::Resize && !mRefitPending) {
    const auto* r = static_cast<QResizeEvent*>(event);
    if (r->size().width() != r->oldSize().width() && !mChartTokens.isEmpty()) {
      mRefitPending = true;  // once, after the layout has settled (a resize comes in several steps)
      QTimer::singleShot(0, this, [this] {
        mRefitPending = false;
        redraw();
      });
    }
  }
  return QWidget::eventFilter(watched, event);
}

void DecodingPanel::redraw() {
  if (!mCtl->beamResult() && !mBeamTree->isEmpty()) {  // a new sequence: the old tree goes
    mBeamTree->clear();
    showLevels(0);
  }
  const gb::DecodeSession* s = mCtl->session();
  const bool active = s != nullptr;
  // while the worker decodes, nothing that would change the session (or start another run) is offered
  const bool idle = mCtl->busy() == DecodingController::Work::None;
  mStep->setEnabled(idle && active && !mCtl->finished());
  mRun->setEnabled(idle && active && !mCtl->finished());
  mBack->setEnabled(idle && active && !s->steps().empty());
  mBeam->setEnabled(idle && active && !mCtl->finished());
  if (mStripBeam) mStripBeam->setEnabled(mBeam->isEnabled());
  mBeamWidth->setEnabled(idle);
  mSeed->setEnabled(idle);
  mSaveHistory->setEnabled(idle && active && !s->steps().empty());
  mStart->setEnabled(idle && mDoc->tokenizerForModel() != nullptr);
  mBusy->setVisible(!idle);
  mChart->setVisible(active);
  // where the new column looks: for a family that has attention (core/family.h)
  const bool attention = active && (gb::family(mDoc->variant()).offers(gb::view::kDecodingAttention) ||
                                    mDoc->config().attention == gb::RnnAttention::Additive);
  for (QWidget* w : std::initializer_list<QWidget*>{mAttention, mAttentionTitle}) w->setVisible(attention);
  if (mStripNext) {
    mStripNext->setEnabled(idle && mDoc->tokenizerForModel() && (!active || !mCtl->finished()));
    mStripBack->setEnabled(mBack->isEnabled());
  }
  if (!active) {
    if (!mDoc->hasModel() || !mDoc->tokenizerForModel())
      mInfo->setText(tr("Build (and train) a model, then start decoding."));
    else if (mInfo->text() == tr("Build (and train) a model, then start decoding.") || mInfo->text().isEmpty())
      mInfo->setText(tr("Start decodes the input one token at a time (in presentation mode: Space)."));
    mChart->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    mSequence->clear();
    mChoice->clear();
    mCache->clear();
    mPBars->data()->clear();
    mQBars->data()->clear();
    mChartTokens.clear();
    mChart->replot(QCustomPlot::rpQueuedReplot);
    mAttention->clear();
    mAttentionTitle->clear();
    mAttention->plot()->setAccessibleDescription(QString());
    return;
  }
  // the sequence: the prompt grey, chosen tokens bold
  QStringList parts;
  const auto& x = s->tokens();
  for (size_t i = 0; i < x.size(); ++i) {
    const QString t = mCtl->display(x[i]).toHtmlEscaped();
    parts << (i < s->prefix_length() ? QStringLiteral("<span style='color:%2'>%1</span>").arg(t, Appearance::get().muted().name())
                                     : QStringLiteral("<b>%1</b>").arg(t));
  }
  // one line each: a sequence longer than the label keeps its newest tokens, the ones before it written "…"
  // (squeezed, the label showed its first line only, cut at the edge before the tokens just chosen)
  const int lineRoom = mSequence->contentsRect().width();
  auto fits = [this, lineRoom](const QString& html) {
    QTextDocument doc;
    doc.setDefaultFont(mSequence->font());
    doc.setDocumentMargin(0);
    doc.setHtml(html);
    return doc.idealWidth() <= lineRoom;
  };
  auto line = [](const QStringList& tokens, qsizetype from) {
    return (from > 0 ? QStringList{QStringLiteral("…")} + tokens.mid(from) : tokens).join(QLatin1Char(' '));
  };
  qsizetype from = 0;
  if (lineRoom > 50 && !fits(tr("x = %1").arg(line(parts, 0)))) {
    qsizetype lo = 1, hi = std::max<qsizetype>(1, parts.size() - 1);  // the fewest dropped that fit
    while (lo < hi) {
      const qsizetype mid = (lo + hi) / 2;
      if (fits(tr("x = %1").arg(line(parts, mid)))) hi = mid;
      else lo = mid + 1;
    }
    from = std::min(lo, std::max<qsizetype>(0, parts.size() - 1));  // (the newest token, even alone)
  }
  QString seq = tr("x = %1").arg(line(parts, from));
  if (s->config().has_source()) {
    QStringList z;
    for (int t : s->source()) z << mCtl->display(t).toHtmlEscaped();
    auto head = [&z](qsizetype keep) {  // the source's start, its end written "…"
      return (keep < z.size() ? z.mid(0, keep) << QStringLiteral("…") : z).join(QLatin1Char(' '));
    };
    qsizetype keep = z.size();
    if (lineRoom > 50 && keep > 1 && !fits(tr("z = %1").arg(head(keep)))) {
      qsizetype lo = 1, hi = keep - 1;  // the most kept that fit (at least one)
      while (lo < hi) {
        const qsizetype mid = (lo + hi + 1) / 2;
        if (fits(tr("z = %1").arg(head(mid)))) lo = mid;
        else hi = mid - 1;
      }
      keep = lo;
    }
    seq = tr("z = %1<br>%2").arg(head(keep), seq);
  }
  mSequence->setText(seq);
  // the last choice
  if (!s->steps().empty()) {
    const gb::DecodeStep& st = s->steps().back();
    QString how;
    switch (st.choice.how) {
      case gb::ChoiceKind::Argmax: how = tr("the most likely token (τ = 0)"); break;
      case gb::ChoiceKind::Sampled: how = tr("drawn from q with the random number %1").arg(number(st.choice.random)); break;
      case gb::ChoiceKind::Uniform: how = tr("drawn uniformly (τ = ∞)"); break;
      case gb::ChoiceKind::Forced: how = tr("forced"); break;
      case gb::ChoiceKind::Beam: how = tr("by beam search"); break;
    }
    mChoice->setText(tr("Step %1 chose “%2”: %3; p = %4, q = %5.")
                         .arg(s->steps().size())
                         .arg(mCtl->display(st.choice.token), how)
                         .arg(number(st.p_chosen))
                         .arg(number(st.q_chosen)));
  } else {
    mChoice->setText(tr("No token chosen yet."));
  }
  if (mCtl->finished())
    mChoice->setText(mChoice->text() + QLatin1Char(' ') +
                     tr("Done: “%1”.").arg(mCtl->generatedText().replace(QChar(0xFFFD), QStringLiteral("<unk>"))));
  // the pending step: p and q over the most likely tokens — or, once the sequence is done (<eos>, or ℓ_max), the
  // last step's, which the text above describes (the distribution after <eos> is no step anyone takes)
  const gb::DecodeStep* lastStep = mCtl->finished() && !s->steps().empty() ? &s->steps().back() : nullptr;
  const gb::Choice c = lastStep ? lastStep->choice : mCtl->preview();
  const auto& logp = lastStep ? lastStep->logp : mCtl->nextLogp();
  std::vector<int> order(logp.size());
  std::iota(order.begin(), order.end(), 0);
  const size_t most = std::min<size_t>(order.size(), 24);
  std::partial_sort(order.begin(), order.begin() + long(most), order.end(),
                    [&](int a, int b) { return logp[size_t(a)] > logp[size_t(b)] || (logp[size_t(a)] == logp[size_t(b)] && a < b); });
  // as many of the most likely tokens as can each be named under their bars (words are wider than letters):
  // fewer bars rather than bars without their token (at least 6; beyond that the labels are thinned, and say so)
  QStringList names;
  for (size_t i = 0; i < most; ++i) names << mCtl->display(order[i]);
  // which step the bars belong to: the text above says what the step before chose ("Step 40 chose ␣" over the bars
  // of step 41, without ␣, read as a contradiction); laid out before the room for the bars is measured (the title's
  // lines take the axis's margin)
  const int barsStep = int(s->steps().size()) + (lastStep ? 0 : 1);
  setAxisTitle(mChart->yAxis, tr("probability at step %1").arg(barsStep), tr("p, q at step %1").arg(barsStep));
  for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins, QCPLayoutElement::upLayout})
    mChart->plotLayout()->update(phase);
  const int room = std::max(10, mChart->axisRect()->width());
  const QFont tickFont = mChart->xAxis->tickLabelFont();
  size_t shown = most;
  while (shown > 6 && fitLabels(names, int(shown), room, tickFont, true).every > 1) --shown;
  names = names.mid(0, qsizetype(shown));
  QVector<double> keys, pv, qv;
  mChartTokens.clear();
  for (size_t i = 0; i < shown; ++i) {
    const int t = order[i];
    mChartTokens << t;
    keys << double(i);
    pv << std::exp(logp[size_t(t)]);
    qv << c.q_filtered[size_t(t)];
  }
  QVector<double> pk = keys, qk = keys;
  for (double& k : pk) k -= 0.2;
  for (double& k : qk) k += 0.2;
  mPBars->setData(pk, pv, true);
  mQBars->setData(qk, qv, true);
  const LabelFit fit = fitLabels(names, int(shown), room, tickFont, true);
  mChart->xAxis->setTicker(labelTicker(names, int(shown), fit));
  setTickLabelRotation(mChart->xAxis, fit.rotate ? 45 : 0);
  setAxisTitle(mChart->xAxis,
               fit.every == 1 ? tr("the most likely tokens under p") : tr("the most likely tokens under p (numbered by rank)"),
               fit.every == 1 ? tr("tokens, most likely first") : tr("rank under p"));  // (a narrow chart)
  mChart->xAxis->setRange(-0.7, double(shown) - 0.3);
  mChart->yAxis->setRange(0, 1.02);
  mChart->replot(QCustomPlot::rpQueuedReplot);
  // where the column that produced p looks: cross-attention over z (encoder-decoder) or self-attention over x,
  // per decoder layer, averaged over the heads
  const auto& att = lastStep ? lastStep->attention : s->next_attention();
  const bool ed = s->config().has_source();  // (an RNN encoder-decoder's additive attention: one layer, one head)
  if (!att.empty()) {
    const auto& first = ed ? att[0].cross : att[0].self;
    const Eigen::Index keys = first.empty() ? 0 : first[0].size();
    gb::MatF m = gb::MatF::Zero(keys, Eigen::Index(att.size()));
    for (size_t l = 0; l < att.size(); ++l) {
      const auto& heads = ed ? att[l].cross : att[l].self;
      for (const auto& h : heads)
        if (h.size() == keys) m.col(Eigen::Index(l)) += h / float(heads.size());
    }
    QStringList keyLabels, layers;
    if (ed)
      for (int t : s->source()) keyLabels << mCtl->display(t);
    else
      for (Eigen::Index k = 0; k < keys; ++k) {
        // the keys end at the token the column read: the last one of x, or when done the one before the token the
        // last step chose (x holds that choice too; labelled from x's end, the rows were one token off); a sliding
        // window shows the last keys
        const size_t end = std::clamp(lastStep ? size_t(lastStep->position) : s->tokens().size(), size_t(keys),
                                      s->tokens().size());
        const size_t i = size_t(k) + (end - size_t(keys));
        keyLabels << mCtl->display(s->tokens()[i]);
      }
    for (size_t l = 0; l < att.size(); ++l) layers << QString::number(l + 1);
    mAttention->setMatrix(m, ed ? tr("key t_z (source)") : tr("key t_z"), tr("decoder layer"), keyLabels, layers);
    // the new column reads the last token of x and predicts the next one: the distribution beside
    const QString last = mCtl->display(s->tokens().back());
    if (!s->config().is_transformer()) {  // an RNN encoder-decoder's additive attention: one step, one set of weights
      mAttentionTitle->setText(
          lastStep ? tr("Where the decoder looked in the source at its last step (it read “%1” and chose “%2”): "
                        "additive attention over z")
                         .arg(mCtl->display(s->tokens()[size_t(lastStep->position) - 1]),
                              mCtl->display(lastStep->choice.token))
                   : tr("Where the decoder looks in the source (it reads “%1” and predicts the next token): additive "
                        "attention over z")
                         .arg(last));
    } else if (lastStep) {  // done: the column of the last step, which read the token before the one it chose
      const QString read = mCtl->display(s->tokens()[size_t(lastStep->position) - 1]);
      const QString chose = mCtl->display(lastStep->choice.token);
      mAttentionTitle->setText(ed ? tr("Where the last column looked (it read “%1” and chose “%2”): cross-attention "
                                       "over z, per layer (head average)")
                                        .arg(read, chose)
                                  : tr("Where the last column looked (it read “%1” and chose “%2”): self-attention "
                                       "over x, per layer (head average)")
                                        .arg(read, chose));
    } else {
      mAttentionTitle->setText(ed ? tr("Where the new column looks (it reads “%1” and predicts the next token): "
                                       "cross-attention over z, per layer (head average)")
                                        .arg(last)
                                  : tr("Where the new column looks (it reads “%1” and predicts the next token): "
                                       "self-attention over x, per layer (head average)")
                                        .arg(last));
    }
    mAttention->plot()->setAccessibleDescription(mAttentionTitle->text());
  }
  const double tau = mCtl->sampler().temperature;
  const QString sampling = std::isinf(tau) ? tr("τ = ∞ makes q uniform")
                           : tau == 0      ? tr("τ = 0 puts all mass on the most likely token")
                                           : tr("q ∝ p<sup>1/τ</sup> with τ = %1").arg(QLocale().toString(tau, 'f', 2));
  const QString kept = c.kept.size() == 1 ? tr("1 candidate kept")
                                             : tr("%1 candidates kept").arg(c.kept.size());
  if (!s->config().is_transformer() || lastStep) {  // no layers, nothing cached; or done: no next token
    mCache->setText((lastStep ? tr("Last step: H(p) = %1 nats, H(q) = %2 nats, %3; %4.")
                              : tr("Next token: H(p) = %1 nats, H(q) = %2 nats, %3; %4."))
                        .arg(QLocale().toString(c.entropy_p, 'f', 3))
                        .arg(QLocale().toString(c.entropy_q, 'f', 3))
                        .arg(kept)
                        .arg(sampling));
    return;
  }
  const QString cache = s->cache_length() == 1 ? tr("KV cache: 1 column per decoder layer")
                                                 : tr("KV cache: %1 columns per decoder layer").arg(s->cache_length());
  mCache->setText(tr("Next token: H(p) = %1 nats, H(q) = %2 nats, %3; %4. %5%6.")
                      .arg(QLocale().toString(c.entropy_p, 'f', 3))
                      .arg(QLocale().toString(c.entropy_q, 'f', 3))
                      .arg(kept)
                      .arg(sampling)
                      .arg(cache)
                      .arg(s->config().is_ed() ? (s->source().size() == 1
                                                    ? tr(", cross-attention K and V of the 1 source token computed once")
                                                    : tr(", cross-attention K and V of the %1 source tokens computed once")
                                                          .arg(s->source().size()))
                                               : QString()));
}

QWidget* DecodingPanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* tauLabel = new QLabel(strip);
  auto* tau = new QSlider(Qt::Horizontal, strip);
  tau->setObjectName(QStringLiteral("presenterTemperature"));
  tau->setAccessibleName(tr("Temperature"));
  tau->setRange(mTau->minimum(), mTau->maximum());
  tau->setValue(mTau->value());
  tau->setMinimumWidth(110);
  tau->setFocusPolicy(Qt::TabFocus);  // a drag leaves the focus where it was; the presenter's keys are theirs anyway
  tauLabel->setText(mTauLabel->text());
  tauLabel->setMinimumWidth(0);  // as wide as its text at the strip's font (a fixed width cut it at presentation size)
  // one temperature: the strip's slider moves the tab's, and the tab's moves the strip's
  connect(tau, &QSlider::valueChanged, mTau, &QSlider::setValue);
  connect(mTau, &QSlider::valueChanged, tau, [tau, tauLabel, this](int v) {
    QSignalBlocker b(tau);
    tau->setValue(v);
    tauLabel->setText(mTauLabel->text());
  });
  // the views: a choice in the strip (the tab bar above the view gives its room to the chart)
  auto* view = new QComboBox(strip);
  view->setObjectName(QStringLiteral("presenterDecodingView"));
  view->setAccessibleName(tr("Decoding view"));
  view->setFocusPolicy(Qt::TabFocus);
  view->setSizeAdjustPolicy(QComboBox::AdjustToContents);  // "Nächstes Token" whole (the slider gives way)
  for (int i = 0; i < mViews->count(); ++i) view->addItem(mViews->tabText(i));
  view->setCurrentIndex(mViews->currentIndex());
  connect(view, &QComboBox::currentIndexChanged, mViews, &QTabWidget::setCurrentIndex);
  connect(mViews, &QTabWidget::currentChanged, view, [view](int i) {
    QSignalBlocker b(view);
    view->setCurrentIndex(i);
  });
  auto* viewLabel = new QLabel(tr("View"), strip);  // names the choice for a screen reader; not shown: the choice's
  viewLabel->setBuddy(view);                          // own text says it, and "Nächstes Token" needs the room
  viewLabel->hide();
  h->addWidget(view);
  h->addSpacing(12);
  // (no "Temperature" before the slider: "τ = 0.70" after it says it, and the strip must fit 1024 pixels in German)
  h->addWidget(tau, 1);
  h->addWidget(tauLabel);
  // on the beam tree the strip runs the search itself (beam search ignores τ: the button takes the slider's room)
  auto* beam = mStripBeam = new QPushButton(mBeam->text(), strip);
  beam->setObjectName(QStringLiteral("presenterBeamSearch"));
  beam->setAccessibleName(tr("Run beam search from the current step"));
  beam->setFocusPolicy(Qt::TabFocus);
  connect(beam, &QPushButton::clicked, mBeam, [this] {
    if (mBeam->isEnabled()) mBeam->click();
  });
  h->addWidget(beam);
  h->addStretch(0);
  auto followView = [this, tau, tauLabel, beam] {
    const bool onTree = mViews->currentWidget() == mBeamPage;
    tau->setVisible(!onTree);
    tauLabel->setVisible(!onTree);
    beam->setVisible(onTree);
  };
  connect(mViews, &QTabWidget::currentChanged, strip, followView);
  followView();
  connect(beam, &QObject::destroyed, this, [this, beam] {
    if (mStripBeam == beam) mStripBeam = nullptr;
  });
  h->addSpacing(12);
  std::tie(mStripBack, mStripNext) = addStepButtons(this, strip, h, mBack->text(), mStep->text());  // Next also starts
  redraw();
  return strip;
}

void DecodingPanel::setPresenting(bool on) {
  mControls->setVisible(!on);
  // the chart takes the room of the how-to line and the entropy/cache line (the strip and the chart say enough)
  mInfo->setVisible(!on);
  mCache->setVisible(!on);
  mViews->tabBar()->setVisible(!on);  // the strip chooses the view
}

bool DecodingPanel::beamStepping() const {
  return mViews->currentWidget() == mBeamPage && !mBeamTree->isEmpty() &&
         mCtl->busy() == DecodingController::Work::None;
}

bool DecodingPanel::presentNext() {
  if (beamStepping()) {  // the beam tree is shown: its next level
    if (mBeamTree->shownLevels() >= mBeamTree->levels()) return false;
    showLevels(mBeamTree->shownLevels() + 1);
    return true;
  }
  if (mCtl->busy() != DecodingController::Work::None) return false;  // the worker decodes: Cancel first
  if (!mCtl->active()) return start() && mCtl->active();
  if (mCtl->finished()) return false;
  const int before = int(mCtl->session()->steps().size());
  takeStep();
  return int(mCtl->session()->steps().size()) > before;
}

bool DecodingPanel::presentBack() {
  if (beamStepping()) {
    if (mBeamTree->shownLevels() <= 0) return false;
    showLevels(mBeamTree->shownLevels() - 1);
    return true;
  }
  return mCtl->busy() == DecodingController::Work::None && mCtl->active() && mCtl->back();
}

bool DecodingPanel::presentFirst() {
  if (beamStepping()) {  // the tree from its start
    showLevels(0);
    return true;
  }
  if (mCtl->busy() != DecodingController::Work::None) return false;
  return start() && mCtl->active();  // a new sequence from the same input
}

bool DecodingPanel::presentLast() {
  if (beamStepping()) {  // the whole tree
    showLevels(mBeamTree->levels());
    return true;
  }
  if (mCtl->busy() != DecodingController::Work::None) return false;
  if (!mCtl->active() && !start()) return false;
  return mCtl->active() && (mCtl->runToEnd() > 0 || mCtl->busy() != DecodingController::Work::None);
}

namespace {
QJsonValue tauJson(double tau) { return std::isinf(tau) ? QJsonValue(QStringLiteral("inf")) : QJsonValue(tau); }
double tauOf(const QJsonValue& v, double fallback) {
  if (v == QStringLiteral("inf")) return std::numeric_limits<double>::infinity();
  return v.isDouble() ? v.toDouble() : fallback;
}
}  // namespace

QJsonObject DecodingPanel::viewState() const {
  QJsonObject s;
  s.insert(QStringLiteral("input"), mInput->currentText());
  s.insert(QStringLiteral("tau"), tauJson(temperatureAt(mTau->value())));
  s.insert(QStringLiteral("top_k"), mTopK->value());
  s.insert(QStringLiteral("top_p"), mTopP->value());
  s.insert(QStringLiteral("seed"), mSeed->value());
  s.insert(QStringLiteral("beam_width"), mBeamWidth->value());
  if (mCtl->active()) {
    // every step with the sampler settings it was drawn with: replayed from the seed, they draw the same tokens
    QJsonArray steps;
    for (const auto& row : mCtl->history())
      steps.append(QJsonObject{{QStringLiteral("tau"), tauJson(row.sampler.temperature)},
                               {QStringLiteral("top_k"), row.sampler.top_k},
                               {QStringLiteral("top_p"), row.sampler.top_p},
                               {QStringLiteral("token"), QString::fromStdString(row.text)}});
    s.insert(QStringLiteral("steps"), steps);
  }
  return s;
}

void DecodingPanel::setViewState(const QJsonObject& s) {
  const double tau = tauOf(s.value(QStringLiteral("tau")), temperatureAt(mTau->value()));
  mTau->setValue(std::isinf(tau) ? kInfinityPosition : int(std::lround(tau / 0.05)));
  // the sampler's settings a beat leaves out are the defaults (not whatever the tab had): a beat looks the same
  // in every window
  mTopK->setValue(s.value(QStringLiteral("top_k")).toInt(0));
  mTopP->setValue(s.value(QStringLiteral("top_p")).toDouble(1.0));
  mSeed->setValue(s.value(QStringLiteral("seed")).toInt(0));
  mBeamWidth->setValue(s.value(QStringLiteral("beam_width")).toInt(4));
  if (s.contains(QStringLiteral("input"))) mInput->setCurrentText(s.value(QStringLiteral("input")).toString());
  const QJsonValue steps = s.value(QStringLiteral("steps"));
  if (steps.isUndefined()) return;
  if (!start() || !mCtl->active()) return;
  if (steps.isArray()) {
    const gb::SamplerOptions now = mCtl->sampler();
    for (const QJsonValue& v : steps.toArray()) {
      if (mCtl->finished()) break;
      const QJsonObject o = v.toObject();
      gb::SamplerOptions at;
      at.temperature = tauOf(o.value(QStringLiteral("tau")), now.temperature);
      at.top_k = o.value(QStringLiteral("top_k")).toInt(now.top_k);
      at.top_p = o.value(QStringLiteral("top_p")).toDouble(now.top_p);
      mCtl->setSampler(at);
      if (!mCtl->step().isEmpty()) break;
    }
    applySampler();  // the settings on screen for the next step
  } else {
    for (int k = 0, n = steps.toInt(); k < n && mCtl->active() && !mCtl->finished(); ++k) mCtl->step();
  }
}
