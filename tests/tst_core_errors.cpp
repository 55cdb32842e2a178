// Errors as codes: every code has one English template, placeholders are filled from the arguments (and stay
// visible, not crash, when one is missing), and real errors still name their file, line or field.
#include "core/config.h"
#include "core/error.h"
#include "core/io/model_file.h"
#include "core/io/safetensors.h"
#include "core/text/datafile.h"

#include <QRegularExpression>
#include <QSet>
#include <QtTest>
#include <QTemporaryDir>

using namespace gb;

static QStringList placeholders(const QString& text) {
  QStringList out;
  static const QRegularExpression re(QStringLiteral("\\{([a-z_]+)\\}"));
  for (auto it = re.globalMatch(text); it.hasNext();) out << it.next().captured(1);
  return out;
}

// An unfilled "{name}" in a message means a site forgot an argument.
static bool fully_filled(const Error& e) { return placeholders(QString::fromStdString(e.message)).isEmpty(); }

class TestCoreErrors : public QObject {
  Q_OBJECT
  QTemporaryDir tmp_;
  std::string path(const char* name) { return (tmp_.path() + "/" + name).toStdString(); }

 private slots:
  void every_code_has_one_template() {
    QSet<QString> seen;
    for (int i = 0; i < int(ErrorCode::Count); ++i) {
      const QString t = QString::fromUtf8(error_template(ErrorCode(i)));
      QVERIFY2(!t.isEmpty(), qPrintable(QString("code %1 has no template").arg(i)));
      QVERIFY2(!seen.contains(t), qPrintable("two codes share the template: " + t));  // one sentence, one code
      seen.insert(t);
    }
  }

  void placeholders_are_filled_or_left_visible() {
    for (int i = 0; i < int(ErrorCode::Count); ++i) {
      const ErrorCode code = ErrorCode(i);
      const QString t = QString::fromUtf8(error_template(code));
      const QStringList names = placeholders(t);
      // no arguments: nothing crashes, and each placeholder shows as it is
      const Error bare(code);
      for (const QString& n : names)
        QVERIFY2(QString::fromStdString(bare.message).contains("{" + n + "}"), qPrintable(t));
      // every argument given: no placeholder is left, each value appears
      ErrorArgs args;
      for (const QString& n : names) args.push_back({n.toStdString(), "<" + n.toStdString() + ">"});
      const Error full(code, args);
      QVERIFY2(fully_filled(full), full.message.c_str());
      for (const QString& n : names) {
        QVERIFY(QString::fromStdString(full.message).contains("<" + n + ">"));
        QCOMPARE(full.arg(n.toStdString()), "<" + n.toStdString() + ">");
      }
    }
  }

  void context_prefixes_the_message() {
    Error e(ErrorCode::JsonFieldNotInteger, {{"field", "heads"}, {"found", "\"4\""}});
    QCOMPARE(e.message, std::string("field 'heads': expected an integer, got \"4\""));
    e.in_file("m.safetensors");
    QCOMPARE(e.message, std::string("m.safetensors: field 'heads': expected an integer, got \"4\""));
    QCOMPARE(e.file, std::string("m.safetensors"));
    Error l(ErrorCode::NotUtf8);
    l.in_file("book.txt").at_line(3);
    QCOMPARE(l.message, std::string("book.txt:3: not valid UTF-8"));
    QCOMPARE(l.line, 3);
    l.in_file("outer");  // wrapping keeps the inner place
    QCOMPARE(l.message, std::string("outer: book.txt:3: not valid UTF-8"));
    QCOMPARE(Error::plain("as it is").message, std::string("as it is"));
    QCOMPARE(e.arg("absent"), std::string());
  }

  void a_binary_data_file_names_the_file() {
    const std::string p = path("data.tsv");
    {
      QFile f(QString::fromStdString(p));
      QVERIFY(f.open(QIODevice::WriteOnly));
      f.write(QByteArray("a\tb\n\0\0garbage", 13));
    }
    auto r = load_pairs(p, MalformedPolicy::Skip);
    QVERIFY(!r.ok());
    QCOMPARE(r.error().code, ErrorCode::BinaryFile);
    QCOMPARE(r.error().file, p);
    QCOMPARE(r.error().arg("offset"), std::string("4"));
    const QString shown = QString::fromStdString(r.error().message);
    QVERIFY2(shown.startsWith(QString::fromStdString(p) + ": this looks like a binary file"), qPrintable(shown));
    QVERIFY(fully_filled(r.error()));
    // a malformed line, rejected: the file and the line
    auto bad = parse_pairs("a\tb\nno tab here\n", '\t', MalformedPolicy::Reject, "p.tsv");
    QVERIFY(!bad.ok());
    QCOMPARE(bad.error().line, 2);
    QCOMPARE(bad.error().message, std::string("p.tsv:2: expected 2 fields separated by a tab, found 1"));
  }

  void a_truncated_model_file_names_the_file() {
    Config c = Config::make(Variant::DecoderOnly, 9, 7, 0, 1, 2, 8, 12);
    const std::string good = path("good.safetensors"), cut = path("cut.safetensors");
    QVERIFY(!save_model(good, ModelFile::of(c, params_init(c, 3), {})));
    auto bytes = read_file(good);
    QVERIFY(bytes.ok());
    QVERIFY(!write_file_atomic(cut, bytes->substr(0, bytes->size() / 2)));
    auto m = load_model(cut);
    QVERIFY(!m.ok());
    QCOMPARE(m.error().file, cut);
    QVERIFY2(QString::fromStdString(m.error().message).startsWith(QString::fromStdString(cut) + ": "),
             m.error().message.c_str());
    QVERIFY(fully_filled(m.error()));
    auto tiny = parse_safetensors("abc", "tiny.safetensors");
    QVERIFY(!tiny.ok());
    QCOMPARE(tiny.error().message,
             std::string("tiny.safetensors: truncated: 3 bytes, but a safetensors file starts with an 8-byte header "
                         "length"));
  }

  void a_bad_config_field_is_named() {
    Config c = Config::make(Variant::DecoderOnly, 9, 7, 0, 1, 3, 8, 12);
    auto e = c.validate();
    QVERIFY(e.has_value());
    QCOMPARE(e->code, ErrorCode::ConfigHeadsDivide);
    QCOMPARE(e->arg("field"), std::string("d_e"));
    QCOMPARE(e->message, std::string("config field 'd_e': d_e = 8 must be divisible by the number of heads H = 3"));
    c = Config::make(Variant::DecoderOnly, 9, 7, 0, 1, 2, 8, 12);
    c.dropout = 1.5f;
    auto d = c.validate();
    QVERIFY(d.has_value());
    QCOMPARE(d->arg("field"), std::string("dropout"));
    QVERIFY2(QString::fromStdString(d->message).startsWith("config field 'dropout': expected a probability"),
             d->message.c_str());
    QVERIFY(fully_filled(*d));
  }
};

QTEST_GUILESS_MAIN(TestCoreErrors)
#include "tst_core_errors.moc"
