#include "perturbationcontroller.h"
#include "memorylimit.h"

#include "controllers/backgroundjob.h"
#include "controllers/modeldocument.h"
#include "errortext.h"

#include "core/family.h"

PerturbationController::PerturbationController(ModelDocument* doc, QObject* parent)
    : QObject(parent), mDoc(doc), mJob(new BackgroundJob(this)) {
  connect(mJob, &BackgroundJob::progress, this, &PerturbationController::progress);
  connect(mJob, &BackgroundJob::runningChanged, this, &PerturbationController::busyChanged);
}

bool PerturbationController::busy() const { return mJob->running(); }

void PerturbationController::cancel() {
  if (!mJob->running()) return;
  mJob->cancel();
  emit changed();
}

QString PerturbationController::setInput(const QString& text) {
  mJob->cancel();  // a run for the old sentence would show against the new one
  mInput = text;
  mA = {};
  mB = {};
  mStages.clear();
  mProblem.clear();
  if (const QString why = mDoc->viewProblem(); !why.isEmpty()) {  // never the old model on the new data's probes
    mProblem = why;
    emit changed();
    return mProblem;
  }
  if (mDoc->hasModel() && !gb::family(mDoc->config()).offers(gb::view::kPerturbation)) {  // (nor is the tab)
    mProblem = errorText(gb::Error(gb::ErrorCode::NotForFamily, {{"family", gb::variant_name(mDoc->config().variant)}}));
    emit changed();
    return mProblem;
  }
  const auto probe = mDoc->hasModel() ? mDoc->probeText(text) : std::nullopt;
  if (probe && probe->decodes() &&
      gb::probe_cost(mDoc->config(), *mDoc->tokenizerForModel(), *probe) > mSyncBudget) {
    // the model's own continuation of the sentence first (up to ℓ_max decoding steps): on the worker
    const gb::Config c = mDoc->config();
    mJob->run([this, c, params = mDoc->sharedParams(), tok = mDoc->sharedTokenizer(),
               p = *probe](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
      auto e = gb::probe_example(c, *params, *tok, p, [&ctx](int done, int total) { return ctx.progress(done, total); });
      if (!e && ctx.cancelled()) return {};
      auto out = std::make_shared<std::optional<gb::Example>>(std::move(e));
      return [this, out] {  // only for the latest sentence: every setInput cancels the one before
        mProblem = take(*out);
        if (!mProblem.isEmpty()) emit changed();
        else emit inputRead();
      };
    });
    emit changed();
    return {};
  }
  std::optional<gb::Example> e;
  if (probe) e = gb::probe_example(mDoc->config(), mDoc->params(), *mDoc->tokenizerForModel(), *probe);
  return take(e);
}

QString PerturbationController::take(const std::optional<gb::Example>& e) {
  // no sentence the model reads — or a continuation decoded for a model that has gone since (File → New while it
  // was decoded: found by the monkey) — nothing of the last one stays to be replaced
  if (!e || !mDoc->hasModel()) {
    mA = {};
    mB = {};
    mStages.clear();
    emit changed();
    if (!mDoc->hasModel()) return tr("Build or open a model first.");
    return tr("The model cannot read “%1”: it needs a tokenizer that knows its words, and at most %2 tokens.")
        .arg(mInput)
        .arg(mDoc->config().max_len);
  }
  mA = *e;
  // keep the replaced position where it still exists; otherwise the first token the class can change
  const auto& seq = mAt.stream == 'Z' ? mA.z : mA.x;
  const int first = firstTarget();
  if (mAt.index >= int(seq.size()) || (mAt.stream == 'X' && mAt.index < first) || (mAt.stream == 'Z' && mA.z.empty()))
    mAt = mA.z.empty() ? Position{'X', std::min(first, int(mA.x.size()) - 1)} : Position{'Z', 0};
  if (mToken < 0 || mToken >= vocabularySize()) mToken = gb::Tokenizer::kUnk;
  return run();
}

QStringList PerturbationController::sourceTokens() const {
  QStringList out;
  for (int t : mA.z) out << tokenText(t);
  return out;
}

QStringList PerturbationController::targetTokens() const {
  QStringList out;
  for (int t : mA.x) out << tokenText(t);
  return out;
}

std::vector<PerturbationController::Position> PerturbationController::positions() const {
  std::vector<Position> out;
  for (int i = 0; i < int(mA.z.size()); ++i) out.push_back({'Z', i});
  for (int i = firstTarget(); i < int(mA.x.size()); ++i) out.push_back({'X', i});
  return out;
}

int PerturbationController::firstTarget() const {
  if (!mDoc->hasModel() || mDoc->config().has_source()) return 1;  // the decoder starts from its start token
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  return tok && !tok->prompt_starts_with_bos() ? 0 : 1;
}

QString PerturbationController::replace(Position at, int token) {
  if (!ready()) return tr("Type a sentence first.");
  const auto& seq = at.stream == 'Z' ? mA.z : mA.x;
  if (at.index < 0 || at.index >= int(seq.size())) return tr("The sentence has no token at position %1.").arg(at.index + 1);
  if (token < 0 || token >= vocabularySize()) return tr("The vocabulary has no token %1.").arg(token);
  mAt = at;
  mToken = token;
  return run();
}

int PerturbationController::originalToken() const {
  const auto& seq = mAt.stream == 'Z' ? mA.z : mA.x;
  return mAt.index >= 0 && mAt.index < int(seq.size()) ? seq[size_t(mAt.index)] : -1;
}

int PerturbationController::vocabularySize() const {
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  return tok ? tok->size() : 0;
}

QString PerturbationController::tokenText(int id) const {
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  return tok && id >= 0 && id < tok->size() ? QString::fromStdString(tok->display(id)) : QString::number(id);
}

int PerturbationController::tokenId(const QString& text) const {
  const gb::Tokenizer* tok = mDoc->tokenizerForModel();
  if (!tok) return -1;
  for (int i = 0; i < tok->size(); ++i)
    if (tokenText(i) == text) return i;
  // a word as typed ("house"): the token the model's tokenizer makes of it, when it makes one
  // (at the start of a text, or after a space: word tokenizers mark where a word begins)
  // (GPT-2 marks a word after a space by its piece, "Ġhouse", and a word typed alone is usually meant so: its spaced
  // form comes first; Marian appends </s>, left out here)
  const QString withSpace = QStringLiteral("a ") + text;
  const bool spacedFirst = tok->kind() == gb::TokenizerKind::ByteBpe;
  for (const QString& t : spacedFirst ? QStringList{withSpace, text} : QStringList{text, withSpace}) {
    std::vector<int> ids = tok->encode(t.toStdString()).ids;
    if (!ids.empty() && ids.back() == mDoc->config().eos_id && tok->is_special(ids.back())) ids.pop_back();
    if (!ids.empty() && ids.size() == size_t(t == text ? 1 : 2) && tok->token(ids.back()) != "<unk>") return ids.back();
  }
  return tok->id_of(text.toStdString());
}

std::vector<const gb::PerturbationStage*> PerturbationController::stagesOf(char stream) const {
  std::vector<const gb::PerturbationStage*> out;
  for (const auto& s : mStages)
    if (s.stream == stream) out.push_back(&s);
  return out;
}

QString PerturbationController::refresh() { return mInput.isEmpty() ? QString() : setInput(mInput); }

QString PerturbationController::run() {
  if (!mDoc->hasModel() || !mDoc->sharedParams()) {  // (found by the monkey: File → New, then a token replaced)
    mJob->cancel();
    mStages.clear();
    emit changed();
    return tr("Build or open a model first.");
  }
  // a sentence read for an earlier model (a Build since, with another ℓ_max or vocabulary) is read again first
  if (auto err = gb::check_example(mDoc->config(), mA)) {
    mJob->cancel();
    mStages.clear();
    emit changed();
    return errorText(*err);
  }
  mB = mA;
  auto& seq = mAt.stream == 'Z' ? mB.z : mB.x;
  if (mAt.index >= 0 && mAt.index < int(seq.size())) seq[size_t(mAt.index)] = mToken;
  // the two forward passes' records (before and after the change), against the memory there is
  const qint64 need = gb::perturbation_memory(mDoc->config(), mA);
  if (const QString memory = MemoryLimit::traceProblem(need); !memory.isEmpty()) {
    mJob->cancel();
    mStages.clear();
    emit changed();
    return memory;
  }
  if (2 * gb::trace_cost(mDoc->config(), mA) > mSyncBudget) {  // long: on the worker
    mStages.clear();
    const gb::Config c = mDoc->config();
    auto params = mDoc->sharedParams();  // shared, not copied: the document replaces it, never changes it
    const gb::Example a = mA, b = mB;
    // counted against the cap from the check until the worker's function is gone (its records handed over)
    mJob->run([this, c, params, a, b, held = MemoryLimit::reserve(need)](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
      auto r = gb::perturbation(c, *params, a, b, [&ctx](int done, int total) { return ctx.progress(done, total); });
      auto out = std::make_shared<gb::Result<std::vector<gb::PerturbationStage>>>(std::move(r));
      return [this, out] {  // only for the latest run: every run() cancels the one before
        if (*out) mStages = std::move(**out);
        emit changed();
      };
    });
    emit changed();
    return {};
  }
  mJob->cancel();
  auto r = gb::perturbation(mDoc->config(), mDoc->params(), mA, mB);
  if (!r) {
    mStages.clear();
    emit changed();
    return errorText(r.error());
  }
  mStages = std::move(*r);
  emit changed();
  return {};
}
