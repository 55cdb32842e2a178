// PyTorch parity: our forward, backward and seed-exact SGD against fixtures written by scripts/torch_reference.py
// (torch's own nn.TransformerEncoderLayer / nn.TransformerDecoderLayer; nn.RNN, nn.LSTM and their cells for the recurrent
// families, additive attention written out in torch).
// Regenerate with
// scripts/make_parity_fixtures.sh.
#include "test_support.h"
#include "core/io/dataset.h"
#include "core/io/model_file.h"
#include "core/model/model.h"
#include "core/train/loss.h"
#include "core/train/trainer.h"

#include <QtTest>

using namespace gb;

class TestCoreParity : public QObject {
  Q_OBJECT
 private slots:
  void parity_data() {
    QTest::addColumn<QString>("name");
    for (const char* n : {"d_small", "d_wide", "ed_small", "ed_wide", "rnn_small", "rnn_relu", "rnn_seq2seq", "rnn_lstm",
                          "rnn_seq2seq_lstm", "rnn_seq2seq_att", "rnn_seq2seq_lstm_att"})
      QTest::newRow(n) << QString(n);
  }

  void parity() {
    QFETCH(QString, name);
    const std::string dir = GLASSBOX_FIXTURES "/parity/";
    const std::string base = dir + name.toStdString();
    auto model = load_model(base + ".safetensors");
    QVERIFY2(model.ok(), model.ok() ? "" : model.error().message.c_str());
    auto ref = read_safetensors(base + ".ref.safetensors");
    QVERIFY2(ref.ok(), ref.ok() ? "" : ref.error().message.c_str());
    auto data = load_jsonl_ids(base + ".jsonl", model->config);
    QVERIFY2(data.ok(), data.ok() ? "" : data.error().message.c_str());
    const Config& c = model->config;
    const Example& first = (*data)[0];

    // 1. log-probs within 1e-5
    const MatF lp = model_logprobs(c, model->params, first);
    const StTensor* rlp = ref->find("logprobs");
    QVERIFY(rlp);
    QCOMPARE(rlp->shape[0], int64_t(lp.cols()));
    QCOMPARE(rlp->shape[1], int64_t(lp.rows()));
    double max_lp = 0;
    for (Eigen::Index j = 0; j < lp.cols(); ++j)
      for (Eigen::Index v = 0; v < lp.rows(); ++v)
        max_lp = std::max(max_lp, std::abs(double(lp(v, j)) - rlp->data[size_t(j * lp.rows() + v)]));
    QVERIFY2(max_lp <= 1e-5, qPrintable(QString("max |Δ log P| = %1").arg(max_lp)));

    // 2. every gradient within 1e-4 relative (‖ours − torch‖ / ‖torch‖ per tensor, elementwise near zero)
    Activations<float> act;
    Workspace<float> ws;
    const Batch b = make_batch(c, first);
    model_forward(act, c, model->params, b);
    MatF dlogits;
    loss_forward_backward(&dlogits, act.logits, b, LossKind::Sum);
    Grads<float> g = params_zeros<float>(c);
    model_backward(g, ws, act, dlogits, c, model->params, b);
    const StFile ours = params_to_safetensors(c, g);
    int checked = 0;
    for (const StTensor& t : ours.tensors) {
      const StTensor* r = ref->find("grad." + t.name);
      QVERIFY2(r, qPrintable("no reference gradient for " + QString::fromStdString(t.name)));
      QCOMPARE(r->shape, t.shape);
      double diff = 0, norm = 0;
      for (size_t i = 0; i < t.data.size(); ++i) {
        diff += std::pow(double(t.data[i]) - r->data[i], 2);
        norm += std::pow(double(r->data[i]), 2);
      }
      diff = std::sqrt(diff);
      norm = std::sqrt(norm);
      QVERIFY2(diff <= 1e-4 * norm + 1e-7,
               qPrintable(QString("%1: ‖Δ‖ = %2, ‖torch‖ = %3").arg(QString::fromStdString(t.name)).arg(diff).arg(norm)));
      ++checked;
    }
    QCOMPARE(checked, int(ours.tensors.size()));
    QVERIFY(checked >= (c.is_transformer() ? 10 : 6));

    // 3. 20 seed-exact SGD steps: every loss within 1e-4 relative
    const StTensor* rl = ref->find("sgd_losses");
    QVERIFY(rl);
    QCOMPARE(int(rl->data.size()), 20);
    TrainOptions o;
    o.opt.kind = OptimizerKind::SGD;
    o.opt.lr = std::stof(ref->metadata.at("lr"));
    o.batch_size = 1;
    o.loss = LossKind::Sum;
    o.shuffle = false;
    o.steps = 20;
    Params<float> p = model->params;
    Trainer tr(must_plan(c, p, *data, o), p);
    std::vector<double> losses;
    tr.run([&](const StepReport& r) { losses.push_back(r.loss); return true; });
    QCOMPARE(int(losses.size()), 20);
    for (int i = 0; i < 20; ++i)
      QVERIFY2(std::abs(losses[size_t(i)] - rl->data[size_t(i)]) <= 1e-4 * std::abs(rl->data[size_t(i)]),
               qPrintable(QString("step %1: ours %2, torch %3").arg(i).arg(losses[size_t(i)]).arg(rl->data[size_t(i)])));
  }
};

QTEST_GUILESS_MAIN(TestCoreParity)
#include "tst_core_parity.moc"
