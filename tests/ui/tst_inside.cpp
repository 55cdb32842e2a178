// Inside the machine: the Decoding tab's KV cache and beam tree show exactly what the core holds and computed.
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "mainwindow.h"
#include "memorylimit.h"
#include "controllers/algorithmcontroller.h"
#include "panels/algorithmpanel.h"
#include "panels/attentionopened.h"
#include "panels/attentionpanel.h"
#include "panels/comparepanel.h"
#include "controllers/comparecontroller.h"
#include "panels/maskeditor.h"
#include "panels/maskspanel.h"
#include "controllers/tracecontroller.h"
#include "widgets/heatmap.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/kvcacheview.h"
#include "panels/modelpanel.h"
#include "panels/timelineview.h"
#include "widgets/beamtreeview.h"
#include "widgets/matrixview.h"

#include <qcustomplot.h>

#include <QMessageBox>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QSlider>
#include <QTableWidget>
#include <QTreeWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabWidget>
#include "controllers/workers.h"
#include "familynames.h"

#include "core/rng.h"
#include "widgets/numbertext.h"

#include <QtTest>

#include <memory>

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

  // reverse (the task loaded at start) built with the tiny preset, the Masks tab's editor shown
  MaskEditor* openMaskEditor(MainWindow& w) {
    w.show();
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    if (!w.document()->hasModel()) return nullptr;
    auto* mp = w.findChild<MasksPanel*>(QStringLiteral("masksTab"));
    for (int i = 0; i < w.tabs()->count(); ++i)
      if (w.tabs()->widget(i)->isAncestorOf(mp)) w.tabs()->setCurrentIndex(i);
    mp->pages()->setCurrentWidget(mp->editor());
    return mp->editor();
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
    QCOMPARE(kv->totalCached(), cached + pending.cached +
                                    gb::decode_setup_work(s->config(), int(s->prefix_length()), int(s->source().size())));
    QCOMPARE(kv->totalUncached(), uncached + pending.uncached);
    QCOMPARE(kv->workPlot()->graph(0)->dataCount(), 4);
    QVERIFY(kv->totalUncached() > kv->totalCached());
    // a step back: the cache is one column shorter, and so is the view
    QTest::mouseClick(dp->backButton(), Qt::LeftButton);
    QCOMPARE(kv->selfK()->cols(), n - 1);
    QCOMPARE(kv->workPlot()->graph(0)->dataCount(), 3);
    // <eos> chosen: decoding has ended, so no step is pending (walkthrough 53: the chart counted one more step than
    // the Next token view, and the map's last column was called the one a step computed to read)
    QVERIFY(dp->controller()->step(s->config().eos_id).isEmpty());
    QVERIFY(dp->controller()->finished());
    QCOMPARE(kv->workPlot()->graph(0)->dataCount(), int(s->steps().size()));
    QCOMPARE(kv->selfK()->cols(), s->cache_length());
    QVERIFY2(kv->title()->text().contains(QStringLiteral("<eos>")), qPrintable(kv->title()->text()));
  }

  // Two records are bit for bit the same: the distributions, the choice and how, the attention.
  static bool sameRecord(const gb::DecodeStep& a, const gb::DecodeStep& b) {
    if (a.position != b.position || a.logp != b.logp || a.choice.q != b.choice.q ||
        a.choice.q_filtered != b.choice.q_filtered || a.choice.kept != b.choice.kept ||
        a.choice.token != b.choice.token || a.choice.how != b.choice.how || a.p_chosen != b.p_chosen ||
        a.q_chosen != b.q_chosen || a.attention.size() != b.attention.size())
      return false;
    if (!(a.choice.random == b.choice.random || (std::isnan(a.choice.random) && std::isnan(b.choice.random))))
      return false;
    for (size_t l = 0; l < a.attention.size(); ++l) {
      const auto &x = a.attention[l], &y = b.attention[l];
      if (x.self.size() != y.self.size() || x.cross.size() != y.cross.size()) return false;
      for (size_t h = 0; h < x.self.size(); ++h)
        if (!(x.self[h].array() == y.self[h].array()).all()) return false;
      for (size_t h = 0; h < x.cross.size(); ++h)
        if (!(x.cross[h].array() == y.cross[h].array()).all()) return false;
    }
    return true;
  }

  // The timeline: going back to step k and taking the same token again gives bit-identical records; a token taken
  // instead makes a branch; both branches stay and either can be returned to, its records as they were.
  void timeline_rewinds_and_branches() {
    MainWindow w;
    DecodingPanel* dp = startDecoding(w, 0);
    QVERIFY(dp);
    dp->temperatureSlider()->setValue(40);  // τ = 2: draws that differ from the argmax
    for (int i = 0; i < 4; ++i) QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    DecodingController* ctl = dp->controller();
    const std::vector<gb::DecodeStep> first = ctl->session()->steps();
    QCOMPARE(first.size(), size_t(4));
    TimelineView* tl = dp->timelineView();
    dp->views()->setCurrentWidget(tl);
    QCOMPARE(tl->stepButtons().size(), 4);
    // back to step 2 by its button in the strip: steps 2… go, and drawing again takes the same tokens, bit for bit
    QTest::mouseClick(tl->stepButtons()[1], Qt::LeftButton);
    QCOMPARE(ctl->session()->steps().size(), size_t(1));
    QCOMPARE(tl->stepButtons().size(), 1);
    for (int i = 0; i < 3; ++i) QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    QCOMPARE(ctl->session()->steps().size(), size_t(4));
    for (size_t k = 0; k < 4; ++k) QVERIFY2(sameRecord(ctl->session()->steps()[k], first[k]), qPrintable(QString::number(k)));
    QCOMPARE(ctl->branchLeaves().size(), size_t(1));  // the same path: no branch
    // back to step 3, another token typed instead: a branch
    QTest::mouseClick(tl->stepButtons()[2], Qt::LeftButton);
    int other = -1;
    for (int t = 4; t < ctl->session()->config().vocab_size && other < 0; ++t)
      if (t != first[2].choice.token) other = t;
    tl->forceEdit()->setText(ctl->display(other));
    QTest::mouseClick(tl->forceButton(), Qt::LeftButton);
    QVERIFY2(tl->infoLabel()->text().isEmpty(), qPrintable(tl->infoLabel()->text()));
    QCOMPARE(ctl->session()->steps().back().choice.token, other);
    QCOMPARE(ctl->session()->steps().back().choice.how, gb::ChoiceKind::Forced);
    QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    const std::vector<gb::DecodeStep> second = ctl->session()->steps();
    const auto leaves = ctl->branchLeaves();
    QCOMPARE(leaves.size(), size_t(2));
    // drawn as a tree: the second branch under the first, forking off at step 3
    QCOMPARE(tl->branchTable()->topLevelItemCount(), 1);
    QCOMPARE(tl->branchTable()->topLevelItem(0)->childCount(), 1);
    QTreeWidgetItem* fork = tl->branchTable()->topLevelItem(0)->child(0);
    QCOMPARE(fork->data(0, Qt::UserRole).toInt(), leaves[1]);
    QCOMPARE(fork->text(5), QStringLiteral("branch 1 at step 3"));
    QVERIFY(fork->text(0).startsWith(QStringLiteral("▶")));  // x is this branch now
    QVERIFY(ctl->branchHow(leaves[1]).contains("forced at step 3"));
    QCOMPARE(ctl->timeline()[size_t(leaves[1])].depth, 4);
    // the first branch again, from the table: its records as they were
    QTreeWidgetItem* row = tl->branchTable()->topLevelItem(0);
    QCOMPARE(row->data(0, Qt::UserRole).toInt(), leaves[0]);
    emit tl->branchTable()->itemActivated(row, 0);  // (it goes there once the activation has returned)
    QTRY_VERIFY(ctl->session()->steps().size() == first.size() &&
                ctl->session()->steps()[2].choice.token == first[2].choice.token);
    for (size_t k = 0; k < first.size(); ++k) QVERIFY(sameRecord(ctl->session()->steps()[k], first[k]));
    QVERIFY(tl->branchTable()->topLevelItem(0)->text(0).startsWith(QStringLiteral("▶")));
    // and the second: its forced step and the draw after it, as they were
    QVERIFY(ctl->goTo(leaves[1]).isEmpty());
    QCOMPARE(ctl->session()->steps().size(), second.size());
    for (size_t k = 0; k < second.size(); ++k) QVERIFY(sameRecord(ctl->session()->steps()[k], second[k]));
    double sum = 0;
    for (const auto& st : second) sum += std::log(st.p_chosen);
    QCOMPARE(ctl->timeline()[size_t(leaves[1])].sum_logp, sum);
    // the same on the worker (a model too large to replay at once): the first branch's records, bit for bit
    ctl->setSyncBudget(0);
    QSignalSpy went(ctl, &DecodingController::goToFinished);
    QVERIFY(ctl->goTo(leaves[0]).isEmpty());
    QCOMPARE(ctl->busy(), DecodingController::Work::GoTo);
    QVERIFY(!dp->stepButton()->isEnabled());
    QCOMPARE(ctl->session()->steps().size(), second.size());  // x as it was until the worker is done
    for (size_t k = 0; k < second.size(); ++k) QVERIFY(sameRecord(ctl->session()->steps()[k], second[k]));
    QVERIFY(went.wait(20000));
    QVERIFY(went.at(0).at(0).toString().isEmpty());
    QCOMPARE(ctl->session()->steps().size(), first.size());
    for (size_t k = 0; k < first.size(); ++k) QVERIFY(sameRecord(ctl->session()->steps()[k], first[k]));
    QCOMPARE(ctl->currentPath().back(), leaves[0]);
    // cancelled: x stays the first branch, and a late result is dropped
    went.clear();
    QVERIFY(ctl->goTo(leaves[1]).isEmpty());
    ctl->cancel();
    QCOMPARE(went.count(), 1);
    QVERIFY(!went.at(0).at(0).toString().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 60000);  // the cancelled worker has ended; its result was dropped
    QCOMPARE(ctl->session()->steps().size(), first.size());
    for (size_t k = 0; k < first.size(); ++k) QVERIFY(sameRecord(ctl->session()->steps()[k], first[k]));
    QCOMPARE(ctl->currentPath().back(), leaves[0]);
    ctl->setSyncBudget(DecodingController::kSyncBudget);
    // a bar of the chart clicked: that token, forced
    dp->views()->setCurrentIndex(0);
    QVERIFY(ctl->rewindTo(3));
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCoreApplication::processEvents();  // the chart's page laid out
    dp->chart()->replot();
    const int bar = dp->chartTokens().value(0);  // the tallest bar: the mouse hits it
    const QPoint at(int(dp->chart()->xAxis->coordToPixel(0.2)), int(dp->chart()->yAxis->coordToPixel(0.02)));
    QTest::mouseClick(dp->chart(), Qt::LeftButton, {}, at);
    QCOMPARE(ctl->session()->steps().size(), size_t(4));
    QCOMPARE(ctl->session()->steps().back().choice.token, bar);
    QCOMPARE(ctl->session()->steps().back().choice.how, gb::ChoiceKind::Forced);
  }

  // τ for one step only: the next token is drawn with the settings of the moment, then they go back.
  void sampler_for_one_step() {
    MainWindow w;
    DecodingPanel* dp = startDecoding(w, 0);
    QVERIFY(dp);
    dp->temperatureSlider()->setValue(20);
    dp->onceBox()->setChecked(true);
    dp->temperatureSlider()->setValue(0);  // greedy, once
    QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    QCOMPARE(dp->controller()->session()->steps().back().choice.how, gb::ChoiceKind::Argmax);
    QCOMPARE(dp->temperatureSlider()->value(), 20);
    QVERIFY(!dp->onceBox()->isChecked());
    QCOMPARE(dp->controller()->sampler().temperature, 1.0);
    QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    QCOMPARE(dp->controller()->session()->steps().back().choice.how, gb::ChoiceKind::Sampled);
  }

  // Greedy, sampling and beam search on the same input: each a branch, x as it was.
  void compare_makes_branches() {
    MainWindow w;
    DecodingPanel* dp = startDecoding(w, 1);
    QVERIFY(dp);
    DecodingController* ctl = dp->controller();
    const std::vector<int> x = ctl->session()->tokens();
    dp->views()->setCurrentWidget(dp->timelineView());
    QTest::mouseClick(dp->timelineView()->compareButton(), Qt::LeftButton);
    QCOMPARE(ctl->session()->tokens(), x);
    QString how;
    for (int leaf : ctl->branchLeaves()) how += ctl->branchHow(leaf) + QLatin1Char(';');
    QVERIFY2(how.contains("greedy") && how.contains("sampled") && how.contains("beam search"), qPrintable(how));
    // the greedy branch is the argmax at every step
    for (int leaf : ctl->branchLeaves())
      if (ctl->branchHow(leaf).contains("greedy")) {
        QVERIFY(ctl->goTo(leaf).isEmpty());
        for (size_t k = 1; k < ctl->session()->steps().size(); ++k) {
          const auto& st = ctl->session()->steps()[k];
          QCOMPARE(st.choice.token, int(std::max_element(st.logp.begin(), st.logp.end()) - st.logp.begin()));
        }
      }
  }

  // Compare on the worker (a model too large to compare at once) makes the same branches, node for node, as at
  // once; while it runs nothing changes x, and a cancelled comparison adds nothing.
  void compare_on_the_worker_makes_the_same_branches() {
    MainWindow w;
    DecodingPanel* dp = startDecoding(w, 1);
    QVERIFY(dp);
    DecodingController* ctl = dp->controller();
    dp->views()->setCurrentWidget(dp->timelineView());
    QSignalSpy finished(ctl, &DecodingController::compareFinished);
    QTest::mouseClick(dp->timelineView()->compareButton(), Qt::LeftButton);
    QCOMPARE(finished.count(), 1);  // at once
    QVERIFY(finished.at(0).at(0).toString().isEmpty());
    const std::vector<DecodingController::TimelineNode> atOnce = ctl->timeline();
    QVERIFY(atOnce.size() > 2);

    QTest::mouseClick(dp->startButton(), Qt::LeftButton);  // the same input and seed again
    QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    QCOMPARE(ctl->timeline().size(), size_t(1));
    const std::vector<int> x = ctl->session()->tokens();
    ctl->setSyncBudget(0);  // everything runs on the worker
    finished.clear();
    const qint64 heldBefore = MemoryLimit::reservedBytes();
    QTest::mouseClick(dp->timelineView()->compareButton(), Qt::LeftButton);
    QCOMPARE(ctl->busy(), DecodingController::Work::Compare);
    QVERIFY(!dp->stepButton()->isEnabled());
    QVERIFY(!dp->timelineView()->compareButton()->isEnabled());
    QVERIFY(finished.wait(20000));
    QVERIFY2(finished.at(0).at(0).toString().isEmpty(), qPrintable(finished.at(0).at(0).toString()));
    QCOMPARE(ctl->busy(), DecodingController::Work::None);
    QCOMPARE(MemoryLimit::reservedBytes(), heldBefore);  // what it held against the cap, given back with its result
    QCOMPARE(ctl->session()->tokens(), x);
    const std::vector<DecodingController::TimelineNode>& worker = ctl->timeline();
    QCOMPARE(worker.size(), atOnce.size());
    for (size_t i = 0; i < worker.size(); ++i) {
      QCOMPARE(worker[i].parent, atOnce[i].parent);
      QCOMPARE(worker[i].token, atOnce[i].token);
      QCOMPARE(worker[i].forced, atOnce[i].forced);
      QCOMPARE(worker[i].beam, atOnce[i].beam);
      QCOMPARE(worker[i].kinds, atOnce[i].kinds);
      QCOMPARE(worker[i].p, atOnce[i].p);
      QCOMPARE(worker[i].sum_logp, atOnce[i].sum_logp);
      QCOMPARE(worker[i].sampler.temperature, atOnce[i].sampler.temperature);
      const gb::Rng::State a = worker[i].rng_before.state(), b = atOnce[i].rng_before.state();
      QVERIFY(std::equal(a.s, a.s + 4, b.s) && a.has_spare == b.has_spare);
    }
    // the greedy branch is what the core's own greedy decoding from here gives
    {
      gb::DecodeSession copy = *ctl->session();
      gb::SamplerOptions greedy;
      greedy.temperature = 0;
      gb::Rng rng(1);
      QVERIFY(gb::decode_to_end(copy, greedy, rng, 200, gb::Tokenizer::kEos));
      int greedyLeaf = -1;
      for (int leaf : ctl->branchLeaves())
        if (ctl->branchHow(leaf).contains("greedy")) greedyLeaf = leaf;
      QVERIFY(greedyLeaf >= 0);
      std::vector<int> tokens;
      for (int k = greedyLeaf; k >= 0; k = worker[size_t(k)].parent) tokens.insert(tokens.begin(), worker[size_t(k)].token);
      const std::vector<int>& all = copy.tokens();
      QCOMPARE(std::vector<int>(all.end() - long(tokens.size()), all.end()), tokens);
    }
    // the sampled branch is reachable: going there draws the same tokens again
    int sampled = 0;
    for (int leaf : ctl->branchLeaves())
      if (ctl->branchHow(leaf).contains("sampled")) {
        ++sampled;
        QSignalSpy went(ctl, &DecodingController::goToFinished);
        QVERIFY(ctl->goTo(leaf).isEmpty());
        QVERIFY(went.wait(20000));  // (on the worker too)
        QVERIFY2(went.at(0).at(0).toString().isEmpty(), qPrintable(went.at(0).at(0).toString()));
        QCOMPARE(ctl->currentPath().back(), leaf);
      }
    QCOMPARE(sampled, 1);

    // cancelled: no branch added, x as it was
    QTest::mouseClick(dp->startButton(), Qt::LeftButton);
    QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    finished.clear();
    const QString err = ctl->compare(3, 1.0);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    QCOMPARE(ctl->busy(), DecodingController::Work::Compare);
    ctl->cancel();
    QCOMPARE(finished.count(), 1);
    QVERIFY(!finished.at(0).at(0).toString().isEmpty());
    QCOMPARE(ctl->timeline().size(), size_t(1));
    QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 60000);  // the cancelled worker has ended: its result was dropped
    QCOMPARE(ctl->timeline().size(), size_t(1));
  }

  // The Algorithm tab opens an attention line up: the head's Q, K, V, KᵀQ, scaled scores, mask, weights and
  // output are the stepper's record of that head; hovering a weight gives the numbers that made it; a norm line
  // shows the stepper's column means and variances.
  void algorithm_tab_opens_attention_up() {
    MainWindow w;
    w.show();
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    auto* ap = w.findChild<AlgorithmPanel*>(QStringLiteral("algorithmTab"));
    for (int i = 0; i < w.tabs()->count(); ++i)
      if (w.tabs()->widget(i)->isAncestorOf(ap)) w.tabs()->setCurrentIndex(i);
    QVERIFY(ap->inputBox()->count() > 0);
    ap->inputBox()->setCurrentIndex(0);  // a validation example: x is its target, several tokens
    QTest::mouseClick(ap->startButton(), Qt::LeftButton);
    const gb::Stepper* s = ap->controller()->stepper();
    QVERIFY(s);
    QVERIFY(ap->controller()->targetTokens().size() > 2);
    int attentionLines = 0, normLines = 0;
    while (!s->at_end()) {
      QTest::mouseClick(ap->nextButton(), Qt::LeftButton);
      const gb::StepRecord& r = s->records().back();
      if (r.attention) {
        ++attentionLines;
        QCOMPARE(ap->detailTabs()->currentIndex(), 1);  // inside the line, at once
        AttentionOpenedView* v = ap->openedView();
        QVERIFY(v->isVisible());
        for (int head = 0; head < int(r.attention->heads.size()); ++head) {
          v->headBox()->setValue(head + 1);
          QCOMPARE(v->head(), head);
          const gb::HeadRecord& h = r.attention->heads[size_t(head)];
          QVERIFY(v->view(AttentionOpenedView::Q)->matrix() == h.Q);
          QVERIFY(v->view(AttentionOpenedView::K)->matrix() == h.K);
          QVERIFY(v->view(AttentionOpenedView::V)->matrix() == h.V);
          QVERIFY(v->view(AttentionOpenedView::Dots)->matrix() == h.dots);
          QVERIFY(v->view(AttentionOpenedView::Scaled)->matrix() == h.S);
          QVERIFY(v->view(AttentionOpenedView::Mask)->matrix() == h.mask);
          QVERIFY(v->view(AttentionOpenedView::Weights)->matrix() == h.A);
          QVERIFY(v->view(AttentionOpenedView::Output)->matrix() == h.Y);
        }
        // hovering a weight: its dot product, the scaling, exp(s − max), the denominator and the weight itself
        const gb::HeadRecord& h = r.attention->heads.back();
        const QLocale l;
        const QString hover = v->view(AttentionOpenedView::Weights)->hoverText(0, int(h.A.cols()) - 1);
        QVERIFY2(hover.contains(l.toString(double(h.dots(0, h.A.cols() - 1)), 'g', 5)), qPrintable(hover));
        QVERIFY2(hover.contains(l.toString(double(h.col_sum(h.A.cols() - 1)), 'g', 5)), qPrintable(hover));
        QVERIFY2(hover.contains(l.toString(double(h.A(0, h.A.cols() - 1)), 'g', 5)), qPrintable(hover));
        if (r.attention->kind == gb::AttentionRecord::Kind::Causal) {
          // a masked weight says so; the query says which token it reads and which it predicts
          QVERIFY2(v->view(AttentionOpenedView::Weights)->hoverText(1, 0).contains("masked"), qPrintable(v->view(AttentionOpenedView::Weights)->hoverText(1, 0)));
          const QString reads = v->view(AttentionOpenedView::Weights)->hoverText(0, 0);
          QVERIFY2(reads.contains(QStringLiteral("reads “%1” and predicts “%2”")
                                      .arg(ap->controller()->targetTokens().value(0),
                                           ap->controller()->targetTokens().value(1))),
                   qPrintable(reads));
        }
      } else if (r.mean.size() > 0) {
        ++normLines;
        QCOMPARE(ap->detailTabs()->currentIndex(), 1);
        QTableWidget* t = ap->normStatsTable();
        QVERIFY(t->isVisible());
        QCOMPARE(t->columnCount(), int(r.mean.size()));
        for (int j = 0; j < t->columnCount(); ++j) {
          QCOMPARE(t->item(0, j)->text(), numberText(double(r.mean(j)), 4));
          QCOMPARE(t->item(1, j)->text(), numberText(double(r.var(j)), 4));
        }
      } else {
        QCOMPARE(ap->detailTabs()->currentIndex(), 0);  // another line: its result
        QVERIFY(!ap->detailTabs()->isTabEnabled(1));
      }
    }
    const gb::Config& c = w.document()->config();
    QCOMPARE(attentionLines, c.enc_layers + 2 * c.dec_layers);
    QVERIFY(normLines > 0);
  }

  // The Attention tab: the map says what a column is (column j reads x_j and predicts x_{j+1}), and the chosen
  // layer and head opened up are the trace's record of that head.
  void attention_tab_says_what_a_column_is_and_opens_up() {
    MainWindow w;
    w.show();
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
    auto* at = w.findChild<AttentionPanel*>(QStringLiteral("attentionTab"));
    for (int i = 0; i < w.tabs()->count(); ++i)
      if (w.tabs()->widget(i)->isAncestorOf(at)) w.tabs()->setCurrentIndex(i);
    at->probeBox()->setCurrentIndex(0);
    QTRY_VERIFY_WITH_TIMEOUT(at->tracer()->hasTrace() && at->large()->isVisible(), 20000);
    // the decoder's causal self-attention, layer 1, head 2
    at->kindBox()->setCurrentIndex(at->kindBox()->findData(int(gb::AttentionRecord::Kind::Causal)));
    at->layerBox()->setValue(1);
    at->headBox()->setCurrentIndex(1);
    const gb::Example& e = at->tracer()->example();
    const gb::Tokenizer* tok = w.document()->tokenizerForModel();
    QVERIFY(e.x.size() > 2);
    auto text = [&](int id) { return QString::fromStdString(tok->display(id)); };
    const QString hover = at->large()->hoverText(0, 1);
    QVERIFY2(hover.contains(QStringLiteral("column 2 reads “%1” and predicts “%2”").arg(text(e.x[1]), text(e.x[2]))),
             qPrintable(hover));
    // the encoder's columns predict nothing
    at->kindBox()->setCurrentIndex(at->kindBox()->findData(int(gb::AttentionRecord::Kind::Bidirectional)));
    QVERIFY(!at->large()->hoverText(0, 0).contains("predicts"));
    at->kindBox()->setCurrentIndex(at->kindBox()->findData(int(gb::AttentionRecord::Kind::Causal)));
    at->headBox()->setCurrentIndex(1);
    // opened up: the record of layer 1, head 2
    at->belowTabs()->setCurrentWidget(at->openedView());
    QVERIFY(at->openedView()->isVisible());
    const gb::AttentionRecord* rec = nullptr;
    for (const auto& r : at->tracer()->trace())
      if (r.attention && r.attention->kind == gb::AttentionRecord::Kind::Causal && !rec) rec = &*r.attention;
    QVERIFY(rec);
    const gb::HeadRecord& h = rec->heads[1];
    AttentionOpenedView* v = at->openedView();
    QCOMPARE(v->head(), 1);
    QVERIFY(v->view(AttentionOpenedView::Q)->matrix() == h.Q);
    QVERIFY(v->view(AttentionOpenedView::K)->matrix() == h.K);
    QVERIFY(v->view(AttentionOpenedView::Dots)->matrix() == h.dots);
    QVERIFY(v->view(AttentionOpenedView::Scaled)->matrix() == h.S);
    QVERIFY(v->view(AttentionOpenedView::Weights)->matrix() == h.A);
    QVERIFY(v->view(AttentionOpenedView::Weights)->matrix() == at->large()->weights());
    QVERIFY(v->view(AttentionOpenedView::Output)->matrix() == h.Y);
    // another head follows the tab's choice
    at->headBox()->setCurrentIndex(0);
    QVERIFY(v->view(AttentionOpenedView::Weights)->matrix() == rec->heads[0].A);
  }

  // The mask editor: a prefix-LM mask, then a cell drawn: the weights shown are the core's under that mask, and in
  // the first decoder layer they change exactly in the columns whose mask changed.
  void mask_editor_changes_weights_where_the_mask_changes() {
    MainWindow w;
    MaskEditor* ed = openMaskEditor(w);
    QVERIFY(ed);
    QVERIFY(ed->isVisible());
    ed->probeBox()->setCurrentIndex(0);
    QVERIFY(!ed->causalTrace().empty());
    const int n = int(ed->mask().rows());
    QVERIFY(n > 3);
    auto firstLayer = [](const std::vector<gb::StepRecord>& t) -> const gb::AttentionRecord* {
      for (const auto& r : t)
        if (r.attention && r.attention->kind == gb::AttentionRecord::Kind::Causal) return &*r.attention;
      return nullptr;
    };
    ed->layerBox()->setValue(1);
    ed->headBox()->setValue(1);
    auto check = [&](const gb::MatF& expected) {
      QVERIFY(ed->mask() == expected);
      const gb::AttentionRecord* a = firstLayer(ed->maskedTrace());
      const gb::AttentionRecord* b = firstLayer(ed->causalTrace());
      QVERIFY(a && b);
      QVERIFY(ed->weightsView()->matrix() == a->heads[0].A);
      QVERIFY(ed->causalWeightsView()->matrix() == b->heads[0].A);
      const gb::MatF causal = gb::mask_matrix(gb::AttentionMask{1, n, n, true, nullptr}, 0);
      int changed = 0;
      for (int tx = 0; tx < n; ++tx) {
        const bool same = expected.col(tx) == causal.col(tx);
        for (const auto& h : a->heads) {
          const auto& h0 = b->heads[size_t(&h - &a->heads[0])];
          QCOMPARE(h.A.col(tx) == h0.A.col(tx), same);
          for (int tz = 0; tz < n; ++tz)
            if (expected(tz, tx) == 0) QCOMPARE(h.A(tz, tx), 0.0f);
        }
        changed += same ? 0 : 1;
      }
      QVERIFY(changed > 0);
    };
    ed->sizeBox()->setValue(3);
    ed->kindBox()->setCurrentIndex(ed->kindBox()->findData(int(MaskEditor::Kind::PrefixLm)));
    check(gb::prefix_lm_mask(n, 3));
    ed->kindBox()->setCurrentIndex(ed->kindBox()->findData(int(MaskEditor::Kind::SlidingWindow)));
    check(gb::sliding_window_mask(n, 3));
    // a cell clicked on the mask: from M_uni, column 2 may no longer read position 0
    ed->kindBox()->setCurrentIndex(ed->kindBox()->findData(int(MaskEditor::Kind::Causal)));
    QCoreApplication::processEvents();
    MatrixView* mv = ed->maskView();
    mv->plot()->replot();
    const QPoint cell(int(mv->plot()->xAxis->coordToPixel(2)), int(mv->plot()->yAxis->coordToPixel(0)));
    QTest::mouseClick(mv->plot(), Qt::LeftButton, {}, cell);
    QCOMPARE(MaskEditor::Kind(ed->kindBox()->currentData().toInt()), MaskEditor::Kind::Drawn);
    gb::MatF drawn = gb::mask_matrix(gb::AttentionMask{1, n, n, true, nullptr}, 0);
    drawn(0, 2) = 0;
    check(drawn);
    QVERIFY(!ed->predictionsLabel()->text().isEmpty());
  }

  // The mask editor on the worker (a model too large to trace at once): the weights shown are the core's for the
  // probe and the mask, a typed probe is decoded there first, Cancel leaves nothing half-made.
  void mask_editor_traces_on_the_worker() {
    MainWindow w;
    MaskEditor* ed = openMaskEditor(w);
    QVERIFY(ed);
    ed->setSyncBudget(0);
    QSignalSpy traced(ed, &MaskEditor::traced);
    auto coreTraces = [&](const QString& probeText, const gb::MatF& mask) {
      const ModelDocument* doc = w.document();
      auto probe = doc->probeText(probeText);
      auto e = gb::probe_example(doc->config(), doc->params(), *doc->tokenizerForModel(), *probe);
      auto masked = gb::trace_forward_masked(doc->config(), doc->params(), *e, mask);
      return std::make_pair(*e, std::move(*masked));
    };
    auto sameWeights = [](const std::vector<gb::StepRecord>& a, const std::vector<gb::StepRecord>& b) {
      if (a.size() != b.size() || a.empty()) return false;
      for (size_t i = 0; i < a.size(); ++i) {
        if (!(a[i].value == b[i].value)) return false;
        if (bool(a[i].attention) != bool(b[i].attention)) return false;
        if (a[i].attention)
          for (size_t h = 0; h < a[i].attention->heads.size(); ++h)
            if (!(a[i].attention->heads[h].A == b[i].attention->heads[h].A)) return false;
      }
      return true;
    };
    // a probe whose target the model decodes first (not in the data): both on the worker
    QVERIFY(w.document()->probeText(QStringLiteral("hello"))->decodes());
    ed->probeBox()->setCurrentText(QStringLiteral("hello"));
    QVERIFY(ed->busy());
    QVERIFY(ed->cancelButton()->isVisible());
    QVERIFY(traced.wait(20000));
    QVERIFY(!ed->busy());
    QVERIFY(!ed->cancelButton()->isVisible());
    const int n = int(ed->mask().rows());
    {
      auto [e, masked] = coreTraces(QStringLiteral("hello"), gb::mask_matrix(gb::AttentionMask{1, n, n, true, nullptr}, 0));
      QVERIFY(e.x.size() == size_t(n) && n > 2);
      QVERIFY(sameWeights(ed->maskedTrace(), masked));
      QVERIFY(sameWeights(ed->causalTrace(), gb::trace_forward(w.document()->config(), w.document()->params(), e)));
    }
    // another mask: traced on the worker again, the weights the core's under it
    traced.clear();
    ed->sizeBox()->setValue(2);
    ed->kindBox()->setCurrentIndex(ed->kindBox()->findData(int(MaskEditor::Kind::SlidingWindow)));
    QVERIFY(ed->busy());
    QVERIFY(traced.wait(20000));
    QVERIFY(ed->mask() == gb::sliding_window_mask(n, 2));
    {
      auto [e, masked] = coreTraces(QStringLiteral("hello"), gb::sliding_window_mask(n, 2));
      QVERIFY(sameWeights(ed->maskedTrace(), masked));
      ed->layerBox()->setValue(1);
      ed->headBox()->setValue(1);
      const gb::AttentionRecord* first = nullptr;
      for (const auto& r : masked)
        if (!first && r.attention && r.attention->kind == gb::AttentionRecord::Kind::Causal) first = &*r.attention;
      QVERIFY(first && ed->weightsView()->matrix() == first->heads[0].A);
    }
    // cancelled: nothing shown for the new mask, a message, and a late result is dropped
    traced.clear();
    ed->kindBox()->setCurrentIndex(ed->kindBox()->findData(int(MaskEditor::Kind::PrefixLm)));
    QVERIFY(ed->busy());
    QTest::mouseClick(ed->cancelButton(), Qt::LeftButton);
    QVERIFY(!ed->busy());
    QCOMPARE(traced.count(), 1);
    QVERIFY(ed->infoLabel()->text().contains(QStringLiteral("cancelled")));
    QTRY_COMPARE_WITH_TIMEOUT(workers::alive(), 0, 60000);  // the cancelled worker has ended: its result was dropped
    QVERIFY(ed->maskedTrace().empty());
    QVERIFY(ed->infoLabel()->text().contains(QStringLiteral("cancelled")));
    // another mask while a probe is still being decoded: the result comes with the mask set last
    traced.clear();
    QVERIFY(w.document()->probeText(QStringLiteral("world"))->decodes());
    ed->probeBox()->setCurrentText(QStringLiteral("world"));
    QVERIFY(ed->busy());
    ed->kindBox()->setCurrentIndex(ed->kindBox()->findData(int(MaskEditor::Kind::SlidingWindow)));
    QVERIFY(ed->busy());  // (still the same work)
    QVERIFY(traced.wait(20000));
    QTRY_VERIFY(!ed->busy() && !ed->maskedTrace().empty());
    const int m = int(ed->mask().rows());
    QVERIFY(ed->mask() == gb::sliding_window_mask(m, 2));
    {
      auto [e, masked] = coreTraces(QStringLiteral("world"), gb::sliding_window_mask(m, 2));
      QVERIFY(sameWeights(ed->maskedTrace(), masked));
    }
    // cancelled while decoding, then another mask: decoded and traced again
    traced.clear();
    ed->probeBox()->setCurrentText(QStringLiteral("hello"));
    QVERIFY(ed->busy());
    QTest::mouseClick(ed->cancelButton(), Qt::LeftButton);
    ed->kindBox()->setCurrentIndex(ed->kindBox()->findData(int(MaskEditor::Kind::PrefixLm)));
    QVERIFY(ed->busy());
    QTRY_VERIFY_WITH_TIMEOUT(!ed->busy() && !ed->maskedTrace().empty(), 20000);
    QVERIFY(ed->mask() == gb::prefix_lm_mask(n, 2));
  }

  // Newer parameters while a probe's continuation is decoded on the worker (training publishes them), and the mask
  // changed meanwhile: the maps end up as the newest parameters' — the continuation decoded again with them — under
  // the mask set last; the maps shown meanwhile stay those of the traces they came with.
  void mask_editor_follows_newer_parameters() {
    MainWindow w;
    MaskEditor* ed = openMaskEditor(w);
    QVERIFY(ed);
    ed->setSyncBudget(0);
    ModelDocument* doc = w.document();
    auto same = [](const gb::MatF& a, const gb::MatF& b) {
      return a.rows() == b.rows() && a.cols() == b.cols() && a == b;
    };
    QVERIFY(doc->probeText(QStringLiteral("hello"))->decodes());
    ed->probeBox()->setCurrentText(QStringLiteral("hello"));
    QTRY_VERIFY_WITH_TIMEOUT(!ed->busy() && !ed->maskedTrace().empty(), 20000);
    const std::vector<gb::StepRecord> first = ed->maskedTrace();
    // another probe's continuation on its way; newer parameters arrive; then newer ones again with another mask
    ed->probeBox()->setCurrentText(QStringLiteral("world"));
    QVERIFY(ed->busy());
    const auto newer = std::make_shared<const gb::Params<float>>(gb::params_init(doc->config(), 77));
    doc->setParams(newer);  // as a training run's publication: the same model, newer parameters
    QVERIFY(ed->busy());
    ed->sizeBox()->setValue(2);
    ed->kindBox()->setCurrentIndex(ed->kindBox()->findData(int(MaskEditor::Kind::SlidingWindow)));
    QTRY_VERIFY_WITH_TIMEOUT(!ed->busy() && !ed->maskedTrace().empty(), 30000);
    QVERIFY(doc->sharedParams() == newer);
    const gb::Example e = *gb::probe_example(doc->config(), *newer, *doc->tokenizerForModel(),
                                             *doc->probeText(QStringLiteral("world")));
    const int n = int(e.x.size());
    QCOMPARE(int(ed->mask().rows()), n);
    QVERIFY(ed->mask() == gb::sliding_window_mask(n, 2));
    auto masked = gb::trace_forward_masked(doc->config(), *newer, e, gb::sliding_window_mask(n, 2));
    QVERIFY(masked);
    QCOMPARE(ed->maskedTrace().size(), masked->size());
    for (size_t i = 0; i < masked->size(); ++i) QVERIFY(same(ed->maskedTrace()[i].value, (*masked)[i].value));
    QVERIFY(!same(ed->maskedTrace().back().value, first.back().value));
    // newer parameters of the same probe: the maps stay (the same records) until the new traces replace them
    const std::vector<gb::StepRecord> before = ed->maskedTrace();
    doc->setParams(std::make_shared<const gb::Params<float>>(gb::params_init(doc->config(), 78)));
    QVERIFY(ed->busy());
    QCOMPARE(ed->maskedTrace().size(), before.size());
    QVERIFY(same(ed->maskedTrace().back().value, before.back().value));
    QVERIFY(ed->weightsView()->matrix().size() > 0);
    ed->headBox()->setValue(2);  // another head meanwhile: drawn from the traces shown
    QVERIFY(ed->weightsView()->matrix().size() > 0);
    QTRY_VERIFY_WITH_TIMEOUT(!ed->busy(), 30000);
    QVERIFY(!ed->maskedTrace().empty() && !same(ed->maskedTrace().back().value, before.back().value));
  }

  // Presenting the mask editor: the presenter's keys step its masks (the strip says which) — not the examples of
  // the hidden page of the seeds' masks, which they step again when that page is shown.
  void presenter_keys_step_the_mask_editors_masks() {
    MainWindow w;
    MaskEditor* ed = openMaskEditor(w);
    QVERIFY(ed);
    auto* mp = w.findChild<MasksPanel*>(QStringLiteral("masksTab"));
    std::unique_ptr<QWidget> strip(mp->makePresenterStrip(nullptr));
    auto* where = strip->findChild<QLabel*>();
    QVERIFY(where);
    auto buttonTexts = [&] {
      QStringList t;
      for (QPushButton* b : strip->findChildren<QPushButton*>()) t << b->text();
      return t;
    };
    QComboBox* kinds = ed->kindBox();
    QCOMPARE(kinds->currentIndex(), 0);
    QVERIFY(where->text().contains(kinds->itemText(0)));
    QVERIFY(buttonTexts().contains(QStringLiteral("Next mask")));
    const int example = mp->exampleBox()->value();
    QVERIFY(!mp->presentBack());  // the first mask already
    QVERIFY(mp->presentNext());
    QCOMPARE(kinds->currentIndex(), 1);
    QCOMPARE(MaskEditor::Kind(kinds->currentData().toInt()), MaskEditor::Kind::PrefixLm);
    QVERIFY(where->text().contains(kinds->itemText(1)));
    QTRY_VERIFY(!ed->busy() && !ed->maskedTrace().empty());
    const int n = int(ed->mask().rows());
    QVERIFY(ed->mask() == gb::prefix_lm_mask(n, ed->sizeBox()->value()));  // traced under it
    QVERIFY(mp->presentLast());
    QCOMPARE(kinds->currentIndex(), kinds->count() - 1);
    QVERIFY(!mp->presentNext());
    QVERIFY(mp->presentFirst());
    QCOMPARE(kinds->currentIndex(), 0);
    QCOMPARE(mp->exampleBox()->value(), example);  // the hidden page did not move
    // the seeds' masks shown: the keys step the batch's examples again
    mp->pages()->setCurrentIndex(0);
    QVERIFY(where->text().contains(QString::number(example)));
    QVERIFY(buttonTexts().contains(QStringLiteral("Next example")));
    if (mp->exampleBox()->maximum() > example) {
      QVERIFY(mp->presentNext());
      QCOMPARE(mp->exampleBox()->value(), example + 1);
      QCOMPARE(kinds->currentIndex(), 0);
    }
  }

  // Both variants side by side: the same pairs, both trained the steps asked for, alternating; what is shown is the
  // core's (parameter counts, greedy decodings, the probe's attention records).
  void compare_trains_both_variants_on_the_same_pairs() {
    MainWindow w;
    w.show();
    auto* cp = w.findChild<ComparePanel*>(QStringLiteral("compareTab"));
    QVERIFY(cp);
    for (int i = 0; i < w.tabs()->count(); ++i)
      if (w.tabs()->widget(i)->isAncestorOf(cp)) w.tabs()->setCurrentIndex(i);
    QCOMPARE(w.document()->taskName(), QStringLiteral("reverse"));
    cp->stepsBox()->setValue(12);
    QSignalSpy done(cp->controller(), &CompareController::finished);
    QTest::mouseClick(cp->startButton(), Qt::LeftButton);
    QVERIFY(done.wait(120000));
    QVERIFY2(done.first().first().toString().isEmpty(), qPrintable(done.first().first().toString()));
    const auto& r = cp->controller()->result();
    QVERIFY(r.has_value());
    // the default choice: the two transformers, in the registry's order
    QCOMPARE(r->sides.size(), size_t(2));
    QVERIFY(r->side(gb::Variant::EncoderDecoder) && r->side(gb::Variant::DecoderOnly));
    const CompareController::Side& ed = *r->side(gb::Variant::EncoderDecoder);
    const CompareController::Side& d = *r->side(gb::Variant::DecoderOnly);
    // the same data, laid out each variant's way
    QVERIFY(!ed.trainPairs.empty());
    QCOMPARE(ed.trainPairs.size(), d.trainPairs.size());
    for (size_t i = 0; i < ed.trainPairs.size(); ++i) {
      QCOMPARE(ed.trainPairs[i].source, d.trainPairs[i].source);
      QCOMPARE(ed.trainPairs[i].target, d.trainPairs[i].target);
    }
    QVERIFY(ed.config.is_ed() && !d.config.is_ed());
    QCOMPARE(ed.config.d_e, d.config.d_e);
    QCOMPARE(ed.config.heads, d.config.heads);
    // each trained the steps asked for, from the same initial loss region (both start near log |V|)
    QCOMPARE(ed.losses.size(), size_t(12));
    QCOMPARE(d.losses.size(), size_t(12));
    for (double l : ed.losses) QVERIFY(std::isfinite(l));
    for (double l : d.losses) QVERIFY(std::isfinite(l));
    QCOMPARE(cp->lossPlot()->graph(0)->dataCount(), 12);
    QCOMPARE(cp->lossPlot()->graph(1)->dataCount(), 12);
    // the figures shown are the core's
    QCOMPARE(ed.parameterCount, gb::params_count(ed.config));
    QCOMPARE(d.parameterCount, gb::params_count(d.config));
    QVERIFY(cp->summaryLabel()->text().contains(QLocale().toString(qlonglong(ed.parameterCount))));
    QCOMPARE(ed.greedy, gb::greedy_text(ed.config, ed.params, ed.tokenizer, r->input));
    QCOMPARE(d.greedy, gb::greedy_text(d.config, d.params, d.tokenizer, r->input));
    // the attention: the encoder-decoder's last cross-attention and the decoder-only model's last self-attention
    const gb::AttentionRecord *cross = nullptr, *causal = nullptr;
    for (const auto& rec : ed.trace)
      if (rec.attention && rec.attention->kind == gb::AttentionRecord::Kind::Cross) cross = &*rec.attention;
    for (const auto& rec : d.trace)
      if (rec.attention && rec.attention->kind == gb::AttentionRecord::Kind::Causal) causal = &*rec.attention;
    QVERIFY(cross && causal);
    QVERIFY(cp->crossMap()->weights() == cross->heads[0].A);
    QVERIFY(cp->causalMap()->weights() == causal->heads[0].A);
    // another head of the last layer: both maps show that head's record
    QCOMPARE(cp->headBox()->maximum(), ed.config.heads);
    QVERIFY(ed.config.heads > 1);
    cp->headBox()->setValue(2);
    QVERIFY(cp->crossMap()->weights() == cross->heads[1].A);
    QVERIFY(cp->causalMap()->weights() == causal->heads[1].A);
    QVERIFY(!(cross->heads[1].A == cross->heads[0].A));
    // the decoder-only model reads source>target as one sequence: longer than the encoder-decoder's x
    QVERIFY(d.probe.x.size() > ed.probe.x.size());
    QVERIFY(d.probe.z.empty() && !ed.probe.z.empty());
    // the family chosen in the Model dock joins the comparison; the others stay as they were
    QVERIFY(!cp->familyBox(gb::Variant::Hmm)->isChecked());
    w.document()->setVariant(gb::Variant::Hmm);
    QVERIFY(cp->familyBox(gb::Variant::Hmm)->isChecked());
    QVERIFY(cp->familyBox(gb::Variant::EncoderDecoder)->isChecked());
    QVERIFY(cp->familyBox(gb::Variant::DecoderOnly)->isChecked());
    QVERIFY(!cp->familyBox(gb::Variant::Rnn)->isChecked());
  }

  // File → New during "Train both", and another task after it: the comparison of the old task is put away (the run
  // cancelled, the result forgotten and hidden) — never shown beside "No data yet" or another task.
  void compare_follows_the_task() {
    MainWindow w;
    w.setUnsavedQuestion([] { return int(QMessageBox::Discard); });
    w.show();
    auto* cp = w.findChild<ComparePanel*>(QStringLiteral("compareTab"));
    QVERIFY(cp);
    for (int i = 0; i < w.tabs()->count(); ++i)
      if (w.tabs()->widget(i)->isAncestorOf(cp)) w.tabs()->setCurrentIndex(i);
    cp->stepsBox()->setValue(100000);  // far longer than the test
    QSignalSpy done(cp->controller(), &CompareController::finished);
    QTest::mouseClick(cp->startButton(), Qt::LeftButton);
    QVERIFY(cp->controller()->running());
    QCOMPARE(cp->controller()->runningTask(), QStringLiteral("reverse"));
    QVERIFY(w.newModel());  // no data now
    QVERIFY(w.document()->taskName().isEmpty());
    QTRY_VERIFY_WITH_TIMEOUT(!cp->controller()->running(), 30000);
    QVERIFY(done.isEmpty());  // nothing arrives from the cancelled run
    QVERIFY(!cp->controller()->result());
    QVERIFY(!cp->lossPlot()->isVisibleTo(cp));
    // a short comparison of reverse, then another task: the result goes with it
    auto* box = w.dataPanel()->taskBox();
    box->setCurrentIndex(box->findData(QStringLiteral("reverse")));
    QTest::mouseClick(w.dataPanel()->loadButton(), Qt::LeftButton);  // (the box still reads the task New unloaded)
    QTRY_COMPARE_WITH_TIMEOUT(w.document()->taskName(), QStringLiteral("reverse"), 30000);
    cp->stepsBox()->setValue(3);
    QTest::mouseClick(cp->startButton(), Qt::LeftButton);
    QVERIFY(done.wait(120000));
    QVERIFY(cp->controller()->result().has_value());
    QVERIFY(cp->lossPlot()->isVisibleTo(cp));
    box->setCurrentIndex(box->findData(QStringLiteral("sort")));
    QVERIFY(!cp->controller()->result());
    QVERIFY(!cp->lossPlot()->isVisibleTo(cp));
    QVERIFY(!cp->summaryLabel()->isVisibleTo(cp));
    // the same task again (reloaded) keeps a comparison of it
    QTest::mouseClick(cp->startButton(), Qt::LeftButton);
    QVERIFY(done.wait(120000));
    QVERIFY(cp->controller()->result().has_value());
    QCOMPARE(cp->controller()->result()->task, QStringLiteral("sort"));
  }

  // Any families on one task (issue "The history"): each chosen family trained the steps asked for (EM: at most as
  // many iterations), on the same pairs laid out its own way; what the tab shows is the core's — parameter counts,
  // validation loss (gb::evaluate on the same validation pairs), greedy decodings; one curve each.
  void compare_any_families_on_a_task() {
    MainWindow w;
    w.show();
    auto* cp = w.findChild<ComparePanel*>(QStringLiteral("compareTab"));
    QVERIFY(cp);
    QCOMPARE(w.document()->taskName(), QStringLiteral("reverse"));
    const std::vector<gb::Variant> chosen = {gb::Variant::DecoderOnly, gb::Variant::Bigram, gb::Variant::Rnn,
                                             gb::Variant::Hmm, gb::Variant::RnnSeq2Seq};
    for (const gb::FamilyInfo& f : gb::families()) {  // every family of the window that predicts tokens is offered
      QCheckBox* box = cp->familyBox(f.variant);
      QCOMPARE(box != nullptr, f.in_window && f.predicts_tokens());
      if (box) QVERIFY(!box->accessibleName().isEmpty());
    }
    cp->familyBox(gb::Variant::EncoderDecoder)->setChecked(false);
    for (gb::Variant v : chosen) cp->familyBox(v)->setChecked(true);
    QCOMPARE(cp->chosenFamilies().size(), chosen.size());
    cp->stepsBox()->setValue(6);
    cp->emIterationsBox()->setValue(4);
    QSignalSpy done(cp->controller(), &CompareController::finished);
    QTest::mouseClick(cp->startButton(), Qt::LeftButton);
    QVERIFY(done.wait(120000));
    QVERIFY2(done.first().first().toString().isEmpty(), qPrintable(done.first().first().toString()));
    const auto& r = cp->controller()->result();
    QVERIFY(r.has_value());
    QCOMPARE(r->sides.size(), chosen.size());
    QCOMPARE(cp->lossPlot()->graphCount(), int(chosen.size()));
    const CompareController::Sizes sizes = CompareController::sizesFor(QStringLiteral("reverse"));
    auto info = gb::find_task("reverse");
    QVERIFY(info.ok());
    for (size_t k = 0; k < r->sides.size(); ++k) {
      const CompareController::Side& s = r->sides[k];
      const gb::Variant v = s.config.variant;
      QVERIFY(r->side(v) == &s);
      // the same pairs for every family
      QCOMPARE(s.trainPairs.size(), r->sides.front().trainPairs.size());
      QCOMPARE(s.trainPairs.front().source, r->sides.front().trainPairs.front().source);
      // its steps: the gradient families all of them, EM its iterations (fewer if it converged)
      if (gb::family(v).trained_by == gb::TrainedBy::Em) {
        QVERIFY(!s.losses.empty() && s.losses.size() <= 4);
      } else {
        QCOMPARE(s.losses.size(), size_t(6));
      }
      QCOMPARE(cp->lossPlot()->graph(int(k))->dataCount(), int(s.losses.size()));
      QVERIFY(cp->lossPlot()->graph(int(k))->name().startsWith(familyTitle(v)));
      // the same budget: the RNNs take d_e from the task and the largest d_h whose parameters do not outnumber the
      // transformer's that reads the data as they do; the HMM K from the request
      const bool att = s.config.attention == gb::RnnAttention::Additive;
      const gb::Config expected = CompareController::configFor(v, s.tokenizer.size(), s.config.max_len, sizes, att);
      for (const gb::SizeSpec& spec : gb::family(v).sizes)
        QCOMPARE(gb::config_size(s.config, spec.field), gb::config_size(expected, spec.field));
      if (gb::family(v).recurrent_cell) {
        const gb::Variant tv = gb::family(v).reads_source ? gb::Variant::EncoderDecoder : gb::Variant::DecoderOnly;
        const int64_t budget = gb::params_count(CompareController::configFor(tv, s.tokenizer.size(), s.config.max_len, sizes));
        gb::Config bigger = s.config;
        ++bigger.d_hidden;
        QVERIFY(s.config.d_e == sizes.dE && gb::params_count(s.config) <= budget && gb::params_count(bigger) > budget);
        qInfo("%s: d_h = %d, %lld parameters (the transformer's: %lld)", qPrintable(CompareController::title(s.config)),
              s.config.d_hidden, static_cast<long long>(gb::params_count(s.config)), static_cast<long long>(budget));
      }
      if (v == gb::Variant::Hmm) QCOMPARE(gb::config_size(s.config, gb::SizeField::States), sizes.states);
      QCOMPARE(s.parameterCount, gb::params_count(s.config));
      QVERIFY(cp->summaryLabel()->text().contains(QLocale().toString(qlonglong(s.parameterCount))));
      QVERIFY(s.msPerStep > 0);
      // validation loss: the core's, on the same 50 validation pairs laid out this family's way
      gb::PrepareOptions o;
      o.variant = v;
      auto data = gb::prepare_task("reverse", std::min(info->train_size, 4000), 300, 0, o);
      QVERIFY(data.ok());
      const gb::EvalReport e = gb::evaluate(s.config, s.params, data->val);
      QCOMPARE(s.validationLoss, e.loss);
      QVERIFY(std::isfinite(s.validationLoss) && s.validationLoss > 0);
      QCOMPARE(s.greedy, gb::greedy_text(s.config, s.params, s.tokenizer, r->input));
      QVERIFY(cp->summaryLabel()->text().contains(QLocale().toString(s.validationLoss, 'f', 3)));
      // exact match against the source's length: the core's exact_match of each length's validation pairs
      int counted = 0;
      QCOMPARE(cp->exactPlot()->graph(int(k))->dataCount(), int(s.exactByLength.size()));
      for (size_t i = 0; i < s.exactByLength.size(); ++i) {
        const auto& at = s.exactByLength[i];
        std::vector<gb::TextPair> group;
        for (const gb::TextPair& p : data->val_pairs)
          if (int(s.tokenizer.encode(p.source).ids.size()) == at.length) group.push_back(p);
        QCOMPARE(at.pairs, int(group.size()));
        QCOMPARE(at.exact, gb::exact_match(s.config, s.params, s.tokenizer, group));
        QCOMPARE(cp->exactPlot()->graph(int(k))->data()->at(int(i))->value, at.exact);
        counted += at.pairs;
      }
      QCOMPARE(counted, int(data->val_pairs.size()));
      QVERIFY(s.exactByLength.size() >= 5);  // reverse: sources of 3 to 8 letters
      // the recurrence: a step's measured time at each timed length, and the steps one after another — a token each
      // for the recurrent families (<bos> n > n <eos>, or z = n and x = <bos> n <eos>), a layer each for a transformer
      QCOMPARE(s.timeByLength.size(), std::size(CompareController::kTimedLengths));
      QCOMPARE(cp->timePlot()->graph(int(k))->dataCount(), int(s.timeByLength.size()));
      for (size_t i = 0; i < s.timeByLength.size(); ++i) {
        const auto& at = s.timeByLength[i];
        const int n = CompareController::kTimedLengths[i];
        QCOMPARE(at.length, n);
        QVERIFY(at.ms > 0);
        const int expected = v == gb::Variant::DecoderOnly ? s.config.dec_layers
                             : v == gb::Variant::Bigram    ? 1
                             : v == gb::Variant::RnnSeq2Seq ? n + (n + 2)
                                                            : 2 * n + 3;
        QCOMPARE(at.sequential, expected);
      }
    }
    // only the decoder-only model's map: no encoder-decoder was compared
    QVERIFY(!cp->crossMap()->isVisibleTo(cp) && cp->causalMap()->isVisibleTo(cp));
    // the choice is part of a beat's view state, and comes back from it
    const QJsonObject state = cp->viewState();
    QCOMPARE(state.value(QStringLiteral("families")).toArray().size(), qsizetype(chosen.size()));
    QCOMPARE(state.value(QStringLiteral("em_iterations")).toInt(), 4);
    cp->setChosenFamilies({gb::Variant::EncoderDecoder});
    QCOMPARE(cp->chosenFamilies(), std::vector<gb::Variant>{gb::Variant::EncoderDecoder});
    QJsonObject noRun = state;
    noRun.remove(QStringLiteral("run"));
    cp->setViewState(noRun);
    std::vector<gb::Variant> sorted = chosen;
    std::sort(sorted.begin(), sorted.end(), [](gb::Variant a, gb::Variant b) {
      auto at = [](gb::Variant v) {
        const auto& fs = gb::families();
        return std::find_if(fs.begin(), fs.end(), [v](const gb::FamilyInfo& f) { return f.variant == v; }) - fs.begin();
      };
      return at(a) < at(b);
    });
    QCOMPARE(cp->chosenFamilies(), sorted);
  }

  // On plain text: the families that read a source cannot be chosen; each model writes a sample at the same τ, the
  // one the core's decode session writes with the same seed.
  void compare_families_on_text() {
    MainWindow w;
    w.show();
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("text.txt"));
    {
      QFile f(path);
      QVERIFY(f.open(QIODevice::WriteOnly));
      for (int i = 0; i < 60; ++i) f.write("the cat sat on the mat. the dog sat on the log.\n");
    }
    gb::PrepareOptions o;
    o.variant = gb::Variant::DecoderOnly;
    o.max_len = 32;
    auto data = gb::prepare_file(path.toStdString(), o);
    QVERIFY(data.ok());
    w.document()->setData(std::move(*data));
    auto* cp = w.findChild<ComparePanel*>(QStringLiteral("compareTab"));
    QVERIFY(!cp->familyBox(gb::Variant::EncoderDecoder)->isEnabled());
    QVERIFY(!cp->familyBox(gb::Variant::RnnSeq2Seq)->isEnabled());
    cp->setChosenFamilies({gb::Variant::EncoderDecoder, gb::Variant::Bigram, gb::Variant::Rnn, gb::Variant::Hmm});
    const std::vector<gb::Variant> usable = {gb::Variant::Bigram, gb::Variant::Rnn, gb::Variant::Hmm};
    QCOMPARE(cp->chosenFamilies(), usable);  // (the encoder-decoder's box stays checked, but cannot be used)
    cp->stepsBox()->setValue(4);
    QSignalSpy done(cp->controller(), &CompareController::finished);
    QTest::mouseClick(cp->startButton(), Qt::LeftButton);
    QVERIFY(done.wait(120000));
    QVERIFY2(done.first().first().toString().isEmpty(), qPrintable(done.first().first().toString()));
    const auto& r = cp->controller()->result();
    QVERIFY(r.has_value() && r->plainText);
    QCOMPARE(r->sides.size(), usable.size());
    for (const CompareController::Side& s : r->sides) {
      QCOMPARE(s.config.max_len, 32);
      QCOMPARE(gb::evaluate(s.config, s.params, w.document()->data().val).loss, s.validationLoss);
      auto session = gb::DecodeSession::create(s.config, s.params, {}, {gb::Tokenizer::kBos});
      QVERIFY(session.ok());
      gb::Rng rng(0);
      gb::SamplerOptions so;
      so.temperature = r->temperature;
      QVERIFY(gb::decode_to_end(*session, so, rng, 31, gb::Tokenizer::kEos).ok());
      std::vector<int> ids(session->tokens().begin() + 1, session->tokens().end());
      if (!ids.empty() && ids.back() == gb::Tokenizer::kEos) ids.pop_back();
      QCOMPARE(s.sample, s.tokenizer.decode(ids));
      QVERIFY(!s.sample.empty());
      QVERIFY(cp->summaryLabel()->text().contains(QString::fromStdString(s.sample).left(40).toHtmlEscaped()));
    }
    QVERIFY(!cp->crossMap()->isVisibleTo(cp) && !cp->causalMap()->isVisibleTo(cp));
    QVERIFY(!cp->exactPlot()->isVisibleTo(cp));  // (a text has no pairs to match)
    QVERIFY(!cp->timePlot()->isVisibleTo(cp));
    for (const CompareController::Side& s : r->sides) QVERIFY(s.timeByLength.empty());
    // other data: the comparison of the text is put away
    QVERIFY(w.document()->loadTask(QStringLiteral("reverse"), 100, 10, 0).isEmpty());
    QVERIFY(!cp->controller()->result());
    QVERIFY(cp->familyBox(gb::Variant::EncoderDecoder)->isEnabled());
  }

  // Presenting (issue 33 item 6): the strip runs beam search on the beam tree (τ's slider gives it its room), and the
  // level the presenter's keys reach is scrolled into view — the winner's node at that level inside the viewport.
  void beam_tree_while_presenting() {
    MainWindow w;
    DecodingPanel* dp = startDecoding(w, 1);
    QVERIFY(dp);
    dp->controller()->setSyncBudget(1e12);  // at once
    dp->beamWidthBox()->setValue(4);
    dp->views()->setCurrentWidget(dp->beamTree()->parentWidget()->parentWidget()->parentWidget());
    w.setPresenting(true);
    QCoreApplication::processEvents();
    auto* strip = w.presenterStrip();
    QVERIFY(strip && strip->isVisible());
    auto* beam = strip->findChild<QPushButton*>(QStringLiteral("presenterBeamSearch"));
    QVERIFY(beam && beam->isVisible() && !beam->accessibleName().isEmpty());
    QVERIFY(!strip->findChild<QSlider*>(QStringLiteral("presenterTemperature"))->isVisible());
    QVERIFY(!dp->controller()->beamResult().has_value());
    QTest::mouseClick(beam, Qt::LeftButton);
    QVERIFY(dp->controller()->beamResult().has_value());
    const BeamTreeView* tree = dp->beamTree();
    QVERIFY(!tree->isEmpty());
    auto* scroll = qobject_cast<QScrollArea*>(tree->parentWidget()->parentWidget());
    QVERIFY(scroll);
    auto inView = [&](int level) {
      for (const BeamTreeView::Node& n : tree->nodes())
        if (n.depth == level && n.winner) {
          const QPoint c = tree->mapTo(scroll->viewport(), n.rect.center().toPoint());
          return scroll->viewport()->rect().contains(c);
        }
      return false;
    };
    QVERIFY(dp->presentFirst());
    for (int level = 1; level <= tree->levels(); ++level) {
      QVERIFY(dp->presentNext());
      QCOMPARE(tree->shownLevels(), level);
      QTRY_VERIFY2(inView(level), qPrintable(QStringLiteral("level %1 of %2 is off-screen").arg(level).arg(tree->levels())));
    }
    // (the walk had to scroll: the whole tree is wider than the view, so the test fails without the scrolling)
    QVERIFY(tree->width() > scroll->viewport()->width());
    QVERIFY(scroll->horizontalScrollBar()->value() > 0);
    // on another view the slider is back
    dp->views()->setCurrentIndex(0);
    QVERIFY(strip->findChild<QSlider*>(QStringLiteral("presenterTemperature"))->isVisible());
    QVERIFY(!beam->isVisible());
    w.setPresenting(false);
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
