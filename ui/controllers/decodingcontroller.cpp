#include "decodingcontroller.h"

#include "errortext.h"

DecodingController::DecodingController(QObject* parent) : QObject(parent) {}

QString DecodingController::start(const gb::Config& c, const gb::Params<float>& p, const gb::Tokenizer& tok,
                                  const QString& input, bool pairs, quint64 seed) {
  mSession.reset();
  mConfig = c;
  mParams = p;
  mTok = tok;
  mRng.reseed(seed);
  const std::string text = input.toStdString();
  std::vector<int> source, prefix;
  if (c.is_ed()) {
    source = tok.encode(text).ids;
    if (source.empty()) {
      emit changed();  // the old session is gone: the views must say so
      return tr("Type a source sentence to translate (or pick one).");
    }
    prefix = {gb::Tokenizer::kBos};
  } else {
    prefix = {gb::Tokenizer::kBos};
    for (int t : tok.encode(pairs ? text + ">" : text).ids) prefix.push_back(t);
  }
  auto s = gb::DecodeSession::create(mConfig, mParams, source, prefix);
  if (!s) {
    emit changed();
    return errorText(s.error());
  }
  mSession = std::make_unique<gb::DecodeSession>(std::move(*s));
  emit changed();
  return {};
}

void DecodingController::setSampler(const gb::SamplerOptions& o) {
  mSampler = o;
  emit changed();
}

const std::vector<double>& DecodingController::nextLogp() const {
  static const std::vector<double> none;
  return mSession ? mSession->next_logp() : none;
}

gb::Choice DecodingController::preview() const {
  if (!mSession) return {};
  return gb::sampling_distribution(mSession->next_logp(), mSampler);  // exactly what step() draws from
}

bool DecodingController::finished() const {
  if (!mSession) return true;
  if (!mSession->can_step()) return true;
  return !mSession->steps().empty() && mSession->steps().back().choice.token == gb::Tokenizer::kEos;
}

QString DecodingController::step() {
  if (!mSession) return tr("Start decoding first.");
  if (finished()) return tr("Decoding has ended: <eos> was chosen, or x is ℓ_max tokens long.");
  auto r = mSession->step(mSampler, mRng);
  emit changed();
  if (!r) return errorText(r.error());
  return {};
}

int DecodingController::runToEnd() {
  int n = 0;
  while (mSession && !finished() && n < 200) {
    if (!mSession->step(mSampler, mRng)) break;
    ++n;
  }
  emit changed();
  return n;
}

bool DecodingController::back() {
  if (!mSession || mSession->steps().empty()) return false;
  const bool ok = mSession->back(1);
  emit changed();
  return ok;
}

QString DecodingController::display(int token) const { return QString::fromStdString(mTok.display(token)); }

QStringList DecodingController::generatedTokens() const {
  QStringList out;
  if (!mSession) return out;
  for (int t : mSession->tokens()) out << display(t);
  return out;
}

QString DecodingController::generatedText() const {
  if (!mSession) return {};
  const auto& x = mSession->tokens();
  std::vector<int> fresh(x.begin() + long(mSession->prefix_length()), x.end());
  return QString::fromStdString(mTok.decode(fresh));
}

std::optional<gb::BeamResult> DecodingController::beam(int width, QString* error) const {
  if (!mSession) {
    if (error) *error = tr("Start decoding first.");
    return std::nullopt;
  }
  const int room = mConfig.max_len - int(mSession->tokens().size());
  if (room <= 0) {
    if (error) *error = tr("Decoding has ended: <eos> was chosen, or x is ℓ_max tokens long.");
    return std::nullopt;
  }
  auto r = gb::beam_search(*mSession, width, room, gb::Tokenizer::kEos);
  if (!r) {
    if (error) *error = errorText(r.error());
    return std::nullopt;
  }
  return std::move(*r);
}

void DecodingController::stop() {
  if (!mSession) return;
  mSession.reset();
  emit changed();
}
