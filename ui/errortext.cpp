#include "errortext.h"

#include "memorylimit.h"

#include <QCoreApplication>

namespace {
// The C library's reasons (strerror) that a user meets when a file cannot be read or written, for translation.
[[maybe_unused]] const char* const kSystemReasons[] = {
    QT_TRANSLATE_NOOP("SystemError", "No such file or directory"),
    QT_TRANSLATE_NOOP("SystemError", "Permission denied"),
    QT_TRANSLATE_NOOP("SystemError", "Is a directory"),
    QT_TRANSLATE_NOOP("SystemError", "No space left on device"),
    QT_TRANSLATE_NOOP("SystemError", "Read-only file system"),
    QT_TRANSLATE_NOOP("SystemError", "Not a directory"),
    QT_TRANSLATE_NOOP("SystemError", "Disk quota exceeded"),
    QT_TRANSLATE_NOOP("SystemError", "Input/output error"),
};
}  // namespace

QString errorTemplateText(const std::string& englishTemplate, const gb::ErrorArgs& args) {
  // The arguments are file names, numbers and tokens: they stay as they are — except a system reason, which is a
  // sentence of the C library. The placeholders are filled after translating, so a translation may reorder them.
  const QString tmpl = QCoreApplication::translate("gb::Error", englishTemplate.c_str());
  gb::ErrorArgs shown = args;
  for (auto& [name, value] : shown)
    if (name == "reason") value = QCoreApplication::translate("SystemError", value.c_str()).toStdString();
  return QString::fromStdString(gb::fill_error_template(tmpl.toStdString(), shown));
}

QString errorText(const gb::Error& e) {
  gb::ErrorArgs args = e.args;
  const std::string causeCode = e.arg("cause_code");
  const int code = causeCode.empty() ? -1 : std::stoi(causeCode);
  if (code >= 0 && code < int(gb::ErrorCode::Count)) {  // translate the cause too, and put it where the English has it
    gb::ErrorArgs causeArgs;
    args.clear();
    for (const auto& [k, v] : e.args) {
      if (k.rfind("cause.", 0) == 0) causeArgs.push_back({k.substr(6), v});
      else if (k != "cause_code" && k != "problem") args.push_back({k, v});
    }
    args.push_back({"problem", errorText(gb::Error(gb::ErrorCode(code), causeArgs)).toStdString()});
  }
  QString text = errorTemplateText(gb::error_template(e.code), args);
  // the limit a check met is the cap less what running work holds (MemoryLimit::reserve): say so, or "the limit is
  // 1,000 MB" reads wrong beside a cap of 3,072
  const bool memory = e.code == gb::ErrorCode::PlanMemory || e.code == gb::ErrorCode::DecodeMemory ||
                      e.code == gb::ErrorCode::TraceMemory;
  if (memory && MemoryLimit::reservedBytes() > 0 && MemoryLimit::settingsCapBytes() > 0)
    text += QLatin1Char(' ') + QCoreApplication::translate("MemoryLimit",
                                                           "Work still running holds %1 MB of the memory cap.")
                                   .arg(MemoryLimit::reservedBytes() / (1024 * 1024));
  const QString where = QString::fromStdString(e.where());
  return where.isEmpty() ? text : where + QStringLiteral(": ") + text;
}
