// memory.h — how much memory a model or a training run needs, and how much this process can still get. Every
// size that goes through these is checked before anything of that size is allocated: the workbench's Build and
// Start, glassbox-cli init and train (plan_training asks too). Decoding and traces have their estimates beside their
// code (decode_to_end_memory, beam_search_memory in core/decode/session.h; trace_memory in core/model/stepper.h) and
// are checked with check_memory below. An estimate, not a promise: within a small factor of what the run really
// takes (tests/tst_core_memory.cpp measures it).
#pragma once

#include "core/config.h"
#include "core/error.h"
#include "core/train/trainer.h"

#include <cstdint>
#include <string>

namespace gb {

struct MemoryEstimate {
  int64_t parameters = 0;   // θ
  int64_t gradients = 0;    // ∇J (one per thread that trains a shard of the batch) and the update Δθ
  int64_t optimizer = 0;    // AdamW's two moments (SGD keeps none)
  int64_t activations = 0;  // a batch of the longest sequences, forward and backward, and the logits
  int64_t total() const {  // saturating, as each part is
    const double t = double(parameters) + double(gradients) + double(optimizer) + double(activations);
    return t >= 9.0e18 ? int64_t(9.0e18) : parameters + gradients + optimizer + activations;
  }
};

// A run of c with options o on `threads` threads; longest_x, longest_z: the data's longest sequences (batches are
// padded only to those); 0 = ℓ_max.
MemoryEstimate training_memory(const Config& c, const TrainOptions& o, int threads, int longest_x = 0,
                               int longest_z = 0);
// The least a model of c needs to be of any use here: trained with AdamW on one sequence of ℓ_max, one thread.
// Build (GUI) and init (CLI) refuse a model whose estimate exceeds the memory available.
MemoryEstimate model_memory(const Config& c);

// What this process can still allocate, in bytes: the least of the machine's available memory (MemAvailable in
// /proc/meminfo; else the free physical pages), the cgroup's memory.max − memory.current, and the address-space
// limit (ulimit -v) − the address space already mapped. 0 when nothing is known.
int64_t available_memory_bytes();

// need (bytes) against what is available and the cap (bytes; 0 = none): nullopt when it fits, else an Error with
// the code given (PlanMemory: "the run needs about {need} MB of memory, more than the {limit} MB available…") and
// the arguments {need} and {limit} in MB.
Status check_memory(ErrorCode code, int64_t need, int64_t cap = 0);
std::string megabytes(int64_t bytes);  // rounded up: "17800"
// The threads a training step runs on (OpenMP's; 1 without it): the shards the estimates count.
int training_threads();
// A run of c with options o on data (batches padded to its longest sequences, training_threads() shards) against
// what is available and the cap: the one check plan_training and the window's Training dock make. need (optional)
// receives the estimate; beside: bytes the caller keeps beside the run (PlanRequest::beside_bytes), counted with it.
Status check_run_memory(const Config& c, const TrainOptions& o, const std::vector<Example>& data, int64_t cap,
                        int64_t* need = nullptr, int64_t beside = 0);

}  // namespace gb
