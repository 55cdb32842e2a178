// Presentation mode as a lecturer uses it, on a projector-sized screen (offscreen, the screen's size from
// GLASSBOX_TEST_SCREEN, e.g. "1024x768" or "1920x1080@2" for a 4K screen at device-pixel ratio 2): the view fills
// the screen, the fonts are large enough for the back row, the presenter's keys step each tab exactly once, zoom
// scales every panel's fonts, the themes persist, and Esc gives the workbench back as it was.
#include "appearance.h"
#include "controllers/algorithmcontroller.h"
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "core/model/stepper.h"
#include "mainwindow.h"
#include "panels/algorithmpanel.h"
#include "panels/attentionpanel.h"
#include "panels/comparepanel.h"
#include "panels/decodingpanel.h"
#include "panels/maskspanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "panels/trainingview.h"
#include "presenterkeys.h"
#include "tabs.h"
#include "widgets/figureexport.h"
#include "widgets/heatmap.h"
#include "widgets/lossplot.h"
#include "widgets/matrixview.h"

#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include "ui/screen.h"
#include "ui/settle.h"

#include <QtTest>
#include <qcustomplot.h>

namespace {

int pixels(const QFont& f) { return QFontInfo(f).pixelSize(); }

double share(const QWidget* w, const QScreen* screen) {
  const QSize s = screen->geometry().size();
  return double(w->width()) * w->height() / (double(s.width()) * s.height());
}

// A built model of the reverse task (loaded at start), trained a few steps so the views have something to show.
void buildAndTrain(MainWindow& w, int steps) {
  w.modelPanel()->presetBox()->setCurrentIndex(0);
  w.modelPanel()->buildButton()->click();
  QVERIFY(w.document()->hasModel());
  w.trainingPanel()->stepsBox()->setValue(steps);
  w.trainingPanel()->startButton()->click();
  QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
  QTRY_COMPARE_WITH_TIMEOUT(int(w.document()->history().size()), steps, 10000);
}

// Every font a panel shows text in: its labels and its plots' axis and tick labels.
QList<int> fontSizes(QWidget* panel, QStringList* names = nullptr) {
  QList<int> out;
  for (QLabel* l : panel->findChildren<QLabel*>()) {
    out << pixels(l->font());
    if (names) *names << l->text().left(40);
  }
  for (QCustomPlot* p : panel->findChildren<QCustomPlot*>())
    for (QCPAxisRect* r : p->axisRects())
      for (QCPAxis* a : r->axes()) out << pixels(a->labelFont()) << pixels(a->tickLabelFont());
  return out;
}

}  // namespace

class TestPresent : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_present"));
    QSettings().clear();
  }
  void cleanup() {
    Appearance::get().setPresenting(false);
    Appearance::get().setZoom(Appearance::kDefaultZoom);
    Appearance::get().setTheme(Appearance::Theme::Light);
    QSettings().clear();
  }

  void keys_are_the_presenters() {
    using C = PresenterCommand;
    auto cmd = [](int key, bool presenting, bool input = false, Qt::KeyboardModifiers m = Qt::NoModifier) {
      const auto k = presenterKey(key, m, presenting, input);
      return k ? int(k->command) : -1;
    };
    for (int key : {Qt::Key_Space, Qt::Key_Right, Qt::Key_PageDown}) QCOMPARE(cmd(key, true), int(C::Next));
    for (int key : {Qt::Key_Left, Qt::Key_PageUp, Qt::Key_Backspace}) QCOMPARE(cmd(key, true), int(C::Back));
    QCOMPARE(cmd(Qt::Key_Home, true), int(C::First));
    QCOMPARE(cmd(Qt::Key_End, true), int(C::Last));
    QCOMPARE(cmd(Qt::Key_B, true), int(C::Blank));
    QCOMPARE(cmd(Qt::Key_Question, true, false, Qt::ShiftModifier), int(C::Help));
    QCOMPARE(cmd(Qt::Key_Escape, true), int(C::Leave));
    QCOMPARE(presenterKey(Qt::Key_4, {}, true, false)->tab, 3);
    QCOMPARE(cmd(Qt::Key_Space, true, /*focus in a text field*/ true), int(C::Next));  // never typed into it
    QCOMPARE(cmd(Qt::Key_Plus, true, false, Qt::ControlModifier), -1);                // Ctrl + is the zoom's
    // the workbench: a remote's Page Down / Page Up step, unless a text field or list uses them; nothing else
    QCOMPARE(cmd(Qt::Key_PageDown, false), int(C::Next));
    QCOMPARE(cmd(Qt::Key_PageUp, false), int(C::Back));
    QCOMPARE(cmd(Qt::Key_PageDown, false, true), -1);
    QCOMPARE(cmd(Qt::Key_Space, false), -1);
    QCOMPARE(cmd(Qt::Key_B, false), -1);
  }

  void presentation_fills_the_screen() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildAndTrain(w, 30);
    const QScreen* screen = w.screen();
    qInfo("screen %dx%d at device-pixel ratio %g", screen->geometry().width(), screen->geometry().height(),
          screen->devicePixelRatio());
    QVERIFY(w.modelDock()->isVisible() && w.dataDock()->isVisible() && w.trainingDock()->isVisible());
    const int modelDockWidth = w.modelDock()->width();
    w.tabs()->setCurrentIndex(0);  // Attention
    QTest::keyClick(&w, Qt::Key_F5);
    QVERIFY(w.isPresenting());
    QTRY_VERIFY(w.isFullScreen());
    QTRY_COMPARE(w.size(), screen->geometry().size());
    QVERIFY(!w.modelDock()->isVisible() && !w.dataDock()->isVisible() && !w.trainingDock()->isVisible());
    QVERIFY(!w.menuBar()->isVisible());
    QVERIFY(!w.tabs()->tabBar()->isVisible());
    QVERIFY(w.presenterStrip()->isVisible());
    settledFrame(&w);
    for (int tab = 0; tab < w.tabs()->count(); ++tab) {
      w.tabs()->setCurrentIndex(tab);
      settledFrame(w.tabs()->currentWidget());
      const double s = share(w.tabs()->currentWidget(), screen);
      qInfo("%s: the view has %.1f%% of the screen", qPrintable(w.tabs()->tabText(tab)), 100 * s);
      QVERIFY2(s >= 0.90, qPrintable(w.tabs()->tabText(tab)));
    }
    // the Attention tab at the default presentation zoom: large labels, the heatmap most of the screen
    w.tabs()->setCurrentIndex(0);
    settledFrame(w.tabs()->currentWidget());
    QCOMPARE(Appearance::get().zoom(), Appearance::presentationDefaultFor(screen->geometry().height()));
    QVERIFY(Appearance::get().zoom() >= Appearance::kDefaultPresentationZoom);
    Heatmap* map = w.findChild<AttentionPanel*>()->large();
    QVERIFY(map->isVisible());
    const double heat = share(map, screen);
    qInfo("the attention heatmap has %.1f%% of the screen; axis label %d px, token labels %d px", 100 * heat,
          pixels(map->plot()->xAxis->labelFont()), pixels(map->plot()->xAxis->tickLabelFont()));
    QVERIFY(heat >= 0.60);
    QVERIFY(pixels(map->plot()->xAxis->labelFont()) >= 16);
    QVERIFY(pixels(map->plot()->xAxis->tickLabelFont()) >= 16);
    QVERIFY(pixels(map->plot()->yAxis->tickLabelFont()) >= 16);
    // the Decoding tab's chart, for the record
    w.tabs()->setCurrentIndex(3);
    QTest::keyClick(&w, Qt::Key_Space);  // starts a sequence
    settledFrame(w.tabs()->currentWidget());
    auto* dp = w.findChild<DecodingPanel*>();
    qInfo("the decoding chart has %.1f%% of the screen; its token labels %d px", 100 * share(dp->chart(), screen),
          pixels(dp->chart()->xAxis->tickLabelFont()));
    QVERIFY(pixels(dp->chart()->xAxis->tickLabelFont()) >= 16);
    QVERIFY(share(dp->chart(), screen) >= 0.60);  // the main chart, as the heatmap: most of the screen
    // Esc: the workbench as it was
    QTest::keyClick(&w, Qt::Key_Escape);
    QVERIFY(!w.isPresenting());
    QTRY_VERIFY(w.modelDock()->isVisible() && w.dataDock()->isVisible() && w.trainingDock()->isVisible());
    QVERIFY(w.menuBar()->isVisible());
    QVERIFY(w.tabs()->tabBar()->isVisible());
    QVERIFY(!w.presenterStrip()->isVisible());
    QVERIFY(!w.isFullScreen());
    QCOMPARE(Appearance::get().zoom(), Appearance::kDefaultZoom);
    QTRY_VERIFY(std::abs(w.modelDock()->width() - modelDockWidth) <= 2);
  }

  void space_steps_the_algorithm_and_the_decoder_once() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildAndTrain(w, 10);
    w.setPresenting(true);
    // Algorithm: Space starts, then each Space is one line, ← one line back, Page Down / Page Up the same
    w.tabs()->setCurrentIndex(4);
    auto* ap = w.findChild<AlgorithmPanel*>();
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(ap->controller()->active());
    const gb::Stepper* s = ap->controller()->stepper();
    QCOMPARE(int(s->position()), 0);
    QTest::keyClick(&w, Qt::Key_Space);
    QCOMPARE(int(s->position()), 1);
    QTest::keyClick(&w, Qt::Key_Right);
    QCOMPARE(int(s->position()), 2);
    QTest::keyClick(&w, Qt::Key_PageDown);  // a presenter's remote
    QCOMPARE(int(s->position()), 3);
    QTest::keyClick(&w, Qt::Key_Left);
    QCOMPARE(int(s->position()), 2);
    QTest::keyClick(&w, Qt::Key_PageUp);
    QCOMPARE(int(s->position()), 1);
    QTest::keyClick(&w, Qt::Key_Backspace);
    QCOMPARE(int(s->position()), 0);
    QTest::keyClick(&w, Qt::Key_End);
    QVERIFY(s->at_end());
    QTest::keyClick(&w, Qt::Key_Home);
    QCOMPARE(int(s->position()), 0);
    // Decoding: Space starts a sequence, then each Space is one token, ← takes it back
    QTest::keyClick(&w, Qt::Key_4);
    QCOMPARE(w.tabs()->currentIndex(), 3);
    auto* dp = w.findChild<DecodingPanel*>();
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(dp->controller()->active());
    QCOMPARE(int(dp->controller()->session()->steps().size()), 0);
    QTest::keyClick(&w, Qt::Key_Space);
    QCOMPARE(int(dp->controller()->session()->steps().size()), 1);
    QTest::keyClick(&w, Qt::Key_Space);
    QCOMPARE(int(dp->controller()->session()->steps().size()), 2);
    QTest::keyClick(&w, Qt::Key_Left);
    QCOMPARE(int(dp->controller()->session()->steps().size()), 1);
    // the strip's τ slider is the tab's
    auto* tau = w.presenterStrip()->findChild<QSlider*>(QStringLiteral("presenterTemperature"));
    QVERIFY(tau);
    tau->setValue(0);
    QCOMPARE(dp->temperatureSlider()->value(), 0);
    QCOMPARE(dp->controller()->sampler().temperature, 0.0);
    dp->temperatureSlider()->setValue(30);
    QCOMPARE(tau->value(), 30);
    // Attention: Space is the next head, ← the previous
    QTest::keyClick(&w, Qt::Key_1);
    auto* at = w.findChild<AttentionPanel*>();
    QTest::keyClick(&w, Qt::Key_Home);
    QCOMPARE(at->layerBox()->value(), 1);
    QCOMPARE(at->headBox()->currentIndex(), 0);
    QTest::keyClick(&w, Qt::Key_Space);
    QCOMPARE(at->headBox()->currentIndex(), 1);
    QTest::keyClick(&w, Qt::Key_Left);
    QCOMPARE(at->headBox()->currentIndex(), 0);
    // Training: Space is exactly one optimizer step
    QTest::keyClick(&w, Qt::Key_6);
    QCOMPARE(w.tabs()->currentIndex(), 5);
    const size_t before = w.document()->history().size();  // a finished run: Space is its next step, not a new run
    QTest::keyClick(&w, Qt::Key_Space);
    QTRY_COMPARE_WITH_TIMEOUT(w.document()->history().size(), before + 1, 30000);
    // the worker waits at its pause, or has ended: nothing more comes
    QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->atPausePoint() || w.trainer()->state() == TrainingController::State::Finished,
                             30000);
    QCoreApplication::processEvents();
    QCOMPARE(w.document()->history().size(), before + 1);
    QCOMPARE(w.document()->history().back().step, int(before) + 1);
    QTest::keyClick(&w, Qt::Key_Space);  // and the next
    QTRY_COMPARE_WITH_TIMEOUT(w.document()->history().size(), before + 2, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(w.trainer()->state() != TrainingController::State::Running, 30000);
    QCOMPARE(w.document()->history().back().step, int(before) + 2);
    // B blanks the screen and brings it back; ? lists the keys, any key closes the list
    QTest::keyClick(&w, Qt::Key_B);
    QVERIFY(w.blankOverlay()->isVisible());
    QCOMPARE(w.blankOverlay()->geometry(), w.rect());
    QTest::keyClick(&w, Qt::Key_B);
    QVERIFY(!w.blankOverlay()->isVisible());
    QTest::keyClick(&w, Qt::Key_Question, Qt::ShiftModifier);
    QVERIFY(w.keysOverlay()->isVisible());
    QTest::keyClick(&w, Qt::Key_Escape);
    QVERIFY(!w.keysOverlay()->isVisible());
    QVERIFY(w.isPresenting());  // Esc closed the list, not the presentation
    w.setPresenting(false);
  }

  // Presenting, the Algorithm tab fits the screen with what the line made in full: no scroll bar, the result map
  // inside the window (Inside the line's eight matrices made the tabs' height hint, and the Ran sentence asked its
  // height at 0 px: the map was cut off below the window's edge).
  void the_algorithm_fits_the_screen_when_presenting() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildAndTrain(w, 5);
    w.setPresenting(true);
    w.tabs()->setCurrentIndex(4);
    auto* ap = w.findChild<AlgorithmPanel*>();
    QTest::keyClick(&w, Qt::Key_Space);
    QVERIFY(ap->controller()->active());
    QTest::keyClick(&w, Qt::Key_End);  // run to the end: P, a map of |V| rows
    QTRY_VERIFY(ap->controller()->stepper()->at_end());
    auto* scroll = static_cast<QScrollArea*>(w.tabs()->currentWidget());
    MatrixView* result = ap->matrixView();
    auto fits = [&] {
      const QRect inWindow(result->mapTo(&w, QPoint(0, 0)), result->size());
      return !scroll->verticalScrollBar()->isVisible() && result->isVisible() && result->height() >= 200 &&
             scroll->viewport()->rect().contains(QRect(result->mapTo(scroll->viewport(), QPoint(0, 0)), result->size())) &&
             w.rect().contains(inWindow);
    };
    if (!QTest::qWaitFor(fits, 5000))
      QFAIL(qPrintable(QStringLiteral("the tab is %1 px tall in a viewport of %2 px; the result map %3 px at y = %4")
                           .arg(ap->height())
                           .arg(scroll->viewport()->height())
                           .arg(result->height())
                           .arg(result->mapTo(scroll->viewport(), QPoint(0, 0)).y())));
  }

  void keys_never_leak_into_a_text_field() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildAndTrain(w, 5);
    w.tabs()->setCurrentIndex(0);
    auto* at = w.findChild<AttentionPanel*>();
    QLineEdit* probe = at->probeBox()->lineEdit();
    QVERIFY(probe);
    probe->setFocus();
    const QString text = probe->text();
    // the workbench: a remote's Page Down goes to the text field, not the presenter
    const int head = at->headBox()->currentIndex();
    QTest::keyClick(probe, Qt::Key_PageDown);  // the combo box's own: another probe
    QCOMPARE(at->headBox()->currentIndex(), head);
    QVERIFY(probe->text() != text);
    const QString typed = probe->text();
    // presenting: Space is the presenter's, whatever had the focus
    w.setPresenting(true);
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : probe, Qt::Key_Space);
    QTest::keyClick(probe, Qt::Key_Space);
    QCOMPARE(probe->text(), typed);
    QCOMPARE(at->headBox()->currentIndex(), std::min(head + 2, at->headBox()->count() - 2));
    w.setPresenting(false);
  }

  // Presenting, Compare shows its curves with the table or its maps, one at a time (at 1024 × 768 both together
  // cut the maps); the workbench shows both; the strip chooses, and a beat keeps the choice.
  void compare_presents_its_curves_or_its_maps() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const int tab = tabIndexOf(QStringLiteral("compare"));
    w.tabs()->setCurrentIndex(tab);
    auto* cp = w.findChild<ComparePanel*>();
    QWidget* curves = cp->findChild<QWidget*>(QStringLiteral("compareCurvesPage"));
    QWidget* maps = cp->findChild<QWidget*>(QStringLiteral("compareMapsPage"));
    QVERIFY(curves && maps);
    QVERIFY(curves->isVisibleTo(cp) && maps->isVisibleTo(cp));
    w.setPresenting(true);
    QVERIFY(curves->isVisibleTo(cp) && !maps->isVisibleTo(cp));
    auto* page = w.findChild<QComboBox*>(QStringLiteral("presenterComparePage"));
    QVERIFY(page && page->isVisible());
    QVERIFY(!page->accessibleName().isEmpty());
    // no comparison yet, so no maps: the maps chosen, the curves' page stays (not an empty tab)
    page->setCurrentIndex(1);
    QVERIFY(curves->isVisibleTo(cp) && !maps->isVisibleTo(cp));
    const QJsonObject view = w.presentable(tab)->viewState();
    QCOMPARE(view.value(QStringLiteral("page")).toString(), QStringLiteral("maps"));
    // a map there (as a comparison of a transformer shows one): the maps alone
    cp->findChild<QWidget*>(QStringLiteral("compareCross"))->show();
    page->setCurrentIndex(0);
    QVERIFY(curves->isVisibleTo(cp) && !maps->isVisibleTo(cp));
    w.presentable(tab)->setViewState(view);  // a beat's view: the maps again, the strip says so
    QVERIFY(!curves->isVisibleTo(cp) && maps->isVisibleTo(cp));
    QCOMPARE(page->currentIndex(), 1);
    w.setPresenting(false);
    QVERIFY(curves->isVisibleTo(cp) && maps->isVisibleTo(cp));
  }

  void zoom_scales_every_panel() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildAndTrain(w, 5);
    w.findChild<DecodingPanel*>()->startButton()->click();
    w.findChild<AlgorithmPanel*>()->startButton()->click();
    QList<QWidget*> panels;
    for (int i = 0; i < w.tabs()->count(); ++i) panels << static_cast<QScrollArea*>(w.tabs()->widget(i))->widget();
    panels << w.modelPanel() << w.trainingPanel();
    QCOMPARE(Appearance::get().zoom(), 100);
    QList<QList<int>> at100;
    for (QWidget* p : panels) at100 << fontSizes(p);
    QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(Appearance::get().zoom(), 100);
    Appearance::get().setZoom(200);
    settledFrame(&w);
    for (int i = 0; i < panels.size(); ++i) {
      QStringList names;
      const QList<int> at200 = fontSizes(panels[i], &names);
      QCOMPARE(at200.size(), at100[i].size());
      QVERIFY2(!at200.isEmpty(), qPrintable(panels[i]->objectName()));
      for (int k = 0; k < at200.size(); ++k)
        QVERIFY2(std::abs(at200[k] - 2 * at100[i][k]) <= 1,
                 qPrintable(QStringLiteral("%1: font %2 (%5) is %3 px at 200%, %4 px at 100%")
                                .arg(panels[i]->metaObject()->className())
                                .arg(k)
                                .arg(at200[k])
                                .arg(at100[i][k])
                                .arg(names.value(k, QStringLiteral("a plot")))));
    }
    // line widths and the colour bar follow
    QCustomPlot* loss = w.trainingPanel()->lossPlot()->plot();
    QCOMPARE(loss->graph(0)->pen().widthF(), 3.0);
    // Ctrl + and Ctrl − step, 50–300 %, and the zoom is remembered
    QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
    QCOMPARE(Appearance::get().zoom(), 250);
    for (int i = 0; i < 5; ++i) QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
    QCOMPARE(Appearance::get().zoom(), 300);
    for (int i = 0; i < 20; ++i) QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier);
    QCOMPARE(Appearance::get().zoom(), 50);
    QCOMPARE(QSettings().value(QStringLiteral("view/zoom")).toInt(), 50);
    QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(Appearance::get().zoom(), 100);
  }

  // Presentation mode has its own zoom: larger by default (more on a taller screen), changed with Ctrl +, kept for
  // the next presentation, back to the screen's default with Ctrl 0; the workbench's zoom is untouched.
  void presentation_zoom_is_its_own() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(Appearance::presentationDefaultFor(768), 150);
    QCOMPARE(Appearance::presentationDefaultFor(1080), 210);
    QCOMPARE(Appearance::presentationDefaultFor(2160), 300);
    const int screenDefault = Appearance::presentationDefaultFor(w.screen()->geometry().height());
    w.setPresenting(true);
    QCOMPARE(Appearance::get().zoom(), screenDefault);
    QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier);
    const int chosen = Appearance::get().zoom();
    QVERIFY(chosen < screenDefault);
    w.setPresenting(false);
    QCOMPARE(Appearance::get().zoom(), 100);
    w.setPresenting(true);
    QCOMPARE(Appearance::get().zoom(), chosen);
    QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(Appearance::get().zoom(), screenDefault);
    w.setPresenting(false);
  }

  void themes_persist_and_the_projector_is_bold() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildAndTrain(w, 5);
    QCustomPlot* loss = w.trainingPanel()->lossPlot()->plot();
    const double light = loss->graph(0)->pen().widthF();
    QVERIFY(loss->xAxis->grid()->visible());
    Appearance::get().setTheme(Appearance::Theme::Projector);
    QVERIFY(loss->graph(0)->pen().widthF() > 1.5 * light);          // thicker lines
    QVERIFY(!loss->xAxis->grid()->visible());                       // no hairline grid
    QVERIFY(loss->graph(1)->scatterStyle().size() > 5);             // larger markers
    QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("projector"));
    Appearance::get().setTheme(Appearance::Theme::Dark);
    QVERIFY(QApplication::palette().color(QPalette::Window).lightness() < 80);
    QVERIFY(loss->toPixmap(120, 90).toImage().pixelColor(1, 1).lightness() < 80);
    QVERIFY(loss->xAxis->tickLabelColor().lightness() > 180);  // light text on the dark plot
    QCOMPARE(QSettings().value(QStringLiteral("view/theme")).toString(), QStringLiteral("dark"));
    // a figure exported now is the dark theme's: light text on its dark background
    const QImage dark = plotImage(loss);
    QVERIFY(dark.pixelColor(1, 1).lightness() < 80);
    Appearance::get().setTheme(Appearance::Theme::Light);
    QVERIFY(loss->toPixmap(120, 90).toImage().pixelColor(1, 1).lightness() > 240);
  }

  // A heatmap of one row or one column is drawn (it used to be blank): every cell has its colour.
  void single_row_and_column_are_drawn() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    MatrixView view(nullptr, MatrixView::Look::Probability);
    view.resize(300, 200);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    for (auto shape : {std::pair{1, 5}, std::pair{5, 1}, std::pair{1, 1}}) {
      gb::MatF m = gb::MatF::Constant(shape.first, shape.second, 1.0f);  // yellow in viridis
      view.setMatrix(m, QStringLiteral("row"), QStringLiteral("column"));
      view.plot()->replot();
      const QImage img = view.plot()->toPixmap().toImage();
      const QRect r = view.plot()->axisRect()->rect();
      int yellow = 0, total = 0;
      for (int y = r.top() + 3; y < r.bottom() - 3; y += 4)
        for (int x = r.left() + 3; x < r.right() - 3; x += 4, ++total) {
          const QColor c = img.pixelColor(x, y);
          if (c.red() > 200 && c.green() > 200 && c.blue() < 90) ++yellow;
        }
      QVERIFY2(yellow > total * 9 / 10, qPrintable(QStringLiteral("%1 × %2: %3 of %4 sampled pixels drawn")
                                                         .arg(shape.first)
                                                         .arg(shape.second)
                                                         .arg(yellow)
                                                         .arg(total)));
    }
  }

  // Numbered positions thinned to every second one count 1 3 5 (multiples read 1 2 4 5, crowded then a gap), and the
  // last is always numbered.
  void numbered_positions_are_evenly_spaced() {
    MatrixView view(nullptr, MatrixView::Look::Probability);
    view.resize(190, 90);  // room for about every second number of 5 (180–200 px here)
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setMatrix(gb::MatF::Constant(5, 5, 0.2f), QStringLiteral("row"), QStringLiteral("column"));
    view.plot()->replot();
    view.setMatrix(gb::MatF::Constant(5, 5, 0.2f), QStringLiteral("row"), QStringLiteral("column"));  // (laid out)
    view.plot()->replot();
    const QStringList x = view.plot()->xAxis->tickVectorLabels().toList();
    QVERIFY2(x == QStringList({"1", "3", "5"}), qPrintable(x.join(' ')));
  }

  // A short strip's numbers never stand on each other: the last row keeps its number only where it has room (a
  // padding strip of 4 rows read "1 3 4", the 3 and 4 drawn over each other).
  void a_strips_numbers_keep_apart() {
    Appearance::get().setZoom(200);  // the presenter's font: four numbers no longer fit the strip's least height
    MatrixView view(nullptr, MatrixView::Look::Binary);
    view.setMinimumSize(0, 0);  // (down to room for one number)
    view.resize(400, 100);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    QCPAxis* y = view.plot()->yAxis;
    const int height = QFontMetrics(y->tickLabelFont()).height();
    for (int h = 60; h <= 240; h += 6) {  // strips from room for one number to room for all four
      view.resize(400, h);
      for (int pass = 0; pass < 2; ++pass) {  // (the second laid out)
        view.setMatrix(gb::MatF::Ones(4, 12), QStringLiteral("example"), QStringLiteral("position"));
        view.plot()->replot();
      }
      const QList<double> ticks = y->tickVector().toList();
      const QString labels = y->tickVectorLabels().toList().join(' ') + QStringLiteral(" at height %1").arg(h);
      QVERIFY2(!ticks.isEmpty() && y->tickVectorLabels().constLast() == QLatin1String("4"),
               qPrintable(labels));  // the last row is numbered
      for (int i = 1; i < ticks.size(); ++i)
        QVERIFY2(std::abs(y->coordToPixel(ticks[i]) - y->coordToPixel(ticks[i - 1])) >= height, qPrintable(labels));
    }
  }

  // A short colour bar of signed values names its ends and 0 (with room for one tick, Δθ's bar of ±3·10⁻⁵ had
  // only its "0" labelled, and its scale could not be read).
  void a_short_signed_bar_names_its_ends() {
    MatrixView view(nullptr, MatrixView::Look::Diverging);
    view.setMinimumSize(0, 0);
    view.resize(300, 130);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    gb::MatF m(3, 3);
    m << 1e-5f, -2e-5f, 0.0f, 3.7e-5f, 0.5e-5f, -1e-5f, 0.0f, 2e-5f, -3e-5f;
    QCPColorScale* scale = nullptr;
    for (QCPLayoutElement* e : view.plot()->plotLayout()->elements(true))
      if (auto* s = qobject_cast<QCPColorScale*>(e)) scale = s;
    QVERIFY(scale);
    for (int pass = 0; pass < 2; ++pass) {
      view.setMatrix(m, QStringLiteral("row"), QStringLiteral("column"));
      view.plot()->replot();
    }
    const QStringList labels = scale->axis()->tickVectorLabels().toList();
    QVERIFY2(labels.size() >= 3 && labels.contains(QStringLiteral("0")), qPrintable(labels.join(' ')));
    for (const QString& l : labels) QVERIFY2(!l.isEmpty(), qPrintable(labels.join(' ')));
    QVERIFY2(labels.contains(QStringLiteral("2.5·10⁻⁵")), qPrintable(labels.join(' ')));  // inside ±3.7·10⁻⁵
  }

  // Too many tokens for their labels: the axis thins them to numbered positions and says so; enough room: every
  // token is labelled.
  void labels_never_overlap() {
    Heatmap map;
    map.resize(320, 300);
    map.show();
    QVERIFY(QTest::qWaitForWindowExposed(&map));
    auto run = [&](int n) {
      QStringList tokens;
      for (int i = 0; i < n; ++i) tokens << QStringLiteral("tok%1").arg(i);
      map.setData(gb::MatF::Constant(n, n, 1.0f / float(n)), gb::MatF::Zero(n, n), gb::MatF::Ones(n, n), tokens, tokens, 1);
      settledFrame(&map);
      map.plot()->replot();
    };
    run(60);
    auto* ticker = static_cast<QCPAxisTickerText*>(map.plot()->xAxis->ticker().data());
    QVERIFY(ticker->ticks().size() < 60);
    QVERIFY(map.plot()->xAxis->label().contains(QStringLiteral("numbered every")));
    QVERIFY(map.plot()->yAxis->label().contains(QStringLiteral("numbered every")));
    // labels that stay are far enough apart not to overlap
    const QFontMetrics fm(map.plot()->xAxis->tickLabelFont());
    const QList<double> at = ticker->ticks().keys();
    for (int i = 1; i < at.size(); ++i) {
      const double gap = map.plot()->xAxis->coordToPixel(at[i]) - map.plot()->xAxis->coordToPixel(at[i - 1]);
      QVERIFY(gap >= fm.horizontalAdvance(ticker->ticks().value(at[i - 1])));
    }
    run(3);
    ticker = static_cast<QCPAxisTickerText*>(map.plot()->xAxis->ticker().data());
    QCOMPARE(ticker->ticks().size(), 3);
    QCOMPARE(ticker->ticks().value(1.0), QStringLiteral("tok1"));
    QCOMPARE(map.plot()->xAxis->label(), QStringLiteral("query t_x"));
  }

  // One point of training: the loss plot shows it inside a sensible frame (steps from 0, the loss with room).
  void one_point_has_a_sensible_axis() {
    LossPlot plot;
    plot.resize(400, 300);
    plot.show();
    plot.addTraining(1, 2.5);
    // the plot follows its points at its own pace (at most ten times a second)
    auto y = [&] { return plot.plot()->yAxis->range(); };
    QTRY_VERIFY_WITH_TIMEOUT(y().lower >= 0 && y().lower < 2.5 && y().upper > 2.5 && y().upper < 4, 5000);
    const QCPRange x = plot.plot()->xAxis->range();
    QVERIFY(x.lower == 0 && x.upper >= 1);
  }
};

int main(int argc, char** argv) {
  QTemporaryDir dir;
  if (!useTestScreen(dir, QByteArray("1024x768"))) return 1;
  QApplication app(argc, argv);
  TestPresent t;
  return QTest::qExec(&t, argc, argv);
}

#include "tst_present.moc"
