#include "algorithmpanel.h"
#include "sampleinputs.h"
#include "widgets/textlabel.h"
#include "widgets/numbertext.h"

#include "appearance.h"

#include "controllers/algorithmcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "core/model/pseudocode.h"
#include "core/model/stepper.h"
#include "widgets/matrixview.h"
#include "attentionopened.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSplitter>
#include <QTabWidget>
#include <QTimer>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <tuple>
#include <qcustomplot.h>

namespace {

// The listing's comment lines come from the core in English; the user reads them translated.
constexpr const char* kComments[] = {
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ Encoding the context sequence z"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ Decoding the primary sequence x"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ One token after another: h_j needs h_{j−1}"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ Encoding z into one vector c"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ Decoding x from c"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ Decoding x from c, reading every g_i"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ The filtered state distribution ᾱ_j = P(z_j | x_1..x_j)"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ The next token from the last one alone"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "▷ Viterbi: the most probable path of states z*"),
};

// Prose inside a code line, translated where it stands (the rest of the line is notation)
constexpr const char* kPhrases[] = {
    QT_TRANSLATE_NOOP("AlgorithmPanel", "when c_j = 0: x_j read as missing"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "π if j = 1, else"),
    QT_TRANSLATE_NOOP("AlgorithmPanel", "] and z*"),
};

// Tabs as tall as the page shown wants: QTabWidget's hint is its largest page's, so Inside the line's eight matrices
// made the Result page too tall for the window when presenting (its map cut off below the edge, a scroll bar).
class ShownPageTabs : public QTabWidget {
 public:
  explicit ShownPageTabs(QWidget* parent) : QTabWidget(parent) {
    connect(this, &QTabWidget::currentChanged, this, &ShownPageTabs::onlyShownPageCounts);
  }
  // nor does a hidden page's least height count (called once the pages are added, and at every change of page)
  void onlyShownPageCounts() {
    for (int i = 0; i < count(); ++i) {
      const auto policy = i == currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
      widget(i)->setSizePolicy(policy, policy);
    }
    updateGeometry();
  }
  QSize sizeHint() const override {
    QSize s = QTabWidget::sizeHint();
    int largest = 0;
    for (int i = 0; i < count(); ++i) largest = std::max(largest, widget(i)->sizeHint().height());
    s.setHeight(s.height() - largest + (currentWidget() ? currentWidget()->sizeHint().height() : 0));
    return s;
  }
};

// A transformer's loops run once per layer, the recurrent families' once per token (core Stepper)
bool loopsOverTokens(const gb::Config& c) { return !c.is_transformer(); }

// The notes' subscripts as they are typeset: h_{j−1} → hⱼ₋₁, x_j → xⱼ, W_4 → W₄, M_uni → Mᵤₙᵢ, P_ℓ → Pₗ — where
// every character has a subscript form (b_dec, t_z stay as written: d, c, z and some other letters have none; a
// braced group without one becomes an index, g_{ℓ_z} → g[ℓ_z])
QString typeset(const QString& s) {
  static const QString from = QStringLiteral("0123456789+−-=()aehijklmnoprstuvxℓ");
  static const QString to = QStringLiteral("₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓₗ");
  auto sub = [](const QString& part, QString& out) {
    out.clear();
    for (QChar c : part) {
      const qsizetype k = from.indexOf(c);
      if (k < 0) return false;
      out += to[k];
    }
    return !part.isEmpty();
  };
  auto ascii = [](QChar c) { return c.unicode() < 128 && c.isLetterOrNumber(); };
  QString result, part;
  for (qsizetype i = 0; i < s.size(); ++i) {
    if (s[i] == QLatin1Char('_') && i + 1 < s.size()) {
      if (s[i + 1] == QLatin1Char('{')) {  // a group: _{j−1}
        const qsizetype close = s.indexOf(QLatin1Char('}'), i + 2);
        if (close > 0 && sub(s.mid(i + 2, close - i - 2), part)) {
          result += part;
          i = close;
          continue;
        }
        if (close > 0) {  // one with no subscript form, as an index: g_{ℓ_z} → g[ℓ_z], x_{1:j+1} → x[1:j+1]
          result += QLatin1Char('[') + typeset(s.mid(i + 2, close - i - 2)) + QLatin1Char(']');
          i = close;
          continue;
        }
      } else {  // a run of letters and digits: x_j, W_4ˡ, M_uni; or ℓ alone: P_ℓ
        qsizetype end = i + 1;
        if (s[end] == QChar(u'ℓ')) ++end;
        else
          while (end < s.size() && ascii(s[end])) ++end;
        if (sub(s.mid(i + 1, end - i - 1), part)) {
          result += part;
          i = end - 1;
          continue;
        }
      }
    }
    result += s[i];
  }
  return result;
}

QString lineText(const gb::PseudoLine& line) {
  if (line.kind == gb::LineKind::Comment)
    for (const char* c : kComments)
      if (line.text == c) return typeset(QCoreApplication::translate("AlgorithmPanel", c));
  QString text = QString::fromStdString(line.text);
  for (const char* p : kPhrases) text.replace(QString::fromUtf8(p), QCoreApplication::translate("AlgorithmPanel", p));
  return typeset(text);
}

// What a step ran, from the record's fields (the core's English label is not shown).
QString stepLabel(const gb::Config& c, const gb::StepRecord& r) {
  const auto& lines = gb::pseudocode(c);
  if (r.line < 0 || size_t(r.line) >= lines.size()) return QString::fromStdString(r.label);
  const QString text = lineText(lines[size_t(r.line)]);
  if (r.layer < 0) return text;
  const QString l = QString::number(r.layer + 1);
  if (loopsOverTokens(c))
    return r.stream == 'Z' ? QCoreApplication::translate("AlgorithmPanel", "source token i = %1: %2").arg(l, text)
                           : QCoreApplication::translate("AlgorithmPanel", "token j = %1: %2").arg(l, text);
  return r.stream == 'Z' ? QCoreApplication::translate("AlgorithmPanel", "encoder layer %1: %2").arg(l, text)
                         : QCoreApplication::translate("AlgorithmPanel", "decoder layer %1: %2").arg(l, text);
}

// The listing keeps the line to run next in view when it changes size (presenting gives the view more room and a
// larger font after the line was scrolled to; at 1024 × 768 it had gone below the edge).
class KeepNextLineInView : public QObject {
 public:
  using QObject::QObject;
  static constexpr int kNextRole = Qt::UserRole + 1;
  bool eventFilter(QObject* watched, QEvent* e) override {
    if (e->type() == QEvent::Resize)
      if (auto* l = qobject_cast<QListWidget*>(watched->parent()))
        for (int i = 0; i < l->count(); ++i)
          if (l->item(i)->data(kNextRole).toBool()) {
            QTimer::singleShot(0, l, [l, i] {
              if (i < l->count()) l->scrollToItem(l->item(i));
            });
            break;
          }
    return false;
  }
};

}  // namespace

AlgorithmPanel::AlgorithmPanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent)
    : QWidget(parent), mDoc(doc), mTrainer(trainer) {
  mCtl = new AlgorithmController(this);
  mInput = new QComboBox(this);
  mInput->setObjectName(QStringLiteral("algorithmInput"));
  mInput->setEditable(true);
  mInput->setMinimumContentsLength(12);
  mInput->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  mInput->setToolTip(tr("Encoder-decoder: the source z (its target from the data becomes x). Decoder-only: x."));
  mStart = new QPushButton(tr("Start"), this);
  mNext = new QPushButton(tr("Next line"), this);
  mNext->setObjectName(QStringLiteral("nextLine"));
  mBack = new QPushButton(tr("Back"), this);
  mRun = new QPushButton(tr("To the end"), this);
  mReset = new QPushButton(tr("To the start"), this);
  auto* row1 = new QHBoxLayout;
  auto* inputLabel = new QLabel(tr("Input"), this);
  inputLabel->setBuddy(mInput);
  mInput->lineEdit()->setAccessibleName(tr("Input"));
  row1->addWidget(inputLabel);
  row1->addWidget(mInput, 1);
  row1->addWidget(mStart);
  auto* row2 = new QHBoxLayout;
  for (QPushButton* b : {mNext, mBack, mRun, mReset}) row2->addWidget(b);
  row2->addStretch(1);
  mInfo = new QLabel(tr("Build a model, then start: the seed's algorithm runs one line at a time."), this);
  makeTextLabel(mInfo);  // (it may quote the probe, the data or the model's output)
  mInfo->setTextFormat(Qt::PlainText);  // (a token such as <b> or <s> is shown as it is, never read as markup)
  mTitle = new QLabel(this);
  mListing = new QListWidget(this);
  mListing->setObjectName(QStringLiteral("listing"));
  mListing->setFont(Appearance::get().monospaceFont());
  mListing->setWordWrap(true);  // a long line wraps, never clipped
  mListing->setTextElideMode(Qt::ElideNone);
  mListing->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  mListing->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
  mListing->viewport()->installEventFilter(new KeepNextLineInView(mListing));
  connect(&Appearance::get(), &Appearance::changed, this, [this] {
    mListing->setFont(Appearance::get().monospaceFont());
    redraw();
  });
  mListing->setToolTip(tr("Double-click a line (or press Enter on it) to run until it is next"));
  mListing->setAccessibleName(tr("Listing of the algorithm"));
  mScope = new QTableWidget(0, 2, this);
  mScope->setObjectName(QStringLiteral("scope"));
  mScope->setHorizontalHeaderLabels({tr("in scope"), tr("shape")});
  mScope->horizontalHeader()->setStretchLastSection(true);
  mScope->verticalHeader()->hide();
  mScope->setEditTriggers(QAbstractItemView::NoEditTriggers);
  mScope->setSelectionBehavior(QAbstractItemView::SelectRows);
  mScope->setMaximumHeight(150);
  mScope->setAccessibleName(tr("Variables in scope"));
  mRecord = new QLabel(this);
  mRecord->setObjectName(QStringLiteral("recordLabel"));
  makeTextLabel(mRecord);  // (it shows tokens)
  mMatrixTitle = new QLabel(this);
  mMatrixTitle->setWordWrap(true);
  mMatrix = new MatrixView(this);
  mMatrix->setObjectName(QStringLiteral("algorithmMatrix"));
  mMatrix->plot()->setAccessibleName(tr("Matrix of the variable"));
  auto* left = new QWidget(this);
  auto* lv = new QVBoxLayout(left);
  lv->setContentsMargins(0, 0, 0, 0);
  lv->addWidget(mTitle);
  lv->addWidget(mListing, 1);
  auto* right = mRight = new QWidget(this);
  // its sentence asks for the width it has words for: with no width asked (a text label's), the pane's height was
  // asked at 0 px, one character a line — 860 px, which made the whole tab taller than the window (the result map
  // cut off, a scroll bar)
  mRecord->setSizePolicy(QSizePolicy::Preferred, mRecord->sizePolicy().verticalPolicy());
  right->setMinimumWidth(160);
  auto* rv = new QVBoxLayout(right);
  rv->setContentsMargins(0, 0, 0, 0);
  rv->addWidget(mRecord);
  rv->addWidget(mScope);
  // what the line made, and inside it: an attention line's head opened up, a norm line's column statistics
  auto* resultPage = new QWidget(this);
  auto* resultBox = new QVBoxLayout(resultPage);
  resultBox->setContentsMargins(0, 0, 0, 0);
  resultBox->addWidget(mMatrixTitle);
  resultBox->addWidget(mMatrix, 1);
  mInside = new QWidget(this);
  mInside->setObjectName(QStringLiteral("algorithmInside"));
  mOpened = new AttentionOpenedView(mInside);
  mOpened->setObjectName(QStringLiteral("algorithmOpened"));
  mNormTitle = new QLabel(mInside);
  makeTextLabel(mNormTitle);
  mNorm = new QTableWidget(mInside);
  mNorm->setObjectName(QStringLiteral("algorithmNormStats"));
  mNorm->setAccessibleName(tr("Column means and variances"));
  mNorm->setEditTriggers(QAbstractItemView::NoEditTriggers);
  auto* insideBox = new QVBoxLayout(mInside);
  insideBox->setContentsMargins(0, 0, 0, 0);
  insideBox->addWidget(mOpened, 1);
  insideBox->addWidget(mNormTitle);
  insideBox->addWidget(mNorm, 1);
  auto* detail = new ShownPageTabs(this);
  mDetail = detail;
  mDetail->setObjectName(QStringLiteral("algorithmDetail"));
  mDetail->setAccessibleName(tr("What the line made"));
  mDetail->setDocumentMode(true);
  mDetail->addTab(resultPage, tr("Result"));
  mDetail->addTab(mInside, tr("Inside the line"));
  connect(mDetail, &QTabWidget::currentChanged, this, &AlgorithmPanel::shareHeight);
  detail->onlyShownPageCounts();
  rv->addStretch(1);
  auto* split = new QSplitter(Qt::Horizontal, this);
  split->addWidget(left);
  split->addWidget(right);
  split->setStretchFactor(0, 3);  // the listing's lines are long
  split->setStretchFactor(1, 2);
  // below, the whole width: what the line made, or inside it (eight matrices side by side need the room)
  auto* tall = mTall = new QSplitter(Qt::Vertical, this);
  tall->setObjectName(QStringLiteral("algorithmSplit"));
  tall->addWidget(split);
  tall->addWidget(mDetail);
  tall->setStretchFactor(0, 1);
  tall->setStretchFactor(1, 2);
  tall->setChildrenCollapsible(false);
  mControls = new QWidget(this);  // in presentation mode the strip replaces these rows
  auto* cv = new QVBoxLayout(mControls);
  cv->setContentsMargins(0, 0, 0, 0);
  cv->addLayout(row1);
  cv->addLayout(row2);
  auto* v = new QVBoxLayout(this);
  v->addWidget(mControls);
  v->addWidget(mInfo);
  v->addWidget(tall, 1);

  connect(mStart, &QPushButton::clicked, this, &AlgorithmPanel::start);
  connect(mNext, &QPushButton::clicked, mCtl, &AlgorithmController::next);
  connect(mBack, &QPushButton::clicked, mCtl, &AlgorithmController::back);
  // To the end becomes Stop while a long run goes on (a large model: the run continues over event-loop turns)
  connect(mRun, &QPushButton::clicked, this, [this] {
    if (mCtl->running()) mCtl->cancel();
    else mCtl->runToEnd();
  });
  connect(mCtl, &AlgorithmController::runningChanged, this, [this](bool running) {
    mRun->setText(running ? tr("Stop") : tr("To the end"));
    mRun->setEnabled(true);
  });
  connect(mCtl, &AlgorithmController::progress, this, [this](int done, int total) {
    mInfo->setText(tr("Running the listing: %1 of %2 lines executed… (Stop ends the run at the line it has reached.)")
                       .arg(done)
                       .arg(total));
  });
  connect(mReset, &QPushButton::clicked, mCtl, &AlgorithmController::reset);
  // activated: a double click (a single one where the desktop opens items so), or Enter from the keyboard
  connect(mListing, &QListWidget::itemActivated, this, [this](QListWidgetItem* item) {
    mCtl->runToLine(mListing->row(item));
  });
  connect(mScope, &QTableWidget::cellClicked, this, [this](int row, int) {
    showVariable(mScope->item(row, 0)->data(Qt::UserRole).toString());
  });
  connect(mScope, &QTableWidget::cellActivated, this, [this](int row, int) {  // Enter from the keyboard
    showVariable(mScope->item(row, 0)->data(Qt::UserRole).toString());
  });
  connect(mCtl, &AlgorithmController::changed, this, [this] {
    mShown.clear();  // after a step: what the line produced
    redraw();
    // an attention or norm line: inside it first; any other line: its result
    const gb::Stepper* s = mCtl->stepper();
    const bool inside = s && !s->records().empty() &&
                        (s->records().back().attention || s->records().back().mean.size() > 0);
    mDetail->setCurrentIndex(inside ? 1 : 0);
  });
  connect(mDoc, &ModelDocument::dataChanged, this, &AlgorithmPanel::fillInputs);
  connect(mDoc, &ModelDocument::modelChanged, this, [this] {
    fillInputs();
    redraw();
  });
  connect(mDoc, &ModelDocument::aboutToReplace, mCtl, &AlgorithmController::stop);  // never the old model
  connect(mDoc, &ModelDocument::fitChanged, this, [this] {
    if (!mDoc->viewProblem().isEmpty()) {  // the listing ran the model on other data's probe: no more
      mCtl->stop();
      mInfo->setText(mDoc->viewProblem());
    }
    redraw();
  });
  fillInputs();  // (made while the document holds a model already: the window made again in another language)
  redraw();
}

void AlgorithmPanel::fillInputs() {
  fillSampleInputs(mInput, *mDoc, mFilledData);  // (a typed input stays while the data stays)
}

bool AlgorithmPanel::start() {
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  if (!mDoc->hasModel() || !tok) {
    mInfo->setText(tr("Build a model, then start: the seed's algorithm runs one line at a time."));
    return false;
  }
  if (const QString why = mDoc->viewProblem(); !why.isEmpty()) {  // never the old model on the new data's probes
    mCtl->stop();
    mInfo->setText(why);
    return false;
  }
  const gb::Config& c = mDoc->config();
  const auto p = mTrainer->latestParams(mDoc->sharedParams());
  QString input = mInput->currentText();
  const QString target = mDoc->knownTarget(input);  // the data's own, when its pairs mean something to this model
  if (mDoc->modelFitsData() && !c.has_source() && !mDoc->data().val_pairs.empty())
    input += QStringLiteral(">") + target;  // "source>target"
  const QString err = mCtl->start(c, *p, *tok, input, target);
  mInfo->setText(err.isEmpty() ? (c.is_transformer()
                                       ? tr("Next line runs the marked line. Every matrix is d_e × n: one column per "
                                            "token, as the notes write it.")
                                       : tr("Next line runs the marked line: the loop runs once per token, one after "
                                            "another, and each line shows what the forward pass computed at that "
                                            "token (H, G, A and P collect the columns so far)."))
                               : tr("This input does not fit the model: %1").arg(err));
  return err.isEmpty();  // (refused for memory, the listing before it stays: nothing is replayed onto it)
}

void AlgorithmPanel::showVariable(const QString& name) {
  mShown = name;
  redraw();
}

void AlgorithmPanel::redraw() {
  const gb::Stepper* s = mCtl->stepper();
  const bool active = s != nullptr;
  showInside();
  mStart->setEnabled(mDoc->tokenizerForModel() != nullptr);
  mMatrix->plot()->setAccessibleDescription(QString());  // until a matrix is shown
  mNext->setEnabled(active && !s->at_end());
  mRun->setEnabled(active && (!s->at_end() || mCtl->running()));
  mBack->setEnabled(active && s->position() > 0);
  mReset->setEnabled(active && s->position() > 0);
  if (mStripNext) {
    mStripNext->setEnabled(mDoc->tokenizerForModel() && (!active || !s->at_end()));
    mStripBack->setEnabled(mBack->isEnabled());
  }
  // the listing of the model that is open (or of the running stepper)
  const gb::Config* c = active ? &s->config() : (mDoc->hasModel() ? &mDoc->config() : nullptr);
  mListing->clear();
  mScope->setRowCount(0);
  if (!c) {
    mTitle->clear();
    mInfo->setText(tr("Build a model, then start: the seed's algorithm runs one line at a time."));
    mRecord->clear();
    mMatrixTitle->clear();
    mMatrix->clear();
    return;
  }
  mTitle->setText(typeset(QString::fromStdString(gb::pseudocode_title(*c))));
  const auto& lines = gb::pseudocode(*c);
  const int nextLine = active ? s->next_line() : -1;
  for (size_t i = 0; i < lines.size(); ++i) {
    const QString text = QStringLiteral("%1 %2%3")
                             .arg(int(i) == nextLine ? QStringLiteral("▶") : QStringLiteral(" "))
                             .arg(QString(lines[i].indent * 4, QLatin1Char(' ')))
                             .arg(lineText(lines[i]));
    auto* item = new QListWidgetItem(text, mListing);
    if (int(i) == nextLine) {
      QFont f = mListing->font();
      f.setBold(true);
      item->setFont(f);
      item->setBackground(Appearance::get().highlight());
      item->setData(KeepNextLineInView::kNextRole, true);
    }
    if (lines[i].kind == gb::LineKind::Comment) item->setForeground(Appearance::get().muted());
  }
  if (nextLine >= 0 && nextLine < mListing->count()) {
    mListing->scrollToItem(mListing->item(nextLine));
    // and again once the tab has its new height (the view below may have changed it)
    QTimer::singleShot(0, mListing, [l = mListing, nextLine] {
      if (nextLine < l->count()) l->scrollToItem(l->item(nextLine));
    });
  }
  if (!active) {
    if (mInfo->text() == tr("Build a model, then start: the seed's algorithm runs one line at a time."))
      mInfo->setText(tr("Start runs the listing on the input one line at a time (in presentation mode: Space)."));
    mRecord->setText(tr("Start to run the listing on an input."));
    mMatrixTitle->clear();
    mMatrix->clear();
    return;
  }
  if (nextLine >= 0 && s->next_layer() >= 0 && loopsOverTokens(*c)) {
    // which token: j counts the sequence the model reads (<bos>, the source, the separator, …), not the input typed
    const bool source = gb::pseudocode(*c)[size_t(nextLine)].stream == 'Z';
    const QStringList& tokens = source ? mCtl->sourceTokens() : mCtl->targetTokens();
    const int j = s->next_layer();
    if (j < tokens.size())
      mInfo->setText((source ? tr("Next: line %1, source token i = %2 (“%3”).") : tr("Next: line %1, token j = %2 (“%3”)."))
                         .arg(nextLine + 1)
                         .arg(j + 1)
                         .arg(tokens[j]));
    else
      mInfo->setText((source ? tr("Next: line %1, source token i = %2.") : tr("Next: line %1, token j = %2."))
                         .arg(nextLine + 1)
                         .arg(j + 1));
  }
  else if (nextLine >= 0 && s->next_layer() >= 0)
    mInfo->setText(tr("Next: line %1, layer l = %2.").arg(nextLine + 1).arg(s->next_layer() + 1));
  else if (nextLine >= 0)
    mInfo->setText(tr("Next: line %1.").arg(nextLine + 1));
  else if (s->at_end())
    mInfo->setText(tr("The algorithm has returned P: column t is the distribution of the token after position t."));
  // scope
  const auto scope = s->scope();
  mScope->setRowCount(int(scope.size()));
  for (size_t i = 0; i < scope.size(); ++i) {
    auto* name = new QTableWidgetItem(typeset(QString::fromStdString(scope[i].name)));  // cⱼ, as the listing writes it
    name->setData(Qt::UserRole, QString::fromStdString(scope[i].name));                  // the stepper's name
    mScope->setItem(int(i), 0, name);
    mScope->setItem(int(i), 1, new QTableWidgetItem(tr("%1 × %2").arg(scope[i].rows).arg(scope[i].cols)));
  }
  // the matrix: the chosen variable, or what the last line produced
  const gb::MatF* m = nullptr;
  QString what;
  if (!mShown.isEmpty()) {
    m = s->value(mShown.toStdString());
    what = mShown;
  }
  const gb::StepRecord* made = nullptr;  // the record whose value is shown
  bool earlier = false;                  // made by a line before the last (the last, a loop's head, made nothing)
  if (!m && !s->records().empty()) {
    const gb::StepRecord& r = s->records().back();
    mRecord->setText(tr("Ran: %1").arg(stepLabel(*c, r)));
    for (auto it = s->records().rbegin(); it != s->records().rend() && !made; ++it)
      if (it->value.size() > 0) made = &*it;
    if (made) {
      m = &made->value;
      what = QString::fromStdString(made->target);
      earlier = made != &r;
    }
  } else if (s->records().empty()) {
    mRecord->setText(tr("Nothing has run yet."));
  }
  if (!m) {
    mMatrixTitle->setText(mScope->isVisibleTo(this) ? tr("Click a variable in scope to see it.")
                                                    : tr("The next line's result appears here."));
    mMatrix->clear();
    return;
  }
  // columns are tokens: z for the encoder's matrices (a recurrent encoder's G = [g_1 … g_i]), x for the decoder's
  // (a recurrent family's matrices so far: the first j tokens)
  const bool isZ = what.startsWith(QLatin1Char('Z')) || what.startsWith(QStringLiteral("Ẑ")) ||
                   (loopsOverTokens(*c) && what == QLatin1String("G"));
  const QStringList& cols = isZ ? mCtl->sourceTokens() : mCtl->targetTokens();
  const bool labelled = m->cols() == cols.size() || (loopsOverTokens(*c) && m->cols() > 1 && m->cols() < cols.size());
  QStringList rows;
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  if (what.startsWith(QLatin1Char('P')) && tok && m->rows() == tok->size())
    for (int t = 0; t < m->rows(); ++t) rows << QString::fromStdString(tok->display(t));
  if (loopsOverTokens(*c) && (what == QLatin1String("α") || what == QLatin1String("A")) &&
      m->rows() == mCtl->sourceTokens().size())
    rows = mCtl->sourceTokens();  // additive attention's weights: one row per source token
  QStringList colLabels = labelled ? cols.mid(0, m->cols()) : QStringList();
  if (loopsOverTokens(*c) && m->cols() == 1 && made) {
    const gb::StepRecord& r = *made;  // a step's vector: the column of the token it read
    const QStringList& own = r.stream == 'Z' ? mCtl->sourceTokens() : mCtl->targetTokens();
    if (r.layer >= 0 && r.layer < own.size()) colLabels = QStringList{own.value(r.layer)};
  }
  const bool states = c->variant == gb::Variant::Hmm && m->rows() == c->states;  // an HMM's K rows: its states
  // columns that are distributions (P, an HMM's ᾱ, attention weights) on the probability scale, 0 to 1; the rest on a
  // symmetric one (a probability drawn orange to purple, ±0.3, read as signed)
  const bool distributions = m->rows() > 1 && m->allFinite() && m->minCoeff() >= 0.0f &&
                             ((m->colwise().sum().array() - 1.0f).abs() < 1e-3f).all();
  mMatrix->setLook(distributions ? MatrixView::Look::Probability : MatrixView::Look::Diverging);
  mMatrix->setMatrix(*m, rows.isEmpty() ? (states ? tr("state k") : tr("row")) : tr("token"), tr("column: one per token"),
                     rows, colLabels);
  mMatrixTitle->setText(earlier ? tr("%1: %2 × %3, from line %4 (the line just run made no matrix)")
                                      .arg(typeset(what))
                                      .arg(m->rows())
                                      .arg(m->cols())
                                      .arg(made->line + 1)
                                : tr("%1: %2 × %3").arg(typeset(what)).arg(m->rows()).arg(m->cols()));
  mMatrix->plot()->setAccessibleDescription(mMatrixTitle->text());
}

void AlgorithmPanel::showInside() {
  const gb::Stepper* s = mCtl->stepper();
  const gb::StepRecord* r = s && !s->records().empty() ? &s->records().back() : nullptr;
  const bool attention = r && r->attention;
  const bool norm = r && r->mean.size() > 0;
  mOpened->setVisible(attention);
  mNorm->setVisible(norm);
  mNormTitle->setVisible(true);
  mDetail->setTabEnabled(1, attention || norm);
  if (!attention && !norm) {
    mNormTitle->setText(tr("An attention line opens up here (Q, K, V, the scores, the mask, the weights); a layer "
                           "norm shows its column means and variances."));
    return;
  }
  const QStringList& z = mCtl->sourceTokens();
  const QStringList& x = mCtl->targetTokens();
  if (attention) {
    mNormTitle->hide();
    const auto kind = r->attention->kind;
    const bool decoder = kind != gb::AttentionRecord::Kind::Bidirectional;
    const QStringList& keys = kind == gb::AttentionRecord::Kind::Causal ? x : z;
    const QStringList& queries = decoder ? x : z;
    QStringList predicted;  // column j reads x_j and predicts x_{j+1}; the last column's next token is not given
    if (decoder)
      for (int j = 0; j < queries.size(); ++j) predicted << (j + 1 < x.size() ? x[j + 1] : tr("?"));
    mOpened->setRecord(*r->attention, keys, queries, predicted, mOpened->head());
  } else {
    // the input's column statistics: μ_j and σ²_j of each column (one per token), as numbers
    const QStringList& cols = r->stream == 'Z' ? z : x;
    const int n = int(r->mean.size());
    mNorm->clear();
    mNorm->setRowCount(2);
    mNorm->setColumnCount(n);
    mNorm->setVerticalHeaderLabels({tr("mean μ_j"), tr("variance σ²_j")});
    QStringList heads;
    for (int j = 0; j < n; ++j) heads << (n == cols.size() ? cols[j] : QString::number(j + 1));
    mNorm->setHorizontalHeaderLabels(heads);
    for (int j = 0; j < n; ++j) {
      mNorm->setItem(0, j, new QTableWidgetItem(numberText(double(r->mean(j)), 4)));
      mNorm->setItem(1, j, new QTableWidgetItem(numberText(double(r->var(j)), 4)));
    }
    mNorm->resizeColumnsToContents();
    mNormTitle->setText(tr("Inside ColwiseLayerNorm: each column's mean μ_j and variance σ²_j, then (x − μ_j) / √(σ²_j "
                           "+ ε), scaled by γ and shifted by β."));
  }
}

QWidget* AlgorithmPanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* where = new QLabel(strip);
  where->setWordWrap(true);
  where->setObjectName(QStringLiteral("presenterAlgorithmInfo"));
  auto show = [this, where] {
    const gb::Stepper* s = mCtl->stepper();
    where->setText(!s ? tr("Space starts the algorithm on the input.")
                      : s->at_end() ? tr("The algorithm has returned P.")
                                    : tr("Next: line %1").arg(s->next_line() + 1));
  };
  show();
  connect(mCtl, &AlgorithmController::changed, where, show);
  h->addWidget(where, 1);
  std::tie(mStripBack, mStripNext) = addStepButtons(this, strip, h, mBack->text(), mNext->text());  // Next also starts
  redraw();
  return strip;
}

void AlgorithmPanel::setPresenting(bool on) {
  mControls->setVisible(!on);
  mScope->setVisible(!on);  // the matrix the line made, larger
  // the strip and the line above say what runs next; the pane's sentence, beside a listing of 10 lines, was cut
  mRight->setVisible(!on);
  if (on == mPresenting) return;
  mPresenting = on;
  if (on) {
    // (a split never laid out — the tab not shown yet — has no sizes to come back to)
    const QList<int> sizes = mTall->sizes();
    mSizesBeforePresenting = sizes.size() == 2 && sizes[0] + sizes[1] > 0 ? sizes : QList<int>();
    shareHeight();
  } else if (!mSizesBeforePresenting.isEmpty()) {
    mTall->setSizes(mSizesBeforePresenting);  // the workbench's split as it was
  }
}

void AlgorithmPanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  QTimer::singleShot(0, this, &AlgorithmPanel::shareHeight);  // (once laid out at the presenting size)
}

void AlgorithmPanel::shareHeight() {
  if (!mPresenting || !mTall->isVisible() || mTall->height() < 100) return;  // (not laid out yet: at its next show)
  const int h = mTall->height();
  const int listing = mDetail->currentWidget() == mInside ? h / 4 : h / 3;
  mTall->setSizes({listing, h - listing});
}

bool AlgorithmPanel::presentNext() {
  if (!mCtl->active()) return start() && mCtl->active();
  return mCtl->next();
}

bool AlgorithmPanel::presentBack() { return mCtl->active() && mCtl->back(); }

bool AlgorithmPanel::presentFirst() {
  if (!mCtl->active() || mCtl->stepper()->position() == 0) return false;
  mCtl->reset();
  return true;
}

bool AlgorithmPanel::presentLast() {
  if (!mCtl->active() && !start()) return false;
  if (!mCtl->active() || mCtl->stepper()->at_end()) return false;
  mCtl->runToEnd();
  return true;
}

QJsonObject AlgorithmPanel::viewState() const {
  QJsonObject s{{QStringLiteral("input"), mInput->currentText()}};
  if (const gb::Stepper* st = mCtl->stepper()) {
    s.insert(QStringLiteral("executed"), int(st->position()));  // lines run so far (a loop's lines once per layer)
    if (st->next_line() >= 0) s.insert(QStringLiteral("line"), st->next_line() + 1);
  }
  return s;
}

void AlgorithmPanel::setViewState(const QJsonObject& s) {
  if (s.contains(QStringLiteral("input"))) mInput->setCurrentText(s.value(QStringLiteral("input")).toString());
  if (!s.contains(QStringLiteral("executed")) && !s.contains(QStringLiteral("line"))) return;
  if (!start() || !mCtl->active()) return;
  if (s.contains(QStringLiteral("executed"))) {
    const int n = s.value(QStringLiteral("executed")).toInt();
    for (int i = 0; i < n && !mCtl->stepper()->at_end(); ++i) mCtl->next();
  } else {
    mCtl->runToLine(s.value(QStringLiteral("line")).toInt() - 1);
  }
}
