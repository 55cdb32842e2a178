// screen.h — a test's screen, offscreen, of the size a lecture hall or a laptop has: GLASSBOX_TEST_SCREEN=
// WIDTHxHEIGHT[@RATIO] (e.g. "1024x768", or "1920x1080@2" for a 4K screen at device-pixel ratio 2), else `fallback`.
// Call before the QApplication is made; `dir` holds the screen's description while the test runs.
#pragma once

#include <QByteArray>
#include <QFile>
#include <QList>
#include <QString>
#include <QTemporaryDir>

inline bool useTestScreen(const QTemporaryDir& dir, const QByteArray& fallback) {
  const QByteArray spec = qgetenv("GLASSBOX_TEST_SCREEN").isEmpty() ? fallback : qgetenv("GLASSBOX_TEST_SCREEN");
  const QList<QByteArray> sizeRatio = spec.split('@');
  const QList<QByteArray> wh = sizeRatio[0].split('x');
  const QString config = dir.filePath(QStringLiteral("screen.json"));
  QFile f(config);
  if (!f.open(QIODevice::WriteOnly)) return false;
  f.write(QStringLiteral("{\"screens\": [{\"name\": \"Screen\", \"x\": 0, \"y\": 0, \"width\": %1, \"height\": %2, "
                         "\"logicalDpi\": 96, \"logicalBaseDpi\": 96, \"dpr\": %3}]}")
              .arg(QString::fromLatin1(wh.value(0)), QString::fromLatin1(wh.value(1)),
                   QString::fromLatin1(sizeRatio.value(1, "1")))
              .toUtf8());
  f.close();
  qputenv("QT_QPA_PLATFORM", QByteArray("offscreen:configfile=") + config.toLocal8Bit());
  return true;
}
