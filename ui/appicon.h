// appicon.h — the application icon, rendered from the embedded SVG at the usual sizes (no image plugin needed).
#pragma once

#include <QIcon>

QIcon glassboxIcon();
