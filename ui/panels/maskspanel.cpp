#include "maskspanel.h"
#include "maskeditor.h"

#include <QTabWidget>
#include "widgets/textlabel.h"

#include "controllers/modeldocument.h"
#include "widgets/matrixview.h"

#include <QCheckBox>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

MasksPanel::MasksPanel(ModelDocument* doc, QWidget* parent) : QWidget(parent), mDoc(doc) {
  mBatch = new QSpinBox(this);
  mBatch->setRange(1, 32);
  mBatch->setValue(4);
  mFirst = new QSpinBox(this);
  mFirst->setRange(1, 1);
  mExample = new QSpinBox(this);
  mExample->setRange(1, 4);
  mWithPadding = new QCheckBox(tr("with the padding masked too"), this);
  mWithPadding->setChecked(true);
  auto* controls = new QVBoxLayout;  // two rows, so the tab stays narrow in every language
  auto* row1 = new QHBoxLayout;
  auto* batchLabel = new QLabel(tr("A batch of"), this);
  row1->addWidget(batchLabel);
  row1->addWidget(mBatch);
  auto* firstLabel = new QLabel(tr("examples from number"), this);
  row1->addWidget(firstLabel);
  row1->addWidget(mFirst);
  row1->addStretch(1);
  auto* row2 = new QHBoxLayout;
  auto* exampleLabel = new QLabel(tr("Masks of example"), this);
  row2->addWidget(exampleLabel);
  row2->addWidget(mExample);
  row2->addWidget(mWithPadding);
  row2->addStretch(1);
  controls->addLayout(row1);
  controls->addLayout(row2);
  // the sentence pieces label the boxes; a screen reader says what each box is
  batchLabel->setBuddy(mBatch);
  firstLabel->setBuddy(mFirst);
  exampleLabel->setBuddy(mExample);
  mBatch->setAccessibleName(tr("Examples in the batch"));
  mFirst->setAccessibleName(tr("First example of the batch"));
  mFirst->setAccessibleDescription(tr("Counted in the training data"));
  mExample->setAccessibleName(tr("Example whose masks are shown"));
  mExample->setAccessibleDescription(tr("Counted in the batch"));
  mInfo = new QLabel(tr("Load data to see the masks of a batch."), this);
  makeTextLabel(mInfo);  // (it may quote the probe, the data or the model's output)
  auto make = [&](const char* name, QLabel*& title, const QString& accessibleName) {
    auto* v = new MatrixView(this, MatrixView::Look::Binary);
    v->setObjectName(QLatin1String(name));
    v->plot()->setAccessibleName(accessibleName);  // its title (the label above it) is its description
    title = new QLabel(this);
    title->setWordWrap(true);
    return v;
  };
  mPadX = make("paddingX", mPadXTitle, tr("Padding mask of x"));
  mPadZ = make("paddingZ", mPadZTitle, tr("Padding mask of z"));
  mSelf = make("selfMask", mSelfTitle, tr("Masked self-attention mask"));
  mEnc = make("encoderMask", mEncTitle, tr("Encoder self-attention mask"));
  mCross = make("crossMask", mCrossTitle, tr("Cross-attention mask"));
  auto* grid = new QGridLayout;
  grid->addWidget(mPadXTitle, 0, 0);
  grid->addWidget(mPadZTitle, 0, 1);
  grid->addWidget(mPadX, 1, 0);
  grid->addWidget(mPadZ, 1, 1);
  grid->addWidget(mSelfTitle, 2, 0);
  grid->addWidget(mEncTitle, 2, 1);
  grid->addWidget(mCrossTitle, 2, 2);
  grid->addWidget(mSelf, 3, 0);
  grid->addWidget(mEnc, 3, 1);
  grid->addWidget(mCross, 3, 2);
  grid->setRowStretch(1, 1);  // a padding mask has a row per example: it needs less height than a mask
  grid->setRowStretch(3, 3);
  mControls = new QWidget(this);  // in presentation mode the strip's Previous / Next example replace these rows
  controls->setContentsMargins(0, 0, 0, 0);
  mControls->setLayout(controls);
  // two pages: the seeds' masks on a batch of the data, and the mask editor (other masks on a probe)
  auto* seedsPage = new QWidget(this);
  auto* sv = new QVBoxLayout(seedsPage);
  sv->setContentsMargins(0, 0, 0, 0);
  sv->addWidget(mControls);
  sv->addWidget(mInfo);
  sv->addLayout(grid, 1);
  mEditor = new MaskEditor(mDoc, this);
  mEditor->setObjectName(QStringLiteral("maskEditor"));
  mPages = new QTabWidget(this);
  mPages->setObjectName(QStringLiteral("masksPages"));
  mPages->setAccessibleName(tr("Masks"));
  mPages->setDocumentMode(true);
  mPages->addTab(seedsPage, tr("The seeds' masks"));
  mPages->addTab(mEditor, tr("Mask editor"));
  auto* v = new QVBoxLayout(this);
  v->addWidget(mPages, 1);
  mViews = {mPadX, mPadZ, mSelf, mEnc, mCross, mPadXTitle, mPadZTitle, mSelfTitle, mEncTitle, mCrossTitle};
  mEdOnly = {mPadZ, mPadZTitle, mEnc, mEncTitle, mCross, mCrossTitle};
  for (QWidget* w : mViews) w->hide();

  connect(mBatch, &QSpinBox::valueChanged, this, &MasksPanel::refresh);
  connect(mFirst, &QSpinBox::valueChanged, this, &MasksPanel::refresh);
  connect(mExample, &QSpinBox::valueChanged, this, &MasksPanel::refresh);
  connect(mWithPadding, &QCheckBox::toggled, this, &MasksPanel::refresh);
  connect(mDoc, &ModelDocument::dataChanged, this, &MasksPanel::refresh);
  if (mDoc->hasData()) refresh();  // (made while the document holds a model already: the window made again in another language)
}

void MasksPanel::refresh() {
  if (!mDoc->hasData() || mDoc->data().train.empty()) {
    for (QWidget* w : mViews) w->hide();
    mInfo->setText(tr("Load data to see the masks of a batch."));
    return;
  }
  const auto& d = mDoc->data();
  const auto& ex = d.train;
  const auto& tok = d.tokenizer;
  {
    QSignalBlocker b1(mFirst), b2(mExample);
    mFirst->setRange(1, int(ex.size()));
    mExample->setRange(1, std::min<int>(mBatch->value(), int(ex.size()) - mFirst->value() + 1));
  }
  const int first = mFirst->value() - 1;
  const int B = std::min<int>(mBatch->value(), int(ex.size()) - first);
  const int b = std::clamp(mExample->value() - 1, 0, B - 1);
  // consecutive examples packed as the core packs a batch (the trainer packs each micro-batch of its shards the
  // same way), and the masks model_forward applies to it: the core draws them
  std::vector<int> idx(static_cast<size_t>(B));
  for (int k = 0; k < B; ++k) idx[size_t(k)] = first + k;
  gb::Batch batch;
  gb::pack_batch(batch, ex, idx, mDoc->hasModel() && mDoc->config().pad_id >= 0 ? mDoc->config().pad_id : gb::Tokenizer::kPad,
                !ex[size_t(first)].z.empty());
  const gb::BatchMasks masks = gb::batch_masks(batch);
  const int T = batch.T, S = batch.S;
  const bool ed = S > 0;
  for (QWidget* w : mViews) w->show();
  for (QWidget* w : mEdOnly) w->setVisible(ed);
  QStringList rows;
  for (int k = 0; k < B; ++k) rows << tr("example %1").arg(first + k + 1);
  const gb::MatF padX = gb::padding_matrix(batch.x_len, T);
  const gb::MatF padZ = ed ? gb::padding_matrix(batch.z_len, S) : gb::MatF::Zero(B, 1);
  auto tokens = [&](const std::vector<int>& ids, int n) {
    QStringList out;
    for (int i = 0; i < n; ++i)
      out << (i < int(ids.size()) ? QString::fromStdString(tok.display(ids[size_t(i)])) : QStringLiteral("<pad>"));
    return out;
  };
  const auto& e = ex[size_t(first + b)];
  const QStringList xs = tokens(e.x, T), zs = tokens(e.z, S);
  const QString pos = tr("position");
  mPadX->setMatrix(padX, QString(), pos, rows, {});
  mPadXTitle->setText(B == 1 ? tr("Padding mask of x for a batch of one example: nothing to pad, T = %1 (1 = a real "
                                  "token)").arg(T)
                             : tr("Padding mask of x for the batch: %1 examples padded to the longest, T = %2 (1 = a "
                                  "real token, hatched = <pad>)").arg(B).arg(T));
  const bool pad = mWithPadding->isChecked();
  const int nx = int(e.x.size()), nz = int(e.z.size());
  // decoder self-attention: keys t_z (rows) × queries t_x (columns); M_uni[t_z, t_x] = [t_z ≤ t_x]
  const gb::MatF self = gb::mask_matrix(masks.dec, b, pad);
  const QString keys = tr("key t_z"), queries = tr("query t_x");
  mSelf->setMatrix(self, keys, queries, xs, xs);
  mSelfTitle->setText(pad ? tr("Masked self-attention: M_uni ∧ padding of example %1 (%2 real tokens of %3)")
                                .arg(first + b + 1).arg(nx).arg(T)
                          : tr("Masked self-attention: M_uni[t_z, t_x] = [t_z ≤ t_x]"));
  if (ed) {
    mPadZ->setMatrix(padZ, QString(), pos, rows, {});
    mPadZTitle->setText(tr("Padding mask of z (the source): padded to S = %1").arg(S));
    const gb::MatF enc = gb::mask_matrix(masks.enc, b, pad), cross = gb::mask_matrix(masks.cross, b, pad);
    mEnc->setMatrix(enc, keys, tr("query t_z"), zs, zs);
    mCross->setMatrix(cross, tr("key t_z (source)"), tr("query t_x (target)"), zs, xs);
    mEncTitle->setText(pad ? tr("Encoder self-attention: all ones ∧ padding (%1 real of %2)").arg(nz).arg(S)
                           : tr("Encoder self-attention: the bidirectional mask is all ones"));
    mCrossTitle->setText(pad ? tr("Cross-attention: all ones ∧ source padding, |z| × |x| = %1 × %2").arg(S).arg(T)
                             : tr("Cross-attention: the cross mask is all ones, |z| × |x| = %1 × %2").arg(S).arg(T));
  }
  for (auto [view, title] : {std::pair{mPadX, mPadXTitle}, std::pair{mPadZ, mPadZTitle}, std::pair{mSelf, mSelfTitle},
                             std::pair{mEnc, mEncTitle}, std::pair{mCross, mCrossTitle}}) {
    title->setText(keepFormulasTogether(title->text()));  // ("[t_z ≤" / "t_x]" broke at 1920)
    view->plot()->setAccessibleDescription(title->text());
  }
  mInfo->setText(tr("A mini-batch is one matrix per sequence, padded to the longest. Padded keys are masked "
                    "like future tokens, and padded queries do not count in the loss. Rows are keys, columns "
                    "queries, as in the Attention tab."));
}

QWidget* MasksPanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* where = new QLabel(strip);
  where->setWordWrap(true);
  h->addWidget(where, 1);
  auto [back, next] = addStepButtons(this, strip, h, tr("Previous example"), tr("Next example"));
  // the keys step what the page shows: the batch's examples, or the mask editor's masks
  auto show = [this, where, back = back, next = next] {
    const bool editor = mPages->currentWidget() == mEditor;
    where->setText(editor ? tr("Mask: %1").arg(mEditor->kindBox()->currentText())
                          : tr("Example %1 of the batch: example %2 of the data")  // (as the titles number it)
                                .arg(mExample->value())
                                .arg(mFirst->value() + mExample->value() - 1));
    back->setText(editor ? tr("Previous mask") : tr("Previous example"));
    next->setText(editor ? tr("Next mask") : tr("Next example"));
  };
  show();
  connect(mExample, &QSpinBox::valueChanged, where, show);
  connect(mFirst, &QSpinBox::valueChanged, where, show);
  connect(mPages, &QTabWidget::currentChanged, where, show);
  connect(mEditor->kindBox(), &QComboBox::currentIndexChanged, where, show);
  return strip;
}

bool MasksPanel::stepMask(int to) {
  QComboBox* kinds = mEditor->kindBox();
  to = std::clamp(to, 0, kinds->count() - 1);
  if (to == kinds->currentIndex()) return false;
  kinds->setCurrentIndex(to);
  return true;
}

bool MasksPanel::presentNext() {
  if (mPages->currentWidget() == mEditor) return stepMask(mEditor->kindBox()->currentIndex() + 1);
  if (mExample->value() >= mExample->maximum()) return false;
  mExample->setValue(mExample->value() + 1);
  return true;
}
bool MasksPanel::presentBack() {
  if (mPages->currentWidget() == mEditor) return stepMask(mEditor->kindBox()->currentIndex() - 1);
  if (mExample->value() <= mExample->minimum()) return false;
  mExample->setValue(mExample->value() - 1);
  return true;
}
bool MasksPanel::presentFirst() {
  if (mPages->currentWidget() == mEditor) return stepMask(0);
  if (mExample->value() == mExample->minimum()) return false;
  mExample->setValue(mExample->minimum());
  return true;
}
bool MasksPanel::presentLast() {
  if (mPages->currentWidget() == mEditor) return stepMask(mEditor->kindBox()->count() - 1);
  if (mExample->value() == mExample->maximum()) return false;
  mExample->setValue(mExample->maximum());
  return true;
}

void MasksPanel::setPresenting(bool on) { mControls->setVisible(!on); }

namespace {
// the mask editor's kinds as a beat names them (docs/lesson-file.md)
const std::pair<MaskEditor::Kind, QLatin1String> kMaskKinds[] = {
    {MaskEditor::Kind::Causal, QLatin1String("causal")},
    {MaskEditor::Kind::PrefixLm, QLatin1String("prefix-lm")},
    {MaskEditor::Kind::SlidingWindow, QLatin1String("sliding-window")},
    {MaskEditor::Kind::Drawn, QLatin1String("drawn")}};
}  // namespace

QJsonObject MasksPanel::viewState() const {
  QJsonObject s{{QStringLiteral("batch"), mBatch->value()},
                {QStringLiteral("first"), mFirst->value()},
                {QStringLiteral("example"), mExample->value()},
                {QStringLiteral("padding"), mWithPadding->isChecked()}};
  if (mPages->currentWidget() == mEditor) {  // the mask editor's mask
    for (const auto& [kind, name] : kMaskKinds)
      if (kind == mEditor->kind()) s.insert(QStringLiteral("mask"), QString(name));
    s.insert(QStringLiteral("mask_size"), mEditor->size());
  }
  return s;
}

int MasksPanel::exampleOf(const QString& source) const {
  if (!mDoc->hasData()) return -1;
  const auto& pairs = mDoc->data().train_pairs;  // (the examples the tab shows are the training data's, in order)
  const std::string wanted = source.trimmed().toStdString();
  for (size_t i = 0; i < pairs.size() && i < mDoc->data().train.size(); ++i)
    if (pairs[i].source == wanted) return int(i);
  return -1;
}

void MasksPanel::setViewState(const QJsonObject& s) {
  if (s.contains(QStringLiteral("batch"))) mBatch->setValue(s.value(QStringLiteral("batch")).toInt());
  if (s.contains(QStringLiteral("first"))) mFirst->setValue(s.value(QStringLiteral("first")).toInt());
  // a sentence named by its source: the batch starts with it (a lesson shows the sentence its other beats show)
  if (const int i = exampleOf(s.value(QStringLiteral("input")).toString()); i >= 0) {
    mFirst->setValue(i + 1);
    mExample->setValue(1);
  }
  if (s.contains(QStringLiteral("example"))) mExample->setValue(s.value(QStringLiteral("example")).toInt());
  // the mask editor with this mask (a drawn one has no cells to say), or else the seeds' masks
  mPages->setCurrentIndex(0);
  if (s.contains(QStringLiteral("mask")))
    for (const auto& [kind, name] : kMaskKinds)
      if (s.value(QStringLiteral("mask")).toString() == name) {
        mPages->setCurrentWidget(mEditor);
        mEditor->setMask(kind, s.value(QStringLiteral("mask_size")).toInt(mEditor->size()));
      }
  if (s.contains(QStringLiteral("padding"))) mWithPadding->setChecked(s.value(QStringLiteral("padding")).toBool());
}
