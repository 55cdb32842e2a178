// json_util.h — strict JSON for untrusted input: valid UTF-8, no duplicate keys, typed field access whose errors
// name the field and what was expected.
#pragma once

#include "core/config.h"
#include "core/error.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

namespace gb {

using Json = nlohmann::json;

bool is_valid_utf8(std::string_view s);
// Parses text; `what` names the source in errors (e.g. "model.safetensors header").
Result<Json> parse_json_strict(std::string_view text, const std::string& what);

// Field access for objects parsed from files: "<what>: field 'x': expected …".
Result<long long> json_int(const Json& obj, const char* field, const std::string& what, long long lo, long long hi);
Result<double> json_number(const Json& obj, const char* field, const std::string& what);
Result<bool> json_bool(const Json& obj, const char* field, const std::string& what);
Result<std::string> json_string(const Json& obj, const char* field, const std::string& what);

Json config_to_json(const Config& c);
Result<Config> config_from_json(const Json& j, const std::string& what);

}  // namespace gb
