// hf_import.h — a Hugging Face checkpoint folder → a Glassbox model (docs/import.md).
//
// A folder as the Hugging Face hub gives it: config.json (its model_type says which architecture), the weights in
// model.safetensors (F32, F16 or BF16; read one tensor at a time, converted to float), and the tokenizer's files.
// Supported: model_type "gpt2" (GPT-2, distilgpt2, gpt2-medium …: seed 002's D-Transformer with GELU's tanh form,
// tied embeddings and its own layer-norm ε), with GPT-2's byte-level BPE from vocab.json and merges.txt.
//
// GPT-2's tensors (names with or without the "transformer." prefix) map onto the seed's as follows. GPT-2 keeps its
// linear maps as Conv1D weights [in, out], row-major — the same bytes as the seed's column-major W (out × in) — so
// c_proj, c_fc and the MLP's c_proj are read as they are; c_attn [d, 3d] is split by columns into W_q, W_k, W_v.
// wte [|V|, d] is W_e (d × |V|), wpe [n_positions, d] is W_p; ln_1, ln_2, ln_f are the seed's γ, β of ln1, ln2, ln;
// lm_head is W_e's transpose (tied) unless tie_word_embeddings is false. The buffers attn.bias and
// attn.masked_bias (the causal mask old checkpoints carry) are left out.
//
// Every check comes before a weight is read: an unknown model_type, a missing file, a config field out of range,
// a tensor missing, unexpected or of the wrong shape — each an Error naming the file and what was expected.
#pragma once

#include "core/config.h"
#include "core/error.h"
#include "core/io/json_util.h"
#include "core/io/model_file.h"
#include "core/progress.h"
#include "core/text/tokenizer.h"

#include <optional>
#include <string>
#include <vector>

namespace gb {

// What a checkpoint folder holds, read without its weights (config.json, the tokenizer, the safetensors header):
// enough to say what it is, estimate its memory, and refuse it early.
struct HfCheckpoint {
  std::string dir;         // the folder
  std::string model_type;  // "gpt2"
  Config config;           // the model it becomes
  std::string weights;     // the safetensors file
  std::string dtype;       // the weights' dtype as stored ("F32", "F16", "BF16"; "mixed" when they differ)
  Tokenizer tokenizer;
  Json generation;         // the decoding settings its authors configured (see hf_generation_keys)
};

// The model types this version imports, in the order the messages list them.
const std::vector<std::string>& hf_supported_types();
// The generation settings kept from generation_config.json (or config.json when that file is absent).
const std::vector<std::string>& hf_generation_keys();

// `path` is the folder or its config.json.
Result<HfCheckpoint> hf_open(const std::string& path);
// Whether the model fits in memory before anything of its size is read: its parameters and one forward and
// backward pass over ℓ_max (the estimate Build uses, core/train/memory.h, without gradients and optimizer) against
// what the process can still get and cap (bytes; 0 = none). An Error (HfMemory, naming the folder) when not.
Status hf_check_memory(const HfCheckpoint& ck, int64_t cap = 0);
// Reads the weights into a model file (its tokenizer, and in `extra` "glassbox.import" — where it came from — and
// "glassbox.generation"), tensor by tensor: progress hears the bytes read of the weights' total after each tensor;
// returning false stops it (ErrorCode::LoadingCancelled) and frees what was read.
Result<ModelFile> hf_import(const HfCheckpoint& ck, const Progress& progress = {});

}  // namespace gb
