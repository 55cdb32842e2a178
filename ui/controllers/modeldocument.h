// modeldocument.h — the open model: its configuration, parameters, tokenizer, data and training history.
//
// Widget-free. Panels edit it through these calls and repaint on its signals; the TrainingController trains a
// copy of its parameters and hands them back. Errors come back as messages for the panels to show.
#pragma once

#include "core/config.h"
#include "core/io/model_file.h"
#include "core/model/params.h"
#include "core/text/prepare.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

class ModelDocument : public QObject {
  Q_OBJECT
 public:
  explicit ModelDocument(QObject* parent = nullptr);

  gb::Variant variant() const { return mVariant; }
  // The family the window is set up for. A loaded task is laid out for the family: taskLayoutStale() asks for it
  // to be prepared again (the data stays as it was until then).
  void setVariant(gb::Variant v);

  // Data: a built-in task for the current variant. Returns an error message, or an empty string.
  // tokenizer: "" for the task's own, or "char" / "word" / "bpe".
  QString loadTask(const QString& task, int trainSize, int valSize, quint64 seed, const QString& tokenizer = {});
  // A task prepared elsewhere (DataPanel: on the worker, when large) with the choices it was prepared with.
  void setTaskData(gb::PreparedData d, const QString& task, const QString& tokenizer);
  // Data prepared elsewhere (a file loaded off the GUI thread by DataLoader).
  void setData(gb::PreparedData d);
  bool hasData() const { return mData != nullptr; }
  const gb::PreparedData& data() const { return *mData; }
  // The data, shared: a training run reads it while other data may be loaded (it is never changed, only replaced).
  std::shared_ptr<const gb::PreparedData> sharedData() const { return mData; }
  QString dataSummary() const;
  // Inputs to offer as probes: the sources of the first validation pairs, or for plain text pieces of the
  // validation text (at most n).
  QStringList sampleInputs(int n = 20) const;

  // Model: the configuration a Build would use, checked; Build needs data (for |V| and ℓ_max).
  QString checkConfig(const gb::Config& c) const;  // empty when fine
  QString build(const gb::Config& c, quint64 seed);
  bool hasModel() const { return mModel.has_value(); }
  const gb::Config& config() const { return mModel->config; }
  const gb::Params<float>& params() const { return *mParams; }
  // The same parameters, shared: a reader (a trace, a decode) keeps them for as long as it needs them, uncopied.
  std::shared_ptr<const gb::Params<float>> sharedParams() const { return mParams; }
  void setParams(std::shared_ptr<const gb::Params<float>> p);  // after training: the trainer's snapshot, uncopied
  void setParams(const gb::Params<float>& p) { setParams(std::make_shared<const gb::Params<float>>(p)); }
  QString modelSummary() const;
  // Whether the open model can work on the open data (the core's check_data: every example against the config,
  // the data's vocabulary against the model's tokenizer, the variant's layout). Empty when it fits, or when there
  // is no model; otherwise what is wrong and what to do. Recomputed when the model or the data change.
  QString fitProblem() const { return mFitProblem; }
  // Another language installed: the problem said again in it (fitChanged when its text changes).
  void retranslate() { updateFit(); }
  // Why the views that read a probe (Attention, Algorithm, Perturbation, the mask editor) must not show the open
  // model on the data that is loaded — other data than the model's (another task while it trained): its probes
  // would be read with tokens the model does not know. Empty when they may (no data at all: the model's own
  // tokenizer reads what is typed).
  QString viewProblem() const;
  bool modelFitsData() const { return hasModel() && hasData() && mFitProblem.isEmpty(); }
  // The tokenizer the open model was built with (from its file, or the data it was built on), if known.
  const gb::Tokenizer* modelTokenizer() const;
  // The tokenizer the views read and write the model's tokens with: the model's own, or the data's when the model
  // has none and fits the data. Null: no model, or no tokenizer that is known to fit it (probes are then refused).
  const gb::Tokenizer* tokenizerForModel() const;
  // A probe as the open model reads it (the Attention tab's policy, kept here): encoder-decoder: z = the probe,
  // x = <bos> target; decoder-only: x = <bos> probe>target for pair data, <bos> probe for text. The target is the
  // data's own for a known input (when the model fits the data), otherwise what the model writes with p (greedy).
  // Cut to ℓ_max. Empty when there is no model, no tokenizer for it, or the probe does not fit.
  std::optional<gb::Example> probeExample(const QString& probe, const gb::Params<float>& p) const;
  // The probe as the core reads it (gb::probe_example makes the example; it may have to decode, which can take
  // long: a worker's job). nullopt without a model and a tokenizer for it.
  std::optional<gb::ProbeText> probeText(const QString& probe) const;
  // tokenizerForModel(), shared: for a worker that reads it while the document may change.
  std::shared_ptr<const gb::Tokenizer> sharedTokenizer() const;
  // The data's own target for a source it holds (a validation pair), when the model fits the data; else empty.
  QString knownTarget(const QString& source) const;
  // The name of the built-in task the data came from, or empty (a file).
  QString taskName() const { return mTask; }
  QString tokenizerChoice() const { return mTokenizerChoice; }  // the loaded task's: "" (its own), "char", …
  // Whether the open model has been trained (its history is not empty).
  bool isTrained() const { return !mHistory.empty(); }

  // Loss history (one point per optimizer step; validation where measured).
  const std::vector<gb::HistoryPoint>& history() const { return mHistory; }
  // Changes whenever points of the history were removed or replaced (a new run, another model, or the bound on
  // a long run's points: gb::append_history); a view that copied the history then reads it all again.
  quint64 historyRevision() const { return mHistoryRevision; }
  void appendHistory(gb::HistoryPoint p);
  void appendHistory(std::vector<gb::HistoryPoint> points);  // historyChanged() once
  void clearHistory();
  void setValidation(int step, double loss, double tokenAccuracy, double sequenceAccuracy);
  // Where training stopped (data order, generator, AdamW moments): saved with the model, so that training can go
  // on exactly after Open. Cleared when another model is built.
  // The state to go on from (null: none), shared: a finished run's, or the file's.
  const gb::TrainingState* trainingState() const { return mTraining.get(); }
  std::shared_ptr<const gb::TrainingState> sharedTrainingState() const { return mTraining; }
  void setTrainingState(std::shared_ptr<const gb::TrainingState> s) { mTraining = std::move(s); }
  // What the last optimizer step did (its gradient and update: the Parameters tab's maps), when known: handed
  // over when training pauses or ends, or read from a saved lesson. save() writes it only with a lesson (the file
  // is then meant to reopen exactly); a plain model file stays lean. Null without a model.
  // Shared like the parameters: the run's own snapshot, never copied on the GUI thread.
  const gb::LastStep* lastStep() const { return mModel ? mLastStep.get() : nullptr; }
  std::shared_ptr<const gb::LastStep> sharedLastStep() const { return mModel ? mLastStep : nullptr; }
  void setLastStep(std::shared_ptr<const gb::LastStep> s);

  // Files. The document is modified when a model is built or trained and not yet saved.
  QString filePath() const { return mPath; }
  bool isModified() const { return mModified; }
  void setModified(bool m);
  // Writes the model with its tokenizer, data description and history; live (optional) replaces the parameters
  // (the trainer's latest while it runs). Becomes the document's path unless asCopy (autosave).
  QString save(const QString& path, const gb::Params<float>* live = nullptr, bool asCopy = false,
               const std::shared_ptr<const gb::TrainingState>* liveState = nullptr);
  // What save() writes, as a copy that another thread may write (the autosave); nothing without a model.
  std::optional<gb::ModelFile> fileToSave(const gb::Params<float>* live = nullptr,
                                          const std::shared_ptr<const gb::TrainingState>* liveState = nullptr) const;
  // The same in parts, so that the copies of the model's size are made by the thread that writes (the autosave):
  // the file without its parameters and state (tokenizer, data description, history), and the two, shared.
  struct SaveParts {
    gb::ModelFile file;
    std::shared_ptr<const gb::Params<float>> params;
    std::shared_ptr<const gb::TrainingState> state;  // null: none
    std::shared_ptr<const gb::LastStep> lastStep;    // null: none (written only with a lesson)
    // The whole file, the shared parts copied in (on the thread that writes); the parts are released.
    gb::ModelFile assemble();
  };
  std::optional<SaveParts> partsToSave(std::shared_ptr<const gb::Params<float>> live = nullptr,
                                       const std::shared_ptr<const gb::TrainingState>* liveState = nullptr) const;
  // Reads a model file and rebuilds its data. On an error nothing changes and the message names the file.
  // A model whose data cannot be rebuilt (a moved file) still opens; the message then says so (warning set).
  QString open(const QString& path, bool* warningOnly = nullptr);
  // open() in two parts, so that the reading (the file and the rebuilt data: seconds for a large model) can run on
  // another thread: read() touches no document, adopt() replaces the open model with what was read.
  struct ReadFile {
    gb::Result<gb::ModelFile> model = gb::Error(gb::ErrorCode::Plain);
    std::optional<gb::PreparedData> data;  // the model's own data, rebuilt
    QString dataWarning;                   // why it could not be
  };
  static ReadFile read(const QString& path);
  // A Hugging Face checkpoint folder (or its config.json) read as a model (core hf_open, hf_check_memory against
  // cap bytes, hf_import with progress: false cancels — then the model's error is LoadingCancelled). Any thread.
  static ReadFile importRead(const QString& folder, qint64 cap, const gb::Progress& progress);
  QString adopt(ReadFile file, const QString& path, bool* warningOnly = nullptr);
  // build() in two parts (the parameters drawn on another thread): the reason a model cannot be built, or empty;
  // then the model from the parameters params_init(c, seed) drew.
  QString buildProblem(const gb::Config& c) const;
  QString build(const gb::Config& c, gb::Params<float> initialised);
  static QString notEnoughMemoryToBuild(const gb::Config& c);  // when params_init threw std::bad_alloc
  // The document now belongs to path (it was written there from partsToSave).
  void setPath(const QString& path);
  // The document no longer belongs to a file (recovered work): modified, Save asks for a name.
  void forgetPath();
  // Metadata the model file carries besides the model (a lesson: docs/lesson-file.md); written by save(), read by
  // open(). An empty value removes the key.
  QString extra(const QString& key) const;
  // An imported model's name (glassbox.import's folder: "opus-mt-en-de", or "Helsinki-NLP/opus-mt-en-de" for a
  // folder in the Hugging Face cache); empty for the others.
  QString importedName() const;
  void setExtra(const QString& key, const QString& value);
  // New: no model, no data.
  void clear();
  // Changes whenever a different model is in the document (build, open, new) — not when training updates it.
  int generation() const { return mGeneration; }
  // Changes whenever other data is loaded (a run that started before trains on its own copy of the old data).
  int dataGeneration() const { return mDataGeneration; }
 signals:
  void variantChanged(gb::Variant v);
  void dataChanged();
  void modelChanged();
  void historyChanged();
  void fileStateChanged();  // path or modified flag
  // Emitted before another model replaces the open one (build, open, new): whoever trains it must let go.
  void aboutToReplace();
  // The model and the data came to fit or stopped fitting (fitProblem() changed).
  void fitChanged();
  // The variant changed while a task is loaded: it is laid out for the family before (setVariant).
  void taskLayoutStale();

 private:
  gb::Variant mVariant = gb::Variant::EncoderDecoder;
  std::shared_ptr<const gb::PreparedData> mData;
  QString mTask;
  QString mTokenizerChoice;
  std::optional<gb::ModelFile> mModel;  // its params stay empty: they are mParams
  std::shared_ptr<const gb::Params<float>> mParams;
  mutable std::shared_ptr<const gb::Tokenizer> mSharedTokenizer;
  mutable QString mSharedTokenizerKey;
  std::vector<gb::HistoryPoint> mHistory;
  quint64 mHistoryRevision = 0;
  std::shared_ptr<const gb::TrainingState> mTraining;
  std::shared_ptr<const gb::LastStep> mLastStep;  // mModel's last_step stays empty: this holds it
  QString mPath;
  bool mModified = false;
  int mGeneration = 0;
  QString mFitProblem;
  int mFitGeneration = -1;  // the model generation fitProblem was computed for
  int mDataGeneration = 0;
  void updateFit();
};
