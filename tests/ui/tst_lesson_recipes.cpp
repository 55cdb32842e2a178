// Every built-in lesson reaches its key moment without a window (issue 29): its recipe runs through the workbench's
// controllers alone (LessonRecipeRunner on a Workbench: family, data, model, training) and the key moment is
// checked with the core on the document's trained model — reversal's cross-attention on the anti-diagonal, the
// translation decoding "Ich will ein Auto kaufen", the language model's greedy text repeating itself, and the
// causal mask keeping the earlier columns of the decoder bit for bit when a later target token is replaced.
#include "controllers/comparecontroller.h"
#include "controllers/lesson.h"
#include "controllers/lessonrecipe.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "controllers/workbench.h"
#include "controllers/workers.h"

#include "core/decode/session.h"
#include "core/family.h"
#include "core/model/perturb.h"
#include "core/model/stepper.h"
#include "core/text/prepare.h"

#include <QElapsedTimer>
#include <QStandardPaths>
#include "test_support.h"

#include <QtTest>

namespace {

// Runs the lesson's recipe; the seconds it took to its key moment (−1: it failed, with the reason warned).
double runRecipe(Workbench& bench, const QString& id) {
  QString error;
  const auto lesson = loadLesson(id, QStringLiteral("en"), &error);
  if (!lesson) {
    qWarning("%s", qPrintable(error));
    return -1;
  }
  LessonRecipeRunner runner(&bench);
  QSignalSpy reached(&runner, &LessonRecipeRunner::reached);
  QSignalSpy failed(&runner, &LessonRecipeRunner::failed);
  QElapsedTimer clock;
  clock.start();
  error = runner.start(*lesson);
  if (!error.isEmpty()) {
    qWarning("%s", qPrintable(error));
    return -1;
  }
  // a hang bound, not a time target
  if (!QTest::qWaitFor([&] { return !reached.isEmpty() || !failed.isEmpty(); }, 300000)) return -1;
  if (!failed.isEmpty()) {
    qWarning("%s", qPrintable(failed.first().first().toString()));
    return -1;
  }
  return clock.elapsed() / 1000.0;
}

// The example the window's views read for a probe (the model's own continuation when the target is unknown).
gb::Example probeOf(const ModelDocument& doc, const QString& text) {
  const auto probe = doc.probeText(text);
  const auto e = probe ? gb::probe_example(doc.config(), doc.params(), *doc.tokenizerForModel(), *probe) : std::nullopt;
  return e ? *e : gb::Example{};
}

}  // namespace

class TestLessonRecipes : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
  void cleanup() { QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 60000); }

  void reversal() {
    Workbench bench;
    const double s = runRecipe(bench, QStringLiteral("reversal"));
    QVERIFY(s >= 0);
    qInfo("reversal: key moment after %.1f s, without a window", s);
    const ModelDocument& doc = *bench.document();
    QVERIFY(doc.isTrained());
    QCOMPARE(bench.trainer()->state(), TrainingController::State::Finished);
    // the first beat: the cross-attention of the last layer on "gbdhe", averaged over the heads
    const gb::Example e = probeOf(doc, QStringLiteral("gbdhe"));
    QCOMPARE(e.z.size(), size_t(5));
    const auto trace = gb::trace_forward(doc.config(), doc.params(), e);
    const gb::AttentionRecord* cross = nullptr;
    for (const auto& r : trace)
      if (r.attention && r.attention->kind == gb::AttentionRecord::Kind::Cross && r.layer == doc.config().dec_layers - 1)
        cross = &*r.attention;
    QVERIFY(cross);
    gb::MatF A = gb::MatF::Zero(cross->heads[0].A.rows(), cross->heads[0].A.cols());
    for (const auto& h : cross->heads) A += h.A / float(cross->heads.size());
    const double mass = anti_diagonal_mass(A);
    qInfo("mass on the anti-diagonal: %.1f%%", 100 * mass);
    QVERIFY(mass >= 0.8);
  }

  void translation() {
    Workbench bench;
    const double s = runRecipe(bench, QStringLiteral("translation"));
    QVERIFY(s >= 0);
    qInfo("translation: key moment after %.1f s, without a window", s);
    const ModelDocument& doc = *bench.document();
    QCOMPARE(QString::fromStdString(gb::greedy_text(doc.config(), doc.params(), *doc.tokenizerForModel(),
                                                    "I want to buy a car")),
             QStringLiteral("Ich will ein Auto kaufen"));
  }

  void language_model() {
    Workbench bench;
    const double s = runRecipe(bench, QStringLiteral("language-model"));
    QVERIFY(s >= 0);
    qInfo("language model: key moment after %.1f s, without a window", s);
    const ModelDocument& doc = *bench.document();
    QVERIFY(!doc.config().has_source());
    // τ = 0 from "ROMEO:" — 40 tokens of text, the same every time
    auto greedy = [&] {
      const auto ids = doc.tokenizerForModel()->encode("ROMEO:").ids;
      std::vector<int> prompt{gb::Tokenizer::kBos};
      prompt.insert(prompt.end(), ids.begin(), ids.end());
      auto session = gb::DecodeSession::create(doc.config(), doc.params(), {}, prompt);
      gb::Rng rng(1);
      gb::SamplerOptions greedy;
      greedy.temperature = 0;
      std::string text;
      for (int k = 0; k < 40 && session && session->can_step(); ++k) {
        auto st = session->step(greedy, rng);
        if (!st) break;
        text += doc.tokenizerForModel()->display((*st)->choice.token);
      }
      return text;
    };
    const std::string first = greedy();
    qInfo("τ = 0: “%s”", first.c_str());
    QVERIFY(first.size() >= 30);
    QCOMPARE(greedy(), first);
  }

  // "From HMM to transformer": the recipe's model, then the four families side by side on the same text (the
  // workbench's CompareController): the key moment is their comparison — each trained, its validation loss the
  // core's on the document's validation text, a sample from each at the lesson's τ.
  void hmm_to_transformer() {
    Workbench bench;
    const double s = runRecipe(bench, QStringLiteral("hmm-to-transformer"));
    QVERIFY(s >= 0);
    qInfo("from HMM to transformer: key moment after %.1f s, without a window", s);
    const auto& r = bench.compare()->result();
    QVERIFY(r.has_value());
    QVERIFY(r->plainText);
    const std::vector<gb::Variant> expected = {gb::Variant::Bigram, gb::Variant::Hmm, gb::Variant::Rnn,
                                               gb::Variant::DecoderOnly};
    QCOMPARE(r->sides.size(), expected.size());
    const ModelDocument& doc = *bench.document();
    for (size_t k = 0; k < expected.size(); ++k) {
      const CompareController::Side& side = r->sides[k];
      QCOMPARE(side.config.variant, expected[k]);
      QVERIFY(!side.losses.empty());
      QCOMPARE(gb::evaluate(side.config, side.params, doc.data().val).loss, side.validationLoss);
      QVERIFY(!side.sample.empty());
      qInfo("%-13s %7lld parameters, %6.1f ms/step, validation loss %.3f, τ = %.1f: “%s”",
            gb::family(side.config).name.c_str(), static_cast<long long>(side.parameterCount), side.msPerStep,
            side.validationLoss, r->temperature, side.sample.substr(0, 40).c_str());
    }
    // every family learned something: below the uniform guess log |V|
    for (const CompareController::Side& side : r->sides)
      QVERIFY(side.validationLoss < std::log(double(side.tokenizer.size())));
  }

  // "Why transformers won": the key moment is the bottleneck, measured — on reverse, the RNN encoder-decoder's exact
  // match falls as the source grows (one vector c carries it), the same model with attention over the encoder's
  // states does not fall so, the transformer reads every source token; every figure the core's exact_match.
  void why_transformers_won() {
    Workbench bench;
    const double s = runRecipe(bench, QStringLiteral("why-transformers-won"));
    QVERIFY(s >= 0);
    qInfo("why transformers won: key moment after %.1f s, without a window", s);
    const auto& r = bench.compare()->result();
    QVERIFY(r.has_value() && !r->plainText);
    QCOMPARE(r->sides.size(), size_t(3));
    const CompareController::Side* ed = r->side(gb::Variant::EncoderDecoder);
    const CompareController::Side* rnn = r->side(gb::Variant::RnnSeq2Seq);
    const CompareController::Side* att = r->side(gb::Variant::RnnSeq2Seq, true);
    QVERIFY(ed && rnn && att && rnn != att);
    QCOMPARE(att->config.attention, gb::RnnAttention::Additive);
    QCOMPARE(rnn->config.attention, gb::RnnAttention::None);
    for (const CompareController::Side* side : {ed, rnn, att}) {
      QString line;
      for (const auto& at : side->exactByLength) line += QStringLiteral(" %1:%2").arg(at.length).arg(at.exact, 0, 'f', 2);
      qInfo("%-40s exact match by source length:%s", qPrintable(CompareController::title(side->config)), qPrintable(line));
      QVERIFY(side->exactByLength.size() >= 5);
    }
    // the bottleneck: the plain RNN encoder-decoder at the longest sources below its own at the shortest, and below
    // the attending one and the transformer there
    const auto& plain = rnn->exactByLength;
    QVERIFY(plain.back().exact < plain.front().exact);
    QVERIFY(att->exactByLength.back().exact > plain.back().exact);
    QVERIFY(ed->exactByLength.back().exact > plain.back().exact);
    // the lesson's own model: the RNN whose gradient the States beat shows
    QCOMPARE(bench.document()->config().variant, gb::Variant::Rnn);
  }

  // Other data while a recipe's comparison runs, without a window: the workbench puts the comparison away, and the
  // lesson says it was cancelled instead of waiting — or of reaching a key moment on data no longer loaded.
  void other_data_cancels_a_recipes_comparison() {
    Workbench bench;
    QString error;
    const auto lesson = loadLesson(QStringLiteral("why-transformers-won"), QStringLiteral("en"), &error);
    QVERIFY2(lesson, qPrintable(error));
    LessonRecipeRunner runner(&bench);
    QSignalSpy reached(&runner, &LessonRecipeRunner::reached);
    QSignalSpy failed(&runner, &LessonRecipeRunner::failed);
    QCOMPARE(runner.start(*lesson), QString());
    QVERIFY(QTest::qWaitFor([&] { return bench.compare()->running() || !failed.isEmpty(); }, 300000));
    QVERIFY(failed.isEmpty());
    QCOMPARE(bench.document()->loadTask(QStringLiteral("sort"), 100, 10, 0), QString());
    QVERIFY(!bench.compare()->running());
    QTRY_COMPARE_WITH_TIMEOUT(failed.size(), 1, 30000);
    QVERIFY(reached.isEmpty());
    QVERIFY(!runner.running());
    QVERIFY(!bench.compare()->result());
  }

  void why_the_mask() {
    Workbench bench;
    const double s = runRecipe(bench, QStringLiteral("why-the-mask"));
    QVERIFY(s >= 0);
    qInfo("why the mask: key moment after %.1f s, without a window", s);
    const ModelDocument& doc = *bench.document();
    const gb::Example a = probeOf(doc, QStringLiteral("I want to buy a car"));
    QCOMPARE(a.x.size(), size_t(6));  // <bos> Ich will ein Auto kaufen
    gb::Example b = a;
    b.x[3] = doc.tokenizerForModel()->encode("das").ids.at(0);  // "ein" → "das"
    const auto stages = gb::perturbation(doc.config(), doc.params(), a, b);
    QVERIFY(stages);
    int decoderStages = 0;
    for (const auto& st : *stages) {
      if (st.stream == 'Z')
        for (bool same : st.identical) QVERIFY(same);  // the encoder never reads the target
      if (st.stream == 'X' && st.layer >= 0) {
        ++decoderStages;
        for (size_t j = 0; j < st.identical.size(); ++j) QCOMPARE(bool(st.identical[j]), j < 3);  // causal: before 3
      }
    }
    QCOMPARE(decoderStages, doc.config().dec_layers);
  }
};

QTEST_MAIN(TestLessonRecipes)
#include "tst_lesson_recipes.moc"
