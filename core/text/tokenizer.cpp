#include "core/text/tokenizer.h"

#include "core/io/safetensors.h"
#include "core/text/byte_bpe.h"

#include <sentencepiece_processor.h>

#include <algorithm>
#include <cstring>
#include <map>

namespace gb {

// Marian's two SentencePiece models (TokenizerKind::SentencePiece).
struct Tokenizer::Spm {
  std::string source_bytes, target_bytes;  // the serialized models, as the folder has them
  sentencepiece::SentencePieceProcessor source, target;
};


static const std::string kSpaceMark = "\xE2\x96\x81";  // ▁ U+2581

const char* tokenizer_name(TokenizerKind k) {
  switch (k) {
    case TokenizerKind::Char: return "char";
    case TokenizerKind::Word: return "word";
    case TokenizerKind::Bpe: return "bpe";
    case TokenizerKind::ByteBpe: return "byte-bpe";
    case TokenizerKind::SentencePiece: return "sentencepiece";
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
  if (kind_ == TokenizerKind::SentencePiece) return spm_encode(text, false);
  if (kind_ == TokenizerKind::ByteBpe) {
    for (const std::string_view piece : byte_bpe::pretokenize(text))
      for (const auto& s : byte_bpe_split(piece)) {
        const int id = id_of(s);
        if (id >= 0) {
          e.ids.push_back(id);
        } else {  // (not for a vocabulary read by from_byte_bpe_files: it has every byte)
          ++e.unknown;
          if (e.unknown_pieces.size() < 8) e.unknown_pieces.push_back(s);
        }
      }
    return e;
  }
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

Encoded Tokenizer::encode_target(std::string_view text) const {
  if (kind_ == TokenizerKind::SentencePiece) return spm_encode(text, true);
  return encode(text);
}

std::string Tokenizer::decode(const std::vector<int>& ids, bool keep_special) const {
  std::string out;
  if (kind_ == TokenizerKind::SentencePiece) {  // convert_tokens_to_string: runs of pieces through target.spm,
    std::vector<std::string> run;                // special tokens between them as they are
    auto flush = [&] {
      std::string text;
      if (!run.empty() && spm_ && spm_->target.Decode(run, &text).ok()) out += text;
      run.clear();
    };
    for (int id : ids) {
      if (id < 0 || id >= size()) continue;
      if (is_special(id)) {
        if (!keep_special) continue;
        flush();
        out += vocab_[size_t(id)] + " ";
      } else {
        run.push_back(vocab_[size_t(id)]);
      }
    }
    flush();
    while (!out.empty() && out.back() == ' ') out.pop_back();  // (str.strip())
    out.erase(0, out.find_first_not_of(' ') == std::string::npos ? out.size() : out.find_first_not_of(' '));
    // Hugging Face's clean_up_tokenization (on by default in transformers 4.30): no space before punctuation and
    // English clitics
    static const std::pair<const char*, const char*> kClean[] = {{" .", "."},   {" ?", "?"},     {" !", "!"},
                                                                 {" ,", ","},   {" ' ", "'"},    {" n't", "n't"},
                                                                 {" 'm", "'m"}, {" 's", "'s"},   {" 've", "'ve"},
                                                                 {" 're", "'re"}};
    for (const auto& [from, to] : kClean)  // (each one pass left to right, as Python's str.replace)
      for (size_t at = 0; (at = out.find(from, at)) != std::string::npos; at += std::strlen(to))
        out.replace(at, std::strlen(from), to);
    return out;
  }
  if (kind_ == TokenizerKind::ByteBpe) {  // the bytes of every piece, then made valid UTF-8 as a whole
    std::string bytes, b;
    for (int id : ids) {
      if (id < 0 || id >= size()) continue;
      if (is_special(id)) {
        if (keep_special) bytes += vocab_[size_t(id)];
      } else if (byte_bpe::piece_bytes(vocab_[size_t(id)], b)) {
        bytes += b;
      }
    }
    for (const auto& ch : utf8_chars(bytes)) out += ch;
    return out;
  }
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

int Tokenizer::bos_id() const {
  if (kind_ == TokenizerKind::ByteBpe) return eos_id();
  if (kind_ == TokenizerKind::SentencePiece) return id_of("<pad>");
  return kBos;
}

int Tokenizer::eos_id() const {
  if (kind_ == TokenizerKind::ByteBpe) return id_of("<|endoftext|>");
  if (kind_ == TokenizerKind::SentencePiece) return id_of("</s>");
  return kEos;
}

bool Tokenizer::is_special(int id) const {
  if (kind_ == TokenizerKind::ByteBpe || kind_ == TokenizerKind::SentencePiece) return std::binary_search(specials_.begin(), specials_.end(), id);
  return id >= 0 && id < kSpecials;
}

std::string Tokenizer::display(int id) const {
  if (id < 0 || id >= size()) return "?";
  std::string s = vocab_[size_t(id)];
  if (kind_ == TokenizerKind::ByteBpe) {
    std::string bytes;
    if (is_special(id) || !byte_bpe::piece_bytes(s, bytes)) return s;
    return byte_bpe::readable(bytes);
  }
  if (s == "\n") return "⏎";
  if (s == " ") return "␣";
  if (s == "\t") return "⇥";
  return s;
}

Json Tokenizer::to_json() const {
  Json merges = Json::array();
  for (auto& [a, b] : merges_) merges.push_back({a, b});
  if (kind_ == TokenizerKind::ByteBpe) return Json{{"kind", tokenizer_name(kind_)}, {"vocab", vocab_}, {"merges", merges}};
  if (kind_ == TokenizerKind::SentencePiece)
    return Json{{"kind", tokenizer_name(kind_)}, {"vocab", vocab_},
                {"source_spm", base64_encode(spm_ ? spm_->source_bytes : std::string())},
                {"target_spm", base64_encode(spm_ ? spm_->target_bytes : std::string())}};
  return Json{{"kind", tokenizer_name(kind_)}, {"vocab", vocab_}, {"counts", counts_}, {"merges", merges}};
}

Result<Tokenizer> Tokenizer::from_json(const Json& j, const std::string& what) {
  if (!j.is_object()) return Error(ErrorCode::TokenizerNotObject).in_file(what);
  auto kind = json_string(j, "kind", what);
  if (!kind) return kind.error();
  // (a byte-level BPE is read, never built: parse_tokenizer, which names what can be built, does not list it)
  auto k = *kind == "byte-bpe"        ? Result<TokenizerKind>(TokenizerKind::ByteBpe)
            : *kind == "sentencepiece" ? Result<TokenizerKind>(TokenizerKind::SentencePiece)
                                       : parse_tokenizer(*kind);
  if (!k) return Error(k.error()).in_file(what);
  if (!j.contains("vocab") || !j["vocab"].is_array()) return Error(ErrorCode::TokenizerVocabNotArray).in_file(what);
  Tokenizer t;
  t.kind_ = *k;
  const Json& v = j["vocab"];
  const Json counts = j.contains("counts") ? j["counts"] : Json::array();
  const bool byte_level = *k == TokenizerKind::ByteBpe || *k == TokenizerKind::SentencePiece;  // (read, not built)
  if (!byte_level && v.size() < size_t(kSpecials)) return Error(ErrorCode::TokenizerNoSpecials).in_file(what);
  for (size_t i = 0; i < v.size(); ++i) {
    if (!v[i].is_string()) return Error(ErrorCode::TokenizerVocabNotString, {{"index", std::to_string(i)}}).in_file(what);
    const std::string s = v[i].get<std::string>();
    if (t.index_.count(s))
      return Error(ErrorCode::TokenizerVocabRepeat, {{"index", std::to_string(i)}, {"token", s}}).in_file(what);
    const int64_t n = i < counts.size() && counts[i].is_number_integer() ? counts[i].get<int64_t>() : 0;
    t.add(s, n);
  }
  if (!byte_level &&
      (t.vocab_[0] != "<pad>" || t.vocab_[1] != "<bos>" || t.vocab_[2] != "<eos>" || t.vocab_[3] != "<unk>"))
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
  if (*k == TokenizerKind::ByteBpe) {
    if (auto e = t.finish_byte_bpe(what)) return *e;
  }
  if (*k == TokenizerKind::SentencePiece) {
    std::string src, tgt;
    for (auto [field, out] : {std::pair<const char*, std::string*>{"source_spm", &src}, {"target_spm", &tgt}}) {
      if (!j.contains(field) || !j[field].is_string() || !base64_decode(j[field].get<std::string>(), *out))
        return Error(ErrorCode::HfSpmInvalid, {{"part", field}, {"reason", "missing or not base64"}}).in_file(what);
    }
    if (auto e = t.load_spm(std::move(src), std::move(tgt), what)) return *e;
  }
  return t;
}

// ---------------------------------------------------------------------------------------------- byte-level BPE

// GPT-2's bpe(): the word's bytes as characters of the alphabet; while some adjacent pair is a merge, the pair of
// lowest rank is merged wherever it occurs (left to right, without overlap). A piece longer than kByteBpeMaxPiece
// bytes is merged in parts of that many bytes, so that no input can stall encoding (GPT-2's own code has no bound;
// pieces that long are runs of one character class, such as a line of "=").
std::vector<std::string> Tokenizer::byte_bpe_split(std::string_view piece) const {
  std::vector<std::string> out;
  for (size_t from = 0; from < piece.size(); from += kByteBpeMaxPiece) {
    const std::string_view part = piece.substr(from, kByteBpeMaxPiece);
    std::vector<std::string> word;
    word.reserve(part.size());
    for (unsigned char b : part) word.push_back(byte_bpe::byte_char(b));
    std::vector<std::string> next;
    while (word.size() > 1) {
      int best = -1;
      size_t at = 0;
      for (size_t i = 0; i + 1 < word.size(); ++i) {
        auto it = merge_rank_.find(pair_key(word[i], word[i + 1]));
        if (it != merge_rank_.end() && (best < 0 || it->second < best)) best = it->second, at = i;
      }
      if (best < 0) break;
      const std::string first = word[at], second = word[at + 1];
      next.clear();
      for (size_t i = 0; i < word.size();) {
        if (i + 1 < word.size() && word[i] == first && word[i + 1] == second) {
          next.push_back(first + second);
          i += 2;
        } else {
          next.push_back(std::move(word[i]));
          ++i;
        }
      }
      word.swap(next);
    }
    out.insert(out.end(), std::make_move_iterator(word.begin()), std::make_move_iterator(word.end()));
  }
  return out;
}

// The checks a byte-level vocabulary must pass however it was read, and its special ids.
Status Tokenizer::finish_byte_bpe(const std::string& what) {
  for (int b = 0; b < 256; ++b)
    if (id_of(byte_bpe::byte_char(static_cast<unsigned char>(b))) < 0)
      return Error(ErrorCode::HfVocabNoToken, {{"token", byte_bpe::byte_char(static_cast<unsigned char>(b))}})
          .in_file(what);
  specials_.clear();
  for (int id = 0; id < size(); ++id) {
    const std::string& s = vocab_[size_t(id)];
    if (s.size() >= 4 && s.rfind("<|", 0) == 0 && s.compare(s.size() - 2, 2, "|>") == 0) specials_.push_back(id);
  }
  return std::nullopt;
}

// vocab.json: an object piece → id, the ids 0 … n − 1 each once.
Result<Tokenizer> Tokenizer::read_vocab_json(const std::string& vocab_json, TokenizerKind kind) {
  Tokenizer t;
  t.kind_ = kind;
  auto bytes = read_file(vocab_json, uint64_t(256) << 20);
  if (!bytes) return bytes.error();
  auto j = parse_json_strict(*bytes, vocab_json);
  if (!j) return j.error();
  if (!j->is_object()) return Error(ErrorCode::HfVocabForm).in_file(vocab_json);
  const size_t n = j->size();
  std::vector<std::string> by_id(n);
  std::vector<bool> seen(n, false);
  for (auto it = j->begin(); it != j->end(); ++it) {
    if (!it.value().is_number_unsigned())
      return Error(ErrorCode::HfVocabNoId, {{"token", it.key()}}).in_file(vocab_json);
    const uint64_t id = it.value().get<uint64_t>();
    const ErrorArgs args{{"last", std::to_string(n - 1)}, {"id", std::to_string(id)}, {"token", it.key()}};
    if (id >= n || seen[id]) {
      return Error(id >= n ? ErrorCode::HfVocabIdLarge : ErrorCode::HfVocabIdTwice, args).in_file(vocab_json);
    }
    seen[id] = true;
    by_id[id] = it.key();
  }
  for (const auto& s : by_id) t.add(s, 0);
  return t;
}

Result<Tokenizer> Tokenizer::from_byte_bpe_files(const std::string& vocab_json, const std::string& merges_txt) {
  auto read = read_vocab_json(vocab_json, TokenizerKind::ByteBpe);
  if (!read) return read.error();
  Tokenizer t = std::move(*read);
  {
    auto text = read_file(merges_txt, uint64_t(256) << 20);
    if (!text) return text.error();
    size_t line_no = 0;
    for (size_t at = 0; at < text->size();) {
      size_t end = text->find('\n', at);
      if (end == std::string::npos) end = text->size();
      std::string line = text->substr(at, end - at);
      at = end + 1;
      ++line_no;
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.empty() || (line_no == 1 && line.rfind("#version", 0) == 0)) continue;
      const size_t sp = line.find(' ');
      if (sp == std::string::npos || sp == 0 || sp + 1 == line.size() || line.find(' ', sp + 1) != std::string::npos)
        return Error(ErrorCode::HfMergeLine, {{"line", std::to_string(line_no)}, {"found", line}}).in_file(merges_txt);
      const std::string a = line.substr(0, sp), b = line.substr(sp + 1);
      if (t.id_of(a + b) < 0)
        return Error(ErrorCode::HfMergeUnknown, {{"line", std::to_string(line_no)}, {"found", line}}).in_file(merges_txt);
      if (!t.merge_rank_.emplace(pair_key(a, b), int(t.merges_.size())).second) continue;  // (a repeat never applies)
      t.merges_.push_back({a, b});
    }
  }
  if (auto e = t.finish_byte_bpe(vocab_json)) return *e;
  return t;
}

// ---------------------------------------------------------------------------------------------- SentencePiece

Status Tokenizer::load_spm(std::string source, std::string target, const std::string& what) {
  auto s = std::make_shared<Spm>();
  s->source_bytes = std::move(source);
  s->target_bytes = std::move(target);
  for (auto [part, bytes, proc] : {std::tuple<const char*, const std::string*, sentencepiece::SentencePieceProcessor*>{
                                       "source.spm", &s->source_bytes, &s->source},
                                   {"target.spm", &s->target_bytes, &s->target}}) {
    const auto st = proc->LoadFromSerializedProto(*bytes);
    if (!st.ok()) return Error(ErrorCode::HfSpmInvalid, {{"part", part}, {"reason", st.ToString()}}).in_file(what);
  }
  spm_ = std::move(s);
  specials_.clear();
  for (const char* sp : {"</s>", "<unk>", "<pad>"})
    if (const int id = id_of(sp); id >= 0) specials_.push_back(id);
  std::sort(specials_.begin(), specials_.end());
  return std::nullopt;
}

// tokenization_marian.py: a language code ">>xx<<" at the start stays one piece; the rest through the side's
// SentencePiece model; each piece's id from vocab.json (<unk> when it has none); "</s>" appended.
Encoded Tokenizer::spm_encode(std::string_view text, bool target) const {
  Encoded e;
  if (!spm_) return e;
  const int unk = id_of("<unk>"), eos = id_of("</s>");
  std::vector<std::string> pieces;
  if (text.size() > 4 && text.substr(0, 2) == ">>") {
    const size_t close = text.find("<<");
    if (close != std::string_view::npos) {
      pieces.emplace_back(text.substr(0, close + 2));
      text.remove_prefix(close + 2);
    }
  }
  std::vector<std::string> rest;
  (void)(target ? spm_->target : spm_->source).Encode(text, &rest);
  pieces.insert(pieces.end(), rest.begin(), rest.end());
  for (const auto& p : pieces) {
    const int id = id_of(p);
    if (id >= 0) {
      e.ids.push_back(id);
    } else {
      if (unk >= 0) e.ids.push_back(unk);
      ++e.unknown;
      if (e.unknown_pieces.size() < 8) e.unknown_pieces.push_back(p);
    }
  }
  if (eos >= 0) e.ids.push_back(eos);
  return e;
}

Result<Tokenizer> Tokenizer::from_marian_files(const std::string& vocab_json, const std::string& source_spm,
                                               const std::string& target_spm) {
  auto t = read_vocab_json(vocab_json, TokenizerKind::SentencePiece);
  if (!t) return t.error();
  auto src = read_file(source_spm, uint64_t(64) << 20);
  if (!src) return src.error();
  auto tgt = read_file(target_spm, uint64_t(64) << 20);
  if (!tgt) return tgt.error();
  for (const char* sp : {"</s>", "<unk>"})
    if (t->id_of(sp) < 0)
      return Error(ErrorCode::HfVocabNoToken, {{"token", sp}}).in_file(vocab_json);
  if (auto e = t->load_spm(std::move(*src), std::move(*tgt), source_spm)) return *e;
  return t;
}

// Base64 (RFC 4648, with padding) for the SentencePiece models inside the model file's JSON.
std::string base64_encode(const std::string& in) {
  static const char* tbl = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const uint32_t n = uint32_t(uint8_t(in[i])) << 16 | uint32_t(uint8_t(in[i + 1])) << 8 | uint8_t(in[i + 2]);
    for (int k = 3; k >= 0; --k) out.push_back(tbl[(n >> (6 * k)) & 63]);
  }
  if (i < in.size()) {
    uint32_t n = uint32_t(uint8_t(in[i])) << 16;
    if (i + 1 < in.size()) n |= uint32_t(uint8_t(in[i + 1])) << 8;
    out.push_back(tbl[(n >> 18) & 63]);
    out.push_back(tbl[(n >> 12) & 63]);
    out.push_back(i + 1 < in.size() ? tbl[(n >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

bool base64_decode(const std::string& in, std::string& out) {
  auto val = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  out.clear();
  if (in.size() % 4 != 0) return false;
  for (size_t i = 0; i < in.size(); i += 4) {
    int v[4];
    int pad = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = in[i + size_t(k)];
      if (c == '=' && i + 4 == in.size() && k >= 2) {
        v[k] = 0;
        ++pad;
      } else {
        if (pad) return false;  // (data after padding)
        v[k] = val(c);
        if (v[k] < 0) return false;
      }
    }
    const uint32_t n = uint32_t(v[0]) << 18 | uint32_t(v[1]) << 12 | uint32_t(v[2]) << 6 | uint32_t(v[3]);
    out.push_back(char((n >> 16) & 0xFF));
    if (pad < 2) out.push_back(char((n >> 8) & 0xFF));
    if (pad < 1) out.push_back(char(n & 0xFF));
  }
  return true;
}

}  // namespace gb
