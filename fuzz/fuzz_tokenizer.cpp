// fuzz_tokenizer — the tokenizers. Mode 0–2: build a char / word / BPE tokenizer from the input's lines, encode
// and decode every line (ids in range; a char tokenizer gives the line back exactly); the tokenizer survives its
// JSON round trip with the same vocabulary. Mode 3: read a tokenizer from the input as JSON (as a model file
// carries it) and use it on its own vocabulary.
#include "core/io/json_util.h"
#include "core/text/tokenizer.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace {
void use(const gb::Tokenizer& tok, const std::vector<std::string>& lines, bool exact) {
  for (const auto& line : lines) {
    const auto enc = tok.encode(line);
    for (int id : enc.ids)
      if (id < 0 || id >= tok.size()) std::abort();
    if (exact && enc.unknown == 0) {  // the line back, with each invalid byte as U+FFFD
      std::string expected;
      for (const auto& ch : gb::utf8_chars(line)) expected += ch;
      if (tok.decode(enc.ids) != expected) std::abort();
    }
    for (int id : enc.ids) (void)tok.display(id);
  }
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const int mode = data[0] % 4;
  const std::string text(reinterpret_cast<const char*>(data) + 2, size - 2);
  if (mode == 3) {
    const auto j = gb::Json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded()) return 0;
    auto tok = gb::Tokenizer::from_json(j, "fuzz");
    if (!tok) return 0;
    std::vector<std::string> vocab;
    for (int i = 0; i < tok->size(); ++i) vocab.push_back(tok->token(i));
    use(*tok, vocab, false);
    return 0;
  }
  std::vector<std::string> lines;
  for (size_t a = 0; a <= text.size();) {
    const size_t b = std::min(text.find('\n', a), text.size());
    lines.push_back(text.substr(a, b - a));
    a = b + 1;
  }
  const auto kind = mode == 0 ? gb::TokenizerKind::Char : mode == 1 ? gb::TokenizerKind::Word : gb::TokenizerKind::Bpe;
  const auto tok = gb::Tokenizer::build(kind, lines, 1 + data[1] % 2, 4 + data[1] % 64);
  use(tok, lines, kind == gb::TokenizerKind::Char);
  auto again = gb::Tokenizer::from_json(tok.to_json(), "round trip");
  if (!again || !again->same_vocabulary(tok)) std::abort();
  return 0;
}
