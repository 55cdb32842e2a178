// score: the log-likelihood a model gives each sequence of a data set, in nats — the same numbers for every family
// that predicts tokens (the rows of forward at the actual next tokens, summed), so families compare directly.
#include "args.h"
#include "commands.h"

#include "core/families/hmm/hmm_gmm.h"
#include "core/family.h"
#include "core/io/json_util.h"
#include "core/model/model.h"
#include "core/train/loss.h"

#include <cstdio>

namespace gbcli {

const std::vector<OptionSpec> kScoreSpecs = {
    {"model", true, "model file"},
    {"data", true, "JSON Lines of ids, a .tsv/.csv of pairs or a text file (default: the model's task), every example; "
                   "hmm-gmm: a numbers file"},
    {"reject-malformed", false, "pairs data: a malformed line is an error (default: skip it and report)"},
    {"long", true, "examples longer than ℓ_max: filter (leave out, default) | truncate | reject"},
    {"json", false, "print {\"loglik\": [one number per sequence]} (the only output there is)"},
    {"help", false, "show this help"},
};
const char* const kScoreSynopsis =
    "glassbox-cli score --model MODEL [--data DATA] --json\n"
    "  loglik of a sequence: Σ_j log P(x_{j+1} | x_1..x_j) (a pair's target given its source; a text's ℓ_max windows);\n"
    "  hmm-gmm: log p(o_1..o_n), the total log density of the sequence's observations";

int cmd_score(int argc, char** argv) {
  const char* cmd = "score";
  auto args = Args::parse(argc, argv, 2, kScoreSpecs);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text(kScoreSynopsis, kScoreSpecs).c_str(), stdout);
    return 0;
  }
  TRY(path, args->require("model"));
  auto m = gb::load_model(*path);
  if (!m) return fail(cmd, m.error().message);
  int status = 0;
  auto data = load_model_data(cmd, *args, *m, 0.0, &status);  // every example: none kept back for validation
  if (!data) return status;
  gb::Json loglik = gb::Json::array();
  gb::Activations<float> act;
  std::vector<gb::Example> all = std::move(data->train);  // (a task keeps its validation pairs apart: scored after)
  all.insert(all.end(), data->val.begin(), data->val.end());
  const bool observations = gb::family(m->config).observations;
  for (const gb::Example& e : all) {
    if (observations) {  // the total log density of the sequence's observations
      loglik.push_back(gb::hmm_gmm_filter(m->params.gmm, e.obs).loglik);
      continue;
    }
    const gb::Batch b = gb::make_batch(m->config, e);
    gb::model_forward(act, m->config, m->params, b);
    // J = −Σ log P[x_{j+1}, j], summed in double: the training loss of this one example
    loglik.push_back(-gb::loss_forward_backward<float>(nullptr, act.logits, b, gb::LossKind::Sum).loss_sum);
  }
  std::printf("%s\n", gb::Json{{"loglik", loglik}}.dump().c_str());
  return 0;
}

}  // namespace gbcli
