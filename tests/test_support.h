// test_support.h — small helpers shared by the tests (header-only; core types only).
#pragma once

#include "core/io/model_file.h"
#include "core/text/prepare.h"
#include "core/train/trainer.h"

#include <cstdio>
#include <cstdlib>
#include <string>

// The mean weight on the anti-diagonal of an attention map over n source positions: column j predicts the letter the
// source has at n − 1 − j when the model reverses (keys × queries; the first n columns).
inline double anti_diagonal_mass(const gb::MatF& A) {
  const int n = int(A.rows());
  double mass = 0;
  for (int j = 0; j < n; ++j) mass += A(n - 1 - j, j);
  return mass / n;
}

// The tests' data fits their models: a plan that fails is a bug in the test.
inline gb::TrainingPlan must_plan(const gb::Config& c, const gb::Params<float>& p, const std::vector<gb::Example>& d,
                                  const gb::TrainOptions& o, const gb::TrainingState* resume = nullptr) {
  gb::PlanRequest r;
  r.config = &c;
  r.params = &p;
  r.data = &d;
  r.options = o;
  if (resume) {
    r.resume_cursor = &resume->cursor;
    r.resume_optimizer = &resume->optimizer;
  }
  auto plan = gb::plan_training(r);
  if (!plan) {
    std::fprintf(stderr, "plan_training: %s\n", plan.error().message.c_str());
    std::abort();
  }
  return *plan;
}

// A model file of the reverse task with a saved training state whose data order is not a permutation (every
// entry the same example): a hostile cursor. It has done `steps` steps; its data is rebuilt from the description.
inline bool write_hostile_cursor_model(const std::string& path, int train_n, int steps) {
  auto d = gb::prepare_task("reverse", train_n, 10, 1, gb::PrepareOptions{});
  if (!d) return false;
  gb::Config c = gb::Config::make(gb::Variant::EncoderDecoder, d->tokenizer.size(), d->max_len, 1, 1, 2, 16, 32);
  c.bos_id = gb::Tokenizer::kBos;
  c.eos_id = gb::Tokenizer::kEos;
  c.pad_id = gb::Tokenizer::kPad;
  gb::ModelFile m = gb::ModelFile::of(c, gb::params_init(c, 5));
  m.tokenizer = d->tokenizer;
  m.data = d->description;
  for (int s = 1; s <= steps; ++s) m.history.push_back({s, 3.0 - 0.1 * s, 0.01, {}, {}, {}});
  gb::TrainingState st;
  st.options.steps = steps;
  st.options.opt.lr = 0.01f;
  st.cursor.step = steps;
  st.cursor.pos = 1;
  st.cursor.order.assign(d->train.size(), 0);
  m.training = st;
  return !gb::save_model(path, m);
}
