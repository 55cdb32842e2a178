#include "observationscontroller.h"

#include "controllers/backgroundjob.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"

#include "core/families/hmm/hmm_gmm.h"
#include "core/family.h"

#include <algorithm>

ObservationsController::ObservationsController(ModelDocument* doc, TrainingController* trainer, QObject* parent)
    : QObject(parent), mDoc(doc), mTrainer(trainer), mJob(new BackgroundJob(this)) {
  connect(mJob, &BackgroundJob::runningChanged, this, &ObservationsController::busyChanged);
  auto fresh = [this] {  // another model or data: the old trace must not stay beside it
    mJob->cancel();
    mAgain = false;
    const bool other = mDoc->generation() != mShownGeneration || mDoc->dataGeneration() != mShownData;
    if (other && mTrace) {  // (new parameters of the same model keep the picture until the new one is ready)
      mTrace.reset();
      mProblem = tr("Finding the most probable state paths…");
      emit changed();
    }
    refresh();
  };
  connect(mDoc, &ModelDocument::modelChanged, this, fresh);
  connect(mDoc, &ModelDocument::dataChanged, this, [this, fresh] {
    mSequence = std::min(mSequence, sequenceCount() - 1);
    fresh();
  });
  connect(mTrainer, &TrainingController::paramsPublished, this, [this] {
    if (mJob->running()) mAgain = true;  // (the running trace ends first: training never starves the view)
    else refresh();
  });
}

bool ObservationsController::busy() const { return mJob->running(); }

int ObservationsController::sequenceCount() const {
  if (!mDoc->hasData() || !mDoc->data().observations()) return 0;
  const auto& d = mDoc->data();
  return int(d.val.empty() ? d.train.size() : d.val.size());
}

void ObservationsController::setSequence(int i) {
  i = std::clamp(i, -1, sequenceCount() - 1);
  if (i == mSequence) return;
  mSequence = i;
  mJob->cancel();
  mAgain = false;
  refresh();
}

void ObservationsController::clear(const QString& problem) {
  mTrace.reset();
  mProblem = problem;
  emit changed();
}

void ObservationsController::refresh() {
  if (!mDoc->hasModel())
    return clear(tr("Build or open an HMM with Gaussian mixtures (Model dock): the observations appear here, coloured "
                    "by the state it assigns them."));
  if (!gb::family(mDoc->config()).offers(gb::view::kObservations))
    return clear(tr("This view shows a model of observations (numbers); the open model reads tokens."));
  if (const QString why = mDoc->fitProblem(); !why.isEmpty()) return clear(why);
  const auto params = mTrainer->latestParams(mDoc->sharedParams());
  if (!params) return clear(tr("Build or open a model first."));
  const gb::Config c = mDoc->config();
  const int step = mDoc->history().empty() ? 0 : mDoc->history().back().step;
  const std::shared_ptr<const gb::PreparedData> data = mDoc->sharedData();
  const int which = mSequence;
  const int generation = mDoc->generation(), dataGeneration = mDoc->dataGeneration();
  mJob->run([this, c, params, data, which, step, generation, dataGeneration](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    auto t = std::make_shared<ObservationsTrace>();
    t->params = params;
    t->validation = !data->val.empty();
    const std::vector<gb::Example>& set = t->validation ? data->val : data->train;
    const int first = which < 0 ? 0 : which;
    const int last = which < 0 ? std::min<int>(kShown, int(set.size())) : which + 1;
    std::vector<std::vector<int>> truth;
    for (int i = first; i < last; ++i) {
      if (ctx.cancelled()) return {};
      const gb::MatF& o = set[size_t(i)].obs;
      t->obs.push_back(o);
      t->index.push_back(i);
      t->viterbi.push_back(gb::hmm_gmm_viterbi(params->gmm, o));
      t->loglik += gb::hmm_gmm_filter(params->gmm, o).loglik;
      t->steps += o.cols();
      if (t->validation && size_t(i) < data->val_states.size()) truth.push_back(data->val_states[size_t(i)]);
      ctx.progress(i - first + 1, last - first);
    }
    if (!truth.empty() && truth.size() == t->viterbi.size() && c.states <= 8)
      t->agreement = gb::state_agreement(t->viterbi, truth, std::max(c.states, gb::kPhonemeStates));
    return [this, t, step, generation, dataGeneration] {
      mTrace = t;
      mShownGeneration = generation;
      mShownData = dataGeneration;
      mStep = step;
      mProblem.clear();
      emit changed();
      if (mAgain) {
        mAgain = false;
        refresh();
      }
    };
  });
}
