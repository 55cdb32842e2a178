// memorylimit.h — memory against the sizes a user chooses, in the workbench: the cap in the settings (key
// limits/memoryMB, MB; 0 or absent = none) under what the machine has (the core's available_memory_bytes), and
// whether a model fits (the core's model_memory: trained with AdamW on one sequence of ℓ_max).
#pragma once

#include "core/config.h"
#include "core/model/model.h"
#include "core/train/trainer.h"

#include <memory>
#include <vector>

#include <QCoreApplication>
#include <QString>

class MemoryLimit {
  Q_DECLARE_TR_FUNCTIONS(MemoryLimit)

 public:
  // The cap's room now: the settings' cap less what running work holds (its reservations), at least 1 byte; 0 = no
  // cap. Every path plans against it, so two jobs each under the cap do not go over it together (a run finishing
  // the step it was told to stop beside the next run, Compare's families beside a training).
  // replacingModel: for what replaces the model (Build, Open, Import) — the training run it lets go of does not
  // count (a paused run would refuse the Build that ends it).
  static qint64 capBytes(bool replacingModel = false);
  static qint64 settingsCapBytes();  // the settings' cap itself (0 = none)
  // A job's estimate, counted against the cap while the returned handle (or a copy) lives: held by the worker's
  // function, so it goes when the work ends — a worker told to stop still holds it until it has.
  using Reservation = std::shared_ptr<void>;
  enum class Work { Training, Other };
  [[nodiscard]] static Reservation reserve(qint64 bytes, Work kind = Work::Other);
  static qint64 reservedBytes();  // all running work's
  // Empty when a model of c fits; else why not, with the estimate and the limit (translated). Build refuses such a
  // model before allocating anything; the Model dock shows it as the sizes are typed.
  static QString modelProblem(const gb::Config& c);
  // What the window keeps beside a training run of c with options o, in bytes, each as large as the parameters: the
  // document's own parameters; the published snapshot and the one before it (a view still reading it, or the pool's
  // spare); the step's gradient and update Δθ, published and the one before; with AdamW its moments, published with
  // the parameters so a save mid-run is consistent, and the next ones made before the old are let go of. Counted
  // with the run's estimate (PlanRequest::beside_bytes) against the cap, and reserved with it.
  static qint64 besideRunBytes(const gb::Config& c, const gb::TrainOptions& o);
  // The same for a training run of c with options o on data (batches of its longest sequences, as many shards as
  // OpenMP threads): what plan_training would refuse for memory, what the window keeps beside the run included,
  // said before Start is pressed.
  // replacing: bytes held now that the run lets go of as it starts (the window's copies of the run before it:
  // TrainingController::windowHeldBytes).
  static QString runProblem(const gb::Config& c, const gb::TrainOptions& o, const std::vector<gb::Example>& data,
                            qint64 replacing = 0);
  // capBytes() with `replacing` bytes of held work given back (0 stays 0: no cap).
  static qint64 capBytesReplacing(qint64 replacing);
  // Decoding (the core's decode_to_end_memory, beam_search_memory) and a trace (trace_memory) that needs `bytes`:
  // empty when it fits under what is available and the cap, else why not (translated, with both in MB).
  static QString decodingProblem(qint64 bytes);
  static QString traceProblem(qint64 bytes);
};
