#include "core/text/datafile.h"

#include "core/io/safetensors.h"

#include <algorithm>
#include <cstring>

namespace gb {

static bool ends_with(const std::string& s, const char* suffix) {
  const size_t n = std::strlen(suffix);
  if (s.size() < n) return false;
  std::string tail = s.substr(s.size() - n);
  std::transform(tail.begin(), tail.end(), tail.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return tail == suffix;
}

static Status binary_or_empty(std::string_view text, const std::string& what) {
  if (text.empty()) return Error(ErrorCode::FileEmpty).in_file(what);
  if (const void* nul = std::memchr(text.data(), 0, text.size()))
    return Error(ErrorCode::BinaryFile, {{"offset", std::to_string(static_cast<const char*>(nul) - text.data())}})
        .in_file(what);
  return std::nullopt;
}

Result<PairsFile> parse_pairs(std::string_view text, char delim, MalformedPolicy policy, const std::string& what,
                              const Progress& progress) {
  if (auto e = binary_or_empty(text, what)) return *e;
  size_t pos = 0;
  if (text.substr(0, 3) == "\xEF\xBB\xBF") pos = 3;  // byte-order mark
  PairsFile out;
  int line = 1;
  const size_t n = text.size();
  size_t next_report = 1 << 20;
  while (pos < n) {
    if (progress && pos >= next_report) {
      next_report = pos + (1 << 20);
      if (!progress(pos, n)) return Error(ErrorCode::LoadingCancelled).in_file(what);
    }
    const int start_line = line;
    std::vector<std::string> fields(1);
    std::optional<Error> problem;  // what is wrong with this record, if anything
    bool in_quotes = false, was_quoted = false, field_start = true;
    // one record
    while (pos < n) {
      const char ch = text[pos];
      if (in_quotes) {
        if (ch == '"') {
          if (pos + 1 < n && text[pos + 1] == '"') { fields.back() += '"'; pos += 2; continue; }
          in_quotes = false;
          ++pos;
          continue;
        }
        if (ch == '\n') ++line;
        fields.back() += ch;
        ++pos;
        continue;
      }
      if (ch == '\n' || ch == '\r') break;
      if (ch == delim) {
        fields.emplace_back();
        field_start = true;
        was_quoted = false;
        ++pos;
        continue;
      }
      if (ch == '"' && field_start) {
        in_quotes = true;
        was_quoted = true;
        field_start = false;
        ++pos;
        continue;
      }
      if (was_quoted && !problem) problem = Error(ErrorCode::PairTextAfterQuote);
      field_start = false;
      fields.back() += ch;
      ++pos;
    }
    if (in_quotes) problem = Error(ErrorCode::PairQuoteNotClosed);
    // end of record
    if (pos < n && text[pos] == '\r') ++pos;
    if (pos < n && text[pos] == '\n') ++pos;
    ++line;
    const bool blank = fields.size() == 1 && fields[0].find_first_not_of(" \t") == std::string::npos && !was_quoted;
    if (blank && !problem) continue;
    ++out.records;
    if (!problem && fields.size() != 2)
      problem = Error(delim == '\t' ? ErrorCode::PairFieldsTab : ErrorCode::PairFieldsComma,
                      {{"found", std::to_string(fields.size())}});
    if (!problem)
      for (int k = 0; k < 2; ++k) {
        if (!is_valid_utf8(fields[size_t(k)])) { problem = Error(ErrorCode::NotUtf8); break; }
        if (fields[size_t(k)].empty()) {
          problem = Error(k == 0 ? ErrorCode::PairSourceEmpty : ErrorCode::PairTargetEmpty);
          break;
        }
      }
    if (problem) {
      if (policy == MalformedPolicy::Reject) return problem->in_file(what).at_line(start_line);
      out.skipped.push_back({start_line, problem->message, problem->code, problem->args});
      continue;
    }
    out.pairs.push_back({std::move(fields[0]), std::move(fields[1])});
  }
  if (progress) progress(n, n);
  if (out.pairs.empty())
    return (out.skipped.empty() ? Error(ErrorCode::NoUsablePairs)
                                : Error::with_cause(ErrorCode::NoUsablePairsMalformed,
                                                    {{"count", std::to_string(out.skipped.size())},
                                                     {"line", std::to_string(out.skipped[0].line)}},
                                                    Error(out.skipped[0].code, out.skipped[0].args)))
        .in_file(what);
  return out;
}

Result<PairsFile> load_pairs(const std::string& path, MalformedPolicy policy, const Progress& progress) {
  auto bytes = read_file(path);
  if (!bytes) return bytes.error();
  return parse_pairs(*bytes, ends_with(path, ".csv") ? ',' : '\t', policy, path, progress);
}

Result<std::string> check_text(std::string text, const std::string& what) {
  if (auto e = binary_or_empty(text, what)) return *e;
  if (!is_valid_utf8(text)) {
    int line = 1;
    size_t start = 0;
    for (size_t i = 0; i <= text.size(); ++i)
      if (i == text.size() || text[i] == '\n') {
        if (!is_valid_utf8(std::string_view(text).substr(start, i - start)))
          return Error(ErrorCode::NotUtf8).in_file(what).at_line(line);
        ++line;
        start = i + 1;
      }
  }
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i)
    if (!(text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n')) out += text[i];
  return out;
}

Result<std::string> load_text(const std::string& path, const Progress& progress) {
  auto bytes = read_file(path);
  if (!bytes) return bytes.error();
  if (progress && !progress(bytes->size(), bytes->size())) return Error(ErrorCode::LoadingCancelled).in_file(path);
  return check_text(std::move(*bytes), path);
}

static void note_unknown(DatasetReport* r, const Encoded& e) {
  if (!r) return;
  r->unknown_tokens += e.unknown;
  for (const auto& p : e.unknown_pieces)
    if (r->unknown_samples.size() < 10) r->unknown_samples.push_back(p);
}

Result<std::vector<Example>> examples_from_pairs(const std::vector<TextPair>& pairs, const Tokenizer& tok,
                                                 const Config& c, LengthPolicy policy, DatasetReport* report,
                                                 const Progress& progress) {
  DatasetReport local;
  DatasetReport& r = report ? *report : local;
  std::vector<Example> out;
  out.reserve(pairs.size());
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (progress && i % 1024 == 0 && !progress(i, pairs.size())) return Error(ErrorCode::LoadingCancelled);
    Example e;
    // the decoder's sequence from the tokenizer's start token to its end token (Marian's target side already ends
    // with </s>; GPT-2's text starts without one)
    if (c.has_source()) {
      Encoded z = tok.encode(pairs[i].source), x = tok.encode_target(pairs[i].target);
      note_unknown(&r, z);
      note_unknown(&r, x);
      e.z = std::move(z.ids);
      e.x.push_back(tok.bos_id());
      e.x.insert(e.x.end(), x.ids.begin(), x.ids.end());
      if (e.x.back() != tok.eos_id()) e.x.push_back(tok.eos_id());
      if (e.z.empty()) e.z.push_back(Tokenizer::kUnk);
    } else {
      Encoded x = tok.encode(joined_sequence(pairs[i]));
      note_unknown(&r, x);
      if (tok.prompt_starts_with_bos()) e.x.push_back(tok.bos_id());
      e.x.insert(e.x.end(), x.ids.begin(), x.ids.end());
      e.x.push_back(tok.eos_id());
    }
    const int len = int(std::max(e.x.size(), e.z.size()));
    r.longest = std::max(r.longest, len);
    if (len > c.max_len) {
      ++r.too_long;
      if (policy == LengthPolicy::Reject)
        return Error(ErrorCode::ExampleTooLong, {{"index", std::to_string(i + 1)}, {"length", std::to_string(len)},
                                                 {"max_len", std::to_string(c.max_len)}});
      if (policy == LengthPolicy::Filter) continue;
      if (int(e.x.size()) > c.max_len) e.x.resize(size_t(c.max_len));
      if (int(e.z.size()) > c.max_len) e.z.resize(size_t(c.max_len));
    }
    for (int id : e.x) GB_ASSERT(id < c.vocab_size, "tokenizer larger than the model's vocabulary");
    out.push_back(std::move(e));
  }
  r.examples = int(out.size());
  return out;
}

std::vector<Example> examples_from_text(const std::string& text, const Tokenizer& tok, const Config& c,
                                        DatasetReport* report) {
  Encoded e = tok.encode(text);
  if (report) note_unknown(report, e);
  std::vector<Example> out;
  for (size_t i = 0; i + 1 < e.ids.size(); i += size_t(c.max_len)) {
    Example ex;
    ex.x.assign(e.ids.begin() + long(i), e.ids.begin() + long(std::min(e.ids.size(), i + size_t(c.max_len))));
    if (ex.x.size() >= 2) out.push_back(std::move(ex));
  }
  if (report) {
    report->examples = int(out.size());
    report->longest = std::min<int>(c.max_len, int(e.ids.size()));
  }
  return out;
}

}  // namespace gb
