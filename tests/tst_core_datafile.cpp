// Data files: TSV/CSV pairs (CRLF, quotes, empty and malformed lines), plain text, binary and empty files, the
// ℓ_max policies, and the real English–German file when ../shared/data is there.
#include "core/text/datafile.h"

#include "core/family.h"
#include "core/io/model_file.h"
#include "core/model/params.h"
#include "core/text/prepare.h"

#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

using namespace gb;

class TestDatafile : public QObject {
  Q_OBJECT
 private slots:
  void pairs_parse() {
    const std::string text =
        "\xEF\xBB\xBFGo.\tGeh.\r\n"
        "\r\n"
        "\"Hi, you\"\t\"Hallo, \"\"du\"\"\"\r\n"
        "Multi\t\"line\none\"\n"
        "I want to buy a car.\tIch will ein Auto kaufen.";
    auto r = parse_pairs(text, '\t', MalformedPolicy::Reject, "pairs.tsv");
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->pairs.size(), size_t(4));
    QCOMPARE(r->pairs[0].source, std::string("Go."));
    QCOMPARE(r->pairs[0].target, std::string("Geh."));
    QCOMPARE(r->pairs[1].source, std::string("Hi, you"));
    QCOMPARE(r->pairs[1].target, std::string("Hallo, \"du\""));
    QCOMPARE(r->pairs[2].target, std::string("line\none"));
    QCOMPARE(r->pairs[3].target, std::string("Ich will ein Auto kaufen."));
    auto csv = parse_pairs("a,b\n\"c,d\",e\n", ',', MalformedPolicy::Reject, "p.csv");
    QVERIFY(csv.ok());
    QCOMPARE(csv->pairs[1].source, std::string("c,d"));
  }

  void malformed_data() {
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<QString>("message");
    QTest::addColumn<int>("kept");
    QTest::newRow("one field") << QByteArray("a\tb\nlonely\nc\td\n") << "pairs.tsv:2: expected 2 fields separated by a tab, found 1" << 2;
    QTest::newRow("three fields") << QByteArray("a\tb\tc\nc\td\n") << "pairs.tsv:1: expected 2 fields" << 1;
    QTest::newRow("open quote") << QByteArray("a\tb\n\"open\tx\n") << "pairs.tsv:2: a quoted field is not closed" << 1;
    QTest::newRow("bad UTF-8") << QByteArray("a\tb\n\xff\tc\n") << "pairs.tsv:2: not valid UTF-8" << 1;
    QTest::newRow("empty target") << QByteArray("a\t\nc\td\n") << "pairs.tsv:1: the target is empty" << 1;
    QTest::newRow("text after quote") << QByteArray("\"a\"b\tc\nc\td\n") << "pairs.tsv:1: text after a closing quote" << 1;
  }
  void malformed() {
    QFETCH(QByteArray, text);
    QFETCH(QString, message);
    QFETCH(int, kept);
    auto rej = parse_pairs(text.toStdString(), '\t', MalformedPolicy::Reject, "pairs.tsv");
    QVERIFY(!rej.ok());
    QVERIFY2(QString::fromStdString(rej.error().message).startsWith(message), rej.error().message.c_str());
    auto skip = parse_pairs(text.toStdString(), '\t', MalformedPolicy::Skip, "pairs.tsv");
    QVERIFY(skip.ok());
    QCOMPARE(int(skip->pairs.size()), kept);
    QCOMPARE(int(skip->skipped.size()), 1);
  }

  void empty_and_binary() {
    auto e = parse_pairs("", '\t', MalformedPolicy::Skip, "empty.tsv");
    QVERIFY(!e.ok());
    QVERIFY(QString::fromStdString(e.error().message).contains("empty.tsv: the file is empty"));
    auto b = parse_pairs(std::string("PK\x03\x04\0\0ab", 8), '\t', MalformedPolicy::Skip, "data.zip");
    QVERIFY(!b.ok());
    QVERIFY(QString::fromStdString(b.error().message).contains("binary file"));
    auto t = check_text(std::string("ok\n\xc3\x28 no\n"), "book.txt");
    QVERIFY(!t.ok());
    QVERIFY(QString::fromStdString(t.error().message).contains("book.txt:2: not valid UTF-8"));
    auto only_bad = parse_pairs("x\ny\n", '\t', MalformedPolicy::Skip, "p.tsv");
    QVERIFY(!only_bad.ok());
    QVERIFY(QString::fromStdString(only_bad.error().message).contains("no usable pairs (2 malformed, first at line 1"));
  }

  // A model file given as data is called what it is, for either layout (it was "a plain text file")
  void a_model_file_is_not_data() {
    QTemporaryDir dir;
    const std::string path = dir.filePath(QStringLiteral("m.safetensors")).toStdString();
    const Config c = family_config(Variant::Bigram, 6, 8);
    QVERIFY(!save_model(path, ModelFile::of(c, params_init(c, 1))));
    for (Variant v : {Variant::EncoderDecoder, Variant::DecoderOnly}) {
      PrepareOptions o;
      o.variant = v;
      auto d = prepare_file(path, o);
      QVERIFY(!d);
      QCOMPARE(int(d.error().code), int(ErrorCode::DataIsModelFile));
      QVERIFY(d.error().message.find("m.safetensors") != std::string::npos);
    }
  }

  void progress_and_cancel() {
    std::string big;
    for (int i = 0; i < 200000; ++i) big += "source text\ttarget text\n";
    int calls = 0;
    auto ok = parse_pairs(big, '\t', MalformedPolicy::Reject, "big.tsv", [&](uint64_t done, uint64_t total) {
      ++calls;
      return done <= total;
    });
    QVERIFY(ok.ok());
    QVERIFY(calls >= 3);
    auto cancelled = parse_pairs(big, '\t', MalformedPolicy::Reject, "big.tsv", [](uint64_t, uint64_t) { return false; });
    QVERIFY(!cancelled.ok());
    QVERIFY(QString::fromStdString(cancelled.error().message).contains("cancelled"));
  }

  void length_policies() {
    const std::vector<TextPair> pairs = {{"abc", "cba"}, {"abcdefgh", "hgfedcba"}};
    const Tokenizer tok = Tokenizer::build(TokenizerKind::Char, {"abcdefgh>"}, 1);
    Config c = Config::make(Variant::EncoderDecoder, tok.size(), 6, 1, 1, 1, 4, 4);
    DatasetReport r;
    auto rej = examples_from_pairs(pairs, tok, c, LengthPolicy::Reject, &r);
    QVERIFY(!rej.ok());
    QVERIFY(QString::fromStdString(rej.error().message).contains("example 2 has 10 tokens, more than ℓ_max = 6"));
    DatasetReport rf;
    auto filt = examples_from_pairs(pairs, tok, c, LengthPolicy::Filter, &rf);
    QVERIFY(filt.ok());
    QCOMPARE(filt->size(), size_t(1));
    QCOMPARE(rf.too_long, 1);
    QCOMPARE(rf.longest, 10);
    QCOMPARE((*filt)[0].x.front(), Tokenizer::kBos);
    QCOMPARE((*filt)[0].x.back(), Tokenizer::kEos);
    auto trunc = examples_from_pairs(pairs, tok, c, LengthPolicy::Truncate, nullptr);
    QVERIFY(trunc.ok());
    QCOMPARE((*trunc)[1].x.size(), size_t(6));
    QCOMPARE((*trunc)[1].z.size(), size_t(6));
    // decoder-only: one sequence "source>target"
    Config d = Config::make(Variant::DecoderOnly, tok.size(), 20, 0, 1, 1, 4, 4);
    auto dex = examples_from_pairs({{"abc", "cba"}}, tok, d, LengthPolicy::Reject, nullptr);
    QVERIFY(dex.ok());
    std::vector<int> inner((*dex)[0].x.begin() + 1, (*dex)[0].x.end() - 1);
    QCOMPARE(tok.decode(inner), std::string("abc>cba"));
    // unknown pieces are counted and sampled
    DatasetReport ru;
    QVERIFY(examples_from_pairs({{"abz", "q"}}, tok, c, LengthPolicy::Reject, &ru).ok());
    QCOMPARE(ru.unknown_tokens, int64_t(2));
    QCOMPARE(ru.unknown_samples, (std::vector<std::string>{"z", "q"}));
  }

  void real_english_german() {
    const QString path = QStringLiteral(GLASSBOX_SHARED_DATA "/eng-deu-50k.tsv");
    if (!QFile::exists(path)) QSKIP("../shared/data/eng-deu-50k.tsv is not here (it is test data, not product data)");
    QElapsedTimer t;
    t.start();
    auto r = load_pairs(path.toStdString(), MalformedPolicy::Reject);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->pairs.size(), size_t(50001));  // SOURCES.md says 50,000; the file holds 50,001 pairs
    QCOMPARE(r->pairs.back().target, std::string("Hier hat niemand ein Auto."));
    qInfo("eng-deu-50k.tsv: %zu pairs in %lld ms", r->pairs.size(), t.elapsed());
    std::vector<std::string> texts;
    for (const auto& p : r->pairs) texts.push_back(p.source + "\n" + p.target);
    const Tokenizer tok = Tokenizer::build(TokenizerKind::Word, texts, 2);
    const Encoded e = tok.encode("Ich will ein Auto kaufen.");
    QCOMPARE(e.unknown, 0);
    QCOMPARE(tok.decode(e.ids), std::string("Ich will ein Auto kaufen."));
  }

  void real_text() {
    const QString path = QStringLiteral(GLASSBOX_SHARED_DATA "/tinyshakespeare.txt");
    if (!QFile::exists(path)) QSKIP("../shared/data/tinyshakespeare.txt is not here");
    auto text = load_text(path.toStdString());
    QVERIFY(text.ok());
    QCOMPARE(text->size(), size_t(1115394));
    const Tokenizer tok = Tokenizer::build(TokenizerKind::Char, {*text}, 1);
    QCOMPARE(tok.size(), 65 + Tokenizer::kSpecials);
  }
};

QTEST_GUILESS_MAIN(TestDatafile)
#include "tst_core_datafile.moc"
