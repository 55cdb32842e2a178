// Export for slides: every plot's context menu, File → Export View and the decoding history write valid files.
// PNG loads in QImage at the requested size (widget size × scale) and is transparent or white as asked; SVG is
// valid for QSvgRenderer and draws something; PDF starts with %PDF and pdftoppm renders a page that is not blank
// and has the widget's proportions. The history's CSV and JSON read back as the controller's steps.
// GLASSBOX_TEST_KEEP=<dir> keeps the exported files there, to look at them.
#include "controllers/decodingcontroller.h"
#include "controllers/modeldocument.h"
#include "controllers/trainingcontroller.h"
#include "mainwindow.h"
#include "panels/attentionpanel.h"
#include "panels/datapanel.h"
#include "panels/decodingpanel.h"
#include "panels/modelpanel.h"
#include "panels/trainingpanel.h"
#include "widgets/figureexport.h"
#include "widgets/heatmap.h"
#include "widgets/lossplot.h"

#include "core/model/params.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QContextMenuEvent>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>
#include <QSvgRenderer>
#include <QTabWidget>
#include <QTemporaryDir>
#include "ui/settle.h"

#include <QtTest>
#include <qcustomplot.h>

#include <cmath>
#include <memory>

namespace {

// How many different colours an image has (up to `enough`): 1 is a blank picture.
int colours(const QImage& img, int enough = 3) {
  QSet<QRgb> seen;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) {
      seen.insert(img.pixel(x, y));
      if (seen.size() >= enough) return int(seen.size());
    }
  return int(seen.size());
}

int transparentPixels(const QImage& img) {
  int n = 0;
  for (int y = 0; y < img.height(); ++y)
    for (int x = 0; x < img.width(); ++x) n += qAlpha(img.pixel(x, y)) == 0 ? 1 : 0;
  return n;
}

// RFC 4180: quoted fields may hold commas, doubled quotes and line breaks.
QList<QStringList> readCsv(const QString& text) {
  QList<QStringList> rows;
  QStringList row;
  QString field;
  bool quoted = false, any = false;
  for (qsizetype i = 0; i < text.size(); ++i) {
    const QChar c = text[i];
    any = true;
    if (quoted) {
      if (c == QLatin1Char('"')) {
        if (i + 1 < text.size() && text[i + 1] == QLatin1Char('"')) {
          field += c;
          ++i;
        } else {
          quoted = false;
        }
      } else {
        field += c;
      }
    } else if (c == QLatin1Char('"')) {
      quoted = true;
    } else if (c == QLatin1Char(',')) {
      row << field;
      field.clear();
    } else if (c == QLatin1Char('\n')) {
      row << field;
      rows << row;
      row.clear();
      field.clear();
      any = false;
    } else {
      field += c;
    }
  }
  if (any) rows << (row << field);
  return rows;
}

double csvDouble(const QString& s) {
  if (s == QLatin1String("inf")) return std::numeric_limits<double>::infinity();
  if (s.isEmpty()) return std::numeric_limits<double>::quiet_NaN();
  bool ok = false;
  const double v = s.toDouble(&ok);
  return ok ? v : -12345.678;
}

double jsonDouble(const QJsonValue& v) {
  if (v.isString() && v.toString() == QLatin1String("inf")) return std::numeric_limits<double>::infinity();
  if (v.isNull()) return std::numeric_limits<double>::quiet_NaN();
  return v.toDouble(-12345.678);
}

bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  if (std::isinf(a) || std::isinf(b)) return a == b;
  return std::abs(a - b) <= 1e-12 * std::max(1.0, std::abs(b));
}

}  // namespace

class TestExport : public QObject {
  Q_OBJECT

  std::unique_ptr<MainWindow> w;
  std::unique_ptr<QTemporaryDir> dir;

  QString file(const QString& name) const { return dir->filePath(name); }

  // PNG: loads, is the widget's size × scale, shows something; white has no transparent pixel, transparent has
  // transparent pixels and drawn ones.
  void checkPng(const QString& path, QSize expected, bool transparent) {
    QImage img(path);
    QVERIFY2(!img.isNull(), qPrintable(path));
    QCOMPARE(img.size(), expected);
    QVERIFY2(colours(img) >= 3, qPrintable(path + " is blank"));
    const int clear = transparentPixels(img);
    if (transparent) {
      QVERIFY2(clear > 0, qPrintable(path + " has no transparent pixel"));
      QVERIFY2(clear < img.width() * img.height(), qPrintable(path + " is all transparent"));
    } else {
      QVERIFY2(clear == 0, qPrintable(path + " has transparent pixels on a white background"));
      QCOMPARE(img.pixelColor(0, 0), QColor(Qt::white));
    }
  }

  void checkSvg(const QString& path, QSize expected) {
    QSvgRenderer r(path);
    QVERIFY2(r.isValid(), qPrintable(path));
    QCOMPARE(r.viewBox(), QRect(QPoint(), expected));  // (its width and height are in mm: the same at 96 dpi)
    QImage img(expected, QImage::Format_ARGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    r.render(&p);
    p.end();
    QVERIFY2(colours(img) >= 3, qPrintable(path + " renders blank"));
  }

  // PDF: the signature, and pdftoppm's page at 50 dpi is not blank and has the widget's proportions.
  void checkPdf(const QString& path, QSize widget) {
    QFile f(path);
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
    QCOMPARE(f.read(4), QByteArray("%PDF"));
    f.close();
    const QString out = path + QStringLiteral("-page");
    QProcess pdftoppm;
    pdftoppm.start(QStringLiteral("pdftoppm"), {QStringLiteral("-png"), QStringLiteral("-r"), QStringLiteral("50"),
                                               QStringLiteral("-singlefile"), path, out});
    QVERIFY2(pdftoppm.waitForStarted(10000), "pdftoppm is missing (Debian: poppler-utils)");
    QVERIFY(pdftoppm.waitForFinished(60000));
    QVERIFY2(pdftoppm.exitCode() == 0, pdftoppm.readAllStandardError().constData());
    QImage page(out + QStringLiteral(".png"));
    QVERIFY2(!page.isNull(), qPrintable(out));
    QVERIFY2(colours(page) >= 3, qPrintable(path + " renders blank"));
    const double aspect = double(widget.width()) / widget.height();
    const double pageAspect = double(page.width()) / page.height();
    QVERIFY2(std::abs(pageAspect - aspect) < 0.03 * aspect,
             qPrintable(QStringLiteral("page %1×%2 for a widget of %3×%4")
                            .arg(page.width()).arg(page.height()).arg(widget.width()).arg(widget.height())));
  }

  void checkPlotExports(QCustomPlot* plot, const QString& name) {
    QVERIFY(plot->width() > 50 && plot->height() > 50);
    for (int scale : {1, 3}) {
      for (bool transparent : {false, true}) {
        const QString path = file(QStringLiteral("%1-%2x%3.png").arg(name).arg(scale).arg(transparent ? "-transparent" : ""));
        const QString err = exportPlot(plot, path, {scale, transparent});
        QVERIFY2(err.isEmpty(), qPrintable(err));
        checkPng(path, plot->size() * scale, transparent);
      }
    }
    const QString svg = file(name + QStringLiteral(".svg"));
    QString err = exportPlot(plot, svg, {});
    QVERIFY2(err.isEmpty(), qPrintable(err));
    checkSvg(svg, plot->size());
    const QString pdf = file(name + QStringLiteral(".pdf"));
    err = exportPlot(plot, pdf, {});
    QVERIFY2(err.isEmpty(), qPrintable(err));
    checkPdf(pdf, plot->size());
  }

  void checkViewExports(QWidget* panel, const QString& name) {
    for (int scale : {1, 3}) {
      for (bool transparent : {false, true}) {
        const QString path = file(QStringLiteral("%1-%2x%3.png").arg(name).arg(scale).arg(transparent ? "-transparent" : ""));
        const QString err = w->exportView(path, scale, transparent);
        QVERIFY2(err.isEmpty(), qPrintable(err));
        checkPng(path, panel->size() * scale, transparent);
      }
    }
    const QString svg = file(name + QStringLiteral(".svg"));
    QString err = w->exportView(svg);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    checkSvg(svg, panel->size());
    const QString pdf = file(name + QStringLiteral(".pdf"));
    err = w->exportView(pdf);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    checkPdf(pdf, panel->size());
  }

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("GlassboxTest"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_export"));
    QSettings().clear();
    const QString keep = qEnvironmentVariable("GLASSBOX_TEST_KEEP");
    dir = std::make_unique<QTemporaryDir>(keep.isEmpty() ? QDir::tempPath() + QStringLiteral("/tst_export-XXXXXX")
                                                         : keep + QStringLiteral("/tst_export-XXXXXX"));
    QVERIFY(dir->isValid());
    dir->setAutoRemove(keep.isEmpty());
    if (!keep.isEmpty()) qInfo("exports kept in %s", qPrintable(dir->path()));
    // the reverse task, the tiny model, a few steps of training: a loss curve and attention to show
    w = std::make_unique<MainWindow>();
    w->show();
    QVERIFY(QTest::qWaitForWindowExposed(w.get()));
    QTest::mouseClick(w->dataPanel()->loadButton(), Qt::LeftButton);
    w->modelPanel()->presetBox()->setCurrentIndex(0);
    QTest::mouseClick(w->modelPanel()->buildButton(), Qt::LeftButton);
    QVERIFY(w->document()->hasModel());
    w->trainingPanel()->stepsBox()->setValue(15);
    QTest::mouseClick(w->trainingPanel()->startButton(), Qt::LeftButton);
    QTRY_COMPARE_WITH_TIMEOUT(w->trainer()->state(), TrainingController::State::Finished, 60000);
    QTRY_COMPARE(w->trainingPanel()->lossPlot()->trainingPoints(), 15);
  }

  void cleanupTestCase() { w.reset(); }

  void heatmap_exports() {
    w->tabs()->setCurrentIndex(0);
    auto* att = w->findChild<AttentionPanel*>(QStringLiteral("attentionTab"));
    QVERIFY(att);
    att->probeBox()->setCurrentText(QStringLiteral("abcde"));
    QVERIFY(att->large()->rows() == 5);
    settledFrame(att);  // its queued replots done
    checkPlotExports(att->large()->plot(), QStringLiteral("heatmap"));
  }

  void loss_plot_exports() {
    QCustomPlot* plot = w->trainingPanel()->lossPlot()->plot();
    QTRY_COMPARE(plot->graph(0)->data()->size(), 15);  // the plot follows its points at its own pace
    checkPlotExports(plot, QStringLiteral("loss"));
  }

  void export_view_attention() {
    w->tabs()->setCurrentIndex(0);
    auto* panel = w->findChild<AttentionPanel*>(QStringLiteral("attentionTab"));
    settledFrame(panel);
    checkViewExports(panel, QStringLiteral("view-attention"));
  }

  void export_view_decoding() {
    w->tabs()->setCurrentIndex(3);
    auto* dp = w->findChild<DecodingPanel*>(QStringLiteral("decodingTab"));
    QVERIFY(dp && dp->isVisible());
    dp->inputBox()->setCurrentText(QStringLiteral("abcd"));
    QTest::mouseClick(dp->startButton(), Qt::LeftButton);
    QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    settledFrame(dp);
    checkViewExports(dp, QStringLiteral("view-decoding"));
  }

  // The view is the whole panel: a window too small for it scrolls, the export still has all of it.
  void export_view_is_the_whole_panel() {
    w->tabs()->setCurrentIndex(0);
    auto* panel = w->findChild<AttentionPanel*>(QStringLiteral("attentionTab"));
    auto* scroll = qobject_cast<QScrollArea*>(w->tabs()->currentWidget());
    QVERIFY(scroll);
    const QSize before = w->size();
    w->resize(600, 400);
    QTRY_VERIFY(panel->height() > scroll->viewport()->height() || panel->width() > scroll->viewport()->width());
    const QString path = file(QStringLiteral("view-small-window.png"));
    const QString err = w->exportView(path);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    QCOMPARE(QImage(path).size(), panel->size());
    w->resize(before);
  }

  void errors_name_the_file_and_the_reason() {
    QCustomPlot* plot = w->trainingPanel()->lossPlot()->plot();
    const QString missing = file(QStringLiteral("no-such-folder/figure"));
    for (const QString& ext : {QStringLiteral(".png"), QStringLiteral(".svg"), QStringLiteral(".pdf")}) {
      QString err = exportPlot(plot, missing + ext, {});
      QVERIFY2(err.contains(QDir::toNativeSeparators(missing + ext)), qPrintable(err));
      QVERIFY2(err.contains(QStringLiteral("No such file or directory")), qPrintable(err));
      err = w->exportView(missing + ext);
      QVERIFY2(err.contains(QStringLiteral("No such file or directory")), qPrintable(err));
    }
    QString err = exportPlot(plot, file(QStringLiteral("figure.gif")), {});
    QVERIFY2(err.contains(QStringLiteral(".png, .svg or .pdf")), qPrintable(err));
    QVERIFY(!QFile::exists(file(QStringLiteral("figure.gif"))));
    err = exportPlot(plot, file(QStringLiteral("figure.png")), {5, false});
    QVERIFY2(err.contains(QStringLiteral("5×")), qPrintable(err));
    QVERIFY(!QFile::exists(file(QStringLiteral("figure.png"))));
  }

  // Every plot and heatmap of the window has the export menu; Copy Image and the background choice work.
  void every_plot_has_the_menu() {
    const auto plots = w->findChildren<QCustomPlot*>();
    QVERIFY(plots.size() >= 8);  // heatmaps, matrices, the loss, the norms, the distribution
    for (QCustomPlot* p : plots) QCOMPARE(p->contextMenuPolicy(), Qt::CustomContextMenu);

    QCustomPlot* plot = w->trainingPanel()->lossPlot()->plot();
    // a right click opens it
    QContextMenuEvent click(QContextMenuEvent::Mouse, QPoint(20, 20), plot->mapToGlobal(QPoint(20, 20)));
    QApplication::sendEvent(plot, &click);
    auto* popup = qobject_cast<QMenu*>(QApplication::activePopupWidget());
    QVERIFY(popup);
    QVERIFY(popup->findChild<QAction*>(QStringLiteral("exportSvg")));
    popup->close();
    std::unique_ptr<QMenu> menu(createExportMenu(plot, nullptr));
    for (const char* name : {"exportCopy", "exportPng1", "exportPng4", "exportSvg", "exportPdf", "exportTransparent"})
      QVERIFY2(menu->findChild<QAction*>(QLatin1String(name)), name);
    QAction* transparent = menu->findChild<QAction*>(QStringLiteral("exportTransparent"));
    QVERIFY(transparent->isCheckable() && !transparent->isChecked());
    menu->findChild<QAction*>(QStringLiteral("exportCopy"))->trigger();
    QImage copied = QGuiApplication::clipboard()->image();
    QCOMPARE(copied.size(), plot->size());
    QCOMPARE(transparentPixels(copied), 0);
    transparent->trigger();  // remembered, and the next copy has no background
    QCOMPARE(QSettings().value(QStringLiteral("export/transparent")).toBool(), true);
    menu->findChild<QAction*>(QStringLiteral("exportCopy"))->trigger();
    copied = QGuiApplication::clipboard()->image();
    QVERIFY(transparentPixels(copied) > 0);
    std::unique_ptr<QMenu> again(createExportMenu(plot, nullptr));
    QVERIFY(again->findChild<QAction*>(QStringLiteral("exportTransparent"))->isChecked());
    QSettings().remove(QStringLiteral("export/transparent"));
  }

  // The Decoding tab's history, written by the button's code path, reads back as the session's steps.
  void decoding_history_csv_and_json() {
    w->tabs()->setCurrentIndex(3);
    auto* dp = w->findChild<DecodingPanel*>(QStringLiteral("decodingTab"));
    DecodingController* ctl = dp->controller();
    dp->inputBox()->setCurrentText(QStringLiteral("abcde"));
    QTest::mouseClick(dp->startButton(), Qt::LeftButton);
    QVERIFY(!dp->saveHistoryButton()->isEnabled());  // nothing decoded yet
    QCOMPARE(ctl->saveHistory(file(QStringLiteral("empty.csv"))).isEmpty(), false);
    // three steps with different settings: τ = 1 with top-k 3, τ = 0, τ = ∞ with top-p 0.9
    struct Setting {
      int slider, topK;
      double topP;
    };
    const Setting settings[] = {{20, 3, 1.0}, {0, 0, 1.0}, {DecodingPanel::kInfinityPosition, 0, 0.9}};
    for (const Setting& s : settings) {
      dp->temperatureSlider()->setValue(s.slider);
      dp->topKBox()->setValue(s.topK);
      dp->topPBox()->setValue(s.topP);
      QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    }
    // a step taken back is gone from the history, and the settings of its replacement are recorded
    QTest::mouseClick(dp->backButton(), Qt::LeftButton);
    dp->temperatureSlider()->setValue(DecodingPanel::kInfinityPosition);
    dp->topKBox()->setValue(0);
    dp->topPBox()->setValue(0.9);
    QTest::mouseClick(dp->stepButton(), Qt::LeftButton);
    const auto& steps = ctl->session()->steps();
    QCOMPARE(int(steps.size()), 3);
    QVERIFY(dp->saveHistoryButton()->isEnabled());
    checkHistory(ctl, {1.0, 0.0, std::numeric_limits<double>::infinity()}, {3, 0, 0}, {1.0, 1.0, 0.9},
                 QStringLiteral("history"));
  }

  // Tokens with commas, quotes, line breaks and spaces are quoted in the CSV and read back the same.
  void history_quotes_awkward_tokens() {
    const gb::Tokenizer tok = gb::Tokenizer::build(gb::TokenizerKind::Char, {"a,b\"c\nd e;f"}, 1);
    gb::Config c = gb::Config::make(gb::Variant::DecoderOnly, tok.size(), 24, 0, 1, 1, 8, 8);
    c.bos_id = gb::Tokenizer::kBos;
    c.eos_id = gb::Tokenizer::kEos;
    c.pad_id = gb::Tokenizer::kPad;
    const gb::Params<float> p = gb::params_init(c, 3);
    DecodingController ctl;
    gb::SamplerOptions uniform;
    uniform.temperature = std::numeric_limits<double>::infinity();
    uniform.top_k = 0;
    uniform.top_p = 1.0;
    QStringList texts;
    const QStringList awkward = {QStringLiteral(","), QStringLiteral("\""), QStringLiteral("\n"), QStringLiteral(" ")};
    auto hasAll = [&] {
      for (const QString& a : awkward)
        if (!texts.contains(a)) return false;
      return true;
    };
    for (quint64 seed = 0; seed < 200 && !hasAll(); ++seed) {  // a seed that draws every awkward token
      QVERIFY(ctl.start(c, p, tok, QStringLiteral("a"), false, seed).isEmpty());
      ctl.setSampler(uniform);
      while (!ctl.finished() && ctl.step().isEmpty()) {
      }
      texts.clear();
      for (const auto& r : ctl.history()) texts << QString::fromStdString(r.text);
    }
    QVERIFY2(hasAll(), qPrintable(texts.join(QStringLiteral("|"))));
    const int n = int(ctl.session()->steps().size());
    checkHistory(&ctl, std::vector<double>(size_t(n), uniform.temperature), std::vector<int>(size_t(n), 0),
                 std::vector<double>(size_t(n), 1.0), QStringLiteral("awkward"));
  }

  void history_errors_name_the_file() {
    auto* dp = w->findChild<DecodingPanel*>(QStringLiteral("decodingTab"));
    const QString missing = file(QStringLiteral("no-such-folder/history.csv"));
    QString err = dp->controller()->saveHistory(missing);
    QVERIFY2(err.contains(QDir::toNativeSeparators(missing)) && err.contains(QStringLiteral("No such file or directory")),
             qPrintable(err));
    err = dp->controller()->saveHistory(file(QStringLiteral("history.txt")));
    QVERIFY2(err.contains(QStringLiteral(".csv or .json")), qPrintable(err));
  }

 private:
  // The files against the session's own record: the token, p, log p, q, the settings the test used and Σ log p.
  void checkHistory(DecodingController* ctl, const std::vector<double>& tau, const std::vector<int>& topK,
                    const std::vector<double>& topP, const QString& name) {
    const auto& steps = ctl->session()->steps();
    const gb::Tokenizer& tok = ctl->tokenizer();
    const QString csvPath = file(name + QStringLiteral(".csv")), jsonPath = file(name + QStringLiteral(".json"));
    QString err = ctl->saveHistory(csvPath);
    QVERIFY2(err.isEmpty(), qPrintable(err));
    err = ctl->saveHistory(jsonPath);
    QVERIFY2(err.isEmpty(), qPrintable(err));

    QFile csvFile(csvPath);
    QVERIFY(csvFile.open(QIODevice::ReadOnly));
    const QList<QStringList> rows = readCsv(QString::fromUtf8(csvFile.readAll()));
    QCOMPARE(rows.size(), int(steps.size()) + 1);
    const QStringList header = rows[0];
    QCOMPARE(header.join(QLatin1Char(',')),
             QStringLiteral("step,position,token_id,token,p,log_p,q,how,random,temperature,top_k,top_p,entropy_p,"
                            "entropy_q,sum_log_p"));
    auto col = [&](const QStringList& row, const char* field) { return row.value(header.indexOf(QLatin1String(field))); };

    QFile jsonFile(jsonPath);
    QVERIFY(jsonFile.open(QIODevice::ReadOnly));
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(jsonFile.readAll(), &perr);
    QVERIFY2(perr.error == QJsonParseError::NoError, qPrintable(perr.errorString()));
    const QJsonArray js = doc.object().value(QStringLiteral("steps")).toArray();
    QCOMPARE(js.size(), int(steps.size()));
    const QJsonArray prefix = doc.object().value(QStringLiteral("prefix")).toArray();
    QCOMPARE(prefix.size(), int(ctl->session()->prefix_length()));
    QCOMPARE(prefix[0].toObject().value(QStringLiteral("id")).toInt(), gb::Tokenizer::kBos);

    double sum = 0;
    for (size_t i = 0; i < steps.size(); ++i) {
      const gb::DecodeStep& st = steps[i];
      const QStringList& row = rows[int(i) + 1];
      const QJsonObject j = js[int(i)].toObject();
      QCOMPARE(row.size(), header.size());
      const int token = st.choice.token;
      const double logp = st.logp[size_t(token)];
      sum += logp;
      const QString text = QString::fromStdString(tok.token(token));
      QCOMPARE(col(row, "step").toInt(), int(i) + 1);
      QCOMPARE(j.value(QStringLiteral("step")).toInt(), int(i) + 1);
      QCOMPARE(col(row, "position").toInt(), st.position);
      QCOMPARE(col(row, "token_id").toInt(), token);
      QCOMPARE(j.value(QStringLiteral("token_id")).toInt(), token);
      QCOMPARE(col(row, "token"), text);
      QCOMPARE(j.value(QStringLiteral("token")).toString(), text);
      QCOMPARE(col(row, "how"), QString::fromLatin1(gb::choice_name(st.choice.how)));
      QCOMPARE(j.value(QStringLiteral("how")).toString(), QString::fromLatin1(gb::choice_name(st.choice.how)));
      QCOMPARE(col(row, "top_k").toInt(), topK[i]);
      QCOMPARE(j.value(QStringLiteral("top_k")).toInt(), topK[i]);
      const std::pair<const char*, double> numbers[] = {
          {"p", st.p_chosen},           {"log_p", logp},       {"q", st.q_chosen},
          {"random", st.choice.random}, {"temperature", tau[i]}, {"top_p", topP[i]},
          {"entropy_p", st.choice.entropy_p}, {"entropy_q", st.choice.entropy_q}, {"sum_log_p", sum}};
      for (const auto& [field, expected] : numbers) {
        const double fromCsv = csvDouble(col(row, field)), fromJson = jsonDouble(j.value(QLatin1String(field)));
        QVERIFY2(same(fromCsv, expected), qPrintable(QStringLiteral("step %1 %2: CSV %3, expected %4")
                                                         .arg(i + 1).arg(QLatin1String(field)).arg(fromCsv).arg(expected)));
        QVERIFY2(same(fromJson, expected), qPrintable(QStringLiteral("step %1 %2: JSON %3, expected %4")
                                                          .arg(i + 1).arg(QLatin1String(field)).arg(fromJson).arg(expected)));
      }
    }
  }
};

QTEST_MAIN(TestExport)
#include "tst_export.moc"
