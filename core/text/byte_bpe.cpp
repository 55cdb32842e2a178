#include "core/text/byte_bpe.h"

#include <algorithm>
#include <array>
#include <cstdint>

namespace gb::byte_bpe {

namespace {

struct CpRange {
  char32_t first, last;
};
#include "core/text/unicode_ranges.inc"  // kLetterRanges, kNumberRanges (generated)

template <size_t N> bool in_ranges(const CpRange (&r)[N], char32_t c) {
  const CpRange* it = std::upper_bound(r, r + N, c, [](char32_t v, const CpRange& x) { return v < x.first; });
  return it != r && c <= (it - 1)->last;
}

constexpr char32_t kNotUtf8 = 0xFFFFFFFFu;  // a byte that starts no valid UTF-8 character

// The code point at s[i] and its length in bytes; kNotUtf8 and 1 for a byte that is not valid UTF-8 there.
std::pair<char32_t, size_t> next_cp(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return {c, 1};
  size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 0;
  if (len == 0 || i + len > s.size()) return {kNotUtf8, 1};
  char32_t cp = c & (len == 2 ? 0x1F : len == 3 ? 0x0F : 0x07);
  for (size_t k = 1; k < len; ++k) {
    if ((b(i + k) & 0xC0) != 0x80) return {kNotUtf8, 1};
    cp = (cp << 6) | (b(i + k) & 0x3F);
  }
  // overlong forms, surrogates and values past U+10FFFF are not UTF-8
  if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) || (len == 4 && cp < 0x10000) || cp > 0x10FFFF ||
      (cp >= 0xD800 && cp <= 0xDFFF))
    return {kNotUtf8, 1};
  return {cp, len};
}

enum class Cls { Letter, Number, Space, Other };
Cls classify(char32_t c) {
  if (c == kNotUtf8) return Cls::Other;
  if (is_space(c)) return Cls::Space;
  if (is_letter(c)) return Cls::Letter;
  if (is_number(c)) return Cls::Number;
  return Cls::Other;
}

struct Alphabet {
  std::array<std::string, 256> chars;       // byte → UTF-8 of its character
  std::array<int16_t, 512> byte_of{};        // code point (< 512) → byte, −1 when none
  Alphabet() {
    byte_of.fill(-1);
    std::vector<int> bs;
    for (int b = '!'; b <= '~'; ++b) bs.push_back(b);
    for (int b = 0xA1; b <= 0xAC; ++b) bs.push_back(b);
    for (int b = 0xAE; b <= 0xFF; ++b) bs.push_back(b);
    std::array<int, 256> cp{};
    std::array<bool, 256> printable{};
    for (int b : bs) cp[size_t(b)] = b, printable[size_t(b)] = true;
    int n = 0;
    for (int b = 0; b < 256; ++b)
      if (!printable[size_t(b)]) cp[size_t(b)] = 256 + n++;
    for (int b = 0; b < 256; ++b) {
      const int c = cp[size_t(b)];
      std::string u;
      if (c < 0x80) {
        u.push_back(char(c));
      } else {  // < 0x800: two bytes
        u.push_back(char(0xC0 | (c >> 6)));
        u.push_back(char(0x80 | (c & 0x3F)));
      }
      chars[size_t(b)] = u;
      byte_of[size_t(c)] = int16_t(b);
    }
  }
};
const Alphabet& alphabet() {
  static const Alphabet a;
  return a;
}

}  // namespace

bool is_letter(char32_t c) { return in_ranges(kLetterRanges, c); }
bool is_number(char32_t c) { return in_ranges(kNumberRanges, c); }
bool is_space(char32_t c) {
  return (c >= 0x09 && c <= 0x0D) || c == 0x20 || c == 0x85 || c == 0xA0 || c == 0x1680 ||
         (c >= 0x2000 && c <= 0x200A) || c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

std::vector<std::string_view> pretokenize(std::string_view text) {
  // The text's characters with their classes, once.
  struct Ch {
    size_t at, len;
    char32_t cp;
    Cls cls;
  };
  std::vector<Ch> ch;
  ch.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const auto [cp, len] = next_cp(text, i);
    ch.push_back({i, len, cp, classify(cp)});
    i += len;
  }
  std::vector<std::string_view> out;
  const size_t n = ch.size();
  auto piece = [&](size_t from, size_t to) {  // characters [from, to)
    const size_t b = ch[from].at, e = to < n ? ch[to].at : text.size();
    out.push_back(text.substr(b, e - b));
  };
  auto run = [&](size_t from, Cls cls) {  // the end of the run of cls starting at from
    size_t k = from;
    while (k < n && ch[k].cls == cls) ++k;
    return k;
  };
  for (size_t i = 0; i < n;) {
    // 's|'t|'re|'ve|'m|'ll|'d
    if (ch[i].cp == '\'' && i + 1 < n) {
      const char32_t a = ch[i + 1].cp, b = i + 2 < n ? ch[i + 2].cp : 0;
      size_t len = 0;
      if (a == 's' || a == 't' || a == 'm' || a == 'd') len = 2;
      else if ((a == 'r' && b == 'e') || (a == 'v' && b == 'e') || (a == 'l' && b == 'l')) len = 3;
      if (len) {
        piece(i, i + len);
        i += len;
        continue;
      }
    }
    // ' ?\p{L}+', ' ?\p{N}+', ' ?[^\s\p{L}\p{N}]+': an optional space, then a run of one class
    const bool space = ch[i].cp == ' ' && i + 1 < n;
    const size_t s = space ? i + 1 : i;
    if (ch[i].cls != Cls::Space || (space && ch[s].cls != Cls::Space)) {
      const size_t e = run(s, ch[s].cls);
      piece(i, e);
      i = e;
      continue;
    }
    // '\s+(?!\S)' then '\s+': a run of whitespace leaves its last character to a word that follows it
    const size_t e = run(i, Cls::Space);
    const size_t stop = e < n && e - i > 1 ? e - 1 : e;
    piece(i, stop);
    i = stop;
  }
  return out;
}

const std::string& byte_char(unsigned char b) { return alphabet().chars[b]; }

bool piece_bytes(std::string_view piece, std::string& out) {
  out.clear();
  const Alphabet& a = alphabet();
  for (size_t i = 0; i < piece.size();) {
    const auto [cp, len] = next_cp(piece, i);
    if (cp == kNotUtf8 || cp >= 512 || a.byte_of[cp] < 0) return false;
    out.push_back(char(a.byte_of[cp]));
    i += len;
  }
  return true;
}

std::string bytes_piece(std::string_view bytes) {
  std::string out;
  for (unsigned char b : bytes) out += byte_char(b);
  return out;
}

std::string readable(std::string_view bytes) {
  static const char* hex = "0123456789ABCDEF";
  bool all_spaces = !bytes.empty();
  for (char c : bytes) all_spaces = all_spaces && c == ' ';
  if (all_spaces) {
    std::string out;
    for (size_t k = 0; k < bytes.size(); ++k) out += "\xE2\x90\xA3";  // ␣
    return out;
  }
  std::string out;
  for (size_t i = 0; i < bytes.size();) {
    const auto [cp, len] = next_cp(bytes, i);
    if (cp == kNotUtf8) {
      const unsigned char b = static_cast<unsigned char>(bytes[i]);
      out += "<0x";
      out.push_back(hex[b >> 4]);
      out.push_back(hex[b & 15]);
      out += ">";
    } else if (cp == ' ' && i == 0) {
      out += "\xE2\x96\x81";  // ▁
    } else if (cp == '\n') {
      out += "\xE2\x8F\x8E";  // ⏎
    } else if (cp == '\t') {
      out += "\xE2\x87\xA5";  // ⇥
    } else if (cp == '\r') {
      out += "\xE2\x86\xB5";  // ↵
    } else {
      out.append(bytes.substr(i, len));
    }
    i += len;
  }
  return out;
}

}  // namespace gb::byte_bpe
