// Accessible: a blind student, a screen reader and a GUI test robot read the same accessibility tree. With a
// model built and data loaded (so the views that wait for a trace are shown), every tab and every dock is walked
// through QAccessible: every visible interactive element and every Tab stop must have a name that says what it is —
// not empty, not merely its current value, not a bare symbol — every plot is an image with a name, every control
// takes the keyboard focus, and the Tab key goes through each panel in reading order. What the Algorithm tab does
// on a double click, Enter does too.
// The walk needs no screen reader: QAccessible::queryAccessibleInterface answers under the offscreen platform.
#include "controllers/algorithmcontroller.h"
#include "controllers/modeldocument.h"
#include "core/model/pseudocode.h"
#include "core/model/stepper.h"
#include "mainwindow.h"
#include "panels/algorithmpanel.h"
#include "panels/datapanel.h"
#include "panels/modelpanel.h"
#include "widgets/matrixview.h"

#include <qcustomplot.h>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QDockWidget>
#include <QListWidget>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableWidget>
#include <QtTest>

namespace {

// The roles a user acts on (or reads as a control): each needs a name.
bool interactive(QAccessible::Role r) {
  switch (r) {
    case QAccessible::PushButton:
    case QAccessible::CheckBox:
    case QAccessible::RadioButton:
    case QAccessible::ComboBox:
    case QAccessible::SpinBox:
    case QAccessible::Slider:
    case QAccessible::Dial:
    case QAccessible::EditableText:
    case QAccessible::List:
    case QAccessible::Table:
    case QAccessible::Tree:
    case QAccessible::PageTabList:
    case QAccessible::PageTab:
    case QAccessible::ButtonMenu:
    case QAccessible::ButtonDropDown:
    case QAccessible::ButtonDropGrid:
    case QAccessible::ProgressBar:
    case QAccessible::MenuItem:
    case QAccessible::Graphic:
    case QAccessible::Chart:
      return true;
    default:
      return false;
  }
}

// The roles whose value is what the user set (a name equal to it says nothing about what the control is for).
bool hasValue(QAccessible::Role r) {
  return r == QAccessible::ComboBox || r == QAccessible::SpinBox || r == QAccessible::Slider ||
         r == QAccessible::Dial || r == QAccessible::EditableText || r == QAccessible::ProgressBar;
}

// What a screen reader says the element is: its name, or — where the name is only the value, as a combo box's is
// on Linux (Qt names it by its label relation there) — the text of the label that labels it (a buddy).
QString spokenName(QAccessibleInterface* iface) {
  const QString value = hasValue(iface->role()) ? iface->text(QAccessible::Value).trimmed() : QString();
  const QString name = iface->text(QAccessible::Name).trimmed();
  if (!name.isEmpty() && name != value) return name;
  for (const auto& [label, relation] : iface->relations(QAccessible::Label)) {
    Q_UNUSED(relation);
    if (!label) continue;
    const QString text = label->text(QAccessible::Name).trimmed();
    if (!text.isEmpty()) return text;
  }
  return name;
}

QString describe(QAccessibleInterface* iface) {
  QObject* o = iface->object();
  return QStringLiteral("%1 %2 “%3” (value “%4”)")
      .arg(o ? QString::fromLatin1(o->metaObject()->className()) : QStringLiteral("?"),
           o && !o->objectName().isEmpty() ? QStringLiteral("#") + o->objectName() : QString(),
           iface->text(QAccessible::Name), iface->text(QAccessible::Value));
}

// Walks the visible part of the tree; appends one line per element that fails.
void walk(QAccessibleInterface* iface, QStringList& problems, QSet<QString>& seen, QSet<QObject*>& checked,
          int depth = 0) {
  if (!iface || !iface->isValid() || depth > 40) return;
  if (iface->state().invisible) return;  // a hidden widget hides its subtree
  const QAccessible::Role role = iface->role();
  QObject* o = iface->object();
  const bool plot = o && o->inherits("QCustomPlot");
  auto* widget = qobject_cast<QWidget*>(o);
  // whatever its role, Tab stops there (a widget with a focus proxy hands the focus on: the proxy is the stop)
  const bool tabStop = widget && !widget->focusProxy() && (widget->focusPolicy() & Qt::TabFocus);
  if (interactive(role) || plot || tabStop) {
    checked.insert(o);
    const QString name = spokenName(iface);
    const QString value = hasValue(role) ? iface->text(QAccessible::Value).trimmed() : QString();
    QString problem;
    if (name.isEmpty())
      problem = QStringLiteral("has no name");
    else if (!value.isEmpty() && name == value)
      problem = QStringLiteral("is named only by its value");
    else if (std::none_of(name.begin(), name.end(), [](QChar c) { return c.isLetter(); }))
      problem = QStringLiteral("is named by a symbol only");
    else if (plot && role != QAccessible::Graphic && role != QAccessible::Chart)
      problem = QStringLiteral("is a plot but not an image (role %1)").arg(int(role));
    // every control takes the keyboard focus (not Qt's own Close and Float buttons of a dock: the View menu shows
    // and hides the docks, and Reset Layout docks them again)
    if (problem.isEmpty() && widget && !tabStop && !widget->objectName().startsWith(QLatin1String("qt_")) && !plot &&
        role != QAccessible::ProgressBar) {
      const QWidget* f = widget;
      while (f->focusProxy()) f = f->focusProxy();
      if (!(f->focusPolicy() & Qt::TabFocus)) problem = QStringLiteral("cannot be reached with the Tab key");
    }
    if (!problem.isEmpty()) {
      const QString line = describe(iface) + QLatin1Char(' ') + problem;
      const QString key = QString::number(quintptr(o), 16) + line;  // each element once, however often walked
      if (!seen.contains(key)) {
        seen.insert(key);
        problems << line;
        qWarning("%s", qPrintable(line));
      }
    }
  }
  for (int i = 0; i < iface->childCount(); ++i) walk(iface->child(i), problems, seen, checked, depth + 1);
}

// The focus chain of `root`: the widgets under it that the Tab key stops at, in order (a spin box's or combo
// box's own line edit is the box).
QList<QWidget*> tabStops(QWidget* root) {
  QList<QWidget*> stops;
  QWidget* w = root;
  do {
    w = w->nextInFocusChain();
    if (w == root || !root->isAncestorOf(w) || !w->isVisible() || !(w->focusPolicy() & Qt::TabFocus)) continue;
    if (qobject_cast<QAbstractSpinBox*>(w->parentWidget()) || qobject_cast<QComboBox*>(w->parentWidget())) continue;
    if (!stops.contains(w)) stops << w;
  } while (w != root);
  return stops;
}

QString label(const QWidget* w) {
  return QStringLiteral("%1%2").arg(QString::fromLatin1(w->metaObject()->className()),
                                    w->objectName().isEmpty() ? QString() : QStringLiteral("#") + w->objectName());
}

// Whether b comes before a in reading order (top to bottom, then left to right), compared where their branches
// meet: the two children of their closest common ancestor that hold them. A scroll area's fields are compared as
// the scroll area, wherever the fields have scrolled to.
bool readsBefore(QWidget* b, QWidget* a) {
  if (a->isAncestorOf(b) || b->isAncestorOf(a)) return false;
  QWidget* common = a->parentWidget();
  while (common && !common->isAncestorOf(b)) common = common->parentWidget();
  if (!common) return false;
  auto branch = [common](QWidget* w) {
    while (w->parentWidget() != common) w = w->parentWidget();
    return w;
  };
  const QRect ra = branch(a)->geometry(), rb = branch(b)->geometry();
  if (rb.bottom() < ra.top()) return true;   // on a row above
  if (ra.bottom() < rb.top()) return false;  // on a row below
  return rb.right() < ra.left();             // on the same row, to the left
}

}  // namespace

class TestAccessibility : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);  // settings go to a test location
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_accessibility"));
    QSettings().clear();
  }
  void cleanupTestCase() { QSettings().clear(); }

  void every_control_has_a_name() {
    MainWindow w;
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildModel(w);
    QStringList problems;
    QSet<QString> seen;
    QSet<QObject*> checked;
    QAccessibleInterface* root = QAccessible::queryAccessibleInterface(&w);
    QVERIFY(root);
    // every tab the family offers in turn (the docks are walked each time), and the Data dock with each source;
    // then in presentation mode every such tab's strip of controls
    auto walkEveryTab = [&] {
      for (int source = 0; source < 2; ++source) {
        w.dataPanel()->sourceBox()->setCurrentIndex(source);
        for (int t = 0; t < w.tabs()->count(); ++t) {
          if (!w.tabs()->isTabVisible(t)) continue;
          w.tabs()->setCurrentIndex(t);
          QCoreApplication::processEvents();
          walk(root, problems, seen, checked);
        }
      }
      w.dataPanel()->sourceBox()->setCurrentIndex(0);
      w.setPresenting(true);
      for (int t = 0; t < w.tabs()->count(); ++t) {
        if (!w.tabs()->isTabVisible(t)) continue;
        w.tabs()->setCurrentIndex(t);
        QCoreApplication::processEvents();
        QVERIFY(w.presenterStrip()->isVisible());
        const qsizetype before = checked.size();
        walk(root, problems, seen, checked);
        QVERIFY2(std::any_of(checked.begin(), checked.end(), [&](QObject* o) {
                   auto* cw = qobject_cast<QWidget*>(o);
                   return cw && w.presenterStrip()->isAncestorOf(cw);
                 }) && checked.size() >= before,
                 qPrintable(QStringLiteral("the strip of %1 was not walked").arg(w.tabs()->tabText(t))));
      }
      w.setPresenting(false);
    };
    walkEveryTab();
    // a bigram: the Model dock with its own fields, and the tab only it offers (the Table)
    w.modelPanel()->variantBox()->setCurrentIndex(w.modelPanel()->variantBox()->findData(int(gb::Variant::Bigram)));
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QCOMPARE(int(w.document()->config().variant), int(gb::Variant::Bigram));
    walkEveryTab();
    // an RNN: its cell's choice, and the States tab
    w.modelPanel()->variantBox()->setCurrentIndex(w.modelPanel()->variantBox()->findData(int(gb::Variant::Rnn)));
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QCOMPARE(int(w.document()->config().variant), int(gb::Variant::Rnn));
    walkEveryTab();
    // an HMM with Gaussian mixtures: its sizes K, M, D, its task, and the Observations tab
    w.modelPanel()->variantBox()->setCurrentIndex(w.modelPanel()->variantBox()->findData(int(gb::Variant::HmmGmm)));
    QTRY_VERIFY(w.document()->hasData() && w.document()->data().observations());
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QCOMPARE(int(w.document()->config().variant), int(gb::Variant::HmmGmm));
    walkEveryTab();
    // the walk reached every dock and every tab, with their views
    auto reached = [&](QWidget* panel) {
      return std::count_if(checked.begin(), checked.end(), [panel](QObject* o) {
        auto* cw = qobject_cast<QWidget*>(o);
        return cw && panel->isAncestorOf(cw);
      });
    };
    for (QDockWidget* d : {w.modelDock(), w.dataDock(), w.trainingDock()})
      QVERIFY2(reached(d) >= 5, qPrintable(d->windowTitle()));
    for (int t = 0; t < w.tabs()->count(); ++t)
      QVERIFY2(reached(w.tabs()->widget(t)) >= 3, qPrintable(w.tabs()->tabText(t)));
    QVERIFY(std::count_if(checked.begin(), checked.end(), [](QObject* o) { return o && o->inherits("QCustomPlot"); }) >=
            15);
    QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("%1 elements without a name that says what they are (listed "
                                                           "above)")
                                                .arg(problems.size())));
  }

  void tab_order_follows_the_layout() {
    MainWindow w;
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildModel(w);
    QStringList problems;
    int stopsSeen = 0;
    auto check = [&](QWidget* panel, const QString& where) {
      const QList<QWidget*> stops = tabStops(panel);
      stopsSeen += int(stops.size());
      for (qsizetype i = 1; i < stops.size(); ++i)
        if (readsBefore(stops[i], stops[i - 1])) {
          problems
              << QStringLiteral("%1: Tab goes from %2 back to %3").arg(where, label(stops[i - 1]), label(stops[i]));
          qWarning("%s", qPrintable(problems.back()));
        }
    };
    auto panelOf = [](QWidget* scroll) { return qobject_cast<QScrollArea*>(scroll)->widget(); };
    for (QDockWidget* d : {w.modelDock(), w.dataDock(), w.trainingDock()})
      check(panelOf(d->widget()), d->windowTitle());
    w.dataPanel()->sourceBox()->setCurrentIndex(1);  // the Data dock's other page: a file
    QCoreApplication::processEvents();
    check(panelOf(w.dataDock()->widget()), w.dataDock()->windowTitle());
    for (int t = 0; t < w.tabs()->count(); ++t) {
      w.tabs()->setCurrentIndex(t);
      QCoreApplication::processEvents();
      check(panelOf(w.tabs()->widget(t)), w.tabs()->tabText(t));
    }
    QVERIFY(stopsSeen > 40);  // the walk found the controls
    QVERIFY2(problems.isEmpty(),
             qPrintable(QStringLiteral("%1 steps against the reading order (listed above)").arg(problems.size())));
  }

  // What the mouse does by a double click in the Algorithm tab, Enter does: run to a line of the listing, show a
  // variable in scope.
  void algorithm_answers_the_keyboard() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    buildModel(w);
    auto* ap = w.findChild<AlgorithmPanel*>(QStringLiteral("algorithmTab"));
    QVERIFY(ap);
    w.tabs()->setCurrentIndex(4);
    ap->inputBox()->setCurrentText(QStringLiteral("abcde"));
    ap->startButton()->setFocus();
    QTest::keyClick(ap->startButton(), Qt::Key_Space);
    const gb::Stepper* s = ap->controller()->stepper();
    QVERIFY(s);
    const auto& lines = gb::pseudocode(w.document()->config());
    int embed = s->next_line();
    while (lines[size_t(embed)].kind != gb::LineKind::Embed) ++embed;
    ap->listing()->setFocus();
    ap->listing()->setCurrentRow(embed + 1);
    QTest::keyClick(ap->listing(), Qt::Key_Return);
    QCOMPARE(s->next_line(), embed + 1);  // the Embed line has run
    QVERIFY(ap->scopeTable()->rowCount() >= 1);
    QTest::keyClick(ap->nextButton(), Qt::Key_Space);  // one line more: the matrix shows what it produced
    QTRY_VERIFY(ap->scopeTable()->rowCount() >= 1);
    const QString first = ap->scopeTable()->item(0, 0)->text();
    ap->scopeTable()->setFocus();
    ap->scopeTable()->setCurrentCell(0, 0);
    QTest::keyClick(ap->scopeTable(), Qt::Key_Return);
    QVERIFY2(ap->matrixView()->plot()->accessibleDescription().startsWith(first + QLatin1Char(':')),
             qPrintable(ap->matrixView()->plot()->accessibleDescription()));
  }

 private:
  // The data of the first lesson is loaded at the start; a small model is built, so every view is shown.
  static void buildModel(MainWindow& w) {
    QVERIFY(w.document()->hasData());
    w.modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w.modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w.document()->hasModel());
  }
};

QTEST_MAIN(TestAccessibility)
#include "tst_accessibility.moc"
