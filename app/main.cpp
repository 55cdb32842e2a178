// glassbox — the workbench GUI.
#include "appicon.h"
#include "language.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Glassbox"));
  QApplication::setApplicationName(QStringLiteral("Glassbox"));
  QApplication::setApplicationVersion(QStringLiteral(GLASSBOX_VERSION));
  QApplication::setWindowIcon(glassboxIcon());

  // The language must be known before any translated text is made, so look for --language first.
  QString lang = language::stored();
  const QStringList args = QCoreApplication::arguments();
  for (int i = 1; i < args.size(); ++i) {
    if (args[i] == QLatin1String("--language") && i + 1 < args.size()) lang = args[i + 1];
    else if (args[i].startsWith(QLatin1String("--language="))) lang = args[i].mid(11);
  }
  language::install(app, lang);

  QCommandLineParser parser;
  parser.setApplicationDescription(QCoreApplication::translate("main", "A transformer you can see through."));
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addOption({QStringLiteral("language"),
                    QCoreApplication::translate("main", "Use this language for this run: system, en or de."),
                    QCoreApplication::translate("main", "code")});
  parser.process(app);

  MainWindow w;
  w.show();
  return app.exec();
}
