// train: ED-Training / D-Training on JSON Lines of token ids.
#include "args.h"
#include "commands.h"

#include "core/io/dataset.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/train/trainer.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <unistd.h>

namespace gbcli {

static const std::vector<OptionSpec> kTrainSpecs = {
    {"model", true, "model file to start from"},
    {"data", true, "JSON Lines: {\"ids\": [...]} or {\"source\": [...], \"target\": [...]} per line"},
    {"out", true, "model file to write"},
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
    {"log", true, "write one JSON object per step to this file"},
    {"val-data", true, "validation examples (same format as --data): mean loss, token and sequence accuracy"},
    {"eval-every", true, "evaluate on --val-data every N steps (default: at the end only)"},
    {"help", false, "show this help"},
};

#define TRY(var, expr)                                   \
  auto var = (expr);                                     \
  if (!var) return fail(cmd, var.error().message, 2);

int cmd_train(int argc, char** argv) {
  const char* cmd = "train";
  auto args = Args::parse(argc, argv, 2, kTrainSpecs);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text("glassbox-cli train --model MODEL --data DATA.jsonl --out MODEL2 [options]\n"
                          "  seed-exact mode: --optimizer sgd --batch-size 1 --loss sum --clip 0 --no-shuffle",
                          kTrainSpecs).c_str(), stdout);
    return 0;
  }
  TRY(model_path, args->require("model"));
  TRY(data_path, args->require("data"));
  TRY(out_path, args->require("out"));
  auto m = gb::load_model(*model_path);
  if (!m) return fail(cmd, m.error().message);
  auto data = gb::load_jsonl_ids(*data_path, m->config);
  if (!data) return fail(cmd, data.error().message);

  gb::TrainOptions o;
  TRY(optname, args->get("optimizer") ? gb::Result<std::string>(*args->get("optimizer")) : gb::Result<std::string>("sgd"));
  auto kind = gb::parse_optimizer(*optname);
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
  const int per_epoch = int((data->size() + size_t(o.batch_size) - 1) / size_t(o.batch_size));
  if (args->has("steps") && args->has("epochs")) return fail(cmd, "give --epochs or --steps, not both", 2);
  TRY(epochs, args->get_int("epochs", 1, 1, 1 << 20));
  TRY(steps, args->get_int("steps", (long long)(*epochs) * per_epoch, 1, 1LL << 31));
  o.steps = int(*steps);
  if (args->has("cosine")) o.opt.decay_steps = std::max(1, o.steps - o.opt.warmup_steps);

  std::unique_ptr<std::FILE, int (*)(std::FILE*)> log(nullptr, &std::fclose);
  if (auto lp = args->get("log")) {
    log.reset(std::fopen(lp->c_str(), "w"));
    if (!log) return fail(cmd, *lp + ": cannot open for writing");
  }
  std::vector<gb::Example> val;
  if (auto vp = args->get("val-data")) {
    auto v = gb::load_jsonl_ids(*vp, m->config);
    if (!v) return fail(cmd, v.error().message);
    val = std::move(*v);
  }
  TRY(eval_every, args->get_int("eval-every", 0, 0, 1 << 30));
  auto report_eval = [&](int step) {
    const gb::EvalReport e = gb::evaluate(m->config, m->params, val, std::max(1, o.batch_size));
    std::fprintf(stderr, "%sstep %d validation: loss %.4f, token accuracy %.2f%%, sequence accuracy %.2f%%\n",
                 ::isatty(STDERR_FILENO) ? "\n" : "", step, e.loss, 100 * e.token_accuracy, 100 * e.sequence_accuracy);
    if (log) {
      gb::Json j{{"step", step}, {"val_loss", e.loss}, {"val_token_accuracy", e.token_accuracy},
                 {"val_sequence_accuracy", e.sequence_accuracy}};
      std::fprintf(log.get(), "%s\n", j.dump().c_str());
    }
  };
  const bool tty = ::isatty(STDERR_FILENO);
  gb::Trainer trainer(m->config, m->params, *data, o);
  const auto t0 = std::chrono::steady_clock::now();
  double last_print = -1;
  trainer.run([&](const gb::StepReport& r) {
    if (log) {
      gb::Json j{{"step", r.step}, {"loss", r.loss}, {"lr", r.lr}, {"grad_norm", r.grad_norm}, {"tokens", r.tokens}};
      std::fprintf(log.get(), "%s\n", j.dump().c_str());
    }
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    const bool last = r.step + 1 == o.steps;
    if (tty ? (secs - last_print > 0.1 || last) : ((r.step + 1) % std::max(1, o.steps / 20) == 0 || last)) {
      last_print = secs;
      if (tty)
        std::fprintf(stderr, "\rstep %d/%d  loss %.4f  %.1fs ", r.step + 1, o.steps, r.loss, secs);
      else
        std::fprintf(stderr, "step %d/%d loss %.6f lr %.3g %.1fs\n", r.step + 1, o.steps, r.loss, r.lr, secs);
      if (tty && last) std::fputc('\n', stderr);
    }
    if (!val.empty() && *eval_every > 0 && (r.step + 1) % *eval_every == 0 && !last) report_eval(r.step + 1);
    return true;
  });
  if (!val.empty()) report_eval(trainer.steps_done());
  if (auto e = gb::save_model(*out_path, {m->config, m->params, m->extra})) return fail(cmd, e->message);
  return 0;
}

}  // namespace gbcli
