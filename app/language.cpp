#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace language {

namespace {
QTranslator* gOurs = nullptr;  // what install() put in place, removed by the next install()
QTranslator* gQt = nullptr;
QString gCurrent = QStringLiteral("en");
}  // namespace

QString stored() {
  const QString v = QSettings().value(kSettingsKey, QStringLiteral("system")).toString();
  return (v == QLatin1String("en") || v == QLatin1String("de")) ? v : QStringLiteral("system");
}

QString current() { return gCurrent; }

void store(const QString& code) { QSettings().setValue(kSettingsKey, code); }

QString resolve(const QString& code) {
  if (code == QLatin1String("en") || code == QLatin1String("de")) return code;
  return QLocale::system().language() == QLocale::German ? QStringLiteral("de") : QStringLiteral("en");
}

QString install(QCoreApplication& app, const QString& code) {
  const QString lang = resolve(code);
  // Numbers follow the UI language (2,7 MB in German); "system" keeps the system's locale.
  if (code == QLatin1String("de")) QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
  else if (code == QLatin1String("en")) QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
  else QLocale::setDefault(QLocale::system());
  // the language the window is in from now on: set before the translators change, so the LanguageChange they send
  // finds it
  gCurrent = lang;
  for (QTranslator** t : {&gOurs, &gQt})
    if (*t) {
      app.removeTranslator(*t);
      delete *t;
      *t = nullptr;
    }
  if (lang == QLatin1String("en")) return lang;  // English is the source language (a removal said LanguageChange)
  auto* ours = new QTranslator(&app);
  if (ours->load(QStringLiteral(":/i18n/glassbox_%1.qm").arg(lang)) && app.installTranslator(ours)) gOurs = ours;
  else delete ours;
  // Qt's own strings (standard buttons, About Qt), when the system has them.
  auto* qt = new QTranslator(&app);
  if (qt->load(QStringLiteral("qtbase_%1").arg(lang), QLibraryInfo::path(QLibraryInfo::TranslationsPath)) &&
      app.installTranslator(qt))
    gQt = qt;
  else delete qt;
  return lang;
}

}  // namespace language
