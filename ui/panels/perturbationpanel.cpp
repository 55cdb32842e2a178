#include "perturbationpanel.h"
#include "sampleinputs.h"
#include "widgets/textlabel.h"

#include "controllers/modeldocument.h"
#include "controllers/perturbationcontroller.h"
#include "core/family.h"
#include "widgets/matrixview.h"

#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>
#include <qcustomplot.h>

#include <algorithm>

namespace {
QString streamKey(char s) { return s == 'Z' ? QStringLiteral("source") : QStringLiteral("target"); }
}  // namespace

PerturbationPanel::PerturbationPanel(ModelDocument* doc, QWidget* parent)
    : QWidget(parent), mDoc(doc), mCtl(new PerturbationController(doc, this)) {
  mInput = new QComboBox(this);
  mInput->setEditable(true);
  mInput->setInsertPolicy(QComboBox::NoInsert);
  mInput->setMinimumContentsLength(24);
  mInput->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mPosition = new QComboBox(this);
  mWith = new QComboBox(this);
  // 20 rows that scroll: Fusion's own popup ignores the limit and ran 50,257 GPT-2 tokens past the screen's edge
  mWith->setStyleSheet(QStringLiteral("QComboBox { combobox-popup: 0; }"));
  mWith->setMaxVisibleItems(20);
  // the vocabulary's tokens: a word tokenizer's can be a whole line of a file; the list shows them whole
  mWith->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mWith->setMinimumContentsLength(12);
  mPosition->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mPosition->setMinimumContentsLength(12);
  auto* inputLabel = new QLabel(tr("&Sentence:"), this);
  inputLabel->setBuddy(mInput);
  auto* positionLabel = new QLabel(tr("&Replace"), this);
  positionLabel->setBuddy(mPosition);
  auto* withLabel = new QLabel(tr("&by"), this);
  withLabel->setBuddy(mWith);
  mInput->setAccessibleName(tr("Sentence"));
  mInput->lineEdit()->setAccessibleName(tr("Sentence"));
  mPosition->setAccessibleName(tr("Token to replace"));
  mWith->setAccessibleName(tr("Replacement token"));
  mControls = new QWidget(this);
  auto* controls = new QVBoxLayout(mControls);
  controls->setContentsMargins(0, 0, 0, 0);
  auto* row1 = new QHBoxLayout;
  row1->addWidget(inputLabel);
  row1->addWidget(mInput, 1);
  auto* row2 = new QHBoxLayout;
  row2->addWidget(positionLabel);
  row2->addWidget(mPosition);
  row2->addWidget(withLabel);
  row2->addWidget(mWith);
  row2->addStretch(1);
  controls->addLayout(row1);
  controls->addLayout(row2);
  mInfo = new QLabel(tr("Build a model, then replace one token of a sentence and see which columns change."), this);
  makeTextLabel(mInfo);  // (it may quote the probe, the data or the model's output)
  mInfo->setObjectName(QStringLiteral("perturbationSummary"));
  mEncoderTitle = new QLabel(this);
  mEncoderTitle->setWordWrap(true);
  mDecoderTitle = new QLabel(this);
  mDecoderTitle->setWordWrap(true);
  mEncoder = new MatrixView(this, MatrixView::Look::Change);
  mEncoder->setObjectName(QStringLiteral("perturbationEncoder"));
  mEncoder->plot()->setAccessibleName(tr("Change of each encoder column"));
  mEncoder->setScaleLabel(tr("‖change‖"));
  mDecoder = new MatrixView(this, MatrixView::Look::Change);
  mDecoder->setObjectName(QStringLiteral("perturbationDecoder"));
  mDecoder->plot()->setAccessibleName(tr("Change of each decoder column"));
  mDecoder->setScaleLabel(tr("‖change‖"));
  // one above the other: each map gets the tab's width for its tokens
  auto* grid = new QVBoxLayout;
  grid->addWidget(mEncoderTitle);
  grid->addWidget(mEncoder, 1);
  grid->addWidget(mDecoderTitle);
  grid->addWidget(mDecoder, 1);
  // a long experiment runs on a worker: its progress and Cancel
  mBusy = new BusyRow(QStringLiteral("perturbation"), tr("Tracing both forward passes…"), tr("Perturbation progress"),
                      tr("Cancel the perturbation"), this);
  connect(mBusy, &BusyRow::cancelClicked, mCtl, &PerturbationController::cancel);
  connect(mCtl, &PerturbationController::busyChanged, mBusy, &QWidget::setVisible);
  connect(mCtl, &PerturbationController::progress, mBusy, &BusyRow::setProgress);
  auto* v = new QVBoxLayout(this);
  v->addWidget(mControls);
  v->addWidget(mBusy);
  v->addWidget(mInfo);
  v->addLayout(grid, 1);

  connect(mInput, &QComboBox::currentTextChanged, this, [this] {
    mNotice.clear();  // (a lesson step sets its sentence before its position: its notice comes after this)
    const QString err = mCtl->setInput(mInput->currentText());
    fillPositions();
    if (!err.isEmpty()) mInfo->setText(err);
  });
  connect(mPosition, &QComboBox::currentIndexChanged, this, [this] {
    mNotice.clear();
    apply();
  });
  connect(mWith, &QComboBox::currentIndexChanged, this, [this] {
    mNotice.clear();
    apply();
  });
  connect(mCtl, &PerturbationController::changed, this, &PerturbationPanel::showResult);
  connect(mCtl, &PerturbationController::inputRead, this, &PerturbationPanel::fillPositions);
  connect(mDoc, &ModelDocument::modelChanged, this, &PerturbationPanel::refresh);
  connect(mDoc, &ModelDocument::dataChanged, this, &PerturbationPanel::refresh);
  connect(mDoc, &ModelDocument::fitChanged, this, &PerturbationPanel::refresh);
  if (mDoc->hasModel()) refresh();  // (made while the document holds a model already: the window made again in another language)
  showResult();
}

void PerturbationPanel::fillInputs() {
  fillSampleInputs(mInput, *mDoc, mFilledData);  // (a typed input stays while the data stays)
}

void PerturbationPanel::fillReplacements() {
  const int n = mCtl->vocabularySize();
  const int keep = mWith->count() > 0 ? mWith->currentData().toInt() : int(gb::Tokenizer::kUnk);
  QSignalBlocker block(mWith);
  mWith->clear();
  for (int i = 0; i < n; ++i) mWith->addItem(mCtl->tokenText(i), i);
  mFilledVocabulary = n;
  const int at = mWith->findData(keep);
  if (at >= 0) mWith->setCurrentIndex(at);
}

void PerturbationPanel::fillPositions() {
  QSignalBlocker block(mPosition);
  const auto keep = mCtl->position();
  mPosition->clear();
  const QStringList src = mCtl->sourceTokens(), tgt = mCtl->targetTokens();
  const bool ed = !mCtl->original().z.empty();
  for (const auto& p : mCtl->positions()) {
    const QString tok = p.stream == 'Z' ? src.value(p.index) : tgt.value(p.index);
    const int k = mCtl->number(p);  // (as lesson files count: target 1 is the first token after <bos>)
    const QString where = !ed ? tr("token %1").arg(k) : p.stream == 'Z' ? tr("source %1").arg(k) : tr("target %1").arg(k);
    mPosition->addItem(tr("%1 · %2").arg(where, tok), QStringLiteral("%1:%2").arg(QChar::fromLatin1(p.stream)).arg(p.index));
  }
  const int at = mPosition->findData(QStringLiteral("%1:%2").arg(QChar::fromLatin1(keep.stream)).arg(keep.index));
  mPosition->setCurrentIndex(std::max(0, at));
  if (mCtl->ready()) {
    takePending();
    apply();
  }
}

bool PerturbationPanel::takePending() {
  if (mPendingKey.isEmpty() || !mCtl->ready() || mPosition->count() == 0) return false;
  int at = -1;
  if (!mPendingWord.isEmpty()) {  // the word's first token in the stream the key names
    const QChar stream = mPendingKey.front();
    for (const auto& p : mCtl->positions()) {
      if (QChar::fromLatin1(p.stream) != stream) continue;
      QString t = stream == QLatin1Char('Z') ? mCtl->sourceTokens().value(p.index) : mCtl->targetTokens().value(p.index);
      if (t.startsWith(QChar(0x2581))) t.remove(0, 1);
      if (t == mPendingWord) {
        at = mPosition->findData(QStringLiteral("%1:%2").arg(stream).arg(p.index));
        break;
      }
    }
  }
  // the key holds the step's number ("X:1": target 1), turned into a position now that the model is known
  const QStringList key = mPendingKey.split(QLatin1Char(':'));
  const char stream = key.value(0) == QLatin1String("Z") ? 'Z' : 'X';
  const int number = key.value(1).toInt();
  const auto p = mCtl->fromNumber(stream, number);
  if (at < 0) at = mPosition->findData(QStringLiteral("%1:%2").arg(QChar::fromLatin1(p.stream)).arg(p.index));
  if (at < 0) {  // neither the word nor the numbered position: say so, instead of showing the last replacement
    const QString word = mPendingWord;
    mNotice = !word.isEmpty()
                  ? tr("This step replaces “%1”, and this sentence has no such token: choose the token to replace.").arg(word)
                  : tr("This step replaces %1 %2, and this sentence is shorter: choose the token to replace.")
                        .arg(stream == 'Z' ? tr("source token") : tr("target token"))
                        .arg(number);
  }
  mPendingKey.clear();
  mPendingWord.clear();
  if (at < 0) {
    showResult();
    return false;
  }
  QSignalBlocker block(mPosition);
  mPosition->setCurrentIndex(at);
  return true;
}

void PerturbationPanel::apply() {
  const QStringList key = mPosition->currentData().toString().split(QLatin1Char(':'));
  if (key.size() != 2 || mWith->currentIndex() < 0) return;
  PerturbationController::Position p{key[0] == QLatin1String("Z") ? 'Z' : 'X', key[1].toInt()};
  const QString err = mCtl->replace(p, mWith->currentData().toInt());
  if (!err.isEmpty()) mInfo->setText(err);
}

void PerturbationPanel::refresh() {
  if (!isVisible()) {  // two forward passes nobody sees: run when the tab is shown
    mStale = true;
    return;
  }
  mStale = false;
  fillInputs();
  if (mFilledVocabulary != mCtl->vocabularySize()) fillReplacements();
  if (mWith->currentIndex() < 0 && mWith->count() > gb::Tokenizer::kUnk) mWith->setCurrentIndex(gb::Tokenizer::kUnk);
  if (mInput->currentText().isEmpty()) {
    mCtl->setInput(QString());
    return;
  }
  const QString err = mCtl->setInput(mInput->currentText());
  fillPositions();
  if (!err.isEmpty()) mInfo->setText(err);
}

void PerturbationPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mStale) refresh();
}

QString PerturbationPanel::summary() const { return mInfo->text(); }

void PerturbationPanel::showResult() {
  const bool ed = !mCtl->original().z.empty();
  mEncoder->setVisible(ed);
  mEncoderTitle->setVisible(ed);
  if (mCtl->stages().empty()) {
    mEncoder->clear();
    mDecoder->clear();
    mEncoderTitle->clear();
    mDecoderTitle->clear();
    if (!mCtl->problem().isEmpty()) mInfo->setText(mCtl->problem());
    else if (mCtl->busy()) mInfo->setText(mCtl->ready() ? tr("Tracing both forward passes…")
                                                        : tr("Decoding the model's own continuation of the sentence…"));
    else if (!mCtl->ready()) mInfo->setText(tr("Build a model, then replace one token of a sentence and see which columns change."));
    else mInfo->setText(tr("The experiment was cancelled: change the sentence or the token to run it again."));
    if (mStripText) mStripText->clear();
    return;
  }
  // a recurrent family: one row of states per stream (the core's model_forward), no layers
  const bool recurrent = mDoc->hasModel() && gb::family(mDoc->config()).recurrent_cell;
  // rows: the states in the order the forward pass makes them
  auto matrix = [recurrent](const std::vector<const gb::PerturbationStage*>& st, gb::MatF& m, QStringList& rows) {
    const int n = st.empty() ? 0 : int(st.front()->change.size());
    m.resize(Eigen::Index(st.size()), n);
    for (size_t r = 0; r < st.size(); ++r) {
      const auto* s = st[r];
      rows << (s->stream == 'P' ? tr("P (next token)")
               : recurrent      ? (s->stream == 'Z' ? tr("state gₜ") : tr("state hⱼ"))
               : s->layer >= 0  ? tr("layer %1").arg(s->layer + 1)
               : r == 0         ? tr("embedding")
                                : tr("final norm"));
      for (int j = 0; j < n && j < int(s->change.size()); ++j)
        m(Eigen::Index(r), j) = s->identical[size_t(j)] ? 0.0f : std::max(float(s->change[size_t(j)]), 1e-30f);
    }
  };
  // how many columns of a stream's last state changed, and which stayed exactly
  auto count = [](const std::vector<const gb::PerturbationStage*>& st, int* same) {
    int changed = 0;
    *same = 0;
    if (st.empty()) return 0;
    for (bool id : st.back()->identical) (id ? *same : changed) += 1;
    return changed;
  };
  auto dec = mCtl->stagesOf('X');
  for (const auto* p : mCtl->stagesOf('P')) dec.push_back(p);
  gb::MatF m;
  QStringList rows;
  matrix(dec, m, rows);
  mDecoder->setMatrix(m, QString(), tr("column (the token it reads)"), rows, mCtl->targetTokens());
  const auto enc = mCtl->stagesOf('Z');
  if (recurrent) {
    if (ed) {
      gb::MatF me;
      QStringList re;
      matrix(enc, me, re);
      mEncoder->setMatrix(me, QString(), tr("column (the token it reads)"), re, mCtl->sourceTokens());
      mEncoderTitle->setText(tr("<b>Encoder</b> (an RNN reading the source left to right): the change of each state gₜ"));
    }
    mDecoderTitle->setText(ed ? tr("<b>Decoder</b> (an RNN starting from c, the encoder's last state): the change of "
                                   "each state hⱼ and of the distribution P it predicts")
                              : tr("<b>RNN</b> (one token after another): the change of each state hⱼ and of the "
                                   "distribution P it predicts"));
  } else if (ed) {
    gb::MatF me;
    QStringList re;
    matrix(enc, me, re);
    mEncoder->setMatrix(me, QString(), tr("column (the token it reads)"), re, mCtl->sourceTokens());
    mEncoderTitle->setText(tr("<b>Encoder</b> (bidirectional self-attention): the change of each column of Z"));
    mDecoderTitle->setText(tr("<b>Decoder</b> (causal self-attention and cross-attention): the change of each "
                              "column of X and of the distribution P it predicts"));
  } else {
    mDecoderTitle->setText(tr("<b>Decoder</b> (causal self-attention): the change of each column of X and of the "
                              "distribution P it predicts"));
  }
  const QString from = mCtl->tokenText(mCtl->originalToken()), to = mCtl->tokenText(mCtl->replacement());
  int same = 0;  // counted on the last row (P; the encoder's output): the rows above have "=" marks of their own
  const int changed = count(dec, &same);
  QString text = tr("“%1” → “%2”.").arg(from, to);
  if (ed) {
    int encSame = 0;
    const int encChanged = count(enc, &encSame);
    text += QLatin1Char(' ') + tr("Encoder: its output changed in %1 of %2 columns.").arg(encChanged).arg(encChanged + encSame);
  }
  // (an RNN language model has no decoder: its rows are the RNN's)
  text += QLatin1Char(' ') + (recurrent && !ed ? tr("P changed in %1 of %2 columns, %3 bit for bit the same (=).")
                                               : tr("Decoder: P changed in %1 of %2 columns, %3 bit for bit the same (=)."))
                                 .arg(changed)
                                 .arg(changed + same)
                                 .arg(same);
  if (recurrent && mCtl->position().stream == 'Z')
    text += QLatin1Char(' ') + tr("The encoder reads the source left to right: its states before the replaced token "
                                  "stay exactly as they were, every state from it on changes — and with the last, c, "
                                  "every decoder state.");
  else if (recurrent && same > 0)
    text += QLatin1Char(' ') + tr("Each state reads only the tokens before it: the states before the replaced one "
                                  "cannot change.");
  else if (mCtl->position().stream == 'X' && same > 0)
    text += QLatin1Char(' ') + tr("The causal mask lets no column read a later token: the columns before the "
                                  "replaced one cannot change.");
  else if (mCtl->position().stream == 'Z')
    text += QLatin1Char(' ') + tr("Every encoder column reads every source token, and every decoder column reads "
                                  "the encoder: everything changes.");
  mInfo->setText(mNotice.isEmpty() ? text : mNotice + QLatin1Char(' ') + text);
  if (mStripText) mStripText->setText(mNotice.isEmpty() ? tr("“%1” → “%2”").arg(from, to) : mNotice);
}

bool PerturbationPanel::moveTo(int i) {
  if (i < 0 || i >= mPosition->count() || i == mPosition->currentIndex()) return false;
  mPosition->setCurrentIndex(i);
  return true;
}
bool PerturbationPanel::presentNext() { return moveTo(mPosition->currentIndex() + 1); }
bool PerturbationPanel::presentBack() { return moveTo(mPosition->currentIndex() - 1); }
bool PerturbationPanel::presentFirst() { return moveTo(0); }
bool PerturbationPanel::presentLast() { return moveTo(mPosition->count() - 1); }

QWidget* PerturbationPanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  mStripText = new QLabel(strip);
  h->addWidget(mStripText, 1);
  addStepButtons(this, strip, h, tr("Previous token"), tr("Next token"));
  showResult();
  return strip;
}

void PerturbationPanel::setPresenting(bool on) { mControls->setVisible(!on); }

QJsonObject PerturbationPanel::viewState() const {
  QJsonObject s;
  s.insert(QStringLiteral("input"), mInput->currentText());
  if (mCtl->ready()) {
    s.insert(QStringLiteral("replace"), streamKey(mCtl->position().stream));
    s.insert(QStringLiteral("position"), mCtl->number(mCtl->position()));
    s.insert(QStringLiteral("with"), mCtl->tokenText(mCtl->replacement()));
  }
  return s;
}

void PerturbationPanel::setViewState(const QJsonObject& s) {
  if (s.contains(QStringLiteral("input"))) mInput->setCurrentText(s.value(QStringLiteral("input")).toString());
  if (s.contains(QStringLiteral("with"))) {
    const int id = mCtl->tokenId(s.value(QStringLiteral("with")).toString());
    const int at = mWith->findData(id);
    if (at >= 0) mWith->setCurrentIndex(at);
  }
  if (s.contains(QStringLiteral("position"))) {
    // positions count from 1 like the notes: source token k is z_k; target token k is x_k (x_0 is <bos> or the
    // decoder's start; a prompt without a start token, GPT-2's, counts from its first token: PerturbationController)
    const bool source = s.value(QStringLiteral("replace")).toString() == QLatin1String("source");
    const int k = s.value(QStringLiteral("position")).toInt();
    // (kept until the sentence is read: a large model reads it on the worker) — "at": a word instead of a number,
    // for a model whose tokenizer splits the sentence otherwise
    mPendingKey = QStringLiteral("%1:%2").arg(source ? QLatin1Char('Z') : QLatin1Char('X')).arg(k);  // (a number)
    mPendingWord = s.value(QStringLiteral("at")).toString();
    mNotice.clear();
    if (takePending()) apply();
  }
}
