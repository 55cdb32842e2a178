// plotaccessible.h — plots are images to a screen reader. Qt gives a widget it does not know (QCustomPlot) the
// role of a bare container, which screen readers pass over; installed once before the first window, this gives
// every QCustomPlot the role of an image. Each plot's name and description are set where it is made.
#pragma once

void installPlotAccessibility();
