#include "workbench.h"

#include "comparecontroller.h"
#include "datachoice.h"
#include "files.h"
#include "presentation.h"
#include "modeldesign.h"
#include "modeldocument.h"
#include "trainingcontroller.h"
#include "trainingsetup.h"

Workbench::Workbench(QObject* parent)
    : QObject(parent),
      mDoc(new ModelDocument(this)),
      mDesign(new ModelDesign(mDoc, this)),
      mTrainer(new TrainingController(this)),
      mData(new DataChoice(mDoc, this)),
      mTraining(new TrainingSetup(mDoc, mTrainer, this)),
      mFiles(new Files(mDoc, mTrainer, this)),
      mPresentation(new Presentation(this)),
      mCompare(new CompareController(this)) {
  // another model replaces the open one (build, open, new): whoever trains the old one lets go of it, at once
  connect(mDoc, &ModelDocument::aboutToReplace, mTrainer, &TrainingController::reset);
  // the next run's recipe follows the family (its η)
  connect(mDoc, &ModelDocument::variantChanged, mTraining, &TrainingSetup::setFamily);
  // a comparison of other data is put away, with or without a window (a lesson's recipe may be waiting for it)
  connect(mDoc, &ModelDocument::dataChanged, mCompare, [this] { mCompare->followTask(mDoc->taskName()); });
}
