// fuzz_model_file — the model-file reader (safetensors container, then the Glassbox model in it) on any bytes.
// Whatever the input: an Error or a model; never a crash, a leak or undefined behaviour. A file that reads also
// survives the writer: what is written reads back to the same tensors and metadata.
#include "core/io/model_file.h"
#include "core/io/safetensors.h"

#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  auto f = gb::parse_safetensors(bytes, "fuzz.safetensors");
  if (!f) return 0;
  // the container round trip
  auto again = gb::parse_safetensors(gb::serialize_safetensors(*f), "again.safetensors");
  if (!again || again->metadata != f->metadata || again->tensors.size() != f->tensors.size()) std::abort();
  for (size_t i = 0; i < f->tensors.size(); ++i)
    if (again->tensors[i].name != f->tensors[i].name || again->tensors[i].shape != f->tensors[i].shape) std::abort();
  // the model in it
  auto m = gb::model_from_safetensors(*f, "fuzz.safetensors");
  if (!m) return 0;
  if (m->config.validate()) std::abort();  // a model that loads has a valid config
  return 0;
}
