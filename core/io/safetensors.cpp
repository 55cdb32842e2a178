#include "core/io/safetensors.h"

#include "core/io/json_util.h"
#include "core/io/write_fault.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace gb {

const StTensor* StFile::find(const std::string& name) const {
  for (const auto& t : tensors)
    if (t.name == name) return &t;
  return nullptr;
}

Result<std::string> read_file(const std::string& path, uint64_t max_bytes) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return Error(ErrorCode::FileCannotOpen, {{"reason", std::strerror(errno)}}).in_file(path);
  std::string out;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (out.size() + n > max_bytes) {
      std::fclose(f);
      return Error(ErrorCode::FileTooLarge, {{"max", std::to_string(max_bytes)}}).in_file(path);
    }
    out.append(buf, n);
  }
  const bool err = std::ferror(f);
  std::fclose(f);
  if (err) return Error(ErrorCode::FileReadError).in_file(path);
  return out;
}

namespace {
// The injected fault (tests only): consumed by the next write_file_atomic.
struct InjectedFault {
  WriteFault where = WriteFault::None;
  int err = 0;
  uint64_t after = 0;
};
std::atomic<bool> g_fault_armed{false};
InjectedFault g_fault;
std::atomic<uint64_t> g_temp_counter{0};

InjectedFault take_fault() {
  InjectedFault f;
  if (g_fault_armed.exchange(false)) f = g_fault;
  return f;
}

// Syncs the folder that holds path, so the rename itself survives a power cut (best effort: some file systems
// refuse to open a folder for syncing, which loses nothing but that guarantee).
void sync_parent(const std::string& path) {
  const size_t slash = path.rfind('/');
  const std::string dir = slash == std::string::npos ? std::string(".") : slash == 0 ? std::string("/") : path.substr(0, slash);
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  (void)::fsync(fd);
  ::close(fd);
}
}  // namespace

void inject_write_fault(WriteFault where, int err, uint64_t after_bytes) {
  g_fault = InjectedFault{where, err, after_bytes};
  g_fault_armed = where != WriteFault::None;
}

Status write_file_atomic(const std::string& path, const std::string& bytes) {
  return write_file_atomic(path, std::vector<std::string_view>{bytes});
}

Status write_file_atomic(const std::string& path, const std::vector<std::string_view>& pieces,
                         const Progress& progress) {
  // Every way this can fail leaves the previous file as it was and removes the temporary file: nothing is written
  // to path itself; only the rename, which is atomic, replaces it.
  const InjectedFault fault = take_fault();
  const std::string tmp =
      path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(g_temp_counter.fetch_add(1));
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0 && errno == EEXIST) {  // left by a process that died with our pid: ours to replace
    ::unlink(tmp.c_str());
    fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  }
  if (fd < 0) return Error(ErrorCode::FileCannotCreateTemp, {{"reason", std::strerror(errno)}}).in_file(path);
  auto give_up = [&](ErrorCode code, int err) -> Status {
    ::close(fd);  // may fail again; the file goes anyway
    ::unlink(tmp.c_str());
    return Error(code, {{"reason", std::strerror(err)}}).in_file(path);
  };
  // the previous file's permissions carry over to its replacement
  struct stat old {};
  if (::stat(path.c_str(), &old) == 0) (void)::fchmod(fd, old.st_mode & 07777);
  uint64_t total = 0;
  for (const std::string_view piece : pieces) total += piece.size();
  uint64_t done = 0;  // over all pieces
  for (const std::string_view piece : pieces) {
    size_t at = 0;  // in this piece
    while (at < piece.size()) {
      if (progress && !progress(done, total)) {
        ::close(fd);
        ::unlink(tmp.c_str());
        return Error(ErrorCode::SavingCancelled).in_file(path);
      }
      size_t chunk = std::min(piece.size() - at, kWriteChunk);
      if (fault.where == WriteFault::Write) {  // a full disk: some bytes go, then no more
        if (done >= fault.after) return give_up(ErrorCode::FileWriteFailed, fault.err);
        chunk = std::min<size_t>(chunk, size_t(fault.after - done));
      }
      const ssize_t w = ::write(fd, piece.data() + at, chunk);
      if (w < 0) {
        if (errno == EINTR) continue;
        return give_up(ErrorCode::FileWriteFailed, errno);
      }
      if (w == 0) return give_up(ErrorCode::FileWriteFailed, ENOSPC);  // no progress: as good as a full disk
      at += size_t(w);
      done += uint64_t(w);
    }
  }
  // the last word before the file replaces the old one (a cancel now still leaves the old file)
  if (progress && !progress(done, total)) {
    ::close(fd);
    ::unlink(tmp.c_str());
    return Error(ErrorCode::SavingCancelled).in_file(path);
  }
  if (fault.where == WriteFault::Flush) return give_up(ErrorCode::FileFlushFailed, fault.err);
  if (::fsync(fd) != 0) return give_up(ErrorCode::FileFlushFailed, errno);
  if (::close(fd) != 0) {  // NFS and some full disks report the lost write only here
    const int err = errno;
    ::unlink(tmp.c_str());
    return Error(ErrorCode::FileFlushFailed, {{"reason", std::strerror(err)}}).in_file(path);
  }
  const int rename_err = fault.where == WriteFault::Rename ? fault.err
                         : ::rename(tmp.c_str(), path.c_str()) != 0 ? errno
                                                                     : 0;
  if (rename_err != 0) {
    ::unlink(tmp.c_str());
    return Error(ErrorCode::FileReplaceFailed, {{"reason", std::strerror(rename_err)}}).in_file(path);
  }
  sync_parent(path);
  return std::nullopt;
}

Result<StFile> read_safetensors(const std::string& path) {
  // Check the size first so a huge file is not read only to be rejected.
  auto bytes = read_file(path);
  if (!bytes) return bytes.error();
  return parse_safetensors(*bytes, path);
}

static bool mul_overflows(uint64_t a, uint64_t b, uint64_t* out) { return __builtin_mul_overflow(a, b, out); }

uint64_t StEntry::count() const {
  uint64_t n = 1;
  for (int64_t d : shape) n *= uint64_t(d);
  return n;
}

namespace {

struct DtypeInfo {
  const char* name;
  StDtype type;
  uint64_t bytes;
};
constexpr DtypeInfo kDtypes[] = {{"F64", StDtype::F64, 8}, {"F32", StDtype::F32, 4}, {"F16", StDtype::F16, 2},
                                 {"BF16", StDtype::BF16, 2}, {"I64", StDtype::I64, 8}, {"I32", StDtype::I32, 4},
                                 {"I16", StDtype::I16, 2},   {"I8", StDtype::I8, 1},   {"U8", StDtype::U8, 1},
                                 {"BOOL", StDtype::Bool, 1}};

struct StHeader {
  std::map<std::string, std::string> metadata;
  std::vector<StEntry> entries;  // sorted by data offset
};

// The header's JSON against the data's size: every check of the format (see safetensors.h). f32_only: Glassbox's
// own files, where another dtype is StTensorDtype; otherwise any dtype of the format.
Result<StHeader> parse_header(std::string_view json, uint64_t data_size, const std::string& what, bool f32_only) {
  auto header = parse_json_strict(json, what);
  if (!header) return header.error();
  if (!header->is_object()) return Error(ErrorCode::StHeaderNotObject).in_file(what);
  StHeader h;
  for (auto it = header->begin(); it != header->end(); ++it) {
    const std::string& name = it.key();
    const Json& v = it.value();
    if (name == "__metadata__") {
      if (!v.is_object()) return Error(ErrorCode::StMetadataNotObject).in_file(what);
      for (auto m = v.begin(); m != v.end(); ++m) {
        if (!m.value().is_string())
          return Error(ErrorCode::StMetadataFieldNotString, {{"field", m.key()}}).in_file(what);
        h.metadata[m.key()] = m.value().get<std::string>();
      }
      continue;
    }
    // an error about this tensor: its name is always the first argument
    auto tensor_err = [&](ErrorCode code, ErrorArgs args = {}) {
      args.insert(args.begin(), {"tensor", name});
      return Error(code, std::move(args)).in_file(what);
    };
    if (!v.is_object()) return tensor_err(ErrorCode::StTensorNotObject);
    if (!v.contains("dtype") || !v["dtype"].is_string()) return tensor_err(ErrorCode::StTensorNoDtype);
    StEntry t;
    t.name = name;
    t.dtype = v["dtype"].get<std::string>();
    uint64_t elem = 0;
    for (const DtypeInfo& d : kDtypes)
      if (t.dtype == d.name) t.type = d.type, elem = d.bytes;
    if (f32_only && t.dtype != "F32") return tensor_err(ErrorCode::StTensorDtype, {{"found", t.dtype}});
    if (elem == 0) return tensor_err(ErrorCode::StTensorDtypeUnknown, {{"found", t.dtype}});
    if (!v.contains("shape") || !v["shape"].is_array()) return tensor_err(ErrorCode::StTensorNoShape);
    if (!v.contains("data_offsets") || !v["data_offsets"].is_array() || v["data_offsets"].size() != 2)
      return tensor_err(ErrorCode::StTensorOffsetsForm);
    uint64_t count = 1;
    for (const Json& s : v["shape"]) {
      if (!s.is_number_unsigned()) return tensor_err(ErrorCode::StTensorShapeEntries);
      const uint64_t d = s.get<uint64_t>();
      if (d > (uint64_t(1) << 40) || mul_overflows(count, d, &count))
        return tensor_err(ErrorCode::StTensorShapeTooLarge, {{"shape", v["shape"].dump()}});
      t.shape.push_back(int64_t(d));
    }
    uint64_t nbytes;
    if (mul_overflows(count, elem, &nbytes))
      return tensor_err(ErrorCode::StTensorShapeTooLarge, {{"shape", v["shape"].dump()}});
    const Json& off = v["data_offsets"];
    if (!off[0].is_number_unsigned() || !off[1].is_number_unsigned())
      return tensor_err(ErrorCode::StTensorOffsetsNotInt);
    const uint64_t b = off[0].get<uint64_t>(), e = off[1].get<uint64_t>();
    if (b > e)
      return tensor_err(ErrorCode::StTensorOffsetsReversed, {{"begin", std::to_string(b)}, {"end", std::to_string(e)}});
    if (e > data_size)
      return tensor_err(ErrorCode::StTensorOffsetsPastData,
                        {{"end", std::to_string(e)}, {"size", std::to_string(data_size)}});
    if (e - b != nbytes)
      return tensor_err(ErrorCode::StTensorSizeMismatch, {{"shape", v["shape"].dump()},
                                                          {"bytes", std::to_string(nbytes)},
                                                          {"span", std::to_string(e - b)}});
    t.begin = b;
    t.end = e;
    h.entries.push_back(std::move(t));
  }
  // The ranges must tile the data exactly: sorted, no overlap, no gap, nothing left over.
  std::stable_sort(h.entries.begin(), h.entries.end(), [](const StEntry& a, const StEntry& b) { return a.begin < b.begin; });
  uint64_t pos = 0;
  for (const StEntry& t : h.entries) {
    if (t.begin < pos) return Error(ErrorCode::StTensorOverlap, {{"tensor", t.name}}).in_file(what);
    if (t.begin > pos)
      return Error(ErrorCode::StGap, {{"bytes", std::to_string(t.begin - pos)}, {"tensor", t.name}}).in_file(what);
    pos = t.end;
  }
  if (pos != data_size)
    return Error(ErrorCode::StTrailingData, {{"bytes", std::to_string(data_size - pos)}}).in_file(what);
  return h;
}

// The 8-byte little-endian header length at the start of a file of `size` bytes, checked.
Result<uint64_t> header_length(const unsigned char* first8, uint64_t size, const std::string& what) {
  if (size < 8) return Error(ErrorCode::StTruncated, {{"size", std::to_string(size)}}).in_file(what);
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | first8[i];
  if (n > kMaxSafetensorsHeader)
    return Error(ErrorCode::StHeaderTooLarge,
                 {{"length", std::to_string(n)}, {"limit", std::to_string(kMaxSafetensorsHeader)}})
        .in_file(what);
  if (n > size - 8)
    return Error(ErrorCode::StHeaderPastEnd, {{"length", std::to_string(n)}, {"size", std::to_string(size)}})
        .in_file(what);
  return n;
}

}  // namespace

Result<StFile> parse_safetensors(const std::string& bytes, const std::string& what) {
  const uint64_t size = bytes.size();
  auto n = header_length(reinterpret_cast<const unsigned char*>(bytes.data()), size, what);
  if (!n) return n.error();
  auto h = parse_header(std::string_view(bytes).substr(8, *n), size - 8 - *n, what, true);
  if (!h) return h.error();
  const char* data = bytes.data() + 8 + *n;
  StFile f;
  f.metadata = std::move(h->metadata);
  // Copy out (little-endian F32 — the machines we build for are little-endian).
  static_assert(sizeof(float) == 4);
  for (StEntry& e : h->entries) {
    StTensor t;
    t.name = std::move(e.name);
    t.shape = std::move(e.shape);
    t.data.resize((e.end - e.begin) / 4);
    if (!t.data.empty()) std::memcpy(t.data.data(), data + e.begin, e.end - e.begin);
    f.tensors.push_back(std::move(t));
  }
  return f;
}

float half_to_float(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000) << 16;
  const uint32_t exp = (h >> 10) & 0x1F, mant = h & 0x3FF;
  uint32_t u;
  if (exp == 0) {
    if (mant == 0) {
      u = sign;  // ±0
    } else {     // subnormal: mant · 2^−24, normalised for float
      int e = -1;
      uint32_t m = mant;
      do {
        ++e;
        m <<= 1;
      } while ((m & 0x400) == 0);
      u = sign | uint32_t(127 - 15 - e) << 23 | (m & 0x3FF) << 13;
    }
  } else if (exp == 0x1F) {
    u = sign | 0x7F800000u | mant << 13;  // ±∞, NaN
  } else {
    u = sign | (exp + 127 - 15) << 23 | mant << 13;
  }
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
}

Result<StReader> StReader::open(const std::string& path) {
  StReader r;
  r.path_ = path;
  r.fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (r.fd_ < 0) return Error(ErrorCode::FileCannotOpen, {{"reason", std::strerror(errno)}}).in_file(path);
  struct stat st {};
  if (::fstat(r.fd_, &st) != 0 || !S_ISREG(st.st_mode))
    return Error(ErrorCode::FileCannotOpen, {{"reason", std::strerror(S_ISREG(st.st_mode) ? errno : EISDIR)}})
        .in_file(path);
  const uint64_t size = uint64_t(st.st_size);
  unsigned char first8[8] = {};
  if (size >= 8 && ::pread(r.fd_, first8, 8, 0) != 8) return Error(ErrorCode::FileReadError).in_file(path);
  auto n = header_length(first8, size, path);
  if (!n) return n.error();
  std::string json(size_t(*n), '\0');
  for (uint64_t got = 0; got < *n;) {
    const ssize_t k = ::pread(r.fd_, json.data() + got, size_t(*n - got), off_t(8 + got));
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return Error(ErrorCode::FileReadError).in_file(path);
    got += uint64_t(k);
  }
  auto h = parse_header(json, size - 8 - *n, path, false);
  if (!h) return h.error();
  r.data_offset_ = 8 + *n;
  r.data_size_ = size - 8 - *n;
  r.entries_ = std::move(h->entries);
  r.metadata_ = std::move(h->metadata);
  return r;
}

StReader::StReader(StReader&& o) noexcept { *this = std::move(o); }
StReader& StReader::operator=(StReader&& o) noexcept {
  if (this != &o) {
    if (fd_ >= 0) ::close(fd_);
    path_ = std::move(o.path_);
    fd_ = o.fd_;
    o.fd_ = -1;
    data_offset_ = o.data_offset_;
    data_size_ = o.data_size_;
    entries_ = std::move(o.entries_);
    metadata_ = std::move(o.metadata_);
  }
  return *this;
}
StReader::~StReader() {
  if (fd_ >= 0) ::close(fd_);
}

const StEntry* StReader::find(const std::string& name) const {
  for (const auto& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

Status StReader::read(const StEntry& e, float* out) const {
  if (e.type != StDtype::F32 && e.type != StDtype::F16 && e.type != StDtype::BF16)
    return Error(ErrorCode::StTensorDtypeNotFloat, {{"tensor", e.name}, {"found", e.dtype}}).in_file(path_);
  const uint64_t elem = e.type == StDtype::F32 ? 4 : 2;
  const uint64_t n = e.count();
  // In chunks of 4 MB of the file (a half-precision tensor is converted as it is read: no copy of the whole tensor).
  constexpr uint64_t kChunk = uint64_t(4) << 20;
  std::vector<unsigned char> buf(e.type == StDtype::F32 ? 0 : size_t(std::min<uint64_t>(kChunk, n * elem)));
  uint64_t done = 0;  // values
  while (done < n) {
    const uint64_t want = std::min<uint64_t>(n - done, kChunk / elem);
    unsigned char* dst = e.type == StDtype::F32 ? reinterpret_cast<unsigned char*>(out + done) : buf.data();
    for (uint64_t got = 0; got < want * elem;) {
      const ssize_t k = ::pread(fd_, dst + got, size_t(want * elem - got), off_t(data_offset_ + e.begin + done * elem + got));
      if (k < 0 && errno == EINTR) continue;
      if (k <= 0) return Error(ErrorCode::FileReadError).in_file(path_);
      got += uint64_t(k);
    }
    if (e.type != StDtype::F32)
      for (uint64_t i = 0; i < want; ++i) {
        const uint16_t h = uint16_t(buf[size_t(2 * i)] | (uint16_t(buf[size_t(2 * i + 1)]) << 8));
        out[done + i] = e.type == StDtype::F16 ? half_to_float(h) : bf16_to_float(h);
      }
    done += want;
  }
  return std::nullopt;
}

namespace {
// The 8-byte length and the JSON header, padded so that the data starts at a multiple of 8 bytes.
std::string safetensors_header(const StFile& f) {
  Json h = Json::object();
  if (!f.metadata.empty()) h["__metadata__"] = f.metadata;
  uint64_t pos = 0;
  // nlohmann's object sorts keys; the data stays in our order and the offsets say where each tensor is.
  for (const auto& t : f.tensors) {
    const uint64_t nb = uint64_t(t.data.size()) * 4;
    h[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {pos, pos + nb}}};
    pos += nb;
  }
  std::string js = h.dump();
  while ((js.size() + 8) % 8 != 0) js.push_back(' ');  // align the data to 8 bytes, as the reference writer does
  std::string out(8, '\0');
  uint64_t n = js.size();
  for (int i = 0; i < 8; ++i) out[size_t(i)] = char((n >> (8 * i)) & 0xFF);
  out += js;
  return out;
}

std::string_view data_of(const StTensor& t) {
  return {reinterpret_cast<const char*>(t.data.data()), t.data.size() * sizeof(float)};
}
}  // namespace

std::string serialize_safetensors(const StFile& f) {
  std::string out = safetensors_header(f);
  size_t data = 0;
  for (const auto& t : f.tensors) data += data_of(t).size();
  out.reserve(out.size() + data);
  for (const auto& t : f.tensors) out.append(data_of(t));
  return out;
}

Status write_safetensors(const std::string& path, const StFile& f, const Progress& progress) {
  const std::string header = safetensors_header(f);
  std::vector<std::string_view> pieces{header};
  for (const auto& t : f.tensors)
    if (!t.data.empty()) pieces.push_back(data_of(t));
  return write_file_atomic(path, pieces, progress);
}

}  // namespace gb
