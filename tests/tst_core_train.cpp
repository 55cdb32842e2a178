// Training: determinism (same seed → bit-identical losses), cancellation between steps, the learning-rate
// schedule, clipping, and that both optimizers actually learn a small task.
#include <cmath>
#include "test_support.h"
#include "core/model/model.h"
#include "core/model/params.h"
#include "core/rng.h"
#include "core/io/model_file.h"
#include "core/train/trainer.h"
#include "core/text/tokenizer.h"

#include <QtTest>

using namespace gb;

static std::vector<Example> copy_task(const Config& c, int n, uint64_t seed) {
  Rng r(seed);
  std::vector<Example> ex;
  for (int i = 0; i < n; ++i) {
    Example e;
    const int len = 2 + int(r.below(3));
    std::vector<int> s;
    for (int k = 0; k < len; ++k) s.push_back(2 + int(r.below(uint64_t(c.vocab_size - 2))));
    if (c.is_ed()) {
      e.z = s;
      e.x = {0};  // bos
      e.x.insert(e.x.end(), s.begin(), s.end());
    } else {
      e.x = s;
      e.x.push_back(1);  // separator
      e.x.insert(e.x.end(), s.begin(), s.end());
    }
    ex.push_back(e);
  }
  return ex;
}

class TestCoreTrain : public QObject {
  Q_OBJECT
 private slots:
  void deterministic_data() {
    QTest::addColumn<bool>("ed");
    QTest::newRow("encoder-decoder") << true;
    QTest::newRow("decoder-only") << false;
  }
  void deterministic() {
    QFETCH(bool, ed);
    Config c = Config::make(ed ? Variant::EncoderDecoder : Variant::DecoderOnly, 8, 12, ed ? 1 : 0, 2, 2, 16, 32);
    c.dropout = 0.1f;
    const auto data = copy_task(c, 24, 3);
    auto run = [&](uint64_t seed) {
      Params<float> p = params_init(c, seed);
      TrainOptions o;
      o.opt.kind = OptimizerKind::AdamW;
      o.opt.lr = 3e-3f;
      o.opt.clip = 1.0f;
      o.batch_size = 5;
      o.shuffle = true;
      o.seed = seed;
      o.steps = 12;
      o.loss = LossKind::Mean;
      Trainer t(must_plan(c, p, data, o), p);
      std::vector<double> losses;
      t.run([&](const StepReport& r) { losses.push_back(r.loss); return true; });
      return losses;
    };
    const auto a = run(42), b = run(42), other = run(43);
    QCOMPARE(a.size(), size_t(12));
    for (size_t i = 0; i < a.size(); ++i) QCOMPARE(a[i], b[i]);  // bit-identical
    QVERIFY(a != other);
  }

  void cancel_between_steps() {
    const Config c = Config::make(Variant::DecoderOnly, 8, 12, 0, 1, 2, 8, 16);
    const auto data = copy_task(c, 10, 1);
    Params<float> p = params_init(c, 1);
    TrainOptions o;
    o.steps = 100;
    Trainer t(must_plan(c, p, data, o), p);
    int seen = 0;
    const int ran = t.run([&](const StepReport& r) { ++seen; return r.step < 6; });
    QCOMPARE(ran, 7);  // steps 0…6; the callback said stop after step 6
    QCOMPARE(seen, 7);
    QCOMPARE(t.steps_done(), 7);
  }

  void reports_every_tensor() {
    const Config c = Config::make(Variant::EncoderDecoder, 8, 12, 1, 1, 2, 8, 16);
    const auto data = copy_task(c, 4, 1);
    Params<float> p = params_init(c, 1);
    TrainOptions o;
    o.steps = 1;
    Trainer t(must_plan(c, p, data, o), p);
    const StepReport r = t.step();
    QCOMPARE(r.grad_norms.size(), t.tensor_names().size());
    QCOMPARE(t.tensor_names().front(), std::string("W_e"));
    QVERIFY(r.grad_norm > 0);
    double sq = 0;
    for (float g : r.grad_norms) sq += double(g) * g;
    QVERIFY(std::abs(std::sqrt(sq) - r.grad_norm) < 1e-4 * r.grad_norm);
    QVERIFY(r.loss > 0);
  }

  void records_updates_data() {
    QTest::addColumn<bool>("adamw");
    QTest::newRow("SGD") << false;
    QTest::newRow("AdamW") << true;
  }
  void records_updates() {
    QFETCH(bool, adamw);
    const Config c = Config::make(Variant::EncoderDecoder, 8, 12, 1, 1, 2, 8, 16);
    const auto data = copy_task(c, 6, 2);
    TrainOptions o;
    o.opt.kind = adamw ? OptimizerKind::AdamW : OptimizerKind::SGD;
    o.opt.lr = 0.01f;
    o.opt.weight_decay = adamw ? 0.1f : 0.0f;
    o.batch_size = 3;
    o.steps = 3;
    Params<float> p = params_init(c, 5), plain = params_init(c, 5);
    Trainer t(must_plan(c, p, data, o), p), reference(must_plan(c, plain, data, o), plain);
    t.record_updates(true);
    for (int s = 0; s < 3; ++s) {
      const Params<float> before = p;
      const double loss = t.step().loss;
      QCOMPARE(loss, reference.step().loss);  // recording does not change training
      auto bl = tensor_list(c, const_cast<Params<float>&>(before));
      auto al = tensor_list(c, p);
      auto ul = tensor_list(c, const_cast<Params<float>&>(t.last_update()));
      auto gl = tensor_list(c, const_cast<Grads<float>&>(t.grads()));
      double moved = 0;
      for (size_t i = 0; i < al.size(); ++i) {
        const MatF diff = al[i].mat() - bl[i].mat();
        QVERIFY((ul[i].mat() - diff).cwiseAbs().maxCoeff() <= 1e-6f);
        if (!adamw) QVERIFY((ul[i].mat() + o.opt.lr * gl[i].mat()).cwiseAbs().maxCoeff() <= 1e-7f);
        moved += diff.squaredNorm();
      }
      QVERIFY(moved > 0);
    }
  }

  // Small models train a shard in micro-batches (d_e × N activations within 16 KB): the step's loss and gradient
  // must be those of the whole batch at once.
  void micro_batches_equal_the_whole_batch() {
    const Config c = Config::make(Variant::EncoderDecoder, 10, 16, 1, 1, 2, 128, 64);  // 4096 / 128 = 32 tokens
    auto data = copy_task(c, 10, 9);  // x of 3…5 tokens: micro-batches of 6+ examples would not fit; 2…4 do
    for (auto& e : data) {  // lengthen to 11…13 tokens so that two examples make one micro-batch
      while (e.x.size() < 11) e.x.push_back(2 + int(e.x.size() % 7));
      while (e.z.size() < 10) e.z.push_back(3);
    }
    Params<float> p = params_init(c, 4), start = p;
    TrainOptions o;
    o.steps = 1;
    o.batch_size = 10;
    o.loss = LossKind::Sum;
    o.opt.lr = 0.0f;  // keep θ: only the gradient matters here
    Trainer t(must_plan(c, p, data, o), p);
    const StepReport r = t.step();
    // the reference: all ten examples in one padded batch
    std::vector<int> idx(10);
    for (int i = 0; i < 10; ++i) idx[size_t(i)] = i;
    const Batch b = make_batch(c, data, idx);
    Activations<float> act;
    Workspace<float> ws;
    model_forward(act, c, start, b);
    const LossStats st = loss_forward_backward(&ws.dlogits, act.logits, b, LossKind::Sum);
    Grads<float> g = params_zeros<float>(c);
    model_backward(g, ws, act, ws.dlogits, c, start, b);
    QVERIFY(std::abs(r.loss - st.loss_sum) <= 1e-4 * st.loss_sum);
    QCOMPARE(r.stats.tokens, st.tokens);
    auto got = tensor_list(c, const_cast<Grads<float>&>(t.grads())), want = tensor_list(c, g);
    for (size_t i = 0; i < got.size(); ++i) {
      const float scale = std::max(1e-3f, want[i].mat().cwiseAbs().maxCoeff());
      QVERIFY2((got[i].mat() - want[i].mat()).cwiseAbs().maxCoeff() <= 1e-4f * scale, t.tensor_names()[i].c_str());
    }
  }

  void schedule() {
    OptimizerOptions o;
    o.lr = 1.0f;
    o.warmup_steps = 4;
    o.decay_steps = 10;
    o.min_lr_ratio = 0.1f;
    QCOMPARE(schedule_lr(o, 0), 0.25f);
    QCOMPARE(schedule_lr(o, 3), 1.0f);
    QCOMPARE(schedule_lr(o, 4), 1.0f);
    QVERIFY(std::abs(schedule_lr(o, 9) - 0.55f) < 1e-6f);  // half-way: 0.1 + 0.9 · 0.5
    QVERIFY(std::abs(schedule_lr(o, 14) - 0.1f) < 1e-6f);
    QVERIFY(std::abs(schedule_lr(o, 100) - 0.1f) < 1e-6f);
  }

  void clipping_bounds_the_norm() {
    const Config c = Config::make(Variant::DecoderOnly, 5, 4, 0, 1, 1, 4, 4);
    Grads<float> g = params_zeros<float>(c);
    g.W_e.setConstant(3.0f);
    const double before = clip_grad_norm(tensor_list(c, g), 1.0f);
    QVERIFY(std::abs(before - 3.0 * std::sqrt(20.0)) < 1e-4);
    double after = 0;
    for_each_tensor(c, g, [&](const std::string&, TensorRef<float> t) { after += t.mat().squaredNorm(); });
    QVERIFY(std::abs(std::sqrt(after) - 1.0) < 1e-4);
  }

  void learns_copy_data() {
    QTest::addColumn<bool>("ed");
    QTest::addColumn<bool>("adamw");
    QTest::newRow("encoder-decoder, AdamW") << true << true;
    QTest::newRow("decoder-only, AdamW") << false << true;
    QTest::newRow("encoder-decoder, seed-exact SGD") << true << false;
    QTest::newRow("decoder-only, seed-exact SGD") << false << false;
  }
  void learns_copy() {
    QFETCH(bool, ed);
    QFETCH(bool, adamw);
    const Config c = Config::make(ed ? Variant::EncoderDecoder : Variant::DecoderOnly, 8, 12, ed ? 1 : 0, 2, 2, 32, 64);
    // AdamW learns the task from 32 examples; seed-exact SGD (slow on a sum loss) memorises 4 of them.
    const auto data = copy_task(c, adamw ? 32 : 4, 7);
    Params<float> p = params_init(c, 7);
    const double before = evaluate(c, p, data).loss;
    TrainOptions o;
    o.opt.kind = adamw ? OptimizerKind::AdamW : OptimizerKind::SGD;
    o.opt.lr = adamw ? 3e-3f : 0.02f;
    o.batch_size = adamw ? 8 : 1;
    o.loss = adamw ? LossKind::Mean : LossKind::Sum;
    o.shuffle = adamw;
    o.steps = adamw ? 300 : 4 * 150;
    Trainer t(must_plan(c, p, data, o), p);
    t.run(nullptr);
    const double after = evaluate(c, p, data).loss;
    const double target = adamw ? 0.5 : 0.25;
    qInfo("mean loss %.4f -> %.4f", before, after);
    QVERIFY2(after < target * before, qPrintable(QString("mean loss %1 → %2").arg(before).arg(after)));
  }

  // A workspace kept between calls gives the same figures, to the bit, as fresh activations: for either variant in
  // the same workspace one after the other, for a batch size that leaves a short last batch, and after training
  // changed the parameters (stale activations must not leak into the next call).
  void evaluate_in_a_kept_workspace() {
    EvalWorkspace ws;
    for (int round = 0; round < 2; ++round) {
      for (bool ed : {true, false}) {
        const Config c = Config::make(ed ? Variant::EncoderDecoder : Variant::DecoderOnly, 8, 12, ed ? 1 : 0, 2, 2, 16, 32);
        const auto data = copy_task(c, 21, 3);
        Params<float> p = params_init(c, 5 + round);
        for (int batch : {1, 4, 8, 64}) {
          const EvalReport fresh = evaluate(c, p, data, batch);
          const EvalReport kept = evaluate(c, p, data, batch, &ws);
          QVERIFY2(kept.loss == fresh.loss, qPrintable(QString("loss: %1 kept, %2 fresh (batch %3)").arg(kept.loss, 0, 'g', 17).arg(fresh.loss, 0, 'g', 17).arg(batch)));
          QVERIFY2(kept.token_accuracy == fresh.token_accuracy, qPrintable(QString("token_accuracy: %1 kept, %2 fresh (batch %3)").arg(kept.token_accuracy, 0, 'g', 17).arg(fresh.token_accuracy, 0, 'g', 17).arg(batch)));
          QVERIFY2(kept.sequence_accuracy == fresh.sequence_accuracy, qPrintable(QString("sequence_accuracy: %1 kept, %2 fresh (batch %3)").arg(kept.sequence_accuracy, 0, 'g', 17).arg(fresh.sequence_accuracy, 0, 'g', 17).arg(batch)));
          QCOMPARE(kept.tokens, fresh.tokens);
          QVERIFY(std::isfinite(kept.loss) && kept.loss > 0);
        }
        // the figures follow the parameters, not what the workspace held
        p.W_e *= 0.5f;
        QVERIFY(evaluate(c, p, data, 8, &ws).loss != evaluate(c, params_init(c, 5 + round), data, 8, &ws).loss);
        QVERIFY(evaluate(c, p, data, 8, &ws).loss == evaluate(c, p, data, 8).loss);
      }
    }
    QVERIFY(!ws.act.empty());
  }

  // The plan refuses whatever cannot run, with the code that says why; a valid plan trains.
  void plan_refuses_what_cannot_run() {
    const Config c = Config::make(Variant::DecoderOnly, 10, 16, 0, 1, 2, 8, 16);
    const Params<float> p = params_init(c, 1);
    const std::vector<Example> data = copy_task(c, 12, 2);
    TrainOptions o;
    o.steps = 3;
    o.opt.lr = 0.01f;
    auto code = [&](const PlanRequest& r) {
      auto plan = plan_training(r);
      return plan ? ErrorCode::Count : plan.error().code;  // Count: it planned
    };
    PlanRequest r;
    r.config = &c;
    r.params = &p;
    r.data = &data;
    r.options = o;
    QCOMPARE(code(r), ErrorCode::Count);
    // options out of range
    for (auto [field, expected] : std::vector<std::pair<int, ErrorCode>>{
             {0, ErrorCode::PlanSteps}, {1, ErrorCode::PlanBatchSize}, {2, ErrorCode::PlanLearningRate},
             {3, ErrorCode::PlanLearningRate}, {4, ErrorCode::PlanBetas}, {5, ErrorCode::PlanClip}}) {
      PlanRequest bad = r;
      switch (field) {
        case 0: bad.options.steps = 0; break;
        case 1: bad.options.batch_size = 0; break;
        case 2: bad.options.opt.lr = std::nanf(""); break;
        case 3: bad.options.opt.lr = -1; break;
        case 4: bad.options.opt.beta1 = 1.0f; break;
        case 5: bad.options.opt.clip = -1; break;
      }
      QCOMPARE(code(bad), expected);
    }
    // data the model was not built for
    std::vector<Example> big = data;
    big[5].x.push_back(12);  // id ≥ |V|
    PlanRequest badData = r;
    badData.data = &big;
    auto plan = plan_training(badData);
    QVERIFY(!plan);
    QCOMPARE(plan.error().code, ErrorCode::DataExampleDoesNotFit);
    QCOMPARE(plan.error().arg("example"), std::string("6"));
    QCOMPARE(plan.error().arg("cause_code"), std::to_string(int(ErrorCode::SequenceBadId)));
    std::vector<Example> pairs = data;
    pairs[0].z = {2, 3};  // laid out for the encoder-decoder
    badData.data = &pairs;
    QCOMPARE(code(badData), ErrorCode::DataForEncoderDecoder);
    const Tokenizer a = Tokenizer::build(TokenizerKind::Char, {"abc"}), b = Tokenizer::build(TokenizerKind::Char, {"abd"});
    PlanRequest otherVocab = r;
    otherVocab.model_tokenizer = &a;
    otherVocab.data_tokenizer = &b;
    QCOMPARE(code(otherVocab), ErrorCode::DataOtherVocabulary);
    otherVocab.data_tokenizer = &a;
    QCOMPARE(code(otherVocab), ErrorCode::Count);
    // memory
    PlanRequest small = r;
    small.memory_limit = 1024;
    QCOMPARE(code(small), ErrorCode::PlanMemory);
    QVERIFY(training_bytes(c, o, 2) > 4 * params_count(c));
    // a saved cursor: of other data, not a permutation, out of range, past its end, already done
    Trainer::Cursor cur;
    cur.step = 1;
    cur.pos = 1;
    for (int i = 0; i < 12; ++i) cur.order.push_back(11 - i);
    OptimizerState st;
    PlanRequest resume = r;
    resume.resume_cursor = &cur;
    resume.resume_optimizer = &st;
    QCOMPARE(code(resume), ErrorCode::Count);
    Trainer::Cursor c2 = cur;
    c2.order.pop_back();
    resume.resume_cursor = &c2;
    QCOMPARE(code(resume), ErrorCode::PlanResumeOtherData);
    c2 = cur;
    c2.order[3] = c2.order[4];
    QCOMPARE(code(resume), ErrorCode::PlanResumeNotPermutation);
    c2 = cur;
    c2.order[0] = 1000000;
    QCOMPARE(code(resume), ErrorCode::PlanResumeNotPermutation);
    c2 = cur;
    c2.pos = 13;
    QCOMPARE(code(resume), ErrorCode::PlanResumePosition);
    c2 = cur;
    c2.step = 3;
    QCOMPARE(code(resume), ErrorCode::PlanResumeDone);
    resume.resume_optimizer = nullptr;
    QCOMPARE(code(resume), ErrorCode::PlanResumeIncomplete);
    // AdamW moments of another model
    const Config other = Config::make(Variant::DecoderOnly, 10, 16, 0, 2, 2, 8, 16);
    OptimizerState wrong{1, params_zeros<float>(other), params_zeros<float>(other)};
    PlanRequest adam = r;
    adam.options.opt.kind = OptimizerKind::AdamW;
    adam.resume_cursor = &cur;
    adam.resume_optimizer = &wrong;
    QCOMPARE(code(adam), ErrorCode::PlanResumeOptimizerShapes);
    // parameters of another shape
    const Params<float> otherParams = params_init(other, 1);
    PlanRequest shapes = r;
    shapes.params = &otherParams;
    QCOMPARE(code(shapes), ErrorCode::PlanParamShapes);
    // and a valid resume goes on from its step
    resume.resume_cursor = &cur;
    resume.resume_optimizer = &st;
    auto ok = plan_training(resume);
    QVERIFY(ok);
    QCOMPARE(ok->first_step(), 1);
    Params<float> q = p;
    Trainer t(*ok, q);
    QCOMPARE(t.steps_done(), 1);
    t.step();
    QCOMPARE(t.steps_done(), 2);
  }

  // Divergence is caught at the step where the NaN or infinity appears: that step makes no update, the run stops,
  // and the parameters, the optimizer state and the cursor are those of the last good step (all finite).
  void numeric_fault_stops_with_the_last_good_step() {
    const Config c = Config::make(Variant::DecoderOnly, 10, 16, 0, 2, 2, 16, 32);
    Params<float> p = params_init(c, 3);
    const std::vector<Example> data = copy_task(c, 16, 4);
    TrainOptions o;
    o.steps = 200;
    o.opt.lr = 1e6f;  // SGD far too fast: diverges within a few steps
    Trainer t(must_plan(c, p, data, o), p);
    Params<float> last_good = p;
    int seen = 0;
    t.run([&](const StepReport& r) {
      if (!r.fault) last_good = p, ++seen;
      return true;
    });
    QVERIFY2(t.fault().has_value(), "a diverging run must report a fault");
    QVERIFY(t.fault()->kind != NumericFault::Kind::Parameter || !t.fault()->tensor.empty());
    QCOMPARE(t.fault()->step, seen + 1);
    QCOMPARE(t.steps_done(), t.fault()->kind == NumericFault::Kind::Parameter ? seen + 1 : seen);
    if (t.fault()->kind != NumericFault::Kind::Parameter) {
      for (const auto& tr : tensor_list(c, p)) QVERIFY(tr.mat().allFinite());
      QVERIFY(p.W_e == last_good.W_e);  // no update on the faulted step
      QVERIFY(p.dec[0].mlp.W_in == last_good.dec[0].mlp.W_in);
    }
    if (t.fault()->kind == NumericFault::Kind::Gradient) QVERIFY(!t.fault()->tensor.empty());
    const int before = t.steps_done();
    t.step();  // a faulted trainer does not go on
    QCOMPARE(t.steps_done(), before);
  }
};

QTEST_GUILESS_MAIN(TestCoreTrain)
#include "tst_core_train.moc"
