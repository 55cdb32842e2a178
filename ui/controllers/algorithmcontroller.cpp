#include "algorithmcontroller.h"

#include "errortext.h"
#include "memorylimit.h"

#include "core/family.h"

#include <QElapsedTimer>
#include <QTimer>

AlgorithmController::AlgorithmController(QObject* parent) : QObject(parent) {}

QString AlgorithmController::start(const gb::Config& c, const gb::Params<float>& p, const gb::Tokenizer& tok,
                                   const QString& input, const QString& target) {
  interrupt();
  if (!gb::family(c).offers(gb::view::kAlgorithm)) {  // (nor is the tab; a robot may still reach it)
    mStepper.reset();
    emit changed();
    return errorText(gb::Error(gb::ErrorCode::NotForFamily, {{"family", gb::variant_name(c.variant)}}));
  }
  gb::Example e;
  const auto ids = [&](const QString& s) { return tok.encode(s.toStdString()).ids; };
  // the decoder starts from the model's bos_id (<bos>, or Marian's decoder_start_token_id); GPT-2's prompt is the
  // text alone (its <|endoftext|> when empty)
  if (c.has_source() || tok.prompt_starts_with_bos()) e.x = {c.bos_id};
  if (c.has_source()) {
    e.z = ids(input);
    for (int t : tok.encode_target(target.toStdString()).ids) e.x.push_back(t);
  } else {
    for (int t : ids(input)) e.x.push_back(t);
  }
  if (e.x.empty() || e.x.front() < 0) e.x = {std::max(0, c.bos_id)};
  if (int(e.x.size()) > c.max_len) e.x.resize(size_t(c.max_len));
  if (int(e.z.size()) > c.max_len) e.z.resize(size_t(c.max_len));
  if (auto err = gb::check_example(c, e)) {
    mStepper.reset();
    emit changed();
    return errorText(*err);
  }
  // what the listing holds once stepped to its end (every line's value, the attention's maps): planned against
  // the settings' cap and what the machine has; refused, the listing shown stays
  if (const QString why = MemoryLimit::traceProblem(gb::trace_memory(c, e)); !why.isEmpty()) return why;
  mStepper = std::make_unique<gb::Stepper>(c, p, e);
  mSource.clear();
  mTarget.clear();
  for (int t : e.z) mSource << QString::fromStdString(tok.display(t));
  for (int t : e.x) mTarget << QString::fromStdString(tok.display(t));
  emit changed();
  return {};
}

bool AlgorithmController::next() {
  interrupt();
  if (!mStepper) return false;
  const bool ok = mStepper->next();
  emit changed();
  return ok;
}

bool AlgorithmController::back() {
  interrupt();
  if (!mStepper) return false;
  const bool ok = mStepper->back();
  emit changed();
  return ok;
}

void AlgorithmController::runToLine(int line) {
  interrupt();
  if (!mStepper) return;
  // as Stepper::run_to_line: already there, run it and go on to its next occurrence
  mGoal = line;
  if (!mStepper->at_end() && mStepper->next_line() == line) mStepper->next();
  slice(++mRun);
}

void AlgorithmController::runToEnd() {
  interrupt();
  if (!mStepper) return;
  mGoal = -1;
  slice(++mRun);
}

bool AlgorithmController::arrived() const {
  return mStepper->at_end() || (mGoal >= 0 && mStepper->next_line() == mGoal);
}

void AlgorithmController::slice(int run) {
  if (run != mRun || !mStepper) return;
  if (arrived()) {  // (a run to where it is: nothing to run)
    setRunning(false);
    emit changed();
    return;
  }
  QElapsedTimer clock;
  clock.start();
  do {
    mStepper->next();  // at least one line a turn
  } while (!arrived() && clock.elapsed() < mSliceMs);
  if (arrived()) {
    setRunning(false);
    emit changed();
    return;
  }
  setRunning(true);
  emit progress(int(mStepper->position()), int(mStepper->program_size()));
  QTimer::singleShot(0, this, [this, run] { slice(run); });
}

void AlgorithmController::cancel() {
  if (!mRunning) return;
  ++mRun;
  setRunning(false);
  emit changed();  // where it stopped
}

void AlgorithmController::interrupt() {
  ++mRun;
  setRunning(false);
}

void AlgorithmController::setRunning(bool r) {
  if (r == mRunning) return;
  mRunning = r;
  emit runningChanged(r);
}

void AlgorithmController::reset() {
  interrupt();
  if (!mStepper) return;
  mStepper->reset();
  emit changed();
}

void AlgorithmController::stop() {
  interrupt();
  if (!mStepper) return;
  mStepper.reset();
  mSource.clear();
  mTarget.clear();
  emit changed();
}
