// lesson.h — a lesson: how to make its model (a recipe: data, model, training, all from fixed seeds) and its
// beats, each a state of the workbench with a caption (the tab and that tab's view settings). Read from a lesson
// file (JSON, docs/lesson-file.md); the built-in lessons are such files, in the resources.
//
// Widget-free. A file that is not a lesson, or a field that is missing or out of range, is refused with a message
// that names the field and what was expected; nothing is half-read.
#pragma once

#include <QJsonObject>
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
};

struct LessonBeat {
  QString caption;        // in the language of the window (from "en"/"de")
  QString tab;            // attention, masks, parameters, decoding, algorithm, training
  QJsonObject attention;  // probe, kind (bidirectional|causal|cross), layer (1-based), head (1-based or "average"),
                          // mode (weights|scores)
  QJsonObject decoding;   // input, tau (a number or "inf"), top_k, top_p, seed, steps (tokens to decode)
  QJsonObject algorithm;  // input, line (1-based: run until this line is next)
};

struct Lesson {
  QString id;
  QString title, summary;  // in the language of the window
  QString picture;         // a resource path, or empty
  LessonRecipe recipe;
  QList<LessonBeat> beats;
};

// Parses a lesson file's contents; language is "en" or "de" (texts fall back to English). `where` names the file
// in messages.
std::optional<Lesson> parseLesson(const QByteArray& json, const QString& language, const QString& where,
                                  QString* error);

// The built-in lessons, in the order the Start page shows them.
QStringList builtinLessonIds();
QString builtinLessonPath(const QString& id);  // its resource path
// Reads a lesson by built-in name or from a file.
std::optional<Lesson> loadLesson(const QString& nameOrPath, const QString& language, QString* error);
