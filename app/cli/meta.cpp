// completion and manpage: the bash completion script and the man page, both made from the commands' option tables
// (commands.h), so they list exactly what --help lists.
#include "commands.h"

#include "core/text/tasks.h"

#include <cstdio>
#include <cstring>
#include <map>

namespace gbcli {

// What an option's value can be: a fixed set of words, or a file.
static std::string value_words(const std::string& option) {
  static const std::map<std::string, std::string> words = {
      {"variant", "encoder-decoder decoder-only"}, {"norm", "post pre"}, {"activation", "relu gelu"},
      {"final-norm", "on off"}, {"tokenizer", "char word bpe"}, {"long", "filter truncate reject"},
      {"optimizer", "sgd adamw"}, {"loss", "sum mean"}, {"config", "S M L"}};
  if (option == "task") {
    std::string s;
    for (const auto& t : gb::task_list()) s += (s.empty() ? "" : " ") + t.name;
    return s;
  }
  auto it = words.find(option);
  return it == words.end() ? "" : it->second;
}
static bool takes_file(const std::string& option) {
  return option == "model" || option == "out" || option == "data" || option == "log" || option == "val-data";
}

static std::string bash_script() {
  std::string cmds, cases, values, files;
  for (const auto& c : commands()) {
    cmds += std::string(cmds.empty() ? "" : " ") + c.name;
    std::string opts, valued;
    if (c.specs)
      for (const auto& s : *c.specs) {
        opts += (opts.empty() ? "--" : " --") + s.name;
        if (!s.takes_value) continue;
        valued += (valued.empty() ? "--" : " --") + s.name;
        if (takes_file(s.name)) files += std::string("    ") + c.name + ":--" + s.name + ") _glassbox_cli_files; return ;;\n";
        else if (const std::string w = value_words(s.name); !w.empty())
          values += std::string("    ") + c.name + ":--" + s.name + ") COMPREPLY=($(compgen -W \"" + w +
                    "\" -- \"$cur\")); return ;;\n";
      }
    if (std::string(c.name) == "completion") opts = "bash";
    cases += std::string("    ") + c.name + ") opts=\"" + opts + "\"; valued=\"" + valued + "\" ;;\n";
  }
  return "# bash completion for glassbox-cli — made by 'glassbox-cli completion bash' from its option tables.\n"
         "_glassbox_cli_files() {\n"
         "  compopt -o filenames 2>/dev/null\n"
         "  COMPREPLY=($(compgen -f -- \"$cur\"))\n"
         "}\n"
         "_glassbox_cli() {\n"
         "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]} opts valued\n"
         "  COMPREPLY=()\n"
         "  if [[ $COMP_CWORD -eq 1 ]]; then\n"
         "    COMPREPLY=($(compgen -W \"" + cmds + " --help\" -- \"$cur\"))\n"
         "    return\n"
         "  fi\n"
         "  case \"$cmd:$prev\" in\n" + values + files +
         "  esac\n"
         "  case \"$cmd\" in\n" + cases +
         "    *) return ;;\n"
         "  esac\n"
         "  [[ \" $valued \" == *\" $prev \"* ]] && return  # a value nobody can guess\n"
         "  if [[ $cur == -* || $cmd == completion ]]; then\n"
         "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
         "  elif [[ $cmd == inspect ]]; then\n"
         "    _glassbox_cli_files\n"
         "  fi\n"
         "}\n"
         "complete -F _glassbox_cli glassbox-cli\n";
}

int cmd_completion(int argc, char** argv) {
  const char* cmd = "completion";
  if (argc == 3 && !std::strcmp(argv[2], "bash")) {
    std::fputs(bash_script().c_str(), stdout);
    return 0;
  }
  if (argc == 3 && (!std::strcmp(argv[2], "--help") || !std::strcmp(argv[2], "-h"))) {
    std::fputs("usage: glassbox-cli completion bash\n\nprints the bash completion script; for this shell:\n"
               "  source <(glassbox-cli completion bash)\n",
               stdout);
    return 0;
  }
  return fail(cmd, "expected: glassbox-cli completion bash", 2);
}

// roff: a leading '.' or '\'' would be a request, and '\' and '-' must be escaped.
static std::string roff(const std::string& s) {
  std::string out;
  for (char ch : s) {
    if (ch == '\\') out += "\\e";
    else if (ch == '-') out += "\\-";
    else out += ch;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out = "\\&" + out;
  return out;
}

int cmd_manpage(int, char**) {
  std::string m;
  m += ".\\\" -*- coding: UTF-8 -*-\n";
  m += ".TH GLASSBOX\\-CLI 1 \"\" \"Glassbox " GLASSBOX_VERSION "\" \"User Commands\"\n";
  m += ".SH NAME\nglassbox\\-cli \\- the Glassbox transformer workbench without a window\n";
  m += ".SH SYNOPSIS\n.B glassbox\\-cli\n.I command\n[\\fIoptions\\fR]\n";
  m += ".SH DESCRIPTION\n"
       "glassbox\\-cli runs the core of Glassbox \\- the encoder\\-decoder transformer (post\\-LN, ReLU) and the "
       "decoder\\-only transformer (pre\\-LN, GELU, final layer norm) exactly as the lecture notes define them \\- "
       "from the command line: it makes model files, computes log\\-probabilities, trains, decodes and shows what "
       "a model file holds. Model files are safetensors files that the Glassbox window opens too.\n"
       ".PP\nEvery command prints its results on standard output, ending with a newline, and with \\fB\\-\\-json\\fR "
       "as one JSON object; progress and messages go to standard error. Errors name the file, line or field and "
       "exit with status 1 (2 for a usage error).\n";
  m += ".SH OPTIONS\n.TP\n.B \\-\\-help\nlist the commands (each command has its own \\fB\\-\\-help\\fR)\n"
       ".TP\n.B \\-\\-version\nprint the version\n";
  m += ".SH COMMANDS\n";
  for (const auto& c : commands()) m += ".TP\n.B " + roff(c.name) + "\n" + roff(c.summary) + "\n";
  for (const auto& c : commands()) {
    if (!c.specs) continue;
    m += ".SH " + roff(std::string(c.name)) + "\n";
    std::string syn = c.synopsis;
    for (size_t p = 0; (p = syn.find('\n', p)) != std::string::npos; p += 5) syn.replace(p, 1, "\n.br\n");
    m += roff(syn) + "\n";
    for (const auto& s : *c.specs) {
      m += ".TP\n.B \\-\\-" + roff(s.name) + (s.takes_value ? " \\fIVALUE\\fR" : "") + "\n";
      m += roff(s.help) + "\n";
    }
  }
  m += ".SH EXAMPLES\n.nf\n"
       "glassbox\\-cli init \\-\\-variant encoder\\-decoder \\-\\-task reverse \\-\\-out rev.safetensors\n"
       "glassbox\\-cli train \\-\\-model rev.safetensors \\-\\-out rev2.safetensors \\-\\-recipe \\-\\-exact\\-match\n"
       "glassbox\\-cli generate \\-\\-model rev2.safetensors \\-\\-source abcdefg \\-\\-temperature 0\n"
       "glassbox\\-cli inspect rev2.safetensors \\-\\-json\n"
       "glassbox\\-cli forward \\-\\-model m.safetensors \\-\\-ids 3,1,4\n"
       ".fi\n";
  m += ".SH FILES\n"
       "JSON Lines data: one example a line, {\"ids\": [...]} (decoder\\-only) or {\"source\": [...], \"target\": "
       "[...]} (encoder\\-decoder), recognised by content whatever the file is called; .tsv/.csv files of pairs; "
       "any other file is text.\n";
  m += ".SH SEE ALSO\n.BR glassbox (1)\n";
  std::fputs(m.c_str(), stdout);
  return 0;
}

}  // namespace gbcli
