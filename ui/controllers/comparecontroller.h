// comparecontroller.h — model families side by side (issue "The history": compare any families on one task): the
// data loaded in the Data dock trained as each chosen family — the ED-Transformer, the D-Transformer, the bigram,
// the HMM, the RNN, the RNN encoder-decoder — with comparable sizes, the same pairs (or the same text) and each
// family's own recipe (AdamW at the family's η, or EM), one step of each in turn on a worker; then their loss curves,
// validation loss in the same units (mean −log P per predicted token), parameter counts, time per step, the greedy
// decoding of one probe (pairs) or a sample at one τ (text), and the transformers' attention on the probe
// (cross-attention against causal self-attention over source>target).
//
// Widget-free. start() returns at once; progress() reports steps; finished() delivers a Result (or an error
// message); cancel() stops at the next step and nothing arrives. The core does all of it (prepare_task,
// plan_training, Trainer, evaluate, trace_forward, greedy_text, the decode session); this only schedules it.
#pragma once

#include "core/model/stepper.h"
#include "core/text/prepare.h"

#include <QObject>
#include <QString>

#include <memory>
#include <optional>

class BackgroundJob;

class CompareController : public QObject {
  Q_OBJECT
 public:
  explicit CompareController(QObject* parent = nullptr);

  // The sizes every family takes its own from: the transformers' L, H, d_e, d_MLP (the encoder-decoder gets L
  // encoder and L decoder layers); an RNN's d_e = d_e and d_h = d_MLP; an HMM's K = states. The bigram has none.
  struct Sizes {
    int layers = 2, heads = 4, dE = 64, dMlp = 128, states = 32;
  };
  struct Request {
    std::vector<gb::Variant> families;  // each a family that predicts tokens
    // One more contender after them: the RNN encoder-decoder with additive attention over the encoder's states
    // (Bahdanau et al. 2015) — the history's bridge from the bottleneck to the transformer. Its name in lessons and
    // view states: kAttentionName.
    bool rnnAttention = false;
    // The data: a built-in task's name (its pairs generated from seed, at most 4,000 for training and 300 for
    // validation), or, when empty, `data` — the document's (a text is shared as it is; a pairs file is laid out
    // again from its description for each family).
    QString task;
    std::shared_ptr<const gb::PreparedData> data;
    Sizes sizes;
    int steps = 300;        // each family's optimizer steps (one batch each)
    int emIterations = 30;  // a family trained by EM: its iterations (each over all the data; fewer once converged)
    quint64 seed = 0;
    double temperature = 0.8;  // τ of the sample each model writes on text data
  };

  struct Side {
    gb::Config config;
    gb::Params<float> params;
    gb::Tokenizer tokenizer;
    std::vector<gb::TextPair> trainPairs;  // the pairs it was trained on (the same for every family); empty on text
    std::vector<double> losses;            // per step (an EM family's per iteration)
    double validationLoss = 0;             // gb::evaluate on the validation examples after the last step
    int64_t validationTokens = 0;          // the tokens it was measured over
    double msPerStep = 0;                  // measured on this machine: the median of its steps' times
    int64_t parameterCount = 0;
    gb::Example probe;                      // the probe's example for this family (pairs)
    std::vector<gb::StepRecord> trace;      // its forward pass, recorded (the transformers: the maps' records)
    std::string greedy;                     // the greedy decoding of the probe's source (pairs)
    std::string sample;                     // text: a sample from <bos> at the request's τ (seeded as the request)
    // Pairs: exact match (greedy decoding equal to the target, core exact_match) of the validation pairs grouped by
    // the source's length in tokens — seed 004's bottleneck: one vector c for the whole source.
    struct AtLength {
      int length = 0;  // tokens of the source
      int pairs = 0;
      double exact = 0;
    };
    std::vector<AtLength> exactByLength;
    // Pairs: the recurrence — a training step's time on this machine against the source's length n (batches of 32
    // pairs whose source and target have n tokens; fresh parameters of the same sizes: the time does not depend on
    // their values), and the steps that must run one after another for such a pair (sequentialSteps).
    struct StepTime {
      int length = 0;       // n: tokens of each source (and target)
      double ms = 0;        // measured, the fastest of three steps after a first (waiting only adds time)
      int sequential = 0;   // steps one after another
    };
    std::vector<StepTime> timeByLength;
  };
  struct Result {
    QString task;       // the task's name; empty for a file
    bool plainText = false;
    std::string input;  // the probe's source (pairs)
    double temperature = 0.8;
    std::vector<Side> sides;  // in the request's order
    // Null when it was not compared; attention: the RNN encoder-decoder with attention (else the one without).
    const Side* side(gb::Variant v, bool attention = false) const;
  };

  static constexpr const char* kAttentionName = "rnn-seq2seq+attention";
  // The steps a model must take one after another to read and score example e: a recurrent family one per token
  // (an encoder-decoder |z| + |x|), a transformer one per layer (every position of a layer at once), the bigram one.
  static int sequentialSteps(const gb::Config& c, const gb::Example& e);
  static constexpr int kTimedLengths[] = {8, 16, 32, 64};
  // What the window calls a compared model: its family's title, "… with attention" for the bridge.
  static QString title(const gb::Config& c);

  // Sizes for a task: its own default model (TaskInfo); for a file, the transformers' "small".
  static Sizes sizesFor(const QString& task);
  // The config family v gets for |V|, ℓ_max and the sizes (special tokens set as the tokenizer has them). The same
  // budget for every family that learns by gradient: a transformer takes the sizes as they are; a recurrent family
  // (attention: the RNN encoder-decoder with additive attention) takes d_e and the largest d_h whose parameters do
  // not outnumber the transformer's that reads the data as it does (an encoder-decoder's for a source, else a
  // decoder-only's). The bigram and the HMM have sizes of their own (|V|², K).
  static gb::Config configFor(gb::Variant v, int vocabSize, int maxLen, const Sizes& s, bool attention = false);

  void start(const Request& request);
  void cancel();
  bool running() const;
  // The task loaded in the Data dock is now `task` (empty: none or a file). A comparison of other data — running or
  // shown — no longer belongs beside it: the run is cancelled, the result forgotten. Returns true when something
  // was dropped (the panel then says why). A file's comparison is dropped whenever the data changes.
  bool followTask(const QString& task);
  QString runningTask() const { return running() ? mRunningTask : QString(); }
  const std::optional<Result>& result() const { return mResult; }
  // The request of the latest start() (its families, steps, τ): the Compare tab shows them when another (a lesson)
  // started the run.
  const Request& request() const { return mRequest; }

 signals:
  void started();  // start() was called: request() is the new run's
  void progress(int done, int total);  // steps of all the models together
  void finished(const QString& error);  // empty: result() is set
  void runningChanged(bool running);
  void dropped();  // followTask() put a run or a result away (the data changed)

 private:
  BackgroundJob* mJob;
  std::optional<Result> mResult;
  Request mRequest;
  QString mRunningTask;
};
