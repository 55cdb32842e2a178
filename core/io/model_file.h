// model_file.h — a Glassbox model as a safetensors file (see docs/model-file.md).
//
// Metadata "glassbox.format" = "1" and "glassbox.config" = the Config as JSON; one F32 tensor per parameter,
// named and shaped as in the seeds (W_e is [d_e, |V|]), row-major. Other metadata keys (tokenizer, history,
// optimizer state, …) travel in `extra` untouched.
#pragma once

#include "core/config.h"
#include "core/error.h"
#include "core/io/safetensors.h"
#include "core/model/params.h"

#include <map>
#include <string>

namespace gb {

struct ModelFile {
  Config config;
  Params<float> params;
  std::map<std::string, std::string> extra;  // metadata other than glassbox.format / glassbox.config
};

// Params → tensors (seed shapes, row-major) and back. The reverse checks that the tensor set and every shape
// match the config: a missing, extra or misshapen tensor is an Error naming it.
StFile params_to_safetensors(const Config& c, const Params<float>& p);
Result<Params<float>> params_from_safetensors(const Config& c, const StFile& f, const std::string& what);

Status save_model(const std::string& path, const ModelFile& m);
Result<ModelFile> load_model(const std::string& path);

}  // namespace gb
