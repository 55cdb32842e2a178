// glassbox-cli — the Glassbox core, headless: init, forward, train, generate, inspect, bench.
#include "commands.h"

#include "core/io/write_fault.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <new>
#include <cstdio>
#include <cstring>
#include <string>

namespace gbcli {
int fail(const char* cmd, const std::string& message, int status) {
  std::fprintf(stderr, "glassbox-cli %s: %s\n", cmd, message.c_str());
  return status;
}

void report_unknown(const char* cmd, const gb::Encoded& e) {
  if (e.unknown <= 0) return;
  std::fprintf(stderr, "glassbox-cli %s: %d piece(s) not in the vocabulary became <unk>:", cmd, e.unknown);
  for (const auto& p : e.unknown_pieces) std::fprintf(stderr, " '%s'", p.c_str());
  std::fprintf(stderr, "\n");
}

const std::vector<Command>& commands() {
  static const std::vector<Command> table = {
      {"init", "create a model (from sizes, a built-in --task, or --data FILE for its tokenizer)", cmd_init,
       &kInitSpecs, kInitSynopsis},
      {"forward", "print log P for one input as JSON", cmd_forward, &kForwardSpecs, kForwardSynopsis},
      {"train", "train a model: its task, a text or pairs file, or JSON Lines of token ids", cmd_train, &kTrainSpecs,
       kTrainSynopsis},
      {"generate", "decode new tokens: greedy, sampling (τ, top-k, top-p) or beam search", cmd_generate,
       &kGenerateSpecs, kGenerateSynopsis},
      {"inspect", "show what a model file holds: config, tokenizer, parameters, history", cmd_inspect,
       &kInspectSpecs, kInspectSynopsis},
      {"score", "the log-likelihood of each sequence of a data set, in nats (every family that predicts tokens)",
       cmd_score, &kScoreSpecs, kScoreSynopsis},
      {"import", "import a Hugging Face checkpoint folder (gpt2, marian) as a model file", cmd_import, &kImportSpecs,
       kImportSynopsis},
      {"tokenize", "encode a text with a model's tokenizer: its ids and pieces", cmd_tokenize, &kTokenizeSpecs,
       kTokenizeSynopsis},
      {"bench", "time training steps (or, with --decode, decoding) of the configs S, M, L", cmd_bench, &kBenchSpecs,
       kBenchSynopsis},
      {"completion", "print the bash completion script: glassbox-cli completion bash", cmd_completion, nullptr,
       "glassbox-cli completion bash"},
  };
  return table;
}

std::string main_usage() {
  std::string s = "usage: glassbox-cli <command> [options]\n\ncommands:\n";
  for (const auto& c : commands()) {
    std::string name = c.name;
    name.resize(std::max<size_t>(name.size() + 1, 12), ' ');
    s += "  " + name + c.summary + "\n";
  }
  return s + "\nRun 'glassbox-cli <command> --help' for the options of a command.\n";
}
}  // namespace gbcli

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
    std::fputs(gbcli::main_usage().c_str(), argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  if (!std::strcmp(argv[1], "--version")) {
    std::printf("glassbox-cli %s\n", GLASSBOX_VERSION);
    return 0;
  }
  const std::string cmd = argv[1];
  // For the tests of a failing save (tests/cli_save_fail.cmake): the next model file written fails as a full disk.
  if (const char* fault = std::getenv("GLASSBOX_TEST_WRITE_FAULT"); fault && !std::strcmp(fault, "disk-full"))
    gb::inject_write_fault(gb::WriteFault::Write, ENOSPC, 64);
  for (const auto& c : gbcli::commands())
    if (cmd == c.name) {
      try {  // sizes are checked against memory before allocating; should an allocation fail anyway, say so
        return c.run(argc, argv);
      } catch (const std::bad_alloc&) {
        return gbcli::fail(c.name, "out of memory: this needs more memory than the machine (or ulimit -v) allows; "
                                   "choose a smaller model, batch or ℓ_max");
      }
    }
  if (cmd == "manpage") return gbcli::cmd_manpage(argc, argv);  // for the build, not listed
  std::fprintf(stderr, "glassbox-cli: unknown command '%s'\n\n%s", cmd.c_str(), gbcli::main_usage().c_str());
  return 2;
}
