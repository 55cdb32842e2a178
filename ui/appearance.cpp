#include "appearance.h"

#include <QApplication>
#include <QPalette>
#include <QPointer>
#include <QSettings>
#include <QWidget>
#include <QStyle>
#include <qcustomplot.h>

#include <algorithm>
#include <array>
#include <cmath>

namespace {
constexpr std::array<int, 13> kZoomSteps = {50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300};
const char* kZoomKey = "view/zoom";
const char* kPresentationZoomKey = "view/presentationZoom";
const char* kThemeKey = "view/theme";
const char* kBaseWidth = "glassboxBaseWidth";    // a graph's line width at zoom 100 % (light theme)
const char* kBaseMarker = "glassboxBaseMarker";  // a graph's marker size at zoom 100 %
const char* kBaseBar = "glassboxBaseBar";        // a colour scale's bar width at zoom 100 %
}  // namespace

Appearance& Appearance::get() {
  static Appearance* instance = new Appearance();  // lives as long as the application
  return *instance;
}

Appearance::Appearance() : QObject(qApp) {
  mBaseFont = QApplication::font();
  QSettings s;
  mZoom = std::clamp(s.value(QLatin1String(kZoomKey), kDefaultZoom).toInt(), kMinZoom, kMaxZoom);
  mPresentationZoomChosen = s.contains(QLatin1String(kPresentationZoomKey));
  mPresentationZoom =
      std::clamp(s.value(QLatin1String(kPresentationZoomKey), kDefaultPresentationZoom).toInt(), kMinZoom, kMaxZoom);
  Theme t = Theme::Light;
  if (parseTheme(s.value(QLatin1String(kThemeKey)).toString(), &t)) mTheme = t;
  apply();
}

QString Appearance::themeKey(Theme t) {
  switch (t) {
    case Theme::Light: return QStringLiteral("light");
    case Theme::Dark: return QStringLiteral("dark");
    case Theme::Projector: return QStringLiteral("projector");
  }
  return QStringLiteral("light");
}

bool Appearance::parseTheme(const QString& key, Theme* out) {
  for (Theme t : {Theme::Light, Theme::Dark, Theme::Projector})
    if (key.compare(themeKey(t), Qt::CaseInsensitive) == 0) {
      *out = t;
      return true;
    }
  return false;
}

void Appearance::setZoom(int percent, bool remember) {
  percent = std::clamp(percent, kMinZoom, kMaxZoom);
  if (percent == zoom()) return;
  (mPresenting ? mPresentationZoom : mZoom) = percent;
  if (remember) QSettings().setValue(QLatin1String(mPresenting ? kPresentationZoomKey : kZoomKey), percent);
  if (remember && mPresenting) mPresentationZoomChosen = true;
  apply();
}

void Appearance::zoomIn() {
  for (int z : kZoomSteps)
    if (z > zoom()) return setZoom(z);
}

void Appearance::zoomOut() {
  for (auto it = kZoomSteps.rbegin(); it != kZoomSteps.rend(); ++it)
    if (*it < zoom()) return setZoom(*it);
}

void Appearance::resetZoom() {
  if (mPresenting) {  // the default again: it follows the screen from now on
    QSettings().remove(QLatin1String(kPresentationZoomKey));
    mPresentationZoomChosen = false;
    if (mPresentationZoom != mPresentationDefault) {
      mPresentationZoom = mPresentationDefault;
      apply();
    }
    return;
  }
  setZoom(kDefaultZoom);
}

int Appearance::presentationDefaultFor(int screenHeight) {
  const double k = std::max(1.0, screenHeight / 768.0);
  return std::clamp(int(std::lround(kDefaultPresentationZoom * k / 5.0)) * 5, kMinZoom, kMaxZoom);
}

void Appearance::setPresenting(bool on, int screenHeight) {
  mPresentationDefault = presentationDefaultFor(screenHeight);
  if (on && !mPresentationZoomChosen) mPresentationZoom = mPresentationDefault;
  if (on == mPresenting) return;
  const int before = zoom();
  mPresenting = on;
  if (zoom() != before) apply();
}

void Appearance::setTheme(Theme t, bool remember) {
  if (remember) QSettings().setValue(QLatin1String(kThemeKey), themeKey(t));
  if (t == mTheme) return;
  mTheme = t;
  apply();
}

QFont Appearance::font(double relative) const {
  QFont f = mBaseFont;
  const double k = scale() * relative;
  if (mBaseFont.pointSizeF() > 0) f.setPointSizeF(mBaseFont.pointSizeF() * k);
  else f.setPixelSize(std::max(1, int(std::lround(mBaseFont.pixelSize() * k))));
  if (mTheme == Theme::Projector && relative >= 1.0) f.setWeight(QFont::Medium);
  return f;
}

QFont Appearance::monospaceFont() const {
  QFont f = font();
  f.setStyleHint(QFont::Monospace);
  f.setFamily(QStringLiteral("DejaVu Sans Mono"));
  return f;
}

qreal Appearance::lineWidth(qreal base) const { return base * scale() * (mTheme == Theme::Projector ? 1.8 : 1.0); }
qreal Appearance::markerSize(qreal base) const { return base * scale() * (mTheme == Theme::Projector ? 1.6 : 1.0); }

QColor Appearance::text() const {
  switch (mTheme) {
    case Theme::Light: return QColor(0x20, 0x20, 0x20);
    case Theme::Dark: return QColor(0xe8, 0xe8, 0xe8);
    case Theme::Projector: return QColor(0, 0, 0);
  }
  return Qt::black;
}

QColor Appearance::background() const {
  return mTheme == Theme::Dark ? QColor(0x23, 0x26, 0x29) : QColor(Qt::white);
}

QColor Appearance::grid() const { return mTheme == Theme::Dark ? QColor(0x4a, 0x4d, 0x50) : QColor(0xd8, 0xd8, 0xd8); }
QColor Appearance::hatch() const {
  switch (mTheme) {
    case Theme::Light: return QColor(0xc8, 0xc8, 0xc8);
    case Theme::Dark: return QColor(0x60, 0x60, 0x60);
    case Theme::Projector: return QColor(0x80, 0x80, 0x80);  // survives a washed-out projector
  }
  return Qt::gray;
}
QColor Appearance::muted() const {
  switch (mTheme) {
    case Theme::Light: return QColor(0x77, 0x77, 0x77);
    case Theme::Dark: return QColor(0xa0, 0xa0, 0xa0);
    case Theme::Projector: return QColor(0x50, 0x50, 0x50);
  }
  return Qt::gray;
}
QColor Appearance::highlight() const {
  return mTheme == Theme::Dark ? QColor(0xfd, 0xe7, 0x25, 80) : QColor(0xfd, 0xe7, 0x25, mTheme == Theme::Projector ? 200 : 110);
}

QColor Appearance::error() const { return mTheme == Theme::Dark ? QColor(0xff, 0x6b, 0x6b) : QColor(0xb0, 0x00, 0x20); }

void Appearance::colourText(QWidget* label, const QColor& colour) const {
  QPalette pal = label->palette();
  pal.setColor(QPalette::WindowText, colour);
  label->setPalette(pal);
}

QColor Appearance::series(int i) const {
  const bool dark = mTheme == Theme::Dark;
  switch (i) {
    case 0: return dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x72, 0xb2);  // sky blue / blue
    case 1: return dark ? QColor(0xe6, 0x9f, 0x00) : QColor(0xd5, 0x5e, 0x00);  // orange / vermillion
    default: return dark ? QColor(0x80, 0x80, 0x80) : QColor(0xb0, 0xb0, 0xb0);
  }
}

QColor Appearance::category(int i) const {
  const bool dark = mTheme == Theme::Dark;
  static const QColor light[] = {QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x9e, 0x73),
                                 QColor(0xcc, 0x79, 0xa7), QColor(0x56, 0xb4, 0xe9), QColor(0x40, 0x40, 0x40)};
  static const QColor darker[] = {QColor(0x56, 0xb4, 0xe9), QColor(0xe6, 0x9f, 0x00), QColor(0x00, 0xc4, 0x8f),
                                  QColor(0xcc, 0x79, 0xa7), QColor(0xf0, 0xe4, 0x42), QColor(0xd0, 0xd0, 0xd0)};
  const int k = ((i % 6) + 6) % 6;
  return dark ? darker[k] : light[k];
}

void Appearance::apply() {
  QApplication::setFont(font());
  QPalette pal = QApplication::style()->standardPalette();
  if (mTheme == Theme::Dark) {
    const QColor window(0x2d, 0x30, 0x33), base(0x23, 0x26, 0x29), fg(0xe8, 0xe8, 0xe8), off(0x80, 0x80, 0x80);
    pal.setColor(QPalette::Window, window);
    pal.setColor(QPalette::WindowText, fg);
    pal.setColor(QPalette::Base, base);
    pal.setColor(QPalette::AlternateBase, window);
    pal.setColor(QPalette::ToolTipBase, base);
    pal.setColor(QPalette::ToolTipText, fg);
    pal.setColor(QPalette::PlaceholderText, off);
    pal.setColor(QPalette::Text, fg);
    pal.setColor(QPalette::Button, window);
    pal.setColor(QPalette::ButtonText, fg);
    pal.setColor(QPalette::BrightText, Qt::white);
    pal.setColor(QPalette::Light, QColor(0x45, 0x48, 0x4b));
    pal.setColor(QPalette::Midlight, QColor(0x3a, 0x3d, 0x40));
    pal.setColor(QPalette::Mid, QColor(0x25, 0x27, 0x29));
    pal.setColor(QPalette::Dark, QColor(0x1a, 0x1c, 0x1e));
    pal.setColor(QPalette::Shadow, Qt::black);
    pal.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    pal.setColor(QPalette::HighlightedText, Qt::black);
    pal.setColor(QPalette::Link, QColor(0x56, 0xb4, 0xe9));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
      pal.setColor(QPalette::Disabled, role, off);
  } else if (mTheme == Theme::Projector) {  // the most contrast a washed-out projector leaves
    pal.setColor(QPalette::Window, Qt::white);
    pal.setColor(QPalette::Base, Qt::white);
    pal.setColor(QPalette::Button, QColor(0xf0, 0xf0, 0xf0));
    for (auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText})
      pal.setColor(QPalette::Active, role, Qt::black), pal.setColor(QPalette::Inactive, role, Qt::black);
    pal.setColor(QPalette::Highlight, QColor(0x00, 0x50, 0xa0));
    pal.setColor(QPalette::HighlightedText, Qt::white);
  }
  QApplication::setPalette(pal);
  emit changed();
}

void Appearance::attach(QCustomPlot* plot) {
  // Polylines drawn as segments: Qt strokes a long antialiased polyline in a wide pen as one path, which for a
  // curve of thousands of wiggling points took seconds (measured: 10 curves, 18,800 points, 1000 × 300 px, 4.6 s
  // a replot; 29 ms as segments). A theme or zoom change replots every plot at once: the release monkey's
  // gradient-norm plot held the GUI thread 938 ms after "Light" (seed 11).
  plot->setPlottingHint(QCP::phFastPolylines, true);
  stylePlot(plot);
  QPointer<QCustomPlot> guard(plot);
  connect(this, &Appearance::changed, plot, [this, guard] {
    if (guard) {
      stylePlot(guard);
      guard->replot(QCustomPlot::rpQueuedReplot);
    }
  });
}

void Appearance::stylePlot(QCustomPlot* plot) const {
  const QFont f = font();
  const QColor fg = text();
  plot->setBackground(QBrush(background()));
  auto styleAxis = [&](QCPAxis* a) {
    a->setLabelFont(f);
    a->setTickLabelFont(f);
    a->setLabelColor(fg);
    a->setTickLabelColor(fg);
    const QPen pen(fg, lineWidth(1.0));
    a->setBasePen(pen);
    a->setTickPen(pen);
    a->setSubTickPen(QPen(fg, lineWidth(0.8)));
    a->setTickLength(0, int(std::lround(5 * scale())));
    a->setSubTickLength(0, int(std::lround(3 * scale())));
    a->setLabelPadding(int(std::lround(5 * scale())));
    a->setTickLabelPadding(int(std::lround(5 * scale())));
    a->grid()->setVisible(showGrid() && a->grid()->property("glassboxNoGrid").isNull());
    a->grid()->setPen(QPen(grid(), 1, Qt::DotLine));
    a->grid()->setZeroLinePen(QPen(grid(), 1));
    a->grid()->setSubGridVisible(false);
  };
  for (QCPAxisRect* r : plot->axisRects())
    for (QCPAxis* a : r->axes()) styleAxis(a);
  plot->legend->setFont(f);
  plot->legend->setTextColor(fg);
  QColor legendBack = background();
  legendBack.setAlpha(220);
  plot->legend->setBrush(legendBack);
  plot->legend->setBorderPen(Qt::NoPen);  // the legends stand above the axes, not over the data: no frame needed
  plot->legend->setIconSize(int(std::lround(32 * scale())), int(std::lround(18 * scale())));
  for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
    if (auto* s = qobject_cast<QCPColorScale*>(e)) {
      if (s->property(kBaseBar).isNull()) s->setProperty(kBaseBar, s->barWidth());
      s->setBarWidth(int(std::lround(s->property(kBaseBar).toDouble() * scale())));
      styleAxis(s->axis());
    }
  for (int i = 0; i < plot->graphCount(); ++i) {
    QCPGraph* g = plot->graph(i);
    if (g->property(kBaseWidth).isNull()) g->setProperty(kBaseWidth, g->pen().widthF());
    QPen pen = g->pen();
    pen.setWidthF(lineWidth(g->property(kBaseWidth).toDouble()));
    g->setPen(pen);
    QCPScatterStyle sc = g->scatterStyle();
    if (!sc.isNone()) {
      if (g->property(kBaseMarker).isNull()) g->setProperty(kBaseMarker, sc.size());
      sc.setSize(markerSize(g->property(kBaseMarker).toDouble()));
      g->setScatterStyle(sc);
    }
  }
}
