// The recurrent language model (core/families/rnn, seed 001): its tensors and sizes, the forward against a direct
// computation written out here in double, every gradient entry against central differences (tanh and ReLU), its
// decoding step against the forward, training that learns what a bigram cannot (the token two places back), model
// files and hostile configs. PyTorch's nn.RNN is checked in tst_core_parity (fixture rnn_small).
#include "test_support.h"

#include "core/decode/session.h"
#include "core/families/rnn/rnn.h"
#include "core/family.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/model/model.h"
#include "core/model/params.h"
#include "core/train/loss.h"
#include "core/train/memory.h"
#include "core/train/trainer.h"
#include "core/decode/sampler.h"
#include "core/rng.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace gb;

namespace {

Config rnnConfig(int V, int maxLen, int dE, int dH, Activation f = Activation::Tanh) {
  Config c = family_config(Variant::Rnn, V, maxLen);
  c.d_e = dE;
  c.d_hidden = dH;
  c.activation = f;
  return c;
}

// The log-probabilities of one sequence, written out from the notes' formulas in double: h_0 = 0,
// h_j = f(V h_{j−1} + A W_e[:, x_j] + b), row j = log_softmax(W_u h_j + b_u).
std::vector<std::vector<double>> directLogprobs(const Config& c, const Params<float>& p, const std::vector<int>& x) {
  const int dh = c.d_hidden, de = c.d_e, V = c.vocab_size;
  std::vector<double> h(size_t(dh), 0.0);
  std::vector<std::vector<double>> rows;
  for (int token : x) {
    std::vector<double> next(static_cast<size_t>(dh));
    for (int i = 0; i < dh; ++i) {
      double u = p.rnn.b(i);
      for (int k = 0; k < dh; ++k) u += double(p.rnn.V(i, k)) * h[size_t(k)];
      for (int k = 0; k < de; ++k) u += double(p.rnn.A(i, k)) * double(p.rnn.W_e(k, token));
      next[size_t(i)] = c.activation == Activation::ReLU ? std::max(0.0, u) : std::tanh(u);
    }
    h = next;
    std::vector<double> logits(static_cast<size_t>(V));
    double mx = -1e300;
    for (int v = 0; v < V; ++v) {
      double s = p.rnn.b_u(v);
      for (int k = 0; k < dh; ++k) s += double(p.rnn.W_u(v, k)) * h[size_t(k)];
      logits[size_t(v)] = s;
      mx = std::max(mx, s);
    }
    double sum = 0;
    for (double s : logits) sum += std::exp(s - mx);
    for (double& s : logits) s -= mx + std::log(sum);
    rows.push_back(logits);
  }
  return rows;
}

}  // namespace

class TestCoreRnn : public QObject {
  Q_OBJECT
 private slots:
  void registered_with_its_tensors_and_sizes() {
    const FamilyInfo* f = find_family("rnn");
    QVERIFY(f);
    QCOMPARE(int(f->variant), int(Variant::Rnn));
    QVERIFY(f->has(SizeField::DModel) && f->has(SizeField::DHidden) && !f->has(SizeField::Heads));
    QVERIFY(f->offers(view::kDecoding) && !f->offers(view::kAttention));
    const Config c = rnnConfig(7, 16, 3, 5);
    QVERIFY(!c.validate());
    QCOMPARE(int(c.activation), int(Activation::Tanh));  // seed 001's σ: tanh unless chosen otherwise
    const std::vector<std::string> names{"W_e", "rnn.V", "rnn.A", "rnn.b", "W_u", "b_u"};
    QVERIFY(tensor_names(c) == names);
    const int64_t n = 3 * 7 + 5 * 5 + 5 * 3 + 5 + 7 * 5 + 7;
    QCOMPARE(params_count(c), n);
    const Params<float> p = params_init(c, 3);
    QCOMPARE(params_count(c, p), n);
    QCOMPARE(p.rnn.W_e.rows(), Eigen::Index(3));
    QCOMPARE(p.rnn.V.rows(), Eigen::Index(5));
    QCOMPARE(p.rnn.A.cols(), Eigen::Index(3));
    QCOMPARE(p.rnn.W_u.rows(), Eigen::Index(7));
    QVERIFY(p.rnn.b.isZero() && p.rnn.b_u.isZero());
    // the config's own checks: a size it lacks, its sizes at least 1, GELU is not a cell of the notes
    Config wrong = c;
    wrong.heads = 2;
    QCOMPARE(int(wrong.validate()->code), int(ErrorCode::ConfigNotInFamily));
    wrong = c;
    wrong.d_hidden = 0;
    QVERIFY(wrong.validate());
    QVERIFY(wrong.validate()->message.find("d_hidden") != std::string::npos);
    wrong = c;
    wrong.activation = Activation::GELU;
    QCOMPARE(int(wrong.validate()->code), int(ErrorCode::ConfigCellActivation));
    // and a transformer has no recurrent state
    Config t = Config::make(Variant::DecoderOnly, 7, 16, 0, 1, 2, 8, 16);
    t.d_hidden = 4;
    QVERIFY(t.validate());
    QVERIFY(t.validate()->message.find("d_hidden") != std::string::npos);
  }

  void forward_is_the_recurrence_data() {
    QTest::addColumn<int>("activation");
    QTest::newRow("tanh") << int(Activation::Tanh);
    QTest::newRow("relu") << int(Activation::ReLU);
  }
  // n ids give n rows, row j = log P(x_{j+1} | x_1..x_j); padding in a batch changes nothing
  void forward_is_the_recurrence() {
    QFETCH(int, activation);
    const Config c = rnnConfig(9, 20, 4, 6, Activation(activation));
    Params<float> p = params_init(c, 11);
    p.rnn.b.setConstant(0.1f);  // non-zero biases, so they are checked too
    for (int v = 0; v < c.vocab_size; ++v) p.rnn.b_u(v) = 0.05f * float(v);
    const Example e{{}, {0, 3, 8, 3, 1, 1, 5}};
    const MatF lp = model_logprobs(c, p, e);
    QCOMPARE(lp.cols(), Eigen::Index(e.x.size()));
    const auto ref = directLogprobs(c, p, e.x);
    double worst = 0;
    for (size_t j = 0; j < e.x.size(); ++j)
      for (Eigen::Index v = 0; v < lp.rows(); ++v)
        worst = std::max(worst, std::abs(double(lp(v, Eigen::Index(j))) - ref[j][size_t(v)]));
    QVERIFY2(worst < 2e-6, qPrintable(QString::number(worst)));
    // beside a longer sequence in a padded batch: the same numbers
    const std::vector<Example> two{Example{{}, {2, 2, 7, 1, 0, 4, 4, 6, 8, 1}}, e};
    Activations<float> act;
    const Batch b = make_batch(c, two, {0, 1});
    model_forward(act, c, p, b);
    MatF all;
    log_softmax_columns(all, act.logits);
    for (Eigen::Index j = 0; j < lp.cols(); ++j)
      QVERIFY((all.col(b.T + j) - lp.col(j)).cwiseAbs().maxCoeff() < 1e-6f);
  }

  void gradient_is_exact_data() { forward_is_the_recurrence_data(); }
  // backpropagation through time: every entry of every tensor against central differences, in double
  void gradient_is_exact() {
    QFETCH(int, activation);
    const Config c = rnnConfig(5, 12, 3, 4, Activation(activation));
    Params<double> p = params_cast<double>(c, params_init(c, 5));
    p.rnn.b.setConstant(0.2);
    const std::vector<Example> data{Example{{}, {0, 1, 2, 1, 4, 4, 3}}, Example{{}, {3, 3, 2}}};
    const Batch b = make_batch(c, data, {0, 1});
    int64_t checked = 0;
    const std::string problem = first_gradient_mismatch(c, p, b, 1e-6, &checked);
    QVERIFY2(problem.empty(), problem.c_str());
    QCOMPARE(checked, params_count(c));
    // and the recurrence did carry gradient back: V's gradient is not zero
    Activations<double> act;
    model_forward(act, c, p, b);
    Workspace<double> ws;
    loss_forward_backward<double>(&ws.dlogits, act.logits, b, LossKind::Sum);
    Grads<double> g = params_zeros<double>(c);
    model_backward(g, ws, act, ws.dlogits, c, p, b);
    QVERIFY(g.rnn.V.norm() > 0);  // the recurrence did carry gradient back
  }

  // Decoding step by step (the state kept per position) gives the forward's rows; back() and the uncached path agree
  void decoding_follows_the_forward() {
    const Config c = rnnConfig(8, 12, 4, 6);
    const Params<float> p = params_init(c, 2);
    auto s = DecodeSession::create(c, p, {}, {4, 7});
    QVERIFY(s);
    Rng rng(1);
    SamplerOptions so;
    so.temperature = 0.8;
    for (int i = 0; i < 6; ++i) QVERIFY(s->step(so, rng));
    const std::vector<int> x = s->tokens();
    QCOMPARE(x.size(), size_t(8));
    const MatF lp = model_logprobs(c, p, Example{{}, x});
    for (size_t i = 0; i < s->steps().size(); ++i) {
      const DecodeStep& st = s->steps()[i];
      for (int v = 0; v < c.vocab_size; ++v)
        QVERIFY(std::abs(st.logp[size_t(v)] - double(lp(v, st.position - 1))) < 1e-5);
    }
    // take three back and step again with a forced token: the kept states before the branch are reused
    QVERIFY(s->back(3));
    auto forced = s->step(so, rng, 2);
    QVERIFY(forced);
    std::vector<int> y(x.begin(), x.begin() + 5);
    y.push_back(2);
    const MatF lp2 = model_logprobs(c, p, Example{{}, y});
    for (int v = 0; v < c.vocab_size; ++v) QVERIFY(std::abs(s->next_logp()[size_t(v)] - double(lp2(v, 5))) < 1e-5);
    DecodeOptions uncached;
    uncached.use_cache = false;
    auto u = DecodeSession::create(c, p, {}, y, uncached);
    QVERIFY(u);
    for (int v = 0; v < c.vocab_size; ++v) QVERIFY(std::abs(u->next_logp()[size_t(v)] - s->next_logp()[size_t(v)]) < 1e-5);
    QVERIFY(s->next_attention().empty());
    auto beam = beam_search(*u, 3, 3, -1);
    QVERIFY(beam);
    QCOMPARE(beam->tokens.size(), size_t(3));
  }

  // What a bigram cannot learn: the token after "a a" is the token before them ("x a a → x", "y a a → y"). The
  // RNN, trained by the same Trainer with AdamW, carries it in its state; a bigram's best is to guess.
  void learns_what_a_bigram_cannot() {
    // tokens: 0 pad, 1 a, 2 x, 3 y, 4 z (4 tokens + pad); sequences "k a a k" for k in {x, y, z}
    std::vector<Example> data;
    for (int i = 0; i < 60; ++i) {
      const int k = 2 + i % 3;
      data.push_back(Example{{}, {k, 1, 1, k}});
    }
    Config c = rnnConfig(5, 8, 8, 16);
    c.pad_id = 0;
    Params<float> p = params_init(c, 1);
    TrainOptions to;
    to.opt.kind = OptimizerKind::AdamW;
    to.opt.lr = family(Variant::Rnn).adamw_lr;
    to.batch_size = 12;
    to.loss = LossKind::Mean;
    to.shuffle = true;
    to.steps = 400;
    Trainer t(must_plan(c, p, data, to), p);
    std::vector<double> losses;
    t.run([&](const StepReport& r) { losses.push_back(r.loss); return true; });
    QCOMPARE(int(losses.size()), 400);
    // P(k | k a a) for each k: the last row of each pattern
    double worst = 1;
    for (int k = 2; k <= 4; ++k) {
      const MatF lp = model_logprobs(c, p, Example{{}, {k, 1, 1}});
      worst = std::min(worst, std::exp(double(lp(k, 2))));
    }
    qInfo("min P(k | k a a) = %.4f after %d steps (a bigram's best: 1/3); loss %.3f → %.3f", worst, int(losses.size()),
          losses.front(), losses.back());
    // a bigram sees only "a": its best is 1/3 for each of x, y, z
    QVERIFY2(worst > 0.9, qPrintable(QStringLiteral("min P(k | k a a) = %1").arg(worst)));
  }

  // The view's trace: the states are the forward's, and ‖∂J_last/∂h_j‖ is the chain rule written out here in double,
  // g_{n−1} = W_uᵀ (softmax − onehot), g_{j−1} = Vᵀ (g_j ⊙ (1 − h_j²)). With a contracting V (spectral norm < 1)
  // it vanishes with the distance from the loss — the first pitfall seed 004 names, as numbers.
  void trace_shows_the_vanishing_gradient() {
    Config c = rnnConfig(6, 40, 4, 8);
    Params<float> p = params_init(c, 9);
    p.rnn.V *= 0.5f;  // a contraction: the gradient must shrink step by step
    std::vector<int> x;
    for (int i = 0; i < 30; ++i) x.push_back((i * 7 + 3) % 6);
    const RnnTrace t = rnn_trace(c, p.rnn, x);
    QCOMPARE(t.H.cols(), Eigen::Index(30));
    QCOMPARE(t.grad_norm.size(), size_t(29));
    Activations<float> act;
    model_forward(act, c, p, make_batch(c, Example{{}, x}));
    QVERIFY((t.H - act.rnn.H).cwiseAbs().maxCoeff() == 0.0f);  // the training path's states, not a copy of them
    // the chain rule in double
    const int last = 28;
    Eigen::VectorXd logits = p.rnn.W_u.cast<double>() * t.H.col(last).cast<double>() + p.rnn.b_u.cast<double>();
    Eigen::VectorXd sm = (logits.array() - logits.maxCoeff()).exp().matrix();
    sm /= sm.sum();
    sm(x[29]) -= 1.0;
    Eigen::VectorXd g = p.rnn.W_u.cast<double>().transpose() * sm;
    for (int j = last; j >= 0; --j) {
      QVERIFY2(std::abs(g.norm() - t.grad_norm[size_t(j)]) <= 1e-5 * std::max(1e-3, g.norm()),
               qPrintable(QStringLiteral("j = %1: %2 vs %3").arg(j).arg(g.norm()).arg(t.grad_norm[size_t(j)])));
      const Eigen::VectorXd h = t.H.col(j).cast<double>();
      g = p.rnn.V.cast<double>().transpose() * (g.array() * (1.0 - h.array().square())).matrix();
    }
    const double near = t.grad_norm[size_t(last)], far = t.grad_norm[0];
    qInfo("‖∂J/∂h‖ at the loss %.3g, 28 steps back %.3g", near, far);
    QVERIFY(far < 1e-3 * near);
  }

  // The encoder-decoder's trace: ‖∂J_last/∂h_j‖ over the decoder's states and ‖∂J_last/∂g_t‖ over the encoder's.
  // Without attention it is the chain rule written out here in double — through the decoder, into c (the encoder's
  // last state, the decoder's h_0) and back through the encoder — and with a contracting V it vanishes over the
  // source: the bottleneck as a gradient. With additive attention every encoder state is read directly, and the
  // first source token's gradient stays within reach.
  void seq2seq_trace_shows_the_gradient_through_c() {
    Config c = family_config(Variant::RnnSeq2Seq, 7, 40);
    c.d_e = 4;
    c.d_hidden = 8;
    c.bos_id = 0;
    std::vector<int> z, x{0};
    for (int i = 0; i < 16; ++i) z.push_back(1 + (i * 5 + 2) % 6);
    for (int i = 0; i < 8; ++i) x.push_back(1 + (i * 3 + 1) % 6);
    double ratio[2] = {0, 0};
    for (const RnnAttention attention : {RnnAttention::None, RnnAttention::Additive}) {
      c.attention = attention;
      Params<float> p = params_init(c, 9);
      p.rnn.V *= 0.5f;  // contractions: the gradient must shrink step by step along the recurrence
      p.rnn_enc.V *= 0.5f;
      const RnnSeq2SeqTrace t = rnn_seq2seq_trace(c, p.rnn, p.rnn_enc, z, x);
      QCOMPARE(t.dec_grad_norm.size(), x.size() - 1);
      QCOMPARE(t.enc_grad_norm.size(), z.size());
      for (double g : t.dec_grad_norm) QVERIFY(std::isfinite(g) && g > 0);
      ratio[attention == RnnAttention::Additive] = t.enc_grad_norm.front() / t.dec_grad_norm.back();
      if (attention == RnnAttention::Additive) continue;
      // the chain rule in double: the decoder from its last predicting state back to h_1, then h_0 = c = g_|z|
      const int last = int(x.size()) - 2;
      Eigen::VectorXd logits = p.rnn.W_u.cast<double>() * t.dec_H.col(last).cast<double>() + p.rnn.b_u.cast<double>();
      Eigen::VectorXd sm = (logits.array() - logits.maxCoeff()).exp().matrix();
      sm /= sm.sum();
      sm(x.back()) -= 1.0;
      Eigen::VectorXd g = p.rnn.W_u.cast<double>().transpose() * sm;
      auto close = [](double a, double b) { return std::abs(a - b) <= 1e-5 * std::max(1e-6, a); };
      for (int j = last; j >= 0; --j) {
        QVERIFY2(close(g.norm(), t.dec_grad_norm[size_t(j)]),
                 qPrintable(QStringLiteral("h%1: %2 vs %3").arg(j + 1).arg(g.norm()).arg(t.dec_grad_norm[size_t(j)])));
        const Eigen::VectorXd h = t.dec_H.col(j).cast<double>();
        g = p.rnn.V.cast<double>().transpose() * (g.array() * (1.0 - h.array().square())).matrix();
      }
      for (int s = int(z.size()) - 1; s >= 0; --s) {  // g is ∂J/∂c = ∂J/∂g_|z| here
        QVERIFY2(close(g.norm(), t.enc_grad_norm[size_t(s)]),
                 qPrintable(QStringLiteral("g%1: %2 vs %3").arg(s + 1).arg(g.norm()).arg(t.enc_grad_norm[size_t(s)])));
        const Eigen::VectorXd h = t.enc_H.col(s).cast<double>();
        g = p.rnn_enc.V.cast<double>().transpose() * (g.array() * (1.0 - h.array().square())).matrix();
      }
    }
    qInfo("‖∂J/∂g₁‖ / ‖∂J/∂h at the loss‖: through c alone %.3g, with attention %.3g", ratio[0], ratio[1]);
    QVERIFY(ratio[0] < 1e-4);
    QVERIFY(ratio[1] > 100 * ratio[0]);
  }

  void model_file_round_trip_and_hostile() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("r.safetensors")).toStdString();
    const Config c = rnnConfig(8, 20, 4, 6, Activation::ReLU);
    ModelFile m = ModelFile::of(c, params_init(c, 4));
    QVERIFY(!save_model(path, m));
    auto back = load_model(path);
    QVERIFY2(back, back ? "" : back.error().message.c_str());
    QCOMPARE(int(back->config.variant), int(Variant::Rnn));
    QCOMPARE(back->config.d_hidden, 6);
    QCOMPARE(int(back->config.activation), int(Activation::ReLU));
    QVERIFY(back->params.rnn.V == m.params.rnn.V && back->params.rnn.W_u == m.params.rnn.W_u);
    // its config claiming GELU, or no state size: refused, naming the field
    Json cfg = config_to_json(c);
    QCOMPARE(cfg["d_hidden"].get<int>(), 6);
    cfg["activation"] = "gelu";
    auto parsed = config_from_json(cfg, "test");
    QVERIFY(!parsed);
    QVERIFY(parsed.error().message.find("activation") != std::string::npos);
    cfg = config_to_json(c);
    cfg.erase("d_hidden");
    parsed = config_from_json(cfg, "test");
    QVERIFY(!parsed);
    QVERIFY(parsed.error().message.find("d_hidden") != std::string::npos);
    // a transformer's file keeps its keys: no d_hidden written
    QVERIFY(!config_to_json(Config::make(Variant::DecoderOnly, 7, 16, 0, 1, 2, 8, 16)).contains("d_hidden"));
  }

  // The memory estimate grows with the state's size and the sequence's length (the states kept for BPTT)
  // ---- seed 004's RNN encoder-decoder (rnn-seq2seq): the same cell twice, the decoder starting from c

  void seq2seq_family_and_tensors() {
    const FamilyInfo* f = find_family("rnn-seq2seq");
    QVERIFY(f && f->reads_source && f->recurrent_cell && !f->transformer);
    Config c = family_config(Variant::RnnSeq2Seq, 9, 12);
    c.d_e = 3;
    c.d_hidden = 4;
    QVERIFY(!c.validate());
    QCOMPARE(tensor_names(c), (std::vector<std::string>{"W_e", "enc.V", "enc.A", "enc.b", "dec.V", "dec.A", "dec.b",
                                                         "W_u", "b_u"}));
    QCOMPARE(params_count(c), int64_t(3 * 9 + 2 * (16 + 12 + 4) + 9 * 4 + 9));
    c.activation = Activation::GELU;
    QVERIFY(c.validate() && c.validate()->message.find("activation") != std::string::npos);
  }

  // The forward against the recurrence written out here in double: c is the encoder's last state, and the decoder's
  // first row depends on the source only through it
  void seq2seq_forward_is_the_recurrence() {
    Config c = family_config(Variant::RnnSeq2Seq, 6, 10);
    c.d_e = 3;
    c.d_hidden = 5;
    const Params<float> p = params_init(c, 8);
    const std::vector<int> z = {4, 1, 5, 2}, x = {0, 3, 3, 2};
    const MatF lp = model_logprobs(c, p, Example{z, x});
    auto step = [&](const MatF& V, const MatF& A, const VecF& b, const Eigen::VectorXd& h, int tok) {
      const Eigen::VectorXd u = V.cast<double>() * h + A.cast<double>() * p.rnn.W_e.col(tok).cast<double>() +
                                b.cast<double>();
      return Eigen::VectorXd(u.array().tanh());
    };
    Eigen::VectorXd h = Eigen::VectorXd::Zero(5);
    for (int t : z) h = step(p.rnn_enc.V, p.rnn_enc.A, p.rnn_enc.b, h, t);
    QVERIFY((rnn_encode(c, p.rnn, p.rnn_enc, z).start.cast<double>() - h).cwiseAbs().maxCoeff() < 1e-5);
    for (size_t j = 0; j < x.size(); ++j) {
      h = step(p.rnn.V, p.rnn.A, p.rnn.b, h, x[j]);
      Eigen::VectorXd o = p.rnn.W_u.cast<double>() * h + p.rnn.b_u.cast<double>();
      o.array() -= o.maxCoeff();
      const Eigen::VectorXd want = o.array() - std::log(o.array().exp().sum());
      QVERIFY((lp.col(Eigen::Index(j)).cast<double>() - want).cwiseAbs().maxCoeff() < 1e-5);
    }
  }

  // every gradient entry, the encoder's (reached through c alone) included, against central differences in double
  void seq2seq_gradient_is_exact() {
    for (Activation f : {Activation::Tanh, Activation::ReLU}) {
      Config c = family_config(Variant::RnnSeq2Seq, 5, 8);
      c.d_e = 3;
      c.d_hidden = 4;
      c.activation = f;
      Params<double> p = params_cast<double>(c, params_init(c, 6));
      p.rnn.b.setConstant(0.2);
      p.rnn_enc.b.setConstant(-0.1);
      const std::vector<Example> data{Example{{1, 2, 3, 4}, {0, 1, 2, 1, 4}}, Example{{3}, {0, 3, 2}}};
      const Batch b = make_batch(c, data, {0, 1});
      int64_t checked = 0;
      const std::string problem = first_gradient_mismatch(c, p, b, 1e-6, &checked);
      QVERIFY2(problem.empty(), problem.c_str());
      QCOMPARE(checked, params_count(c));
    }
  }

  // decoding: the session encodes z once and steps from c; each step's distribution is the forward's column
  void seq2seq_decoding_equals_forward() {
    Config c = family_config(Variant::RnnSeq2Seq, 7, 10);
    c.d_e = 4;
    c.d_hidden = 6;
    c.bos_id = 0;
    const Params<float> p = params_init(c, 2);
    const std::vector<int> z = {3, 5, 6}, x = {0, 2, 4, 1};
    const MatF lp = model_logprobs(c, p, Example{z, x});
    auto s = DecodeSession::create(c, p, z, {0});
    QVERIFY(s);
    for (size_t j = 0; j < x.size(); ++j) {
      const auto& q = s->next_logp();
      for (Eigen::Index v = 0; v < lp.rows(); ++v)
        QVERIFY(std::abs(q[size_t(v)] - double(lp(v, Eigen::Index(j)))) < 1e-5);
      if (j + 1 < x.size()) {
        Rng rng(1);
        QVERIFY(s->step(SamplerOptions{}, rng, x[j + 1]));
      }
    }
  }

  // it learns a mapping that needs the source: reversing two-token strings (a decoder alone could only guess)
  void seq2seq_learns_from_the_source() {
    Config c = family_config(Variant::RnnSeq2Seq, 6, 8);
    c.d_e = 8;
    c.d_hidden = 24;
    c.bos_id = 0;
    Params<float> p = params_init(c, 3);
    std::vector<Example> data;
    for (int a = 1; a < 6; ++a)
      for (int b = 1; b < 6; ++b) data.push_back(Example{{a, b}, {0, b, a}});
    TrainOptions o;
    o.opt.kind = OptimizerKind::AdamW;
    o.opt.lr = 1e-2f;
    o.opt.clip = 1.0f;
    o.batch_size = 25;
    o.loss = LossKind::Mean;
    o.steps = 300;
    TrainingPlan plan = must_plan(c, p, data, o);
    Trainer tr(plan, p);
    tr.run({});
    const EvalReport e = evaluate(c, p, data);
    qInfo("reversal of two tokens after 300 steps: loss %.3f, sequences right %.0f%%", e.loss, 100 * e.sequence_accuracy);
    QVERIFY(e.sequence_accuracy > 0.9);  // without z the best is 1/25 of the pairs
  }

  // ---- the options: an LSTM cell (rnn, rnn-seq2seq) and additive attention (rnn-seq2seq). PyTorch's nn.LSTM and
  // the attention written out in torch are checked in tst_core_parity (fixtures rnn_lstm, rnn_seq2seq_*).

  void options_tensors_and_config() {
    Config c = family_config(Variant::RnnSeq2Seq, 9, 12);
    c.d_e = 3;
    c.d_hidden = 4;
    c.cell = RnnCell::Lstm;
    c.attention = RnnAttention::Additive;
    QVERIFY(!c.validate());
    QCOMPARE(tensor_names(c), (std::vector<std::string>{"W_e", "enc.V", "enc.A", "enc.b", "dec.V", "dec.A", "dec.b",
                                                         "dec.C", "att.W", "att.U", "att.v", "W_u", "b_u"}));
    const Params<float> p = params_init(c, 1);
    QCOMPARE(p.rnn.V.rows(), Eigen::Index(16));  // the four gates i, f, g, o stacked
    QCOMPARE(p.rnn_enc.A.rows(), Eigen::Index(16));
    QCOMPARE(p.rnn.C.rows(), Eigen::Index(16));
    QCOMPARE(p.rnn.C.cols(), Eigen::Index(4));
    QCOMPARE(params_count(c), params_count(c, p));
    QCOMPARE(params_count(c), int64_t(3 * 9 + 2 * 4 * (16 + 12 + 4) + (16 * 4 + 2 * 16 + 4) + 9 * 4 + 9));
    QVERIFY(p.rnn.v_a.norm() > 0);  // v_a = 0 would make every weight equal and W_a, U_a learn nothing
    // the config file records both, and reads them back; other values are refused with the field named
    const Json j = config_to_json(c);
    QCOMPARE(j["cell"].get<std::string>(), std::string("lstm"));
    QCOMPARE(j["attention"].get<std::string>(), std::string("additive"));
    auto back = config_from_json(j, "m.safetensors");
    QVERIFY(back && back->cell == RnnCell::Lstm && back->attention == RnnAttention::Additive);
    Json bad = j;
    bad["cell"] = "gru";
    auto e = config_from_json(bad, "m.safetensors");
    QVERIFY(!e && e.error().message.find("gru") != std::string::npos &&
            e.error().message.find("lstm") != std::string::npos);
    bad = j;
    bad["attention"] = "dot";
    e = config_from_json(bad, "m.safetensors");
    QVERIFY(!e && e.error().message.find("additive") != std::string::npos);
    Json old = j;  // a file from before the options: Elman's cell, no attention
    old.erase("cell");
    old.erase("attention");
    old["d_hidden"] = 4;
    auto plain = config_from_json(old, "m.safetensors");
    QVERIFY(plain && plain->cell == RnnCell::Elman && plain->attention == RnnAttention::None);
    // an LSTM has its own activations; attention is the encoder-decoder's; neither is a transformer's or an HMM's
    Config relu = c;
    relu.activation = Activation::ReLU;
    QVERIFY(relu.validate() && relu.validate()->message.find("LSTM") != std::string::npos);
    Config lm = rnnConfig(9, 12, 3, 4);
    lm.attention = RnnAttention::Additive;
    QVERIFY(lm.validate() && lm.validate()->message.find("attention") != std::string::npos);
    Config t = Config::make(Variant::DecoderOnly, 9, 12, 0, 1, 1, 4, 8);
    t.cell = RnnCell::Lstm;
    QVERIFY(t.validate() && t.validate()->message.find("cell") != std::string::npos);
    Config h = family_config(Variant::Hmm, 9, 12);
    h.cell = RnnCell::Lstm;
    QVERIFY(h.validate() && h.validate()->message.find("cell") != std::string::npos);
    QVERIFY(!config_to_json(Config::make(Variant::DecoderOnly, 9, 12, 0, 1, 1, 4, 8)).contains("cell"));
    QVERIFY(!config_to_json(rnnConfig(9, 12, 3, 4)).contains("attention"));
  }

  void options_gradient_is_exact_data() {
    QTest::addColumn<int>("variant");
    QTest::addColumn<int>("cell");
    QTest::addColumn<int>("attention");
    QTest::addColumn<int>("activation");
    QTest::newRow("rnn lstm") << int(Variant::Rnn) << int(RnnCell::Lstm) << 0 << int(Activation::Tanh);
    QTest::newRow("seq2seq lstm") << int(Variant::RnnSeq2Seq) << int(RnnCell::Lstm) << 0 << int(Activation::Tanh);
    QTest::newRow("seq2seq attention") << int(Variant::RnnSeq2Seq) << 0 << 1 << int(Activation::Tanh);
    QTest::newRow("seq2seq attention relu") << int(Variant::RnnSeq2Seq) << 0 << 1 << int(Activation::ReLU);
    QTest::newRow("seq2seq lstm attention") << int(Variant::RnnSeq2Seq) << int(RnnCell::Lstm) << 1
                                            << int(Activation::Tanh);
  }
  // every entry of every tensor (the gates, the memory's path, the attention's weights and the encoder's states it
  // reads) against central differences in double, on a padded batch of two
  void options_gradient_is_exact() {
    QFETCH(int, variant);
    QFETCH(int, cell);
    QFETCH(int, attention);
    QFETCH(int, activation);
    Config c = family_config(Variant(variant), 5, 8);
    c.d_e = 3;
    c.d_hidden = 4;
    c.cell = RnnCell(cell);
    c.attention = RnnAttention(attention);
    c.activation = Activation(activation);
    QVERIFY(!c.validate());
    Params<double> p = params_cast<double>(c, params_init(c, 6));
    p.rnn.b.setConstant(0.2);
    if (c.has_source()) p.rnn_enc.b.setConstant(-0.1);
    const bool ed = c.has_source();
    const std::vector<Example> data{Example{ed ? std::vector<int>{1, 2, 3, 4} : std::vector<int>{}, {0, 1, 2, 1, 4}},
                                    Example{ed ? std::vector<int>{3} : std::vector<int>{}, {0, 3, 2}}};
    const Batch b = make_batch(c, data, {0, 1});
    int64_t checked = 0;
    const std::string problem = first_gradient_mismatch(c, p, b, 1e-6, &checked);
    QVERIFY2(problem.empty(), problem.c_str());
    QCOMPARE(checked, params_count(c));
  }

  // decoding steps through rnn_step (the state [h; m] kept per position, the encoder's states read by attention): each
  // distribution is the forward's column, and each step's attention weights are the forward's (rnn_seq2seq_trace)
  void options_decoding_equals_forward() {
    for (const auto& [cell, attention] : {std::pair{RnnCell::Lstm, RnnAttention::None},
                                          std::pair{RnnCell::Elman, RnnAttention::Additive},
                                          std::pair{RnnCell::Lstm, RnnAttention::Additive}}) {
      Config c = family_config(Variant::RnnSeq2Seq, 7, 10);
      c.d_e = 4;
      c.d_hidden = 6;
      c.bos_id = 0;
      c.cell = cell;
      c.attention = attention;
      const Params<float> p = params_init(c, 2);
      const std::vector<int> z = {3, 5, 6, 1}, x = {0, 2, 4, 1};
      const MatF lp = model_logprobs(c, p, Example{z, x});
      const RnnSeq2SeqTrace t = rnn_seq2seq_trace(c, p.rnn, p.rnn_enc, z, x);
      QCOMPARE(t.enc_H.cols(), Eigen::Index(4));
      QVERIFY((t.c - t.enc_H.col(3)).cwiseAbs().maxCoeff() == 0.0f);
      QCOMPARE(t.alpha.cols(), attention == RnnAttention::Additive ? Eigen::Index(4) : Eigen::Index(0));
      auto s = DecodeSession::create(c, p, z, {0});
      QVERIFY(s);
      for (size_t j = 0; j < x.size(); ++j) {
        const auto& q = s->next_logp();
        for (Eigen::Index v = 0; v < lp.rows(); ++v)
          QVERIFY(std::abs(q[size_t(v)] - double(lp(v, Eigen::Index(j)))) < 1e-5);
        if (attention == RnnAttention::Additive) {
          const auto& a = s->next_attention();
          QVERIFY(a.size() == 1 && a[0].cross.size() == 1);
          QCOMPARE(a[0].cross[0].size(), Eigen::Index(4));
          QVERIFY(std::abs(a[0].cross[0].sum() - 1.0f) < 1e-5f);
          QVERIFY((a[0].cross[0] - t.alpha.col(Eigen::Index(j))).cwiseAbs().maxCoeff() < 1e-5f);
        } else {
          QVERIFY(s->next_attention().empty());
        }
        if (j + 1 < x.size()) {
          Rng rng(1);
          QVERIFY(s->step(SamplerOptions{}, rng, x[j + 1]));
        }
      }
    }
    // and the language model with an LSTM cell
    Config c = rnnConfig(8, 12, 4, 6);
    c.cell = RnnCell::Lstm;
    const Params<float> p = params_init(c, 2);
    const std::vector<int> x = {4, 7, 1, 1, 5};
    const MatF lp = model_logprobs(c, p, Example{{}, x});
    auto s = DecodeSession::create(c, p, {}, {x[0]});
    QVERIFY(s);
    for (size_t j = 0; j < x.size(); ++j) {
      for (Eigen::Index v = 0; v < lp.rows(); ++v)
        QVERIFY(std::abs(s->next_logp()[size_t(v)] - double(lp(v, Eigen::Index(j)))) < 1e-5);
      Rng rng(1);
      if (j + 1 < x.size()) QVERIFY(s->step(SamplerOptions{}, rng, x[j + 1]));
    }
    // its trace: ∂J_last/∂h_j over every earlier state, through the gates and the memory
    const RnnTrace tr = rnn_trace(c, p.rnn, x);
    QCOMPARE(tr.grad_norm.size(), x.size() - 1);
    for (double g : tr.grad_norm) QVERIFY(std::isfinite(g) && g > 0);
  }

  void memory_estimate_counts_the_states() {
    const Config small = rnnConfig(50, 64, 16, 32), wide = rnnConfig(50, 64, 16, 512);
    QVERIFY(model_memory(wide).activations > model_memory(small).activations);
    QVERIFY(model_memory(wide).parameters == int64_t(sizeof(float)) * params_count(wide));
    TrainOptions o;
    o.batch_size = 8;
    QVERIFY(training_memory(wide, o, 1).activations >= int64_t(sizeof(float)) * 5 * 512 * 8 * 64);
  }
};

QTEST_GUILESS_MAIN(TestCoreRnn)
#include "tst_core_rnn.moc"
