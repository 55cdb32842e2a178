// Built-in tasks end to end, and model files that carry everything: the reverse task reaches 100% exact match
// on its validation set within its default budget for both variants; a saved model keeps its tokenizer, data,
// history and training state, and training resumed from the file gives exactly the losses of an uninterrupted run.
#include "test_support.h"
#include "core/io/model_file.h"
#include "core/text/prepare.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QtTest>

using namespace gb;

static Config task_config(const TaskInfo& t, Variant v, const PreparedData& d) {
  Config c = Config::make(v, d.tokenizer.size(), d.max_len, v == Variant::EncoderDecoder ? t.layers : 0, t.layers,
                          t.heads, t.d_e, t.d_mlp);
  c.bos_id = Tokenizer::kBos;
  c.eos_id = Tokenizer::kEos;
  c.pad_id = Tokenizer::kPad;
  return c;
}

class TestTasks : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;

 private slots:
  void reverse_reaches_exact_match_data() {
    QTest::addColumn<bool>("ed");
    QTest::newRow("encoder-decoder") << true;
    QTest::newRow("decoder-only") << false;
  }
  void reverse_reaches_exact_match() {
    QFETCH(bool, ed);
    const Variant v = ed ? Variant::EncoderDecoder : Variant::DecoderOnly;
    const TaskInfo info = *find_task("reverse");
    PrepareOptions po;
    po.variant = v;
    auto d = prepare_task("reverse", info.train_size, info.val_size, 0, po);
    QVERIFY2(d.ok(), d.ok() ? "" : d.error().message.c_str());
    const Config c = task_config(info, v, *d);
    Params<float> p = params_init(c, 0);
    const double before = exact_match(c, p, d->tokenizer, d->val_pairs);
    QElapsedTimer t;
    t.start();
    Trainer tr(must_plan(c, p, d->train, task_recipe(info, 0)), p);
    tr.run(nullptr);
    const double after = exact_match(c, p, d->tokenizer, d->val_pairs);
    qInfo("%s reverse: %d steps in %.1f s, exact match %.1f%% → %.1f%% on %zu validation pairs", variant_name(v),
          info.steps, t.elapsed() / 1000.0, 100 * before, 100 * after, d->val_pairs.size());
    QCOMPARE(before, 0.0);
    QCOMPARE(after, 1.0);
    QCOMPARE(QString::fromStdString(greedy_text(c, p, d->tokenizer, "abcdefgh")), QString("hgfedcba"));
  }

  void model_file_keeps_everything_and_resumes_exactly() {
    const TaskInfo info = *find_task("sort");
    PrepareOptions po;
    po.variant = Variant::DecoderOnly;
    po.tokenizer_kind = TokenizerKind::Bpe;
    po.tokenizer_kind_given = true;
    po.bpe_vocab = 30;
    auto d = prepare_task("sort", 300, 20, 3, po);
    QVERIFY(d.ok());
    Config c = task_config(info, Variant::DecoderOnly, *d);
    c.d_e = 32;
    c.d_mlp = 48;
    c.dropout = 0.1f;  // the generator state must resume too
    TrainOptions o = task_recipe(info, 5);
    o.steps = 40;
    o.batch_size = 8;

    // uninterrupted: 40 steps
    Params<float> p_full = params_init(c, 1);
    std::vector<double> full;
    {
      Trainer tr(must_plan(c, p_full, d->train, o), p_full);
      tr.run([&](const StepReport& r) { full.push_back(r.loss); return true; });
    }
    // 15 steps, save, load, 25 more
    Params<float> p = params_init(c, 1);
    std::vector<double> resumed;
    ModelFile m = ModelFile::of(c, p);
    {
      Trainer tr(must_plan(c, p, d->train, o), p);
      tr.run([&](const StepReport& r) {
        resumed.push_back(r.loss);
        m.history.push_back({r.step + 1, r.loss, double(r.lr), {}, {}, {}});
        return r.step + 1 < 15;
      });
      m.params = p;
      m.tokenizer = d->tokenizer;
      m.data = d->description;
      m.history.back().val_loss = 1.25;
      m.training = TrainingState{o, tr.cursor(), tr.optimizer_state()};
    }
    const std::string path = tmp_.filePath("resume.safetensors").toStdString();
    QVERIFY(!save_model(path, m));
    auto back = load_model(path);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().message.c_str());
    QVERIFY(back->tokenizer.has_value());
    QCOMPARE(back->tokenizer->to_json().dump(), d->tokenizer.to_json().dump());
    QCOMPARE(back->data.dump(), d->description.dump());
    QCOMPARE(back->history.size(), size_t(15));
    QCOMPARE(back->history.back().val_loss.value_or(0), 1.25);
    QCOMPARE(back->history[3].loss, m.history[3].loss);
    QVERIFY(back->training.has_value());
    QCOMPARE(back->training->cursor.step, 15);
    QCOMPARE(back->training->optimizer.t, int64_t(15));
    // the data is rebuilt from the stored description
    PrepareOptions again;
    again.variant = Variant::DecoderOnly;
    again.tokenizer = &*back->tokenizer;
    again.max_len = back->config.max_len;
    auto d2 = prepare_from_description(back->data, again);
    QVERIFY(d2.ok());
    QCOMPARE(d2->train.size(), d->train.size());
    QCOMPARE(d2->train[7].x, d->train[7].x);
    {
      Trainer tr(must_plan(back->config, back->params, d2->train, back->training->options, &*back->training),
                 back->params);
      tr.run([&](const StepReport& r) { resumed.push_back(r.loss); return true; });
    }
    QCOMPARE(resumed.size(), full.size());
    for (size_t i = 0; i < full.size(); ++i) QCOMPARE(resumed[i], full[i]);  // bit-identical
  }

  // The workbench prepares a large or BPE task on a worker, and closing the window waits for that worker: preparing
  // must stop soon after its progress says cancel, in every phase (the pairs, the BPE merges, the examples), and the
  // progress it reports is one bar that never goes back.
  void preparing_a_task_stops_when_cancelled_in_any_phase() {
    PrepareOptions po;
    po.variant = Variant::EncoderDecoder;
    po.tokenizer_kind = TokenizerKind::Bpe;
    po.tokenizer_kind_given = true;
    po.bpe_vocab = 80;
    // the whole preparation, counting the reports and checking they rise
    int reports = 0;
    uint64_t last = 0, of = 0;
    bool rising = true;
    po.progress = [&](uint64_t done, uint64_t total) {
      rising = rising && done >= last && (of == 0 || total == of) && done <= total;
      last = done;
      of = total;
      ++reports;
      return true;
    };
    auto full = prepare_task("reverse", 5000, 200, 4, po);
    QVERIFY(full.ok());
    QVERIFY(rising);
    QVERIFY2(reports > 20, std::to_string(reports).c_str());
    QVERIFY(last > of / 2);  // it got to the examples' phases
    // cancelled at the k-th report, for every k up to the end: the result is "cancelled" at once (no further report)
    for (int k = 1; k <= reports; k += std::max(1, reports / 12)) {
      int seen = 0, after = 0;
      po.progress = [&](uint64_t, uint64_t) {
        if (seen >= k) ++after;
        return ++seen < k;
      };
      auto d = prepare_task("reverse", 5000, 200, 4, po);
      QVERIFY2(!d.ok(), std::to_string(k).c_str());
      QCOMPARE(d.error().code, ErrorCode::LoadingCancelled);
      QCOMPARE(after, 0);
    }
  }

  void bad_extras_are_rejected_data() {
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("tokenizer not JSON") << "glassbox.tokenizer" << "{" << "glassbox.tokenizer: invalid JSON";
    QTest::newRow("tokenizer without specials") << "glassbox.tokenizer" << R"({"kind":"char","vocab":["a","b","c","d"]})" << "ids 0–3 must be <pad>";
    QTest::newRow("tokenizer too large") << "glassbox.tokenizer" << R"({"kind":"char","vocab":["<pad>","<bos>","<eos>","<unk>","a","b","c","d","e","f"]})" << "the tokenizer has 10 tokens but |V| = 9";
    QTest::newRow("history not an array") << "glassbox.history" << R"({"step":1})" << "glassbox.history must be an array";
    QTest::newRow("history entry") << "glassbox.history" << R"([{"step":1,"loss":"x","lr":0}])" << "glassbox.history[0]: field 'loss'";
    QTest::newRow("training without moments") << "glassbox.training" << R"({"optimizer":"adamw","lr":0.1,"beta1":0.9,"beta2":0.99,"eps":1e-8,"weight_decay":0,"min_lr_ratio":0.1,"clip":0,"warmup_steps":0,"decay_steps":0,"batch_size":1,"steps":1,"t":1,"loss":"sum","shuffle":false,"seed":0,"cursor":{"step":1,"epoch":0,"pos":1,"order":[0],"rng":{"s":[1,2,3,4],"spare":0,"has_spare":false}}})" << "'opt.m.*': tensor 'W_e' is missing";
  }
  void bad_extras_are_rejected() {
    QFETCH(QString, key);
    QFETCH(QString, value);
    QFETCH(QString, message);
    const Config c = Config::make(Variant::DecoderOnly, 9, 5, 0, 1, 2, 4, 6);
    StFile f = params_to_safetensors(c, params_init(c, 1));
    f.metadata["glassbox.format"] = "1";
    f.metadata["glassbox.config"] = config_to_json(c).dump();
    f.metadata[key.toStdString()] = value.toStdString();
    auto r = model_from_safetensors(f, "m.safetensors");
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).contains(message), r.error().message.c_str());
  }
};

QTEST_GUILESS_MAIN(TestTasks)
#include "tst_core_tasks.moc"
