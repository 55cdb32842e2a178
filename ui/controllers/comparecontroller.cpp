#include "comparecontroller.h"

#include "backgroundjob.h"
#include "errortext.h"
#include "familynames.h"
#include "memorylimit.h"

#include "core/family.h"
#include "core/rng.h"
#include "core/train/memory.h"
#include "core/train/recipe.h"

#include <QCoreApplication>

#include <algorithm>
#include <chrono>
#include <map>

namespace {

// The median of measured times (0 for none): a step that waited for the processor — another program, the window
// redrawing — does not move it, where it would move a mean.
double median(std::vector<double> v) {
  if (v.empty()) return 0.0;
  const size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + std::ptrdiff_t(mid), v.end());
  if (v.size() % 2) return v[mid];
  return 0.5 * (v[mid] + *std::max_element(v.begin(), v.begin() + std::ptrdiff_t(mid)));
}
constexpr int kValidationPairs = 300;  // a task's validation pairs: about 50 for each source length of the letter tasks
}

const CompareController::Side* CompareController::Result::side(gb::Variant v, bool attention) const {
  for (const Side& s : sides)
    if (s.config.variant == v && (s.config.attention == gb::RnnAttention::Additive) == attention) return &s;
  return nullptr;
}

int CompareController::sequentialSteps(const gb::Config& c, const gb::Example& e) {
  const gb::FamilyInfo& f = gb::family(c);
  if (f.transformer) return c.enc_layers + c.dec_layers;
  if (c.variant == gb::Variant::Bigram) return 1;
  return int(e.z.size() + e.x.size());  // the RNNs' recurrence, the HMM's forward recursion: token by token
}

QString CompareController::title(const gb::Config& c) {
  return c.attention == gb::RnnAttention::Additive ? tr("%1 with attention").arg(familyTitle(c.variant))
                                                    : familyTitle(c.variant);
}

CompareController::CompareController(QObject* parent) : QObject(parent), mJob(new BackgroundJob(this)) {
  connect(mJob, &BackgroundJob::progress, this, &CompareController::progress);
  connect(mJob, &BackgroundJob::runningChanged, this, &CompareController::runningChanged);
  connect(mJob, &BackgroundJob::outOfMemory, this, [this] {
    emit finished(tr("The comparison ran out of memory: compare fewer families, or smaller data."));
  });
}

bool CompareController::running() const { return mJob->running(); }

void CompareController::cancel() { mJob->cancel(); }

bool CompareController::followTask(const QString& task) {
  bool dropped = false;
  // (a file's comparison has no task name to follow: any other data drops it)
  if (running() && (mRunningTask != task || task.isEmpty())) {
    mJob->cancel();  // (its result, should it come, is dropped by the job)
    dropped = true;
  }
  if (mResult && (mResult->task != task || task.isEmpty())) {
    mResult.reset();
    dropped = true;
  }
  if (dropped) emit this->dropped();
  return dropped;
}

CompareController::Sizes CompareController::sizesFor(const QString& task) {
  Sizes s;
  if (auto info = gb::find_task(task.toStdString())) {
    s.layers = info->layers;
    s.heads = info->heads;
    s.dE = info->d_e;
    s.dMlp = info->d_mlp;
  }
  return s;
}

gb::Config CompareController::configFor(gb::Variant v, int vocabSize, int maxLen, const Sizes& s, bool attention) {
  gb::Config c;
  const gb::FamilyInfo& f = gb::family(v);
  if (f.transformer) {
    c = gb::Config::make(v, vocabSize, maxLen, v == gb::Variant::EncoderDecoder ? s.layers : 0, s.layers, s.heads,
                         s.dE, s.dMlp);
  } else {
    c = gb::family_config(v, vocabSize, maxLen);
    if (f.has(gb::SizeField::DModel)) gb::set_config_size(c, gb::SizeField::DModel, s.dE);
    if (f.has(gb::SizeField::DHidden)) gb::set_config_size(c, gb::SizeField::DHidden, s.dMlp);
    if (f.has(gb::SizeField::States)) gb::set_config_size(c, gb::SizeField::States, s.states);
    if (attention) c.attention = gb::RnnAttention::Additive;
    if (f.recurrent_cell && f.has(gb::SizeField::DHidden)) {  // the transformer's budget of parameters
      const int64_t budget = gb::params_count(configFor(
          f.reads_source ? gb::Variant::EncoderDecoder : gb::Variant::DecoderOnly, vocabSize, maxLen, s));
      const gb::SizeSpec* spec = nullptr;
      for (const gb::SizeSpec& z : f.sizes)
        if (z.field == gb::SizeField::DHidden) spec = &z;
      int lo = spec->min, hi = spec->max;  // the largest d_h within it (params_count grows with d_h)
      while (lo < hi) {
        const int mid = lo + (hi - lo + 1) / 2;
        c.d_hidden = mid;
        if (gb::params_count(c) <= budget) lo = mid;
        else hi = mid - 1;
      }
      c.d_hidden = lo;
    }
  }
  c.bos_id = gb::Tokenizer::kBos;
  c.eos_id = gb::Tokenizer::kEos;
  c.pad_id = gb::Tokenizer::kPad;
  return c;
}

void CompareController::start(const Request& request) {
  mRunningTask = request.task;
  mRequest = request;
  mRequest.data.reset();  // (kept by the run alone)
  emit started();
  const qint64 cap = MemoryLimit::capBytes();  // the settings' cap, read here (GUI thread)
  // the families' names, translated here (GUI thread) for the worker's messages
  struct Contender {
    gb::Variant variant;
    bool attention;
  };
  std::vector<Contender> contenders;
  for (gb::Variant v : request.families) contenders.push_back({v, false});
  if (request.rnnAttention) contenders.push_back({gb::Variant::RnnSeq2Seq, true});
  std::vector<QString> titles;
  for (const Contender& c : contenders) {
    gb::Config named;
    named.variant = c.variant;
    named.attention = c.attention ? gb::RnnAttention::Additive : gb::RnnAttention::None;
    titles.push_back(title(named));
  }
  mJob->run([this, request, cap, titles, contenders](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    auto fail = [this](const QString& message) -> BackgroundJob::Deliver {
      return [this, message] { emit finished(message); };
    };
    const int n = int(contenders.size());
    if (n == 0) return fail(QCoreApplication::translate("CompareController", "Choose at least one family to train."));
    if (request.data && request.data->observations())
      return fail(QCoreApplication::translate("CompareController",
                                              "The data holds observations (numbers): the families compared here "
                                              "predict tokens. Load a text task or a text file in the Data dock."));
    const std::string task = request.task.toStdString();
    std::optional<gb::TaskInfo> info;
    if (!task.empty()) {
      auto found = gb::find_task(task);
      if (!found) return fail(errorText(found.error()));
      info = *found;
    } else if (!request.data) {
      return fail(QCoreApplication::translate("CompareController", "Load data first: a built-in task or a file."));
    }
    const bool plainText = !info && request.data->train_pairs.empty();
    auto out = std::make_shared<Result>();
    out->task = request.task;
    out->plainText = plainText;
    out->temperature = request.temperature;
    out->sides.resize(size_t(n));
    struct Run {
      std::shared_ptr<const gb::PreparedData> data;
      std::optional<gb::TrainingPlan> plan;
      std::unique_ptr<gb::Trainer> trainer;
      gb::TrainOptions options;
      std::vector<double> seconds;  // each step's
      int steps = 0;
      bool converged = false;
    };
    MemoryLimit::Reservation held;  // (declared before the runs: released after their memory is freed)
    std::vector<Run> runs(static_cast<size_t>(n));
    const int threads = gb::training_threads();
    for (int k = 0; k < n; ++k) {
      if (ctx.cancelled()) return {};
      const gb::Variant v = contenders[size_t(k)].variant;
      const gb::FamilyInfo& f = gb::family(v);
      if (!f.predicts_tokens())
        return fail(QCoreApplication::translate("CompareController", "%1 reads numbers, not tokens: it cannot be "
                                                                      "compared on this data.").arg(titles[size_t(k)]));
      if (plainText && f.reads_source)
        return fail(QCoreApplication::translate("CompareController", "%1 reads a source and a target: plain text has "
                                                                      "no pairs. Leave it out, or load a task.")
                        .arg(titles[size_t(k)]));
      gb::PrepareOptions o;
      o.variant = v;
      if (info) {  // the same pairs for every family: the same task and seed; each lays them out its own way
        auto data = gb::prepare_task(task, std::min(info->train_size, 4000), kValidationPairs, request.seed, o);
        if (!data) return fail(errorText(data.error()));
        runs[size_t(k)].data = std::make_shared<const gb::PreparedData>(std::move(*data));
      } else if (plainText) {  // a text reads the same for every family that continues one sequence
        runs[size_t(k)].data = request.data;
      } else {  // a pairs file, laid out again for this family (read again on this worker)
        auto data = gb::prepare_from_description(request.data->description, o);
        if (!data) return fail(errorText(data.error()));
        runs[size_t(k)].data = std::make_shared<const gb::PreparedData>(std::move(*data));
      }
      const gb::PreparedData& d = *runs[size_t(k)].data;
      Side& s = out->sides[size_t(k)];
      s.tokenizer = d.tokenizer;
      s.trainPairs = d.train_pairs;
      s.config = configFor(v, d.tokenizer.size(), d.max_len, request.sizes, contenders[size_t(k)].attention);
      if (auto e = s.config.validate()) return fail(errorText(*e));
      gb::TrainChoices choices = gb::default_choices(gb::OptimizerKind::AdamW, v);  // the family's own η, or EM
      const bool em = f.trained_by == gb::TrainedBy::Em;
      choices.steps = em ? request.emIterations : request.steps;
      choices.seed = request.seed;
      runs[size_t(k)].options = gb::train_options(choices);
    }
    // Nothing to validate on: said before any training (a text's last part, a task's or file's validation pairs)
    if (runs[0].data->val.empty() || (!plainText && runs[0].data->val_pairs.empty()))
      return fail(QCoreApplication::translate("CompareController", "The data has no validation examples: the "
                                                                    "comparison measures each family on them."));
    // All train at once: planned together against the cap before any is allocated.
    {
      int64_t need = 0;
      for (int k = 0; k < n; ++k)
        need += gb::training_memory(out->sides[size_t(k)].config, runs[size_t(k)].options, threads).total();
      if (auto e = gb::check_memory(gb::ErrorCode::PlanMemory, need, cap)) return fail(errorText(*e));
      held = MemoryLimit::reserve(need);  // counted against the cap while the families train
    }
    for (int k = 0; k < n; ++k) {
      if (ctx.cancelled()) return {};
      Side& s = out->sides[size_t(k)];
      s.params = gb::params_init(s.config, request.seed);
      s.parameterCount = gb::params_count(s.config);
      gb::PlanRequest r;
      r.config = &s.config;
      r.params = &s.params;
      r.data = &runs[size_t(k)].data->train;
      r.options = runs[size_t(k)].options;
      r.memory_limit = cap;
      auto plan = gb::plan_training(r);
      if (!plan) return fail(errorText(plan.error()));
      runs[size_t(k)].plan.emplace(std::move(*plan));
      runs[size_t(k)].trainer = std::make_unique<gb::Trainer>(*runs[size_t(k)].plan, s.params);
      runs[size_t(k)].trainer->set_cancel(ctx.cancelFlag());  // Cancel, New: the step in progress ends at its next check
    }
    // in turn: a step of each (a family trained by EM stops once EM can no longer raise its likelihood)
    using Clock = std::chrono::steady_clock;
    int total = 0, longest = 0, done = 0;
    for (const Run& run : runs) {
      total += run.options.steps;
      longest = std::max(longest, run.options.steps);
    }
    for (int step = 0; step < longest; ++step)
      for (int k = 0; k < n; ++k) {
        Run& run = runs[size_t(k)];
        if (step >= run.options.steps) continue;
        if (!ctx.progress(done++, total)) return {};
        if (run.converged) continue;
        const auto t0 = Clock::now();
        const gb::StepReport& rep = run.trainer->step();
        run.seconds.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
        if (rep.cancelled) return {};
        if (rep.fault)
          return fail(QCoreApplication::translate("CompareController", "%1: training diverged at step %2.")
                          .arg(titles[size_t(k)])
                          .arg(step + 1));
        ++run.steps;
        out->sides[size_t(k)].losses.push_back(rep.loss);
        run.converged = rep.converged;
      }
    for (int k = 0; k < n; ++k) {
      Run& run = runs[size_t(k)];
      Side& s = out->sides[size_t(k)];
      run.trainer.reset();
      run.plan.reset();
      s.msPerStep = 1000.0 * median(run.seconds);
      if (ctx.cancelled()) return {};
      if (!run.data->val.empty()) {
        const gb::EvalReport e = gb::evaluate(s.config, s.params, run.data->val);
        s.validationLoss = e.loss;
        s.validationTokens = e.tokens;
      }
    }
    if (plainText) {  // a sample from each, from <bos>, at one τ and one seed
      for (int k = 0; k < n; ++k) {
        if (ctx.cancelled()) return {};
        Side& s = out->sides[size_t(k)];
        auto session = gb::DecodeSession::create(s.config, s.params, {}, {s.config.bos_id});
        if (!session) continue;
        gb::Rng rng(request.seed);
        gb::SamplerOptions so;
        so.temperature = request.temperature;
        auto run = gb::decode_to_end(*session, so, rng, std::min(80, s.config.max_len - 1), s.config.eos_id,
                                     [&ctx](int, int) { return !ctx.cancelled(); });
        if (!run) continue;
        std::vector<int> ids(session->tokens().begin() + 1, session->tokens().end());
        if (!ids.empty() && ids.back() == s.config.eos_id) ids.pop_back();
        s.sample = s.tokenizer.decode(ids);
      }
    } else {  // the probe: the first validation pair's source, read by each
      const auto& val = runs[0].data->val_pairs;
      if (val.empty()) return fail(QCoreApplication::translate("CompareController", "The data has no validation pairs."));
      out->input = val.front().source;
      for (int k = 0; k < n; ++k) {
        if (ctx.cancelled()) return {};
        Side& s = out->sides[size_t(k)];
        gb::ProbeText probe;
        probe.source = out->input;
        probe.known_target = val.front().target;
        if (auto e = gb::probe_example(s.config, s.params, s.tokenizer, probe)) {
          s.probe = *e;
          if (gb::family(s.config).transformer) s.trace = gb::trace_forward(s.config, s.params, s.probe);
        }
        s.greedy = gb::greedy_text(s.config, s.params, s.tokenizer, out->input);
        // exact match against the source's length (the same validation pairs for every family)
        std::map<int, std::vector<gb::TextPair>> byLength;
        for (size_t i = 0; i < std::min(val.size(), size_t(kValidationPairs)); ++i)  // (a file's: its first 300)
          byLength[int(s.tokenizer.encode(val[i].source).ids.size())].push_back(val[i]);
        for (const auto& [length, group] : byLength) {
          if (ctx.cancelled()) return {};
          s.exactByLength.push_back({length, int(group.size()), gb::exact_match(s.config, s.params, s.tokenizer, group)});
        }
      }
      // the recurrence: a training step's time against the source's length (the letters of the training sources,
      // cut into sources and targets of n characters; fresh parameters of the same sizes)
      std::string letters;
      for (const gb::TextPair& p : runs[0].data->train_pairs) {
        letters += p.source;
        if (letters.size() > 4096) break;
      }
      const int longest = kTimedLengths[std::size(kTimedLengths) - 1];
      // (characters: a word tokenizer would read the cut letters as unknown words of another length)
      const bool characters = runs[0].data->tokenizer.kind() == gb::TokenizerKind::Char;
      for (int k = 0; characters && int(letters.size()) > longest + 64 && k < n; ++k) {
        Side& s = out->sides[size_t(k)];
        gb::Config c = s.config;
        c.max_len = std::max(c.max_len, 2 * longest + 3);  // (room for source>target laid out as one sequence)
        gb::TrainChoices choices = gb::default_choices(gb::OptimizerKind::AdamW, c.variant);
        choices.steps = 4;
        choices.batch = 32;
        choices.seed = request.seed;
        const gb::TrainOptions o = gb::train_options(choices);
        if (gb::check_memory(gb::ErrorCode::PlanMemory, gb::training_memory(c, o, threads).total(), cap)) continue;
        gb::Params<float> params = gb::params_init(c, request.seed);
        for (int length : kTimedLengths) {
          if (ctx.cancelled()) return {};
          std::vector<gb::TextPair> pairs;
          for (int b = 0; b < 32; ++b) {
            const std::string cut = letters.substr(size_t(b * 2), size_t(length));
            pairs.push_back({cut, std::string(cut.rbegin(), cut.rend())});
          }
          auto examples = gb::examples_from_pairs(pairs, s.tokenizer, c, gb::LengthPolicy::Truncate, nullptr);
          if (!examples || examples->empty()) break;
          gb::PlanRequest pr;
          pr.config = &c;
          pr.params = &params;
          pr.data = &*examples;
          pr.options = o;
          pr.memory_limit = cap;
          auto plan = gb::plan_training(pr);
          if (!plan) break;
          gb::Trainer trainer(*plan, params);
          trainer.set_cancel(ctx.cancelFlag());
          std::vector<double> seconds;
          for (int step = 0; step < 4; ++step) {
            const auto t0 = Clock::now();
            const gb::StepReport& rep = trainer.step();
            if (rep.cancelled) return {};
            if (step > 0) seconds.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
          }
          const gb::Example& e = examples->front();
          s.timeByLength.push_back({int(c.has_source() ? e.z.size() : (e.x.size() - 3) / 2), 1000.0 * *std::min_element(seconds.begin(), seconds.end()),
                                    sequentialSteps(c, e)});
        }
      }
    }
    return [this, out] {
      mResult = std::move(*out);
      emit finished(QString());
    };
  });
}
