#include "core/text/tasks.h"

#include <algorithm>
#include <cstdio>

namespace gb {

const std::vector<TaskInfo>& task_list() {
  static const std::vector<TaskInfo> tasks = {
      {"copy", "copy a string of letters: abc → abc", TokenizerKind::Char, 2, 4, 64, 128, 8000, 200, 1000},
      {"reverse", "reverse a string of letters: abc → cba", TokenizerKind::Char, 2, 4, 64, 128, 8000, 200, 1500},
      {"sort", "sort the letters of a string: cab → abc", TokenizerKind::Char, 2, 4, 64, 128, 8000, 200, 1500},
      {"add", "add two numbers: 23+58 → 81", TokenizerKind::Char, 2, 4, 64, 256, 8000, 200, 3000},
      {"date", "convert a date: 2024-03-15 → 15.03.2024", TokenizerKind::Char, 2, 4, 64, 128, 8000, 200, 1500},
      {"translate", "English → German: I want to buy a car → Ich will ein Auto kaufen", TokenizerKind::Word, 2, 4,
       64, 128, 4000, 200, 1500},
  };
  return tasks;
}

Result<TaskInfo> find_task(const std::string& name) {
  for (const auto& t : task_list())
    if (t.name == name) return t;
  std::string names;
  for (const auto& t : task_list()) names += (names.empty() ? "" : ", ") + t.name;
  return Error(ErrorCode::UnknownTask, {{"task", name}, {"tasks", names}});
}

std::string joined_sequence(const TextPair& p) { return p.source + kTaskSeparator + p.target; }

static std::string letters(Rng& r, int min_len, int max_len) {
  const int n = min_len + int(r.below(uint64_t(max_len - min_len + 1)));
  std::string s;
  for (int i = 0; i < n; ++i) s += char('a' + r.below(10));
  return s;
}

namespace grammar {
struct Subject { const char* en; const char* de; int person; };  // person: index into conjugation tables
const Subject kSubjects[] = {{"I", "Ich", 0}, {"you", "du", 1}, {"he", "er", 2}, {"she", "sie", 2},
                             {"we", "wir", 3}, {"they", "sie", 4}};
const char* kWantEn[] = {"want", "want", "wants", "want", "want"};
const char* kWantDe[] = {"will", "willst", "will", "wollen", "wollen"};
const char* kHaveEn[] = {"have", "have", "has", "have", "have"};
const char* kHaveDe[] = {"habe", "hast", "hat", "haben", "haben"};
struct Verb { const char* en; const char* de; };
const Verb kVerbs[] = {{"buy", "kaufen"}, {"see", "sehen"}, {"sell", "verkaufen"}, {"find", "finden"},
                       {"paint", "malen"}, {"visit", "besuchen"}};
enum Gender { M, F, N };
struct Noun { const char* en; const char* de; Gender g; };
const Noun kNouns[] = {{"car", "Auto", N}, {"book", "Buch", N}, {"house", "Haus", N}, {"dog", "Hund", M},
                       {"cat", "Katze", F}, {"apple", "Apfel", M}, {"bike", "Fahrrad", N}, {"table", "Tisch", M},
                       {"lamp", "Lampe", F}, {"garden", "Garten", M}};
// accusative articles: indefinite, definite
const char* kIndef[] = {"einen", "eine", "ein"};
const char* kDef[] = {"den", "die", "das"};
}  // namespace grammar

static TextPair translate_pair(Rng& r) {
  using namespace grammar;
  const Subject& s = kSubjects[r.below(6)];
  const Noun& n = kNouns[r.below(10)];
  const bool definite = r.below(2) == 1;
  const std::string art_en = definite ? "the" : "a";
  const std::string art_de = definite ? kDef[n.g] : kIndef[n.g];
  if (r.below(3) == 0) {  // "I have a car" → "Ich habe ein Auto"
    return {std::string(s.en) + " " + kHaveEn[s.person] + " " + art_en + " " + n.en,
            std::string(s.de) + " " + kHaveDe[s.person] + " " + art_de + " " + n.de};
  }
  const Verb& v = kVerbs[r.below(6)];  // "I want to buy a car" → "Ich will ein Auto kaufen"
  return {std::string(s.en) + " " + kWantEn[s.person] + " to " + v.en + " " + art_en + " " + n.en,
          std::string(s.de) + " " + kWantDe[s.person] + " " + art_de + " " + n.de + " " + v.de};
}

Result<std::vector<TextPair>> generate_task(const std::string& name, int n, uint64_t seed, const Progress& progress) {
  auto info = find_task(name);
  if (!info) return info.error();
  if (n < 0) return Error(ErrorCode::NegativeExampleCount);
  Rng r(seed ^ 0x7a5c0de5ULL);
  std::vector<TextPair> out;
  out.reserve(size_t(n));
  for (int i = 0; i < n; ++i) {
    if (progress && i % 4096 == 0 && !progress(uint64_t(i), uint64_t(n))) return Error(ErrorCode::LoadingCancelled);
    TextPair p;
    if (name == "copy") {
      p.source = letters(r, 3, 8);
      p.target = p.source;
    } else if (name == "reverse") {
      p.source = letters(r, 3, 8);
      p.target = std::string(p.source.rbegin(), p.source.rend());
    } else if (name == "sort") {
      p.source = letters(r, 3, 8);
      p.target = p.source;
      std::sort(p.target.begin(), p.target.end());
    } else if (name == "add") {
      const int a = int(r.below(100)), b = int(r.below(100));
      p.source = std::to_string(a) + "+" + std::to_string(b);
      p.target = std::to_string(a + b);
    } else if (name == "date") {
      const int y = 1950 + int(r.below(100)), m = 1 + int(r.below(12));
      const int days[] = {31, (y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)) ? 29 : 28, 31, 30, 31, 30,
                          31, 31, 30, 31, 30, 31};
      const int d = 1 + int(r.below(uint64_t(days[m - 1])));
      char a[32], b[32];
      std::snprintf(a, sizeof a, "%04d-%02d-%02d", y, m, d);
      std::snprintf(b, sizeof b, "%02d.%02d.%04d", d, m, y);
      p.source = a;
      p.target = b;
    } else {
      p = translate_pair(r);
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace gb
