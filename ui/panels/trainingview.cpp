#include "trainingview.h"

#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "core/family.h"
#include "core/io/model_file.h"
#include "panels/trainingpanel.h"
#include "widgets/lossplot.h"
#include "widgets/mirrorbutton.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

TrainingView::TrainingView(ModelDocument* doc, TrainingController* trainer, QWidget* parent)
    : QWidget(parent), mDoc(doc), mTrainer(trainer) {
  mLoss = new QLabel(this);
  mLoss->setObjectName(QStringLiteral("trainingViewLoss"));
  mLoss->setWordWrap(true);
  mPlot = new LossPlot(this);
  mPlot->setObjectName(QStringLiteral("trainingViewPlot"));
  mLoglik = new LossPlot(this);
  mLoglik->setObjectName(QStringLiteral("trainingViewLoglik"));
  mLoglik->showLogLikelihood();
  mLoglik->hide();
  auto* v = new QVBoxLayout(this);
  v->addWidget(mLoss);
  v->addWidget(mPlot, 1);
  v->addWidget(mLoglik, 1);
  connect(mDoc, &ModelDocument::historyChanged, this, &TrainingView::syncHistory);
  connect(mDoc, &ModelDocument::modelChanged, this, &TrainingView::syncHistory);
  connect(mTrainer, &TrainingController::validated, this, [this] { syncHistory(); });
  syncHistory();
}

void TrainingView::syncHistory() {
  const auto& h = mDoc->history();
  // an EM family: its log-likelihood per iteration beside the loss (the loss is in every family's units)
  mLoglik->setVisible(mDoc->hasModel() && gb::family(mDoc->config()).trained_by == gb::TrainedBy::Em);
  mPlot->showHistory(h, mDoc->historyRevision());  // (another model or a new run: its revision differs)
  mPlot->setTrainingLossSummed(mTrainer->lossSummed(mDoc->trainingState()));
  mLoglik->showHistory(h, mDoc->historyRevision());
  mLastValidation = -1;  // the label's: the newest validation (a run validates about ten times)
  for (auto it = h.rbegin(); it != h.rend(); ++it)
    if (it->val_loss) {
      mLastValidation = it->step;
      mLastValidationLoss = *it->val_loss;
      break;
    }
  if (!mDoc->hasModel()) mLoss->setText(tr("Build a model, then train it: its loss curve appears here."));
  else if (h.empty()) mLoss->setText(tr("Not trained yet: Start (or Step) in the Training dock."));
  else {
    const QString val = mLastValidation > 0 ? tr(" · validation loss %1 at step %2")
                                                  .arg(QLocale().toString(mLastValidationLoss, 'f', 4))
                                                  .arg(mLastValidation)
                                            : QString();
    mLoss->setText(tr("Step %1: loss %2").arg(h.back().step).arg(QLocale().toString(h.back().loss, 'f', 4)) + val);
    if (h.back().loglik)
      mLoss->setText(mLoss->text() + tr(" · log-likelihood %1 nats").arg(QLocale().toString(*h.back().loglik, 'f', 2)));
  }
  emit lossChanged(mLoss->text());
}

QWidget* TrainingView::makePresenterStrip(QWidget* parent) {
  auto* strip = new QWidget(parent);
  auto* h = new QHBoxLayout(strip);
  h->setContentsMargins(0, 0, 0, 0);
  auto* loss = new QLabel(strip);
  loss->setWordWrap(true);
  loss->setObjectName(QStringLiteral("presenterLoss"));
  auto show = [this, loss] { loss->setText(mLoss->text()); };
  show();
  connect(this, &TrainingView::lossChanged, loss, show);
  h->addWidget(loss, 1);
  if (mPanel) {
    QList<MirrorButton*> mirrors;
    for (QPushButton* b : {mPanel->startButton(), mPanel->pauseButton(), mPanel->stepButton()}) {
      auto* m = new MirrorButton(b, strip);
      mirrors << m;
      h->addWidget(m);
    }
    connect(mTrainer, &TrainingController::stateChanged, strip, [mirrors] {  // Start becomes Resume
      for (MirrorButton* m : mirrors) m->sync();
    });
  }
  return strip;
}

bool TrainingView::presentNext() {
  if (!mPanel || !mPanel->stepButton()->isEnabled()) return false;
  // one more step of the run that has finished, not a new run: the run's length grows by one
  const auto st = mTrainer->state();
  if (mDoc->isTrained() && st != TrainingController::State::Paused && st != TrainingController::State::Running &&
      mPanel->stepsBox()->value() <= mDoc->history().back().step)
    mPanel->stepsBox()->setValue(mDoc->history().back().step + 1);
  mPanel->stepButton()->click();
  return true;
}
