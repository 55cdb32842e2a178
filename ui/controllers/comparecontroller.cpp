#include "comparecontroller.h"

#include "backgroundjob.h"
#include "errortext.h"
#include "memorylimit.h"

#include "core/train/memory.h"

#include <QCoreApplication>


CompareController::CompareController(QObject* parent) : QObject(parent), mJob(new BackgroundJob(this)) {
  connect(mJob, &BackgroundJob::progress, this, &CompareController::progress);
  connect(mJob, &BackgroundJob::runningChanged, this, &CompareController::runningChanged);
}

bool CompareController::running() const { return mJob->running(); }

void CompareController::cancel() { mJob->cancel(); }

bool CompareController::followTask(const QString& task) {
  bool dropped = false;
  if (running() && mRunningTask != task) {
    mJob->cancel();  // (its result, should it come, is dropped by the job)
    dropped = true;
  }
  if (mResult && mResult->task != task) {
    mResult.reset();
    dropped = true;
  }
  return dropped;
}

void CompareController::start(const QString& task, int layers, int heads, int dE, int dMlp, int steps, quint64 seed) {
  const std::string name = task.toStdString();
  mRunningTask = task;
  const qint64 cap = MemoryLimit::capBytes();  // the settings' cap, read here (GUI thread)
  mJob->run([this, name, layers, heads, dE, dMlp, steps, seed, cap](BackgroundJob::Context& ctx) -> BackgroundJob::Deliver {
    auto fail = [this](const QString& message) -> BackgroundJob::Deliver {
      return [this, message] { emit finished(message); };
    };
    auto info = gb::find_task(name);
    if (!info) return fail(errorText(info.error()));
    auto out = std::make_shared<Result>();
    out->task = QString::fromStdString(name);
    // the same pairs for both: the same task, sizes and seed; each variant lays them out its own way
    struct Run {
      Side* side;
      gb::PreparedData data;
      std::optional<gb::TrainingPlan> plan;
      std::unique_ptr<gb::Trainer> trainer;
    };
    Run runs[2] = {{&out->ed, {}, {}, {}}, {&out->d, {}, {}, {}}};
    const int trainN = std::min(info->train_size, 4000), valN = 50;
    const int threads = gb::training_threads();
    for (int k = 0; k < 2; ++k) {
      if (ctx.cancelled()) return {};
      gb::PrepareOptions o;
      o.variant = k == 0 ? gb::Variant::EncoderDecoder : gb::Variant::DecoderOnly;
      auto data = gb::prepare_task(name, trainN, valN, seed, o);
      if (!data) return fail(errorText(data.error()));
      runs[k].data = std::move(*data);
      Side& s = *runs[k].side;
      s.tokenizer = runs[k].data.tokenizer;
      s.trainPairs = runs[k].data.train_pairs;
      s.config = gb::Config::make(o.variant, s.tokenizer.size(), runs[k].data.max_len, k == 0 ? layers : 0, layers,
                                  heads, dE, dMlp);
      s.config.bos_id = gb::Tokenizer::kBos;
      s.config.eos_id = gb::Tokenizer::kEos;
      s.config.pad_id = gb::Tokenizer::kPad;
      if (auto e = s.config.validate()) return fail(errorText(*e));
    }
    // Both models train at once: planned together against the cap before either is allocated.
    gb::TrainOptions to = gb::task_recipe(*info, seed);
    to.steps = steps;
    {
      int64_t need = 0;
      for (const Run& run : runs) need += gb::training_memory(run.side->config, to, threads).total();
      if (auto e = gb::check_memory(gb::ErrorCode::PlanMemory, need, cap)) return fail(errorText(*e));
    }
    for (int k = 0; k < 2; ++k) {
      if (ctx.cancelled()) return {};
      Side& s = *runs[k].side;
      s.params = gb::params_init(s.config, seed);
      s.parameterCount = gb::params_count(s.config);
      gb::PlanRequest r;
      r.config = &s.config;
      r.params = &s.params;
      r.data = &runs[k].data.train;
      r.options = to;
      r.memory_limit = cap;
      auto plan = gb::plan_training(r);
      if (!plan) return fail(errorText(plan.error()));
      runs[k].plan.emplace(std::move(*plan));
      runs[k].trainer = std::make_unique<gb::Trainer>(*runs[k].plan, s.params);
      runs[k].trainer->set_cancel(ctx.cancelFlag());  // Cancel, New: the step in progress ends at its next check
    }
    // alternating: a step of one, a step of the other
    for (int step = 0; step < steps; ++step)
      for (int k = 0; k < 2; ++k) {
        if (!ctx.progress(2 * step + k, 2 * steps)) return {};
        const gb::StepReport& rep = runs[k].trainer->step();
        if (rep.cancelled) return {};
        if (rep.fault) return fail(QCoreApplication::translate("CompareController", "Training diverged at step %1.").arg(step + 1));
        runs[k].side->losses.push_back(rep.loss);
      }
    runs[0].trainer.reset();
    runs[1].trainer.reset();
    // the probe: the first validation pair's source, read by both
    const auto& val = runs[0].data.val_pairs;
    if (val.empty()) return fail(QCoreApplication::translate("CompareController", "The task has no validation pairs."));
    out->input = val.front().source;
    for (int k = 0; k < 2; ++k) {
      Side& s = *runs[k].side;
      gb::ProbeText probe;
      probe.source = out->input;
      probe.known_target = val.front().target;
      auto e = gb::probe_example(s.config, s.params, s.tokenizer, probe);
      if (!e) return fail(QCoreApplication::translate("CompareController", "The probe does not fit the model."));
      s.probe = *e;
      s.trace = gb::trace_forward(s.config, s.params, s.probe);
      s.greedy = gb::greedy_text(s.config, s.params, s.tokenizer, out->input);
    }
    return [this, out] {
      mResult = std::move(*out);
      emit finished(QString());
    };
  });
}
