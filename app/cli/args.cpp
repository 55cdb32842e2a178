#include "args.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace gbcli {

gb::Result<Args> Args::parse(int argc, char** argv, int first, const std::vector<OptionSpec>& specs,
                             int max_positional) {
  Args a;
  for (int i = first; i < argc; ++i) {
    std::string s = argv[i];
    if (s.rfind("--", 0) == 0) {
      std::string name = s.substr(2), value;
      bool inline_value = false;
      if (auto eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
        inline_value = true;
      }
      const OptionSpec* spec = nullptr;
      for (const auto& sp : specs)
        if (sp.name == name) spec = &sp;
      if (!spec) return gb::Error::plain("unknown option --" + name + " (see --help)");
      if (spec->takes_value && !inline_value) {
        if (i + 1 >= argc) return gb::Error::plain("option --" + name + " needs a value");
        value = argv[++i];
      } else if (!spec->takes_value && inline_value) {
        return gb::Error::plain("option --" + name + " takes no value");
      }
      a.values_[name] = spec->takes_value ? value : "1";
    } else {
      if (int(a.positional_.size()) >= max_positional)
        return gb::Error::plain("unexpected argument '" + s + "'");
      a.positional_.push_back(s);
    }
  }
  return a;
}

std::optional<std::string> Args::get(const std::string& n) const {
  auto it = values_.find(n);
  if (it == values_.end()) return std::nullopt;
  return it->second;
}

gb::Result<std::string> Args::require(const std::string& n) const {
  auto v = get(n);
  if (!v) return gb::Error::plain("option --" + n + " is required");
  return *v;
}

gb::Result<long long> Args::get_int(const std::string& n, long long def, long long lo, long long hi) const {
  auto v = get(n);
  if (!v) return def;
  errno = 0;
  char* end = nullptr;
  const long long x = std::strtoll(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || errno == ERANGE)
    return gb::Error::plain("option --" + n + ": expected an integer, got '" + *v + "'");
  if (x < lo || x > hi)
    return gb::Error::plain("option --" + n + ": expected " + std::to_string(lo) + " to " + std::to_string(hi) +
                            ", got " + *v);
  return x;
}

gb::Result<double> Args::get_double(const std::string& n, double def) const {
  auto v = get(n);
  if (!v) return def;
  if (*v == "inf" || *v == "infinity") return HUGE_VAL;
  char* end = nullptr;
  const double x = std::strtod(v->c_str(), &end);
  if (v->empty() || *end != '\0' || std::isnan(x))
    return gb::Error::plain("option --" + n + ": expected a number, got '" + *v + "'");
  return x;
}

gb::Result<std::vector<int>> Args::get_ids(const std::string& n) const {
  auto v = get(n);
  if (!v) return gb::Error::plain("option --" + n + " is required");
  std::vector<int> ids;
  size_t pos = 0;
  const std::string& s = *v;
  while (pos <= s.size()) {
    size_t end = s.find(',', pos);
    if (end == std::string::npos) end = s.size();
    const std::string tok = s.substr(pos, end - pos);
    char* e = nullptr;
    errno = 0;
    const long x = std::strtol(tok.c_str(), &e, 10);
    if (tok.empty() || *e != '\0' || errno == ERANGE || x < 0 || x > (1 << 30))
      return gb::Error::plain("option --" + n + ": expected comma-separated token ids, got '" + tok + "'");
    ids.push_back(int(x));
    pos = end + 1;
  }
  return ids;
}

std::string usage_text(const std::string& synopsis, const std::vector<OptionSpec>& specs) {
  std::string out = "usage: " + synopsis + "\n\noptions:\n";
  for (const auto& s : specs) {
    std::string lhs = "  --";
    lhs += s.name;
    if (s.takes_value) lhs += " VALUE";
    if (lhs.size() < 26) lhs.resize(26, ' ');
    else lhs += "\n" + std::string(26, ' ');
    out += lhs + s.help + "\n";
  }
  return out;
}

}  // namespace gbcli
