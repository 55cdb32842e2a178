#include "sampleinputs.h"

#include "controllers/modeldocument.h"

#include <QComboBox>
#include <QSignalBlocker>

void fillSampleInputs(QComboBox* box, const ModelDocument& doc, int& filledData) {
  const QString keep = doc.dataGeneration() == filledData ? box->currentText() : QString();
  filledData = doc.dataGeneration();
  QSignalBlocker block(box);
  box->clear();
  box->addItems(doc.sampleInputs());
  if (!keep.isEmpty()) box->setCurrentText(keep);
}
