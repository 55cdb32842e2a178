// Issue 33, item 7: on a 1024×768 laptop screen (offscreen, its size from GLASSBOX_TEST_SCREEN as tst_present), in
// English and German, in the workbench and presenting, for a trained encoder-decoder, decoder-only model and RNN
// language model: every tab, every view inside a tab (the Decoding tab's next token / timeline / KV cache / beam
// tree, the Attention tab's grid / opened-up head) and every dock is walked, and no text the window shows is cut:
//  - a label's text fits it (one line: as wide as its text; wrapped: as tall as its lines);
//  - a button's or check box's text fits its face, a combo box's current choice its field;
//  - a plot's axis titles fit the plot, centred where QCustomPlot draws them;
//  - a scrolling view is not wider than its viewport (the central view and the docks need no sideways scrolling);
//  - nothing outside a scrolling view reaches past the window's edge.
// Each failure names the language, family, mode, view and widget, with the width it needs and the width it has.
#include "appearance.h"
#include "core/family.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "mainwindow.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "ui/screen.h"
#include "ui/settle.h"

#include <QAbstractButton>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStyleOptionButton>
#include <QStyleOptionComboBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTextDocument>
#include <QTranslator>

#include <QtTest>
#include <qcustomplot.h>

namespace {

QString plain(QString text) {
  if (Qt::mightBeRichText(text)) {
    QTextDocument d;
    d.setHtml(text);
    text = d.toPlainText();
  }
  return text;
}

QString name(const QWidget* w) {
  QString n = QString::fromLatin1(w->metaObject()->className());
  if (!w->objectName().isEmpty()) n += QLatin1Char(' ') + w->objectName();
  for (const QWidget* p = w->parentWidget(); p; p = p->parentWidget())
    if (!p->objectName().isEmpty() && !p->objectName().startsWith(QLatin1String("qt_"))) {
      n += QStringLiteral(" in ") + p->objectName();
      break;
    }
  return n;
}

// A widget on screen: visible, and not inside a viewport that scrolls it (those are checked as views).
bool insideScrolling(const QWidget* w, const QWidget* top) {
  for (const QWidget* p = w->parentWidget(); p && p != top; p = p->parentWidget())
    if (qobject_cast<const QAbstractScrollArea*>(p)) return true;
  return false;
}

int gTexts = 0, gPlots = 0;  // what the walk looked at (a walk that saw nothing must not pass)

// What is cut in `root` (a tab's view, a strip, a dock), each a line.
QStringList cutTexts(QWidget* window, QWidget* root) {
  QStringList out;
  QList<QWidget*> all = root->findChildren<QWidget*>();
  all.prepend(root);
  for (QWidget* w : all) {
    if (!w->isVisible() || w->width() <= 0) continue;
    if (w->inherits("QTabBar") || w->inherits("QToolButton") || w->inherits("QAbstractSpinBox")) continue;
    bool inSpin = false;  // a spin box's own line edit and buttons
    for (QWidget* p = w->parentWidget(); p; p = p->parentWidget()) inSpin = inSpin || qobject_cast<QAbstractSpinBox*>(p);
    if (inSpin) continue;
    if (auto* l = qobject_cast<QLabel*>(w)) {
      const QString text = plain(l->text());
      if (text.trimmed().isEmpty() || !l->pixmap().isNull()) continue;
      if (l->property("glassboxTextLabel").toBool()) continue;  // the program's text is wrapped and cut by design
      ++gTexts;
      if (l->wordWrap()) {
        const int need = l->heightForWidth(l->width());
        if (need > l->height() + 1)
          out << QStringLiteral("%1 “%2”: wrapped to %3 px high, has %4").arg(name(l), text.left(60)).arg(need).arg(l->height());
      } else {
        const int need = l->minimumSizeHint().width();
        if (need > l->width() + 1)
          out << QStringLiteral("%1 “%2”: needs %3 px, has %4").arg(name(l), text.left(60)).arg(need).arg(l->width());
      }
    } else if (auto* b = qobject_cast<QPushButton*>(w)) {
      if (b->text().isEmpty()) continue;
      QStyleOptionButton opt;
      opt.initFrom(b);
      opt.text = b->text();
      const QRect face = b->style()->subElementRect(QStyle::SE_PushButtonContents, &opt, b);
      int need = 0;  // its widest line
      for (const QString& line : QString(b->text()).remove(QLatin1Char('&')).split(QLatin1Char('\n')))
        need = std::max(need, b->fontMetrics().horizontalAdvance(line));
      need += b->icon().isNull() ? 0 : b->iconSize().width() + 4;
      if (need > face.width())
        out << QStringLiteral("%1 “%2”: needs %3 px, has %4").arg(name(b), b->text()).arg(need).arg(face.width());
    } else if (qobject_cast<QCheckBox*>(w) || qobject_cast<QRadioButton*>(w)) {
      auto* b = static_cast<QAbstractButton*>(w);
      if (b->text().isEmpty()) continue;
      const int need = b->sizeHint().width();
      if (need > b->width() + 1)
        out << QStringLiteral("%1 “%2”: needs %3 px, has %4").arg(name(b), b->text()).arg(need).arg(b->width());
    } else if (auto* c = qobject_cast<QComboBox*>(w)) {
      if (c->isEditable() || c->currentText().isEmpty()) continue;  // an editable one holds what was typed
      QStyleOptionComboBox opt;
      opt.initFrom(c);
      opt.editable = false;
      opt.currentText = c->currentText();
      const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, c);
      // (the style draws the text a pixel inside the field; a choice sized to its contents has exactly that)
      const int need = c->fontMetrics().horizontalAdvance(c->currentText()) + 1;
      if (need > field.width())
        out << QStringLiteral("%1 “%2”: needs %3 px, has %4").arg(name(c), c->currentText()).arg(need).arg(field.width());
    } else if (auto* p = qobject_cast<QCustomPlot*>(w)) {
      ++gPlots;
      for (QCPAxisRect* r : p->axisRects())
        for (QCPAxis* a : r->axes()) {
          if (!a->visible() || a->label().isEmpty()) continue;
          int len = 0;  // its widest line
          for (const QString& line : a->label().split(QLatin1Char('\n')))
            len = std::max(len, QFontMetrics(a->labelFont()).horizontalAdvance(line));
          const bool across = a->orientation() == Qt::Horizontal;
          const int centre = across ? r->center().x() : r->center().y();
          const int room = across ? p->width() : p->height();
          if (centre - len / 2 < 0 || centre + (len + 1) / 2 > room)
            out << QStringLiteral("%1 axis title “%2”: %3 px centred at %4 of %5").arg(name(p), a->label()).arg(len).arg(centre).arg(room);
        }
    } else if (auto* s = qobject_cast<QScrollArea*>(w)) {
      if (s->horizontalScrollBar()->maximum() > 0)
        out << QStringLiteral("%1: scrolls sideways by %2 px").arg(name(s)).arg(s->horizontalScrollBar()->maximum());
      continue;
    }
    if (!insideScrolling(w, window)) {
      const QRect r(w->mapTo(window, QPoint(0, 0)), w->size());
      if (r.right() > window->width() + 1 || r.bottom() > window->height() + 1)
        out << QStringLiteral("%1 reaches past the window: %2 px wide at x %3, %4 px high at y %5")
                   .arg(name(w)).arg(r.width()).arg(r.x()).arg(r.height()).arg(r.y());
    }
  }
  out.removeDuplicates();
  return out;
}

}  // namespace

class TestLabels : public QObject {
  Q_OBJECT
 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_labels"));
    QSettings().clear();
  }
  void cleanup() {
    Appearance::get().setPresenting(false);
    QSettings().clear();
  }

  void nothing_is_cut_data() {
    QTest::addColumn<QString>("lang");
    QTest::addColumn<int>("variant");
    for (const char* code : {"en", "de"})
      for (const gb::Variant v : {gb::Variant::EncoderDecoder, gb::Variant::DecoderOnly, gb::Variant::Rnn}) {
        const QString lang = QString::fromLatin1(code);
        const QString row = lang + QLatin1Char(' ') + QString::fromStdString(gb::family(v).name);
        QTest::newRow(qPrintable(row)) << lang << int(v);
      }
  }
  void nothing_is_cut() {
    QFETCH(QString, lang);
    QFETCH(int, variant);
    QTranslator de;
    if (lang == QLatin1String("de")) {
      QVERIFY(de.load(QStringLiteral(":/i18n/glassbox_de.qm")));
      QCoreApplication::installTranslator(&de);
      QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    }
    QStringList cut;
    gTexts = gPlots = 0;
    {
      MainWindow w;
      w.show();
      QVERIFY(QTest::qWaitForWindowExposed(&w));
      auto* box = w.modelPanel()->variantBox();
      box->setCurrentIndex(box->findData(variant));
      QCOMPARE(int(w.document()->variant()), variant);
      w.modelPanel()->buildButton()->click();
      QVERIFY(w.document()->hasModel());
      w.trainingPanel()->stepsBox()->setValue(10);
      w.trainingPanel()->startButton()->click();
      QTRY_COMPARE_WITH_TIMEOUT(w.trainer()->state(), TrainingController::State::Finished, 60000);
      QTRY_COMPARE_WITH_TIMEOUT(int(w.document()->history().size()), 10, 10000);
      QTRY_COMPARE(w.isCompact(), w.width() < MainWindow::kCompactWidth);  // (1024 pixels: one column of docks)

      auto check = [&](const QString& where, QWidget* root) {
        settledFrame(&w);
        for (const QString& c : cutTexts(&w, root)) cut << where + QStringLiteral(": ") + c;
      };
      // every page of every tab widget inside `page`, one level down (the Decoding tab's views, the grid / opened-up)
      auto walk = [&](const QString& where, QWidget* page, QWidget* strip) {
        check(where, page);
        if (strip) check(where + QStringLiteral(" strip"), strip);
        for (QTabWidget* inner : page->findChildren<QTabWidget*>()) {
          if (!inner->isVisible()) continue;
          const int was = inner->currentIndex();
          for (int i = 0; i < inner->count(); ++i) {
            if (i == was || !inner->isTabVisible(i) || !inner->isTabEnabled(i)) continue;
            inner->setCurrentIndex(i);
            check(where + QStringLiteral(" › ") + inner->tabText(i), page);
            if (strip) check(where + QStringLiteral(" › ") + inner->tabText(i) + QStringLiteral(" strip"), strip);
          }
          inner->setCurrentIndex(was);
        }
      };
      for (const bool presenting : {false, true}) {
        w.setPresenting(presenting);
        const QString mode = presenting ? QStringLiteral("presenting") : QStringLiteral("workbench");
        for (int t = 0; t < w.tabs()->count(); ++t) {
          if (!w.tabs()->isTabVisible(t)) continue;
          w.tabs()->setCurrentIndex(t);
          w.presentStep(1);  // the view with something in it (a decoded token, a stepped line)
          w.presentStep(1);
          walk(mode + QStringLiteral(" ") + w.tabs()->tabText(t), w.tabs()->widget(t), presenting ? w.presenterStrip() : nullptr);
        }
        if (!presenting) {
          w.lessonDock()->show();
          for (QDockWidget* d : {w.modelDock(), w.dataDock(), w.trainingDock(), w.lessonDock()}) {
            d->raise();
            check(mode + QStringLiteral(" dock ") + d->windowTitle(), d);
          }
          w.lessonDock()->hide();
        }
      }
      w.setPresenting(false);
    }
    if (lang == QLatin1String("de")) {
      QCoreApplication::removeTranslator(&de);
      QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    qInfo("%d labels and %d plots looked at", gTexts, gPlots);
    QVERIFY(gTexts >= 80 && gPlots >= 12);
    for (const QString& c : cut) qWarning("%s", qPrintable(QString(c).replace(QLatin1Char('\n'), QLatin1Char(' '))));
    QVERIFY2(cut.isEmpty(), qPrintable(QStringLiteral("%1 texts cut (listed above)").arg(cut.size())));
  }
};

int main(int argc, char** argv) {
  QTemporaryDir dir;
  if (!useTestScreen(dir, QByteArray("1024x768"))) return 1;
  QApplication app(argc, argv);
  TestLabels t;
  return QTest::qExec(&t, argc, argv);
}

#include "tst_labels.moc"
