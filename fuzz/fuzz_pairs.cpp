// fuzz_pairs — the TSV/CSV reader of source–target pairs, and what becomes of the pairs (a word tokenizer built
// from them, the examples for both variants). The first byte chooses the delimiter and the malformed-record policy.
#include "core/config.h"
#include "core/text/datafile.h"
#include "core/text/tokenizer.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  const char delimiter = (data[0] & 1) ? ',' : '\t';
  const auto policy = (data[0] & 2) ? gb::MalformedPolicy::Reject : gb::MalformedPolicy::Skip;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  auto p = gb::parse_pairs(text, delimiter, policy, "fuzz.tsv");
  if (!p) return 0;
  if (p->pairs.empty() && p->skipped.empty()) std::abort();  // "empty" is an error, not an empty success
  for (const auto& issue : p->skipped)
    if (issue.line < 1) std::abort();
  std::vector<std::string> texts;
  for (const auto& tp : p->pairs) {
    if (tp.source.empty() || tp.target.empty()) std::abort();  // an empty field is malformed
    texts.push_back(tp.source);
    texts.push_back(tp.target);
  }
  const auto tok = gb::Tokenizer::build((data[0] & 4) ? gb::TokenizerKind::Char : gb::TokenizerKind::Word, texts);
  for (auto v : {gb::Variant::EncoderDecoder, gb::Variant::DecoderOnly}) {
    auto c = gb::Config::make(v, tok.size(), 16, v == gb::Variant::EncoderDecoder ? 1 : 0, 1, 1, 4, 8);
    c.bos_id = gb::Tokenizer::kBos, c.eos_id = gb::Tokenizer::kEos, c.pad_id = gb::Tokenizer::kPad;
    gb::DatasetReport report;
    auto ex = gb::examples_from_pairs(p->pairs, tok, c, (data[0] & 8) ? gb::LengthPolicy::Truncate
                                                                       : gb::LengthPolicy::Filter, &report);
    if (!ex) continue;
    for (const auto& e : *ex) {
      if (int(e.x.size()) > c.max_len || int(e.z.size()) > c.max_len) std::abort();
      for (int id : e.x)
        if (id < 0 || id >= tok.size()) std::abort();
      for (int id : e.z)
        if (id < 0 || id >= tok.size()) std::abort();
    }
  }
  return 0;
}
