// dataset.h — examples as token ids from JSON Lines: {"ids": [...]} (decoder-only) or
// {"source": [...], "target": [...]} (encoder-decoder), one object a line. Errors name the file and line.
#pragma once

#include "core/config.h"
#include "core/error.h"
#include "core/model/model.h"

#include <string>
#include <vector>

namespace gb {

Result<std::vector<Example>> load_jsonl_ids(const std::string& path, const Config& c);
Result<std::vector<Example>> parse_jsonl_ids(const std::string& text, const Config& c, const std::string& what);
// Whether a file holds JSON Lines (by content, whatever its name): its first non-blank line is a JSON object, or
// (a line longer than 64 KiB) starts with '{'. False for a file that cannot be read.
bool looks_like_jsonl(const std::string& path);

}  // namespace gb
