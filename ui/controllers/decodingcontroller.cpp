#include "decodingcontroller.h"

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
  touch();
  mSession.reset();
  mBeam.reset();
  mStepSampler.clear();
  mRngBefore.clear();
  mTimeline.clear();
  mPath.clear();
  mConfig = c;
  mParams = std::move(p);
  mTok = tok;
  mRng.reseed(seed);
  const std::string text = input.toStdString();
  std::vector<int> source, prefix;
  if (c.has_source()) {
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
  return !mSession->steps().empty() && mSession->steps().back().choice.token == gb::Tokenizer::kEos;
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
  record(**r, forced >= 0, beam, so, before);
  return {};
}

void DecodingController::record(const gb::DecodeStep& st, bool forced, bool beam, const gb::SamplerOptions& so,
                                const gb::Rng& before) {
  const int parent = mPath.empty() ? -1 : mPath.back();
  const double sum = (parent < 0 ? 0.0 : mTimeline[size_t(parent)].sumLogp) + std::log(st.p_chosen);
  int node = -1;
  for (size_t i = 0; i < mTimeline.size() && node < 0; ++i)
    if (mTimeline[i].parent == parent && mTimeline[i].token == st.choice.token) node = int(i);
  const int kind = beam ? TimelineNode::Beam : forced ? 0 : so.temperature == 0 ? TimelineNode::Greedy : TimelineNode::Sampled;
  if (node < 0) {
    mTimeline.emplace_back();
    node = int(mTimeline.size()) - 1;
    TimelineNode& n = mTimeline[size_t(node)];
    n.parent = parent;
    n.depth = int(mPath.size()) + 1;
    n.token = st.choice.token;
    n.forced = forced;
    n.beam = beam;
    n.sampler = so;  // how it was first taken: going there takes it so again (its records as they were then)
    n.rngBefore = before;
    n.p = st.p_chosen;
    n.sumLogp = sum;
  }
  mTimeline[size_t(node)].kinds |= kind;  // taken here again (perhaps another way): that way is noted too
  mPath.push_back(node);
}

std::vector<int> DecodingController::branchLeaves() const {
  std::vector<bool> parent(mTimeline.size(), false);
  for (const TimelineNode& n : mTimeline)
    if (n.parent >= 0) parent[size_t(n.parent)] = true;
  std::vector<int> out;
  for (size_t i = 0; i < mTimeline.size(); ++i)
    if (!parent[i]) out.push_back(int(i));
  return out;
}

QString DecodingController::branchText(int node) const {
  std::vector<int> ids;
  for (int k = node; k >= 0 && size_t(k) < mTimeline.size(); k = mTimeline[size_t(k)].parent)
    ids.insert(ids.begin(), mTimeline[size_t(k)].token);
  if (!ids.empty() && ids.back() == gb::Tokenizer::kEos) ids.pop_back();
  return QString::fromStdString(mTok.decode(ids)).replace(QChar(0xFFFD), QStringLiteral("<unk>"));
}

QString DecodingController::branchHow(int node) const {
  if (node < 0 || size_t(node) >= mTimeline.size()) return {};
  int forcedAt = 0;
  for (int k = node; k >= 0; k = mTimeline[size_t(k)].parent)
    if (mTimeline[size_t(k)].forced && !mTimeline[size_t(k)].beam) forcedAt = mTimeline[size_t(k)].depth;
  QStringList how;
  const int kinds = mTimeline[size_t(node)].kinds;
  if (forcedAt > 0) how << tr("forced at step %1").arg(forcedAt);
  if (kinds & TimelineNode::Greedy) how << tr("greedy (τ = 0)");
  if (kinds & TimelineNode::Sampled) how << tr("sampled");
  if (kinds & TimelineNode::Beam) how << tr("beam search");
  return how.join(QStringLiteral(", "));
}

bool DecodingController::rewindTo(int kept) {
  if (!mSession || kept < 0 || size_t(kept) >= mSession->steps().size() || mWork != Work::None) return false;
  touch();
  const int n = int(mSession->steps().size()) - kept;
  mSession->back(n);
  mRng = mRngBefore[size_t(kept)];  // the generator as it was before the first step taken back
  mStepSampler.resize(size_t(kept));
  mRngBefore.resize(size_t(kept));
  mPath.resize(size_t(kept));
  emit changed();
  return true;
}

namespace {
// Going to a node of the timeline: back to the part shared with x, then the node's steps again, each with its
// settings and generator — on the session itself when immediate, on a copy for the worker. On a token other than
// the node's (other parameters) it stops there: the steps up to it are kept.
struct Replay {
  std::optional<gb::DecodeSession> copy;  // the worker's
  gb::DecodeSession* session = nullptr;   // the copy, or the controller's own session
  std::vector<gb::DecodeStep> steps;
  std::vector<gb::Rng> rngBefore;
  gb::Rng rng;
  bool mismatch = false;
  std::optional<gb::Error> error;
};
struct ReplayNode {
  int token;
  bool forced;
  gb::SamplerOptions sampler;
  gb::Rng rngBefore;
};
bool replay(Replay& r, int back, const std::vector<ReplayNode>& nodes, const gb::DecodeProgress& progress) {
  r.session->back(back);
  for (size_t i = 0; i < nodes.size(); ++i) {
    if (progress && !progress(int(i), int(nodes.size()))) return false;
    const ReplayNode& n = nodes[i];
    r.rng = n.rngBefore;  // the same generator and settings draw the same token (not with other parameters)
    auto st = r.session->step(n.sampler, r.rng, n.forced ? n.token : -1);
    if (!st) {
      r.error = st.error();
      return true;
    }
    if ((*st)->choice.token != n.token) {
      r.session->back(1);
      r.rng = n.rngBefore;
      r.mismatch = true;
      return true;
    }
    r.steps.push_back(**st);
    r.rngBefore.push_back(n.rngBefore);
  }
  return true;
}
}  // namespace

QString DecodingController::goTo(int node) {
  if (!mSession) return tr("Start decoding first.");
  if (node < 0 || size_t(node) >= mTimeline.size()) return tr("That branch is not there any more.");
  if (mWork != Work::None) return tr("Wait for the decoding to finish, or cancel it.");
  std::vector<int> path;
  for (int k = node; k >= 0; k = mTimeline[size_t(k)].parent) path.insert(path.begin(), k);
  size_t common = 0;
  while (common < path.size() && common < mPath.size() && path[common] == mPath[common]) ++common;
  if (common >= path.size() && common == mPath.size()) return {};  // there already
  if (common > mRngBefore.size() || mPath.size() > mSession->steps().size())
    return tr("That branch is not there any more.");
  touch();
  std::vector<ReplayNode> nodes;
  for (size_t i = common; i < path.size(); ++i) {
    const TimelineNode& n = mTimeline[size_t(path[i])];
    nodes.push_back({n.token, n.forced, n.sampler, n.rngBefore});
  }
  auto out = std::make_shared<Replay>();
  out->rng = common < mRngBefore.size() ? mRngBefore[common] : mRng;
  const int back = int(mPath.size() - common);
  const std::shared_ptr<const gb::Params<float>> params = mParams;
  const quint64 revision = mRevision;
  auto take = [this, out, params, revision, common, path]() -> QString {
    if (revision != mRevision || params != mParams) return {};  // a result for another session
    if (out->copy) mSession = std::make_unique<gb::DecodeSession>(std::move(*out->copy));
    mStepSampler.resize(common);
    mRngBefore.resize(common);
    mPath.resize(common);
    for (size_t i = 0; i < out->steps.size(); ++i) {
      const TimelineNode n = mTimeline[size_t(path[common + i])];  // (a copy: record() writes the node again)
      mStepSampler.push_back(n.sampler);
      mRngBefore.push_back(out->rngBefore[i]);
      record(out->steps[i], n.forced, n.beam, n.sampler, out->rngBefore[i]);
    }
    mRng = out->rng;
    ++mRevision;
    const QString err = out->error ? errorText(*out->error)
                        : out->mismatch ? tr("That branch cannot be taken again with these parameters.")
                                        : QString();
    emit changed();
    return err;
  };
  // (the steps taken back cost nothing; the steps taken again as many as decoding them)
  const int from = int(mSession->tokens().size()) - back;
  if (gb::decode_steps_cost(mConfig, from, int(nodes.size()), int(mSession->source().size())) <= mSyncBudget) {
    out->session = mSession.get();  // (in place: nothing copied)
    replay(*out, back, nodes, {});
    return take();
  }
  out->copy = *mSession;  // the worker's own (x stays as it is until the result)
  out->session = &*out->copy;
  setWork(Work::GoTo);
  emit progress(0, int(nodes.size()));
  mJob->run([this, out, back, nodes, params, take](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    if (!replay(*out, back, nodes, [&ctx](int done, int total) { return ctx.progress(done, total); })) return {};
    return [this, take] {
      setWork(Work::None);
      emit goToFinished(take());
    };
  });
  emit changed();
  return {};
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
  const size_t here = start.steps().size();
  const int total = 2 * kToEndLimit + room;
  int offset = 0;
  auto part = [&](int done, int) { return !progress || progress(offset + done, total); };
  gb::SamplerOptions greedy = keep;
  greedy.temperature = 0;
  for (const gb::SamplerOptions& so : {greedy, keep}) {
    gb::DecodeSession s = start;
    gb::Rng r = rng;
    auto run = gb::decode_to_end(s, so, r, kToEndLimit, gb::Tokenizer::kEos, part);
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
  auto best = gb::beam_search(start, width, std::max(1, room), gb::Tokenizer::kEos, alpha, part);
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
    if (!s.can_step() || (!s.steps().empty() && s.steps().back().choice.token == gb::Tokenizer::kEos)) break;
    const gb::Rng before = r;
    auto st = s.step(keep, r, t);
    if (!st) break;
    c.steps.push_back(**st);
    c.rngBefore.push_back(before);
  }
  out.runs.push_back(std::move(c));
  return out;
}
}  // namespace

QString DecodingController::compare(int width, double alpha) {
  if (!mSession) return tr("Start decoding first.");
  if (finished()) return tr("Decoding has ended: <eos> was chosen, or x is ℓ_max tokens long.");
  if (mWork != Work::None) return tr("Wait for the decoding to finish, or cancel it.");
  if (width < 1) return errorText(gb::Error(gb::ErrorCode::BeamWidth));
  const int room = mConfig.max_len - int(mSession->tokens().size());
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
    const std::vector<int> back = mPath;
    for (const CompareRun& run : out->runs) {
      mPath = back;
      for (size_t i = 0; i < run.steps.size(); ++i)
        record(run.steps[i], run.beam, run.beam, run.sampler, run.rngBefore[i]);
    }
    mPath = back;
    emit changed();
    emit compareFinished(QString());
  };
  const double cost = 2 * gb::decode_to_end_cost(*mSession, kToEndLimit) +
                      gb::beam_search_cost(*mSession, width, std::max(1, room));
  if (cost <= mSyncBudget) {  // immediate
    *out = compareRuns(*mSession, keep, rng, width, alpha, room, {});  // (each run on its own copy)
    take();
    return {};
  }
  auto start = std::make_shared<const gb::DecodeSession>(*mSession);  // the worker's (the GUI may start another)
  setWork(Work::Compare);
  emit progress(0, 2 * kToEndLimit + room);
  mJob->run([this, out, start, params, keep, rng, width, alpha, room, take](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    *out = compareRuns(*start, keep, rng, width, alpha, room,
                       [&ctx](int done, int total) { return ctx.progress(done, total); });
    return [this, take] {
      setWork(Work::None);
      take();
    };
  });
  emit changed();
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
    const std::vector<gb::DecodeStep> all = mSession->steps();
    const size_t first = all.size() - run.rng_before.size();
    for (size_t i = 0; i < run.rng_before.size(); ++i) {
      mStepSampler.push_back(sampler);
      mRngBefore.push_back(run.rng_before[i]);
      record(all[first + i], false, false, sampler, run.rng_before[i]);
    }
    ++mRevision;
    emit changed();
    emit runFinished(run.steps, QString());
    return run.steps;
  };
  if (gb::decode_to_end_cost(*mSession, kToEndLimit) <= mSyncBudget) {  // immediate
    out->run = gb::decode_to_end(*out->session, sampler, out->rng, kToEndLimit, gb::Tokenizer::kEos);
    return take();
  }
  setWork(Work::ToEnd);
  emit progress(0, kToEndLimit);
  mJob->run([this, out, sampler, params, take](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    out->run = gb::decode_to_end(*out->session, sampler, out->rng, kToEndLimit, gb::Tokenizer::kEos,
                                 [&ctx](int done, int limit) { return ctx.progress(done, limit); });
    return [this, take] {
      setWork(Work::None);
      take();
    };
  });
  emit changed();
  return 0;
}

bool DecodingController::back() {
  if (!mSession || mSession->steps().empty()) return false;
  touch();
  const bool ok = mSession->back(1);
  if (ok && !mPath.empty()) mPath.pop_back();  // the node stays in the timeline
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
  const int room = mConfig.max_len - int(mSession->tokens().size());
  if (room <= 0) return tr("Decoding has ended: <eos> was chosen, or x is ℓ_max tokens long.");
  if (width < 1) return errorText(gb::Error(gb::ErrorCode::BeamWidth));
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
  if (gb::beam_search_cost(*mSession, width, room) <= mSyncBudget) {  // immediate
    out->result = gb::beam_search(*start, width, room, gb::Tokenizer::kEos, alpha);
    take();
    return {};
  }
  setWork(Work::Beam);
  emit progress(0, room);
  mJob->run([this, out, start, params, width, alpha, room, take](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    out->result = gb::beam_search(*start, width, room, gb::Tokenizer::kEos, alpha,
                                  [&ctx](int done, int limit) { return ctx.progress(done, limit); });
    return [this, take] {
      setWork(Work::None);
      take();
    };
  });
  emit changed();
  return {};
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

void DecodingController::stop() {
  if (!mSession) return;
  touch();
  mSession.reset();
  mBeam.reset();
  mStepSampler.clear();
  mRngBefore.clear();
  mTimeline.clear();
  mPath.clear();
  emit changed();
}

std::vector<DecodingController::HistoryRow> DecodingController::history() const {
  std::vector<HistoryRow> rows;
  if (!mSession) return rows;
  const auto& steps = mSession->steps();
  double sum = 0;
  for (size_t i = 0; i < steps.size(); ++i) {
    const gb::DecodeStep& st = steps[i];
    HistoryRow r;
    r.step = int(i) + 1;
    r.position = st.position;
    r.token = st.choice.token;
    r.text = QString::fromStdString(mTok.token(r.token));
    r.p = st.p_chosen;
    r.logp = st.logp[size_t(r.token)];
    r.q = st.q_chosen;
    r.how = QString::fromLatin1(gb::choice_name(st.choice.how));
    r.random = st.choice.random;
    r.sampler = i < mStepSampler.size() ? mStepSampler[i] : mSampler;
    r.entropyP = st.choice.entropy_p;
    r.entropyQ = st.choice.entropy_q;
    sum += r.logp;
    r.sumLogp = sum;
    rows.push_back(r);
  }
  return rows;
}

namespace {
// A number as C writes it, as short as reads back exactly; "inf" for τ = ∞, nothing for "none" (NaN).
QString csvNumber(double v) {
  if (std::isnan(v)) return {};
  if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return QString::number(v, 'g', QLocale::FloatingPointShortest);
}

// RFC 4180: a field with a comma, a quote, a line break or outer spaces goes in quotes, its quotes doubled.
QString csvField(const QString& s) {
  const bool quote = s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')) || s.contains(QLatin1Char('\n')) ||
                     s.contains(QLatin1Char('\r')) || (!s.isEmpty() && (s.front().isSpace() || s.back().isSpace()));
  if (!quote) return s;
  QString q = s;
  q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
  return QLatin1Char('"') + q + QLatin1Char('"');
}

QJsonValue jsonNumber(double v) {
  if (std::isnan(v)) return QJsonValue::Null;
  if (std::isinf(v)) return v > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
  return v;
}
}  // namespace

QByteArray DecodingController::historyCsv() const {
  QString out = QStringLiteral(
      "step,position,token_id,token,p,log_p,q,how,random,temperature,top_k,top_p,entropy_p,entropy_q,sum_log_p\n");
  for (const HistoryRow& r : history()) {
    const QStringList fields = {QString::number(r.step),       QString::number(r.position),
                                QString::number(r.token),      csvField(r.text),
                                csvNumber(r.p),                csvNumber(r.logp),
                                csvNumber(r.q),                r.how,
                                csvNumber(r.random),           csvNumber(r.sampler.temperature),
                                QString::number(r.sampler.top_k), csvNumber(r.sampler.top_p),
                                csvNumber(r.entropyP),         csvNumber(r.entropyQ),
                                csvNumber(r.sumLogp)};
    out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
  }
  return out.toUtf8();
}

QByteArray DecodingController::historyJson() const {
  auto tokens = [this](auto begin, auto end) {
    QJsonArray a;
    for (auto it = begin; it != end; ++it)
      a.append(QJsonObject{{QStringLiteral("id"), *it}, {QStringLiteral("token"), QString::fromStdString(mTok.token(*it))}});
    return a;
  };
  QJsonObject root;
  if (mSession) {
    const auto& x = mSession->tokens();
    const auto& z = mSession->source();
    root[QStringLiteral("variant")] = QString::fromLatin1(gb::variant_name(mConfig.variant));
    root[QStringLiteral("source")] = tokens(z.begin(), z.end());
    root[QStringLiteral("prefix")] = tokens(x.begin(), x.begin() + long(mSession->prefix_length()));
    root[QStringLiteral("text")] = generatedText();
  }
  QJsonArray steps;
  for (const HistoryRow& r : history())
    steps.append(QJsonObject{{QStringLiteral("step"), r.step},
                             {QStringLiteral("position"), r.position},
                             {QStringLiteral("token_id"), r.token},
                             {QStringLiteral("token"), r.text},
                             {QStringLiteral("p"), jsonNumber(r.p)},
                             {QStringLiteral("log_p"), jsonNumber(r.logp)},
                             {QStringLiteral("q"), jsonNumber(r.q)},
                             {QStringLiteral("how"), r.how},
                             {QStringLiteral("random"), jsonNumber(r.random)},
                             {QStringLiteral("temperature"), jsonNumber(r.sampler.temperature)},
                             {QStringLiteral("top_k"), r.sampler.top_k},
                             {QStringLiteral("top_p"), jsonNumber(r.sampler.top_p)},
                             {QStringLiteral("entropy_p"), jsonNumber(r.entropyP)},
                             {QStringLiteral("entropy_q"), jsonNumber(r.entropyQ)},
                             {QStringLiteral("sum_log_p"), jsonNumber(r.sumLogp)}});
  root[QStringLiteral("steps")] = steps;
  return QJsonDocument(root).toJson(QJsonDocument::Indented);
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
