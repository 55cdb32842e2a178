// commands.h — the subcommands of glassbox-cli. Each returns the process exit status; errors go to stderr.
// Every command's options are one table (kXSpecs) with its synopsis (kXSynopsis): --help, the bash completion
// and the man page are all made from them (meta.cpp).
#pragma once

#include "args.h"

#include "core/io/model_file.h"
#include "core/model/model.h"
#include "core/text/prepare.h"

#include <optional>

#include <string>
#include <vector>

namespace gbcli {

int cmd_init(int argc, char** argv);
int cmd_forward(int argc, char** argv);
int cmd_train(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_generate(int argc, char** argv);
int cmd_inspect(int argc, char** argv);
int cmd_score(int argc, char** argv);
int cmd_import(int argc, char** argv);
int cmd_tokenize(int argc, char** argv);
int cmd_completion(int argc, char** argv);  // completion bash: the bash completion script
int cmd_manpage(int argc, char** argv);     // (for the build) glassbox-cli.1 in roff

extern const std::vector<OptionSpec> kInitSpecs, kForwardSpecs, kTrainSpecs, kGenerateSpecs, kInspectSpecs,
    kBenchSpecs, kScoreSpecs, kImportSpecs, kTokenizeSpecs;
extern const char* const kImportSynopsis;
extern const char* const kTokenizeSynopsis;
extern const char* const kScoreSynopsis;
extern const char* const kInitSynopsis;
extern const char* const kForwardSynopsis;
extern const char* const kTrainSynopsis;
extern const char* const kGenerateSynopsis;
extern const char* const kInspectSynopsis;
extern const char* const kBenchSynopsis;

struct Command {
  const char* name;
  const char* summary;
  int (*run)(int, char**);
  const std::vector<OptionSpec>* specs;  // nullptr: no options of its own
  const char* synopsis;
};
const std::vector<Command>& commands();  // in the order the usage lists them
std::string main_usage();

// A model's data as train and score read it (--data: JSON Lines of ids, or a text or pairs file through the model's
// tokenizer; without it, the model's own task), its report on stderr. On failure: nullopt, the message printed and
// *status the exit status.
struct ModelData {
  std::vector<gb::Example> train, val;
  std::vector<gb::TextPair> val_pairs;
  gb::Json description;
};
std::optional<ModelData> load_model_data(const char* cmd, const Args& args, const gb::ModelFile& m, double val_fraction,
                                         int* status);

// Inside a command (with `cmd` in scope): evaluates a Result, or fails with its message as a usage error.
#define TRY(var, expr)                                   \
  auto var = (expr);                                     \
  if (!var) return fail(cmd, var.error().message, 2);

// Prints "glassbox-cli <cmd>: <message>" to stderr and returns 1 (2 for usage errors).
int fail(const char* cmd, const std::string& message, int status = 1);
// Tells stderr how many pieces of an encoded text became <unk>, and the first of them (nothing when none did).
void report_unknown(const char* cmd, const gb::Encoded& e);

}  // namespace gbcli
