// language.h — the UI language: System (follow the desktop), English or Deutsch. The choice is stored in
// QSettings ("ui/language") and applies when the application starts.
#pragma once

#include <QString>

class QCoreApplication;

namespace language {

inline constexpr const char* kSettingsKey = "ui/language";
// "system", "en" or "de".
QString stored();
void store(const QString& code);
// The language code that `stored()` resolves to now ("en" or "de").
QString resolve(const QString& code);
// Installs the translators for `code` on app (ours and Qt's own qtbase_*.qm when present) and makes the default
// QLocale follow an explicit choice (numbers: 2,7 in German); returns the language actually used.
QString install(QCoreApplication& app, const QString& code);

}  // namespace language
