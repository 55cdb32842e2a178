// args.h — a small, strict command-line parser for glassbox-cli: --name value and --flag, every option declared,
// an unknown or malformed option is an error that names it.
//
// Kept rather than CLI11 (libcli11-dev 2.1): the option tables here already give one consistent --help, the bash
// completion and the man page (meta.cpp), and get_int(…, lo, hi) checks ranges; CLI11 2.1 makes no completion
// script, and would change every error message and help text that tests, scripts and the docs rely on.
#pragma once

#include "core/error.h"
#include "core/text/datafile.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gbcli {

struct OptionSpec {
  std::string name;      // without the leading "--"
  bool takes_value;
  std::string help;
};

class Args {
 public:
  // Parses argv[first…]. Returns an error for unknown options, missing values or stray positionals beyond `positional`.
  static gb::Result<Args> parse(int argc, char** argv, int first, const std::vector<OptionSpec>& specs,
                                int max_positional = 0);
  bool has(const std::string& n) const { return values_.count(n) > 0; }
  std::optional<std::string> get(const std::string& n) const;
  gb::Result<long long> get_int(const std::string& n, long long def, long long lo, long long hi) const;
  gb::Result<double> get_double(const std::string& n, double def) const;
  gb::Result<std::vector<int>> get_ids(const std::string& n) const;  // "3,1,4"
  gb::Result<std::string> require(const std::string& n) const;
  const std::vector<std::string>& positional() const { return positional_; }

 private:
  std::map<std::string, std::string> values_;
  std::vector<std::string> positional_;
};

// --long filter|truncate|reject
inline gb::Result<gb::LengthPolicy> length_policy(const Args& a) {
  const std::string v = a.get("long").value_or("filter");
  if (v == "filter") return gb::LengthPolicy::Filter;
  if (v == "truncate") return gb::LengthPolicy::Truncate;
  if (v == "reject") return gb::LengthPolicy::Reject;
  return gb::Error::plain("--long: expected filter, truncate or reject, got '" + v + "'");
}

std::string usage_text(const std::string& synopsis, const std::vector<OptionSpec>& specs);

}  // namespace gbcli
