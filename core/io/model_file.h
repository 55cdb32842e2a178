// model_file.h — a Glassbox model as a safetensors file (see docs/model-file.md).
//
// Metadata "glassbox.format" = "1" and "glassbox.config" = the Config as JSON; one F32 tensor per parameter,
// named and shaped as in the seeds (W_e is [d_e, |V|]), row-major. Optional parts, each checked on load:
//   "glassbox.tokenizer"  the tokenizer (kind, vocabulary with counts, BPE merges)
//   "glassbox.data"       what the model was trained on (a built-in task with its seed and sizes, or a file)
//   "glassbox.history"    the loss curves: one object per logged step
//   "glassbox.training"   the trainer's options and position (epoch, data order, generator state), with the
//                         optimizer's moments as tensors "opt.m.<name>", "opt.v.<name>" — enough to resume exactly.
//   "glassbox.last_step"  {"step": k}: what optimizer step k did, as tensors "last.grad.<name>" (∂J/∂θ as the
//                         optimizer used it) and "last.update.<name>" (Δθ) — the Parameters tab's maps, saved with
//                         a lesson so that it reopens as it was.
// Other metadata keys travel in `extra` untouched.
#pragma once

#include "core/config.h"
#include "core/error.h"
#include "core/io/json_util.h"
#include "core/io/safetensors.h"
#include "core/model/params.h"
#include "core/text/tokenizer.h"
#include "core/train/trainer.h"

#include <map>
#include <optional>
#include <string>

namespace gb {

struct HistoryPoint {
  int step = 0;
  double loss = 0;
  double lr = 0;
  std::optional<double> val_loss{}, val_token_accuracy{}, val_sequence_accuracy{};
  std::optional<double> grad_norm{};  // ‖∂J/∂θ‖ over all tensors, as the optimizer used it (before clipping)
  std::vector<float> grad_norms{};  // per tensor, in for_each_tensor order; empty when not recorded
  // A family trained by EM: the training data's total log-likelihood in nats under the parameters the iteration
  // started from (StepReport::loglik; "loglik" in the file); absent for the others.
  std::optional<double> loglik{};
};

// What one optimizer step did: its gradient and the change it made.
struct LastStep {
  int step = 0;
  Params<float> grad;    // ∂J/∂θ as the optimizer used it
  Params<float> update;  // Δθ = θ after − θ before
};

// Everything a trainer needs to go on exactly where it stopped.
struct TrainingState {
  TrainOptions options;
  Trainer::Cursor cursor;
  OptimizerState optimizer;  // m, v as Params-shaped tensors (AdamW), t
};

struct ModelFile {
  Config config;
  Params<float> params;
  std::map<std::string, std::string> extra;  // metadata not interpreted here
  std::optional<Tokenizer> tokenizer;
  Json data;                                 // null when unknown
  std::vector<HistoryPoint> history;
  std::optional<TrainingState> training;
  std::optional<LastStep> last_step;

  static ModelFile of(const Config& c, Params<float> p, std::map<std::string, std::string> extra = {}) {
    ModelFile m;
    m.config = c;
    m.params = std::move(p);
    m.extra = std::move(extra);
    return m;
  }
};

// Params → tensors (seed shapes, row-major) and back. The reverse checks that the tensor set and every shape
// match the config: a missing, extra or misshapen tensor is an Error naming it. Tensors whose names start with
// one of `ignore_prefixes` are left for the caller.
StFile params_to_safetensors(const Config& c, const Params<float>& p);
Result<Params<float>> params_from_safetensors(const Config& c, const StFile& f, const std::string& what,
                                              const std::vector<std::string>& ignore_prefixes = {});

// Writes the model atomically (see write_file_atomic); progress hears the bytes written and may cancel.
Status save_model(const std::string& path, const ModelFile& m, const Progress& progress = {});
Result<ModelFile> load_model(const std::string& path);
Result<ModelFile> model_from_safetensors(const StFile& f, const std::string& what);

Json history_to_json(const std::vector<HistoryPoint>& h);

// A long run keeps its loss, learning rate and global gradient norm at every step, but the per-tensor gradient
// norms (one float per tensor per step: 65 for config M) on a bounded number of points: those whose step is a
// multiple of the stride — the smallest power of two that leaves at most max_norm_points of them — and the newest
// point (the value the window shows now). A curve of 2048 points is as smooth as any plot is wide, and a 30-minute
// run of ~22,000 steps then holds ~0.6 MB of them instead of ~6 MB. The history written to a file is this one, so
// what reopens is what the window showed. Every appender (the window's training dock, glassbox-cli train) appends
// through here. Older files with a norm at every step keep them as read.
//
// The points themselves are bounded the same way: a run of any length keeps its first point, every point whose
// step is a multiple of the points' stride (the smallest power of two that leaves at most max_points of them),
// every point with a validation (a run validates about ten times), and the newest. Up to max_points steps that is
// every step; a tiny model trained for millions of steps (hundreds of thousands a second) kept every one, and the
// history alone grew by 100 MB a minute. Returns true when points other than the new one were removed (a reader
// that copied the history reads it again).
inline constexpr int kGradNormPoints = 2048;
inline constexpr int kHistoryPoints = 8192;
int grad_norm_stride(int step, int max_norm_points = kGradNormPoints);
bool append_history(std::vector<HistoryPoint>& h, HistoryPoint p, int max_norm_points = kGradNormPoints,
                    int max_points = kHistoryPoints);

}  // namespace gb
