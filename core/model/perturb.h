// perturb.h — seed 004's experiment: replace a token of the input and see which columns of each layer's output
// change. Both inputs run through trace_forward (the one forward path, recording on); for every state the notes
// name — the embedding, each layer's output, the final norm, the output distribution P — it gives, per column, the norm of the change and
// whether the column is bit-for-bit the same. A bidirectional encoder changes every column; a causal decoder
// leaves the columns before the replaced token exactly as they were. The recurrent families (an RNN, an RNN
// encoder-decoder) are compared on model_forward's states directly (their listing reveals the same activations one
// step at a time): the encoder's states g ('Z', layer 0), the states h ('X', layer 0) and P — a token replaced leaves
// every state before it exactly as it was.
#pragma once

#include "core/error.h"
#include "core/model/stepper.h"

#include <string>
#include <vector>

namespace gb {

struct PerturbationStage {
  char stream = 'X';              // 'Z' encoder, 'X' decoder, 'P' the output distribution softmax(W_u X)
  int layer = -1;                 // 0-based; −1: the embedding (first) or the final norm (last)
  std::string label;              // the line that produced the state
  std::vector<double> change;     // per column: ‖a_j − b_j‖₂
  std::vector<bool> identical;    // per column: bit-for-bit the same
};

// a and b must have the same lengths (one token replaced, say); an error otherwise.
// progress (optional) is told the lines traced of both passes (done, total) and may stop the experiment between
// lines by returning false: ErrorCode::TraceCancelled.
Result<std::vector<PerturbationStage>> perturbation(const Config& c, const Params<float>& p, const Example& a,
                                                    const Example& b, const TraceProgress& progress = {});
// The memory, in bytes, the experiment holds at once: the records of both passes (trace_memory of a, twice), so a
// caller can refuse it when it does not fit (check_memory with ErrorCode::TraceMemory).
int64_t perturbation_memory(const Config& c, const Example& a);

}  // namespace gb
