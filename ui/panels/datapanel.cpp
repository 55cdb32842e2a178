#include "datapanel.h"

#include "controllers/modeldocument.h"
#include "core/text/tasks.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

DataPanel::DataPanel(ModelDocument* doc, QWidget* parent) : QWidget(parent), mDoc(doc) {
  mTask = new QComboBox(this);
  mTask->setObjectName(QStringLiteral("taskBox"));
  // Task names are identifiers; their descriptions are translated below.
  for (const auto& t : gb::task_list()) mTask->addItem(QString::fromStdString(t.name));
  mTaskHelp = new QLabel(this);
  mTaskHelp->setWordWrap(true);
  mTrain = new QSpinBox(this);
  mTrain->setRange(10, 1000000);
  mVal = new QSpinBox(this);
  mVal->setRange(0, 100000);
  mSeed = new QSpinBox(this);
  mSeed->setRange(0, 1000000);
  mLoad = new QPushButton(tr("Load task"), this);
  mLoad->setObjectName(QStringLiteral("loadTaskButton"));
  mSummary = new QLabel(tr("No data yet."), this);
  mSummary->setWordWrap(true);
  mPreview = new QListWidget(this);
  mPreview->setObjectName(QStringLiteral("dataPreview"));
  mVocab = new QListWidget(this);
  mVocab->setObjectName(QStringLiteral("vocabulary"));
  mVocab->setFlow(QListView::LeftToRight);
  mVocab->setWrapping(true);
  mVocab->setMaximumHeight(80);
  auto* form = new QFormLayout;
  form->addRow(tr("Task"), mTask);
  form->addRow(mTaskHelp);
  form->addRow(tr("Training examples"), mTrain);
  form->addRow(tr("Validation examples"), mVal);
  form->addRow(tr("Seed"), mSeed);
  auto* v = new QVBoxLayout(this);
  v->addLayout(form);
  v->addWidget(mLoad);
  v->addWidget(mSummary);
  v->addWidget(new QLabel(tr("Samples"), this));
  v->addWidget(mPreview, 1);
  v->addWidget(new QLabel(tr("Vocabulary (token: count)"), this));
  v->addWidget(mVocab);

  connect(mTask, &QComboBox::currentIndexChanged, this, [this](int i) {
    const auto& t = gb::task_list()[size_t(i)];
    const QString help[] = {tr("Copy a string of letters: abc → abc"), tr("Reverse a string of letters: abc → cba"),
                            tr("Sort the letters of a string: cab → abc"), tr("Add two numbers: 23+58 → 81"),
                            tr("Convert a date: 2024-03-15 → 15.03.2024"),
                            tr("English → German: I want to buy a car → Ich will ein Auto kaufen")};
    mTaskHelp->setText(i < 6 ? help[i] : QString::fromStdString(t.description));
    mTrain->setValue(t.train_size);
    mVal->setValue(t.val_size);
  });
  connect(mLoad, &QPushButton::clicked, this, [this] {
    const QString err = mDoc->loadTask(mTask->currentText(), mTrain->value(), mVal->value(), quint64(mSeed->value()));
    if (!err.isEmpty()) mSummary->setText(err);
  });
  connect(mDoc, &ModelDocument::dataChanged, this, &DataPanel::refresh);
  mTask->setCurrentIndex(1);  // reverse: the classic first lesson
  emit mTask->currentIndexChanged(1);
}

void DataPanel::refresh() {
  mSummary->setText(mDoc->dataSummary());
  mPreview->clear();
  mVocab->clear();
  if (!mDoc->hasData()) return;
  const auto& d = mDoc->data();
  for (size_t i = 0; i < std::min<size_t>(d.train_pairs.size(), 12); ++i)
    mPreview->addItem(QStringLiteral("%1  →  %2").arg(QString::fromStdString(d.train_pairs[i].source),
                                                      QString::fromStdString(d.train_pairs[i].target)));
  for (int id = 0; id < d.tokenizer.size(); ++id)
    mVocab->addItem(QStringLiteral("%1: %2").arg(QString::fromStdString(d.tokenizer.display(id))).arg(d.tokenizer.count(id)));
}
