// datafile.h — data a user brings: TSV/CSV files of source–target pairs and plain text for language models, and
// how they become examples for a model.
//
// Pairs: UTF-8, LF or CRLF, fields optionally quoted ("a ""b"", c" — quotes may hold the delimiter and line
// breaks), exactly two fields a record; empty lines are skipped. A malformed record (wrong field count, an
// unterminated quote, invalid UTF-8, an empty field) is reported with its line number and either skipped (and
// counted) or rejects the file, as the caller chooses. An empty file or a binary one (a NUL byte) is an error.
// Loading reports progress and can be cancelled; tens of MB take about a second.
#pragma once

#include "core/config.h"
#include "core/error.h"
#include "core/model/model.h"
#include "core/text/tasks.h"
#include "core/text/tokenizer.h"

#include <functional>
#include <string>
#include <vector>

namespace gb {

enum class MalformedPolicy { Skip, Reject };

struct LineIssue {
  int line = 0;        // 1-based line where the record starts
  std::string reason;  // English, as the CLI prints it
  ErrorCode code = ErrorCode::Plain;  // the same reason for the UI to translate
  ErrorArgs args;
};

struct PairsFile {
  std::vector<TextPair> pairs;
  std::vector<LineIssue> skipped;  // records left out (Skip policy)
  int records = 0;                 // non-empty records seen
};

// Delimiter: ',' for *.csv, tab otherwise.
Result<PairsFile> load_pairs(const std::string& path, MalformedPolicy policy, const Progress& progress = {});
Result<PairsFile> parse_pairs(std::string_view text, char delimiter, MalformedPolicy policy, const std::string& what,
                              const Progress& progress = {});
// A whole text file for a language model: UTF-8, not empty, not binary. CRLF becomes LF.
Result<std::string> load_text(const std::string& path, const Progress& progress = {});
Result<std::string> check_text(std::string text, const std::string& what);

enum class LengthPolicy {
  Reject,    // an example longer than ℓ_max is an error naming it
  Filter,    // leave such examples out (counted)
  Truncate,  // cut them to ℓ_max (counted)
};

struct DatasetReport {
  int examples = 0;
  int too_long = 0;            // longer than ℓ_max before the policy applied
  int longest = 0;             // tokens in the longest sequence (z or x) before the policy
  int64_t unknown_tokens = 0;  // pieces the tokenizer did not cover (→ <unk>)
  std::vector<std::string> unknown_samples;
};

// Pairs → examples. Encoder-decoder: z = source, x = <bos> target <eos>. Decoder-only: x = <bos> source>target <eos>.
Result<std::vector<Example>> examples_from_pairs(const std::vector<TextPair>& pairs, const Tokenizer& tok,
                                                 const Config& c, LengthPolicy policy, DatasetReport* report,
                                                 const Progress& progress = {});
// Text → decoder-only examples: the token stream cut into windows of ℓ_max tokens (the last one shorter).
std::vector<Example> examples_from_text(const std::string& text, const Tokenizer& tok, const Config& c,
                                        DatasetReport* report);

}  // namespace gb
