// fuzz_jsonl — the JSON Lines reader of token ids ({"ids": [...]} or {"source": [...], "target": [...]}) against a
// small model of each variant: every id it accepts fits the vocabulary, every sequence ℓ_max.
#include "core/config.h"
#include "core/io/dataset.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  for (auto v : {gb::Variant::EncoderDecoder, gb::Variant::DecoderOnly}) {
    auto c = gb::Config::make(v, 12, 8, v == gb::Variant::EncoderDecoder ? 1 : 0, 1, 1, 4, 8);
    c.bos_id = 1, c.eos_id = 2, c.pad_id = 0;
    auto ex = gb::parse_jsonl_ids(text, c, "fuzz.jsonl");
    if (!ex) continue;
    for (const auto& e : *ex) {
      if (int(e.x.size()) > c.max_len || int(e.z.size()) > c.max_len) std::abort();
      for (int id : e.x)
        if (id < 0 || id >= c.vocab_size) std::abort();
      for (int id : e.z)
        if (id < 0 || id >= c.vocab_size) std::abort();
    }
  }
  return 0;
}
