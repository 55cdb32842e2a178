// commands.h — the subcommands of glassbox-cli. Each returns the process exit status; errors go to stderr.
#pragma once

#include <string>

namespace gbcli {

int cmd_init(int argc, char** argv);
int cmd_forward(int argc, char** argv);
int cmd_train(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_generate(int argc, char** argv);
int cmd_inspect(int argc, char** argv);

// Prints "glassbox-cli <cmd>: <message>" to stderr and returns 1 (2 for usage errors).
int fail(const char* cmd, const std::string& message, int status = 1);

}  // namespace gbcli
