// Finite-difference gradient checks (central differences, double precision) for every parameter tensor of both
// variants and of the options, on a padded batch; and the padding contract: each sequence in a batch gets exactly
// the result it gets alone, and a batch's sum-loss gradient is the sum of its examples' gradients.
#include "core/model/model.h"
#include "core/rng.h"
#include "core/train/loss.h"

#include <QtTest>

using namespace gb;

namespace {

struct Case {
  const char* name;
  Config c;
};

std::vector<Example> examples(const Config& c, uint64_t seed) {
  Rng r(seed);
  std::vector<Example> ex;
  const int lens[3][2] = {{4, 5}, {2, 3}, {5, 2}};  // (|z|, |x|): different lengths force padding
  for (auto& l : lens) {
    Example e;
    if (c.is_ed())
      for (int i = 0; i < l[0]; ++i) e.z.push_back(int(r.below(uint64_t(c.vocab_size))));
    for (int i = 0; i < l[1]; ++i) e.x.push_back(int(r.below(uint64_t(c.vocab_size))));
    ex.push_back(e);
  }
  return ex;
}

// Random parameters of a healthy size (GPT-2's 0.02 would make most gradients vanish in double noise).
Params<double> random_params(const Config& c, uint64_t seed) {
  Params<double> p = params_zeros<double>(c);
  Rng r(seed);
  for_each_tensor(c, p, [&](const std::string& n, TensorRef<double> t) {
    const bool gamma = n.find("gamma") != std::string::npos;
    for (Eigen::Index i = 0; i < t.size(); ++i) t.data[i] = gamma ? 1.0 + 0.2 * r.normal() : 0.4 * r.normal();
  });
  return p;
}

double loss_of(const Config& c, const Params<double>& p, const Batch& b) {
  Activations<double> act;
  model_forward(act, c, p, b);
  return loss_forward_backward<double>(nullptr, act.logits, b, LossKind::Sum).loss;
}

Grads<double> grad_of(const Config& c, const Params<double>& p, const Batch& b) {
  Activations<double> act;
  Workspace<double> ws;
  model_forward(act, c, p, b);
  Mat<double> dl;
  loss_forward_backward(&dl, act.logits, b, LossKind::Sum);
  Grads<double> g = params_zeros<double>(c);
  model_backward(g, ws, act, dl, c, p, b);
  return g;
}

std::vector<Case> cases() {
  std::vector<Case> cs;
  cs.push_back({"ED seed 000", Config::make(Variant::EncoderDecoder, 7, 6, 2, 2, 2, 6, 10)});
  cs.push_back({"D seed 002", Config::make(Variant::DecoderOnly, 7, 6, 0, 2, 2, 6, 10)});
  Config ed_opt = Config::make(Variant::EncoderDecoder, 6, 6, 1, 2, 3, 6, 8);
  ed_opt.norm = NormPlacement::Pre;
  ed_opt.activation = Activation::GELU;
  ed_opt.final_norm = true;
  ed_opt.tied_unembed = true;
  cs.push_back({"ED pre-LN GELU final-norm tied", ed_opt});
  Config d_opt = Config::make(Variant::DecoderOnly, 6, 6, 0, 2, 1, 4, 8);
  d_opt.norm = NormPlacement::Post;
  d_opt.activation = Activation::ReLU;
  d_opt.final_norm = false;
  d_opt.tied_unembed = true;
  cs.push_back({"D post-LN ReLU tied", d_opt});
  // the imported models' options: GPT-2's GELU (tanh form) with its own ε, Marian's SiLU
  Config gpt2 = Config::make(Variant::DecoderOnly, 7, 6, 0, 2, 2, 6, 10);
  gpt2.activation = Activation::GeluTanh;
  gpt2.tied_unembed = true;
  gpt2.ln_eps = 1e-3;
  cs.push_back({"D GELU-tanh tied eps 1e-3", gpt2});
  Config silu = Config::make(Variant::EncoderDecoder, 7, 6, 1, 1, 2, 6, 10);
  silu.activation = Activation::SiLU;
  cs.push_back({"ED SiLU", silu});
  // Marian's: post-LN, sinusoidal positions, scaled embeddings, tied, an output bias
  Config marian = Config::make(Variant::EncoderDecoder, 7, 6, 1, 2, 2, 6, 10);
  marian.activation = Activation::SiLU;
  marian.positions = Positions::Sinusoidal;
  marian.embed_scale = true;
  marian.tied_unembed = true;
  marian.out_bias = true;
  marian.final_norm = false;
  cs.push_back({"ED Marian (sinusoidal, scaled, tied, output bias)", marian});
  return cs;
}

}  // namespace

class TestGradcheck : public QObject {
  Q_OBJECT
 private slots:
  void finite_differences_data() {
    QTest::addColumn<int>("which");
    QTest::addColumn<bool>("padded");
    auto cs = cases();
    for (int i = 0; i < int(cs.size()); ++i) {
      QTest::newRow((std::string(cs[size_t(i)].name) + ", one sequence").c_str()) << i << false;
      QTest::newRow((std::string(cs[size_t(i)].name) + ", padded batch").c_str()) << i << true;
    }
  }

  void finite_differences() {
    QFETCH(int, which);
    QFETCH(bool, padded);
    const Config c = cases()[size_t(which)].c;
    QVERIFY(!c.validate());
    const auto ex = examples(c, 5 + uint64_t(which));
    const Batch b = padded ? make_batch(c, ex, {0, 1, 2}) : make_batch(c, ex[0]);
    Params<double> p = random_params(c, 17 + uint64_t(which));
    const Grads<double> g = grad_of(c, p, b);

    // Every entry of every tensor.
    std::vector<TensorRef<double>> gs;
    std::vector<std::string> names;
    for_each_tensor(c, const_cast<Grads<double>&>(g), [&](const std::string& n, TensorRef<double> t) {
      gs.push_back(t);
      names.push_back(n);
    });
    size_t ti = 0;
    int entries = 0, nonzero = 0;
    double worst = 0;
    std::string worst_at;
    const double h = 1e-5;
    for_each_tensor(c, p, [&](const std::string& n, TensorRef<double> t) {
      for (Eigen::Index i = 0; i < t.size(); ++i) {
        const double keep = t.data[i];
        t.data[i] = keep + h;
        const double up = loss_of(c, p, b);
        t.data[i] = keep - h;
        const double down = loss_of(c, p, b);
        t.data[i] = keep;
        const double numeric = (up - down) / (2 * h);
        const double analytic = gs[ti].data[i];
        // Central differences in double: truncation O(h²) and rounding ~1e-16·|J|/h ≈ 1e-10 for |J| ≈ 10, so an
        // absolute floor of 1e-7 lets exactly-zero gradients (b_k: softmax ignores a per-column shift) pass.
        const double err = std::abs(numeric - analytic) / (1e-7 + 1e-5 * std::max(std::abs(numeric), std::abs(analytic)));
        if (err > worst)
          worst = err, worst_at = n + "[" + std::to_string(i) + "]: numeric " + std::to_string(numeric) +
                                  ", analytic " + std::to_string(analytic);
        if (std::abs(analytic) > 1e-8) ++nonzero;
        ++entries;
      }
      ++ti;
    });
    QCOMPARE(ti, gs.size());
    // With padding, W_p columns beyond the longest sequence and W_e columns of unseen tokens are legitimately 0.
    QVERIFY2(nonzero > entries / 2, qPrintable(QString("only %1 of %2 gradients are non-zero").arg(nonzero).arg(entries)));
    QVERIFY2(worst <= 1.0, qPrintable(QString("worst error %1 × tolerance at %2").arg(worst).arg(QString::fromStdString(worst_at))));
  }

  void padding_gives_each_sequence_its_own_result_data() {
    QTest::addColumn<int>("which");
    auto cs = cases();
    for (int i = 0; i < int(cs.size()); ++i) QTest::newRow(cs[size_t(i)].name) << i;
  }

  void padding_gives_each_sequence_its_own_result() {
    QFETCH(int, which);
    const Config c = cases()[size_t(which)].c;
    const auto ex = examples(c, 9);
    const Params<double> p = random_params(c, 23);
    const Batch all = make_batch(c, ex, {0, 1, 2});
    Activations<double> act;
    model_forward(act, c, p, all);
    Grads<double> sum = params_zeros<double>(c);
    for (int k = 0; k < 3; ++k) {
      const Batch one = make_batch(c, ex[size_t(k)]);
      Activations<double> a1;
      model_forward(a1, c, p, one);
      const int n = one.x_len[0];
      const double diff = (act.logits.middleCols(Eigen::Index(k) * all.T, n) - a1.logits).cwiseAbs().maxCoeff();
      QVERIFY2(diff < 1e-12, qPrintable(QString("sequence %1: logits differ by %2 in the batch").arg(k).arg(diff)));
      const Grads<double> gk = grad_of(c, p, one);
      std::vector<TensorRef<double>> src;
      for_each_tensor(c, const_cast<Grads<double>&>(gk), [&](const std::string&, TensorRef<double> t) { src.push_back(t); });
      size_t i = 0;
      for_each_tensor(c, sum, [&](const std::string&, TensorRef<double> t) { t.mat() += src[i++].mat(); });
    }
    const Grads<double> gb = grad_of(c, p, all);
    std::vector<TensorRef<double>> a;
    for_each_tensor(c, const_cast<Grads<double>&>(gb), [&](const std::string&, TensorRef<double> t) { a.push_back(t); });
    size_t i = 0;
    for_each_tensor(c, sum, [&](const std::string& n, TensorRef<double> t) {
      const double d = (t.mat() - a[i++].mat()).cwiseAbs().maxCoeff();
      QVERIFY2(d < 1e-10, qPrintable(QString("%1: batch gradient differs from the sum by %2").arg(QString::fromStdString(n)).arg(d)));
    });
  }
};

QTEST_GUILESS_MAIN(TestGradcheck)
#include "tst_core_gradcheck.moc"
