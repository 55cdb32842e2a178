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

// Inside a command (with `cmd` in scope): evaluates a Result, or fails with its message as a usage error.
#define TRY(var, expr)                                   \
  auto var = (expr);                                     \
  if (!var) return fail(cmd, var.error().message, 2);

// Prints "glassbox-cli <cmd>: <message>" to stderr and returns 1 (2 for usage errors).
int fail(const char* cmd, const std::string& message, int status = 1);

}  // namespace gbcli
