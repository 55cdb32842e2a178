#include "appicon.h"

#include <QPainter>
#include <QPixmap>
#include <QSvgRenderer>

QIcon glassboxIcon() {
  QIcon icon;
  QSvgRenderer svg(QStringLiteral(":/icons/glassbox.svg"));
  if (!svg.isValid()) return icon;
  for (int s : {16, 24, 32, 48, 64, 128, 256}) {
    QPixmap pm(s, s);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    svg.render(&p);
    p.end();
    icon.addPixmap(pm);
  }
  return icon;
}
