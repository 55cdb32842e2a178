// tasks.h — built-in teaching tasks, generated from a seed: copy, reverse, sort, add, date, translate.
//
// Each task yields (source, target) text pairs. The encoder-decoder reads the source with its encoder and writes
// the target (x = <bos> target <eos>); the decoder-only model reads both as one sequence "source>target" and is
// judged on what it writes after ">". The translation task is a small English→German grammar of our own
// (subjects, modal verbs, verbs, objects with gender and article) in which "I want to buy a car" →
// "Ich will ein Auto kaufen" — the running example of seed 004.
#pragma once

#include "core/config.h"
#include "core/error.h"
#include "core/rng.h"
#include "core/text/tokenizer.h"

#include <string>
#include <vector>

namespace gb {

struct TextPair {
  std::string source, target;
};

struct TaskInfo {
  std::string name;         // "copy", "reverse", …
  std::string description;  // one line for the GUI and --help
  TokenizerKind tokenizer;  // the natural tokenizer (char, or word for translate)
  // a sensible default model: layers, heads, d_e, d_mlp (ℓ_max follows from the data)
  int layers, heads, d_e, d_mlp;
  int train_size, val_size;  // default sizes
  int steps;                 // default training budget (task_recipe: AdamW, batch 32)
};

const std::vector<TaskInfo>& task_list();
Result<TaskInfo> find_task(const std::string& name);
// n pairs of the task from seed (the same seed gives the same pairs on every platform).
Result<std::vector<TextPair>> generate_task(const std::string& name, int n, uint64_t seed, const Progress& progress = {});

// The decoder-only form of a pair: "source>target".
inline constexpr char kTaskSeparator = '>';
std::string joined_sequence(const TextPair& p);

}  // namespace gb
