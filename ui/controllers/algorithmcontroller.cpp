#include "algorithmcontroller.h"

#include "errortext.h"

AlgorithmController::AlgorithmController(QObject* parent) : QObject(parent) {}

QString AlgorithmController::start(const gb::Config& c, const gb::Params<float>& p, const gb::Tokenizer& tok,
                                   const QString& input, const QString& target) {
  gb::Example e;
  const auto ids = [&](const QString& s) { return tok.encode(s.toStdString()).ids; };
  e.x = {gb::Tokenizer::kBos};
  if (c.is_ed()) {
    e.z = ids(input);
    for (int t : ids(target)) e.x.push_back(t);
  } else {
    for (int t : ids(input)) e.x.push_back(t);
  }
  if (int(e.x.size()) > c.max_len) e.x.resize(size_t(c.max_len));
  if (int(e.z.size()) > c.max_len) e.z.resize(size_t(c.max_len));
  if (auto err = gb::check_example(c, e)) {
    mStepper.reset();
    emit changed();
    return errorText(*err);
  }
  mStepper = std::make_unique<gb::Stepper>(c, p, e);
  mSource.clear();
  mTarget.clear();
  for (int t : e.z) mSource << QString::fromStdString(tok.display(t));
  for (int t : e.x) mTarget << QString::fromStdString(tok.display(t));
  emit changed();
  return {};
}

bool AlgorithmController::next() {
  if (!mStepper) return false;
  const bool ok = mStepper->next();
  emit changed();
  return ok;
}

bool AlgorithmController::back() {
  if (!mStepper) return false;
  const bool ok = mStepper->back();
  emit changed();
  return ok;
}

void AlgorithmController::runToLine(int line) {
  if (!mStepper) return;
  mStepper->run_to_line(line);
  emit changed();
}

void AlgorithmController::runToEnd() {
  if (!mStepper) return;
  mStepper->run_to_end();
  emit changed();
}

void AlgorithmController::reset() {
  if (!mStepper) return;
  mStepper->reset();
  emit changed();
}

void AlgorithmController::stop() {
  if (!mStepper) return;
  mStepper.reset();
  mSource.clear();
  mTarget.clear();
  emit changed();
}
