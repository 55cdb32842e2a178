// decode_history.h — a decoding's steps as a table, and that table as CSV and as JSON (the Decoding tab's Save
// history, docs/…): the token (its id and its text as the vocabulary has it), p and log p under the model, q after
// τ / top-k / top-p, how it was chosen, the uniform number drawn, the sampler settings it was drawn with, the
// entropies and the running Σ log p from the first new token.
#pragma once

#include "core/decode/session.h"
#include "core/text/tokenizer.h"

#include <string>
#include <vector>

namespace gb {

struct DecodeHistoryRow {
  int step = 0;       // 1, 2, …
  int position = 0;   // index in x
  int token = -1;
  std::string text;   // the token as the vocabulary has it
  double p = 0, logp = 0, q = 0;
  std::string how;    // argmax | sampled | uniform | forced | beam
  double random = 0;  // the uniform number drawn (NaN when none was)
  SamplerOptions sampler;
  double entropy_p = 0, entropy_q = 0;
  double sum_logp = 0;
};

// The rows of the session's steps; samplers[i] is the settings step i was drawn with (fallback for a step without).
std::vector<DecodeHistoryRow> decode_history(const DecodeSession& s, const Tokenizer& tok,
                                             const std::vector<SamplerOptions>& samplers,
                                             const SamplerOptions& fallback);
// A header line and one line per step; fields quoted where they need it (RFC 4180), numbers as short as read back
// exactly, "inf" for τ = ∞, nothing for "none" (NaN).
std::string decode_history_csv(const std::vector<DecodeHistoryRow>& rows);
// {"variant", "source" and "prefix" (tokens: id and text), "text" (the new tokens decoded), "steps": the rows};
// ∞ as "inf", NaN as null.
std::string decode_history_json(const DecodeSession& s, const Tokenizer& tok,
                                const std::vector<DecodeHistoryRow>& rows, const std::string& text);

}  // namespace gb
