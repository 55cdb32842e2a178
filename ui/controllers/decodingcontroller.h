// decodingcontroller.h — decoding one token at a time for the Decoding tab (ED-Inference, seed 000; D-Inference,
// seed 002), through the core's DecodeSession with its KV cache.
//
// Widget-free. start() shares the document's (or the trainer's) immutable parameter snapshot and copies the
// tokenizer, so training may go on meanwhile.
// The sampler settings (τ, top-k, top-p) can change at any time: preview() shows what the next step would draw
// from, without drawing. step() draws one token with the controller's own generator (a seed replays exactly),
// back() takes the last one back. Errors come back as messages. The history of the steps (with the sampler
// settings each was drawn with) saves as CSV or JSON.
//
// To the end and beam search can be long (a big vocabulary, a wide beam, a long ℓ_max). The core's estimate of the
// work (gb::decode_to_end_cost, gb::beam_search_cost) decides: up to syncBudget() (about 10 ms of one core) they
// run at once; above it on a worker (BackgroundJob) on a copy of the session, with progress() and cancel(). While
// one runs, busy() says which, and the session does not change: everything that would change it (start, step,
// back, stop, another run) cancels the work first, and a result is taken only when the session is still the one
// it was computed from (revision()); a result for an older session is dropped.
#pragma once

#include "core/decode/session.h"
#include "core/decode/timeline.h"
#include "core/io/decode_history.h"
#include "core/text/tokenizer.h"

#include <QByteArray>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>

class BackgroundJob;
#include <optional>

class DecodingController : public QObject {
  Q_OBJECT
 public:
  explicit DecodingController(QObject* parent = nullptr);

  // ED: input is the source z, decoding starts from <bos>. D: the prompt is <bos> input (and, for data of pairs
  // written "source>target", the ">" that asks for the target).
  QString start(const gb::Config& c, const gb::Params<float>& p, const gb::Tokenizer& tok, const QString& input,
                bool pairs, quint64 seed);
  // The same with the parameters shared (an immutable snapshot: the document's or the trainer's): nothing copied.
  QString start(const gb::Config& c, std::shared_ptr<const gb::Params<float>> p, const gb::Tokenizer& tok,
                const QString& input, bool pairs, quint64 seed);
  bool active() const { return mSession != nullptr; }
  // Ends the session (the document got another model): it would decode with the old parameters.
  void stop();
  void setSampler(const gb::SamplerOptions& o);
  const gb::SamplerOptions& sampler() const { return mSampler; }

  // The next token's distribution under the current settings (p, q, kept), without drawing.
  gb::Choice preview() const;
  const std::vector<double>& nextLogp() const;
  // One token; an error when finished or at ℓ_max. forced ≥ 0 takes that token (a branch when another was
  // taken there before).
  QString step(int forced = -1);
  // Until <eos> (or ℓ_max, or 200 tokens). Immediate work: returns the steps taken. Long work: starts it on the
  // worker and returns 0 (busy() is Work::ToEnd; runFinished() reports the end).
  int runToEnd();
  bool back();           // undo the last step (and its draw: the next step draws the same number again)
  void reseed(quint64 seed) { mRng.reseed(seed); }  // the draws from here on come from this seed
  // Whether the session decodes with exactly these parameters (the same model's, not changed by training since).
  bool decodesWith(const gb::Config& c, const gb::Params<float>& p) const;
  bool finished() const; // the last token was <eos>, or no further step fits
  // The timeline: every token taken since start(), as a tree (core/decode/timeline.h). Going back keeps the nodes;
  // another token at the same place makes a branch; any node can be returned to, and going to it takes the same
  // steps again: the session's records are bit for bit those it had.
  using TimelineNode = gb::TimelineNode;
  const std::vector<TimelineNode>& timeline() const { return mTimeline.nodes(); }
  const std::vector<int>& currentPath() const { return mTimeline.path(); }  // the nodes of the new tokens of x
  std::vector<int> branchLeaves() const;   // the nodes without children, in the order they were made: one a branch
  QString branchText(int node) const;       // the new tokens up to that node, decoded
  // How the branch was made: "greedy (τ = 0)", "sampled", "beam search" (each that reached that node, one a line),
  // "forced at step k" (the first step whose token was forced by hand).
  QString branchHow(int node) const;
  // Keeps the first `kept` new tokens and takes the rest back (their nodes stay in the timeline).
  bool rewindTo(int kept);
  // Goes to a node of the timeline: back to the part it shares with x, then its steps again (on a copy of the
  // session: at once when immediate, on the worker otherwise — busy() is Work::GoTo and goToFinished() reports the
  // end). An error message when that cannot be (the worker runs, the node is not there, or its token is not drawn
  // again: then x keeps the steps up to there).
  QString goTo(int node);
  // From here, greedy decoding to the end, sampling to the end (both from the generator as it is now) and the
  // beam search's best (width, alpha), each as a branch of the timeline; x stays as it was. Computed on copies of
  // the session — at once when immediate (syncBudget), on the worker otherwise (busy() is Work::Compare);
  // compareFinished() reports the end; an error in any of the three runs (a cancellation) adds no branch at all.
  // Returns an error message when it cannot start.
  QString compare(int width, double alpha);

  // Beam search of width B from the current position (the session itself does not move): the best continuation
  // by score / length and the search tree, in beamResult() when beamFinished() is emitted — at once for immediate
  // work, from the worker otherwise. Returns an error message when it cannot start.
  // alpha: the length normalisation (score / length^α; 0 ranks by Σ log p alone).
  QString beam(int width, double alpha = 1.0);
  double beamAlpha() const { return mBeamAlpha; }
  const std::optional<gb::BeamResult>& beamResult() const { return mBeam; }
  int beamWidth() const { return mBeamWidth; }

  // Work on the worker thread.
  enum class Work { None, ToEnd, Beam, Compare, GoTo };
  Work busy() const { return mWork; }
  // Cancels the running work: the session stays as it was, the result never arrives. Returns at once.
  void cancel();
  // Work estimated above this many multiply-adds runs on the worker (0: everything does; tests).
  void setSyncBudget(double ops) { mSyncBudget = ops; }
  double syncBudget() const { return mSyncBudget; }
  static constexpr double kSyncBudget = 3e7;
  quint64 revision() const { return mRevision; }  // changes whenever the session or the timeline changes
  const BackgroundJob* job() const { return mJob; }

  const gb::DecodeSession* session() const { return mSession.get(); }
  const gb::Tokenizer& tokenizer() const { return mTok; }
  QString display(int token) const;         // a token as the views show it (spaces visible)
  QStringList generatedTokens() const;      // every token of x, the prompt included
  QString generatedText() const;            // the new tokens decoded as text

  // One decoded step as the history saves it (core/io/decode_history.h).
  using HistoryRow = gb::DecodeHistoryRow;
  std::vector<HistoryRow> history() const;
  // The history as CSV (a header line, one line per step, fields quoted where they need it, numbers in C
  // notation, "inf" for τ = ∞) and as JSON (the input tokens, the text, and the steps).
  QByteArray historyCsv() const;
  QByteArray historyJson() const;
  // Writes historyCsv or historyJson by the extension (.csv / .json); an error message naming the file and the
  // reason, empty when written.
  QString saveHistory(const QString& path) const;

 signals:
  void changed();
  void busyChanged(DecodingController::Work work);
  void progress(int done, int limit);  // tokens (to the end) or levels (beam search) of the running work
  // The end of To the end: the steps taken, or an error message (cancelled included).
  void runFinished(int steps, const QString& error);
  // The end of a beam search: beamResult() is set, or an error message.
  void beamFinished(const QString& error);
  // The end of compare(): its branches are in the timeline, or an error message (cancelled included).
  void compareFinished(const QString& error);
  // The end of a goTo() that ran on the worker: empty, or an error message (cancelled included).
  void goToFinished(const QString& error);

 private:
  gb::Config mConfig;
  void touch();               // the session changes: running work is cancelled, the revision moves on
  void forget();              // the session, its beam, samplers, generators and timeline let go of (touch() first)
  void setWork(Work w);
  // the session points here: shared with a worker's copy of the session, so a new start() never pulls the
  // parameters from under it
  std::shared_ptr<const gb::Params<float>> mParams;
  BackgroundJob* mJob;
  Work mWork = Work::None;
  double mSyncBudget = kSyncBudget;
  quint64 mRevision = 0;
  std::optional<gb::BeamResult> mBeam;
  int mBeamWidth = 0;
  double mBeamAlpha = 1.0;
  gb::Tokenizer mTok;
  std::unique_ptr<gb::DecodeSession> mSession;
  gb::SamplerOptions mSampler;
  std::vector<gb::SamplerOptions> mStepSampler;  // per step of the session: the settings it was drawn with
  gb::Rng mRng;
  std::vector<gb::Rng> mRngBefore;  // the generator before each step's draw: back() rewinds it
  gb::Timeline mTimeline;
  // One step with these settings (and forced token), its node recorded; no signal. An error message or empty.
  QString takeStep(const gb::SamplerOptions& so, int forced, bool beam);
  // The one way a piece of decoding work runs (To the end, beam search, compare, going to a branch): at once when
  // the core's estimate `cost` is within syncBudget(), else on the worker — busy() is `kind`, progress() counts to
  // `total`, Cancel stops it. work(progress) computes (on copies when on the worker; false: cancelled); take(atOnce)
  // takes its result on the GUI thread. Returns whether it ran at once.
  bool runNowOrOnWorker(double cost, Work kind, int total, qint64 bytes, std::function<bool(const gb::DecodeProgress&)> work,
                        std::function<void(bool atOnce)> take);
};
