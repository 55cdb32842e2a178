// train: ED-Training / D-Training on token ids (JSON Lines), a text or pairs file, or the model's own task.
#include "args.h"
#include "commands.h"

#include "core/families/hmm/hmm_gmm.h"
#include "core/family.h"
#include "core/io/dataset.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/text/prepare.h"
#include "core/train/trainer.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace gbcli {

const std::vector<OptionSpec> kTrainSpecs = {
    {"model", true, "model file to start from"},
    {"data", true, "JSON Lines of ids, a .tsv/.csv of pairs or a text file (default: the model's task)"},
    {"out", true, "model file to write (with tokenizer, history and the state to resume)"},
    {"optimizer", true, "sgd | adamw (default sgd)"},
    {"lr", true, "learning rate η (default 0.01 for sgd, 0.001 for adamw)"},
    {"epochs", true, "passes over the data (default 1)"},
    {"steps", true, "optimizer steps (instead of --epochs)"},
    {"batch-size", true, "sequences per step (default 1)"},
    {"loss", true, "sum | mean (default sum, the seeds' J)"},
    {"clip", true, "clip the global gradient norm (0 = off, default)"},
    {"weight-decay", true, "AdamW weight decay on matrices (default 0)"},
    {"warmup", true, "warm-up steps (default 0)"},
    {"cosine", false, "cosine decay of the learning rate to 10% over the run"},
    {"no-shuffle", false, "keep the data order (the seeds' order)"},
    {"seed", true, "seed for data order and dropout (default 0)"},
    {"recipe", false, "a task model: train with the task's default budget (AdamW, batch 32, its steps)"},
    {"resume", false, "go on from the training state stored in --model (same data, optimizer and seed)"},
    {"log", true, "write one JSON object per step to this file"},
    {"val-data", true, "validation examples (JSON Lines of ids; text data brings its own split)"},
    {"val-fraction", true, "text/pairs data: the last fraction is for validation (default 0.1)"},
    {"eval-every", true, "evaluate on the validation set every N steps (default: at the end only)"},
    {"exact-match", false, "at the end, greedy-decode the validation pairs and report the exact-match rate"},
    {"reject-malformed", false, "pairs data: a malformed line is an error (default: skip it and report)"},
    {"long", true, "examples longer than ℓ_max: filter (leave out, default) | truncate | reject"},
    {"json", false, "at the end, print a summary as JSON: file, steps, losses, validation, exact match"},
    {"help", false, "show this help"},
};
const char* const kTrainSynopsis =
    "glassbox-cli train --model MODEL [--data DATA] --out MODEL2 [options]\n"
    "  seed-exact mode: --optimizer sgd --batch-size 1 --loss sum --clip 0 --no-shuffle";

static bool ends_with(const std::string& s, const char* suf) {
  const std::string t(suf);
  return s.size() >= t.size() && s.compare(s.size() - t.size(), t.size(), t) == 0;
}

// A family that reads observations (hmm-gmm): a numbers file (recognised by its content, whatever its name; the
// last val_fraction of its sequences kept for validation), or the phoneme task the model was made with.
static std::optional<ModelData> load_observation_data(const char* cmd, const Args& args, const gb::ModelFile& m,
                                                      double val_fraction, int* status) {
  auto failure = [&](int st) -> std::optional<ModelData> {
    *status = st;
    return std::nullopt;
  };
  ModelData out;
  // what the file says it was made with (read with care: a hostile file's fields may be of any type)
  auto text = [&](const char* k) {
    return m.data.is_object() && m.data.contains(k) && m.data[k].is_string() ? m.data[k].get<std::string>() : std::string();
  };
  std::optional<std::string> path = args.get("data");
  if (!path && text("kind") == "file" && text("format") == "observations" && !text("path").empty()) path = text("path");
  if (path) {
    auto d = gb::read_observations(*path, m.config.obs_dim);
    if (!d) return failure(fail(cmd, d.error().message));
    out.train = std::move(*d);
    size_t n_val = size_t(double(out.train.size()) * std::clamp(val_fraction, 0.0, 1.0));
    if (n_val >= out.train.size()) n_val = out.train.size() - 1;  // at least one sequence to train on
    out.val.assign(out.train.end() - long(n_val), out.train.end());
    out.train.resize(out.train.size() - n_val);
    out.description = gb::Json{{"kind", "file"}, {"path", *path}, {"format", "observations"}};
  } else if (text("task") == "phoneme") {
    auto tn = gb::json_int(m.data, "train_size", "glassbox.data", 1, 1 << 20);
    auto vn = gb::json_int(m.data, "val_size", "glassbox.data", 0, 1 << 20);
    if (!tn || !vn) return failure(fail(cmd, (!tn ? tn.error() : vn.error()).message));
    const uint64_t seed = m.data.contains("seed") && m.data["seed"].is_number_unsigned() ? m.data["seed"].get<uint64_t>() : 0;
    gb::PhonemeTask t = gb::phoneme_task(int(*tn), int(*vn), seed);
    if (t.train.front().obs.rows() != m.config.obs_dim)
      return failure(fail(cmd, "the phoneme task's observations have 2 numbers, the model reads " +
                                   std::to_string(m.config.obs_dim) + ": give --data"));
    out.train = std::move(t.train);
    out.val = std::move(t.val);
    out.description = m.data;
  } else {
    return failure(fail(cmd, "this " + gb::family(m.config).name + " model was made with no task or file: give --data (one "
                             "observation per line, numbers separated by spaces or commas, a blank line between "
                             "sequences)", 2));
  }
  int64_t n = 0;
  for (const auto& e : out.train) n += e.obs.cols();
  std::fprintf(stderr, "data: %zu training, %zu validation sequences (%lld observations of dimension %d to train on)\n",
               out.train.size(), out.val.size(), (long long)n, m.config.obs_dim);
  return out;
}

std::optional<ModelData> load_model_data(const char* cmd, const Args& args, const gb::ModelFile& m, double val_fraction,
                                         int* status) {
  if (gb::family(m.config).observations) return load_observation_data(cmd, args, m, val_fraction, status);
  auto failure = [&](int st) -> std::optional<ModelData> {
    *status = st;
    return std::nullopt;
  };
  ModelData out;
  out.description = m.data;
  const auto data_arg = args.get("data");
  if (data_arg && (ends_with(*data_arg, ".jsonl") || gb::looks_like_jsonl(*data_arg))) {  // by content too
    auto d = gb::load_jsonl_ids(*data_arg, m.config);
    if (!d) return failure(fail(cmd, d.error().message));
    out.train = std::move(*d);
    out.description = gb::Json{{"kind", "file"}, {"path", *data_arg}, {"format", "ids"}};
    return out;
  }
  if (!m.tokenizer) return failure(fail(cmd, "this model has no tokenizer: give --data as JSON Lines of ids", 2));
  gb::PrepareOptions po;
  po.variant = m.config.variant;
  po.tokenizer = &*m.tokenizer;
  po.max_len = m.config.max_len;
  auto lp = length_policy(args);
  if (!lp) return failure(fail(cmd, lp.error().message, 2));
  po.length = *lp;
  po.malformed = args.has("reject-malformed") ? gb::MalformedPolicy::Reject : gb::MalformedPolicy::Skip;
  po.val_fraction = val_fraction;
  const bool tty = ::isatty(STDERR_FILENO);
  po.progress = [&](uint64_t done, uint64_t total) {
    if (tty) std::fprintf(stderr, "\rloading %3.0f%%", 100.0 * double(done) / double(std::max<uint64_t>(1, total)));
    return true;
  };
  auto d = data_arg ? gb::prepare_file(*data_arg, po) : gb::prepare_from_description(m.data, po);
  if (tty) std::fprintf(stderr, "\r              \r");
  if (!d) return failure(fail(cmd, d.error().message));
  out.train = std::move(d->train);
  out.val = std::move(d->val);
  out.val_pairs = std::move(d->val_pairs);
  out.description = d->description;
  const auto& r = d->report;
  std::fprintf(stderr, "data: %zu training, %zu validation examples", out.train.size(), out.val.size());
  if (r.too_long)
    std::fprintf(stderr, "; %d longer than ℓ_max = %d %s (longest: %d tokens)", r.too_long, m.config.max_len,
                 po.length == gb::LengthPolicy::Truncate ? "truncated" : "left out", r.longest);
  if (r.unknown_tokens) {
    std::fprintf(stderr, "; %lld pieces not in the vocabulary became <unk> (e.g.", (long long)r.unknown_tokens);
    for (const auto& p : r.unknown_samples) std::fprintf(stderr, " '%s'", p.c_str());
    std::fprintf(stderr, ")");
  }
  if (d->description.contains("skipped") && d->description["skipped"].get<int>() > 0)
    std::fprintf(stderr, "; %d malformed lines skipped (first: line %d, %s)", d->description["skipped"].get<int>(),
                 d->description["skipped_lines"][0]["line"].get<int>(),
                 d->description["skipped_lines"][0]["reason"].get<std::string>().c_str());
  std::fprintf(stderr, "\n");
  return out;
}

int cmd_train(int argc, char** argv) {
  const char* cmd = "train";
  auto args = Args::parse(argc, argv, 2, kTrainSpecs);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text(kTrainSynopsis,
                          kTrainSpecs).c_str(), stdout);
    return 0;
  }
  TRY(model_path, args->require("model"));
  TRY(out_path, args->require("out"));
  auto m = gb::load_model(*model_path);
  if (!m) return fail(cmd, m.error().message);

  // The data: ids, a file through the model's tokenizer, or the model's own task.
  TRY(vf, args->get_double("val-fraction", 0.1));
  int status = 0;
  auto loaded = load_model_data(cmd, *args, *m, *vf, &status);
  if (!loaded) return status;
  std::vector<gb::Example> data = std::move(loaded->train), val = std::move(loaded->val);
  std::vector<gb::TextPair> val_pairs = std::move(loaded->val_pairs);
  gb::Json data_desc = std::move(loaded->description);
  if (auto vp = args->get("val-data")) {
    auto v = gb::family(m->config).observations ? gb::read_observations(*vp, m->config.obs_dim)
                                                : gb::load_jsonl_ids(*vp, m->config);
    if (!v) return fail(cmd, v.error().message);
    val = std::move(*v);
  }

  gb::TrainOptions o;
  const bool resume = args->has("resume");
  if (resume) {
    if (!m->training) return fail(cmd, *model_path + " holds no training state to resume from", 2);
    o = m->training->options;
  } else if (args->has("recipe")) {
    if (!m->data.is_object() || !m->data.contains("task")) return fail(cmd, "--recipe needs a model made with --task", 2);
    auto info = gb::find_task(m->data["task"].get<std::string>());
    if (!info) return fail(cmd, info.error().message);
    TRY(seed, args->get_int("seed", 0, 0, 1LL << 62));
    o = gb::task_recipe(*info, uint64_t(*seed));
  } else {
    auto kind = gb::parse_optimizer(args->get("optimizer").value_or("sgd"));
    if (!kind) return fail(cmd, kind.error().message, 2);
    o.opt.kind = *kind;
    TRY(lr, args->get_double("lr", o.opt.kind == gb::OptimizerKind::SGD ? 0.01 : 0.001));
    if (!(*lr > 0) || !std::isfinite(*lr)) return fail(cmd, "--lr must be a positive number", 2);
    o.opt.lr = float(*lr);
    TRY(bs, args->get_int("batch-size", 1, 1, 1 << 20));
    o.batch_size = int(*bs);
    const std::string loss = args->get("loss").value_or("sum");
    if (loss != "sum" && loss != "mean") return fail(cmd, "--loss: expected sum or mean, got '" + loss + "'", 2);
    o.loss = loss == "sum" ? gb::LossKind::Sum : gb::LossKind::Mean;
    TRY(clip, args->get_double("clip", 0.0));
    if (*clip < 0) return fail(cmd, "--clip must be 0 (off) or positive", 2);
    o.opt.clip = float(*clip);
    TRY(wd, args->get_double("weight-decay", 0.0));
    o.opt.weight_decay = float(*wd);
    TRY(warm, args->get_int("warmup", 0, 0, 1 << 30));
    o.opt.warmup_steps = int(*warm);
    o.shuffle = !args->has("no-shuffle");
    TRY(seed, args->get_int("seed", 0, 0, 1LL << 62));
    o.seed = uint64_t(*seed);
  }
  const bool em = gb::family(m->config).trained_by == gb::TrainedBy::Em;  // a step is an EM iteration over all the data
  const int per_epoch = em ? 1 : int((data.size() + size_t(o.batch_size) - 1) / size_t(o.batch_size));
  if (args->has("steps") && args->has("epochs")) return fail(cmd, "give --epochs or --steps, not both", 2);
  TRY(epochs, args->get_int("epochs", 1, 1, 1 << 20));
  const int done_before = resume ? m->training->cursor.step : 0;
  const long long default_steps = args->has("recipe") && !args->has("epochs") ? o.steps : (long long)(*epochs) * per_epoch;
  TRY(steps, args->get_int("steps", default_steps, 1, 1LL << 31));
  o.steps = done_before + int(*steps);
  if (args->has("cosine") && !resume) o.opt.decay_steps = std::max(1, o.steps - o.opt.warmup_steps);
  // Everything the run needs, checked before it starts (the same plan the workbench asks for).
  gb::PlanRequest req;
  req.config = &m->config;
  req.params = &m->params;
  req.data = &data;
  req.options = o;
  if (resume) {
    req.resume_cursor = &m->training->cursor;
    req.resume_optimizer = &m->training->optimizer;
  }
  auto plan = gb::plan_training(req);
  if (!plan) return fail(cmd, (resume ? "--resume: " : "") + plan.error().message, 2);

  std::unique_ptr<std::FILE, int (*)(std::FILE*)> log(nullptr, &std::fclose);
  if (auto lp = args->get("log")) {
    log.reset(std::fopen(lp->c_str(), "w"));
    if (!log) return fail(cmd, *lp + ": cannot open for writing");
  }
  TRY(eval_every, args->get_int("eval-every", 0, 0, 1 << 30));
  std::vector<gb::HistoryPoint>& history = m->history;
  gb::EvalWorkspace eval_space;  // the validations' activations, made once
  auto report_eval = [&](int step) {
    const gb::EvalReport e = gb::evaluate(m->config, m->params, val, std::max(1, o.batch_size), &eval_space);
    if (gb::family(m->config).observations)
      std::fprintf(stderr, "%sstep %d validation: −log p %.4f nats per observation\n",
                   ::isatty(STDERR_FILENO) ? "\n" : "", step, e.loss);
    else
      std::fprintf(stderr, "%sstep %d validation: loss %.4f, token accuracy %.2f%%, sequence accuracy %.2f%%\n",
                   ::isatty(STDERR_FILENO) ? "\n" : "", step, e.loss, 100 * e.token_accuracy, 100 * e.sequence_accuracy);
    if (!history.empty() && history.back().step == step) {
      history.back().val_loss = e.loss;
      history.back().val_token_accuracy = e.token_accuracy;
      history.back().val_sequence_accuracy = e.sequence_accuracy;
    }
    if (log) {
      gb::Json j{{"step", step}, {"val_loss", e.loss}, {"val_token_accuracy", e.token_accuracy},
                 {"val_sequence_accuracy", e.sequence_accuracy}};
      std::fprintf(log.get(), "%s\n", j.dump().c_str());
    }
  };
  const bool tty = ::isatty(STDERR_FILENO);
  gb::Trainer trainer(*plan, m->params);
  const auto t0 = std::chrono::steady_clock::now();
  double last_print = -1;
  const int total = o.steps - done_before;
  std::optional<double> last_loglik;
  trainer.run([&](const gb::StepReport& r) {
    if (r.fault) return false;  // nothing of a faulted step enters the history
    if (r.loglik) last_loglik = *r.loglik;
    if (em && args->has("json") && r.loglik)  // one line per EM iteration, before the summary
      std::printf("%s\n", gb::Json{{"iteration", r.step + 1}, {"loglik", *r.loglik}}.dump().c_str());
    gb::HistoryPoint point{r.step + 1, r.loss, double(r.lr), {}, {}, {}, double(r.grad_norm), {}, r.loglik};
    point.grad_norms.assign(r.grad_norms.begin(), r.grad_norms.end());
    gb::append_history(history, std::move(point));  // per-tensor norms thinned as the window does
    if (log) {
      gb::Json j{{"step", r.step}, {"loss", r.loss}, {"lr", r.lr}, {"grad_norm", r.grad_norm}, {"tokens", r.tokens}};
      std::fprintf(log.get(), "%s\n", j.dump().c_str());
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const int done = r.step + 1 - done_before;
    const bool last = done == total;
    if (tty ? (secs - last_print > 0.1 || last) : (done % std::max(1, total / 20) == 0 || last)) {
      last_print = secs;
      if (tty) {
        const int width = 30, filled = int(width * double(done) / total);
        std::fprintf(stderr, "\r[%.*s%*s] %d/%d  loss %.4f  %.1fs, %.0fs left ", filled,
                     "##############################", width - filled, "", done, total, r.loss, secs,
                     secs / done * (total - done));
      } else if (em && r.loglik) {
        std::fprintf(stderr, "EM iteration %d/%d log-likelihood %.4f (loss %.6f) %.1fs\n", done, total, *r.loglik,
                     r.loss, secs);
      } else {
        std::fprintf(stderr, "step %d/%d loss %.6f lr %.3g %.1fs\n", done, total, r.loss, r.lr, secs);
      }
      if (tty && last) std::fputc('\n', stderr);
    }
    if (!val.empty() && *eval_every > 0 && done % *eval_every == 0 && !last) report_eval(r.step + 1);
    return true;
  });
  if (const auto& f = trainer.fault()) {  // never save non-finite parameters, nor pretend the run went well
    const bool param = f->kind == gb::NumericFault::Kind::Parameter;
    std::fprintf(stderr, "%s", tty ? "\n" : "");
    if (em && gb::family(m->config).observations)
      return fail(cmd, "EM iteration " + std::to_string(f->step) + ": the training data's log density is -inf or NaN; "
                       "no update was made, nothing was saved");
    if (em)  // no η to blame: the model gives a training token probability 0 (EM cannot learn what it rules out)
      return fail(cmd, "EM iteration " + std::to_string(f->step) + ": the training data's log-likelihood is -inf or "
                       "NaN (the model gives a token of the data probability 0, as EM does to every token its "
                       "earlier training lacked); no update was made, nothing was saved. Build the model again for "
                       "this data (glassbox-cli init --data ...)");
    return fail(cmd,
                std::string("step ") + std::to_string(f->step) + ": the " + gb::numeric_fault_name(f->kind) +
                    (f->tensor.empty() ? std::string() : " of tensor '" + f->tensor + "'") +
                    " became NaN or infinite; " +
                    (param ? "the parameters of that step are not finite" : "no update was made") +
                    ". Nothing was saved. Try a smaller learning rate (--lr) or gradient clipping (--clip 1)");
  }
  if (!val.empty()) report_eval(trainer.steps_done());
  gb::Json summary{{"path", *out_path}, {"steps", trainer.steps_done()}, {"steps_run", total},
                   {"examples", data.size()}};
  if (!history.empty()) {
    // the first point of this run (the history keeps a bounded number of points: not one per step)
    const int before = trainer.steps_done() - total;
    const auto first = std::find_if(history.begin(), history.end(), [before](const gb::HistoryPoint& p) {
      return p.step > before;
    });
    summary["first_loss"] = (first != history.end() ? *first : history.back()).loss;
    summary["last_loss"] = history.back().loss;
    if (history.back().val_loss && gb::family(m->config).observations)  // (no tokens to get right)
      summary["validation"] = {{"loss", *history.back().val_loss}};
    else if (history.back().val_loss)
      summary["validation"] = {{"loss", *history.back().val_loss},
                               {"token_accuracy", history.back().val_token_accuracy.value_or(0.0)},
                               {"sequence_accuracy", history.back().val_sequence_accuracy.value_or(0.0)}};
  }
  // EM: the training data's log-likelihood at the last iteration (under the parameters it started from)
  if (last_loglik) summary["loglik"] = *last_loglik;
  if (args->has("exact-match") && m->tokenizer && !val_pairs.empty()) {
    const double em = gb::exact_match(m->config, m->params, *m->tokenizer, val_pairs);
    std::fprintf(stderr, "exact match on %zu validation pairs: %.2f%%\n", val_pairs.size(), 100 * em);
    summary["exact_match"] = em;
  }
  m->data = data_desc;
  m->training = gb::TrainingState{o, trainer.cursor(), trainer.optimizer_state()};
  if (auto e = gb::save_model(*out_path, *m)) return fail(cmd, e->message);
  if (args->has("json")) std::printf("%s\n", summary.dump().c_str());
  return 0;
}

}  // namespace gbcli
