#include "tasknames.h"

#include "core/text/tasks.h"

#include <QCoreApplication>

namespace {

struct TaskText {
  const char* name;
  const char* display;
  const char* description;
};

// One row per task of gb::task_list() and the phoneme task; the English display name is the identifier itself.
constexpr TaskText kTasks[] = {
    {"copy", QT_TRANSLATE_NOOP("TaskNames", "copy"), QT_TRANSLATE_NOOP("TaskNames", "Copy a string of letters: abc → abc")},
    {"reverse", QT_TRANSLATE_NOOP("TaskNames", "reverse"),
     QT_TRANSLATE_NOOP("TaskNames", "Reverse a string of letters: abc → cba")},
    {"sort", QT_TRANSLATE_NOOP("TaskNames", "sort"),
     QT_TRANSLATE_NOOP("TaskNames", "Sort the letters of a string: cab → abc")},
    {"add", QT_TRANSLATE_NOOP("TaskNames", "add"), QT_TRANSLATE_NOOP("TaskNames", "Add two numbers: 23+58 → 81")},
    {"date", QT_TRANSLATE_NOOP("TaskNames", "date"),
     QT_TRANSLATE_NOOP("TaskNames", "Convert a date: 2024-03-15 → 15.03.2024")},
    {"translate", QT_TRANSLATE_NOOP("TaskNames", "translate"),
     QT_TRANSLATE_NOOP("TaskNames", "English → German: I want to buy a car → Ich will ein Auto kaufen")},
    // the families that read observations (hmm-gmm): gb::kPhonemeTask
    {"phoneme", QT_TRANSLATE_NOOP("TaskNames", "phoneme"),
     QT_TRANSLATE_NOOP("TaskNames", "Sequences of 2-D points drawn from a known left-to-right HMM of three states, "
                                    "two Gaussians each: can EM find the states again?")},
};

const TaskText* find(const std::string& name) {
  for (const auto& t : kTasks)
    if (name == t.name) return &t;
  return nullptr;
}

}  // namespace

QString taskDisplayName(const std::string& name) {
  const TaskText* t = find(name);
  return t ? QCoreApplication::translate("TaskNames", t->display) : QString::fromStdString(name);
}

QString taskDescription(const std::string& name) {
  if (const TaskText* t = find(name)) return QCoreApplication::translate("TaskNames", t->description);
  auto info = gb::find_task(name);
  return info ? QString::fromStdString(info->description) : QString();
}
