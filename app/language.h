// language.h — the UI language: System (follow the desktop), English or Deutsch. The choice is stored in
// QSettings ("ui/language"); installing another language while the window is open retranslates it at once (Qt's
// LanguageChange: MainWindow rebuilds its widgets around the same controllers).
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
// QLocale follow an explicit choice (numbers: 2,7 in German); returns the language actually used. Called again, it
// replaces the translators it installed before (Qt then sends every widget a LanguageChange).
QString install(QCoreApplication& app, const QString& code);
// The language the last install() put in place ("en" or "de"; "en" before any).
QString current();

}  // namespace language
