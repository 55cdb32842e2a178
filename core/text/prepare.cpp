#include "core/text/prepare.h"

#include "core/families/hmm/hmm_gmm.h"
#include "core/family.h"
#include "core/train/recipe.h"
#include "core/model/stepper.h"

#include <algorithm>
#include <cstdint>
#include <fstream>

namespace gb {

// Preparing goes through phases (reading or generating the pairs, the tokenizer, the examples); the caller's progress
// sees them as one bar: phase k of n reports [k, k+1) · 1000 of n · 1000.
namespace {
struct Phases {
  const Progress& progress;
  uint64_t n;
  Progress at(uint64_t k) const {
    if (!progress) return {};
    return [this, k](uint64_t done, uint64_t total) {
      const uint64_t part = total > 0 ? std::min<uint64_t>(1000, 1000 * done / total) : 0;
      if (!progress(k * 1000 + part, n * 1000)) cancelled = true;
      return !cancelled;
    };
  }
  mutable bool cancelled = false;  // a report returned false (a step that returns no error, like the tokenizer's)
};
}  // namespace

// The pairs' phases: tokenizer, then ℓ_max from all examples (train, val), then the examples (train, val).
constexpr uint64_t kPairPhases = 5;

static Result<PreparedData> from_pairs(std::vector<TextPair> train_pairs, std::vector<TextPair> val_pairs,
                                       TokenizerKind natural, const PrepareOptions& o, Json description,
                                       const Phases& phases, uint64_t first) {
  PreparedData d;
  if (o.tokenizer) {
    d.tokenizer = *o.tokenizer;
  } else {
    std::vector<std::string> texts;
    for (const auto& p : train_pairs) {
      texts.push_back(p.source);
      texts.push_back(p.target);
    }
    if (!family(o.variant).reads_source) texts.push_back(std::string(1, kTaskSeparator));  // source > target
    d.tokenizer = Tokenizer::build(o.tokenizer_kind_given ? o.tokenizer_kind : natural, texts, o.min_count, o.bpe_vocab,
                                   phases.at(first));
    if (phases.cancelled) return Error(ErrorCode::LoadingCancelled);
  }
  // ℓ_max: what the longest example needs, unless given.
  Config probe = Config::make(o.variant, std::max(d.tokenizer.size(), 1), 1 << 20, o.variant == Variant::EncoderDecoder ? 1 : 0,
                              1, 1, 1, 1);
  DatasetReport all;
  auto tr = examples_from_pairs(train_pairs, d.tokenizer, probe, LengthPolicy::Reject, &all, phases.at(first + 1));
  if (!tr) return tr.error();
  auto va = examples_from_pairs(val_pairs, d.tokenizer, probe, LengthPolicy::Reject, &all, phases.at(first + 2));
  if (!va) return va.error();
  d.max_len = o.max_len > 0 ? o.max_len : all.longest;
  probe.max_len = d.max_len;
  d.report = DatasetReport{};
  auto train = examples_from_pairs(train_pairs, d.tokenizer, probe, o.length, &d.report, phases.at(first + 3));
  if (!train) return train.error();
  DatasetReport vr;
  auto val = examples_from_pairs(val_pairs, d.tokenizer, probe, o.length, &vr, phases.at(first + 4));
  if (!val) return val.error();
  d.report.too_long += vr.too_long;
  d.report.longest = std::max(d.report.longest, vr.longest);
  d.report.unknown_tokens += vr.unknown_tokens;
  if (train->empty()) return Error(ErrorCode::NoTrainingExamplesLeft, {{"max_len", std::to_string(d.max_len)}});
  d.train = std::move(*train);
  d.val = std::move(*val);
  d.train_pairs = std::move(train_pairs);
  d.val_pairs = std::move(val_pairs);
  d.description = std::move(description);
  return d;
}

// The longest sequence of observations (ℓ_max a model needs for them).
static int longest_observations(const PreparedData& d) {
  Eigen::Index n = 0;
  for (const auto* part : {&d.train, &d.val})
    for (const Example& e : *part) n = std::max(n, e.obs.cols());
  return int(n);
}

Result<PreparedData> prepare_task(const std::string& task, int train_n, int val_n, uint64_t seed,
                                  const PrepareOptions& o) {
  if (family(o.variant).observations) {
    if (task != kPhonemeTask)
      return Error(ErrorCode::TokensForObsFamily, {{"family", family(o.variant).name}, {"what", "the task '" + task + "'"}});
    if (train_n < 1) return Error(ErrorCode::TrainingSetEmpty);
    PhonemeTask t = phoneme_task(train_n, std::max(0, val_n), seed);
    PreparedData d;
    d.train = std::move(t.train);
    d.val = std::move(t.val);
    d.val_states = std::move(t.val_states);
    d.obs_dim = kPhonemeDim;
    d.max_len = longest_observations(d);
    d.description = Json{{"kind", "task"}, {"task", task}, {"seed", seed}, {"train_size", train_n}, {"val_size", val_n}};
    return d;
  }
  if (task == kPhonemeTask) return Error(ErrorCode::ObsForTokenFamily, {{"family", family(o.variant).name}});
  auto info = find_task(task);
  if (!info) return info.error();
  if (train_n < 1) return Error(ErrorCode::TrainingSetEmpty);
  const Phases phases{o.progress, 1 + kPairPhases};
  auto pairs = generate_task(task, train_n + std::max(0, val_n), seed, phases.at(0));
  if (!pairs) return pairs.error();
  std::vector<TextPair> train(pairs->begin(), pairs->begin() + train_n), val(pairs->begin() + train_n, pairs->end());
  Json desc{{"kind", "task"}, {"task", task}, {"seed", seed}, {"train_size", train_n}, {"val_size", val_n}};
  return from_pairs(std::move(train), std::move(val), info->tokenizer, o, std::move(desc), phases, 1);
}

static bool is_pairs_file(const std::string& path) {
  auto lower = path;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return lower.size() > 4 && (lower.compare(lower.size() - 4, 4, ".tsv") == 0 || lower.compare(lower.size() - 4, 4, ".csv") == 0);
}

// A safetensors file (a model, ours or another's): an 8-byte little-endian header length, then the JSON header.
static bool looks_like_safetensors(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char b[9] = {};
  if (!in.read(reinterpret_cast<char*>(b), 9)) return false;
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | b[i];
  in.seekg(0, std::ios::end);
  const auto size = static_cast<uint64_t>(in.tellg());
  return b[8] == '{' && n >= 2 && n <= size - 8;
}

Result<PreparedData> prepare_file(const std::string& path, const PrepareOptions& o) {
  if (!(o.val_fraction >= 0 && o.val_fraction < 1)) return Error(ErrorCode::ValidationFraction);
  if (looks_like_safetensors(path)) return Error(ErrorCode::DataIsModelFile).in_file(path);
  if (family(o.variant).observations) {  // a numbers file, whatever its name
    auto obs = read_observations(path);
    if (!obs) return obs.error();
    PreparedData d;
    d.obs_dim = int(obs->front().obs.rows());
    size_t n_val = size_t(double(obs->size()) * o.val_fraction);
    if (n_val >= obs->size()) n_val = obs->size() - 1;  // at least one sequence to train on
    d.val.assign(std::make_move_iterator(obs->end() - long(n_val)), std::make_move_iterator(obs->end()));
    obs->resize(obs->size() - n_val);
    d.train = std::move(*obs);
    d.max_len = longest_observations(d);
    d.description = Json{{"kind", "file"}, {"path", path}, {"format", "observations"}, {"val_fraction", o.val_fraction}};
    return d;
  }
  if (is_pairs_file(path)) {
    const Phases phases{o.progress, 1 + kPairPhases};
    auto f = load_pairs(path, o.malformed, phases.at(0));
    if (!f) return f.error();
    const size_t n = f->pairs.size();
    const size_t n_val = size_t(double(n) * o.val_fraction);
    std::vector<TextPair> train(f->pairs.begin(), f->pairs.end() - long(n_val)), val(f->pairs.end() - long(n_val), f->pairs.end());
    Json desc{{"kind", "file"}, {"path", path}, {"format", "pairs"}, {"val_fraction", o.val_fraction},
              {"records", f->records}, {"skipped", f->skipped.size()}};
    auto d = from_pairs(std::move(train), std::move(val), TokenizerKind::Char, o, std::move(desc), phases, 1);
    if (d && !f->skipped.empty()) {
      Json sk = Json::array();
      for (size_t i = 0; i < std::min<size_t>(f->skipped.size(), 20); ++i) {
        // the English template and its arguments too, so the GUI can show the reason in its language
        Json args = Json::object();
        for (const auto& [name, value] : f->skipped[i].args) args[name] = value;
        sk.push_back({{"line", f->skipped[i].line}, {"reason", f->skipped[i].reason},
                      {"template", error_template(f->skipped[i].code)}, {"args", args}});
      }
      d->description["skipped_lines"] = sk;
    }
    return d;
  }
  if (family(o.variant).reads_source)
    return Error(ErrorCode::PlainTextNeedsDecoderOnly).in_file(path);
  const Phases phases{o.progress, 2};  // the text, then its tokenizer
  auto text = load_text(path, phases.at(0));
  if (!text) return text.error();
  PreparedData d;
  d.tokenizer = o.tokenizer ? *o.tokenizer
                            : Tokenizer::build(o.tokenizer_kind_given ? o.tokenizer_kind : TokenizerKind::Char,
                                               {*text}, o.min_count, o.bpe_vocab, phases.at(1));
  if (phases.cancelled) return Error(ErrorCode::LoadingCancelled).in_file(path);
  d.max_len = o.max_len > 0 ? o.max_len : 64;
  const size_t split = size_t(double(text->size()) * (1.0 - o.val_fraction));
  size_t cut = split;  // do not split a UTF-8 character
  while (cut < text->size() && (static_cast<unsigned char>((*text)[cut]) & 0xC0) == 0x80) ++cut;
  Config c = Config::make(Variant::DecoderOnly, d.tokenizer.size(), d.max_len, 0, 1, 1, 1, 1);
  d.train = examples_from_text(text->substr(0, cut), d.tokenizer, c, &d.report);
  DatasetReport vr;
  d.val = examples_from_text(text->substr(cut), d.tokenizer, c, &vr);
  d.report.unknown_tokens += vr.unknown_tokens;
  if (d.train.empty()) return Error(ErrorCode::TextTooShort).in_file(path);
  d.description = Json{{"kind", "file"}, {"path", path}, {"format", "text"}, {"val_fraction", o.val_fraction},
                       {"bytes", text->size()}};
  return d;
}

Result<PreparedData> prepare_from_description(const Json& desc, const PrepareOptions& o) {
  if (!desc.is_object()) return Error(ErrorCode::NoDataDescription);
  auto kind = json_string(desc, "kind", "glassbox.data");
  if (!kind) return kind.error();
  if (*kind == "task") {
    auto task = json_string(desc, "task", "glassbox.data");
    auto tn = json_int(desc, "train_size", "glassbox.data", 1, 1 << 30);
    auto vn = json_int(desc, "val_size", "glassbox.data", 0, 1 << 30);
    if (!task) return task.error();
    if (!tn) return tn.error();
    if (!vn) return vn.error();
    const uint64_t seed = desc.contains("seed") && desc["seed"].is_number_unsigned() ? desc["seed"].get<uint64_t>() : 0;
    return prepare_task(*task, int(*tn), int(*vn), seed, o);
  }
  auto path = json_string(desc, "path", "glassbox.data");
  if (!path) return path.error();
  if (desc.value("format", "") == "observations" && !family(o.variant).observations)  // (not text to tokenize)
    return Error(ErrorCode::ObsForTokenFamily, {{"family", family(o.variant).name}}).in_file(*path);
  PrepareOptions o2 = o;
  if (desc.contains("val_fraction") && desc["val_fraction"].is_number()) o2.val_fraction = desc["val_fraction"].get<double>();
  return prepare_file(*path, o2);
}

TrainOptions task_recipe(const TaskInfo& task, uint64_t seed) {
  TrainChoices c = default_choices(OptimizerKind::AdamW);  // the practical mode (core/train/recipe.h)
  c.steps = task.steps;
  c.seed = seed;
  return train_options(c);
}

// The model's own start and end tokens (an imported model's: Marian's decoder start, GPT-2's <|endoftext|>); the
// tools' <bos> and <eos> for a model that names none.
static int bos_of(const Config& c) { return c.bos_id >= 0 ? c.bos_id : Tokenizer::kBos; }
static int eos_of(const Config& c) { return c.eos_id >= 0 ? c.eos_id : Tokenizer::kEos; }

static std::vector<int> prompt_ids(const Config& c, const Tokenizer& tok, const std::string& input,
                                   std::vector<int>* source) {
  if (c.has_source()) {
    *source = tok.encode(input).ids;
    if (source->empty()) source->push_back(Tokenizer::kUnk);
    return {bos_of(c)};
  }
  std::vector<int> x;
  if (tok.prompt_starts_with_bos()) x.push_back(bos_of(c));
  const auto ids = tok.encode(input + std::string(1, kTaskSeparator)).ids;
  x.insert(x.end(), ids.begin(), ids.end());
  return x;
}

std::string greedy_text(const Config& c, const Params<float>& p, const Tokenizer& tok, const std::string& input) {
  return *greedy_text(c, p, tok, input, {});
}

namespace {
// A greedy decode of the input: what the model read (the source z, the prompt x) and the tokens it chose, without
// the end token (ended: it chose it). Nothing chosen when the input does not fit; nullopt when cancelled.
struct GreedyRun {
  std::vector<int> z, prompt, out;
  bool ended = false;
};
std::optional<GreedyRun> greedy_run(const Config& c, const Params<float>& p, const Tokenizer& tok,
                                    const std::string& input, const std::function<bool(int, int)>& progress) {
  GreedyRun r;
  r.prompt = prompt_ids(c, tok, input, &r.z);
  if (int(r.prompt.size()) > c.max_len || int(r.z.size()) > c.max_len) return r;
  // no step records: a continuation keeps its tokens only (a record holds log p over |V| three times: ℓ_max of them
  // for Marian's 58,101 tokens were 0.8 GB)
  std::optional<DecodeSession> lean;
  {
    auto created = DecodeSession::create(c, p, r.z, r.prompt, {});
    if (!created) return r;
    lean.emplace(created->lean_copy());
  }
  DecodeSession& s = *lean;
  Rng rng(0);
  const int most = c.max_len - int(r.prompt.size());
  while (s.can_step()) {
    if (progress && !progress(int(r.out.size()), most)) return std::nullopt;
    auto st = s.step({0.0, 0, 1.0}, rng);
    if (!st) break;
    const int t = (*st)->choice.token;
    if (t == eos_of(c)) {
      r.ended = true;
      break;
    }
    r.out.push_back(t);
  }
  return r;
}
}  // namespace

std::optional<std::string> greedy_text(const Config& c, const Params<float>& p, const Tokenizer& tok,
                                       const std::string& input, const std::function<bool(int, int)>& progress) {
  auto r = greedy_run(c, p, tok, input, progress);
  if (!r) return std::nullopt;
  return tok.decode(r->out);
}

std::optional<Example> probe_example(const Config& c, const Params<float>& p, const Tokenizer& tok,
                                     const ProbeText& probe, const std::function<bool(int, int)>& progress) {
  Example e;
  auto ids = [&](const std::string& s) { return tok.encode(s).ids; };
  if (probe.decodes()) {
    // the model's own tokens after what it read, not their text read again (a SentencePiece target may be split
    // otherwise: the views would show a sentence the model did not choose); the end token as the target side's
    // tokenizer writes one (Marian's </s>)
    auto run = greedy_run(c, p, tok, probe.source, progress);
    if (!run) return std::nullopt;  // cancelled
    e.z = std::move(run->z);
    e.x = std::move(run->prompt);
    e.x.insert(e.x.end(), run->out.begin(), run->out.end());
    if (c.has_source() && run->ended && tok.kind() == TokenizerKind::SentencePiece) e.x.push_back(eos_of(c));
  } else if (c.has_source()) {
    const std::string& tgt = probe.known_target;
    e.z = ids(probe.source);
    if (e.z.empty()) e.z.push_back(Tokenizer::kUnk);
    e.x = {bos_of(c)};
    for (int t : tok.encode_target(tgt).ids) e.x.push_back(t);  // (Marian's target side: target.spm, </s> at the end)
  } else {
    if (tok.prompt_starts_with_bos()) e.x = {bos_of(c)};
    for (int t : ids(probe.plain_text ? probe.source : probe.source + ">" + probe.known_target)) e.x.push_back(t);
  }
  if (e.x.empty()) e.x = {bos_of(c)};
  if (int(e.x.size()) > c.max_len) e.x.resize(size_t(c.max_len));
  if (int(e.z.size()) > c.max_len) e.z.resize(size_t(c.max_len));
  if (check_example(c, e)) return std::nullopt;
  return e;
}

double probe_cost(const Config& c, const Tokenizer& tok, const ProbeText& probe) {
  if (!probe.decodes()) return 0;
  // a KV-cached decode of n tokens does about the work of one forward pass over n columns
  Example bound;
  if (c.has_source()) bound.z.assign(std::min(tok.encode(probe.source).ids.size(), size_t(std::max(1, c.max_len))), 0);
  bound.x.assign(size_t(std::max(1, c.max_len)), 0);
  return trace_cost(c, bound);
}

double exact_match(const Config& c, const Params<float>& p, const Tokenizer& tok, const std::vector<TextPair>& pairs,
                   int limit) {
  const size_t n = limit > 0 ? std::min(pairs.size(), size_t(limit)) : pairs.size();
  if (n == 0) return 0.0;
  int ok = 0;
#pragma omp parallel for reduction(+ : ok) schedule(dynamic)
  for (size_t i = 0; i < n; ++i) ok += greedy_text(c, p, tok, pairs[i].source) == pairs[i].target ? 1 : 0;
  return double(ok) / double(n);
}

}  // namespace gb
