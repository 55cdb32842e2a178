#include "core/error.h"

#include "core/error_codes.h"

namespace gb {

const char* error_template(ErrorCode code) {
  const auto i = static_cast<std::size_t>(code);
  return i < std::size(kErrorTemplates) ? kErrorTemplates[i].english : "{text}";
}

std::string fill_error_template(std::string_view text, const ErrorArgs& args) {
  std::string out;
  size_t pos = 0;
  while (pos < text.size()) {
    const size_t open = text.find('{', pos);
    if (open == std::string_view::npos) break;
    const size_t close = text.find('}', open + 1);
    if (close == std::string_view::npos) break;
    out.append(text.substr(pos, open - pos));
    const std::string_view name = text.substr(open + 1, close - open - 1);
    const std::string* value = nullptr;
    for (const auto& [n, v] : args)
      if (n == name) value = &v;
    if (value) out += *value;
    else out.append(text.substr(open, close - open + 1));  // missing: leave "{name}" visible rather than guess
    pos = close + 1;
  }
  out.append(text.substr(pos));
  return out;
}

Error::Error(ErrorCode c, ErrorArgs a) : code(c), args(std::move(a)) { rebuild(); }

Error& Error::in_file(const std::string& path) {
  if (path.empty()) return *this;
  if (file.empty()) {
    file = path;
  } else {
    file = path + ": " + where();  // the inner line becomes part of file
    line = 0;
  }
  rebuild();
  return *this;
}

Error Error::with_cause(ErrorCode code, ErrorArgs args, const Error& cause) {
  args.push_back({"problem", cause.message});
  args.push_back({"cause_code", std::to_string(static_cast<int>(cause.code))});
  for (const auto& [k, v] : cause.args) args.push_back({"cause." + k, v});
  return Error(code, std::move(args));
}

Error& Error::at_line(int n) {
  line = n;
  rebuild();
  return *this;
}

std::string Error::arg(const std::string& name) const {
  for (const auto& [n, v] : args)
    if (n == name) return v;
  return {};
}

std::string Error::where() const {
  if (file.empty()) return {};
  return line > 0 ? file + ":" + std::to_string(line) : file;
}

void Error::rebuild() {
  const std::string w = where();
  message = (w.empty() ? std::string() : w + ": ") + fill_error_template(error_template(code), args);
}

}  // namespace gb
