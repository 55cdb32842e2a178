// stepper.h — runs a model's listing one pseudo-code line at a time, and records what each line made: the two seed
// transformers (ED-Transformer, D-Transformer) and the recurrent families (below).
//
// The stepper executes the listing of pseudocode(config) on one example (B = 1, no dropout) with the same layer
// functions as model_forward: next() runs one line, back() undoes one, run_to_line() runs until a given line is
// next. At any point it says which line comes next and what is in scope (Z, X, X̂, P, l) with shapes. Each executed
// line leaves a StepRecord: the matrix it produced, labelled with the line and the layer, and for attention lines
// Q, K, V and per head the scores before and after the mask, the mask and the weights; for norm lines the column
// means and variances. trace_forward() is the stepper run to the end: the forward pass with recording on.
// Recording lives here, never on the training hot path (model_forward).
//
// The recurrent families (an RNN, an RNN encoder-decoder, an HMM) run their own listings (pseudocode.h): a loop line
// runs once per token (its record's layer is the step, 0-based: i over the source, j over x), and each line shows
// what model_forward itself computed at that step — the states, an LSTM's gates and memory, the attention's weights
// and context, the HMM's filtered distribution ᾱ_j and scale c_j, P_j, then Viterbi's δ_j and ψ_j forward and its
// backtrace z*_j from the end — revealed one line at a time, never computed a second way. In scope: the current
// vectors (h, g, c, m, ᾱ, δ, …) and the matrices so far (H, G, A, P; Δ = [δ_1 … δ_j], Z* the path found so far as
// one-hot columns).
#pragma once

#include "core/model/model.h"
#include "core/model/pseudocode.h"

#include "core/error.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace gb {

struct HeadRecord {
  MatF Q, K, V;   // d_h × n_q, d_h × n_k, d_h × n_k   (rows h·d_h … of Q, K, V)
  MatF dots;      // n_k × n_q   Kᵀ Q: the dot products of each key with each query, before the scaling
  MatF S;         // n_k × n_q   Kᵀ Q / √d_h, before the mask
  MatF mask;      // n_k × n_q   1 where the query may look at the key, 0 where masked
  MatF S_masked;  // n_k × n_q   S with −∞ where masked
  MatF A;         // n_k × n_q   softmax over the key index; each column sums to 1
  VecF col_max;   // n_q         the largest allowed score of each column (subtracted before exp, for stability)
  VecF col_sum;   // n_q         Σ over the allowed keys of exp(S − col_max): the softmax's denominator
  MatF Y;         // d_h × n_q   V A
};

struct AttentionRecord {
  enum class Kind { Bidirectional, Causal, Cross } kind;
  MatF Q, K, V;                  // d_e × n
  std::vector<HeadRecord> heads; // H
  MatF out;                      // d_e × n_q   W_o [Y¹; …; Y^H] + b_o 1ᵀ
};

struct StepRecord {
  int line = -1;          // index into pseudocode(config)
  int layer = -1;         // 0-based layer for lines inside a loop, −1 outside
  char stream = 'X';      // 'Z' encoder, 'X' decoder
  std::string target;     // what the line assigns: "Z", "X", "X̂", "Ẑ", "P", "l"
  std::string label;      // e.g. "encoder layer 2: Z ← Z + MultiHeadAttention(Z, Z | 𝒲ˡ_enc, 1)"
  MatF value;             // what the line produced (empty for a loop line)
  std::optional<AttentionRecord> attention;
  VecF mean, var;         // norm lines: per-column mean and biased variance of the input
};

struct ScopeEntry {
  std::string name;
  Eigen::Index rows = 0, cols = 0;
};

class Stepper {
 public:
  // The config must be valid and the example must fit it (check_example). decoder_mask (inspection: the mask
  // editor): the decoder self-attention's mask instead of M_uni, |x| × |x| (rows keys, columns queries; 1 allowed).
  Stepper(const Config& c, const Params<float>& p, const Example& e, std::optional<MatF> decoder_mask = {});

  bool at_end() const { return pc_ >= program_.size(); }
  bool next();                        // runs one line; false at the end
  bool back();                        // undoes one line; false at the start
  void run_to_line(int line);         // runs until `line` is next (at most to the end)
  void run_to_end();
  void reset();

  int next_line() const;              // the line that runs next, −1 at the end
  int next_layer() const;             // its layer (0-based) or −1
  size_t position() const { return pc_; }
  size_t program_size() const { return program_.size(); }
  std::vector<ScopeEntry> scope() const;  // what is defined now, with shapes
  const MatF* value(const std::string& name) const;
  const std::vector<StepRecord>& records() const { return records_; }
  const Config& config() const { return c_; }
  const Example& example() const { return e_; }

 private:
  struct Instr { int line; int layer; };
  struct State {
    MatF Z, X, hat;    // hat: X̂ or Ẑ (pre-LN)
    MatF P;
    int l = -1;
    bool hasZ = false, hasX = false, hasHat = false, hasP = false;
    char hat_of = 'X';
    std::vector<std::pair<std::string, MatF>> named;  // a recurrent family's variables, in the order they appeared
  };
  StepRecord execute(const Instr& in);
  StepRecord execute_recurrent(const Instr& in);
  void set(const std::string& name, MatF value);
  const NormParams<float>& norm_params(char stream, int layer, int gamma) const;

  Config c_;
  Params<float> p_;
  Example e_;
  std::optional<MatF> dec_mask_;
  std::vector<Instr> program_;
  size_t pc_ = 0;
  State s_;
  std::vector<State> undo_;
  std::vector<StepRecord> records_;
  bool recurrent_ = false;
  Activations<float> fwd_;  // a recurrent family's forward pass (model_forward), revealed line by line
  MatF fwd_P_;              // its P = softmax of each column of the logits
  MatD hmm_alpha_;          // an HMM's ᾱ (hmm_filter), K × n
  Eigen::VectorXd hmm_log_c_;
  MatD hmm_delta_;          // its Viterbi trellis (hmm_viterbi_trellis): δ, ψ and the path
  Eigen::MatrixXi hmm_back_;
  std::vector<int> hmm_path_;
};

// The forward pass with recording on: every executed line's record, in order. records.back().value is P.
std::vector<StepRecord> trace_forward(const Config& c, const Params<float>& p, const Example& e);
// The same, reporting progress before each line (lines done, lines in all); when the callback returns false the
// trace stops there and returns ErrorCode::TraceCancelled (args "done", "limit"). It runs on the caller's thread.
using TraceProgress = std::function<bool(int done, int total)>;
Result<std::vector<StepRecord>> trace_forward(const Config& c, const Params<float>& p, const Example& e,
                                              const TraceProgress& progress);
// The same with another mask for the decoder's self-attention (|x| × |x|; see Stepper); an error when its size
// does not match x. With progress as above.
Result<std::vector<StepRecord>> trace_forward_masked(const Config& c, const Params<float>& p, const Example& e,
                                                     const MatF& decoder_mask, const TraceProgress& progress = {});
// An estimate of trace_forward's work (multiply-adds, and the records' memory counted alike), so a caller can
// decide what is immediate and what belongs on a worker thread. For a recurrent family: its one forward pass
// (model_forward), what the Perturbation tab runs twice.
double trace_cost(const Config& c, const Example& e);
// The memory, in bytes, of trace_forward's records (each line's value; per attention sub-layer Q, K, V, the output,
// and per head its Q, K, V, Y and the five n_k × n_q maps; the norms' statistics; P), so a caller can refuse a
// trace that does not fit (check_memory with ErrorCode::TraceMemory). For a recurrent family: its forward pass
// (model_forward's states, P). At most 2⁶⁰, so a caller may double it without overflow.
int64_t trace_memory(const Config& c, const Example& e);

}  // namespace gb
