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
//
// A fifth kind, also read: Marian's (TokenizerKind::SentencePiece), two SentencePiece models (source.spm for the
// encoder's text, target.spm for the decoder's) whose pieces map to ids through vocab.json (the ids are not the
// SentencePiece models' own), "</s>" appended as tokenization_marian.py does; decoding joins the target pieces with
// the target model. The models travel in the model file (base64), so a saved model needs no folder.
#pragma once

#include "core/error.h"
#include "core/io/json_util.h"
#include "core/progress.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gb {

enum class TokenizerKind { Char, Word, Bpe, ByteBpe, SentencePiece };
const char* tokenizer_name(TokenizerKind k);  // "char" | "word" | "bpe" | "byte-bpe" | "sentencepiece"
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
  // Marian's tokenizer from a Hugging Face folder's files.
  static Result<Tokenizer> from_marian_files(const std::string& vocab_json, const std::string& source_spm,
                                             const std::string& target_spm);

  TokenizerKind kind() const { return kind_; }
  // The ids with a fixed meaning: <pad> <bos> <eos> <unk> (ids 0 … 3) for the tokenizers built here; for a
  // byte-level BPE the pieces written "<|…|>" (GPT-2's "<|endoftext|>").
  bool is_special(int id) const;
  // A decoder-only model's prompt starts with <bos> (the tools' own tokenizers); GPT-2's is the text alone, as its
  // authors' generate() gives it.
  bool prompt_starts_with_bos() const { return kind_ != TokenizerKind::ByteBpe; }
  // The token a decoder's sequence starts from and the one that ends it, as the data is laid out for training:
  // <bos> and <eos> (1, 2) for the tools' own; GPT-2's "<|endoftext|>" for both; Marian's "<pad>" (its
  // decoder_start_token_id) and "</s>". −1 when the vocabulary has none.
  int bos_id() const;
  int eos_id() const;
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
  // The decoder's side of an encoder-decoder's tokenizer (Marian's target.spm); the others have one side.
  Encoded encode_target(std::string_view text) const;
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
  std::vector<int> specials_;                                 // ByteBpe: the "<|…|>" ids; SentencePiece: </s> <unk> <pad>
  struct Spm;                                                 // SentencePiece: the two models (tokenizer.cpp)
  std::shared_ptr<const Spm> spm_;
  Encoded spm_encode(std::string_view text, bool target) const;
  static Result<Tokenizer> read_vocab_json(const std::string& path, TokenizerKind kind);
  Status load_spm(std::string source, std::string target, const std::string& what);
};

// Base64 with padding (RFC 4648): binary parts of a model file's JSON. decode: false on anything else.
std::string base64_encode(const std::string& bytes);
bool base64_decode(const std::string& text, std::string& bytes);

// UTF-8 code points of s as strings (invalid bytes become U+FFFD).
std::vector<std::string> utf8_chars(std::string_view s);

}  // namespace gb
