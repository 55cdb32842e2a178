// glassbox-render-icon SVG OUTDIR SIZE… — the application icon as PNGs of the hicolor sizes, at build time
// (OUTDIR/<size>.png). Not installed; cmake/GlassboxDesktop.cmake runs it.
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: glassbox-render-icon SVG OUTDIR SIZE...\n");
    return 2;
  }
  qputenv("QT_QPA_PLATFORM", "offscreen");  // a build machine has no display
  QGuiApplication app(argc, argv);
  QSvgRenderer svg(QString::fromLocal8Bit(argv[1]));
  if (!svg.isValid()) {
    std::fprintf(stderr, "glassbox-render-icon: cannot read %s\n", argv[1]);
    return 1;
  }
  const QDir out(QString::fromLocal8Bit(argv[2]));
  if (!QDir().mkpath(out.path())) return 1;
  for (int i = 3; i < argc; ++i) {
    const int s = QByteArray(argv[i]).toInt();
    if (s <= 0) return 2;
    QImage img(s, s, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    QPainter p(&img);
    p.setRenderHint(QPainter::Antialiasing);
    svg.render(&p);
    p.end();
    const QString file = out.filePath(QStringLiteral("%1.png").arg(s));
    if (!img.save(file)) {
      std::fprintf(stderr, "glassbox-render-icon: cannot write %s\n", qPrintable(file));
      return 1;
    }
  }
  return 0;
}
