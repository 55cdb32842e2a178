// safetensors.h — the safetensors container, read as hostile input and written atomically.
//
// Layout: 8-byte little-endian header length N, N bytes of UTF-8 JSON, then the data. The JSON maps each tensor
// name to {"dtype": "F32", "shape": [...], "data_offsets": [begin, end]} (offsets into the data), plus an optional
// "__metadata__" object of string → string. We read and write F32 only, row-major, as the format prescribes.
//
// Reading checks everything before it trusts anything: the header length lies within the file and is at most
// 100 MB; the JSON is valid UTF-8 without duplicate keys; every tensor's dtype, shape and byte range are
// consistent, inside the data, non-overlapping, and together cover the data exactly; no size computation
// overflows. Any violation is an Error naming the file and the tensor or field. Writing goes to a temporary file
// that is flushed, synced and renamed over the target, so the previous file survives a crash or a full disk.
#pragma once

#include "core/error.h"
#include "core/progress.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace gb {

inline constexpr uint64_t kMaxSafetensorsHeader = 100ull * 1000 * 1000;

struct StTensor {
  std::string name;
  std::vector<int64_t> shape;  // as stored (row-major); [] is a scalar
  std::vector<float> data;     // row-major, product(shape) values
};

struct StFile {
  std::map<std::string, std::string> metadata;
  std::vector<StTensor> tensors;  // in file (data offset) order when read; written in this order
  const StTensor* find(const std::string& name) const;
};

Result<StFile> read_safetensors(const std::string& path);
Result<StFile> parse_safetensors(const std::string& bytes, const std::string& what);
// Streams the header and then each tensor's data to the file (no copy of the whole file in memory); progress as
// for write_file_atomic.
Status write_safetensors(const std::string& path, const StFile& f, const Progress& progress = {});
std::string serialize_safetensors(const StFile& f);

// Writes the pieces, one after the other, to path atomically (temporary file in the same folder, fsync, rename).
// progress, when given, hears the bytes written after every chunk (at most kWriteChunk bytes) and at the end;
// when it returns false the write stops there, the temporary file goes, the previous file stays as it was, and
// the error is SavingCancelled.
inline constexpr size_t kWriteChunk = size_t(8) << 20;
Status write_file_atomic(const std::string& path, const std::vector<std::string_view>& pieces,
                         const Progress& progress = {});
Status write_file_atomic(const std::string& path, const std::string& bytes);
Result<std::string> read_file(const std::string& path, uint64_t max_bytes = uint64_t(1) << 34);

}  // namespace gb
