// familynames.h — what the user reads for a model family and its presets. The core's names ("encoder-decoder",
// "bigram"; preset ids "tiny", "seed") stay identifiers (files, --variant); the window shows these translated texts.
#pragma once

#include "core/family.h"

#include <QString>

QString familyTitle(gb::Variant v);    // "Encoder-decoder", "Bigram"
QString familySummary(gb::Variant v);  // one line on what it is for
QString presetName(const std::string& id);  // "Tiny", "As in the seed"
// What one decoding step of the family does (the Decoding tab's line).
QString familyDecodingLine(gb::Variant v);
QString presetToolTip(const std::string& id);
// The label and the accessible name of a size field in the seeds' notation ("ℓ_max"; "Maximum sequence length ℓ_max").
QString sizeLabel(gb::SizeField f, gb::Variant v);
QString sizeAccessibleName(gb::SizeField f);
