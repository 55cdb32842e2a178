// Inside the machine: the Decoding tab's KV cache and beam tree show exactly what the core holds and computed.
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "mainwindow.h"
#include "panels/decodingpanel.h"
#include "panels/kvcacheview.h"
#include "panels/modelpanel.h"
#include "widgets/beamtreeview.h"
#include "widgets/matrixview.h"

#include <qcustomplot.h>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include <QtTest>

class TestInside : public QObject {
  Q_OBJECT

  // reverse (the task loaded at start) built with the tiny preset, decoding "abcd" started on the Decoding tab
  DecodingPanel* startDecoding(MainWindow& w, int steps) {
    w.show();
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    if (!w.document()->hasModel()) return nullptr;
    auto* dp = w.findChild<DecodingPanel*>(QStringLiteral("decodingTab"));
    for (int i = 0; i < w.tabs()->count(); ++i)
      if (w.tabs()->widget(i) == dp || w.tabs()->widget(i)->isAncestorOf(dp)) w.tabs()->setCurrentIndex(i);
    dp->inputBox()->setCurrentText(QStringLiteral("abcd"));
    QTest::mouseClick(dp->startButton(), Qt::LeftButton);
    for (int i = 0; i < steps; ++i) QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    return dp;
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_inside"));
    QSettings().clear();
  }

  // The KV cache view: every layer's cached K and V are the session's, the newest column outlined, the
  // cross-attention's K and V those computed once from the encoder; the counter adds up the core's counts.
  void kv_cache_view_shows_the_sessions_cache() {
    MainWindow w;
    DecodingPanel* dp = startDecoding(w, 3);
    QVERIFY(dp);
    const gb::DecodeSession* s = dp->controller()->session();
    QVERIFY(s && s->config().is_ed() && s->steps().size() == 3);
    KvCacheView* kv = dp->kvCacheView();
    dp->views()->setCurrentWidget(kv);
    QVERIFY(kv->isVisible());
    const int n = s->cache_length();
    QCOMPARE(n, 4);  // <bos> and three tokens
    for (int l = 1; l <= s->config().dec_layers; ++l) {
      kv->layerBox()->setValue(l);
      const gb::DecodeCacheLayer& cl = s->cache()[size_t(l - 1)];
      QVERIFY(kv->selfK()->matrix() == gb::MatF(cl.self.K.leftCols(n)));
      QVERIFY(kv->selfV()->matrix() == gb::MatF(cl.self.V.leftCols(n)));
      QCOMPARE(kv->selfK()->markedColumn(), n - 1);
      QVERIFY(kv->crossK()->isVisible());
      QVERIFY(kv->crossK()->matrix() == cl.cross.K);
      QVERIFY(kv->crossV()->matrix() == cl.cross.V);
      QCOMPARE(kv->crossK()->cols(), int(s->source().size()));
    }
    // the counter: the steps' counts and the pending distribution's
    double cached = 0, uncached = 0;
    for (const gb::DecodeStep& st : s->steps()) {
      cached += st.work.cached;
      uncached += st.work.uncached;
    }
    const gb::DecodeWork pending = gb::decode_work(s->config(), int(s->tokens().size()), int(s->source().size()));
    QCOMPARE(kv->totalCached(), cached + pending.cached);
    QCOMPARE(kv->totalUncached(), uncached + pending.uncached);
    QCOMPARE(kv->workPlot()->graph(0)->dataCount(), 4);
    QVERIFY(kv->totalUncached() > kv->totalCached());
    // a step back: the cache is one column shorter, and so is the view
    QTest::mouseClick(dp->backButton(), Qt::LeftButton);
    QCOMPARE(kv->selfK()->cols(), n - 1);
    QCOMPARE(kv->workPlot()->graph(0)->dataCount(), 3);
  }

  // The beam tree draws the core's nodes: tokens, log p, scores, pruned and finished flags, the winner's path; the
  // presenter's keys show it one level at a time.
  void beam_tree_draws_the_cores_tree() {
    MainWindow w;
    DecodingPanel* dp = startDecoding(w, 1);
    QVERIFY(dp);
    dp->controller()->setSyncBudget(1e12);  // at once
    dp->beamWidthBox()->setValue(3);
    dp->beamAlphaBox()->setValue(0.5);
    QTest::mouseClick(dp->beamButton(), Qt::LeftButton);
    QVERIFY(dp->controller()->beamResult().has_value());
    QCOMPARE(dp->views()->currentWidget(), dp->beamTree()->parentWidget()->parentWidget()->parentWidget());
    const gb::DecodeSession* s = dp->controller()->session();
    const int room = s->config().max_len - int(s->tokens().size());
    auto core = gb::beam_search(*s, 3, room, gb::Tokenizer::kEos, 0.5);
    QVERIFY(core.ok());
    const BeamTreeView* tree = dp->beamTree();
    QCOMPARE(tree->nodes().size(), qsizetype(core->tree.size()));
    int pruned = 0, finished = 0;
    for (size_t i = 0; i < core->tree.size(); ++i) {
      const gb::BeamNode& c = core->tree[i];
      const BeamTreeView::Node& v = tree->nodes()[qsizetype(i)];
      QCOMPARE(v.token, c.token);
      QCOMPARE(v.parent, c.parent);
      QCOMPARE(v.depth, c.depth);
      QCOMPARE(v.logp, c.logp);
      QCOMPARE(v.score, c.score);
      QCOMPARE(v.normalized, c.normalized);
      QCOMPARE(v.pruned, c.pruned);
      QCOMPARE(v.finished, c.finished);
      QCOMPARE(v.text, dp->controller()->display(c.token));
      QVERIFY(!v.rect.isEmpty());
      pruned += c.pruned;
      finished += c.finished;
    }
    QVERIFY(pruned > 0 && finished > 0);  // the picture has both to show
    // the winner's path: the best hypothesis' tokens, from the start
    std::vector<int> path;
    for (const auto& v : tree->nodes())
      if (v.winner) path.push_back(v.token);
    QCOMPARE(path, core->tokens);
    // level by level with the presenter's keys
    QVERIFY(dp->presentFirst());
    QVERIFY(tree->drawnNodes().isEmpty());
    QVERIFY(!dp->beamLevelBack()->isEnabled());
    QVERIFY(dp->presentNext());
    QCOMPARE(tree->shownLevels(), 1);
    for (int i : tree->drawnNodes()) QCOMPARE(tree->nodes()[i].depth, 1);
    QCOMPARE(tree->drawnNodes().size(), 3);  // the start offers its B best tokens
    QVERIFY(dp->presentLast());
    QCOMPARE(tree->drawnNodes().size(), tree->nodes().size());
    QVERIFY(!dp->presentNext());  // all levels shown
    QVERIFY(dp->presentBack());
    QCOMPARE(tree->shownLevels(), tree->levels() - 1);
    // a new sequence: the tree goes
    QTest::mouseClick(dp->startButton(), Qt::LeftButton);
    QVERIFY(tree->isEmpty());
  }
};

QTEST_MAIN(TestInside)
#include "tst_inside.moc"
