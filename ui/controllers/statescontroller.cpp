#include "statescontroller.h"

#include "controllers/backgroundjob.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"

#include "core/families/hmm/hmm.h"
#include "core/family.h"

#include <cmath>

StatesController::StatesController(ModelDocument* doc, TrainingController* trainer, QObject* parent)
    : QObject(parent), mDoc(doc), mTrainer(trainer), mJob(new BackgroundJob(this)) {
  connect(mJob, &BackgroundJob::runningChanged, this, &StatesController::busyChanged);
  auto fresh = [this] {  // another model or data: the old trace must not stay beside it
    mJob->cancel();
    mAgain = false;
    refresh();
  };
  connect(mDoc, &ModelDocument::modelChanged, this, fresh);
  connect(mDoc, &ModelDocument::dataChanged, this, fresh);
  connect(mTrainer, &TrainingController::paramsPublished, this, [this] {
    if (mJob->running()) mAgain = true;  // (the running trace ends first: training never starves the view)
    else refresh();
  });
}

bool StatesController::busy() const { return mJob->running(); }

void StatesController::setInput(const QString& text) {
  mInput = text;
  mJob->cancel();
  mAgain = false;
  refresh();
}

void StatesController::clear(const QString& problem) {
  mTrace.reset();
  mHmm.reset();
  mSeq2Seq.reset();
  mTokens.clear();
  mProblem = problem;
  emit changed();
}

void StatesController::refresh() {
  if (!mDoc->hasModel())
    return clear(tr("Build or open a model with hidden states (Model dock, Variant: RNN or HMM): its states appear here."));
  if (!gb::family(mDoc->config()).offers(gb::view::kRecurrentStates))
    return clear(tr("This view shows the hidden states of an RNN or an HMM; the open model is another kind."));
  if (const QString why = mDoc->viewProblem(); !why.isEmpty()) return clear(why);
  const auto params = mTrainer->latestParams(mDoc->sharedParams());
  if (!params) return clear(tr("Build or open a model first."));
  const auto probe = mDoc->probeText(mInput);
  if (!probe || mInput.trimmed().isEmpty())
    return clear(tr("Type a probe: the network reads it token by token."));
  const gb::Config c = mDoc->config();
  const int step = mDoc->history().empty() ? 0 : mDoc->history().back().step;  // (the history keeps a bounded number of points)
  const QString input = mInput;
  mJob->run([this, c, params, tok = mDoc->sharedTokenizer(), p = *probe, step,
             input](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    auto e = gb::probe_example(c, *params, *tok, p, [&ctx](int done, int total) { return ctx.progress(done, total); });
    if (ctx.cancelled()) return {};
    const bool seq2seq = c.variant == gb::Variant::RnnSeq2Seq;
    if (!e || e->x.size() < (seq2seq ? 1u : 2u) || (seq2seq && e->z.empty())) {
      return [this, input, c] {
        clear(tr("The model cannot read “%1”: it needs a tokenizer that knows its words, at least two tokens and at "
                 "most %2.").arg(input).arg(c.max_len));
      };
    }
    QStringList tokens;
    for (int id : e->x) tokens << QString::fromStdString(tok->display(id));
    std::shared_ptr<const gb::RnnTrace> trace;
    std::shared_ptr<const HmmStatesTrace> hmm;
    std::shared_ptr<const Seq2SeqStatesTrace> s2s;
    if (seq2seq) {
      auto s = std::make_shared<Seq2SeqStatesTrace>();
      s->trace = gb::rnn_seq2seq_trace(c, params->rnn, params->rnn_enc, e->z, e->x);
      for (int id : e->z) s->source << QString::fromStdString(tok->display(id));
      s2s = std::move(s);
    } else if (c.variant == gb::Variant::Hmm) {
      auto h = std::make_shared<HmmStatesTrace>();
      h->posterior = gb::hmm_posterior(params->hmm, e->x).cast<float>();
      h->viterbi = gb::hmm_viterbi(params->hmm, e->x);
      const gb::HmmFilter f = gb::hmm_filter(params->hmm, e->x);
      h->loglik = f.loglik;
      for (Eigen::Index t = 0; t < f.log_c.size(); ++t)
        if (!std::isfinite(f.log_c[t])) h->unseen.push_back(int(t));
      hmm = std::move(h);
    } else {
      trace = std::make_shared<const gb::RnnTrace>(gb::rnn_trace(c, params->rnn, e->x));
    }
    return [this, trace, hmm, s2s, tokens, step] {
      mTrace = trace;
      mHmm = hmm;
      mSeq2Seq = s2s;
      mTokens = tokens;
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
