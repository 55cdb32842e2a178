#include "tablepanel.h"

#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "widgets/matrixview.h"
#include "widgets/textlabel.h"

#include "core/families/bigram/bigram.h"
#include "core/family.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QJsonObject>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

TablePanel::TablePanel(ModelDocument* doc, TrainingController* trainer, QWidget* parent)
    : QWidget(parent), mDoc(doc), mTrainer(trainer) {
  mMode = new QComboBox(this);
  mMode->setObjectName(QStringLiteral("tableMode"));
  mMode->addItem(tr("Probabilities P(next | token)"), QStringLiteral("probabilities"));
  mMode->addItem(tr("Scores B"), QStringLiteral("scores"));
  mMode->setAccessibleName(tr("What the table shows"));
  mInfo = new QLabel(this);
  makeTextLabel(mInfo);
  mView = new MatrixView(this, MatrixView::Look::Probability);
  mView->setObjectName(QStringLiteral("tableView"));
  mView->plot()->setAccessibleName(tr("The next-token table"));
  auto* row = new QHBoxLayout;
  auto* showLabel = new QLabel(tr("Show"), this);
  showLabel->setBuddy(mMode);
  row->addWidget(showLabel);
  row->addWidget(mMode);
  row->addStretch(1);
  auto* v = new QVBoxLayout(this);
  v->addLayout(row);
  v->addWidget(mInfo);
  v->addWidget(mView, 1);
  connect(mMode, &QComboBox::currentIndexChanged, this, &TablePanel::refresh);
  connect(mDoc, &ModelDocument::modelChanged, this, &TablePanel::refresh);
  connect(mTrainer, &TrainingController::paramsPublished, this, &TablePanel::refresh);
  refresh();
}

void TablePanel::showEvent(QShowEvent* e) {
  QWidget::showEvent(e);
  if (mStale) refresh();
}

void TablePanel::refresh() {
  if (!isVisible()) {  // hidden: caught up when shown
    mStale = true;
    return;
  }
  mStale = false;
  const auto params = mDoc->hasModel() ? mTrainer->latestParams(mDoc->sharedParams()) : nullptr;
  if (!params || !gb::family(mDoc->config()).offers(gb::view::kTransitionTable)) {
    mView->clear();
    mInfo->setText(tr("Build a bigram model (Model dock, Variant: Bigram): its next-token table appears here."));
    return;
  }
  const bool probabilities = mMode->currentData().toString() == QLatin1String("probabilities");
  const gb::MatF& B = params->bigram.B;
  const gb::MatF table = probabilities ? gb::bigram_table(params->bigram) : B;  // the core's, never recomputed here
  QStringList tokens;
  if (const gb::Tokenizer* tok = mDoc->tokenizerForModel())
    for (int t = 0; t < tok->size(); ++t) tokens << QString::fromStdString(tok->display(t));
  mView->setMatrix(table, tr("next token b"), tr("after token a"), tokens, tokens);
  const gb::MatF shown = table;
  mView->setHoverFunction([shown, B, tokens, probabilities](int row, int col) {
    if (row < 0 || col < 0 || row >= shown.rows() || col >= shown.cols()) return QString();
    const QString a = tokens.value(col, QString::number(col)), b = tokens.value(row, QString::number(row));
    return probabilities ? tr("P(%1 | %2) = %3 (score %4)")
                               .arg(b, a)
                               .arg(QLocale().toString(double(shown(row, col)), 'f', 4))
                               .arg(QLocale().toString(double(B(row, col)), 'f', 3))
                         : tr("B[%1, %2] = %3").arg(b, a).arg(QLocale().toString(double(B(row, col)), 'f', 3));
  });
  mInfo->setText(probabilities ? tr("Column a: the distribution of the token after a, softmax(B[:, a]). Each column "
                                    "sums to 1; a bright cell is a likely pair.")
                               : tr("Column a: the scores B[:, a] of every token after a, before the softmax."));
}

bool TablePanel::presentNext() {
  mMode->setCurrentIndex(1 - mMode->currentIndex());
  return true;
}

QWidget* TablePanel::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* mode = new QLabel(strip);
  auto* other = new QPushButton(strip);  // the presenter's Space does the same
  other->setObjectName(QStringLiteral("tableOtherMode"));
  other->setFocusPolicy(Qt::TabFocus);
  auto show = [this, mode, other] {
    mode->setText(mMode->currentText());
    other->setText(mMode->itemText(1 - mMode->currentIndex()));
    other->setAccessibleName(tr("Show instead: %1").arg(other->text()));
  };
  show();
  connect(mMode, &QComboBox::currentIndexChanged, strip, show);
  connect(other, &QPushButton::clicked, this, [this] { presentNext(); });
  h->addWidget(mode, 1);
  h->addWidget(other);
  return strip;
}

QJsonObject TablePanel::viewState() const { return {{QStringLiteral("mode"), mMode->currentData().toString()}}; }

void TablePanel::setViewState(const QJsonObject& state) {
  const int i = mMode->findData(state.value(QStringLiteral("mode")).toString());
  if (i >= 0) mMode->setCurrentIndex(i);
}
