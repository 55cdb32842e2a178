// The stepper and the trace: the listing is the seed's, stepping reproduces the forward pass, back undoes, and
// every record holds what the GUI will show (attention per head with its mask, norm statistics, P).
#include "core/families/hmm/hmm.h"
#include "core/family.h"
#include "core/model/params.h"
#include "core/model/stepper.h"

#include <QtTest>

using namespace gb;

static Config ed_config() { return Config::make(Variant::EncoderDecoder, 9, 8, 2, 2, 2, 8, 16); }
static Config d_config() { return Config::make(Variant::DecoderOnly, 9, 8, 0, 3, 2, 8, 16); }
static Example ed_example() { return {{3, 4, 5, 6}, {1, 7, 2}}; }
static Example d_example() { return {{}, {1, 5, 2, 8, 3}}; }

class TestStepper : public QObject {
  Q_OBJECT
 private slots:
  void listing_is_the_seed() {
    const auto& ed = pseudocode(ed_config());
    QStringList ed_text;
    for (const auto& l : ed) ed_text << QString::fromStdString(l.text);
    QCOMPARE(ed_text.size(), 17);  // 2 comments, 2 embeds, 2 loops, 4 + 6 layer lines, return
    QCOMPARE(ed_text[1], QString("Z ← Embed(z | W_e, W_p)"));
    QCOMPARE(ed_text[3], QString("Z ← Z + MultiHeadAttention(Z, Z | 𝒲ˡ_enc, 1)"));
    QCOMPARE(ed_text[4], QString("Z ← ColwiseLayerNorm(Z | γˡ_1, βˡ_1)"));
    QCOMPARE(ed_text[5], QString("Z ← Z + W_2ˡ max(0, W_1ˡ Z + b_1ˡ 1ᵀ) + b_2ˡ 1ᵀ"));
    QCOMPARE(ed_text[0], QString("▷ Encoding the context sequence z"));
    QCOMPARE(ed_text[10], QString("X ← X + MultiHeadAttention(X, X | 𝒲ˡ_dec, M_uni)"));
    QCOMPARE(ed_text[12], QString("X ← X + MultiHeadAttention(X, Z | 𝒲ˡ_cross, 1)"));
    QCOMPARE(ed_text[14], QString("X ← X + W_4ˡ max(0, W_3ˡ X + b_3ˡ 1ᵀ) + b_4ˡ 1ᵀ"));
    QCOMPARE(ed_text[15], QString("X ← ColwiseLayerNorm(X | γˡ_5, βˡ_5)"));
    QCOMPARE(ed_text[16], QString("return P = softmax(W_u X)"));
    const auto& d = pseudocode(d_config());
    QStringList d_text;
    for (const auto& l : d) d_text << QString::fromStdString(l.text);
    QCOMPARE(d_text, (QStringList{"X ← Embed(x | W_e, W_p)", "for l = 1, …, L", "X̂ ← ColwiseLayerNorm(X | γˡ_1, βˡ_1)",
                                  "X ← X + MultiHeadAttention(X̂, X̂ | 𝒲ˡ, M_uni)", "X̂ ← ColwiseLayerNorm(X | γˡ_2, βˡ_2)",
                                  "X ← X + W_2ˡ GELU(W_1ˡ X̂ + b_1ˡ 1ᵀ) + b_2ˡ 1ᵀ", "X ← ColwiseLayerNorm(X | γ, β)",
                                  "return P = softmax(W_u X)"}));
  }

  void stepping_equals_forward_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("ED seed 000") << 0;
    QTest::newRow("D seed 002") << 1;
    QTest::newRow("ED pre-LN GELU tied final norm") << 2;
    QTest::newRow("D post-LN ReLU no final norm") << 3;
  }
  void stepping_equals_forward() {
    QFETCH(int, which);
    Config c = which % 2 == 0 ? ed_config() : d_config();
    if (which == 2) c.norm = NormPlacement::Pre, c.activation = Activation::GELU, c.tied_unembed = true, c.final_norm = true;
    if (which == 3) c.norm = NormPlacement::Post, c.activation = Activation::ReLU, c.final_norm = false;
    const Example e = which % 2 == 0 ? ed_example() : d_example();
    const Params<float> p = params_init(c, 5);
    const auto records = trace_forward(c, p, e);
    const MatF P = model_logprobs(c, p, e).array().exp();
    QCOMPARE(records.back().target, std::string("P"));
    const double diff = (records.back().value - P).cwiseAbs().maxCoeff();
    QVERIFY2(diff < 1e-6, qPrintable(QString("stepper P differs from forward by %1").arg(diff)));
    // lines per layer × layers + the rest
    const int per_layer_enc = c.is_ed() ? 5 : 0, per_layer_dec = c.is_ed() ? 7 : 5;
    const int expected = (c.is_ed() ? 1 + c.enc_layers * per_layer_enc : 0) + 1 + c.dec_layers * per_layer_dec +
                         (c.final_norm ? 1 : 0) + 1;
    QCOMPARE(int(records.size()), expected);
  }

  void next_back_and_run_to() {
    const Config c = ed_config();
    Stepper s(c, params_init(c, 2), ed_example());
    QCOMPARE(s.next_line(), 1);  // Z ← Embed(z | …): the comment line is not a step
    QVERIFY(s.scope().empty());
    QVERIFY(s.next());
    auto sc = s.scope();
    QCOMPARE(int(sc.size()), 1);
    QCOMPARE(sc[0].name, std::string("Z"));
    QCOMPARE(sc[0].rows, Eigen::Index(8));
    QCOMPARE(sc[0].cols, Eigen::Index(4));
    const MatF Z0 = *s.value("Z");
    QVERIFY(s.next());  // for l = 1
    QVERIFY(s.next());  // attention
    QCOMPARE(s.records().back().label, std::string("encoder layer 1: Z ← Z + MultiHeadAttention(Z, Z | 𝒲ˡ_enc, 1)"));
    QVERIFY(*s.value("Z") != Z0);
    QVERIFY(s.back());
    QVERIFY(s.back());
    QVERIFY(*s.value("Z") == Z0);
    QCOMPARE(s.records().size(), size_t(1));
    s.run_to_line(12);  // first cross-attention
    QCOMPARE(s.next_line(), 12);
    QCOMPARE(s.next_layer(), 0);
    s.run_to_line(12);  // the next one is in decoder layer 2
    QCOMPARE(s.next_layer(), 1);
    s.run_to_end();
    QVERIFY(s.at_end());
    QVERIFY(!s.next());
    QVERIFY(s.value("P"));
    QCOMPARE(s.value("P")->cols(), Eigen::Index(3));
    while (s.back()) {
    }
    QCOMPARE(s.position(), size_t(0));
    QVERIFY(s.scope().empty());
  }

  // trace_memory, what a trace is refused by when it does not fit (issue 32): at least what the records hold and not
  // more than 3× it, for both transformers and longer inputs.
  void trace_memory_bounds_the_records() {
    auto held = [](const std::vector<StepRecord>& recs) {
      double b = 0;
      auto m = [&b](const MatF& x) { b += 4.0 * double(x.size()); };
      for (const StepRecord& r : recs) {
        m(r.value);
        b += 4.0 * double(r.mean.size() + r.var.size());
        if (!r.attention) continue;
        m(r.attention->Q), m(r.attention->K), m(r.attention->V), m(r.attention->out);
        for (const HeadRecord& h : r.attention->heads) {
          m(h.Q), m(h.K), m(h.V), m(h.dots), m(h.S), m(h.mask), m(h.S_masked), m(h.A), m(h.Y);
          b += 4.0 * double(h.col_max.size() + h.col_sum.size());
        }
      }
      return b;
    };
    const Config ed = Config::make(Variant::EncoderDecoder, 40, 64, 2, 2, 4, 32, 64);
    const Config d = Config::make(Variant::DecoderOnly, 40, 64, 0, 3, 4, 32, 64);
    for (int n : {4, 30, 60}) {
      std::vector<int> z(size_t(n), 5), x(size_t(n), 6);
      x[0] = 1;
      for (const Config& c : {ed, d}) {
        const Example e{c.is_ed() ? z : std::vector<int>{}, x};
        const double h = held(trace_forward(c, params_init(c, 3), e));
        const double est = double(trace_memory(c, e));
        qInfo("%s, n = %d: trace_memory %.0f bytes, the records hold %.0f (%.2f×)", c.is_ed() ? "ED" : "D", n, est, h,
              est / h);
        QVERIFY2(est >= h && est <= 3 * h, qPrintable(QStringLiteral("%1, n = %2: estimate %3, held %4")
                                                          .arg(c.is_ed() ? "ED" : "D").arg(n).arg(est).arg(h)));
      }
    }
    // the recurrent families: what their forward pass holds (model_forward's states, the logits) and P, twice the
    // logits' size (the trace's distributions)
    for (int n : {4, 40}) {
      for (const auto& [v, cell, att] : {std::tuple{Variant::Rnn, RnnCell::Elman, RnnAttention::None},
                                         std::tuple{Variant::Rnn, RnnCell::Lstm, RnnAttention::None},
                                         std::tuple{Variant::RnnSeq2Seq, RnnCell::Lstm, RnnAttention::Additive}}) {
        Config c = family_config(v, 40, 64);
        c.d_e = 16, c.d_hidden = 24, c.cell = cell, c.attention = att;
        std::vector<int> z(size_t(n), 5), x(size_t(n), 6);
        const Example e{v == Variant::RnnSeq2Seq ? z : std::vector<int>{}, x};
        Activations<float> act;
        model_forward(act, c, params_init(c, 3), make_batch(c, e));
        double h = 4.0 * 3 * double(act.logits.size());  // logits, log p and P
        for (const RnnCache<float>* r : {&act.rnn, &act.rnn_enc})
          for (const MatF* m : {&r->E, &r->U, &r->Gt, &r->M, &r->H, &r->H0, &r->M0, &r->Keys, &r->Q, &r->Alpha, &r->Ctx})
            h += 4.0 * double(m->size());
        const double est = double(trace_memory(c, e));
        qInfo("rnn %d cell %d attention %d, n = %d: trace_memory %.0f bytes, the pass holds %.0f (%.2f×)", int(v),
              int(cell), int(att), n, est, h, est / h);
        QVERIFY2(est >= h && est <= 3 * h, qPrintable(QStringLiteral("rnn, n = %1: estimate %2, held %3").arg(n).arg(est).arg(h)));
      }
    }
  }

  void attention_records_with_masks() {
    const Config c = ed_config();
    const auto recs = trace_forward(c, params_init(c, 3), ed_example());
    int bidir = 0, causal = 0, cross = 0;
    for (const auto& r : recs) {
      if (!r.attention) continue;
      const auto& a = *r.attention;
      QCOMPARE(int(a.heads.size()), c.heads);
      for (const auto& h : a.heads) {
        QCOMPARE(h.Q.rows(), Eigen::Index(c.d_h()));
        // columns of A sum to 1; masked entries are exactly 0 and −∞ in S_masked
        for (Eigen::Index j = 0; j < h.A.cols(); ++j) QVERIFY(std::abs(h.A.col(j).sum() - 1.0f) < 1e-5f);
        for (Eigen::Index i = 0; i < h.A.rows(); ++i)
          for (Eigen::Index j = 0; j < h.A.cols(); ++j) {
            const bool allowed = a.kind != AttentionRecord::Kind::Causal || i <= j;  // M_uni[t_z, t_x] = [t_z ≤ t_x]
            QCOMPARE(h.mask(i, j), allowed ? 1.0f : 0.0f);
            if (!allowed) {
              QCOMPARE(h.A(i, j), 0.0f);
              QVERIFY(std::isinf(h.S_masked(i, j)));
            } else {
              QCOMPARE(h.S_masked(i, j), h.S(i, j));
            }
          }
        // the scores are Kᵀ Q / √d_h
        const MatF S = h.K.transpose() * h.Q / std::sqrt(float(c.d_h()));
        QVERIFY((S - h.S).cwiseAbs().maxCoeff() < 1e-5f);
        // the parts a weight is made of: the dot product, scaled; exp(s − max) over the softmax's denominator
        QVERIFY((h.dots / std::sqrt(float(c.d_h())) - h.S).cwiseAbs().maxCoeff() < 1e-5f);
        for (Eigen::Index j = 0; j < h.A.cols(); ++j) {
          float mx = -std::numeric_limits<float>::infinity();
          for (Eigen::Index i = 0; i < h.A.rows(); ++i)
            if (h.mask(i, j) > 0) mx = std::max(mx, h.S(i, j));
          QCOMPARE(h.col_max(j), mx);
          QVERIFY(h.col_sum(j) >= 1.0f);  // the maximum's own exp(0) is in it
          for (Eigen::Index i = 0; i < h.A.rows(); ++i)
            if (h.mask(i, j) > 0) QVERIFY(std::abs(std::exp(h.S(i, j) - h.col_max(j)) / h.col_sum(j) - h.A(i, j)) < 1e-6f);
        }
      }
      switch (a.kind) {
        case AttentionRecord::Kind::Bidirectional:
          ++bidir;
          QCOMPARE(a.heads[0].A.rows(), Eigen::Index(4));
          QCOMPARE(a.heads[0].A.cols(), Eigen::Index(4));
          break;
        case AttentionRecord::Kind::Causal: ++causal; break;
        case AttentionRecord::Kind::Cross:
          ++cross;
          QCOMPARE(a.heads[0].A.rows(), Eigen::Index(4));  // keys: |z|
          QCOMPARE(a.heads[0].A.cols(), Eigen::Index(3));  // queries: |x|
          break;
      }
    }
    QCOMPARE(bidir, c.enc_layers);
    QCOMPARE(causal, c.dec_layers);
    QCOMPARE(cross, c.dec_layers);
  }

  // The mask editor's masks: prefix-LM and sliding window as their definitions say; a custom mask in the
  // decoder's self-attention changes the first decoder layer's weights exactly where the mask changed.
  void custom_masks_change_weights_where_they_change() {
    const MatF plm = prefix_lm_mask(5, 2), sw = sliding_window_mask(5, 2);
    for (int tx = 0; tx < 5; ++tx)
      for (int tz = 0; tz < 5; ++tz) {
        QCOMPARE(plm(tz, tx), tz < 2 || tz <= tx ? 1.0f : 0.0f);
        QCOMPARE(sw(tz, tx), tz <= tx && tz >= tx - 1 ? 1.0f : 0.0f);
      }
    const Config c = d_config();
    const Params<float> p = params_init(c, 5);
    const Example e = d_example();  // 5 tokens
    const auto plain = trace_forward(c, p, e);
    MatF causal(5, 5);
    for (int tx = 0; tx < 5; ++tx)
      for (int tz = 0; tz < 5; ++tz) causal(tz, tx) = tz <= tx ? 1.0f : 0.0f;
    MatF drawn = causal;
    drawn(1, 3) = 0;  // column 3 may not read position 1
    drawn(4, 2) = 1;  // column 2 may read position 4 (a look ahead)
    for (const MatF& mask : {plm, sw, drawn, causal}) {
      auto masked = trace_forward_masked(c, p, e, mask);
      QVERIFY(masked.ok());
      const AttentionRecord *a = nullptr, *b = nullptr;  // the first decoder self-attention of each
      for (const auto& r : plain)
        if (r.attention && !a) a = &*r.attention;
      for (const auto& r : *masked)
        if (r.attention && !b) b = &*r.attention;
      QVERIFY(a && b);
      for (size_t h = 0; h < a->heads.size(); ++h) {
        QVERIFY(b->heads[h].mask == mask);  // the record shows the mask applied
        for (int tx = 0; tx < 5; ++tx) {
          const bool same = mask.col(tx) == causal.col(tx);
          if (same) {
            QVERIFY(b->heads[h].A.col(tx) == a->heads[h].A.col(tx));  // bit for bit
          } else {
            QVERIFY(b->heads[h].A.col(tx) != a->heads[h].A.col(tx));
          }
          for (int tz = 0; tz < 5; ++tz)
            if (mask(tz, tx) == 0) QCOMPARE(b->heads[h].A(tz, tx), 0.0f);
          QVERIFY(std::abs(b->heads[h].A.col(tx).sum() - 1.0f) < 1e-5f);
        }
      }
    }
    // the causal mask given as a custom one: the whole trace as without it
    auto same = trace_forward_masked(c, p, e, causal);
    QVERIFY(same->back().value == plain.back().value);
    // a mask of the wrong size: an error naming the sizes
    auto wrong = trace_forward_masked(c, p, e, MatF::Ones(4, 4));
    QVERIFY(!wrong.ok());
    QCOMPARE(wrong.error().code, ErrorCode::MaskSize);
  }

  void norm_records() {
    const Config c = d_config();
    Stepper s(c, params_init(c, 4), d_example());
    s.next();  // embed
    s.next();  // loop
    const MatF X = *s.value("X");
    s.next();  // X̂ ← LN(X)
    const StepRecord& r = s.records().back();
    QCOMPARE(r.target, std::string("X̂"));
    QCOMPARE(r.mean.size(), X.cols());
    for (Eigen::Index j = 0; j < X.cols(); ++j) {
      const float mu = X.col(j).mean();
      const float var = (X.col(j).array() - mu).square().mean();
      QVERIFY(std::abs(r.mean(j) - mu) < 1e-6f);
      QVERIFY(std::abs(r.var(j) - var) < 1e-4f * std::max(1e-3f, var));
    }
    auto sc = s.scope();
    QCOMPARE(int(sc.size()), 3);  // X, X̂, l
  }

  // The recurrent families' listings (an RNN with each cell, the RNN encoder-decoder with and without attention, the
  // HMM): each loop runs once per token, and every line's record is what model_forward computed at that step — the
  // state h_j is column j of the forward's H, the attention's α_j its column j, P_j the softmax of its logits' column
  // j, and the returned P equals exp(model_logprobs). Back undoes a line.
  void recurrent_listings_reveal_the_forward() {
    struct Case {
      Variant v;
      RnnCell cell;
      RnnAttention att;
    };
    for (const Case k : {Case{Variant::Rnn, RnnCell::Elman, RnnAttention::None},
                         Case{Variant::Rnn, RnnCell::Lstm, RnnAttention::None},
                         Case{Variant::RnnSeq2Seq, RnnCell::Elman, RnnAttention::None},
                         Case{Variant::RnnSeq2Seq, RnnCell::Lstm, RnnAttention::Additive},
                         Case{Variant::Hmm, RnnCell::Elman, RnnAttention::None}}) {
      Config c = family_config(k.v, 9, 12);
      if (k.v != Variant::Hmm) {
        c.d_e = 4;
        c.d_hidden = 5;
        c.cell = k.cell;
        c.attention = k.att;
      }
      const Params<float> p = params_init(c, 3);
      const Example e{k.v == Variant::RnnSeq2Seq ? std::vector<int>{3, 4, 5} : std::vector<int>{}, {1, 6, 7, 8}};
      const QString what = QStringLiteral("%1 cell %2 attention %3").arg(int(k.v)).arg(int(k.cell)).arg(int(k.att));
      Activations<float> act;
      model_forward(act, c, p, make_batch(c, e));
      const MatF lp = model_logprobs(c, p, e);
      Stepper s(c, p, e);
      int hSeen = 0, pSeen = 0, aSeen = 0;
      while (s.next()) {
        const StepRecord& r = s.records().back();
        if (r.target == "[i; f; g; o]") QVERIFY(r.value == MatF(act.rnn.Gt.col(r.layer)) || r.value == MatF(act.rnn_enc.Gt.col(r.layer)));
        if (r.target == "m") QVERIFY(r.value.cols() == 1 && (r.layer < 0 || r.value == MatF(act.rnn.M.col(r.layer))));
        if (r.target == "h" && r.layer >= 0) {
          QVERIFY2(r.value == MatF(act.rnn.H.col(r.layer)), qPrintable(what));
          QVERIFY(*s.value("H") == MatF(act.rnn.H.leftCols(r.layer + 1)));
          ++hSeen;
        }
        if (r.target == "g" && r.layer >= 0) QVERIFY(r.value == MatF(act.rnn_enc.H.col(r.layer)));
        if (r.target == "α") {
          QVERIFY(r.value == MatF(act.rnn.Alpha.col(r.layer).head(3)));
          ++aSeen;
        }
        if (r.target == "P_j") {
          for (Eigen::Index v = 0; v < lp.rows(); ++v)
            QVERIFY2(std::abs(r.value(v, 0) - std::exp(lp(v, r.layer))) < 1e-6, qPrintable(what));
          ++pSeen;
        }
      }
      QVERIFY(s.at_end());
      QCOMPARE(pSeen, 4);
      QCOMPARE(hSeen, k.v == Variant::Hmm ? 0 : 4);
      QCOMPARE(aSeen, k.att == RnnAttention::Additive ? 4 : 0);
      const StepRecord& last = s.records().back();
      QCOMPARE(last.target, std::string("P"));
      QVERIFY((last.value - MatF(lp.array().exp().matrix())).cwiseAbs().maxCoeff() < 1e-6f);
      if (k.v == Variant::Hmm) {  // the filtered distributions ᾱ_1 … ᾱ_n, each column a distribution
        const MatF* A = s.value("A");
        QVERIFY(A && A->cols() == 4 && A->rows() == c.states);
        // Viterbi: the backtrace's one-hot columns are hmm_viterbi's path, and δ_n at its end is the log joint
        // probability of that path, written out here from π, T and E
        const std::vector<int> path = hmm_viterbi(p.hmm, e.x);
        const MatF* Z = s.value("Z*");
        const MatF* D = s.value("Δ");
        QVERIFY(Z && D && Z->cols() == 4 && D->cols() == 4);
        double joint = std::log(double(p.hmm.pi[path[0]])) + std::log(double(p.hmm.emission(e.x[0], path[0])));
        for (int t = 0; t < 4; ++t) {
          QCOMPARE((*Z)(path[size_t(t)], t), 1.0f);
          QCOMPARE(Z->col(t).sum(), 1.0f);
          if (t > 0)
            joint += std::log(double(p.hmm.transition(path[size_t(t)], path[size_t(t - 1)]))) +
                     std::log(double(p.hmm.emission(e.x[size_t(t)], path[size_t(t)])));
        }
        QVERIFY2(std::abs((*D)(path[3], 3) - joint) < 1e-4 * std::max(1.0, std::abs(joint)),
                 qPrintable(QStringLiteral("δ_n[z*_n] = %1, log P(x, z*) = %2").arg((*D)(path[3], 3)).arg(joint)));
        QCOMPARE(D->col(3).maxCoeff(), (*D)(path[3], 3));
      }
      // back: one line undone, the scope as it was before it
      const size_t n = s.records().size();
      QVERIFY(s.back());
      QVERIFY(s.back());
      const auto before = s.scope();
      const MatF P_before = s.value("P") ? *s.value("P") : MatF();
      QVERIFY(s.next());
      QVERIFY(s.back());
      QCOMPARE(s.records().size(), n - 2);
      const auto after = s.scope();
      QCOMPARE(after.size(), before.size());
      for (size_t i = 0; i < after.size(); ++i)
        QVERIFY(after[i].name == before[i].name && after[i].rows == before[i].rows && after[i].cols == before[i].cols);
      QVERIFY((s.value("P") ? *s.value("P") : MatF()) == P_before);
      s.run_to_end();
      QCOMPARE(s.records().size(), n);
      // the whole trace (trace_forward: the stepper run to the end)
      auto t = trace_forward(c, p, e, TraceProgress{});
      QVERIFY2(t, qPrintable(what));
      QCOMPARE(t->size(), s.records().size());
    }
  }

  // The traced pass with a progress callback: the same records when it never cancels; a cancel stops it before the
  // next line, with TraceCancelled and how far it got.
  // Viterbi over one token: no forward step, no backtrace step — z*_1 = argmax δ_1
  void hmm_listing_one_token() {
    const Config c = family_config(Variant::Hmm, 9, 12);
    const Params<float> p = params_init(c, 4);
    Stepper s(c, p, Example{{}, {5}});
    s.run_to_end();
    const MatF* Z = s.value("Z*");
    QVERIFY(Z && Z->cols() == 1 && Z->sum() == 1.0f);
    QCOMPARE((*Z)(hmm_viterbi(p.hmm, {5})[0], 0), 1.0f);
  }

  void trace_with_progress_and_cancel() {
    const Config c = ed_config();
    const Params<float> p = params_init(c, 4);
    const auto plain = trace_forward(c, p, ed_example());
    int calls = 0;
    auto all = trace_forward(c, p, ed_example(), [&](int, int total) {
      ++calls;
      return total == int(plain.size());
    });
    QVERIFY(all.ok());
    QCOMPARE(all->size(), plain.size());
    QCOMPARE(calls, int(plain.size()) + 1);  // before each line, and once at the end
    QVERIFY(all->back().value.isApprox(plain.back().value, 0.0f));
    int lines = 0;
    auto cut = trace_forward(c, p, ed_example(), [&](int done, int) {
      lines = done;
      return done < 3;
    });
    QVERIFY(!cut.ok());
    QCOMPARE(cut.error().code, ErrorCode::TraceCancelled);
    QCOMPARE(cut.error().arg("done"), std::string("3"));
    QCOMPARE(lines, 3);  // no line after the cancel
    QVERIFY(trace_cost(c, ed_example()) > 0);
  }
};

QTEST_GUILESS_MAIN(TestStepper)
#include "tst_core_stepper.moc"
