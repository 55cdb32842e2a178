// appearance.h — how every view looks: the zoom (50–300 %, one for the workbench and one for presentation mode,
// both remembered) and the theme (light, dark, or a high-contrast projector theme). One object for the whole
// application: it scales the application font, sets the palette, and styles every QCustomPlot attached to it
// (fonts, tick and axis labels, colour bars, legends, line widths, markers, grid). Views attach their plots once
// and re-read fonts and colours when changed() is emitted.
#pragma once

#include <QColor>
#include <QFont>
#include <QObject>
#include <QString>

class QCustomPlot;

class Appearance : public QObject {
  Q_OBJECT
 public:
  enum class Theme { Light, Dark, Projector };
  static constexpr int kMinZoom = 50, kMaxZoom = 300;
  static constexpr int kDefaultZoom = 100, kDefaultPresentationZoom = 150;

  // The application's one appearance. Created on first use (after QApplication), reading the settings.
  static Appearance& get();

  int zoom() const { return mPresenting ? mPresentationZoom : mZoom; }  // the zoom in effect, in percent
  // Clamped to 50–300; remembered for the current mode unless `remember` is false (a command line's --zoom).
  void setZoom(int percent, bool remember = true);
  void zoomIn();              // the next step of 50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300
  void zoomOut();
  void resetZoom();           // 100 % (presentation mode: presentationDefault())
  bool presenting() const { return mPresenting; }
  // Switches between the two zooms. The presentation zoom, until the presenter sets one, is 150 % on a screen
  // 768 pixels high and grows with taller screens (a projector shows any resolution at the same size).
  void setPresenting(bool on, int screenHeight = 768);
  int presentationDefault() const { return mPresentationDefault; }
  static int presentationDefaultFor(int screenHeight);
  Theme theme() const { return mTheme; }
  void setTheme(Theme t, bool remember = true);

  static QString themeKey(Theme t);  // "light", "dark", "projector"
  static bool parseTheme(const QString& key, Theme* out);

  double scale() const { return zoom() / 100.0; }
  // The application font at this zoom (relative: a multiple of it, for titles).
  QFont font(double relative = 1.0) const;
  QFont monospaceFont() const;
  qreal lineWidth(qreal base) const;   // base × zoom, thicker in the projector theme
  qreal markerSize(qreal base) const;  // base × zoom, larger in the projector theme
  QColor text() const;
  QColor background() const;
  QColor grid() const;
  QColor hatch() const;                // masked cells' hatching
  QColor muted() const;                // secondary text (comments, the prompt)
  QColor highlight() const;            // the marked line, the chosen token
  QColor error() const;                // what is wrong (a problem with the sizes, a model that does not fit)
  // Colours a label's text (a palette, not a style sheet: a style sheet would stop the zoom from reaching it).
  void colourText(QWidget* label, const QColor& colour) const;
  // Series colours (Okabe–Ito, colour-blind safe), brighter on the dark theme: 0 = blue, 1 = vermillion,
  // 2 = grey (a reference series).
  QColor series(int i) const;
  // The i-th of several series of equal rank (the Compare tab's families): Okabe and Ito's colour-blind-safe
  // palette, readable on the theme's background; repeats after six.
  QColor category(int i) const;
  bool showGrid() const { return mTheme != Theme::Projector; }

  // Styles the plot now and whenever the appearance changes (until the plot is destroyed).
  void attach(QCustomPlot* plot);
  // Styles one plot: background, axes (pens, tick and axis labels), legend, colour scales, graph pens.
  void stylePlot(QCustomPlot* plot) const;

 signals:
  void changed();

 private:
  Appearance();
  void apply();  // the application font and palette, then changed()
  int mZoom = kDefaultZoom, mPresentationZoom = kDefaultPresentationZoom;
  bool mPresenting = false;
  bool mPresentationZoomChosen = false;  // the presenter set one (remembered): it is kept on every screen
  int mPresentationDefault = kDefaultPresentationZoom;
  Theme mTheme = Theme::Light;
  QFont mBaseFont;
};
