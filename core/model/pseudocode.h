// pseudocode.h — the seeds' algorithms as lines of text, generated from a Config.
//
// With the seed's defaults the listing is exactly ED-Transformer (seed 000) or D-Transformer (seed 002); the
// options (other norm placement, activation, final norm, tied W_u) change the affected lines, so what is shown is
// always what runs. The trace and the stepper refer to lines by their index here.
#pragma once

#include "core/config.h"

#include <string>
#include <vector>

namespace gb {

enum class LineKind {
  Embed,          // S ← Embed(s | W_e, W_p)
  Loop,           // for l = 1, …, L
  Norm,           // S ← ColwiseLayerNorm(S | γ, β)   or  Ŝ ← … (pre-LN)
  SelfAttention,  // S ← S + MultiHeadAttention(·, · | 𝒲, mask)
  CrossAttention, // X ← X + MultiHeadAttention(X, Z | 𝒲_cross, 1)
  Mlp,            // S ← S + W₂ act(W₁ S + b₁ 1ᵀ) + b₂ 1ᵀ
  FinalNorm,      // X ← ColwiseLayerNorm(X | γ, β)
  Output,         // return P = softmax(W_u X)
  Comment,        // a comment line of the seed (no effect)
};

struct PseudoLine {
  LineKind kind;
  int indent = 0;      // 0 outside loops, 1 inside
  std::string text;    // UTF-8, the seed's notation (ˡ marks the layer index)
  char stream = 'X';   // which sequence the line writes: 'Z' (encoder) or 'X' (decoder)
  int norm_index = 0;  // for Norm lines: the seed's γ index (1…5), 0 for the final norm
};

// The listing for c, in order. Titles: "ED-Transformer(z, x | θ)" or "D-Transformer(x | θ)".
const std::vector<PseudoLine>& pseudocode(const Config& c);
std::string pseudocode_title(const Config& c);

}  // namespace gb
