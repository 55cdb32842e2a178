// The hidden Markov model with discrete emissions (core/families/hmm, seed 001): its forward log-likelihood,
// posteriors, Viterbi path and next-token log-probabilities against a direct NumPy computation by brute force over
// every state path (scripts/hmm_reference.py, fixture tests/fixtures/hmm/hmm_reference.json), 100,000 tokens
// without underflow against NumPy's log-space forward, one Baum–Welch iteration against expected counts taken over
// every path, EM never lowering the log-likelihood (the core step and the Trainer), its decoding step against its
// forward, model files and hostile ones. The HMM with Gaussian-mixture emissions (hmm-gmm, hmm_gmm.h) likewise:
// its log density, posteriors, Viterbi path and one EM iteration against NumPy by brute force over every state path
// (scripts/hmm_gmm_reference.py, fixture tests/fixtures/hmm/hmm_gmm_reference.json), 2,000 far-off observations
// without underflow, EM never lowering the log-likelihood and recovering the phoneme task's states, the numbers file,
// model files and hostile ones.
#include "test_support.h"

#include "core/decode/session.h"
#include "core/families/hmm/hmm.h"
#include "core/families/hmm/hmm_gmm.h"
#include "core/family.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/model/model.h"
#include "core/model/params.h"
#include "core/rng.h"
#include "core/train/trainer.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <fstream>

using namespace gb;

namespace {

Json fixture() {
  std::ifstream f(GLASSBOX_FIXTURES "/hmm/hmm_reference.json");
  return Json::parse(f);
}

MatF matrix(const Json& rows) {  // a list of rows
  MatF m(Eigen::Index(rows.size()), Eigen::Index(rows[0].size()));
  for (size_t r = 0; r < rows.size(); ++r)
    for (size_t c = 0; c < rows[r].size(); ++c) m(Eigen::Index(r), Eigen::Index(c)) = rows[r][c].get<float>();
  return m;
}

std::pair<Config, HmmParams<float>> model(const Json& j) {
  HmmParams<float> p;
  const auto pi = j["pi"].get<std::vector<float>>();
  p.pi = Eigen::Map<const VecF>(pi.data(), Eigen::Index(pi.size()));
  p.transition = matrix(j["T"]);
  p.emission = matrix(j["E"]);
  Config c = family_config(Variant::Hmm, int(p.emission.rows()), 1 << 16);
  c.states = int(p.pi.size());
  return {c, p};
}

std::vector<int> lcg_tokens(int n, int vocab, uint64_t seed) {  // as scripts/hmm_reference.py draws them
  std::vector<int> out;
  uint64_t s = seed;
  for (int i = 0; i < n; ++i) {
    s = (1664525ULL * s + 1013904223ULL) % (1ULL << 32);
    out.push_back(int((s >> 16) % uint64_t(vocab)));
  }
  return out;
}

std::vector<Example> random_sequences(int count, int len, int vocab, uint64_t seed) {
  Rng rng(seed);
  std::vector<Example> d(static_cast<size_t>(count));
  for (auto& e : d)
    for (int t = 0; t < len; ++t) e.x.push_back(int(rng.below(uint64_t(vocab))));
  return d;
}

Json gmm_fixture() {
  std::ifstream f(GLASSBOX_FIXTURES "/hmm/hmm_gmm_reference.json");
  return Json::parse(f);
}

// pi, T, w [M, K], mu and var [K, M, D] from the fixture; K·M × D in memory (row k·M + m)
std::pair<Config, HmmGmmParams<float>> gmm_model(const Json& j) {
  HmmGmmParams<float> p;
  const auto pi = j["pi"].get<std::vector<float>>();
  p.pi = Eigen::Map<const VecF>(pi.data(), Eigen::Index(pi.size()));
  p.transition = matrix(j["T"]);
  p.weight = matrix(j["w"]);
  const int K = int(p.pi.size()), M = int(p.weight.rows()), D = int(j["mu"][0][0].size());
  p.mean.resize(K * M, D);
  p.var.resize(K * M, D);
  for (int k = 0; k < K; ++k)
    for (int m = 0; m < M; ++m)
      for (int d = 0; d < D; ++d) {
        p.mean(k * M + m, d) = j["mu"][size_t(k)][size_t(m)][size_t(d)].get<float>();
        p.var(k * M + m, d) = j["var"][size_t(k)][size_t(m)][size_t(d)].get<float>();
      }
  Config c = family_config(Variant::HmmGmm, 0, 1 << 16);
  c.states = K, c.mixtures = M, c.obs_dim = D;
  return {c, p};
}

MatF observations(const Json& rows) { return matrix(rows).transpose(); }  // n rows of D → D × n

bool near(double a, double b, double tol) { return std::abs(a - b) <= tol * std::max(1.0, std::abs(b)); }

}  // namespace

class TestCoreHmm : public QObject {
  Q_OBJECT
 private slots:
  void family_and_tensors() {
    const FamilyInfo* f = find_family("hmm");
    QVERIFY(f);
    QCOMPARE(int(f->trained_by), int(TrainedBy::Em));
    QVERIFY(f->has(SizeField::States) && !f->has(SizeField::DModel) && f->offers(view::kDecoding));
    Config c = family_config(Variant::Hmm, 7, 32);
    c.states = 4;
    QVERIFY(!c.validate());
    QCOMPARE(params_count(c), int64_t(4 + 16 + 28));
    QCOMPARE(tensor_names(c), (std::vector<std::string>{"pi", "T", "E"}));
    const Params<float> p = params_init(c, 3);
    QVERIFY(!hmm_check(p.hmm));  // distributions from the start, every entry positive
    QVERIFY(p.hmm.emission.minCoeff() > 0 && p.hmm.transition.minCoeff() > 0);
    Config wrong = c;
    wrong.states = 0;
    QVERIFY(wrong.validate() && wrong.validate()->message.find("states") != std::string::npos);
    Config t = Config::make(Variant::DecoderOnly, 7, 16, 0, 1, 2, 8, 16);
    t.states = 3;  // a transformer has no K
    QVERIFY(t.validate() && t.validate()->message.find("states") != std::string::npos);
  }

  // Brute force over every state path of a 7-token sequence: 3⁷ paths
  void forward_posterior_viterbi_equal_numpy() {
    const Json fx = fixture()["small"];
    auto [c, p] = model(fx);
    const auto x = fx["x"].get<std::vector<int>>();
    const HmmFilter f = hmm_filter(p, x);
    QVERIFY2(std::abs(f.loglik - fx["loglik"].get<double>()) < 1e-10,
             qPrintable(QString::number(f.loglik, 'g', 17)));
    const MatD g = hmm_posterior(p, x);
    const MatF ref = matrix(fx["posterior"]);  // n × K
    QCOMPARE(g.cols(), Eigen::Index(x.size()));
    for (Eigen::Index t = 0; t < g.cols(); ++t)
      for (Eigen::Index k = 0; k < g.rows(); ++k) QVERIFY(std::abs(g(k, t) - double(ref(t, k))) < 1e-6);
    QCOMPARE(hmm_viterbi(p, x), fx["viterbi"].get<std::vector<int>>());
    // the rows every family writes: log P(· | x_1..x_j), and the batch forward the loss and decoding read
    const MatD rows = hmm_next_logprobs(p, x);
    const MatF lp = model_logprobs(c, [&] { Params<float> q; q.hmm = p; return q; }(), Example{{}, x});
    const Json ref_rows = fx["next_logprobs"];
    for (size_t j = 0; j < x.size(); ++j)
      for (size_t v = 0; v < ref_rows[j].size(); ++v) {
        const double want = ref_rows[j][v].get<double>();
        QVERIFY(std::abs(rows(Eigen::Index(v), Eigen::Index(j)) - want) < 1e-10);
        QVERIFY(std::abs(double(lp(Eigen::Index(v), Eigen::Index(j))) - want) < 1e-5);
      }
  }

  // Scaled arithmetic: 100,000 tokens give the log-likelihood NumPy's log-space recursion gives
  void no_underflow_at_100000_tokens() {
    const Json fx = fixture()["long"];
    auto [c, p] = model(fx);
    const auto x = lcg_tokens(fx["n"].get<int>(), fx["vocab"].get<int>(), fx["lcg_seed"].get<uint64_t>());
    const HmmFilter f = hmm_filter(p, x);
    const double want = fx["loglik"].get<double>();
    QVERIFY(std::isfinite(f.loglik));
    QVERIFY2(std::abs(f.loglik - want) < 1e-9 * std::abs(want),
             qPrintable(QStringLiteral("%1 vs %2").arg(f.loglik, 0, 'g', 17).arg(want, 0, 'g', 17)));
    QCOMPARE(f.log_c.size(), Eigen::Index(x.size()));
    QVERIFY(std::abs(f.log_c.sum() - f.loglik) < 1e-6);
    const MatD g = hmm_posterior(p, x);
    QVERIFY(g.allFinite());
    QVERIFY((g.colwise().sum().array() - 1.0).abs().maxCoeff() < 1e-9);
    QCOMPARE(hmm_viterbi(p, x).size(), x.size());
  }

  // One Baum–Welch iteration against the expected counts over every path (NumPy)
  void em_step_equals_numpy() {
    const Json root = fixture();
    auto [c, p] = model(root["small"]);
    const Json fx = root["em"];
    std::vector<Example> data;
    for (const auto& s : fx["sequences"]) data.push_back(Example{{}, s.get<std::vector<int>>()});
    const auto r = hmm_em_step(p, data);
    QVERIFY(r);
    // (the E-step's recursions run in float, scaled at every step; its sums in double)
    const double want = fx["loglik"].get<double>();
    QVERIFY2(std::abs(r->loglik - want) < 1e-6 * std::abs(want),
             qPrintable(QStringLiteral("%1 vs %2").arg(r->loglik, 0, 'g', 17).arg(want, 0, 'g', 17)));
    QCOMPARE(r->tokens, int64_t(11));
    QCOMPARE(r->predicted, int64_t(8));
    const auto pi = fx["pi"].get<std::vector<double>>();
    for (int k = 0; k < 3; ++k) QVERIFY(std::abs(double(p.pi[k]) - pi[size_t(k)]) < 1e-6);
    QVERIFY((p.transition - matrix(fx["T"])).cwiseAbs().maxCoeff() < 1e-6);
    QVERIFY((p.emission - matrix(fx["E"])).cwiseAbs().maxCoeff() < 1e-6);
    QVERIFY(!hmm_check(p));
  }

  // A token no state emits: log P = −∞ where it is predicted, and the sequence's likelihood 0 (not NaN)
  void impossible_token_is_minus_infinity() {
    const Json root = fixture();
    auto [c, p] = model(root["small"]);
    p.emission = matrix(root["impossible"]["E"]);
    const auto x = root["impossible"]["x"].get<std::vector<int>>();
    const HmmFilter f = hmm_filter(p, x);
    QVERIFY(std::isinf(f.loglik) && f.loglik < 0);
    const MatD rows = hmm_next_logprobs(p, x);
    QVERIFY(std::isinf(rows(4, 0)) && rows(4, 0) < 0);
    QVERIFY(std::isfinite(rows(1, 1)));
    // the posterior and Viterbi read it as a missing observation: as if every state emitted it with probability 1
    HmmParams<float> missing = p;
    missing.emission.row(4).setOnes();
    const MatD g = hmm_posterior(p, x), want = hmm_posterior(missing, x);
    QVERIFY(g.allFinite());
    QVERIFY((g - want).cwiseAbs().maxCoeff() < 1e-12);
    QCOMPARE(hmm_viterbi(p, x), hmm_viterbi(missing, x));
    QVERIFY(std::abs(hmm_filter(missing, x).loglik - (f.log_c[0] + f.log_c[2])) < 1e-12);
    // training on data with such a token: a fault at the first iteration, no update (EM cannot learn what it rules out)
    Params<float> q;
    q.hmm = p;
    const std::vector<Example> data{Example{{}, x}, Example{{}, {0, 1, 2}}};
    TrainOptions o;
    o.steps = 3;
    TrainingPlan plan = must_plan(c, q, data, o);
    Trainer tr(plan, q);
    const StepReport& r = tr.step();
    QVERIFY(r.fault && r.fault->kind == NumericFault::Kind::Loss);
    QVERIFY(q.hmm.transition == p.transition && q.hmm.emission == p.emission && q.hmm.pi == p.pi);
    QCOMPARE(tr.steps_done(), 0);
  }

  // EM never lowers the training log-likelihood: the core step (within rounding) and the Trainer (exactly)
  // The E-step runs blocks of equal-length sequences in float; a sequence with a token so improbable that its
  // factor P(x_t | x_<t) leaves float's safe range runs alone in double: every sequence's log-likelihood is the
  // double forward's (finite, not −∞), in blocks of one and of many, with a rare token in some of them
  void em_blocks_equal_each_sequence_alone() {
    Config c = family_config(Variant::Hmm, 6, 64);
    c.states = 4;
    HmmParams<float> p = params_init(c, 3).hmm;
    p.emission.row(5).setConstant(1e-40f);  // token 5: P ≈ 1e-40 in every state (a float denormal: 1 / c_t overflows)
    for (int k = 0; k < 4; ++k) p.emission.col(k) /= p.emission.col(k).sum();
    Rng rng(4);
    std::vector<Example> data;
    for (int i = 0; i < 70; ++i) {  // three blocks of 32, 32 and 6; every ninth sequence with the rare token
      std::vector<int> x(12);
      for (int& v : x) v = int(rng.below(5));
      if (i % 9 == 4) x[7] = 5;
      data.push_back(Example{{}, x});
    }
    data.push_back(Example{{}, {1, 2}});  // and other lengths: blocks of one
    data.push_back(Example{{}, {5}});
    double want = 0, want_pred = 0;
    for (const Example& e : data) {
      const HmmFilter f = hmm_filter(p, e.x);
      QVERIFY(std::isfinite(f.loglik));
      want += f.loglik;
      want_pred += f.loglik - f.log_c[0];
    }
    HmmParams<float> q = p;
    const auto r = hmm_em_step(q, data);
    QVERIFY(r);
    QVERIFY2(std::abs(r->loglik - want) < 1e-6 * std::abs(want),
             qPrintable(QStringLiteral("%1 vs %2").arg(r->loglik, 0, 'g', 17).arg(want, 0, 'g', 17)));
    QVERIFY(std::abs(r->predicted_loglik - want_pred) < 1e-6 * std::abs(want_pred));
    QCOMPARE(r->tokens, int64_t(70 * 12 + 2 + 1));
    QCOMPARE(r->predicted, int64_t(70 * 11 + 1 + 0));
    QVERIFY(!hmm_check(q));
    QVERIFY(q.emission.allFinite() && q.transition.allFinite() && q.pi.allFinite());
  }

  void em_never_lowers_the_loglik() {
    Config c = family_config(Variant::Hmm, 6, 64);
    c.states = 4;
    const std::vector<Example> data = random_sequences(40, 30, 6, 7);
    Params<float> p = params_init(c, 11);
    double last = -1e300;
    for (int i = 0; i < 30; ++i) {
      const auto r = hmm_em_step(p.hmm, data);
      QVERIFY(r && std::isfinite(r->loglik));
      QVERIFY2(r->loglik >= last - 1e-7 * std::abs(last), qPrintable(QStringLiteral("iteration %1").arg(i)));
      last = r->loglik;
      QVERIFY(!hmm_check(p.hmm));
    }
    TrainOptions o;
    o.steps = 60;
    Params<float> q = params_init(c, 11);
    TrainingPlan plan = must_plan(c, q, data, o);
    Trainer tr(plan, q);
    QCOMPARE(tr.steps_per_epoch(), 1);
    std::vector<double> ll;
    tr.run([&](const StepReport& r) {
      ll.push_back(*r.loglik);
      return true;
    });
    QCOMPARE(ll.size(), size_t(60));
    for (size_t i = 1; i < ll.size(); ++i) QVERIFY(ll[i] >= ll[i - 1]);
    QVERIFY(ll.back() > ll.front() + 1.0);
    // its loss is the other families' (mean −log P of the predicted tokens), so validation compares directly
    const EvalReport e = evaluate(c, q, data);
    HmmParams<float> copy = q.hmm;
    const auto next = hmm_em_step(copy, data);
    QVERIFY(next);
    QVERIFY2(std::abs(e.loss + next->predicted_loglik / double(next->predicted)) < 1e-5,
             qPrintable(QStringLiteral("%1 vs %2").arg(e.loss).arg(-next->predicted_loglik / double(next->predicted))));
    QCOMPARE(e.tokens, next->predicted);
    // and its token accuracy is the other families' too: the most probable prediction against the next token
    QCOMPARE(int64_t(std::llround(e.token_accuracy * double(e.tokens))), next->correct);
    QVERIFY(next->correct > 0);
  }

  // A step that sees the cancel flag leaves the parameters as they were
  void cancelled_iteration_changes_nothing() {
    Config c = family_config(Variant::Hmm, 5, 64);
    c.states = 3;
    const std::vector<Example> data = random_sequences(10, 20, 5, 2);
    Params<float> p = params_init(c, 1);
    const HmmParams<float> before = p.hmm;
    std::atomic<bool> cancel{true};
    QVERIFY(!hmm_em_step(p.hmm, data, &cancel));
    QVERIFY(p.hmm.transition == before.transition && p.hmm.emission == before.emission && p.hmm.pi == before.pi);
  }

  // Decoding's step is the forward's column: the same distribution after each token
  void decoding_step_equals_forward() {
    Config c = family_config(Variant::Hmm, 9, 16);
    c.states = 5;
    const Params<float> p = params_init(c, 5);
    const std::vector<int> x = {1, 4, 4, 0, 8, 2};
    const MatF lp = model_logprobs(c, p, Example{{}, x});
    Eigen::VectorXd a, logp;
    for (size_t t = 0; t < x.size(); ++t) {
      Eigen::VectorXd prev = a;
      hmm_step(a, logp, p.hmm, t == 0 ? Eigen::VectorXd() : prev, x[t]);
      QVERIFY((logp.cast<float>() - lp.col(Eigen::Index(t))).cwiseAbs().maxCoeff() < 1e-5f);
    }
    auto s = DecodeSession::create(c, p, {}, {x[0], x[1]});
    QVERIFY(s);
    const auto& q = s->next_logp();
    for (Eigen::Index v = 0; v < lp.rows(); ++v) QVERIFY(std::abs(q[size_t(v)] - double(lp(v, 1))) < 1e-5);
  }

  // Sampling draws from the model: symbol frequencies near the stationary emission
  void sampling_follows_the_model() {
    Config c = family_config(Variant::Hmm, 4, 16);
    c.states = 2;
    Params<float> p = params_init(c, 1);
    p.hmm.pi << 1.0f, 0.0f;
    p.hmm.transition << 0.9f, 0.2f,  // stationary (2/3, 1/3)
                        0.1f, 0.8f;
    p.hmm.emission << 0.7f, 0.0f,  // (the comma initialiser fills rows: state 0 emits 0 or 1, state 1 emits 2 or 3)
                      0.3f, 0.0f,
                      0.0f, 0.5f,
                      0.0f, 0.5f;
    Rng rng(3);
    std::vector<int> z, x;
    hmm_sample(z, x, p.hmm, 30000, rng);
    QCOMPARE(z.front(), 0);
    std::vector<int> n(4, 0);
    for (size_t t = 0; t < x.size(); ++t) {
      ++n[size_t(x[t])];
      QVERIFY(z[t] == 0 ? x[t] <= 1 : x[t] >= 2);  // what each state can emit
    }
    QVERIFY(std::abs(n[0] / 30000.0 - 0.7 * 2 / 3) < 0.03);
    QVERIFY(std::abs(n[2] / 30000.0 - 0.5 / 3) < 0.03);
  }

  void model_file_round_trip_and_hostile() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("h.safetensors")).toStdString();
    Config c = family_config(Variant::Hmm, 8, 20);
    c.states = 3;
    ModelFile m = ModelFile::of(c, params_init(c, 4));
    QVERIFY(!save_model(path, m));
    auto back = load_model(path);
    QVERIFY2(back, back ? "" : back.error().message.c_str());
    QCOMPARE(int(back->config.variant), int(Variant::Hmm));
    QCOMPARE(back->config.states, 3);
    QVERIFY(back->params.hmm.transition == m.params.hmm.transition && back->params.hmm.emission == m.params.hmm.emission);
    Json cfg = config_to_json(c);
    QCOMPARE(cfg["states"].get<int>(), 3);
    cfg.erase("states");
    auto parsed = config_from_json(cfg, "test");
    QVERIFY(!parsed && parsed.error().message.find("states") != std::string::npos);
    QVERIFY(!config_to_json(Config::make(Variant::DecoderOnly, 7, 16, 0, 1, 2, 8, 16)).contains("states"));
    // the tensors beside the parameters are not distributions: the last EM step's Δθ = after − before (columns sum
    // to 0) and its ∂J/∂θ (none: zeros) are written and read back
    ModelFile stepped = m;
    Params<float> delta = params_init(c, 5);
    delta.hmm.pi -= m.params.hmm.pi;
    delta.hmm.transition -= m.params.hmm.transition;
    delta.hmm.emission -= m.params.hmm.emission;
    stepped.last_step = LastStep{1, params_zeros<float>(c), delta};
    QVERIFY(!save_model(path, stepped));
    back = load_model(path);
    QVERIFY2(back && back->last_step && back->last_step->update.hmm.transition == delta.hmm.transition,
             back ? "" : back.error().message.c_str());
    // probabilities that are not: a negative entry, a column that does not sum to 1 — refused, naming the tensor
    const std::string bad = dir.filePath(QStringLiteral("bad.safetensors")).toStdString();
    ModelFile neg = m;
    neg.params.hmm.transition(0, 1) = -0.25f;
    neg.params.hmm.transition(1, 1) += 0.25f;
    QVERIFY(!save_model(bad, neg));
    auto r = load_model(bad);
    QVERIFY(!r);
    QVERIFY2(r.error().message.find("'T'") != std::string::npos && r.error().message.find("column 1") != std::string::npos,
             r.error().message.c_str());
    ModelFile sum = m;
    sum.params.hmm.emission.col(2) *= 2.0f;
    QVERIFY(!save_model(bad, sum));
    r = load_model(bad);
    QVERIFY(!r && r.error().message.find("'E'") != std::string::npos);
    ModelFile start = m;
    start.params.hmm.pi.setZero();
    QVERIFY(!save_model(bad, start));
    r = load_model(bad);
    QVERIFY(!r && r.error().message.find("'pi'") != std::string::npos);
  }

  // ------------------------------------------------------------------------------------------------ hmm-gmm
  void gmm_family_and_tensors() {
    const FamilyInfo* f = find_family("hmm-gmm");
    QVERIFY(f && f->observations && !f->predicts_tokens() && f->in_window && f->offers(view::kObservations));
    QCOMPARE(int(f->trained_by), int(TrainedBy::Em));
    QVERIFY(!f->offers(view::kDecoding));
    Config c = family_config(Variant::HmmGmm, 0, 40);
    c.states = 3, c.mixtures = 2, c.obs_dim = 4;
    QVERIFY2(!c.validate(), c.validate() ? c.validate()->message.c_str() : "");
    QCOMPARE(tensor_names(c), (std::vector<std::string>{"pi", "T", "gmm.w", "gmm.mu", "gmm.var"}));
    QCOMPARE(params_count(c), int64_t(3 + 9 + 6 + 2 * 24));
    const Params<float> p = params_init(c, 2);
    QCOMPARE(params_count(c, p), params_count(c));
    QVERIFY(!hmm_gmm_check(p.gmm));
    Config vocab = c;
    vocab.vocab_size = 5;  // it reads vectors: no vocabulary
    QVERIFY(vocab.validate() && vocab.validate()->code == ErrorCode::ConfigVocabNotZero);
    Config nodim = c;
    nodim.obs_dim = 0;
    QVERIFY(nodim.validate() && nodim.validate()->message.find("dim") != std::string::npos);
    Config hmm = family_config(Variant::Hmm, 5, 16);
    hmm.mixtures = 2;  // the discrete HMM has no M
    QVERIFY(hmm.validate() && hmm.validate()->message.find("mixtures") != std::string::npos);
    // examples: observations for this family, tokens for the others
    Example tokens{{}, {1, 2}};
    QVERIFY(check_example(c, tokens) && check_example(c, tokens)->code == ErrorCode::TokensForObsFamily);
    Example obs;
    obs.obs = MatF::Zero(4, 5);
    QVERIFY(!check_example(c, obs));
    obs.obs = MatF::Zero(3, 5);
    QVERIFY(check_example(c, obs) && check_example(c, obs)->code == ErrorCode::ObsDimension);
    Example mixed{{}, {1}};
    mixed.obs = MatF::Zero(4, 1);
    QVERIFY(check_example(hmm, mixed) && check_example(hmm, mixed)->code == ErrorCode::ObsForTokenFamily);
    // it predicts no tokens: no decoding session
    auto s = DecodeSession::create(c, p, {}, {0});
    QVERIFY(!s && s.error().code == ErrorCode::TokensForObsFamily);
  }

  // Brute force over every state path: 3 states, 6 observations in R², two Gaussians per state
  void gmm_forward_posterior_viterbi_equal_numpy() {
    const Json fx = gmm_fixture()["small"];
    auto [c, p] = gmm_model(fx);
    QVERIFY(!c.validate());
    const MatF obs = observations(fx["obs"]);
    const HmmGmmFilter f = hmm_gmm_filter(p, obs);
    QVERIFY2(near(f.loglik, fx["loglik"].get<double>(), 1e-10), qPrintable(QString::number(f.loglik, 'g', 17)));
    const auto log_c = fx["log_c"].get<std::vector<double>>();
    QCOMPARE(f.log_c.size(), Eigen::Index(log_c.size()));
    for (size_t t = 0; t < log_c.size(); ++t) QVERIFY(near(f.log_c[Eigen::Index(t)], log_c[t], 1e-9));
    for (Eigen::Index t = 0; t < f.alpha.cols(); ++t) QVERIFY(std::abs(f.alpha.col(t).sum() - 1.0) < 1e-12);
    const MatD g = hmm_gmm_posterior(p, obs);
    const MatF ref = matrix(fx["posterior"]);  // n × K
    for (Eigen::Index t = 0; t < g.cols(); ++t)
      for (Eigen::Index k = 0; k < g.rows(); ++k) QVERIFY(std::abs(g(k, t) - double(ref(t, k))) < 1e-6);
    QCOMPARE(hmm_gmm_viterbi(p, obs), fx["viterbi"].get<std::vector<int>>());
  }

  // 2,000 observations far from every mean: each density near e^−250, the product e^−496,876 — finite, and equal
  // to NumPy's log-space forward
  void gmm_no_underflow_far_from_the_means() {
    const Json fx = gmm_fixture()["long"];
    auto [c, p] = gmm_model(fx);
    const MatF obs = observations(fx["obs"]);
    const double want = fx["loglik"].get<double>();
    const double got = hmm_gmm_filter(p, obs).loglik;
    QVERIFY(std::isfinite(got));
    QVERIFY2(near(got, want, 1e-9), qPrintable(QStringLiteral("%1 vs %2").arg(got, 0, 'g', 17).arg(want, 0, 'g', 17)));
    const MatD g = hmm_gmm_posterior(p, obs);
    QVERIFY(g.allFinite() && (g.colwise().sum().array() - 1.0).abs().maxCoeff() < 1e-9);
  }

  // One Baum–Welch iteration against the expected counts over every path (three sequences of five steps in R³)
  void gmm_em_step_equals_numpy() {
    const Json fx = gmm_fixture()["em"];
    auto [c, p] = gmm_model(fx);
    std::vector<Example> data;
    for (const Json& s : fx["seqs"]) {
      Example e;
      e.obs = observations(s);
      data.push_back(e);
    }
    const auto r = hmm_gmm_em_step(p, data);
    QVERIFY(r);
    QVERIFY(near(r->loglik, fx["loglik"].get<double>(), 1e-10));
    QCOMPARE(r->observations, int64_t(15));
    const auto [c2, want] = gmm_model(fx["after"]);
    auto close = [](const MatF& a, const MatF& b) {  // (stored as floats)
      return a.rows() == b.rows() && a.cols() == b.cols() &&
             ((a - b).array().abs() <= 2e-6f * (1.0f + b.array().abs())).all();
    };
    QVERIFY(close(p.pi, want.pi));
    QVERIFY(close(p.transition, want.transition));
    QVERIFY(close(p.weight, want.weight));
    QVERIFY(close(p.mean, want.mean));
    QVERIFY(close(p.var, want.var));
    QVERIFY(!hmm_gmm_check(p));
  }

  // A component that collapses onto one repeated observation is held at the floor: 10⁻³ × the data's variance in
  // that dimension (the likelihood would grow without bound)
  void gmm_variance_floor() {
    Config c = family_config(Variant::HmmGmm, 0, 64);
    c.states = 1, c.mixtures = 2, c.obs_dim = 1;
    Params<float> p = params_zeros<float>(c);
    p.gmm.pi << 1.0f;
    p.gmm.transition << 1.0f;
    p.gmm.weight << 0.5f, 0.5f;
    p.gmm.mean << 0.0f, 10.0f;
    p.gmm.var << 1.0f, 1.0f;
    Example e;  // eight observations at 0 (component 0's), one at 10 (component 1's alone)
    e.obs = MatF::Zero(1, 9);
    e.obs(0, 8) = 10.0f;
    for (int i = 0; i < 3; ++i) QVERIFY(hmm_gmm_em_step(p.gmm, {e}));
    const double mean = 10.0 / 9, var = 100.0 / 9 - mean * mean;  // the data's
    QVERIFY2(std::abs(double(p.gmm.var(0, 0)) - kGmmVarianceFloor * var) < 1e-6 * var,
             qPrintable(QString::number(p.gmm.var(0, 0))));
    QVERIFY(std::abs(double(p.gmm.var(1, 0)) - kGmmVarianceFloor * var) < 1e-6 * var);
    QVERIFY(std::abs(p.gmm.mean(1, 0) - 10.0f) < 1e-5f);
  }

  // EM never lowers the log-likelihood, and on the phoneme task (a known left-to-right HMM) it recovers the states
  // that drew the sequences, up to a relabelling
  void gmm_em_never_lowers_and_recovers_the_phonemes() {
    const PhonemeTask task = phoneme_task(40, 10, 0);
    QCOMPARE(task.train.size(), size_t(40));
    QCOMPARE(task.train.front().obs.rows(), Eigen::Index(kPhonemeDim));
    Config c = family_config(Variant::HmmGmm, 0, kPhonemeLength);
    c.states = kPhonemeStates, c.mixtures = kPhonemeMixtures, c.obs_dim = kPhonemeDim;
    auto agreement = [&](const HmmGmmParams<float>& g) {  // Viterbi's paths on the validation sequences vs the truth
      std::vector<std::vector<int>> paths;
      for (const Example& e : task.val) paths.push_back(hmm_gmm_viterbi(g, e.obs));
      return state_agreement(task.val_states, paths, kPhonemeStates);
    };
    // From a start that knows nothing of the data (means N(0, 1), unit variances: params_init, seed 6), whose paths
    // are far from the truth, EM finds the states. (From such random starts it does in 8 of 12 seeds tried; the
    // others stop in a local optimum — which is why `init` starts the means on the data, below.)
    Params<float> p = params_init(c, 6);
    const double agree_before = agreement(p.gmm);
    QVERIFY2(agree_before < 0.7, qPrintable(QString::number(agree_before)));
    double last = -1e300;
    for (int i = 0; i < 100; ++i) {
      const auto r = hmm_gmm_em_step(p.gmm, task.train);
      QVERIFY(r && std::isfinite(r->loglik));
      QVERIFY2(r->loglik >= last - 1e-7 * std::abs(last),
               qPrintable(QStringLiteral("iteration %1: %2 after %3").arg(i).arg(r->loglik, 0, 'g', 12).arg(last, 0, 'g', 12)));
      last = r->loglik;
      QVERIFY(!hmm_gmm_check(p.gmm));
    }
    const double agree = agreement(p.gmm);
    QVERIFY2(agree >= 0.95, qPrintable(QString::number(agree)));
    // through the Trainer: a step is an iteration, its loglik the same sequence of numbers, its loss per observation
    // from the start `init` makes (means on observations far apart), as the lecture trains it
    Params<float> q = params_zeros<float>(c);
    Rng rng2(1);
    hmm_gmm_init(q.gmm, c, rng2, &task.train);
    TrainOptions o;
    o.steps = 40;
    TrainingPlan plan = must_plan(c, q, task.train, o);
    Trainer tr(plan, q);
    std::vector<double> ll, loss;
    tr.run([&](const StepReport& r) {
      ll.push_back(*r.loglik);
      loss.push_back(r.loss);
      return true;
    });
    QCOMPARE(ll.size(), size_t(40));
    for (size_t i = 0; i < ll.size(); ++i) QVERIFY(std::abs(loss[i] + ll[i] / double(40 * kPhonemeLength)) < 1e-9);
    for (size_t i = 1; i < ll.size(); ++i) QVERIFY(ll[i] >= ll[i - 1]);
    const EvalReport e = evaluate(c, q, task.val);
    QCOMPARE(e.tokens, int64_t(10 * kPhonemeLength));
    QVERIFY(std::isfinite(e.loss));
    QVERIFY2(agreement(q.gmm) >= 0.95, qPrintable(QString::number(agreement(q.gmm))));
    // and the model it ends with scores the training data within 1% of the HMM that drew it (the random start above
    // found the states but not every Gaussian: a local optimum of the mixtures, 8% below)
    double truth = 0, learnt = 0;
    for (const Example& ex : task.train) {
      truth += hmm_gmm_filter(task.truth, ex.obs).loglik;
      learnt += hmm_gmm_filter(q.gmm, ex.obs).loglik;
    }
    QVERIFY2(learnt > truth - 0.01 * std::abs(truth), qPrintable(QStringLiteral("%1 vs truth %2").arg(learnt).arg(truth)));
  }

  void gmm_cancelled_iteration_changes_nothing() {
    const PhonemeTask task = phoneme_task(4, 0, 3);
    Config c = family_config(Variant::HmmGmm, 0, kPhonemeLength);
    c.states = 3, c.mixtures = 2, c.obs_dim = 2;
    Params<float> p = params_init(c, 1);
    const HmmGmmParams<float> before = p.gmm;
    std::atomic<bool> cancel{true};
    QVERIFY(!hmm_gmm_em_step(p.gmm, task.train, &cancel));
    QVERIFY(p.gmm.mean == before.mean && p.gmm.var == before.var && p.gmm.weight == before.weight);
  }

  // A Build's Cancel stops the init on the data within a second (issue 32): its progress is heard while it reads
  // the observations and chooses the centres, a false answer stops it, and listening changes no number.
  void gmm_init_hears_progress_and_stops() {
    Config c = family_config(Variant::HmmGmm, 0, 64);
    c.states = 64, c.mixtures = 2, c.obs_dim = 16;
    std::vector<Example> data(200);
    Rng draw(5);
    for (Example& e : data) {
      e.obs.resize(16, 400);
      for (Eigen::Index t = 0; t < e.obs.cols(); ++t)
        for (Eigen::Index r = 0; r < 16; ++r) e.obs(r, t) = float(draw.normal());
    }
    Params<float> quiet = params_zeros<float>(c), heard = params_zeros<float>(c);
    Rng a(3), b(3);
    QVERIFY(hmm_gmm_init(quiet.gmm, c, a, &data));
    uint64_t calls = 0, last = 0, total = 0;
    QVERIFY(hmm_gmm_init(heard.gmm, c, b, &data, [&](uint64_t done, uint64_t all) {
      ++calls;
      if (done < last || done > all) return false;  // forward only, within the total
      last = done;
      total = all;
      return true;
    }));
    QCOMPARE(last, total);  // it ends by saying it is done
    // 80,000 observations of 16 read, then 63 centres among 40,000 candidates (every second one, to stay under
    // 65,536): one call every 2²⁰ at least
    QCOMPARE(total, 80000ull * 16 + 63ull * 40000 * 16);
    QVERIFY2(calls >= total >> 20, qPrintable(QString::number(calls)));
    QVERIFY(quiet.gmm.mean == heard.gmm.mean && quiet.gmm.var == heard.gmm.var && quiet.gmm.pi == heard.gmm.pi);
    // stopped while choosing the centres, and through params_init (what Build runs): nothing comes back
    Rng stopRng(3);
    uint64_t seen = 0;
    QVERIFY(!hmm_gmm_init(heard.gmm, c, stopRng, &data, [&](uint64_t done, uint64_t) {
      seen = done;
      return done < 80000ull * 16 + 4 * 40000ull * 16;
    }));
    QVERIFY(seen > 80000ull * 16 && seen < total);
    int asked = 0;
    QVERIFY(!params_init(c, 3, [&](uint64_t, uint64_t) { return ++asked < 3; }, &data));
    QCOMPARE(asked, 3);
  }

  void gmm_numbers_file() {
    auto d = parse_observations("# two sequences\n1 2\n3,4\n  5\t6  \n\n\n-1e-3, 2.5\n", "obs.txt");
    QVERIFY2(d, d ? "" : d.error().message.c_str());
    QCOMPARE(d->size(), size_t(2));
    QCOMPARE((*d)[0].obs.rows(), Eigen::Index(2));
    QCOMPARE((*d)[0].obs.cols(), Eigen::Index(3));
    QCOMPARE((*d)[0].obs(1, 2), 6.0f);
    QCOMPARE((*d)[1].obs(0, 0), -1e-3f);
    auto bom = parse_observations("\xEF\xBB\xBF" "1,2\n", "bom.csv");  // (a spreadsheet's UTF-8 CSV)
    QVERIFY(bom && (*bom)[0].obs(1, 0) == 2.0f);
    auto bad = parse_observations("1 2\n3 4\n5\n", "obs.txt");  // line 3 has one number
    QVERIFY(!bad && bad.error().code == ErrorCode::ObsLineCount);
    QVERIFY2(bad.error().message.find("obs.txt") != std::string::npos &&
                 bad.error().message.find("line 3") != std::string::npos,
             bad.error().message.c_str());
    bad = parse_observations("1 2\n3 x4\n", "obs.txt");
    QVERIFY(!bad && bad.error().code == ErrorCode::ObsNotNumber && bad.error().message.find("'x4'") != std::string::npos);
    bad = parse_observations("1 2 3\n", "obs.txt", 2);  // the model's D
    QVERIFY(!bad && bad.error().message.find("expected 2") != std::string::npos);
    bad = parse_observations("# nothing\n\n", "obs.txt");
    QVERIFY(!bad && bad.error().code == ErrorCode::ObsNoData);
    for (const char* text : {"1 nan\n", "1 inf\n", "1 2e16\n", ",,,\n"}) {  // (beyond 10¹⁵; separators alone)
      bad = parse_observations(text, "obs.txt");
      QVERIFY2(!bad && bad.error().code == ErrorCode::ObsNotNumber, text);
    }
  }

  void gmm_model_file_round_trip_and_hostile() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("g.safetensors")).toStdString();
    Config c = family_config(Variant::HmmGmm, 0, 40);
    c.states = 3, c.mixtures = 2, c.obs_dim = 4;
    ModelFile m = ModelFile::of(c, params_init(c, 4));
    QVERIFY(!save_model(path, m));
    auto back = load_model(path);
    QVERIFY2(back, back ? "" : back.error().message.c_str());
    QCOMPARE(int(back->config.variant), int(Variant::HmmGmm));
    QCOMPARE(back->config.mixtures, 2);
    QCOMPARE(back->config.obs_dim, 4);
    QCOMPARE(back->config.vocab_size, 0);
    QVERIFY(back->params.gmm.mean == m.params.gmm.mean && back->params.gmm.var == m.params.gmm.var &&
            back->params.gmm.weight == m.params.gmm.weight);
    // the file's shapes are the issue's: gmm.w [M, K], gmm.mu and gmm.var [K, M, D], row-major
    const StFile st = params_to_safetensors(c, m.params);
    QCOMPARE(st.find("gmm.mu")->shape, (std::vector<int64_t>{3, 2, 4}));
    QCOMPARE(st.find("gmm.w")->shape, (std::vector<int64_t>{2, 3}));
    QCOMPARE(st.find("gmm.mu")->data[size_t((1 * 2 + 1) * 4 + 2)], m.params.gmm.mean(1 * 2 + 1, 2));  // [1, 1, 2]
    Json cfg = config_to_json(c);
    QCOMPARE(cfg["mixtures"].get<int>(), 2);
    QCOMPARE(cfg["dim"].get<int>(), 4);
    // hostile: a variance of 0, a mixture weight column that does not sum to 1, a vocabulary
    const std::string bad = dir.filePath(QStringLiteral("bad.safetensors")).toStdString();
    ModelFile zero = m;
    zero.params.gmm.var(4, 1) = 0.0f;
    QVERIFY(!save_model(bad, zero));
    auto r = load_model(bad);
    QVERIFY(!r && r.error().code == ErrorCode::TensorNotPositive);
    QVERIFY2(r.error().message.find("'gmm.var'") != std::string::npos && r.error().message.find("row 4") != std::string::npos,
             r.error().message.c_str());
    ModelFile w = m;
    w.params.gmm.weight.col(1) *= 3.0f;
    QVERIFY(!save_model(bad, w));
    r = load_model(bad);
    QVERIFY(!r && r.error().message.find("'gmm.w'") != std::string::npos);
    ModelFile neg = m;
    neg.params.gmm.var(0, 0) = -1.0f;
    QVERIFY(!save_model(bad, neg));
    r = load_model(bad);
    QVERIFY(!r && r.error().code == ErrorCode::TensorNotPositive);
    // gmm.mu written as a matrix [K·M, D] instead of [K, M, D]: refused, naming the shape expected
    StFile flat = params_to_safetensors(c, m.params);
    for (StTensor& t : flat.tensors)
      if (t.name == "gmm.mu") t.shape = {6, 4};
    flat.metadata["glassbox.format"] = "1";
    flat.metadata["glassbox.config"] = config_to_json(c).dump();
    auto rf = model_from_safetensors(flat, "flat.safetensors");
    QVERIFY(!rf && rf.error().code == ErrorCode::TensorShape);
    QVERIFY2(rf.error().message.find("[3, 2, 4]") != std::string::npos, rf.error().message.c_str());
    // sizes beyond the family's bounds (K·M·D floats a file could ask for): refused before anything is allocated
    Json huge = cfg;
    huge["states"] = 100000;
    auto ph = config_from_json(huge, "test");
    QVERIFY(!ph && ph.error().code == ErrorCode::ConfigOutOfRange);
    huge = cfg;
    huge["dim"] = 65536;
    ph = config_from_json(huge, "test");
    QVERIFY(!ph && ph.error().message.find("dim") != std::string::npos);
    cfg["vocab_size"] = 7;
    auto parsed = config_from_json(cfg, "test");
    QVERIFY(!parsed && parsed.error().code == ErrorCode::ConfigVocabNotZero);
  }
};

QTEST_APPLESS_MAIN(TestCoreHmm)
#include "tst_core_hmm.moc"
