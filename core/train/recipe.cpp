#include "core/train/recipe.h"

#include "core/family.h"

#include <algorithm>

namespace gb {

TrainChoices default_choices(OptimizerKind kind, Variant family) {
  TrainChoices c;
  c.optimizer = kind;
  c.lr = gb::family(family).adamw_lr;
  if (gb::family(family).trained_by == TrainedBy::Em) c.steps = 50;  // a step is an EM iteration over all the data
  if (kind == OptimizerKind::SGD) {
    c.lr = 1e-2f;
    c.batch = 1;
    c.cosine = false;
  }
  return c;
}

TrainOptions train_options(const TrainChoices& c) {
  TrainOptions o;
  const bool adamw = c.optimizer == OptimizerKind::AdamW;
  o.opt.kind = c.optimizer;
  o.opt.lr = c.lr;
  if (c.cosine) {
    o.opt.warmup_steps = std::min(c.warmup, c.steps / 10);
    o.opt.decay_steps = std::max(1, c.steps - o.opt.warmup_steps);
  }
  if (adamw) o.opt.clip = 1.0f;
  o.batch_size = adamw ? c.batch : 1;
  o.loss = adamw ? LossKind::Mean : LossKind::Sum;
  o.shuffle = adamw;
  o.seed = c.seed;
  o.steps = c.steps;
  return o;
}

}  // namespace gb
