// tokenizer.h — text ↔ token ids: character-level, word-level and a small byte-pair (BPE) tokenizer.
//
// Every vocabulary starts with the special tokens <pad> = 0, <bos> = 1, <eos> = 2, <unk> = 3. Tokenizers are
// built from a data set with a minimum count; input they do not cover maps to <unk> and is counted and reported,
// never dropped. Text is UTF-8 and handled by code point, so "Ich will ein Auto kaufen — äöüß" round-trips.
//
// Word level splits text into runs of letters/digits, single punctuation characters and whitespace; a single
// space before a word or punctuation mark is folded into it as "▁" (U+2581), so ids → text restores the exact
// spacing. BPE starts from the characters of those pieces and merges the most frequent adjacent pair until the
// vocabulary reaches its size, so a lecturer can show how subwords appear.
//
// A fourth kind is read, not built: GPT-2's byte-level BPE (TokenizerKind::ByteBpe, core/text/byte_bpe.h), from a
// Hugging Face folder's vocab.json and merges.txt. Its vocabulary is the file's (no <pad>/<bos>/<eos>/<unk> at
// 0 … 3; its one special token is "<|endoftext|>"), its pieces are bytes written in GPT-2's byte-to-unicode
// alphabet ("Ġworld"), and it encodes exactly as GPT-2's encoder.py does.
#pragma once

#include "core/error.h"
#include "core/io/json_util.h"
#include "core/progress.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gb {

enum class TokenizerKind { Char, Word, Bpe, ByteBpe };
const char* tokenizer_name(TokenizerKind k);  // "char" | "word" | "bpe" | "byte-bpe"
Result<TokenizerKind> parse_tokenizer(const std::string& s);

struct Encoded {
  std::vector<int> ids;
  int unknown = 0;                    // pieces that became <unk>
  std::vector<std::string> unknown_pieces;  // the first few of them, for the report
};

class Tokenizer {
 public:
  static constexpr int kPad = 0, kBos = 1, kEos = 2, kUnk = 3, kSpecials = 4;
  // BPE merges a longer word in pieces of this many characters (bounded time on any input).
  static constexpr size_t kBpeMaxWord = 256;
  static constexpr size_t kByteBpeMaxPiece = 4096;  // the byte-level BPE's bound, in bytes

  // Builds from texts. min_count: pieces seen fewer times stay out (they will read as <unk>).
  // bpe_vocab: the target vocabulary size for BPE (ignored otherwise).
  // progress: texts counted, then BPE merges learnt (of bpe_vocab); when it returns false the build stops early
  // and the tokenizer returned is incomplete — the caller drops it.
  static Tokenizer build(TokenizerKind kind, const std::vector<std::string>& texts, int min_count = 1,
                         int bpe_vocab = 256, const Progress& progress = {});

  // GPT-2's byte-level BPE from a Hugging Face folder's files (errors name the file and line).
  static Result<Tokenizer> from_byte_bpe_files(const std::string& vocab_json, const std::string& merges_txt);

  TokenizerKind kind() const { return kind_; }
  // The ids with a fixed meaning: <pad> <bos> <eos> <unk> (ids 0 … 3) for the tokenizers built here; for a
  // byte-level BPE the pieces written "<|…|>" (GPT-2's "<|endoftext|>").
  bool is_special(int id) const;
  // A decoder-only model's prompt starts with <bos> (the tools' own tokenizers); GPT-2's is the text alone, as its
  // authors' generate() gives it.
  bool prompt_starts_with_bos() const { return kind_ != TokenizerKind::ByteBpe; }
  int size() const { return int(vocab_.size()); }
  // The piece of an id; "" for an id the vocabulary does not have (a model's |V| may exceed the tokenizer's).
  const std::string& token(int id) const {
    static const std::string none;
    return id >= 0 && id < size() ? vocab_[size_t(id)] : none;
  }
  int64_t count(int id) const { return counts_[size_t(id)]; }  // occurrences in the data it was built from
  int id_of(const std::string& piece) const;                   // −1 when absent
  // The same ids mean the same pieces (kind, vocabulary and merges equal): data encoded by one fits a model
  // built with the other.
  bool same_vocabulary(const Tokenizer& o) const {
    return kind_ == o.kind_ && vocab_ == o.vocab_ && merges_ == o.merges_;
  }

  Encoded encode(std::string_view text) const;
  // Special tokens are left out unless keep_special; <unk> shows as "�".
  std::string decode(const std::vector<int>& ids, bool keep_special = false) const;
  // A readable form of one token for tables and axes ("▁Auto", "⏎", "<eos>").
  std::string display(int id) const;

  Json to_json() const;
  static Result<Tokenizer> from_json(const Json& j, const std::string& what);

 private:
  std::vector<std::string> split_pieces(std::string_view text) const;  // char: code points; word/bpe: words
  void add(const std::string& piece, int64_t count);
  std::vector<std::string> bpe_split(const std::string& word) const;
  std::vector<std::string> byte_bpe_split(std::string_view piece) const;
  Status finish_byte_bpe(const std::string& what);

  TokenizerKind kind_ = TokenizerKind::Char;
  std::vector<std::string> vocab_;
  std::vector<int64_t> counts_;
  std::unordered_map<std::string, int> index_;
  std::vector<std::pair<std::string, std::string>> merges_;  // BPE, in order
  std::unordered_map<std::string, int> merge_rank_;           // "a\x1fb" → rank
  std::vector<int> specials_;                                 // ByteBpe: the "<|…|>" ids
};

// UTF-8 code points of s as strings (invalid bytes become U+FFFD).
std::vector<std::string> utf8_chars(std::string_view s);

}  // namespace gb
