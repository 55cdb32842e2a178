// inspect: what a model file holds — config, tokenizer, parameter counts, data, training history.
#include "args.h"
#include "commands.h"

#include "core/family.h"
#include "core/io/model_file.h"

#include <cstdio>
#include <map>

namespace gbcli {

const std::vector<OptionSpec> kInspectSpecs = {
    {"json", false, "print the summary as JSON"},
    {"help", false, "show this help"},
};
const char* const kInspectSynopsis =
    "glassbox-cli inspect MODEL.safetensors [--json]";

int cmd_inspect(int argc, char** argv) {
  const char* cmd = "inspect";
  auto args = Args::parse(argc, argv, 2, kInspectSpecs, 1);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help") || args->positional().empty()) {
    std::fputs(usage_text(kInspectSynopsis, kInspectSpecs).c_str(),
               args->has("help") ? stdout : stderr);
    return args->has("help") ? 0 : 2;
  }
  const std::string path = args->positional()[0];
  auto m = gb::load_model(path);
  if (!m) return fail(cmd, m.error().message);
  const gb::Config& c = m->config;
  // parameter counts by group
  std::map<std::string, long long> groups;
  gb::for_each_tensor(c, m->params, [&](const std::string& n, gb::TensorRef<float> t) {
    const auto dot = n.find('.');
    groups[dot == std::string::npos ? n : n.substr(0, dot)] += t.size();
  });
  gb::Json j{{"path", path}, {"config", gb::config_to_json(c)}, {"parameters", gb::params_count(c)}, {"groups", groups}};
  if (m->tokenizer) {
    gb::Json first = gb::Json::array();
    for (int i = 0; i < std::min(m->tokenizer->size(), 24); ++i) first.push_back(m->tokenizer->display(i));
    j["tokenizer"] = {{"kind", gb::tokenizer_name(m->tokenizer->kind())}, {"size", m->tokenizer->size()}, {"first", first}};
  }
  if (!m->data.is_null()) j["data"] = m->data;
  if (!m->history.empty()) {
    const auto& h = m->history;
    gb::Json hs{{"steps", h.back().step}, {"first_loss", h.front().loss}, {"last_loss", h.back().loss}};
    for (auto it = h.rbegin(); it != h.rend(); ++it)
      if (it->val_loss) {
        hs["val_loss"] = *it->val_loss;
        hs["val_step"] = it->step;
        if (it->val_sequence_accuracy) hs["val_sequence_accuracy"] = *it->val_sequence_accuracy;
        break;
      }
    j["history"] = hs;
  }
  j["resumable"] = m->training.has_value();
  if (args->has("json")) {
    std::printf("%s\n", j.dump(2).c_str());
    return 0;
  }
  std::printf("%s\n", path.c_str());
  if (c.is_transformer()) {
    std::printf("  %s transformer (%s): |V| = %d, ℓ_max = %d, ", gb::variant_name(c.variant),
                c.is_ed() ? "seed 000" : "seed 002", c.vocab_size, c.max_len);
    if (c.is_ed()) std::printf("L_enc = %d, L_dec = %d", c.enc_layers, c.dec_layers);
    else std::printf("L = %d", c.dec_layers);
    std::printf(", H = %d, d_e = %d, d_mlp = %d\n", c.heads, c.d_e, c.d_mlp);
    std::printf("  options: %s-LN, %s, final norm %s, W_u %s, dropout %g, layer-norm ε %g\n", gb::norm_name(c.norm),
                gb::activation_name(c.activation), c.final_norm ? "on" : "off", c.tied_unembed ? "= W_eᵀ" : "own",
                double(c.dropout), c.ln_eps);
    if (auto it = m->extra.find("glassbox.import"); it != m->extra.end())
      std::printf("  imported: %s\n", it->second.c_str());
  } else {
    std::printf("  %s model: |V| = %d, ℓ_max = %d", gb::variant_name(c.variant), c.vocab_size, c.max_len);
    for (const gb::SizeSpec& s : gb::family(c).sizes)  // the family's own sizes besides ℓ_max
      if (s.field != gb::SizeField::MaxLen)
        std::printf(", %s = %d", gb::size_field_name(s.field), gb::config_size(c, s.field));
    if (gb::family(c).recurrent_cell)
      std::printf(", cell %s", c.cell == gb::RnnCell::Lstm ? "lstm" : gb::activation_name(c.activation));
    if (c.attention == gb::RnnAttention::Additive) std::printf(", additive attention");
    std::printf("\n");
  }
  std::printf("  parameters: %lld (", (long long)gb::params_count(c));
  bool first = true;
  for (auto& [g, n] : groups) {
    std::printf("%s%s %lld", first ? "" : ", ", g.c_str(), n);
    first = false;
  }
  std::printf(")\n");
  if (m->tokenizer) {
    std::printf("  tokenizer: %s, %d tokens:", gb::tokenizer_name(m->tokenizer->kind()), m->tokenizer->size());
    for (int i = 0; i < std::min(m->tokenizer->size(), 16); ++i) std::printf(" %s", m->tokenizer->display(i).c_str());
    std::printf("%s\n", m->tokenizer->size() > 16 ? " …" : "");
  } else if (gb::family(c).observations) {
    std::printf("  observations: %d numbers per time step (no tokenizer: it reads vectors)\n", c.obs_dim);
  } else {
    std::printf("  tokenizer: none (token ids only)\n");
  }
  if (!m->data.is_null()) std::printf("  data: %s\n", m->data.dump().c_str());
  if (j.contains("history")) {
    const auto& hs = j["history"];
    std::printf("  training: %d steps, loss %.4f → %.4f", hs["steps"].get<int>(), hs["first_loss"].get<double>(),
                hs["last_loss"].get<double>());
    if (hs.contains("val_loss")) std::printf(", validation loss %.4f at step %d", hs["val_loss"].get<double>(), hs["val_step"].get<int>());
    std::printf("%s\n", m->training ? " (resumable)" : "");
  } else {
    std::printf("  training: none yet\n");
  }
  return 0;
}

}  // namespace gbcli
