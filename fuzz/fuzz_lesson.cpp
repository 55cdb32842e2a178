// fuzz_lesson — the lesson-file reader: a lesson as JSON, or a model file carrying one in its metadata
// (lessonFromBytes, exactly what File → Open Lesson and `glassbox --lesson FILE` read). Any input gives a lesson
// or a message; a lesson that reads survives its own writer (lessonToJson) with the same beats.
#include "controllers/lesson.h"

#include <QByteArray>
#include <QString>

#include <cstdint>
#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char*>(data), qsizetype(size));
  QString error;
  auto l = lessonFromBytes(bytes, QStringLiteral("en"), QStringLiteral("fuzz.glassbox-lesson"), &error);
  if (!l) {
    if (error.isEmpty()) std::abort();  // refused, always with a reason
    return 0;
  }
  QString again;
  auto back = parseLesson(lessonToJson(*l), QStringLiteral("en"), QStringLiteral("again"), &again,
                          /*withModel=*/!l->modelFile.isEmpty());
  if (!back || back->beats.size() != l->beats.size()) std::abort();
  for (qsizetype i = 0; i < l->beats.size(); ++i)
    if (back->beats[i].tab != l->beats[i].tab || back->beats[i].view != l->beats[i].view) std::abort();
  return 0;
}
