// test_support.h — small helpers shared by the tests (header-only; core types only).
#pragma once

#include "core/io/model_file.h"
#include "core/text/prepare.h"
#include "core/model/model.h"
#include "core/train/loss.h"
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
// Every entry of every tensor of p against central differences of J = −Σ log P[x_{j+1}, j] over batch b (in double):
// the first entry whose backpropagated derivative differs by more than tol·max(1, |numeric|), said; empty when none
// does. *checked counts the entries compared.
inline std::string first_gradient_mismatch(const gb::Config& c, gb::Params<double> p, const gb::Batch& b, double tol,
                                           int64_t* checked) {
  auto loss = [&](const gb::Params<double>& q) {
    gb::Activations<double> act;
    gb::model_forward(act, c, q, b);
    return gb::loss_forward_backward<double>(nullptr, act.logits, b, gb::LossKind::Sum).loss_sum;
  };
  gb::Activations<double> act;
  gb::model_forward(act, c, p, b);
  gb::Workspace<double> ws;
  gb::loss_forward_backward<double>(&ws.dlogits, act.logits, b, gb::LossKind::Sum);
  gb::Grads<double> g = gb::params_zeros<double>(c);
  gb::model_backward(g, ws, act, ws.dlogits, c, p, b);
  std::vector<gb::TensorRef<double>> grads;
  gb::for_each_tensor(c, g, [&](const std::string&, gb::TensorRef<double> t) { grads.push_back(t); });
  const double h = 1e-6;
  std::string problem;
  size_t k = 0;
  *checked = 0;
  gb::for_each_tensor(c, p, [&](const std::string& name, gb::TensorRef<double> t) {
    const gb::TensorRef<double> gt = grads[k++];
    for (Eigen::Index i = 0; i < t.size() && problem.empty(); ++i) {
      const double keep = t.data[i];
      t.data[i] = keep + h;
      const double up = loss(p);
      t.data[i] = keep - h;
      const double down = loss(p);
      t.data[i] = keep;
      const double numeric = (up - down) / (2 * h);
      if (std::abs(numeric - gt.data[i]) > tol * std::max(1.0, std::abs(numeric)))
        problem = name + "[" + std::to_string(i) + "]: backprop " + std::to_string(gt.data[i]) + ", central difference " +
                  std::to_string(numeric);
      ++*checked;
    }
  });
  return problem;
}

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
