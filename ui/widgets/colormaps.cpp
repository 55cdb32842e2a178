#include "colormaps.h"

QCPColorGradient viridisGradient() {
  QCPColorGradient g;
  g.setColorStopAt(0.00, QColor(0x44, 0x01, 0x54));
  g.setColorStopAt(0.25, QColor(0x3b, 0x52, 0x8b));
  g.setColorStopAt(0.50, QColor(0x21, 0x91, 0x8c));
  g.setColorStopAt(0.75, QColor(0x5e, 0xc9, 0x62));
  g.setColorStopAt(1.00, QColor(0xfd, 0xe7, 0x25));
  g.setNanHandling(QCPColorGradient::nhTransparent);
  return g;
}

QCPColorGradient divergingGradient() {  // PuOr (ColorBrewer), reversed: negative orange, zero white, positive purple
  QCPColorGradient g;
  g.setColorStopAt(0.00, QColor(0xb3, 0x58, 0x06));
  g.setColorStopAt(0.25, QColor(0xf1, 0xa3, 0x40));
  g.setColorStopAt(0.50, QColor(0xf7, 0xf7, 0xf7));
  g.setColorStopAt(0.75, QColor(0x99, 0x8e, 0xc3));
  g.setColorStopAt(1.00, QColor(0x54, 0x27, 0x88));
  g.setNanHandling(QCPColorGradient::nhTransparent);
  return g;
}

QCPColorGradient maskGradient() {
  QCPColorGradient g;
  g.setColorStopAt(0.0, QColor(0x21, 0x91, 0x8c));
  g.setColorStopAt(1.0, QColor(0xfd, 0xe7, 0x25));
  g.setNanHandling(QCPColorGradient::nhTransparent);
  return g;
}
