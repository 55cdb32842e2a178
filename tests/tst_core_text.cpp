// Tokenizers and built-in tasks.
#include "core/text/tasks.h"
#include "core/text/tokenizer.h"

#include <QElapsedTimer>
#include <QtTest>

using namespace gb;

class TestText : public QObject {
  Q_OBJECT
 private slots:
  void round_trip_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QString>("text");
    for (int k = 0; k < 3; ++k) {
      const char* names[] = {"char", "word", "bpe"};
      QTest::newRow((std::string(names[k]) + ": umlauts").c_str()) << k << QString("Ich will ein Auto kaufen — äöüß ÄÖÜ!");
      QTest::newRow((std::string(names[k]) + ": spacing").c_str()) << k << QString("  two  spaces,\ttab\nnew line.  ");
      QTest::newRow((std::string(names[k]) + ": punctuation").c_str()) << k << QString("Hi. Hallo! \"Quote\" (x)? 23+58=81");
    }
  }
  void round_trip() {
    QFETCH(int, kind);
    QFETCH(QString, text);
    const std::string s = text.toStdString();
    const Tokenizer t = Tokenizer::build(TokenizerKind(kind), {s, "more text for the merges, more text"}, 1, 60);
    const Encoded e = t.encode(s);
    QCOMPARE(e.unknown, 0);
    QCOMPARE(QString::fromStdString(t.decode(e.ids)), text);
    // JSON round trip keeps the behaviour
    auto back = Tokenizer::from_json(t.to_json(), "tokenizer");
    QVERIFY(back.ok());
    QCOMPARE(back->encode(s).ids, e.ids);
    QCOMPARE(back->size(), t.size());
  }

  void specials_and_unknowns() {
    const Tokenizer t = Tokenizer::build(TokenizerKind::Char, {"abcab"}, 1);
    QCOMPARE(t.token(0), std::string("<pad>"));
    QCOMPARE(t.token(1), std::string("<bos>"));
    QCOMPARE(t.token(2), std::string("<eos>"));
    QCOMPARE(t.token(3), std::string("<unk>"));
    QCOMPARE(t.size(), 7);
    QCOMPARE(t.token(4), std::string("a"));  // most frequent first
    QCOMPARE(t.count(4), int64_t(2));
    const Encoded e = t.encode("abxcäb");
    QCOMPARE(e.unknown, 2);  // reported, never dropped
    QCOMPARE(int(e.ids.size()), 6);
    QCOMPARE(e.ids[2], Tokenizer::kUnk);
    QCOMPARE(e.unknown_pieces, (std::vector<std::string>{"x", "ä"}));
    QCOMPARE(t.decode(e.ids), std::string("ab\xEF\xBF\xBD" "c\xEF\xBF\xBD" "b"));
    QCOMPARE(t.decode({1, 4, 5, 2}, true), std::string("<bos>ab<eos>"));
  }

  void min_count() {
    const Tokenizer t = Tokenizer::build(TokenizerKind::Word, {"the cat and the dog and the bird"}, 2);
    QVERIFY(t.id_of("▁the") >= 0);
    QVERIFY(t.id_of("▁and") >= 0);
    QCOMPARE(t.id_of("▁cat"), -1);
    QCOMPARE(t.encode(" the cat").unknown, 1);  // "▁the" is known, "▁cat" (seen once) is not
  }

  void word_pieces() {
    const Tokenizer t = Tokenizer::build(TokenizerKind::Word, {"I want to buy a car."}, 1);
    std::vector<std::string> pieces;
    for (int id : t.encode("I want to buy a car.").ids) pieces.push_back(t.token(id));
    QCOMPARE(pieces, (std::vector<std::string>{"I", "▁want", "▁to", "▁buy", "▁a", "▁car", "."}));
  }

  void bpe_learns_subwords() {
    std::vector<std::string> texts;
    for (int i = 0; i < 20; ++i) texts.push_back("lower lowest newer newest wider widest");
    const Tokenizer t = Tokenizer::build(TokenizerKind::Bpe, texts, 1, 40);
    QVERIFY(t.size() <= 40);
    // the most frequent pairs merge first: w+e (lower, lowest, newer, newest), s+t (…est), then longer pieces
    QVERIFY(t.id_of("we") >= 0);
    QVERIFY(t.id_of("st") >= 0);
    QVERIFY(t.id_of("▁widest") >= 0);
    const Encoded e = t.encode("lowest newest");
    QVERIFY(e.ids.size() < std::string("lowest newest").size());  // fewer tokens than characters
    QCOMPARE(t.decode(e.ids), std::string("lowest newest"));
    QCOMPARE(t.encode("zlowest").unknown, 1);  // z was never seen → <unk>, reported
  }

  // A data line of 200,000 characters without a space (the monkey's hostile file) is one "word": BPE merges it in
  // pieces of kBpeMaxWord characters, so encoding it takes milliseconds, not hours, and still gives the text back.
  void bpe_encodes_a_huge_word_in_bounded_time() {
    std::vector<std::string> texts;
    for (int i = 0; i < 20; ++i) texts.push_back("abababab abab ab");
    const Tokenizer t = Tokenizer::build(TokenizerKind::Bpe, texts, 1, 12);
    std::string huge;
    for (int i = 0; i < 100000; ++i) huge += "ab";
    QElapsedTimer clock;  // not asserted (no timed tests): the quadratic merge loop would not finish at all here
    clock.start();
    const Encoded e = t.encode(huge);
    qInfo("a 200,000-character word encoded in %lld ms", static_cast<long long>(clock.elapsed()));
    QCOMPARE(e.unknown, 0);
    QCOMPARE(t.decode(e.ids), huge);
    QVERIFY(e.ids.size() < huge.size() / 4);  // merged within each piece
    // a word of up to kBpeMaxWord characters merges exactly as before: one piece
    const std::string word = huge.substr(0, Tokenizer::kBpeMaxWord);
    QCOMPARE(t.encode(word).ids.size(), t.encode(huge.substr(0, 2 * Tokenizer::kBpeMaxWord)).ids.size() / 2);
  }

  void tasks_are_correct_and_deterministic_data() {
    QTest::addColumn<QString>("task");
    for (const auto& t : task_list()) QTest::newRow(t.name.c_str()) << QString::fromStdString(t.name);
  }
  void tasks_are_correct_and_deterministic() {
    QFETCH(QString, task);
    const std::string name = task.toStdString();
    auto a = generate_task(name, 300, 5), b = generate_task(name, 300, 5), c = generate_task(name, 300, 6);
    QVERIFY(a.ok() && b.ok() && c.ok());
    QCOMPARE(a->size(), size_t(300));
    bool differs = false;
    for (size_t i = 0; i < a->size(); ++i) {
      QCOMPARE((*a)[i].source, (*b)[i].source);
      differs |= (*a)[i].source != (*c)[i].source;
      const std::string& s = (*a)[i].source;
      const std::string& t = (*a)[i].target;
      QVERIFY(!s.empty() && !t.empty());
      if (name == "copy") QCOMPARE(t, s);
      if (name == "reverse") QCOMPARE(t, std::string(s.rbegin(), s.rend()));
      if (name == "sort") { std::string x = s; std::sort(x.begin(), x.end()); QCOMPARE(t, x); }
      if (name == "add") {
        const auto plus = s.find('+');
        QCOMPARE(std::stoi(t), std::stoi(s.substr(0, plus)) + std::stoi(s.substr(plus + 1)));
      }
      if (name == "date") {
        QCOMPARE(int(s.size()), 10);
        QCOMPARE(t, s.substr(8, 2) + "." + s.substr(5, 2) + "." + s.substr(0, 4));
      }
    }
    QVERIFY(differs);
  }

  void translation_grammar() {
    auto pairs = generate_task("translate", 2000, 1);
    QVERIFY(pairs.ok());
    bool seen = false;
    for (const auto& p : *pairs) {
      if (p.source == "I want to buy a car") {
        QCOMPARE(p.target, std::string("Ich will ein Auto kaufen"));
        seen = true;
      }
      if (p.source == "he wants to see the dog") QCOMPARE(p.target, std::string("er will den Hund sehen"));
      if (p.source == "we have a cat") QCOMPARE(p.target, std::string("wir haben eine Katze"));
      if (p.source == "you want to find the lamp") QCOMPARE(p.target, std::string("du willst die Lampe finden"));
    }
    QVERIFY2(seen, "the running example of seed 004 is a valid pair");
  }
};

QTEST_GUILESS_MAIN(TestText)
#include "tst_core_text.moc"
