#include "core/io/safetensors.h"

#include "core/io/json_util.h"

#include <algorithm>
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
  if (!f) return Error{path + ": cannot open (" + std::strerror(errno) + ")"};
  std::string out;
  char buf[1 << 16];
  size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    if (out.size() + n > max_bytes) {
      std::fclose(f);
      return Error{path + ": larger than " + std::to_string(max_bytes) + " bytes"};
    }
    out.append(buf, n);
  }
  const bool err = std::ferror(f);
  std::fclose(f);
  if (err) return Error{path + ": read error"};
  return out;
}

Status write_file_atomic(const std::string& path, const std::string& bytes) {
  const std::string tmp = path + ".tmp-" + std::to_string(::getpid());
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return Error{path + ": cannot create a temporary file beside it (" + std::strerror(errno) + ")"};
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t w = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (w < 0) {
      if (errno == EINTR) continue;
      const std::string why = std::strerror(errno);
      ::close(fd);
      ::unlink(tmp.c_str());
      return Error{path + ": write failed (" + why + "); the previous file is unchanged"};
    }
    done += size_t(w);
  }
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    return Error{path + ": could not flush to disk (" + why + "); the previous file is unchanged"};
  }
  if (::rename(tmp.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    ::unlink(tmp.c_str());
    return Error{path + ": could not replace the file (" + why + "); the previous file is unchanged"};
  }
  return std::nullopt;
}

Result<StFile> read_safetensors(const std::string& path) {
  // Check the size first so a huge file is not read only to be rejected.
  auto bytes = read_file(path);
  if (!bytes) return bytes.error();
  return parse_safetensors(*bytes, path);
}

static bool mul_overflows(uint64_t a, uint64_t b, uint64_t* out) { return __builtin_mul_overflow(a, b, out); }

Result<StFile> parse_safetensors(const std::string& bytes, const std::string& what) {
  const uint64_t size = bytes.size();
  if (size < 8)
    return Error{what + ": truncated: " + std::to_string(size) +
                 " bytes, but a safetensors file starts with an 8-byte header length"};
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = (n << 8) | static_cast<unsigned char>(bytes[size_t(i)]);
  if (n > kMaxSafetensorsHeader)
    return Error{what + ": header length " + std::to_string(n) + " is larger than the limit of " +
                 std::to_string(kMaxSafetensorsHeader) + " bytes"};
  if (n > size - 8)
    return Error{what + ": header length " + std::to_string(n) + " runs past the end of the file (" +
                 std::to_string(size) + " bytes)"};
  auto header = parse_json_strict(std::string_view(bytes).substr(8, n), what + " header");
  if (!header) return header.error();
  if (!header->is_object()) return Error{what + " header: expected a JSON object"};
  const uint64_t data_size = size - 8 - n;
  const char* data = bytes.data() + 8 + n;

  StFile f;
  struct Range { uint64_t b, e; std::string name; };
  std::vector<Range> ranges;
  for (auto it = header->begin(); it != header->end(); ++it) {
    const std::string& name = it.key();
    const Json& v = it.value();
    if (name == "__metadata__") {
      if (!v.is_object()) return Error{what + ": __metadata__ must be an object of strings"};
      for (auto m = v.begin(); m != v.end(); ++m) {
        if (!m.value().is_string())
          return Error{what + ": __metadata__ field '" + m.key() + "' must be a string"};
        f.metadata[m.key()] = m.value().get<std::string>();
      }
      continue;
    }
    const std::string tw = what + ": tensor '" + name + "'";
    if (!v.is_object()) return Error{tw + ": expected an object with dtype, shape and data_offsets"};
    if (!v.contains("dtype") || !v["dtype"].is_string()) return Error{tw + ": missing dtype"};
    const std::string dtype = v["dtype"].get<std::string>();
    if (dtype != "F32") return Error{tw + ": dtype '" + dtype + "' is not supported (expected F32)"};
    if (!v.contains("shape") || !v["shape"].is_array()) return Error{tw + ": missing shape"};
    if (!v.contains("data_offsets") || !v["data_offsets"].is_array() || v["data_offsets"].size() != 2)
      return Error{tw + ": data_offsets must be [begin, end]"};
    StTensor t;
    t.name = name;
    uint64_t count = 1;
    for (const Json& s : v["shape"]) {
      if (!s.is_number_unsigned()) return Error{tw + ": shape entries must be non-negative integers"};
      const uint64_t d = s.get<uint64_t>();
      if (d > (uint64_t(1) << 40) || mul_overflows(count, d, &count))
        return Error{tw + ": shape " + v["shape"].dump() + " is too large"};
      t.shape.push_back(int64_t(d));
    }
    uint64_t nbytes;
    if (mul_overflows(count, 4, &nbytes)) return Error{tw + ": shape " + v["shape"].dump() + " is too large"};
    const Json& off = v["data_offsets"];
    if (!off[0].is_number_unsigned() || !off[1].is_number_unsigned())
      return Error{tw + ": data_offsets must be non-negative integers"};
    const uint64_t b = off[0].get<uint64_t>(), e = off[1].get<uint64_t>();
    if (b > e) return Error{tw + ": data_offsets [" + std::to_string(b) + ", " + std::to_string(e) + "] are reversed"};
    if (e > data_size)
      return Error{tw + ": data_offsets end " + std::to_string(e) + " lies past the data (" +
                   std::to_string(data_size) + " bytes)"};
    if (e - b != nbytes)
      return Error{tw + ": shape " + v["shape"].dump() + " × 4 bytes = " + std::to_string(nbytes) +
                   " bytes, but data_offsets span " + std::to_string(e - b)};
    ranges.push_back({b, e, name});
    f.tensors.push_back(std::move(t));
  }
  // The ranges must tile the data exactly: sorted, no overlap, no gap, nothing left over.
  std::vector<size_t> order(ranges.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return ranges[a].b < ranges[b].b; });
  uint64_t pos = 0;
  for (size_t i : order) {
    if (ranges[i].b < pos)
      return Error{what + ": tensor '" + ranges[i].name + "' overlaps the data of another tensor"};
    if (ranges[i].b > pos)
      return Error{what + ": gap of " + std::to_string(ranges[i].b - pos) + " bytes before tensor '" +
                   ranges[i].name + "'"};
    pos = ranges[i].e;
  }
  if (pos != data_size)
    return Error{what + ": " + std::to_string(data_size - pos) + " bytes of data belong to no tensor"};
  // Copy out (little-endian F32 — the machines we build for are little-endian).
  static_assert(sizeof(float) == 4);
  std::vector<StTensor> sorted;
  for (size_t i : order) {
    StTensor& t = f.tensors[i];
    t.data.resize((ranges[i].e - ranges[i].b) / 4);
    if (!t.data.empty()) std::memcpy(t.data.data(), data + ranges[i].b, ranges[i].e - ranges[i].b);
    sorted.push_back(std::move(t));
  }
  f.tensors = std::move(sorted);
  return f;
}

std::string serialize_safetensors(const StFile& f) {
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
  out.reserve(out.size() + pos);
  for (const auto& t : f.tensors) out.append(reinterpret_cast<const char*>(t.data.data()), t.data.size() * 4);
  return out;
}

Status write_safetensors(const std::string& path, const StFile& f) {
  return write_file_atomic(path, serialize_safetensors(f));
}

}  // namespace gb
