// glassbox-cli — the Glassbox core, headless: init, forward, train (and more as the core grows).
#include "commands.h"

#include <cstdio>
#include <cstring>
#include <string>

namespace gbcli {
int fail(const char* cmd, const std::string& message, int status) {
  std::fprintf(stderr, "glassbox-cli %s: %s\n", cmd, message.c_str());
  return status;
}
}  // namespace gbcli

static const char* kUsage =
    "usage: glassbox-cli <command> [options]\n"
    "\n"
    "commands:\n"
    "  init      create a model (from sizes, a built-in --task, or --data FILE for its tokenizer)\n"
    "  forward   print log P for one input as JSON\n"
    "  train     train a model: its task, a text or pairs file, or JSON Lines of token ids\n"
    "  generate  decode new tokens: greedy, sampling (τ, top-k, top-p) or beam search\n"
    "  inspect   show what a model file holds: config, tokenizer, parameters, history\n"
    "  bench     time training steps (or, with --decode, decoding) of the configs S, M, L\n"
    "\n"
    "Run 'glassbox-cli <command> --help' for the options of a command.\n";

int main(int argc, char** argv) {
  if (argc < 2 || !std::strcmp(argv[1], "--help") || !std::strcmp(argv[1], "-h") || !std::strcmp(argv[1], "help")) {
    std::fputs(kUsage, argc < 2 ? stderr : stdout);
    return argc < 2 ? 2 : 0;
  }
  const std::string cmd = argv[1];
  if (cmd == "init") return gbcli::cmd_init(argc, argv);
  if (cmd == "forward") return gbcli::cmd_forward(argc, argv);
  if (cmd == "train") return gbcli::cmd_train(argc, argv);
  if (cmd == "bench") return gbcli::cmd_bench(argc, argv);
  if (cmd == "generate") return gbcli::cmd_generate(argc, argv);
  if (cmd == "inspect") return gbcli::cmd_inspect(argc, argv);
  std::fprintf(stderr, "glassbox-cli: unknown command '%s'\n\n%s", cmd.c_str(), kUsage);
  return 2;
}
