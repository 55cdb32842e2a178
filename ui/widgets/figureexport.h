// figureexport.h — figures for slides: a plot, a heatmap or a whole tab as PNG (1×–4×), SVG or PDF, or as an image
// in the clipboard, in the current theme and zoom, on a white or a transparent background.
//
// The export functions show nothing: they return an error message naming the file and the reason (empty when the
// file was written). Only the context menu of installExportMenu asks for a file name and shows an error.
#pragma once

#include <QImage>
#include <QString>

class QCustomPlot;
class QMenu;
class QWidget;

struct ExportOptions {
  int scale = 1;             // PNG: pixels per widget pixel (1–4); the image is the widget's size × scale
  bool transparent = false;  // a transparent background instead of white
};

// The image a PNG export writes (widget size × scale): a plot drawn by QCustomPlot at that scale; any other widget
// rendered with its children (their plots at the same pixel ratio).
QImage plotImage(QCustomPlot* plot, const ExportOptions& o = {});
QImage widgetImage(QWidget* widget, const ExportOptions& o = {});
// The format by the path's extension: .png, .svg or .pdf. An empty string when written.
QString exportPlot(QCustomPlot* plot, const QString& path, const ExportOptions& o = {});
// A whole tab: PNG rendered at widget size × scale, SVG and PDF with a page the size of the widget.
QString exportWidget(QWidget* widget, const QString& path, const ExportOptions& o = {});
// The widget's image (a plot drawn as a plot) into the clipboard.
void copyImage(QWidget* widget, const ExportOptions& o = {});
// The plot's context menu: Copy image, Save as PNG (1×–4×), SVG, PDF, and Transparent background (remembered in
// the setting export/transparent).
void installExportMenu(QCustomPlot* plot);
// That menu (for tests; its actions are named exportCopy, exportPng1 … exportPng4, exportSvg, exportPdf and
// exportTransparent).
QMenu* createExportMenu(QCustomPlot* plot, QWidget* parent);

// Dialogs for File → Export View: a file name (PNG, SVG or PDF; the folder and format used last are remembered),
// then the scale (PNG) and the background. False when cancelled.
QString chooseExportFile(QWidget* parent, const QString& name);
bool chooseExportOptions(QWidget* parent, const QString& path, ExportOptions* o);
