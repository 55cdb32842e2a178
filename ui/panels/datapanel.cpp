#include "datapanel.h"
#include "widgets/textlabel.h"

#include "controllers/datachoice.h"
#include "controllers/lessonrecipe.h"
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include "core/family.h"
#include "core/text/tasks.h"
#include "tasknames.h"
#include "errortext.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStandardItemModel>
#include <QVBoxLayout>

// Where the data came from: its path, or the lesson's text by its name (not the temporary folder it was put in)
QString DataPanel::fromText(const QString& path) {
  return isLessonText(path) ? tr("From the lesson's text %1.").arg(QFileInfo(path).fileName()) : tr("From %1.").arg(path);
}

DataPanel::DataPanel(ModelDocument* doc, DataChoice* choice, QWidget* parent)
    : QWidget(parent), mDoc(doc), mChoice(choice) {
  mTask = new QComboBox(this);
  mTask->setObjectName(QStringLiteral("taskBox"));
  // Task names are identifiers (the item data); the user reads translated display names.
  mTaskHelp = new QLabel(this);
  mTaskHelp->setWordWrap(true);
  mTrain = new QSpinBox(this);
  mTrain->setRange(10, 1000000);
  mVal = new QSpinBox(this);
  mVal->setRange(0, 100000);
  mSeed = new QSpinBox(this);
  mSeed->setRange(0, 1000000);
  mTokenizer = new QComboBox(this);
  mTokenizer->setObjectName(QStringLiteral("tokenizerBox"));
  mTokenizer->addItem(tr("The data's natural one"), QString());
  mTokenizer->addItem(tr("Characters"), QStringLiteral("char"));
  mTokenizer->addItem(tr("Words"), QStringLiteral("word"));
  mTokenizer->addItem(tr("Byte-pair encoding (BPE)"), QStringLiteral("bpe"));
  mTokenizer->setToolTip(tr("How text becomes tokens. Tasks: letters are characters, sentences are words. "
                            "Files: characters unless chosen here."));
  mLoad = new QPushButton(tr("Load task"), this);
  mLoad->setObjectName(QStringLiteral("loadTaskButton"));

  // one source at a time: a built-in task or a file
  mSource = new QComboBox(this);
  mSource->setObjectName(QStringLiteral("sourceBox"));
  mSource->addItem(tr("A built-in task"));
  mSource->addItem(tr("A file (TSV, CSV or text)"));
  auto* pages = new QStackedWidget(this);
  auto* taskBox = new QWidget(pages);
  auto* form = new QFormLayout(taskBox);
  form->setContentsMargins(0, 0, 0, 0);
  form->addRow(tr("Task"), mTask);
  form->addRow(mTaskHelp);
  form->addRow(tr("Training examples"), mTrain);
  form->addRow(tr("Validation examples"), mVal);
  form->addRow(tr("Seed"), mSeed);
  form->addRow(mLoad);

  auto* fileBox = new QWidget(pages);
  mOpenFile = new QPushButton(tr("Open data file…"), this);
  mOpenFile->setObjectName(QStringLiteral("openDataButton"));
  mOpenFile->setToolTip(tr("TSV or CSV: one source–target pair a line. Any other file: plain text for a "
                           "decoder-only language model."));
  mFileMaxLen = new QSpinBox(this);
  mFileMaxLen->setRange(4, 4096);
  mFileMaxLen->setValue(64);
  mFileMaxLen->setToolTip(tr("Longer pairs are left out (and counted); text is cut into pieces of this length."));
  mCancel = new QPushButton(tr("Cancel"), this);
  mCancel->setObjectName(QStringLiteral("cancelDataButton"));
  mFileProgress = new QProgressBar(this);
  mFileProgress->setObjectName(QStringLiteral("dataProgress"));
  auto* progressRow = new QHBoxLayout;
  progressRow->addWidget(mFileProgress, 1);
  progressRow->addWidget(mCancel);
  auto* fileForm = new QFormLayout(fileBox);
  fileForm->setContentsMargins(0, 0, 0, 0);
  fileForm->addRow(tr("ℓ_max for the file"), mFileMaxLen);
  fileForm->addRow(mOpenFile);
  mFileProgress->hide();
  mCancel->hide();
  mSeed->setAccessibleName(tr("Data seed"));
  mFileMaxLen->setAccessibleName(tr("Maximum length ℓ_max for the file"));
  mFileProgress->setAccessibleName(tr("Reading the data file"));

  mSummary = new QLabel(tr("No data yet."), this);
  mSummary->setObjectName(QStringLiteral("dataSummary"));
  makeTextLabel(mSummary);  // (file names, a file's lines)
  mReport = new QLabel(this);
  mReport->setObjectName(QStringLiteral("dataReport"));
  makeTextLabel(mReport);
  mReport->setTextInteractionFlags(Qt::TextSelectableByMouse);
  mPreview = new QListWidget(this);
  mPreview->setObjectName(QStringLiteral("dataPreview"));
  mPreview->setMinimumHeight(90);
  mVocab = new QListWidget(this);
  mVocab->setObjectName(QStringLiteral("vocabulary"));
  mVocab->setFlow(QListView::LeftToRight);
  mVocab->setWrapping(true);
  mVocab->setMaximumHeight(80);
  mVocab->setUniformItemSizes(false);
  mPreview->setAccessibleName(tr("Samples"));  // a list is named by its own name (a label is not its buddy)
  mVocab->setAccessibleName(tr("Vocabulary (token: count)"));
  pages->addWidget(taskBox);
  pages->addWidget(fileBox);
  auto* tokForm = new QFormLayout;
  tokForm->addRow(tr("Source"), mSource);
  tokForm->addRow(tr("Tokenizer"), mTokenizer);
  auto* v = new QVBoxLayout(this);
  v->addLayout(tokForm);
  v->addWidget(pages);
  v->addLayout(progressRow);  // a file being read, or a large task being prepared
  v->addWidget(mSummary);
  v->addWidget(mReport);
  v->addWidget(new QLabel(tr("Samples"), this));
  v->addWidget(mPreview, 1);
  mVocabTitle = new QLabel(tr("Vocabulary (token: count)"), this);
  mVocabTitle->setWordWrap(true);
  v->addWidget(mVocabTitle);
  v->addWidget(mVocab);
  // the Tab key goes as the dock reads: source and tokenizer, then the page shown, then the lists
  QWidget* order[] = {mSource, mTokenizer, mTask, mTrain, mVal, mSeed, mLoad, mFileMaxLen, mOpenFile, mCancel,
                      mPreview, mVocab};
  for (size_t i = 1; i < std::size(order); ++i) setTabOrder(order[i - 1], order[i]);

  // edits go to the data choice (ui/controllers/datachoice.h); its changes come back to the fields
  connect(mTask, &QComboBox::currentIndexChanged, this,
          [this] { mChoice->chooseTask(mTask->currentData().toString()); });
  connect(mTrain, &QSpinBox::valueChanged, this, [this](int n) { mChoice->setSizes(n, mVal->value()); });
  connect(mVal, &QSpinBox::valueChanged, this, [this](int n) { mChoice->setSizes(mTrain->value(), n); });
  connect(mSeed, &QSpinBox::valueChanged, this, [this](int s) { mChoice->setSeed(quint64(s)); });
  connect(mFileMaxLen, &QSpinBox::valueChanged, mChoice, &DataChoice::setFileMaxLen);
  connect(mTokenizer, &QComboBox::currentIndexChanged, this,
          [this] { mChoice->setTokenizer(mTokenizer->currentData().toString()); });
  connect(mLoad, &QPushButton::clicked, mChoice, &DataChoice::loadTask);
  connect(mOpenFile, &QPushButton::clicked, this, &DataPanel::chooseFile);
  connect(mSource, &QComboBox::currentIndexChanged, pages, [pages](int i) {
    pages->setCurrentIndex(i);
    // the stack is as tall as its current page
    for (int k = 0; k < pages->count(); ++k)
      pages->widget(k)->setSizePolicy(QSizePolicy::Preferred, k == i ? QSizePolicy::Preferred : QSizePolicy::Ignored);
    pages->adjustSize();
  });
  emit mSource->currentIndexChanged(0);
  connect(mCancel, &QPushButton::clicked, mChoice, &DataChoice::cancel);
  connect(mChoice, &DataChoice::progress, this, [this](qint64 done, qint64 total) {
    mFileProgress->setRange(0, 1000);
    mFileProgress->setValue(total > 0 ? int(1000 * done / total) : 0);
  });
  connect(mChoice, &DataChoice::busyChanged, this, &DataPanel::showBusy);
  connect(mChoice, &DataChoice::finished, this, [this](const QString& message) {
    if (!message.isEmpty()) mReport->setText(message);  // (a load that worked shows the data's own report)
  });
  connect(mChoice, &DataChoice::changed, this, &DataPanel::showChoice);
  connect(mDoc, &ModelDocument::dataChanged, this, &DataPanel::refresh);
  connect(mDoc, &ModelDocument::variantChanged, this, &DataPanel::showFamily);
  connect(mDoc, &ModelDocument::modelChanged, this, &DataPanel::showFamily);  // (an imported model: its tokenizer)
  showFamily();
  showChoice();
  // made again while data is loaded or loading (the window in another language): as the dock before showed it
  refresh();
  if (mChoice->busy()) showBusy(true);
}

void DataPanel::showBusy(bool busy) {
  if (busy) {
    if (mChoice->loading().isEmpty()) return;
    mFileProgress->setRange(0, 0);  // busy until the first report
    mFileProgress->setAccessibleName(mChoice->loading());
    mReport->setText(mChoice->loading());
  }
  mFileProgress->setVisible(busy);
  mCancel->setVisible(busy);
  mOpenFile->setEnabled(!busy);
  mLoad->setEnabled(!busy);
}

DataLoader* DataPanel::loader() const { return mChoice->loader(); }

void DataPanel::showFamily() {
  // the tasks the family reads (text tasks, or for hmm-gmm the phoneme task); a numbers file instead of text
  const bool observations = gb::family(mDoc->variant()).observations;
  QStringList ids;
  for (int i = 0; i < mTask->count(); ++i) ids << mTask->itemData(i).toString();
  if (ids != mChoice->tasks()) {
    QSignalBlocker block(mTask);
    mTask->clear();
    for (const QString& t : mChoice->tasks()) mTask->addItem(taskDisplayName(t.toStdString()), t);
    const int i = mTask->findData(mChoice->task());
    if (i >= 0) mTask->setCurrentIndex(i);
  }
  // an imported model reads data with its own tokenizer: a file only (a built-in task has a vocabulary of its own)
  const bool imported = mDoc->hasModel() && !mDoc->importedName().isEmpty();
  if (auto* items = qobject_cast<QStandardItemModel*>(mSource->model()))
    if (QStandardItem* task = items->item(0)) task->setEnabled(!imported);
  if (imported && mSource->currentIndex() == 0) mSource->setCurrentIndex(1);
  mTokenizer->setEnabled(!observations && !imported);  // (numbers have no tokenizer)
  mTokenizer->setToolTip(imported ? tr("An imported model reads text with its own tokenizer.")
                                  : tr("How text becomes tokens. Tasks: letters are characters, sentences are words. "
                                       "Files: characters unless chosen here."));
  mFileMaxLen->setEnabled(!observations);
  mSource->setItemText(1, observations ? tr("A numbers file (one observation a line)") : tr("A file (TSV, CSV or text)"));
  mOpenFile->setToolTip(observations ? tr("One observation per line, its numbers separated by spaces or commas; a "
                                          "blank line between sequences.")
                                     : tr("TSV or CSV: one source–target pair a line. Any other file: plain text for "
                                          "a decoder-only language model."));
}

void DataPanel::chooseFile() {
  const bool observations = gb::family(mDoc->variant()).observations;
  const QString path = QFileDialog::getOpenFileName(
      this, tr("Open data file"), QString(),
      observations ? tr("Numbers (*.txt *.csv *.tsv *.dat);;All files (*)")
                   : tr("Pairs (*.tsv *.csv);;Text (*.txt);;All files (*)"));
  if (!path.isEmpty()) loadFile(path);
}

void DataPanel::loadFile(const QString& path) {  // (a load still running is dropped: this file was asked for)
  mSource->setCurrentIndex(1);
  mChoice->loadFile(path);
}

void DataPanel::showChoice() {
  QSignalBlocker b1(mTask), b2(mTrain), b3(mVal), b4(mSeed), b5(mTokenizer), b6(mFileMaxLen);
  const int i = mTask->findData(mChoice->task());
  if (i >= 0) mTask->setCurrentIndex(i);
  mTaskHelp->setText(taskDescription(mChoice->task().toStdString()));
  mTrain->setValue(mChoice->trainSize());
  mVal->setValue(mChoice->valSize());
  mSeed->setValue(int(mChoice->seed()));
  mTokenizer->setCurrentIndex(std::max(0, mTokenizer->findData(mChoice->tokenizer())));
  mFileMaxLen->setValue(mChoice->fileMaxLen());
}

void DataPanel::refresh() {
  mSummary->setText(mDoc->dataSummary());
  if (mDoc->hasData()) {  // the dock shows where the loaded data came from (also after Open or a failed file)
    // (an imported model reads a file only: the task entry is not offered then, whatever is loaded)
    const bool imported = mDoc->hasModel() && !mDoc->importedName().isEmpty();
    const bool file = imported || mDoc->data().description.value("kind", "") == "file";
    if (mSource->currentIndex() != (file ? 1 : 0)) mSource->setCurrentIndex(file ? 1 : 0);
  }
  mPreview->clear();
  mVocab->clear();
  if (!mDoc->hasData()) {
    mReport->clear();
    return;
  }
  const auto& d = mDoc->data();
  mVocabTitle->setVisible(!d.observations());
  mVocab->setVisible(!d.observations());
  if (d.observations()) {  // numbers: where they came from, and the first time steps of the first sequences
    const auto& desc = d.description;
    mReport->setText(desc.value("kind", "") == "file" ? fromText(QString::fromStdString(desc.value("path", "")))
                                                       : QString());
    for (size_t i = 0; i < std::min<size_t>(d.train.size(), 12); ++i) {
      const gb::MatF& o = d.train[i].obs;
      QStringList steps;
      for (Eigen::Index t = 0; t < std::min<Eigen::Index>(o.cols(), 4); ++t) {
        QStringList v;
        for (Eigen::Index k = 0; k < std::min<Eigen::Index>(o.rows(), 3); ++k)
          v << QLocale().toString(double(o(k, t)), 'f', 2);
        if (o.rows() > 3) v << QStringLiteral("…");
        steps << QStringLiteral("(%1)").arg(v.join(QStringLiteral("; ")));
      }
      mPreview->addItem(tr("%1 steps: %2").arg(o.cols()).arg(steps.join(QLatin1Char(' '))) +
                        (o.cols() > 4 ? QStringLiteral(" …") : QString()));
    }
    return;
  }
  // what was left out, and why
  QStringList report;
  const auto& desc = d.description;
  if (desc.value("kind", "") == "file") {
    report << fromText(QString::fromStdString(desc.value("path", "")));
    const int skipped = desc.value("skipped", 0);
    if (skipped > 0) {
      report << tr("Malformed records skipped: %1").arg(skipped);
      if (desc.contains("skipped_lines"))
        for (const auto& s : desc["skipped_lines"]) {
          // the reason in the user's language when the description has its template (older files: English)
          QString reason = QString::fromStdString(s.value("reason", ""));
          if (s.contains("template") && s["template"].is_string() && s.contains("args") && s["args"].is_object()) {
            gb::ErrorArgs args;
            for (auto it = s["args"].begin(); it != s["args"].end(); ++it)
              if (it.value().is_string()) args.push_back({it.key(), it.value().get<std::string>()});
            reason = errorTemplateText(s["template"].get<std::string>(), args);
          }
          report << tr("  line %1: %2").arg(s.value("line", 0)).arg(reason);
        }
      if (skipped > int(desc.contains("skipped_lines") ? desc["skipped_lines"].size() : 0)) report << tr("  …");
    } else if (desc.value("format", "") == "pairs") {
      report << tr("No malformed records.");
    }
  }
  if (d.report.too_long > 0)
    report << tr("Examples longer than ℓ_max = %1 left out: %2 (the longest had %3 tokens).")
                  .arg(d.max_len)
                  .arg(d.report.too_long)
                  .arg(d.report.longest);
  if (d.report.unknown_tokens > 0)
    report << tr("Pieces not in the vocabulary, now <unk>: %1").arg(d.report.unknown_tokens);
  mReport->setText(report.join(QLatin1Char('\n')));
  for (size_t i = 0; i < std::min<size_t>(d.train_pairs.size(), 12); ++i)
    mPreview->addItem(QStringLiteral("%1  →  %2").arg(QString::fromStdString(d.train_pairs[i].source),
                                                      QString::fromStdString(d.train_pairs[i].target)));
  if (d.train_pairs.empty())  // plain text: show the first examples decoded
    for (size_t i = 0; i < std::min<size_t>(d.train.size(), 12); ++i) {
      std::string s;
      for (size_t k = 0; k < std::min<size_t>(d.train[i].x.size(), 48); ++k) s += d.tokenizer.display(d.train[i].x[k]);
      mPreview->addItem(QString::fromStdString(s));
    }
  // in id order (the specials first); a large vocabulary (words of a real file) shows its most frequent tokens only,
  // so the list stays quick to fill
  constexpr int kMost = 2000;
  std::vector<int> ids(size_t(d.tokenizer.size()));
  for (int id = 0; id < d.tokenizer.size(); ++id) ids[size_t(id)] = id;
  if (int(ids.size()) > kMost) {
    std::stable_sort(ids.begin() + 4, ids.end(), [&](int a, int b) { return d.tokenizer.count(a) > d.tokenizer.count(b); });
    ids.resize(kMost);
    mVocabTitle->setText(tr("Vocabulary (token: count): the %1 most frequent of %2 tokens").arg(kMost).arg(d.tokenizer.size()));
  } else {
    mVocabTitle->setText(tr("Vocabulary (token: count)"));
  }
  QStringList items;
  items.reserve(qsizetype(ids.size()));
  for (int id : ids)
    items << QStringLiteral("%1: %2").arg(QString::fromStdString(d.tokenizer.display(id))).arg(d.tokenizer.count(id));
  mVocab->addItems(items);
}
