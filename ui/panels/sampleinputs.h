// sampleinputs.h — the input box of a panel that reads a probe (Attention, Decoding, Algorithm, Perturbation, the
// mask editor), filled with the document's sample inputs (ModelDocument::sampleInputs).
#pragma once

class ModelDocument;
class QComboBox;

// Fills box with doc's sample inputs without signalling. A typed input stays while the data stays; other data
// brings its own inputs. filledData is the data generation the box was filled for (set here; start with -1).
void fillSampleInputs(QComboBox* box, const ModelDocument& doc, int& filledData);
