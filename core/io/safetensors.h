// safetensors.h — the safetensors container, read as hostile input and written atomically.
//
// Layout: 8-byte little-endian header length N, N bytes of UTF-8 JSON, then the data. The JSON maps each tensor
// name to {"dtype": "F32", "shape": [...], "data_offsets": [begin, end]} (offsets into the data), plus an optional
// "__metadata__" object of string → string. Glassbox's own files are F32 only, row-major, as the format prescribes;
// StReader reads other files (a Hugging Face checkpoint) one tensor at a time, F32, F16 and BF16 converted to float.
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

// One tensor's entry in the header: its dtype, shape and bytes [begin, end) within the data.
enum class StDtype { F64, F32, F16, BF16, I64, I32, I16, I8, U8, Bool };
struct StEntry {
  std::string name;
  std::string dtype;  // as written ("F16")
  StDtype type = StDtype::F32;
  std::vector<int64_t> shape;
  uint64_t begin = 0, end = 0;
  uint64_t count() const;  // product(shape)
};

// A safetensors file opened for reading one tensor at a time: the header is read and checked as read_safetensors
// checks it (any dtype of the format accepted), the data stays on disk until read() asks for a tensor, so a
// checkpoint of 500 MB is never held twice. Move-only; closes its file.
class StReader {
 public:
  static Result<StReader> open(const std::string& path);
  StReader(StReader&& o) noexcept;
  StReader& operator=(StReader&& o) noexcept;
  StReader(const StReader&) = delete;
  StReader& operator=(const StReader&) = delete;
  ~StReader();

  const std::string& path() const { return path_; }
  const std::vector<StEntry>& entries() const { return entries_; }  // in data order
  const StEntry* find(const std::string& name) const;
  const std::map<std::string, std::string>& metadata() const { return metadata_; }
  uint64_t data_bytes() const { return data_size_; }
  // Reads a tensor of dtype F32, F16 or BF16 into out (count() floats), converted to float; another dtype is
  // ErrorCode::StTensorDtypeNotFloat, a short read FileReadError.
  Status read(const StEntry& e, float* out) const;

 private:
  StReader() = default;
  std::string path_;
  int fd_ = -1;
  uint64_t data_offset_ = 0, data_size_ = 0;
  std::vector<StEntry> entries_;
  std::map<std::string, std::string> metadata_;
};

// IEEE half and bfloat16 to float, exactly (every half and bfloat16 value is a float).
float half_to_float(uint16_t h);
inline float bf16_to_float(uint16_t b) {
  const uint32_t u = uint32_t(b) << 16;
  float f;
  static_assert(sizeof f == sizeof u);
  __builtin_memcpy(&f, &u, sizeof f);
  return f;
}

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
