#include "buildmodel.h"

#include "controllers/modeldocument.h"
#include "widgets/waitwithprogress.h"

#include "core/model/params.h"

#include <QCoreApplication>

#include <new>

QString buildModelOnWorker(QWidget* window, ModelDocument* doc, const gb::Config& c, quint64 seed) {
  if (QString err = doc->buildProblem(c); !err.isEmpty()) return err;
  std::optional<gb::Params<float>> initialised;
  WaitOptions wait;
  wait.label = QCoreApplication::translate("BuildModel", "Building the model…");
  wait.cancellable = true;
  const std::shared_ptr<const gb::PreparedData> data = doc->sharedData();  // (hmm-gmm: its means start on the data)
  try {
    if (!waitWithProgress(window, wait, [&](const gb::Progress& progress) {
          initialised = gb::params_init(c, seed, progress, data ? &data->train : nullptr);
        }))
      return QCoreApplication::translate("BuildModel", "Another operation is running; try again when it has ended.");
  } catch (const std::bad_alloc&) {  // the estimate fit, the machine disagreed: nothing changed
    return ModelDocument::notEnoughMemoryToBuild(c);
  }
  if (!initialised)
    return QCoreApplication::translate("BuildModel", "Building was cancelled: the open model is unchanged.");
  return doc->build(c, std::move(*initialised));
}
