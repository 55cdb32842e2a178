// glassbox — the workbench GUI.
#include "appicon.h"
#include "language.h"
#include "mainwindow.h"

#include <QApplication>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("Glassbox"));
  QApplication::setApplicationName(QStringLiteral("Glassbox"));
  QApplication::setApplicationVersion(QStringLiteral(GLASSBOX_VERSION));
  QApplication::setWindowIcon(glassboxIcon());
  language::install(app, language::stored());
  MainWindow w;
  w.show();
  return app.exec();
}
