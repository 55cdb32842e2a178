// mime_probe FILE… — prints "<name> <MIME type>" for each file as Qt's QMimeDatabase (the freedesktop.org
// shared-mime-info database of XDG_DATA_DIRS) sees it; install_check.cmake asks it about Glassbox's types.
#include <QCoreApplication>
#include <QFileInfo>
#include <QMimeDatabase>

#include <cstdio>

int main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  const QMimeDatabase db;
  for (int i = 1; i < argc; ++i) {
    const QString path = QString::fromLocal8Bit(argv[i]);
    std::printf("%s %s\n", qPrintable(QFileInfo(path).fileName()), qPrintable(db.mimeTypeForFile(path).name()));
  }
  return 0;
}
