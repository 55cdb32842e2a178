#include "decodingcontroller.h"

#include "memorylimit.h"

#include "backgroundjob.h"
#include "errortext.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>
#include <QSaveFile>

#include <cmath>
#include <cstring>

namespace {
constexpr int kToEndLimit = 200;  // tokens To the end takes at most
}  // namespace

DecodingController::DecodingController(QObject* parent) : QObject(parent), mJob(new BackgroundJob(this)) {
  connect(mJob, &BackgroundJob::progress, this, &DecodingController::progress);
}

void DecodingController::setWork(Work w) {
  if (mWork == w) return;
  mWork = w;
  emit busyChanged(w);
}

void DecodingController::touch() {
  ++mRevision;
  if (mWork != Work::None) cancel();
}

void DecodingController::cancel() {
  if (mWork == Work::None) return;
  const Work was = mWork;
  mJob->cancel();  // returns at once; the worker stops at its next step and its result is dropped
  setWork(Work::None);
  if (was == Work::ToEnd) emit runFinished(0, tr("To the end was cancelled: the sequence is as it was."));
  else if (was == Work::Compare) emit compareFinished(tr("The comparison was cancelled: no branch was added."));
  else if (was == Work::GoTo) emit goToFinished(tr("Going to the branch was cancelled: the sequence is as it was."));
  else emit beamFinished(tr("The beam search was cancelled."));
  emit changed();
}

QString DecodingController::start(const gb::Config& c, const gb::Params<float>& p, const gb::Tokenizer& tok,
                                  const QString& input, bool pairs, quint64 seed) {
  return start(c, std::make_shared<const gb::Params<float>>(p), tok, input, pairs, seed);
}

QString DecodingController::start(const gb::Config& c, std::shared_ptr<const gb::Params<float>> p,
                                  const gb::Tokenizer& tok, const QString& input, bool pairs, quint64 seed) {
  if (!p) return tr("Build (and train) a model, then start decoding.");
  const std::string text = input.toStdString();
  std::vector<int> source, prefix;
  if (c.has_source()) {
    source = tok.encode(text).ids;
    // (the session starts the decoder from the model's bos_id: <bos>, or Marian's decoder_start_token_id)
  } else {
    // the tool's tokenizers' prompts start with <bos>; GPT-2's is the text alone (its <|endoftext|> when empty)
    if (tok.prompt_starts_with_bos() && c.bos_id >= 0) prefix = {c.bos_id};
    for (int t : tok.encode(pairs ? text + ">" : text).ids) prefix.push_back(t);
    if (prefix.empty() && c.bos_id >= 0) prefix = {c.bos_id};
  }
  // the new session's caches (ℓ_max columns a layer) against the settings' cap and what the machine has, before
  // they are made: refused, the session shown stays
  if (!c.has_source() || !source.empty())
    if (const QString why = MemoryLimit::decodingProblem(gb::decode_session_memory(c, int(source.size())));
        !why.isEmpty())
      return why;
  forget();
  mConfig = c;
  mParams = std::move(p);
  mTok = tok;
  mRng.reseed(seed);
  if (c.has_source() && source.empty()) {
    emit changed();  // the old session is gone: the views must say so
    return tr("Type a source sentence to translate (or pick one).");
  }
  auto s = gb::DecodeSession::create(mConfig, *mParams, source, prefix);
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
  return !mSession->steps().empty() && mSession->steps().back().choice.token == mConfig.eos_id;
}

QString DecodingController::step(int forced) {
  if (!mSession) return tr("Start decoding first.");
  if (finished()) return tr("Decoding has ended: <eos> was chosen, or x is ℓ_max tokens long.");
  touch();
  const QString err = takeStep(mSampler, forced, false);
  emit changed();
  return err;
}

QString DecodingController::takeStep(const gb::SamplerOptions& so, int forced, bool beam) {
  const gb::Rng before = mRng;
  auto r = mSession->step(so, mRng, forced);
  if (!r) return errorText(r.error());
  mStepSampler.push_back(so);
  mRngBefore.push_back(before);
  mTimeline.record(**r, forced >= 0, beam, so, before);
  return {};
}

std::vector<int> DecodingController::branchLeaves() const { return mTimeline.leaves(); }

QString DecodingController::branchText(int node) const {
  std::vector<int> ids;
  for (int k : mTimeline.path_to(node)) ids.push_back(mTimeline.nodes()[size_t(k)].token);
  if (!ids.empty() && ids.back() == mConfig.eos_id) ids.pop_back();
  return QString::fromStdString(mTok.decode(ids)).replace(QChar(0xFFFD), QStringLiteral("<unk>"));
}

QString DecodingController::branchHow(int node) const {
  if (node < 0 || size_t(node) >= mTimeline.nodes().size()) return {};
  const int forcedAt = mTimeline.forced_at(node);
  QStringList how;
  const int kinds = mTimeline.nodes()[size_t(node)].kinds;
  if (forcedAt > 0) how << tr("forced at step %1").arg(forcedAt);
  if (kinds & TimelineNode::Greedy) how << tr("greedy (τ = 0)");
  if (kinds & TimelineNode::Sampled) how << tr("sampled");
  if (kinds & TimelineNode::Beam) how << tr("beam search");
  return how.join(QLatin1Char('\n'));  // one way a line (the timeline's How column elided "forced at step 2, sam…")
}

bool DecodingController::rewindTo(int kept) {
  if (!mSession || kept < 0 || size_t(kept) >= mSession->steps().size() || mWork != Work::None) return false;
  touch();
  const int n = int(mSession->steps().size()) - kept;
  mSession->back(n);
  mRng = mRngBefore[size_t(kept)];  // the generator as it was before the first step taken back
  mStepSampler.resize(size_t(kept));
  mRngBefore.resize(size_t(kept));
  mTimeline.truncate(size_t(kept));
  emit changed();
  return true;
}

namespace {
// Going to a node of the timeline: the core's replay (gb::replay_steps) on the session itself when immediate, on a
// copy for the worker.
struct Replay {
  std::optional<gb::DecodeSession> copy;  // the worker's
  gb::DecodeSession* session = nullptr;   // the copy, or the controller's own session
  gb::ReplayResult result;
};
}  // namespace

QString DecodingController::goTo(int node) {
  if (!mSession) return tr("Start decoding first.");
  if (node < 0 || size_t(node) >= mTimeline.nodes().size()) return tr("That branch is not there any more.");
  if (mWork != Work::None) return tr("Wait for the decoding to finish, or cancel it.");
  const std::vector<int> path = mTimeline.path_to(node);
  const std::vector<int>& now = mTimeline.path();
  size_t common = 0;
  while (common < path.size() && common < now.size() && path[common] == now[common]) ++common;
  if (common >= path.size() && common == now.size()) return {};  // there already
  if (common > mRngBefore.size() || now.size() > mSession->steps().size())
    return tr("That branch is not there any more.");
  touch();
  std::vector<gb::ReplayNode> nodes;
  for (size_t i = common; i < path.size(); ++i) {
    const TimelineNode& n = mTimeline.nodes()[size_t(path[i])];
    nodes.push_back({n.token, n.forced, n.sampler, n.rng_before});
  }
  auto out = std::make_shared<Replay>();
  out->result.rng = common < mRngBefore.size() ? mRngBefore[common] : mRng;
  const int back = int(now.size() - common);
  const std::shared_ptr<const gb::Params<float>> params = mParams;
  const quint64 revision = mRevision;
  auto take = [this, out, params, revision, common, path]() -> QString {
    if (revision != mRevision || params != mParams) return {};  // a result for another session
    if (out->copy) mSession = std::make_unique<gb::DecodeSession>(std::move(*out->copy));
    const gb::ReplayResult& r = out->result;
    mStepSampler.resize(common);
    mRngBefore.resize(common);
    mTimeline.truncate(common);
    for (size_t i = 0; i < r.steps.size(); ++i) {
      const TimelineNode n = mTimeline.nodes()[size_t(path[common + i])];  // (a copy: record() writes the node again)
      mStepSampler.push_back(n.sampler);
      mRngBefore.push_back(r.rng_before[i]);
      mTimeline.record(r.steps[i], n.forced, n.beam, n.sampler, r.rng_before[i]);
    }
    mRng = r.rng;
    ++mRevision;
    const QString err = r.error ? errorText(*r.error)
                        : r.mismatch ? tr("That branch cannot be taken again with these parameters.")
                                     : QString();
    emit changed();
    return err;
  };
  // (the steps taken back cost nothing; the steps taken again as many as decoding them)
  const int from = int(mSession->tokens().size()) - back;
  const double cost = gb::decode_steps_cost(mConfig, from, int(nodes.size()), int(mSession->source().size()));
  if (cost <= mSyncBudget) {
    out->session = mSession.get();  // (in place: nothing copied)
  } else {
    out->copy = *mSession;  // the worker's own (x stays as it is until the result)
    out->session = &*out->copy;
  }
  auto error = std::make_shared<QString>();
  runNowOrOnWorker(
      cost, Work::GoTo, int(nodes.size()), 0,
      [out, back, nodes](const gb::DecodeProgress& progress) {
        return gb::replay_steps(*out->session, back, nodes, out->result, progress);
      },
      [this, take, error](bool atOnce) {
        *error = take();
        if (!atOnce) emit goToFinished(*error);
      });
  return *error;  // (empty while the worker replays)
}

namespace {
// Compare's three continuations, computed on copies of the session (on the worker when long): each run's new
// steps and the generator before each of them.
struct CompareRun {
  std::vector<gb::DecodeStep> steps;
  std::vector<gb::Rng> rngBefore;
  gb::SamplerOptions sampler;
  bool beam = false;
};
struct CompareOutcome {
  std::vector<CompareRun> runs;  // greedy, sampled, beam's best
  std::optional<gb::Error> error;
};

// The work of compare(): greedy and sampled decoding to the end from the generator as it is, and the beam
// search's best with its tokens forced. progress(done, total) over the three (false: cancelled).
CompareOutcome compareRuns(const gb::DecodeSession& start, const gb::SamplerOptions& keep, const gb::Rng& rng,
                           int width, double alpha, int room, const gb::DecodeProgress& progress) {
  CompareOutcome out;
  const int eos = start.config().eos_id;
  const size_t here = start.steps().size();
  const int total = 2 * kToEndLimit + room;
  int offset = 0;
  auto part = [&](int done, int) { return !progress || progress(offset + done, total); };
  gb::SamplerOptions greedy = keep;
  greedy.temperature = 0;
  for (const gb::SamplerOptions& so : {greedy, keep}) {
    gb::DecodeSession s = start;
    gb::Rng r = rng;
    auto run = gb::decode_to_end(s, so, r, kToEndLimit, eos, part);
    if (!run) {
      out.error = run.error();
      return out;
    }
    CompareRun c;
    c.steps.assign(s.steps().begin() + long(here), s.steps().end());
    c.rngBefore = run->rng_before;
    c.sampler = so;
    out.runs.push_back(std::move(c));
    offset += kToEndLimit;
  }
  auto best = gb::beam_search(start, width, std::max(1, room), eos, alpha, part);
  if (!best) {
    out.error = best.error();
    return out;
  }
  CompareRun c;
  c.sampler = keep;
  c.beam = true;
  gb::DecodeSession s = start;
  gb::Rng r = rng;  // (a forced token draws nothing)
  for (int t : best->tokens) {
    if (!s.can_step() || (!s.steps().empty() && s.steps().back().choice.token == eos)) break;
    const gb::Rng before = r;
    auto st = s.step(keep, r, t);
    if (!st) break;
    c.steps.push_back(**st);
    c.rngBefore.push_back(before);
  }
  out.runs.push_back(std::move(c));
  return out;
}
// A sum of estimates in doubles, clamped (each may be at the core's 9e18 ceiling: twice that wrapped negative)
qint64 saturatedBytes(double bytes) { return bytes >= 9.0e18 ? qint64(9.0e18) : qint64(std::max(0.0, bytes)); }

}  // namespace

QString DecodingController::compare(int width, double alpha) {
  if (!mSession) return tr("Start decoding first.");
  if (finished()) return tr("Decoding has ended: <eos> was chosen, or x is ℓ_max tokens long.");
  if (mWork != Work::None) return tr("Wait for the decoding to finish, or cancel it.");
  if (width < 1) return errorText(gb::Error(gb::ErrorCode::BeamWidth));
  // (no further than To the end goes: a model that never writes eos — an imported one with ℓ_max 1024 — would
  // otherwise search to ℓ_max)
  const int room = std::min(kToEndLimit, mConfig.max_len - int(mSession->tokens().size()));
  // two runs to the end and a beam search, each on its copy, and the timeline's copies of their steps
  const qint64 toEnd = gb::decode_to_end_memory(*mSession, room), none = gb::decode_to_end_memory(*mSession, 0);
  const qint64 need = saturatedBytes(2.0 * double(toEnd) + double(gb::beam_search_memory(*mSession, width, room)) +
                                     3.0 * double(toEnd - none));
  if (const QString memory = MemoryLimit::decodingProblem(need); !memory.isEmpty()) return memory;
  touch();
  auto out = std::make_shared<CompareOutcome>();
  const std::shared_ptr<const gb::Params<float>> params = mParams;
  const quint64 revision = mRevision;
  const gb::SamplerOptions keep = mSampler;
  const gb::Rng rng = mRng;
  auto take = [this, out, params, revision] {
    if (revision != mRevision || params != mParams) return;  // a result for another session
    if (out->error) {
      emit compareFinished(errorText(*out->error));
      return;
    }
    // each run a branch of the timeline from here; x (and the session) stay as they are
    const size_t here = mTimeline.path().size();
    for (const CompareRun& run : out->runs) {
      mTimeline.truncate(here);
      for (size_t i = 0; i < run.steps.size(); ++i)
        mTimeline.record(run.steps[i], run.beam, run.beam, run.sampler, run.rngBefore[i]);
    }
    mTimeline.truncate(here);
    emit changed();
    emit compareFinished(QString());
  };
  const double cost = 2 * gb::decode_to_end_cost(*mSession, kToEndLimit) +
                      gb::beam_search_cost(*mSession, width, std::max(1, room));
  // each run on its own copy; the worker's start is its own too (the GUI may start another session meanwhile)
  auto start = std::make_shared<const gb::DecodeSession>(*mSession);
  runNowOrOnWorker(
      cost, Work::Compare, 2 * kToEndLimit + room, need,
      [out, start, keep, rng, width, alpha, room](const gb::DecodeProgress& progress) {
        *out = compareRuns(*start, keep, rng, width, alpha, room, progress);
        return true;
      },
      [take](bool) { take(); });
  return {};
}

namespace {
// To the end on a copy of the session: the original stays as it was until the result is taken.
struct ToEndOutcome {
  std::optional<gb::DecodeSession> session;
  gb::Rng rng;
  std::optional<gb::Result<gb::DecodeRun>> run;
};
}  // namespace

int DecodingController::runToEnd() {
  if (!mSession || finished()) {
    emit changed();
    return 0;
  }
  // the copy it grows, and the timeline's copies of the new steps
  const qint64 need = saturatedBytes(2.0 * double(gb::decode_to_end_memory(*mSession, kToEndLimit)) -
                                     double(gb::decode_to_end_memory(*mSession, 0)));
  if (const QString memory = MemoryLimit::decodingProblem(need); !memory.isEmpty()) {
    emit changed();
    emit runFinished(0, memory);
    return 0;
  }
  touch();
  auto out = std::make_shared<ToEndOutcome>();
  out->session = *mSession;  // points to *mParams, which the worker holds too
  out->rng = mRng;
  const gb::SamplerOptions sampler = mSampler;
  const std::shared_ptr<const gb::Params<float>> params = mParams;
  const quint64 revision = mRevision;
  auto take = [this, out, sampler, params, revision]() -> int {
    if (revision != mRevision || !out->run || params != mParams) return 0;  // a result for another session
    if (!*out->run) {
      emit changed();
      emit runFinished(0, errorText(out->run->error()));
      return 0;
    }
    const gb::DecodeRun& run = **out->run;
    mSession = std::make_unique<gb::DecodeSession>(std::move(*out->session));
    mRng = out->rng;
    // the session now has the run's steps: the path goes through them (one by one, as record() reads the last)
    // (read in place: a copy of every step of a long session over a large |V| went above the run's estimate)
    const std::vector<gb::DecodeStep>& all = mSession->steps();
    const size_t first = all.size() - run.rng_before.size();
    for (size_t i = 0; i < run.rng_before.size(); ++i) {
      mStepSampler.push_back(sampler);
      mRngBefore.push_back(run.rng_before[i]);
      mTimeline.record(all[first + i], false, false, sampler, run.rng_before[i]);
    }
    ++mRevision;
    emit changed();
    emit runFinished(run.steps, QString());
    return run.steps;
  };
  auto steps = std::make_shared<int>(0);
  runNowOrOnWorker(
      gb::decode_to_end_cost(*mSession, kToEndLimit), Work::ToEnd, kToEndLimit, need,
      [out, sampler](const gb::DecodeProgress& progress) {
        out->run = gb::decode_to_end(*out->session, sampler, out->rng, kToEndLimit,
                                     out->session->config().eos_id, progress);
        return true;
      },
      [take, steps](bool) { *steps = take(); });
  return *steps;  // (0 while the worker decodes)
}

bool DecodingController::back() {
  if (!mSession || mSession->steps().empty()) return false;
  touch();
  const bool ok = mSession->back(1);
  if (ok && !mTimeline.path().empty()) mTimeline.truncate(mTimeline.path().size() - 1);  // the node stays
  if (ok && !mStepSampler.empty()) mStepSampler.pop_back();
  if (ok && !mRngBefore.empty()) {  // the generator as it was before that draw: Next draws the same number again
    mRng = mRngBefore.back();
    mRngBefore.pop_back();
  }
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

QString DecodingController::beam(int width, double alpha) {
  if (!mSession) return tr("Start decoding first.");
  const int room = std::min(kToEndLimit, mConfig.max_len - int(mSession->tokens().size()));  // (as compare())
  // (after <eos> too: the tree grew on from a finished sequence)
  if (room <= 0 || finished()) return tr("Decoding has ended: <eos> was chosen, or x is ℓ_max tokens long.");
  if (width < 1) return errorText(gb::Error(gb::ErrorCode::BeamWidth));
  const qint64 need = gb::beam_search_memory(*mSession, width, room);
  if (const QString memory = MemoryLimit::decodingProblem(need); !memory.isEmpty()) return memory;
  touch();  // another beam search that was still running is cancelled
  struct Outcome {
    std::optional<gb::Result<gb::BeamResult>> result;
  };
  auto out = std::make_shared<Outcome>();
  auto start = std::make_shared<const gb::DecodeSession>(*mSession);
  const std::shared_ptr<const gb::Params<float>> params = mParams;
  const quint64 revision = mRevision;
  auto take = [this, out, params, revision, width, alpha] {
    if (revision != mRevision || !out->result || params != mParams) return;  // a result for another session
    if (!*out->result) {
      mBeam.reset();
      emit beamFinished(errorText(out->result->error()));
      return;
    }
    mBeam = std::move(**out->result);
    mBeamWidth = width;
    mBeamAlpha = alpha;
    emit beamFinished(QString());
  };
  runNowOrOnWorker(
      gb::beam_search_cost(*mSession, width, room), Work::Beam, room, need,
      [out, start, width, alpha, room](const gb::DecodeProgress& progress) {
        out->result = gb::beam_search(*start, width, room, start->config().eos_id, alpha, progress);
        return true;
      },
      [take](bool) { take(); });
  return {};
}

bool DecodingController::runNowOrOnWorker(double cost, Work kind, int total, qint64 bytes,
                                          std::function<bool(const gb::DecodeProgress&)> work,
                                          std::function<void(bool atOnce)> take) {
  if (cost <= mSyncBudget) {  // immediate: here, with no progress to report
    work({});
    take(true);
    return true;
  }
  setWork(kind);
  emit progress(0, total);
  // its memory counted against the cap from here (the check just made) until the worker's function is gone
  MemoryLimit::Reservation held = MemoryLimit::reserve(bytes);
  mJob->run([this, work = std::move(work), take = std::move(take),
             held = std::move(held)](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    if (!work([&ctx](int done, int limit) { return ctx.progress(done, limit); })) return {};  // cancelled
    return [this, take] {
      setWork(Work::None);
      take(false);
    };
  });
  emit changed();
  return false;
}

bool DecodingController::decodesWith(const gb::Config& c, const gb::Params<float>& p) const {
  if (!mSession || c.variant != mConfig.variant) return false;
  auto mine = gb::tensor_list(mConfig, const_cast<gb::Params<float>&>(*mParams));
  auto theirs = gb::tensor_list(c, const_cast<gb::Params<float>&>(p));  // read only
  if (mine.size() != theirs.size()) return false;
  for (size_t i = 0; i < mine.size(); ++i)
    if (mine[i].size() != theirs[i].size() ||
        std::memcmp(mine[i].data, theirs[i].data, size_t(mine[i].size()) * sizeof(float)) != 0)
      return false;
  return true;
}

void DecodingController::forget() {
  touch();
  mSession.reset();
  mBeam.reset();
  mStepSampler.clear();
  mRngBefore.clear();
  mTimeline.clear();
}

void DecodingController::stop() {
  if (!mSession) return;
  forget();
  emit changed();
}

std::vector<DecodingController::HistoryRow> DecodingController::history() const {
  if (!mSession) return {};
  return gb::decode_history(*mSession, mTok, mStepSampler, mSampler);
}

QByteArray DecodingController::historyCsv() const {
  return QByteArray::fromStdString(gb::decode_history_csv(history()));
}

QByteArray DecodingController::historyJson() const {
  if (!mSession) return QByteArray("{\n    \"steps\": []\n}\n");
  return QByteArray::fromStdString(gb::decode_history_json(*mSession, mTok, history(), generatedText().toStdString()));
}

QString DecodingController::saveHistory(const QString& path) const {
  const QString shown = QDir::toNativeSeparators(path);
  const QString suffix = QFileInfo(path).suffix().toLower();
  if (suffix != QLatin1String("csv") && suffix != QLatin1String("json"))
    return tr("Could not write %1: %2.").arg(shown, tr("the name must end in .csv or .json"));
  if (!mSession || mSession->steps().empty())
    return tr("There is no decoding history to save: decode a token or more first.");
  QSaveFile f(path);
  auto reason = [&f] { return QCoreApplication::translate("SystemError", f.errorString().toUtf8().constData()); };
  if (!f.open(QIODevice::WriteOnly)) return tr("Could not write %1: %2.").arg(shown, reason());
  const QByteArray data = suffix == QLatin1String("csv") ? historyCsv() : historyJson();
  if (f.write(data) != data.size() || !f.commit()) return tr("Could not write %1: %2.").arg(shown, reason());
  return {};
}
