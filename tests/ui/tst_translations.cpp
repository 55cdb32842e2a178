// The German translation is complete: lupdate scans ui/, app/ and the core's error templates (core/error_codes.h)
// into a copy of translations/glassbox_de.ts, so a string added to the code but not to the .ts shows up as
// unfinished here, as does any unfinished entry.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

class TestTranslations : public QObject {
  Q_OBJECT
 private slots:
  void german_is_complete() {
    const QString lupdate = qEnvironmentVariable("GLASSBOX_LUPDATE");
    const QString ts = qEnvironmentVariable("GLASSBOX_TS");
    const QStringList dirs = qEnvironmentVariable("GLASSBOX_TR_SOURCE_DIRS").split(':', Qt::SkipEmptyParts);
    QVERIFY2(QFile::exists(lupdate), qPrintable("lupdate not found: " + lupdate));
    QVERIFY2(QFile::exists(ts), qPrintable("translation file not found: " + ts));
    QTemporaryDir tmp;
    const QString copy = tmp.filePath("glassbox_de.ts");
    QVERIFY(QFile::copy(ts, copy));
    QFile::setPermissions(copy, QFile::ReadOwner | QFile::WriteOwner);
    QProcess p;
    QStringList args = dirs;
    args << "-extensions" << "cpp,h" << "-locations" << "none" << "-no-obsolete" << "-ts" << copy;
    p.start(lupdate, args);
    QVERIFY(p.waitForFinished(120000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

    QFile f(copy);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    QString context, source;
    QStringList unfinished;
    QStringList mixed;
    int messages = 0;
    while (!xml.atEnd()) {
      xml.readNext();
      if (!xml.isStartElement()) continue;
      if (xml.name() == u"name") context = xml.readElementText();
      else if (xml.name() == u"source") source = xml.readElementText();
      else if (xml.name() == u"translation") {
        const QString type = xml.attributes().value("type").toString();
        const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);  // (plural forms: numerusform)
        if (type == "vanished" || type == "obsolete") continue;
        ++messages;
        if (type == "unfinished" || text.trimmed().isEmpty()) unfinished << context + ": " + source;
        // one German term for each thing (a class hears "Query" and "Key", and reads "Kreuzaufmerksamkeit"): the
        // words a walkthrough found beside them are not used
        for (const char* other : {"Anfrage", "Cross-Attention", "Inference", "Schlüssel t_", "Schlüssel K"})
          if (text.contains(QLatin1String(other)) || text.contains(QString::fromUtf8(other)))
            mixed << context + ": " + text + "  (" + QString::fromUtf8(other) + ")";
      }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY2(messages >= 20, qPrintable(QString("only %1 messages found — did lupdate scan the sources?").arg(messages)));
    QVERIFY2(mixed.isEmpty(), qPrintable(QString("German uses another term:\n  ") + mixed.join("\n  ")));
    QVERIFY2(unfinished.isEmpty(),
             qPrintable(QString("%1 unfinished German translation(s):\n  ").arg(unfinished.size()) + unfinished.join("\n  ")));
  }
};

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
