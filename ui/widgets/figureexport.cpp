#include "figureexport.h"

#include "appearance.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QImageWriter>
#include <QMenu>
#include <QMessageBox>
#include <QPageLayout>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QTemporaryFile>
#include <qcustomplot.h>

#include <algorithm>
#include <vector>

namespace {

class FigureExport {  // the translation context of this file
  Q_DECLARE_TR_FUNCTIONS(FigureExport)
};

const QString kTransparentKey = QStringLiteral("export/transparent");
const QString kScaleKey = QStringLiteral("export/scale");
const QString kDirKey = QStringLiteral("export/dir");
const QString kFormatKey = QStringLiteral("export/format");

enum class Format { Png, Svg, Pdf, Unknown };

Format formatOf(const QString& path) {
  const QString s = QFileInfo(path).suffix().toLower();
  if (s == QLatin1String("png")) return Format::Png;
  if (s == QLatin1String("svg")) return Format::Svg;
  if (s == QLatin1String("pdf")) return Format::Pdf;
  return Format::Unknown;
}

QString cannotWrite(const QString& path, const QString& why) {
  return FigureExport::tr("Could not write %1: %2.").arg(QDir::toNativeSeparators(path), why);
}

// The C library's reason (Permission denied, No such file or directory, …), translated like the app's other
// file errors (context SystemError, see errortext.cpp).
QString reason(const QFileDevice& f) {
  return QCoreApplication::translate("SystemError", f.errorString().toUtf8().constData());
}

// What is wrong with the request before anything is drawn: the format and the scale.
QString checkRequest(const QString& path, const ExportOptions& o) {
  if (formatOf(path) == Format::Unknown)
    return cannotWrite(path, FigureExport::tr("the name must end in .png, .svg or .pdf"));
  if (o.scale < 1 || o.scale > 4)
    return cannotWrite(path, FigureExport::tr("the scale must be 1× to 4×, not %1×").arg(o.scale));
  return {};
}

// The file is opened before drawing, so that a folder that does not exist or is not writable is reported with its
// reason. It is written to a temporary file beside it, which replaces it only when complete (QSaveFile): a failed
// export leaves an older file of that name as it was.
QString openForWriting(QSaveFile& f) {
  f.setDirectWriteFallback(true);  // a writable file in a folder that is not
  if (f.open(QIODevice::WriteOnly)) return {};
  return cannotWrite(f.fileName(), reason(f));
}

// After drawing into f: in place when complete, else the reason (a full disk, a figure that could not be drawn).
QString finish(QSaveFile& f, bool drawn) {
  if (drawn && f.commit()) return {};
  const QString why = f.error() != QFileDevice::NoError ? reason(f) : FigureExport::tr("the figure could not be drawn");
  f.cancelWriting();
  return cannotWrite(f.fileName(), why);
}

QString writeImage(const QImage& img, const QString& path) {
  QSaveFile f(path);
  if (QString err = openForWriting(f); !err.isEmpty()) return err;
  QImageWriter w(&f, "png");
  if (!w.write(img) && f.error() == QFileDevice::NoError) {
    f.cancelWriting();
    return cannotWrite(path, w.errorString());
  }
  return finish(f, true);
}

// QCustomPlot keeps its background brush to itself; a subclass may name the member.
struct PlotAccess : QCustomPlot {
  static QBrush background(const QCustomPlot* p) { return p->*(&PlotAccess::mBackgroundBrush); }
};

// While a figure is drawn, its plots have the chosen background (the theme's — white, or dark — or transparent) and, for a rendered
// widget, paint buffers at the export's pixel ratio (crisp at 3×); both are restored afterwards.
class PlotsPrepared {
 public:
  PlotsPrepared(const QList<QCustomPlot*>& plots, bool transparent, double pixelRatio) {
    for (QCustomPlot* p : plots) {
      mSaved.push_back({p, PlotAccess::background(p), p->bufferDevicePixelRatio(), p->plottingHints()});
      p->setBackground(transparent ? QBrush(Qt::transparent) : QBrush(Appearance::get().background()));
      if (pixelRatio > 0) {
        p->setBufferDevicePixelRatio(pixelRatio);
        p->setPlottingHint(QCP::phCacheLabels, false);  // cached tick labels keep the screen's resolution
        p->replot(QCustomPlot::rpQueuedRefresh);  // the buffers now, whatever replot is still queued
      }
    }
    mBuffers = pixelRatio > 0;
  }
  ~PlotsPrepared() {
    for (const Saved& s : mSaved) {
      s.plot->setBackground(s.brush);
      if (mBuffers) {
        s.plot->setBufferDevicePixelRatio(s.ratio);
        s.plot->setPlottingHints(s.hints);
        s.plot->replot(QCustomPlot::rpQueuedRefresh);
      }
    }
  }
  PlotsPrepared(const PlotsPrepared&) = delete;
  PlotsPrepared& operator=(const PlotsPrepared&) = delete;

 private:
  struct Saved {
    QCustomPlot* plot;
    QBrush brush;
    double ratio;
    QCP::PlottingHints hints;
  };
  std::vector<Saved> mSaved;
  bool mBuffers = false;
};

// The widget and its children on the painter's background (white or transparent, already there): not the theme's
// window colour, which a scroll area's panel fills itself with.
void renderOn(QPainter* p, QWidget* w) {
  const bool fill = w->autoFillBackground();
  w->setAutoFillBackground(false);
  w->render(p, QPoint(), QRegion(), QWidget::DrawChildren);
  w->setAutoFillBackground(fill);
}

QList<QCustomPlot*> plotsIn(QWidget* w) {
  QList<QCustomPlot*> plots = w->findChildren<QCustomPlot*>();
  if (auto* p = qobject_cast<QCustomPlot*>(w)) plots.prepend(p);
  return plots;
}

// Dots per metre for a PNG at `scale`: it keeps the widget's physical size when a program reads the resolution.
int dotsPerMeter(const QWidget* w, int scale) { return qRound(w->logicalDpiX() * scale / 0.0254); }

QString baseName(const QWidget* w) {
  for (const QObject* o = w; o; o = o->parent()) {
    QString name = o->objectName();
    if (name.endsWith(QLatin1String("Tab"))) name.chop(3);
    if (!name.isEmpty() && !name.startsWith(QLatin1String("qt_"))) return name;
  }
  return QStringLiteral("figure");
}

QString askPath(QWidget* parent, const QString& name, const QStringList& suffixes, const QStringList& filters) {
  QSettings s;
  const QString dir =
      s.value(kDirKey, QStandardPaths::writableLocation(QStandardPaths::PicturesLocation)).toString();
  const int last = std::max(0, int(suffixes.indexOf(s.value(kFormatKey).toString())));  // the format used last
  QString selected = filters.value(last);
  QString path = QFileDialog::getSaveFileName(parent, FigureExport::tr("Export Figure"),
                                              QDir(dir).filePath(name + QLatin1Char('.') + suffixes.value(last)),
                                              filters.join(QStringLiteral(";;")), &selected);
  if (path.isEmpty()) return {};
  if (QFileInfo(path).suffix().isEmpty())
    path += QLatin1Char('.') + suffixes.value(std::max(0, int(filters.indexOf(selected))));
  s.setValue(kDirKey, QFileInfo(path).absolutePath());
  if (suffixes.size() > 1) s.setValue(kFormatKey, QFileInfo(path).suffix().toLower());
  return path;
}

void report(QWidget* parent, const QString& error) {
  if (!error.isEmpty()) QMessageBox::warning(parent, FigureExport::tr("Export"), error);
}

}  // namespace

QImage plotImage(QCustomPlot* plot, const ExportOptions& o) {
  PlotsPrepared prepared({plot}, o.transparent, 0);
  const int scale = std::clamp(o.scale, 1, 4);
  QImage img = plot->toPixmap(plot->width(), plot->height(), scale).toImage();
  img = img.convertToFormat(o.transparent ? QImage::Format_ARGB32 : QImage::Format_RGB32);
  img.setDotsPerMeterX(dotsPerMeter(plot, scale));
  img.setDotsPerMeterY(dotsPerMeter(plot, scale));
  return img;
}

QImage widgetImage(QWidget* widget, const ExportOptions& o) {
  if (auto* plot = qobject_cast<QCustomPlot*>(widget)) return plotImage(plot, o);
  const int scale = std::clamp(o.scale, 1, 4);
  PlotsPrepared prepared(plotsIn(widget), o.transparent, scale);
  QImage img(widget->size() * scale, QImage::Format_ARGB32_Premultiplied);
  img.setDevicePixelRatio(scale);
  img.fill(o.transparent ? QColor(Qt::transparent) : Appearance::get().background());
  {
    QPainter p(&img);
    renderOn(&p, widget);
  }
  img.setDevicePixelRatio(1);  // a file has pixels, not logical ones
  img = img.convertToFormat(o.transparent ? QImage::Format_ARGB32 : QImage::Format_RGB32);
  img.setDotsPerMeterX(dotsPerMeter(widget, scale));
  img.setDotsPerMeterY(dotsPerMeter(widget, scale));
  return img;
}

QString exportPlot(QCustomPlot* plot, const QString& path, const ExportOptions& o) {
  if (QString err = checkRequest(path, o); !err.isEmpty()) return err;
  const int w = plot->width(), h = plot->height();
  switch (formatOf(path)) {
    case Format::Png: return writeImage(plotImage(plot, o), path);
    case Format::Svg: {
      QSaveFile f(path);
      if (QString err = openForWriting(f); !err.isEmpty()) return err;
      PlotsPrepared prepared({plot}, o.transparent, 0);
      QSvgGenerator gen;
      gen.setOutputDevice(&f);
      gen.setSize(QSize(w, h));
      gen.setViewBox(QRect(0, 0, w, h));
      gen.setResolution(plot->logicalDpiX());
      gen.setTitle(baseName(plot));
      gen.setDescription(QStringLiteral("Glassbox"));
      QCPPainter painter;
      const bool drawn = painter.begin(&gen);
      if (drawn) {
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, w, h);
        painter.end();
      }
      return finish(f, drawn);
    }
    case Format::Pdf: {
      // savePdf writes to a name and only says whether it could: it writes a temporary file, copied into place
      QSaveFile f(path);
      if (QString err = openForWriting(f); !err.isEmpty()) return err;
      QTemporaryFile tmp(QDir::temp().filePath(QStringLiteral("glassbox-XXXXXX.pdf")));
      if (!tmp.open()) {
        f.cancelWriting();
        return cannotWrite(tmp.fileName(), reason(tmp));
      }
      tmp.close();
      PlotsPrepared prepared({plot}, o.transparent, 0);
      bool drawn = plot->savePdf(tmp.fileName(), w, h, QCP::epAllowCosmetic, QStringLiteral("Glassbox"), baseName(plot));
      if (drawn && tmp.open()) {
        const QByteArray pdf = tmp.readAll();
        drawn = f.write(pdf) == pdf.size();
      }
      return finish(f, drawn);
    }
    case Format::Unknown: break;
  }
  return {};
}

QString exportWidget(QWidget* widget, const QString& path, const ExportOptions& o) {
  if (auto* plot = qobject_cast<QCustomPlot*>(widget)) return exportPlot(plot, path, o);
  if (QString err = checkRequest(path, o); !err.isEmpty()) return err;
  const Format format = formatOf(path);
  if (format == Format::Png) return writeImage(widgetImage(widget, o), path);
  const QSize size = widget->size();
  const int dpi = widget->logicalDpiX();  // fonts keep their size against the widget's layout
  QSaveFile f(path);
  if (QString err = openForWriting(f); !err.isEmpty()) return err;
  PlotsPrepared prepared(plotsIn(widget), o.transparent, 2);  // the plots are pictures inside: at 2× they stay sharp
  bool drawn = false;
  if (format == Format::Svg) {
    QSvgGenerator gen;
    gen.setOutputDevice(&f);
    gen.setSize(size);
    gen.setViewBox(QRect(QPoint(), size));
    gen.setResolution(dpi);
    gen.setTitle(baseName(widget));
    gen.setDescription(QStringLiteral("Glassbox"));
    QPainter p;
    drawn = p.begin(&gen);
    if (drawn) {
      if (!o.transparent) p.fillRect(QRect(QPoint(), size), Appearance::get().background());
      renderOn(&p, widget);
      p.end();
    }
  } else {
    QPdfWriter pdf(&f);
    pdf.setCreator(QStringLiteral("Glassbox"));
    pdf.setTitle(baseName(widget));
    pdf.setResolution(dpi);
    const QSizeF points = QSizeF(size) * 72.0 / dpi;  // the page is the widget
    pdf.setPageLayout(QPageLayout(QPageSize(points, QPageSize::Point, QString(), QPageSize::ExactMatch),
                                  QPageLayout::Portrait, QMarginsF()));
    QPainter p;
    drawn = p.begin(&pdf);
    if (drawn) {
      const double k = std::min(pdf.width() / double(size.width()), pdf.height() / double(size.height()));
      p.scale(k, k);
      if (!o.transparent) p.fillRect(QRect(QPoint(), size), Appearance::get().background());
      renderOn(&p, widget);
      p.end();
    }
  }
  return finish(f, drawn);
}

void copyImage(QWidget* widget, const ExportOptions& o) { QApplication::clipboard()->setImage(widgetImage(widget, o)); }

QMenu* createExportMenu(QCustomPlot* plot, QWidget* parent) {
  auto* menu = new QMenu(parent);
  auto options = [](int scale) {
    return ExportOptions{scale, QSettings().value(kTransparentKey, false).toBool()};
  };
  QAction* copy = menu->addAction(FigureExport::tr("Copy Image"));
  copy->setObjectName(QStringLiteral("exportCopy"));
  QObject::connect(copy, &QAction::triggered, plot, [plot, options] { copyImage(plot, options(1)); });
  QMenu* png = menu->addMenu(FigureExport::tr("Save as PNG"));
  for (int scale = 1; scale <= 4; ++scale) {
    QAction* a = png->addAction(FigureExport::tr("Save as PNG at %1×…").arg(scale));
    a->setObjectName(QStringLiteral("exportPng%1").arg(scale));
    QObject::connect(a, &QAction::triggered, plot, [plot, options, scale] {
      const QString path = askPath(plot, baseName(plot), {QStringLiteral("png")}, {FigureExport::tr("PNG images (*.png)")});
      if (!path.isEmpty()) report(plot, exportPlot(plot, path, options(scale)));
    });
  }
  QAction* svg = menu->addAction(FigureExport::tr("Save as SVG…"));
  svg->setObjectName(QStringLiteral("exportSvg"));
  QObject::connect(svg, &QAction::triggered, plot, [plot, options] {
    const QString path = askPath(plot, baseName(plot), {QStringLiteral("svg")}, {FigureExport::tr("SVG drawings (*.svg)")});
    if (!path.isEmpty()) report(plot, exportPlot(plot, path, options(1)));
  });
  QAction* pdf = menu->addAction(FigureExport::tr("Save as PDF…"));
  pdf->setObjectName(QStringLiteral("exportPdf"));
  QObject::connect(pdf, &QAction::triggered, plot, [plot, options] {
    const QString path = askPath(plot, baseName(plot), {QStringLiteral("pdf")}, {FigureExport::tr("PDF documents (*.pdf)")});
    if (!path.isEmpty()) report(plot, exportPlot(plot, path, options(1)));
  });
  menu->addSeparator();
  QAction* transparent = menu->addAction(FigureExport::tr("Transparent Background"));
  transparent->setObjectName(QStringLiteral("exportTransparent"));
  transparent->setCheckable(true);
  transparent->setChecked(QSettings().value(kTransparentKey, false).toBool());
  QObject::connect(transparent, &QAction::toggled, [](bool on) { QSettings().setValue(kTransparentKey, on); });
  return menu;
}

void installExportMenu(QCustomPlot* plot) {
  plot->setContextMenuPolicy(Qt::CustomContextMenu);
  QObject::connect(plot, &QWidget::customContextMenuRequested, plot, [plot](const QPoint& pos) {
    QMenu* menu = createExportMenu(plot, plot);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(plot->mapToGlobal(pos));
  });
}

QString chooseExportFile(QWidget* parent, const QString& name) {
  return askPath(parent, name, {QStringLiteral("png"), QStringLiteral("svg"), QStringLiteral("pdf")},
                 {FigureExport::tr("PNG images (*.png)"), FigureExport::tr("SVG drawings (*.svg)"),
                  FigureExport::tr("PDF documents (*.pdf)")});
}

bool chooseExportOptions(QWidget* parent, const QString& path, ExportOptions* o) {
  QSettings s;
  QDialog dialog(parent);
  dialog.setWindowTitle(FigureExport::tr("Export %1").arg(QFileInfo(path).fileName()));
  auto* scale = new QComboBox(&dialog);
  for (int k = 1; k <= 4; ++k) scale->addItem(FigureExport::tr("%1× the size on screen").arg(k), k);
  scale->setCurrentIndex(std::clamp(s.value(kScaleKey, 1).toInt(), 1, 4) - 1);
  scale->setEnabled(formatOf(path) == Format::Png);  // SVG and PDF scale without loss
  auto* transparent = new QCheckBox(FigureExport::tr("Transparent background (instead of the theme’s: white, or dark in the dark theme)"), &dialog);
  transparent->setChecked(s.value(kTransparentKey, false).toBool());
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
  QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
  QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  auto* form = new QFormLayout(&dialog);
  form->addRow(FigureExport::tr("PNG size"), scale);
  form->addRow(transparent);
  form->addRow(buttons);
  if (dialog.exec() != QDialog::Accepted) return false;
  o->scale = scale->currentData().toInt();
  o->transparent = transparent->isChecked();
  s.setValue(kScaleKey, o->scale);
  s.setValue(kTransparentKey, o->transparent);
  return true;
}
