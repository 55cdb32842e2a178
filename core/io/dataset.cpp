#include "core/io/dataset.h"

#include "core/io/json_util.h"
#include "core/io/safetensors.h"

namespace gb {

static Result<std::vector<int>> id_list(const Json& o, const char* field, const std::string& where) {
  if (!o.contains(field)) return Error{where + ": field '" + field + "' is missing"};
  const Json& a = o.at(field);
  if (!a.is_array()) return Error{where + ": field '" + field + "' must be an array of token ids"};
  std::vector<int> ids;
  for (const Json& v : a) {
    if (!v.is_number_integer()) return Error{where + ": field '" + field + "' holds " + v.dump() + ", not a token id"};
    const long long x = v.get<long long>();
    if (x < 0 || x > (1 << 30)) return Error{where + ": field '" + field + "' holds id " + std::to_string(x) + ", out of range"};
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
    const std::string where = what + ":" + std::to_string(line_no);
    auto j = parse_json_strict(line, where);
    if (!j) return j.error();
    if (!j->is_object()) return Error{where + ": expected a JSON object"};
    Example e;
    if (c.is_ed()) {
      auto z = id_list(*j, "source", where);
      if (!z) return z.error();
      auto x = id_list(*j, "target", where);
      if (!x) return x.error();
      e.z = std::move(*z);
      e.x = std::move(*x);
    } else {
      auto x = id_list(*j, "ids", where);
      if (!x) return x.error();
      e.x = std::move(*x);
    }
    if (auto err = check_example(c, e)) return Error{where + ": " + err->message};
    out.push_back(std::move(e));
  }
  if (out.empty()) return Error{what + ": no examples (the file is empty)"};
  return out;
}

Result<std::vector<Example>> load_jsonl_ids(const std::string& path, const Config& c) {
  auto t = read_file(path);
  if (!t) return t.error();
  return parse_jsonl_ids(*t, c, path);
}

}  // namespace gb
