// colormaps.h — the workbench's colour maps, one definition each: viridis for weights and probabilities (fixed 0–1
// scale), PuOr for signed values (white at 0), and the two colours of a 0/1 mask. All colour-blind safe; NaN cells
// stay transparent so a hatched background can show through.
#pragma once

#include <qcustomplot.h>

QCPColorGradient viridisGradient();
QCPColorGradient divergingGradient();
QCPColorGradient maskGradient();
