// generate.h — decoding as an imported checkpoint's authors configured it: Hugging Face's generate() (transformers
// v4.30) for greedy and beam search, with the settings of its generation_config.json (docs/import.md).
//
// The tool's own beam search (session.h: score / length^α over the new tokens) stays for the models trained here;
// this one follows Hugging Face exactly, so that an imported model gives the tokens its authors' code gives:
//   - the logits processors act on the log-probabilities: bad_words_ids (a one-token entry bans the token; a longer
//     one bans its last token right after the others) and forced_eos_token_id (at length max_length − 1 every other
//     token is banned);
//   - beam search keeps num_beams beams (the first with score 0, the others −10⁹), takes the 2·num_beams best
//     (beam, token) candidates of Σ log p; a candidate ending in eos becomes a finished hypothesis when it ranks among
//     the first num_beams, its score Σ log p / length^length_penalty with the length of the whole sequence before
//     eos (the prompt or decoder start included); the search is done when num_beams hypotheses are finished and
//     (early_stopping, or) the worst of them scores at least the best candidate's Σ log p / current length^lp;
//   - at max_length (or ℓ_max) the open beams join the hypotheses; the best is returned, eos appended when it is
//     shorter than max_length.
#pragma once

#include "core/decode/session.h"
#include "core/error.h"

#include <map>
#include <string>
#include <vector>

namespace gb {

struct GenerationSettings {
  int num_beams = 1;
  double length_penalty = 1.0;
  bool early_stopping = false;
  int max_length = 20;       // the whole decoder sequence (prompt or decoder start included)
  int eos_id = -1;           // −1: none
  int forced_eos_id = -1;
  std::vector<std::vector<int>> bad_words;
  // Beam search only: this token's logit is set to −∞ before the softmax, so that the others' log-probabilities are
  // normalised without it (MarianMTModel.adjust_logits_during_generation bans its <pad> so); −1: none.
  // "glassbox_beam_bans_token" in glassbox.generation (the importer writes it for marian).
  int beam_bans_before_softmax = -1;
  // Sampling (num_beams = 1 and do_sample): Hugging Face's defaults, and its order of the logits warpers —
  // temperature, then top-k, then top-p — which the tool's sampler (sampling.h) applies in the same order.
  bool do_sample = false;
  double temperature = 1.0;
  int top_k = 50;  // 0: off
  double top_p = 1.0;
};

// From a model file's "glassbox.generation" (written by the importer), the model's eos_id when it names none;
// Hugging Face's defaults for what it does not give. An entry of the wrong type is an Error naming it.
Result<GenerationSettings> generation_settings(const Config& c, const std::map<std::string, std::string>& extra);

// The next-token log-probabilities of s after the logits processors (−∞ for what they ban).
std::vector<double> processed_logp(const DecodeSession& s, const GenerationSettings& g, bool beam = false);

struct GenerationResult {
  std::vector<int> tokens;  // the whole decoder sequence: the prompt (decoder start) and the new tokens
  double score = 0;         // beam search: the hypothesis's score; greedy: Σ log p of the new tokens
};

// num_beams = 1: greedy search (argmax of the processed log-probabilities until eos or max_length), or with
// do_sample a draw from them after temperature, top-k and top-p (the tool's sampler, seeded by seed: Hugging Face's
// draws come from torch's generator and cannot be replayed here); else beam search as described above. progress
// hears the steps taken of max_length − the start's length; false cancels (ErrorCode::BeamCancelled).
Result<GenerationResult> hf_generate(const DecodeSession& start, const GenerationSettings& g,
                                     const DecodeProgress& progress = {}, uint64_t seed = 0);

}  // namespace gb
