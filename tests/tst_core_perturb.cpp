// Seed 004's perturbation experiment, in the core: replace one token and compare every state of the forward pass
// column by column. The bidirectional encoder changes every column (after the embedding, which changes only the
// replaced one); the causal decoder leaves every column before the replaced token bit-for-bit the same.
#include "core/family.h"
#include "core/model/params.h"
#include "core/model/perturb.h"

#include <QtTest>

using namespace gb;

namespace {
void expectColumns(const PerturbationStage& s, const std::vector<bool>& changed, const char* what) {
  QCOMPARE(s.change.size(), changed.size());
  for (size_t j = 0; j < changed.size(); ++j) {
    const QString where = QStringLiteral("%1, %2 layer %3, column %4").arg(what).arg(s.stream).arg(s.layer).arg(j);
    if (changed[j]) {
      QVERIFY2(!s.identical[j] && s.change[j] > 1e-6, qPrintable(where + " should change"));
    } else {
      QVERIFY2(s.identical[j] && s.change[j] == 0.0, qPrintable(where + " should be bit-for-bit the same"));
    }
  }
}
}  // namespace

class TestPerturb : public QObject {
  Q_OBJECT
 private slots:
  void encoder_changes_everywhere_decoder_only_later() {
    const Config c = Config::make(Variant::EncoderDecoder, 12, 8, 2, 2, 2, 8, 16);
    const Params<float> p = params_init(c, 7);
    const Example a{{3, 4, 5, 6, 7}, {1, 8, 9, 10}};
    // a source token replaced ("car" → "house"): every encoder column after the embedding, every decoder column
    Example b = a;
    b.z[1] = 11;
    auto r = perturbation(c, p, a, b);
    QVERIFY(r);
    int encoderStages = 0, decoderStages = 0, outputStages = 0;
    for (const auto& s : *r) {
      if (s.stream == 'P') {
        ++outputStages;
        expectColumns(s, std::vector<bool>(4, true), "source replaced, P");
      } else if (s.stream == 'Z') {
        ++encoderStages;
        if (s.layer < 0) expectColumns(s, {false, true, false, false, false}, "source replaced, embedding");
        else expectColumns(s, std::vector<bool>(5, true), "source replaced");
      } else {
        ++decoderStages;
        if (s.layer < 0) expectColumns(s, std::vector<bool>(4, false), "source replaced, decoder embedding");
        else expectColumns(s, std::vector<bool>(4, true), "source replaced");
      }
    }
    QCOMPARE(encoderStages, 1 + c.enc_layers);
    QCOMPARE(decoderStages, 1 + c.dec_layers);
    QCOMPARE(outputStages, 1);
    QCOMPARE(r->back().stream, 'P');
    // a target token replaced ("ein" → "das"): the encoder untouched, the decoder from that position on
    Example d = a;
    d.x[2] = 11;
    r = perturbation(c, p, a, d);
    QVERIFY(r);
    for (const auto& s : *r) {
      if (s.stream == 'Z') expectColumns(s, std::vector<bool>(5, false), "target replaced");
      else if (s.stream == 'P') expectColumns(s, {false, false, true, true}, "target replaced, P");
      else if (s.layer < 0) expectColumns(s, {false, false, true, false}, "target replaced, embedding");
      else expectColumns(s, {false, false, true, true}, "target replaced");
    }
  }

  void causal_decoder_only() {
    const Config c = Config::make(Variant::DecoderOnly, 12, 8, 0, 3, 2, 8, 16);
    const Params<float> p = params_init(c, 3);
    const Example a{{}, {1, 4, 5, 6, 7, 8}};
    Example b = a;
    b.x[3] = 11;
    const auto r = perturbation(c, p, a, b);
    QVERIFY(r);
    QCOMPARE(int(r->size()), 1 + c.dec_layers + (c.final_norm ? 1 : 0) + 1);  // embedding, layers, final norm, P
    QCOMPARE(r->back().stream, 'P');
    for (size_t i = 0; i < r->size(); ++i)
      expectColumns((*r)[i], i == 0 ? std::vector<bool>{false, false, false, true, false, false}
                                    : std::vector<bool>{false, false, false, true, true, true},
                    "decoder-only");
  }

  // The recurrent families: their states are model_forward's. An RNN encoder-decoder with a source token replaced
  // keeps the encoder's states before it bit for bit (it reads left to right) and changes every state from it on,
  // c with them, so every decoder state and P; a target token replaced leaves the encoder alone and the decoder's
  // states before it. Each change is the norm of the difference of the forward's own states (and of exp of
  // model_logprobs for P).
  void recurrent_families() {
    for (const RnnAttention attention : {RnnAttention::None, RnnAttention::Additive}) {
      Config c = family_config(Variant::RnnSeq2Seq, 12, 10);
      c.d_e = 4;
      c.d_hidden = 6;
      c.attention = attention;
      const Params<float> p = params_init(c, 5);
      const Example a{{3, 4, 5, 6, 7}, {1, 8, 9, 10}};
      Example b = a;
      b.z[2] = 11;
      auto r = perturbation(c, p, a, b);
      QVERIFY(r);
      QCOMPARE(int(r->size()), 3);
      QCOMPARE((*r)[0].stream, 'Z');
      QCOMPARE((*r)[1].stream, 'X');
      QCOMPARE((*r)[2].stream, 'P');
      expectColumns((*r)[0], {false, false, true, true, true}, "rnn-seq2seq, source replaced");
      expectColumns((*r)[1], {true, true, true, true}, "rnn-seq2seq, source replaced");
      expectColumns((*r)[2], {true, true, true, true}, "rnn-seq2seq, source replaced, P");
      // the numbers: the forward's own states and distributions
      Activations<float> fa, fb;
      model_forward(fa, c, p, make_batch(c, a));
      model_forward(fb, c, p, make_batch(c, b));
      const MatF pa = model_logprobs(c, p, a).array().exp().matrix(), pb = model_logprobs(c, p, b).array().exp().matrix();
      for (int j = 0; j < 5; ++j)
        QVERIFY(std::abs((*r)[0].change[size_t(j)] - double((fa.rnn_enc.H.col(j) - fb.rnn_enc.H.col(j)).norm())) < 1e-6);
      for (int j = 0; j < 4; ++j) {
        QVERIFY(std::abs((*r)[1].change[size_t(j)] - double((fa.rnn.H.col(j) - fb.rnn.H.col(j)).norm())) < 1e-6);
        QVERIFY(std::abs((*r)[2].change[size_t(j)] - double((pa.col(j) - pb.col(j)).norm())) < 1e-6);
      }
      b = a;
      b.x[2] = 11;
      r = perturbation(c, p, a, b);
      QVERIFY(r);
      expectColumns((*r)[0], std::vector<bool>(5, false), "rnn-seq2seq, target replaced");
      expectColumns((*r)[1], {false, false, true, true}, "rnn-seq2seq, target replaced");
      expectColumns((*r)[2], {false, false, true, true}, "rnn-seq2seq, target replaced, P");
    }
    // the RNN language model, an LSTM cell
    Config c = family_config(Variant::Rnn, 12, 10);
    c.d_e = 4;
    c.d_hidden = 6;
    c.cell = RnnCell::Lstm;
    const Params<float> p = params_init(c, 6);
    const Example a{{}, {1, 4, 5, 6, 7, 8}};
    Example b = a;
    b.x[3] = 11;
    auto r = perturbation(c, p, a, b);
    QVERIFY(r);
    QCOMPARE(int(r->size()), 2);
    for (const auto& s : *r) expectColumns(s, {false, false, false, true, true, true}, "rnn");
    // a token the vocabulary lacks is refused, not read
    b.x[3] = 12;
    r = perturbation(c, p, a, b);
    QVERIFY(!r);
  }

  void lengths_must_match() {
    const Config c = Config::make(Variant::DecoderOnly, 12, 8, 0, 1, 2, 8, 16);
    const auto r = perturbation(c, params_init(c, 1), Example{{}, {1, 4, 5}}, Example{{}, {1, 4}});
    QVERIFY(!r);
    QCOMPARE(r.error().code, ErrorCode::PerturbationLengths);
  }

  // An example typed for an earlier model (longer than this one's ℓ_max, or a token beyond its |V|) is an error, not
  // an abort of the stepper (the release monkey, seed 320219).
  void an_example_that_does_not_fit_is_an_error() {
    for (Variant v : {Variant::DecoderOnly, Variant::EncoderDecoder}) {
      const Config c = Config::make(v, 12, 4, v == Variant::DecoderOnly ? 0 : 1, 1, 2, 8, 16);  // ℓ_max = 4
      const Params<float> p = params_init(c, 1);
      const Example tooLong = v == Variant::DecoderOnly ? Example{{}, {1, 4, 5, 6, 7, 8}} : Example{{4, 5}, {1, 4, 5, 6, 7, 8}};
      auto r = perturbation(c, p, tooLong, tooLong);
      QVERIFY(!r);
      const Example unknown = v == Variant::DecoderOnly ? Example{{}, {1, 40}} : Example{{4}, {1, 40}};
      r = perturbation(c, p, unknown, unknown);
      QVERIFY(!r);
    }
  }
};

QTEST_APPLESS_MAIN(TestPerturb)
#include "tst_core_perturb.moc"
