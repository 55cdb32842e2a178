// glassbox-gui-stall — how long the GUI thread can stall while the workbench trains config M (the core issue's
// benchmark config: |V| ≈ 64, ℓ_max = 64, L = 4, H = 4, d_e = 128, d_mlp = 512, batches of 16) with the Attention
// tab visible, refreshing its heatmaps (large view + 4 × 4 grid) on the probe every 25 steps.
//
// A 1 ms timer runs on the GUI thread; the longest gap between two of its ticks (minus the 1 ms) is the longest
// stall a user could feel. Also reported: the longest time one attention refresh took on the GUI thread, and the
// stall while the data file was read. Run under xvfb-run (or QT_QPA_PLATFORM=offscreen):
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/bench/glassbox-gui-stall [--data FILE] [--tokenizer word]
//       [--steps 300] [--no-meter]
// Without --data it writes a text of pseudo-words (a 64-character alphabet) to a temporary file.
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "mainwindow.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"

#include <QApplication>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <cstdio>
#include <random>

struct StallMeter {
  QElapsedTimer clock;
  qint64 last = 0, worst = 0;
  QTimer timer;
  void start() {
    clock.start();
    last = 0;
    worst = 0;
    timer.setInterval(1);
    timer.setTimerType(Qt::PreciseTimer);
    QObject::connect(&timer, &QTimer::timeout, [this] {
      const qint64 now = clock.nsecsElapsed() / 1000;  // µs
      worst = std::max(worst, now - last - 1000);
      last = now;
    });
    timer.start();
  }
  double worstMs() const { return double(worst) / 1000.0; }
};

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("GlassboxBench"));
  QApplication::setApplicationName(QStringLiteral("gui-stall"));
  QString data;
  int steps = 300;
  bool meterOn = true;
  QString tokenizer;  // char (default for files), word or bpe
  const QStringList args = app.arguments();
  for (int i = 1; i + 1 < args.size(); ++i) {
    if (args[i] == QLatin1String("--data")) data = args[i + 1];
    if (args[i] == QLatin1String("--steps")) steps = args[i + 1].toInt();
    if (args[i] == QLatin1String("--tokenizer")) tokenizer = args[i + 1];
  }
  if (args.contains(QStringLiteral("--no-meter"))) meterOn = false;  // training speed without the 1 ms timer
  QTemporaryDir tmp;
  if (data.isEmpty()) {  // pseudo-words over 62 letters and digits, space and newline: |V| = 64 + 4 specials
    data = tmp.filePath(QStringLiteral("text.txt"));
    QFile f(data);
    if (!f.open(QIODevice::WriteOnly)) return 1;
    const char* alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    std::mt19937 rng(7);
    QByteArray text;
    while (text.size() < 400000) {
      const int len = 2 + int(rng() % 8);
      for (int k = 0; k < len; ++k) text += alphabet[rng() % 62];
      text += (rng() % 12 == 0) ? '\n' : ' ';
    }
    f.write(text);
  }

  MainWindow w;
  w.resize(1280, 800);
  w.show();
  w.tabs()->setCurrentIndex(0);  // Attention
  auto* att = w.findChild<AttentionPanel*>(QStringLiteral("attentionTab"));
  StallMeter meter;
  meter.start();

  // 1. the data file, read off the GUI thread
  w.modelPanel()->variantBox()->setCurrentIndex(1);  // decoder-only
  QElapsedTimer load;
  load.start();
  if (!tokenizer.isEmpty())
    w.dataPanel()->tokenizerBox()->setCurrentIndex(w.dataPanel()->tokenizerBox()->findData(tokenizer));
  w.dataPanel()->loadFile(data);
  {
    QEventLoop loop;  // wait without spinning: the GUI thread sleeps between events, as in real use
    QObject::connect(w.dataPanel()->loader(), &DataLoader::finished, &loop, &QEventLoop::quit);
    if (w.dataPanel()->loader()->isRunning()) loop.exec();
  }
  QCoreApplication::processEvents();
  const double loadStall = meter.worstMs();
  if (!w.document()->hasData()) {
    std::fprintf(stderr, "could not load %s\n", qPrintable(data));
    return 1;
  }
  std::printf("data: %s, %zu training examples, |V| = %d, read in %.0f ms; longest GUI stall while reading: %.1f ms\n",
              qPrintable(data), w.document()->data().train.size(), w.document()->data().tokenizer.size(),
              double(load.elapsed()), loadStall);

  // 2. config M, trained with the Attention tab showing
  ModelPanel* mp = w.modelPanel();
  mp->maxLenBox()->setValue(64);
  mp->presetBox()->setCurrentIndex(2);  // Medium: L 3 … then the sizes of config M
  mp->headsBox()->setValue(4);
  mp->dModelBox()->setValue(128);
  mp->buildButton()->click();
  if (!w.document()->hasModel()) {
    std::fprintf(stderr, "build failed\n");
    return 1;
  }
  // L = 4, d_mlp = 512: set through the config the panel would build
  gb::Config c = w.document()->config();
  c.dec_layers = 4;
  c.d_mlp = 512;
  w.document()->build(c, 0);
  att->probeBox()->setCurrentText(QStringLiteral("the quick brown fox jumps over the lazy dog and the cat sat on a mat"));
  TrainingPanel* tp = w.trainingPanel();
  tp->stepsBox()->setValue(steps);
  tp->batchBox()->setValue(16);
  QCoreApplication::processEvents();
  // time each attention refresh (they run on the GUI thread)
  double worstRefresh = 0;
  int refreshes = 0;
  QObject::disconnect(w.trainer(), &TrainingController::paramsPublished, att, nullptr);
  QObject::connect(w.trainer(), &TrainingController::paramsPublished, att, [&] {
    QElapsedTimer t;
    t.start();
    att->refresh();
    worstRefresh = std::max(worstRefresh, double(t.nsecsElapsed()) / 1e6);
    ++refreshes;
  });
  meter.start();
  if (!meterOn) meter.timer.stop();
  QElapsedTimer train;
  train.start();
  {
    QEventLoop loop;
    QObject::connect(w.trainer(), &TrainingController::stateChanged, &loop, [&](TrainingController::State st) {
      if (st == TrainingController::State::Finished) loop.quit();
    });
    tp->startButton()->click();
    loop.exec();
  }
  QCoreApplication::processEvents();
  const gb::Config& m = w.document()->config();
  std::printf("config: decoder-only, |V| = %d, ell_max = %d, L = %d, H = %d, d_e = %d, d_mlp = %d, batch %d\n",
              m.vocab_size, m.max_len, m.dec_layers, m.heads, m.d_e, m.d_mlp, 16);
  std::printf("trained %d steps in %.1f s; attention view refreshed %d times (the longest refresh took %.1f ms)\n",
              steps, double(train.elapsed()) / 1000.0, refreshes, worstRefresh);
  std::printf("longest GUI-thread stall while training with the attention view visible: %.1f ms\n", meter.worstMs());
  w.document()->setModified(false);
  w.removeAutosave();
  return 0;
}
