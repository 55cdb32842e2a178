// fuzz_text — the plain-text reader for language models (UTF-8, not empty, not binary; CRLF → LF) and the
// examples cut from it with a character tokenizer built on it.
#include "core/config.h"
#include "core/text/datafile.h"
#include "core/text/tokenizer.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string in(reinterpret_cast<const char*>(data), size);
  auto t = gb::check_text(in, "fuzz.txt");
  if (!t) return 0;
  if (t->empty() || t->find('\0') != std::string::npos) std::abort();
  // every CRLF of the input became LF, and nothing else changed ("\r\r\n" keeps its first CR)
  size_t crlf = 0;
  for (size_t p = in.find("\r\n"); p != std::string::npos; p = in.find("\r\n", p + 2)) ++crlf;
  if (t->size() != in.size() - crlf || std::count(t->begin(), t->end(), '\n') != std::count(in.begin(), in.end(), '\n'))
    std::abort();
  const auto tok = gb::Tokenizer::build(gb::TokenizerKind::Char, {*t});
  // every character of the text it was built from is in its vocabulary: encoding loses nothing
  const auto enc = tok.encode(*t);
  if (enc.unknown != 0) std::abort();
  if (tok.decode(enc.ids) != *t) std::abort();
  auto c = gb::Config::make(gb::Variant::DecoderOnly, tok.size(), 8, 0, 1, 1, 4, 8);
  c.bos_id = gb::Tokenizer::kBos, c.eos_id = gb::Tokenizer::kEos, c.pad_id = gb::Tokenizer::kPad;
  gb::DatasetReport report;
  for (const auto& e : gb::examples_from_text(*t, tok, c, &report))
    if (e.x.empty() || int(e.x.size()) > c.max_len) std::abort();
  return 0;
}
