#include "lessondock.h"

#include "lessonrunner.h"

#include <QAbstractItemModel>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace {
QString tabName(const QString& key) {
  if (key == QLatin1String("attention")) return LessonDock::tr("Attention");
  if (key == QLatin1String("masks")) return LessonDock::tr("Masks");
  if (key == QLatin1String("parameters")) return LessonDock::tr("Parameters");
  if (key == QLatin1String("decoding")) return LessonDock::tr("Decoding");
  if (key == QLatin1String("algorithm")) return LessonDock::tr("Algorithm");
  if (key == QLatin1String("training")) return LessonDock::tr("Training");
  if (key == QLatin1String("perturbation")) return LessonDock::tr("Perturbation");
  return key;
}
}  // namespace

LessonDock::LessonDock(LessonRunner* runner, QWidget* parent) : QWidget(parent), mRunner(runner) {
  mTitle = new QLineEdit(this);
  mTitle->setPlaceholderText(tr("No lesson open: Add Beat begins one"));
  auto* titleLabel = new QLabel(tr("&Title:"), this);
  titleLabel->setBuddy(mTitle);
  mTitle->setAccessibleName(tr("Lesson title"));
  mList = new QListWidget(this);
  mList->setObjectName(QStringLiteral("beatList"));
  mList->setAccessibleName(tr("Beats"));
  mList->setDragDropMode(QAbstractItemView::InternalMove);
  // a beat a line, its caption ended with "…" where the dock ends (a horizontal scroll bar cut every title at the
  // edge, with no sign of it; wrapped, one caption filled the list); the whole caption in its tooltip
  mList->setTextElideMode(Qt::ElideRight);
  mList->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  mList->setEditTriggers(QAbstractItemView::EditKeyPressed | QAbstractItemView::SelectedClicked);
  mWalk = new QSpinBox(this);
  mWalk->setRange(0, 10000);
  auto* walkLabel = new QLabel(tr("&Steps within the beat:"), this);
  walkLabel->setBuddy(mWalk);
  mWalk->setAccessibleName(tr("Steps within the beat"));
  mWalk->setToolTip(tr("How many presses of Space step the beat's own view (the next token, the next line) "
                       "before Space shows the next beat."));
  mAdd = new QPushButton(tr("&Add Beat"), this);
  mShow = new QPushButton(tr("S&how"), this);
  mUp = new QPushButton(tr("&Up"), this);
  mDown = new QPushButton(tr("Do&wn"), this);
  mDelete = new QPushButton(tr("&Delete"), this);
  mSave = new QPushButton(tr("Save &Lesson…"), this);
  mAdd->setToolTip(tr("Records the current tab and its settings as a beat (Ctrl+B)"));
  auto* v = new QVBoxLayout(this);
  auto* top = new QHBoxLayout;
  top->addWidget(titleLabel);
  top->addWidget(mTitle, 1);
  v->addLayout(top);
  v->addWidget(mList, 1);
  auto* walk = new QHBoxLayout;
  walk->addWidget(walkLabel);
  walk->addWidget(mWalk);
  walk->addStretch(1);
  v->addLayout(walk);
  auto* row1 = new QHBoxLayout;
  row1->addWidget(mAdd);
  row1->addWidget(mShow);
  auto* row2 = new QHBoxLayout;
  row2->addWidget(mUp);
  row2->addWidget(mDown);
  row2->addWidget(mDelete);
  v->addLayout(row1);
  v->addLayout(row2);
  v->addWidget(mSave);  // a row of its own: "Lektion speichern …" beside two others was wider than the dock

  connect(mAdd, &QPushButton::clicked, this, &LessonDock::addRequested);
  connect(mSave, &QPushButton::clicked, this, &LessonDock::saveRequested);
  connect(mShow, &QPushButton::clicked, this, [this] { mRunner->showBeat(mList->currentRow()); });
  connect(mList, &QListWidget::itemDoubleClicked, this, [this](QListWidgetItem* it) { mRunner->showBeat(mList->row(it)); });
  connect(mUp, &QPushButton::clicked, this, [this] {
    const int r = mList->currentRow();
    if (mRunner->moveBeat(r, r - 1)) mList->setCurrentRow(r - 1);
  });
  connect(mDown, &QPushButton::clicked, this, [this] {
    const int r = mList->currentRow();
    if (mRunner->moveBeat(r, r + 1)) mList->setCurrentRow(r + 1);
  });
  connect(mDelete, &QPushButton::clicked, this, [this] {
    const int r = mList->currentRow();
    if (mRunner->removeBeat(r)) mList->setCurrentRow(std::min(r, mList->count() - 1));
  });
  connect(mWalk, &QSpinBox::valueChanged, this, [this](int n) {
    if (!mRebuilding) mRunner->setWalk(mList->currentRow(), n);
  });
  connect(mTitle, &QLineEdit::editingFinished, this, [this] {
    if (mTitle->text() != mRunner->lesson().title) mRunner->setTitle(mTitle->text());
  });
  connect(mList, &QListWidget::itemChanged, this, [this](QListWidgetItem* it) {
    if (mRebuilding) return;
    const int r = mList->row(it);
    if (r >= 0 && r < mRunner->lesson().beats.size() && it->text() != mRunner->lesson().beats[r].caption)
      mRunner->renameBeat(r, it->text());
  });
  // a drag moved a row: the same move in the lesson
  connect(mList->model(), &QAbstractItemModel::rowsMoved, this,
          [this](const QModelIndex&, int start, int, const QModelIndex&, int row) {
            if (mRebuilding) return;
            const int to = row > start ? row - 1 : row;
            mRunner->moveBeat(start, to);
          });
  connect(mList, &QListWidget::currentRowChanged, this, &LessonDock::updateButtons);
  connect(mRunner, &LessonRunner::beatsChanged, this, &LessonDock::rebuild);
  connect(mRunner, &LessonRunner::beatShown, this, [this](int i) {
    mRebuilding = true;
    mList->setCurrentRow(i);
    mRebuilding = false;
    updateButtons();
  });
  rebuild();
  if (mRunner->beat() >= 0) {  // (made again in another language: the beat shown stays chosen)
    mRebuilding = true;
    mList->setCurrentRow(mRunner->beat());
    mRebuilding = false;
    updateButtons();
  }
}

void LessonDock::rebuild() {
  mRebuilding = true;
  const int keep = mList->currentRow();
  mList->clear();
  const Lesson& l = mRunner->lesson();
  if (!mTitle->hasFocus()) mTitle->setText(l.title);
  for (int i = 0; i < l.beats.size(); ++i) {
    auto* it = new QListWidgetItem(l.beats[i].caption, mList);
    it->setFlags(it->flags() | Qt::ItemIsEditable | Qt::ItemIsDragEnabled);
    // (rich text: a long caption wraps in the tooltip)
    it->setToolTip(QStringLiteral("<p>%1</p><p>%2</p>")
                       .arg(tr("Beat %1 — the %2 tab").arg(i + 1).arg(tabName(l.beats[i].tab)).toHtmlEscaped(),
                            l.beats[i].caption.toHtmlEscaped()));
  }
  const int beat = mRunner->beat();
  mList->setCurrentRow(beat >= 0 && beat < mList->count() ? beat : std::min(keep, mList->count() - 1));
  mRebuilding = false;
  updateButtons();
}

void LessonDock::updateButtons() {
  const int r = mList->currentRow();
  const int n = mList->count();
  mShow->setEnabled(r >= 0);
  mUp->setEnabled(r > 0);
  mDown->setEnabled(r >= 0 && r + 1 < n);
  mDelete->setEnabled(r >= 0);
  mWalk->setEnabled(r >= 0);
  mSave->setEnabled(n > 0);
  mRebuilding = true;
  mWalk->setValue(r >= 0 && r < mRunner->lesson().beats.size() ? mRunner->lesson().beats[r].walk : 0);
  mRebuilding = false;
}
