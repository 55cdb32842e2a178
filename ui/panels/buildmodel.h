// buildmodel.h — Build and Reset in the window: the model's parameters drawn on a worker thread while the window
// turns (waitWithProgress: a progress dialog after half a second, Cancel stops the drawing within a million numbers),
// then handed to the document. One function for the Model dock's Build and the Training dock's Reset.
#pragma once

#include "core/config.h"

#include <QString>

class ModelDocument;
class QWidget;

// Builds a model of c with parameters drawn from seed. Returns an error message (the document is then unchanged:
// a problem with c, not enough memory, Cancel), or an empty string.
QString buildModelOnWorker(QWidget* window, ModelDocument* doc, const gb::Config& c, quint64 seed);
