// lesson.h — a lesson: its model — how to make it (a recipe: data, model, training, all from fixed seeds), or the
// trained model itself — and its beats, each a state of the workbench with a caption (the tab and that tab's view
// settings). Read from a lesson file (JSON; the built-in lessons are such files, in the resources) or from a model
// file that carries the lesson in its metadata (File → Save Lesson writes those): docs/lesson-file.md.
//
// Widget-free. A file that is not a lesson, or a field that is missing or out of range, is refused with a message
// that names the field and what was expected; nothing is half-read.
#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

struct LessonRecipe {
  // data: a built-in task, or a text shipped with the app (a resource path) or a file
  QString task;           // "reverse", "translate", … (empty: text)
  QString text;           // a text file for a decoder-only language model (":/lessons/…" or a path)
  int trainSize = 0, valSize = 0;  // task: 0 = the task's defaults
  int dataSeed = 0;
  // model
  QString variant;        // "encoder-decoder" | "decoder-only"
  QString preset;         // "tiny" | "small" | "medium" | "seed"
  int maxLen = 0;         // text: ℓ_max (0: the data's)
  int modelSeed = 0;
  // training
  QString optimizer;      // "adamw" | "sgd"
  int steps = 0;
  int trainSeed = 0;
  // then, optionally, families side by side on the same data (the Compare tab; its result is the key moment):
  // recipe.compare = {"families": [names], "steps": N, "em_iterations": M, "temperature": τ}
  QStringList compareFamilies;  // empty: no comparison
  int compareSteps = 300;
  int compareEmIterations = 30;
  double compareTemperature = 0.8;
};

struct LessonBeat {
  QString caption;        // in the language of the window (from "en"/"de")
  QJsonValue captionText; // as the file has it: a text or {"en": …, "de": …} (written back as it was)
  QString tab;            // attention, masks, parameters, decoding, algorithm, training, perturbation
  QJsonObject view;       // that tab's settings (Presentable::viewState): beats[].<tab> in the file
  int walk = 0;           // presenter steps (the tab's Next) within this beat before Space shows the next beat
};

// A lesson on a real model (docs/lesson-file.md, "import"): a Hugging Face checkpoint found by its hub id in the
// hub's cache or in a folder the user chose before, or a folder given by path (absolute, "~/…", or relative to the
// lesson file); when it is not on the machine, the window says where to get it and offers the fallback lesson.
struct LessonImport {
  QString hub;       // "Helsinki-NLP/opus-mt-en-de" (may be empty when folder is given)
  QString folder;    // as the file has it (may be empty when hub is given)
  QString fallback;  // a built-in lesson with the same experiments on a model trained here ("why-the-mask")
  QString base;      // the folder of the lesson file (for a relative folder); empty for a built-in lesson
};

struct Lesson {
  QString id;
  QString title, summary;  // in the language of the window
  QJsonValue titleText, summaryText;  // as the file has them
  QString picture;         // a resource path or a file, in the language of the window; or empty
  QJsonValue pictureText;  // as the file has it (a path, or {"en": …, "de": …})
  bool hasRecipe = false;  // how to make the model; a lesson saved with its model (below) may have none
  LessonRecipe recipe;
  QString modelFile;       // the lesson came in a model file: its model, data and history are that file's
  std::optional<LessonImport> import;  // the lesson's model is an imported checkpoint (then no recipe)
  QList<LessonBeat> beats;
  // Beats the file has that could not be read, left out: each with what was wrong (translated, naming the field).
  QStringList skipped;
};

// The metadata key under which a model file carries its lesson (docs/lesson-file.md).
inline constexpr const char* kLessonMetadataKey = "glassbox.lesson";

// Parses a lesson file's contents; language is "en" or "de" (texts fall back to English). `where` names the file
// in messages. withModel: the lesson comes with its model (in a model file's metadata), so a recipe is optional.
std::optional<Lesson> parseLesson(const QByteArray& json, const QString& language, const QString& where,
                                  QString* error, bool withModel = false);
// The lesson as JSON, as parseLesson reads it (the recipe only when it has one).
QByteArray lessonToJson(const Lesson& lesson);
// Its title, summary, picture and captions again in another language ("en", "de") from the texts the file has; a
// text typed in the window (no file text) stays as typed.
void localizeLesson(Lesson& lesson, const QString& language);

// The built-in lessons, in the order the Start page shows them.
QStringList builtinLessonIds();
// Where an importing lesson's checkpoint is on this machine (a folder with config.json), or empty: its folder; a folder
// chosen for its hub id before (rememberCheckpoint); the hub's cache ($HF_HUB_CACHE, $HF_HOME/hub,
// ~/.cache/huggingface/hub: models--ORG--NAME/snapshots/*, the newest). searched: the places looked in.
QString findCheckpoint(const LessonImport& imp, QStringList* searched = nullptr);
void rememberCheckpoint(const LessonImport& imp, const QString& folder);
// The checkpoint a chosen folder holds: itself when it has a config.json, else the newest snapshot of a folder of
// the hub's cache (models--ORG--NAME/snapshots/*); empty when neither.
QString checkpointIn(const QString& folder);
// What to say when it is not: what is missing, where to get it, which files to download (translated).
QString missingCheckpointText(const LessonImport& imp);
QString builtinLessonPath(const QString& id);  // its resource path
// A lesson file's bytes, as loadLesson reads them (`where` names the file in messages and becomes modelFile when
// the bytes are a model file). Every input, however hostile, gives a lesson or an error (fuzzed: fuzz/fuzz_lesson).
inline constexpr qint64 kMaxLessonJsonBytes = 16 * 1024 * 1024;
std::optional<Lesson> lessonFromBytes(const QByteArray& bytes, const QString& language, const QString& where,
                                      QString* error);
// Reads a lesson by built-in name or from a file: a lesson file (JSON), or a model file (safetensors) carrying a
// lesson in its metadata — then modelFile is set and the model, its data and history come from that file.
std::optional<Lesson> loadLesson(const QString& nameOrPath, const QString& language, QString* error);
