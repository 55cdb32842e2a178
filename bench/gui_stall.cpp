// glassbox-gui-stall — how long the GUI thread can stall while the workbench trains config M (the core issue's
// benchmark config: |V| ≈ 64, ℓ_max = 64, L = 4, H = 4, d_e = 128, d_mlp = 512, batches of 16) with the Attention
// tab visible, refreshing its heatmaps (large view + 4 × 4 grid) on the probe every 25 steps.
//
// A 1 ms timer runs on the GUI thread; the longest gap between two of its ticks (minus the 1 ms) is the longest
// stall a user could feel. Also reported: the longest time one attention refresh took on the GUI thread, and the
// stall while the data file was read. Run under xvfb-run (or QT_QPA_PLATFORM=offscreen):
//   xvfb-run -a -s "-screen 0 1600x1000x24" build/bench/glassbox-gui-stall [--data FILE] [--tokenizer word]
//       [--steps 300] [--no-meter] [--minutes M]
// --minutes M is the soak: trains for M minutes (as many steps as fit) and prints, each minute, the steps done, the
// resident memory and the longest stall of that minute; at the end the memory after the first minute (buffers and
// caches warm) against the memory at the end, and the longest stall of the whole run.
// Without --data it writes a text of pseudo-words (a 64-character alphabet) to a temporary file.
#include "controllers/dataloader.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "mainwindow.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "stallmeter.h"

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
#include <fstream>
#include <malloc.h>
#include <random>
#include <string>

// The heap in use in MB (glibc's mallinfo2 over all arenas: allocated chunks and mmapped blocks). Beside the
// resident set it tells what the program holds from what the allocator keeps (fragmentation, free lists).
static double heapInUseMB() {
  const struct mallinfo2 mi = mallinfo2();
  return double(mi.uordblks + mi.hblkhd) / (1024.0 * 1024.0);
}
// What the allocator holds free (in its arenas, not given back to the system), in MB.
static double heapFreeMB() {
  const struct mallinfo2 mi = mallinfo2();
  return double(mi.fordblks) / (1024.0 * 1024.0);
}

// The resident set of this process in MB (VmRSS of /proc/self/status).
static double residentMB() {
  std::ifstream f("/proc/self/status");
  std::string key;
  while (f >> key) {
    if (key == "VmRSS:") {
      double kb = 0;
      f >> kb;
      return kb / 1024.0;
    }
    std::getline(f, key);
  }
  return 0;
}

int main(int argc, char** argv) {
  keepTheResidentSetFlat();  // as the window's main() does
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("GlassboxBench"));
  QApplication::setApplicationName(QStringLiteral("gui-stall"));
  QString data;
  int steps = 300;
  double minutes = 0;  // the soak: train this long instead of a number of steps
  bool meterOn = true;
  QString tokenizer;  // char (default for files), word or bpe
  const QStringList args = app.arguments();
  for (int i = 1; i + 1 < args.size(); ++i) {
    if (args[i] == QLatin1String("--data")) data = args[i + 1];
    if (args[i] == QLatin1String("--steps")) steps = args[i + 1].toInt();
    if (args[i] == QLatin1String("--tokenizer")) tokenizer = args[i + 1];
    if (args[i] == QLatin1String("--minutes")) minutes = args[i + 1].toDouble();
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
  if (minutes > 0) steps = tp->stepsBox()->maximum();  // stopped by the clock
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
  const double rssStart = residentMB();
  double rssWarm = rssStart, worstOverall = 0;
  int minute = 0;
  QTimer soak;  // each minute: a line; at the end: stop
  if (minutes > 0) {
    std::printf("soak: %.0f minutes; resident memory before training %.1f MB, heap in use %.1f MB\n", minutes,
                rssStart, heapInUseMB());
    soak.setInterval(60 * 1000);
    QObject::connect(&soak, &QTimer::timeout, [&] {
      ++minute;
      const double rss = residentMB();
      if (minute == 1) rssWarm = rss;
      worstOverall = std::max(worstOverall, meter.worstMs());
      std::printf("minute %d: %d steps, resident %.1f MB, heap in use %.1f MB (%.1f MB free in the allocator), longest "
                  "stall this minute %.1f ms, attention refreshes %d\n",
                  minute, w.trainer()->stepsDone(), rss, heapInUseMB(), heapFreeMB(), meter.worstMs(), refreshes);
      std::fflush(stdout);
      meter.reset();
      if (minute >= minutes) w.trainer()->stop();
    });
    soak.start();
  }
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
              w.trainer()->stepsDone(), double(train.elapsed()) / 1000.0, refreshes, worstRefresh);
  std::printf("longest GUI-thread stall while training with the attention view visible: %.1f ms\n",
              std::max(worstOverall, meter.worstMs()));
  if (minutes > 0) {
    const double rssEnd = residentMB();
    std::printf("soak: resident memory %.1f MB before training, %.1f MB after the first minute, %.1f MB at the end: "
                "growth %+.2f%% since the first minute\n",
                rssStart, rssWarm, rssEnd, 100.0 * (rssEnd - rssWarm) / rssWarm);
  }
  w.document()->setModified(false);
  w.removeAutosave();
  return 0;
}
