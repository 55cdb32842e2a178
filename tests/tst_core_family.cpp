// Model families (core/family.h) and the bigram, the first family beside the seed transformers: the registry,
// the bigram's forward against a direct computation, its gradient against central differences, training that
// approaches a text's bigram frequencies, decoding, model files; and two things every family's training shares:
// a step stopped part-way makes no update, and drawing a large model's parameters can be cancelled.
#include "test_support.h"

#include "core/decode/session.h"
#include "core/family.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/model/model.h"
#include "core/model/params.h"
#include "core/text/prepare.h"
#include "core/train/loss.h"
#include "core/train/memory.h"
#include "core/train/trainer.h"

#include <QTemporaryDir>
#include <QtTest>

#include <atomic>
#include <cmath>
#include <map>

using namespace gb;

namespace {

// Log-softmax of one column, in double, written out (the reference the bigram is checked against).
std::vector<double> reference_logsoftmax(const MatF& B, int column) {
  double mx = -1e300;
  for (Eigen::Index v = 0; v < B.rows(); ++v) mx = std::max(mx, double(B(v, column)));
  double sum = 0;
  for (Eigen::Index v = 0; v < B.rows(); ++v) sum += std::exp(double(B(v, column)) - mx);
  std::vector<double> out(size_t(B.rows()));
  for (Eigen::Index v = 0; v < B.rows(); ++v) out[size_t(v)] = double(B(v, column)) - mx - std::log(sum);
  return out;
}

}  // namespace

class TestCoreFamily : public QObject {
  Q_OBJECT
 private slots:
  void every_variant_is_registered_once() {
    std::map<std::string, int> names;
    for (const FamilyInfo& f : families()) {
      ++names[f.name];
      QCOMPARE(&family(f.variant), &f);
      auto parsed = parse_variant(f.name);
      QVERIFY(parsed);
      QCOMPARE(int(*parsed), int(f.variant));
      QVERIFY(!f.presets.empty());
      QVERIFY(f.has(SizeField::MaxLen));
      // the family's default config is valid and matches its first preset
      Config c = family_config(f.variant, 20, 16);
      QVERIFY2(!c.validate(), f.name.c_str());
      QVERIFY(matching_preset(c));
      QCOMPARE(matching_preset(c)->id, f.presets.front().id);
    }
    for (const auto& [name, n] : names) QCOMPARE(n, 1);
    QCOMPARE(std::string(variant_name(Variant::Bigram)), std::string("bigram"));
    auto bad = parse_variant("trigram");
    QVERIFY(!bad);
    QVERIFY(bad.error().message.find("'bigram'") != std::string::npos);  // the message lists the families
  }

  void bigram_has_only_its_table() {
    const Config c = family_config(Variant::Bigram, 7, 32);
    QCOMPARE(params_count(c), int64_t(49));
    const auto names = tensor_names(c);
    QCOMPARE(names.size(), size_t(1));
    QCOMPARE(names[0], std::string("B"));
    Params<float> p = params_init(c, 3);
    QCOMPARE(p.bigram.B.rows(), Eigen::Index(7));
    QCOMPARE(p.bigram.B.cols(), Eigen::Index(7));
    QCOMPARE(params_count(c, p), int64_t(49));
    // a size the family does not have is refused, naming the field
    Config wrong = c;
    wrong.heads = 2;
    auto e = wrong.validate();
    QVERIFY(e);
    QCOMPARE(int(e->code), int(ErrorCode::ConfigNotInFamily));
    QVERIFY(e->message.find("heads") != std::string::npos);
  }

  // forward: n ids give n rows, row j = log_softmax(B[:, x_j]); padding in a batch changes nothing
  void bigram_forward_is_the_column_of_B() {
    const Config c = family_config(Variant::Bigram, 6, 10);
    const Params<float> p = params_init(c, 11);
    const Example e{{}, {0, 3, 5, 3, 1}};
    const MatF lp = model_logprobs(c, p, e);
    QCOMPARE(lp.cols(), Eigen::Index(5));
    for (size_t j = 0; j < e.x.size(); ++j) {
      const auto ref = reference_logsoftmax(p.bigram.B, e.x[j]);
      for (Eigen::Index v = 0; v < lp.rows(); ++v) QVERIFY(std::abs(double(lp(v, Eigen::Index(j))) - ref[size_t(v)]) < 1e-6);
    }
    // in a padded batch beside a longer sequence, the same numbers
    const std::vector<Example> two{e, Example{{}, {1, 2, 3, 4, 5, 0, 1, 2}}};
    Activations<float> act;
    const Batch b = make_batch(c, two, {0, 1});
    model_forward(act, c, p, b);
    MatF all;
    log_softmax_columns(all, act.logits);
    for (Eigen::Index j = 0; j < 5; ++j) QVERIFY((all.col(j) - lp.col(j)).cwiseAbs().maxCoeff() < 1e-6f);
  }

  // backward: every entry of B against central differences of J = −Σ log P[x_{j+1}, j], in double
  void bigram_gradient_is_exact() {
    const Config c = family_config(Variant::Bigram, 5, 10);
    const Params<double> p = params_cast<double>(c, params_init(c, 5));
    const std::vector<Example> data{Example{{}, {0, 1, 2, 1, 4}}, Example{{}, {3, 3, 2}}};
    const Batch b = make_batch(c, data, {0, 1});
    int64_t checked = 0;
    const std::string problem = first_gradient_mismatch(c, p, b, 1e-6, &checked);
    QVERIFY2(problem.empty(), problem.c_str());
    QCOMPARE(checked, params_count(c));
  }

  // Trained with AdamW on a text, softmax(B[:, a]) approaches the text's bigram frequencies P(b | a).
  void bigram_learns_the_text_bigram_frequencies() {
    const std::string text = "abracadabra abracadabra the cat sat on the mat and the rat ate the bat ";
    std::string repeated;
    for (int i = 0; i < 40; ++i) repeated += text;
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("text.txt")).toStdString();
    {
      QFile f(QString::fromStdString(path));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(repeated.c_str());
    }
    PrepareOptions o;
    o.variant = Variant::Bigram;
    o.max_len = 32;
    o.val_fraction = 0.1;
    auto d = prepare_file(path, o);
    QVERIFY2(d, d ? "" : d.error().message.c_str());
    Config c = family_config(Variant::Bigram, d->tokenizer.size(), d->max_len);
    c.pad_id = Tokenizer::kPad;
    Params<float> p = params_init(c, 1);
    TrainOptions to;
    to.opt.kind = OptimizerKind::AdamW;
    to.opt.lr = 0.05f;
    to.batch_size = 16;
    to.loss = LossKind::Mean;
    to.shuffle = true;
    to.steps = 600;
    Trainer t(must_plan(c, p, d->train, to), p);
    t.run({});
    // the counts of the training examples' bigrams (what the model sees: consecutive tokens of each example)
    std::map<int, std::map<int, double>> counts;
    std::map<int, double> totals;
    for (const Example& e : d->train)
      for (size_t j = 0; j + 1 < e.x.size(); ++j) {
        counts[e.x[j]][e.x[j + 1]] += 1;
        totals[e.x[j]] += 1;
      }
    double worst = 0;
    int checked = 0;
    for (const auto& [a, row] : counts) {
      if (totals[a] < 100) continue;  // frequent contexts: their frequencies are well determined
      const auto lp = reference_logsoftmax(p.bigram.B, a);
      for (int b = 0; b < c.vocab_size; ++b) {
        const double f = row.count(b) ? row.at(b) / totals[a] : 0.0;
        worst = std::max(worst, std::abs(std::exp(lp[size_t(b)]) - f));
      }
      ++checked;
    }
    QVERIFY(checked >= 5);
    QVERIFY2(worst < 0.03, qPrintable(QStringLiteral("largest |P(b|a) − frequency| = %1").arg(worst)));
  }

  void bigram_decodes_from_the_last_token() {
    const Config c = family_config(Variant::Bigram, 9, 12);
    const Params<float> p = params_init(c, 2);
    auto s = DecodeSession::create(c, p, {}, {4, 7});
    QVERIFY(s);
    auto check = [&](int last) {
      const auto ref = reference_logsoftmax(p.bigram.B, last);
      for (size_t v = 0; v < ref.size(); ++v) QVERIFY(std::abs(s->next_logp()[v] - ref[v]) < 1e-6);
    };
    check(7);
    Rng rng(1);
    SamplerOptions so;
    so.temperature = 0;  // greedy: the argmax of B[:, 7]
    auto st = s->step(so, rng);
    QVERIFY(st);
    Eigen::Index best = 0;
    p.bigram.B.col(7).maxCoeff(&best);
    QCOMPARE((*st)->choice.token, int(best));
    check(int(best));
    QVERIFY(s->next_attention().empty());  // no layers, no attention
    // the uncached path gives the same distribution
    DecodeOptions uncached;
    uncached.use_cache = false;
    auto u = DecodeSession::create(c, p, {}, {4, 7}, uncached);
    QVERIFY(u);
    for (size_t v = 0; v < u->next_logp().size(); ++v) QVERIFY(std::abs(u->next_logp()[v] - s->steps()[0].logp[v]) < 1e-6);
    // beam search runs on it as on any family that predicts tokens
    auto beam = beam_search(*u, 3, 4, -1);
    QVERIFY(beam);
    QCOMPARE(beam->tokens.size(), size_t(4));
  }

  void bigram_model_file_round_trip_and_hostile() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("b.safetensors")).toStdString();
    const Config c = family_config(Variant::Bigram, 8, 20);
    ModelFile m = ModelFile::of(c, params_init(c, 4));
    QVERIFY(!save_model(path, m));
    auto back = load_model(path);
    QVERIFY2(back, back ? "" : back.error().message.c_str());
    QCOMPARE(int(back->config.variant), int(Variant::Bigram));
    QVERIFY(back->params.bigram.B == m.params.bigram.B);
    // the same file claiming to be a bigram with heads is refused, naming the field
    Json cfg = config_to_json(c);
    cfg["heads"] = 4;
    auto parsed = config_from_json(cfg, "test");
    QVERIFY(!parsed);
    QVERIFY(parsed.error().message.find("heads") != std::string::npos);
    // a transformer's file read as a bigram: its tensors are not B
    Config t = Config::make(Variant::DecoderOnly, 8, 20, 0, 1, 2, 8, 16);
    ModelFile tm = ModelFile::of(t, params_init(t, 1));
    tm.config = c;
    const std::string tp = dir.filePath(QStringLiteral("t.safetensors")).toStdString();
    if (!save_model(tp, tm)) {  // (the writer may refuse it already)
      auto r = load_model(tp);
      QVERIFY(!r);
    }
  }

  // Stop, New, Quit in the window set the trainer's cancel flag: a step that sees it part-way makes no update and
  // leaves the cursor as it was; the next run from the same state takes the same step again.
  void a_cancelled_step_makes_no_update() {
    Config c = Config::make(Variant::DecoderOnly, 12, 16, 0, 3, 2, 16, 32);
    std::vector<Example> data;
    for (int i = 0; i < 16; ++i) data.push_back(Example{{}, {1, 2 + i % 5, 3, 4 + i % 7, 5}});
    Params<float> p = params_init(c, 9);
    const Params<float> before = p;
    TrainOptions o;
    o.opt.kind = OptimizerKind::AdamW;
    o.opt.lr = 0.01f;
    o.batch_size = 4;
    o.steps = 3;
    std::atomic<bool> cancel{true};
    Trainer t(must_plan(c, p, data, o), p);
    t.set_cancel(&cancel);
    const StepReport& r = t.step();
    QVERIFY(r.cancelled);
    QCOMPARE(t.steps_done(), 0);
    QVERIFY(p.W_e == before.W_e && p.dec[2].mlp.W_in == before.dec[2].mlp.W_in);
    QCOMPARE(t.cursor().pos, size_t(0));
    QCOMPARE(t.run({}), 0);  // run() stops at a cancelled step
    // cancelled from inside the step (after the gradient, before the update): also no update
    cancel = false;
    std::atomic<int> calls{0};
    testing::set_step_hook([&] {
      if (++calls == 2) cancel = true;
    });
    const StepReport& first = t.step();
    QVERIFY(!first.cancelled);
    QCOMPARE(t.steps_done(), 1);
    const Params<float> afterOne = p;
    const StepReport& second = t.step();
    testing::set_step_hook({});
    QVERIFY(second.cancelled);
    QCOMPARE(t.steps_done(), 1);
    QVERIFY(p.W_e == afterOne.W_e);
  }

  // Build in the window draws the parameters with progress and Cancel: the same numbers as params_init, and a
  // cancel returns nothing.
  void parameter_init_reports_and_cancels() {
    const Config c = Config::make(Variant::EncoderDecoder, 300, 64, 2, 2, 4, 256, 1024);
    const Params<float> plain = params_init(c, 17);
    uint64_t last = 0, total = 0;
    int reports = 0;
    bool rising = true;
    auto p = params_init(c, 17, [&](uint64_t done, uint64_t all) {
      rising = rising && done >= last;
      last = done;
      total = all;
      ++reports;
      return true;
    });
    QVERIFY(p);
    QVERIFY(rising);
    QCOMPARE(total, uint64_t(params_count(c)));
    QCOMPARE(last, total);
    QVERIFY(reports >= 3);
    const auto a = tensor_list(c, const_cast<Params<float>&>(plain));
    const auto b = tensor_list(c, *p);
    for (size_t i = 0; i < a.size(); ++i) QVERIFY(a[i].mat() == b[i].mat());
    int calls = 0;
    auto stopped = params_init(c, 17, [&](uint64_t, uint64_t) { return ++calls < 2; });
    QVERIFY(!stopped);
    QCOMPARE(calls, 2);
  }

  // The bigram's memory estimate counts its |V|² table: a vocabulary too large for the machine is refused.
  void bigram_memory_estimate() {
    const Config small = family_config(Variant::Bigram, 100, 64);
    QVERIFY(model_memory(small).parameters >= int64_t(4) * 100 * 100);
    const Config huge = family_config(Variant::Bigram, 1 << 20, 64);
    QVERIFY(check_memory(ErrorCode::PlanMemory, model_memory(huge).total(), int64_t(1) << 30));
  }
};

QTEST_GUILESS_MAIN(TestCoreFamily)
#include "tst_core_family.moc"
