// recipe.h — how a training run is set up from a few choices: the one definition that the window's Training dock,
// lessons, the tasks' recipes (task_recipe) and glassbox-cli train's defaults use.
//
// Two modes, as the seeds and practice have them:
//   AdamW — the practical mode: shuffled mini-batches, mean loss per token, clipping at 1, warm-up then cosine
//           decay to η/10 (warm-up at most a tenth of the run);
//   SGD   — seed-exact: one example a step, in order, the summed loss, no clipping, constant η unless chosen.
#pragma once

#include "core/config.h"
#include "core/train/trainer.h"

#include <cstdint>

namespace gb {

struct TrainChoices {
  OptimizerKind optimizer = OptimizerKind::AdamW;
  float lr = 2e-3f;      // η
  bool cosine = true;    // warm-up then cosine decay; false: constant η
  int warmup = 100;      // warm-up steps asked for (at most steps / 10 are used)
  int batch = 32;        // sequences a step (SGD: always 1)
  int steps = 1500;
  uint64_t seed = 0;
};

// The choices a fresh Training dock shows for an optimizer: AdamW η = 2·10⁻³ (or the family's own, FamilyInfo::
// adamw_lr), batches of 32, warm-up and cosine; SGD η = 10⁻², one example, constant η. A family trained by EM: 50
// steps (iterations), the rest unused.
TrainChoices default_choices(OptimizerKind kind, Variant family = Variant::EncoderDecoder);
// The run's options from the choices (the modes above).
TrainOptions train_options(const TrainChoices& c);

}  // namespace gb
