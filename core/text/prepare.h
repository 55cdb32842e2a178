// prepare.h — from a built-in task or a user's file to a tokenizer and train/validation examples, the way the CLI
// and the workbench both need it; and exact-match evaluation by greedy decoding.
#pragma once

#include "core/decode/session.h"
#include "core/text/datafile.h"
#include "core/text/tasks.h"
#include "core/text/tokenizer.h"
#include "core/train/trainer.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gb {

struct PreparedData {
  Tokenizer tokenizer;
  std::vector<Example> train, val;
  std::vector<TextPair> train_pairs, val_pairs;  // pair data (tasks, TSV/CSV); empty for plain text
  DatasetReport report;
  Json description;   // stored in the model file as glassbox.data
  int max_len = 0;    // ℓ_max the examples need (or were cut/filtered to)
  // Observations (a family that reads them: hmm-gmm): train and val hold Example::obs (D × n) and the tokenizer is
  // empty. The states that drew each validation sequence, when the data is the phoneme task (else empty).
  int obs_dim = 0;  // D (0: token data)
  std::vector<std::vector<int>> val_states;
  bool observations() const { return obs_dim > 0; }
};

// The built-in task of the families that read observations (hmm-gmm): 2-D sequences from a known HMM
// (gb::phoneme_task). prepare_task() makes it for such a family, prepare_file() reads a numbers file for one.
inline constexpr const char* kPhonemeTask = "phoneme";
inline constexpr int kPhonemeTrainSize = 40, kPhonemeValSize = 10;  // (glassbox-cli init's defaults too)

struct PrepareOptions {
  Variant variant = Variant::EncoderDecoder;
  const Tokenizer* tokenizer = nullptr;  // use this one (a trained model's) instead of building one
  TokenizerKind tokenizer_kind = TokenizerKind::Char;
  bool tokenizer_kind_given = false;     // otherwise the task's natural one (char for files)
  int min_count = 1;
  int bpe_vocab = 256;
  int max_len = 0;                       // ℓ_max to fit; 0 = as long as the data needs (text: 64)
  LengthPolicy length = LengthPolicy::Reject;
  MalformedPolicy malformed = MalformedPolicy::Skip;
  double val_fraction = 0.1;             // files: the last fraction is the validation set (nanoGPT's split)
  Progress progress;
};

// A built-in task: train_n + val_n pairs from seed (validation pairs follow the training pairs in the stream).
// For a family that reads observations (o.variant) the task is kPhonemeTask (train_n + val_n sequences); a text task
// is refused for it, and the phoneme task for the others.
Result<PreparedData> prepare_task(const std::string& task, int train_n, int val_n, uint64_t seed,
                                  const PrepareOptions& o);
// A TSV/CSV file of pairs (*.tsv, *.csv) or a text file for a decoder-only language model (anything else); for a
// family that reads observations, a numbers file (read_observations: D from its first line; the last val_fraction
// of its sequences for validation, at least one sequence left to train on).
Result<PreparedData> prepare_file(const std::string& path, const PrepareOptions& o);
// Rebuilds the data a model was trained on from its glassbox.data description (tasks only; files by path).
Result<PreparedData> prepare_from_description(const Json& description, const PrepareOptions& o);

// The default training budget of a task: AdamW (lr 2e-3, warm-up 100 steps, cosine decay to 10%), batches of 32,
// mean loss, clipping at 1, task.steps steps, shuffled with seed.
TrainOptions task_recipe(const TaskInfo& task, uint64_t seed = 0);

// The fraction of pairs whose greedy continuation is exactly the target (encoder-decoder: from <bos> to <eos>;
// decoder-only: after "<bos>source>" up to <eos>). At most `limit` pairs (0 = all).
double exact_match(const Config& c, const Params<float>& p, const Tokenizer& tok, const std::vector<TextPair>& pairs,
                   int limit = 0);
// Greedy output for one input, as text.
std::string greedy_text(const Config& c, const Params<float>& p, const Tokenizer& tok, const std::string& input);
// The same, reporting each step (done of at most ℓ_max); nullopt when progress returns false (cancelled).
std::optional<std::string> greedy_text(const Config& c, const Params<float>& p, const Tokenizer& tok,
                                       const std::string& input, const std::function<bool(int, int)>& progress);

// A probe: a sentence the views (attention, perturbation) let the model read.
struct ProbeText {
  std::string source;        // as typed
  std::string known_target;  // the data's own target for it, when there is one
  bool plain_text = false;   // a language model on plain text: the probe is the whole sequence
  // Whether probe_example has to decode the model's own greedy continuation (no known target, pairs): the
  // expensive part, up to ℓ_max decoding steps.
  bool decodes() const { return !plain_text && known_target.empty(); }
};
// The example a probe makes. ED: z = the source, x = <bos> target. D: x = <bos> source (plain text) or
// <bos> source > target. The target is the known one or else the model's greedy continuation. Cut to ℓ_max.
// nullopt: it does not fit the model (check_example), or progress returned false while decoding (cancelled).
std::optional<Example> probe_example(const Config& c, const Params<float>& p, const Tokenizer& tok,
                                     const ProbeText& probe, const std::function<bool(int, int)>& progress = {});
// At most what probe_example costs, in trace_cost's units: the greedy decode of up to ℓ_max tokens, when it decodes.
double probe_cost(const Config& c, const Tokenizer& tok, const ProbeText& probe);

}  // namespace gb
