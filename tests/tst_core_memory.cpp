// Memory: the estimate (core/train/memory.h) against what a built model and a training run really allocate, what
// the process can still get (ulimit -v included), and sizes refused before anything of their size is allocated.
#include "core/train/memory.h"

#include "core/model/params.h"
#include "core/train/trainer.h"

#include <QtTest>

#include <malloc.h>
#include <sys/resource.h>
#ifdef _OPENMP
#include <omp.h>
#endif

using namespace gb;

static int64_t allocated() {  // bytes handed out by malloc now (all arenas, mmapped blocks included)
  const struct mallinfo2 mi = mallinfo2();
  return int64_t(mi.uordblks + mi.hblkhd);
}

class TestCoreMemory : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
#ifdef _OPENMP
    omp_set_num_threads(1);  // one shard: the estimate is asked for one thread
#endif
  }

  // A real run: parameters, then a Trainer and one step (gradients, AdamW moments, activations, workspace). The
  // estimate must be within a factor of 2 of what was allocated — close enough to refuse what cannot fit and to
  // allow what can.
  void estimate_matches_a_real_run_data() {
    QTest::addColumn<bool>("ed");
    QTest::addColumn<int>("batch");
    QTest::addColumn<int>("len");
    QTest::newRow("decoder-only, batch 8 × 64") << false << 8 << 64;
    QTest::newRow("decoder-only, batch 2 × 128") << false << 2 << 128;
    QTest::newRow("encoder-decoder, batch 8 × 48") << true << 8 << 48;
  }
  void estimate_matches_a_real_run() {
    QFETCH(bool, ed);
    QFETCH(int, batch);
    QFETCH(int, len);
    Config c = Config::make(ed ? Variant::EncoderDecoder : Variant::DecoderOnly, 40, len, ed ? 2 : 0, 2, 4, 96, 384);
    c.bos_id = 1;
    c.eos_id = 2;
    c.pad_id = 0;
    std::vector<Example> data(32);
    for (size_t i = 0; i < data.size(); ++i) {
      for (int t = 0; t < len; ++t) data[i].x.push_back(3 + int((i + size_t(t)) % 30));
      if (ed)
        for (int t = 0; t < len; ++t) data[i].z.push_back(3 + int((i * 7 + size_t(t)) % 30));
    }
    TrainOptions o;
    o.opt.kind = OptimizerKind::AdamW;
    o.batch_size = batch;
    o.steps = 2;
    const MemoryEstimate est = training_memory(c, o, 1, len, ed ? len : 0);
    const int64_t before = allocated();
    int64_t real = 0;
    {
      Params<float> p = params_init(c, 1);
      auto plan = plan_training(c, p, data, o);
      QVERIFY2(plan.ok(), plan.ok() ? "" : plan.error().message.c_str());
      Trainer t(*plan, p);
      t.step();
      real = allocated() - before;
    }
    const double ratio = double(est.total()) / double(real);
    qInfo("estimate %lld bytes (parameters %lld, gradients %lld, optimizer %lld, activations %lld), allocated %lld: "
          "ratio %.2f",
          (long long)est.total(), (long long)est.parameters, (long long)est.gradients, (long long)est.optimizer,
          (long long)est.activations, (long long)real, ratio);
    QVERIFY2(ratio > 0.5 && ratio < 2.0, qPrintable(QString("estimate / real = %1").arg(ratio)));
    QCOMPARE(est.parameters, int64_t(4) * params_count(c));
  }

  // The estimate grows with what it is about, and never overflows, even for the largest config allowed.
  void estimate_scales_and_saturates() {
    const Config c = Config::make(Variant::DecoderOnly, 100, 64, 0, 2, 4, 64, 256);
    TrainOptions o;
    o.batch_size = 4;
    const int64_t base = training_memory(c, o, 1).total();
    o.batch_size = 8;
    QVERIFY(training_memory(c, o, 1).activations > 2 * training_memory(c, TrainOptions{}, 1).activations);
    QVERIFY(training_memory(c, o, 1).total() > base);
    o.opt.kind = OptimizerKind::SGD;
    QCOMPARE(training_memory(c, o, 1).optimizer, int64_t(0));
    const Config huge = Config::make(Variant::EncoderDecoder, 1 << 20, 1 << 16, 256, 256, 1024, 1 << 16, 1 << 18);
    QVERIFY(!huge.validate());
    TrainOptions big;
    big.batch_size = 1 << 20;
    const int64_t h = training_memory(huge, big, 64).total();
    QVERIFY(h > (int64_t(1) << 50));  // more than any machine, and not negative
  }

  // What is available follows ulimit -v: an oversize model is refused with its estimate and the limit, and
  // without the refusal the allocation would fail.
  void address_space_limit_is_respected() {
    struct rlimit old {};
    QCOMPARE(getrlimit(RLIMIT_AS, &old), 0);
    const int64_t free_before = available_memory_bytes();
    QVERIFY(free_before > 0);
    // a model of about 3 GB of parameters (and 5× that to train) against 512 MB more address space than is mapped
    const Config c = Config::make(Variant::DecoderOnly, 1000, 64, 0, 24, 16, 2048, 8192);
    const int64_t need = model_memory(c).total();
    QVERIFY(need > (int64_t(8) << 30));
    struct rlimit lim = old;
    QFile status("/proc/self/status");
    QVERIFY(status.open(QIODevice::ReadOnly));
    int64_t mapped = 0;
    for (const QByteArray& line : status.readAll().split('\n'))
      if (line.startsWith("VmSize:")) mapped = line.mid(7).trimmed().split(' ').value(0).toLongLong() * 1024;
    QVERIFY(mapped > 0);
    lim.rlim_cur = rlim_t(mapped + (int64_t(512) << 20));
    QCOMPARE(setrlimit(RLIMIT_AS, &lim), 0);
    const int64_t avail = available_memory_bytes();
    const Status refused = check_memory(ErrorCode::PlanMemory, need);
    bool threw = false;
    try {
      std::vector<float> v(size_t(need / 4));  // what the refusal spares: the allocation fails
      v[0] = 1;
    } catch (const std::bad_alloc&) {
      threw = true;
    }
    QCOMPARE(setrlimit(RLIMIT_AS, &old), 0);
    QVERIFY(threw);
    QVERIFY2(avail <= (int64_t(512) << 20), qPrintable(QString::number(avail)));
    QVERIFY(refused.has_value());
    QCOMPARE(refused->code, ErrorCode::PlanMemory);
    QCOMPARE(refused->arg("need"), megabytes(need));
    QVERIFY(std::stoll(refused->arg("limit")) <= 512);
    QVERIFY2(refused->message.find("needs about " + megabytes(need) + " MB") != std::string::npos,
             refused->message.c_str());
    // a cap refuses what the machine would allow; a small model fits under both
    QVERIFY(check_memory(ErrorCode::PlanMemory, 2 << 20, 1 << 20).has_value());
    QVERIFY(!check_memory(ErrorCode::PlanMemory, 1 << 20, 2 << 20).has_value());
  }
};

QTEST_GUILESS_MAIN(TestCoreMemory)
#include "tst_core_memory.moc"
