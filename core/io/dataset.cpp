#include "core/io/dataset.h"

#include "core/io/json_util.h"
#include "core/io/safetensors.h"

#include <cstdio>

namespace gb {

static Result<std::vector<int>> id_list(const Json& o, const char* field) {
  if (!o.contains(field)) return Error(ErrorCode::IdsFieldMissing, {{"field", field}});
  const Json& a = o.at(field);
  if (!a.is_array()) return Error(ErrorCode::IdsFieldNotArray, {{"field", field}});
  std::vector<int> ids;
  for (const Json& v : a) {
    if (!v.is_number_integer())
      return Error(ErrorCode::IdsNotInteger, {{"field", field}, {"found", v.dump()}});
    const long long x = v.get<long long>();
    if (x < 0 || x > (1 << 30))
      return Error(ErrorCode::IdsOutOfRange, {{"field", field}, {"found", std::to_string(x)}});
    ids.push_back(int(x));
  }
  return ids;
}

Result<std::vector<Example>> parse_jsonl_ids(const std::string& text, const Config& c, const std::string& what) {
  std::vector<Example> out;
  size_t pos = 0;
  int line_no = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    pos = end + 1;
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    // The callees see only the line; the file and line number are added here.
    auto here = [&](Error err) { return err.in_file(what).at_line(line_no); };
    auto j = parse_json_strict(line, "");
    if (!j) return here(j.error());
    if (!j->is_object()) return here(Error(ErrorCode::JsonNotObject));
    Example e;
    if (c.has_source()) {
      auto z = id_list(*j, "source");
      if (!z) return here(z.error());
      auto x = id_list(*j, "target");
      if (!x) return here(x.error());
      e.z = std::move(*z);
      e.x = std::move(*x);
    } else {
      auto x = id_list(*j, "ids");
      if (!x) return here(x.error());
      e.x = std::move(*x);
    }
    if (auto err = check_example(c, e)) return here(*err);
    out.push_back(std::move(e));
  }
  if (out.empty()) return Error(ErrorCode::NoExamples).in_file(what);
  return out;
}

bool looks_like_jsonl(const std::string& path) {
  constexpr size_t kPeek = 64 * 1024;
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) return false;
  std::string head(kPeek, '\0');
  head.resize(std::fread(head.data(), 1, kPeek, f));
  std::fclose(f);
  size_t pos = 0;
  while (pos < head.size()) {  // the first line with anything but blanks on it
    size_t end = head.find('\n', pos);
    const bool complete = end != std::string::npos;
    if (!complete) end = head.size();
    const std::string line = head.substr(pos, end - pos);
    const size_t first = line.find_first_not_of(" \t\r");
    if (first != std::string::npos) {
      if (line[first] != '{') return false;
      if (!complete && head.size() == kPeek) return true;  // longer than we look at: '{' is enough
      auto j = parse_json_strict(line, "");
      return j && j->is_object();
    }
    pos = end + 1;
  }
  return false;
}

Result<std::vector<Example>> load_jsonl_ids(const std::string& path, const Config& c) {
  auto t = read_file(path);
  if (!t) return t.error();
  return parse_jsonl_ids(*t, c, path);
}

}  // namespace gb
