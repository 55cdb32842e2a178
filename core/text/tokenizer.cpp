#include "core/text/tokenizer.h"

#include <algorithm>
#include <map>

namespace gb {

static const std::string kSpaceMark = "\xE2\x96\x81";  // ▁ U+2581

const char* tokenizer_name(TokenizerKind k) {
  switch (k) {
    case TokenizerKind::Char: return "char";
    case TokenizerKind::Word: return "word";
    case TokenizerKind::Bpe: return "bpe";
  }
  return "?";
}

Result<TokenizerKind> parse_tokenizer(const std::string& s) {
  if (s == "char") return TokenizerKind::Char;
  if (s == "word") return TokenizerKind::Word;
  if (s == "bpe") return TokenizerKind::Bpe;
  return Error(ErrorCode::BadTokenizerKind, {{"found", s}});
}

std::vector<std::string> utf8_chars(std::string_view s) {
  std::vector<std::string> out;
  size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    size_t len = c < 0x80 ? 1 : (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
    if (len == 0 || i + len > s.size() || !is_valid_utf8(s.substr(i, len))) {
      out.push_back("\xEF\xBF\xBD");  // U+FFFD
      ++i;
      continue;
    }
    out.emplace_back(s.substr(i, len));
    i += len;
  }
  return out;
}

static bool is_word_char(const std::string& ch) {
  if (ch.size() > 1) return ch != "\xE2\x80\x94" && ch != "\xE2\x80\x93" && ch.rfind("\xE2\x80", 0) != 0 &&
                            ch != "\xC2\xA0";  // non-ASCII letters count as letters; dashes/quotes/nbsp do not
  const char c = ch[0];
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '\'';
}
static bool is_space(const std::string& ch) { return ch == " " || ch == "\n" || ch == "\t" || ch == "\r"; }

std::vector<std::string> Tokenizer::split_pieces(std::string_view text) const {
  const auto chars = utf8_chars(text);
  if (kind_ == TokenizerKind::Char) return chars;
  // words, punctuation, whitespace; a single space before a word/punctuation folds into it as ▁
  std::vector<std::string> raw;
  for (size_t i = 0; i < chars.size();) {
    if (is_word_char(chars[i])) {
      std::string w;
      while (i < chars.size() && is_word_char(chars[i])) w += chars[i++];
      raw.push_back(w);
    } else {
      raw.push_back(chars[i++]);
    }
  }
  std::vector<std::string> out;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == " " && i + 1 < raw.size() && !is_space(raw[i + 1])) {
      out.push_back(kSpaceMark + raw[i + 1]);
      ++i;
    } else {
      out.push_back(raw[i]);
    }
  }
  return out;
}

void Tokenizer::add(const std::string& piece, int64_t count) {
  auto it = index_.find(piece);
  if (it != index_.end()) {
    counts_[size_t(it->second)] += count;
    return;
  }
  index_[piece] = int(vocab_.size());
  vocab_.push_back(piece);
  counts_.push_back(count);
}

int Tokenizer::id_of(const std::string& piece) const {
  auto it = index_.find(piece);
  return it == index_.end() ? -1 : it->second;
}

static std::string pair_key(const std::string& a, const std::string& b) { return a + '\x1f' + b; }

Tokenizer Tokenizer::build(TokenizerKind kind, const std::vector<std::string>& texts, int min_count, int bpe_vocab,
                           const Progress& progress) {
  Tokenizer t;
  t.kind_ = kind;
  for (const char* s : {"<pad>", "<bos>", "<eos>", "<unk>"}) t.add(s, 0);
  std::map<std::string, int64_t> freq;  // ordered: the vocabulary order does not depend on hashing
  const bool bpe = kind == TokenizerKind::Bpe;  // BPE: counting is the first half of the work, the merges the second
  for (size_t i = 0; i < texts.size(); ++i) {
    if (progress && i % 4096 == 0 && !progress(i, bpe ? 2 * texts.size() : texts.size())) return t;  // cancelled
    for (auto& p : t.split_pieces(texts[i])) ++freq[p];
  }
  if (!bpe) {
    // most frequent first (ties: byte order), so small ids are common tokens
    std::vector<std::pair<std::string, int64_t>> items(freq.begin(), freq.end());
    std::stable_sort(items.begin(), items.end(), [](auto& a, auto& b) { return a.second > b.second; });
    for (auto& [p, n] : items)
      if (n >= min_count) t.add(p, n);
    return t;
  }
  // BPE: words as sequences of characters; merge the most frequent adjacent pair, again and again.
  std::map<std::string, int64_t> char_freq;
  std::vector<std::pair<std::vector<std::string>, int64_t>> words;
  for (auto& [w, n] : freq) {
    auto chars = utf8_chars(w);
    if (w.rfind(kSpaceMark, 0) == 0) {  // keep ▁ glued to the first character
      chars.erase(chars.begin());
      if (!chars.empty()) chars[0] = kSpaceMark + chars[0];
      else chars.push_back(kSpaceMark);
    }
    for (auto& ch : chars) char_freq[ch] += n;
    words.push_back({chars, n});
  }
  std::vector<std::pair<std::string, int64_t>> items(char_freq.begin(), char_freq.end());
  std::stable_sort(items.begin(), items.end(), [](auto& a, auto& b) { return a.second > b.second; });
  for (auto& [p, n] : items)
    if (n >= min_count) t.add(p, n);
  while (t.size() < bpe_vocab) {
    if (progress && !progress(uint64_t(bpe_vocab + t.size()), 2 * uint64_t(bpe_vocab))) return t;  // cancelled
    std::map<std::pair<std::string, std::string>, int64_t> pairs;
    for (auto& [syms, n] : words)
      for (size_t i = 0; i + 1 < syms.size(); ++i) pairs[{syms[i], syms[i + 1]}] += n;
    if (pairs.empty()) break;
    auto best = pairs.begin();
    for (auto it = pairs.begin(); it != pairs.end(); ++it)
      if (it->second > best->second) best = it;
    if (best->second < std::max(2, min_count)) break;
    const auto [a, b] = best->first;
    const std::string merged = a + b;
    t.merge_rank_[pair_key(a, b)] = int(t.merges_.size());
    t.merges_.push_back({a, b});
    t.add(merged, best->second);
    for (auto& [syms, n] : words) {
      std::vector<std::string> next;
      for (size_t i = 0; i < syms.size(); ++i) {
        if (i + 1 < syms.size() && syms[i] == a && syms[i + 1] == b) {
          next.push_back(merged);
          ++i;
        } else {
          next.push_back(syms[i]);
        }
      }
      syms = std::move(next);
    }
  }
  return t;
}

std::vector<std::string> Tokenizer::bpe_split(const std::string& word) const {
  auto syms = utf8_chars(word);
  if (word.rfind(kSpaceMark, 0) == 0) {
    syms.erase(syms.begin());
    if (!syms.empty()) syms[0] = kSpaceMark + syms[0];
    else syms.push_back(kSpaceMark);
  }
  // Merging costs time quadratic in the word's length; a "word" longer than kBpeMaxWord characters (a line of data
  // without spaces) is merged in pieces of that many characters, so that no input can stall encoding. Real words
  // are far shorter, and their merges are exactly as trained. (python/glassbox_torch.py does the same.)
  std::vector<std::string> out;
  for (size_t from = 0; from < syms.size(); from += kBpeMaxWord) {
    std::vector<std::string> part(syms.begin() + long(from),
                                  syms.begin() + long(std::min(syms.size(), from + kBpeMaxWord)));
    while (part.size() > 1) {  // apply the lowest-ranked merge present, as trained
      int best = -1;
      size_t at = 0;
      for (size_t i = 0; i + 1 < part.size(); ++i) {
        auto it = merge_rank_.find(pair_key(part[i], part[i + 1]));
        if (it != merge_rank_.end() && (best < 0 || it->second < best)) best = it->second, at = i;
      }
      if (best < 0) break;
      part[at] += part[at + 1];
      part.erase(part.begin() + long(at) + 1);
    }
    out.insert(out.end(), std::make_move_iterator(part.begin()), std::make_move_iterator(part.end()));
  }
  return out;
}

Encoded Tokenizer::encode(std::string_view text) const {
  Encoded e;
  auto unknown = [&](const std::string& p) {
    e.ids.push_back(kUnk);
    ++e.unknown;
    if (e.unknown_pieces.size() < 8) e.unknown_pieces.push_back(p);
  };
  for (const auto& piece : split_pieces(text)) {
    if (kind_ == TokenizerKind::Bpe) {
      for (const auto& s : bpe_split(piece)) {
        const int id = id_of(s);
        if (id >= 0) e.ids.push_back(id); else unknown(s);
      }
    } else {
      const int id = id_of(piece);
      if (id >= 0) e.ids.push_back(id); else unknown(piece);
    }
  }
  return e;
}

std::string Tokenizer::decode(const std::vector<int>& ids, bool keep_special) const {
  std::string out;
  for (int id : ids) {
    if (id < 0 || id >= size()) continue;
    if (id < kSpecials) {
      if (id == kUnk) out += "\xEF\xBF\xBD";
      else if (keep_special) out += vocab_[size_t(id)];
      continue;
    }
    const std::string& s = vocab_[size_t(id)];
    if (kind_ != TokenizerKind::Char && s.rfind(kSpaceMark, 0) == 0) out += " " + s.substr(kSpaceMark.size());
    else out += s;
  }
  return out;
}

std::string Tokenizer::display(int id) const {
  if (id < 0 || id >= size()) return "?";
  std::string s = vocab_[size_t(id)];
  if (s == "\n") return "⏎";
  if (s == " ") return "␣";
  if (s == "\t") return "⇥";
  return s;
}

Json Tokenizer::to_json() const {
  Json merges = Json::array();
  for (auto& [a, b] : merges_) merges.push_back({a, b});
  return Json{{"kind", tokenizer_name(kind_)}, {"vocab", vocab_}, {"counts", counts_}, {"merges", merges}};
}

Result<Tokenizer> Tokenizer::from_json(const Json& j, const std::string& what) {
  if (!j.is_object()) return Error(ErrorCode::TokenizerNotObject).in_file(what);
  auto kind = json_string(j, "kind", what);
  if (!kind) return kind.error();
  auto k = parse_tokenizer(*kind);
  if (!k) return Error(k.error()).in_file(what);
  if (!j.contains("vocab") || !j["vocab"].is_array()) return Error(ErrorCode::TokenizerVocabNotArray).in_file(what);
  Tokenizer t;
  t.kind_ = *k;
  const Json& v = j["vocab"];
  const Json counts = j.contains("counts") ? j["counts"] : Json::array();
  if (v.size() < size_t(kSpecials)) return Error(ErrorCode::TokenizerNoSpecials).in_file(what);
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string()) return Error(ErrorCode::TokenizerVocabNotString, {{"index", std::to_string(i)}}).in_file(what);
    const std::string s = v[i].get<std::string>();
    if (t.index_.count(s))
      return Error(ErrorCode::TokenizerVocabRepeat, {{"index", std::to_string(i)}, {"token", s}}).in_file(what);
    const int64_t n = i < counts.size() && counts[i].is_number_integer() ? counts[i].get<int64_t>() : 0;
    t.add(s, n);
  }
  if (t.vocab_[0] != "<pad>" || t.vocab_[1] != "<bos>" || t.vocab_[2] != "<eos>" || t.vocab_[3] != "<unk>")
    return Error(ErrorCode::TokenizerSpecialIds).in_file(what);
  if (j.contains("merges")) {
    if (!j["merges"].is_array()) return Error(ErrorCode::TokenizerMergesNotArray).in_file(what);
    for (const Json& m : j["merges"]) {
      if (!m.is_array() || m.size() != 2 || !m[0].is_string() || !m[1].is_string())
        return Error(ErrorCode::TokenizerMergeNotPair).in_file(what);
      const std::string a = m[0].get<std::string>(), b = m[1].get<std::string>();
      t.merge_rank_[pair_key(a, b)] = int(t.merges_.size());
      t.merges_.push_back({a, b});
    }
  }
  return t;
}

}  // namespace gb
