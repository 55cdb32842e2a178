#include "core/io/model_file.h"

#include "core/io/json_util.h"

#include <set>

namespace gb {

static std::vector<int64_t> seed_shape(const TensorRef<float>& t) {
  if (t.is_vector) return {int64_t(t.rows)};
  return {int64_t(t.rows), int64_t(t.cols)};
}

static std::string shape_str(const std::vector<int64_t>& s) {
  std::string out = "[";
  for (size_t i = 0; i < s.size(); ++i) out += (i ? ", " : "") + std::to_string(s[i]);
  return out + "]";
}

StFile params_to_safetensors(const Config& c, const Params<float>& p) {
  StFile f;
  for_each_tensor(c, const_cast<Params<float>&>(p), [&](const std::string& name, TensorRef<float> t) {
    StTensor st;
    st.name = name;
    st.shape = seed_shape(t);
    st.data.resize(size_t(t.size()));
    // row-major: element (r, col) at r·cols + col
    Eigen::Map<Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(st.data.data(), t.rows,
                                                                                        t.cols) = t.mat();
    f.tensors.push_back(std::move(st));
  });
  return f;
}

Result<Params<float>> params_from_safetensors(const Config& c, const StFile& f, const std::string& what) {
  Params<float> p = params_zeros<float>(c);
  std::set<std::string> expected;
  std::optional<Error> err;
  for_each_tensor(c, p, [&](const std::string& name, TensorRef<float> t) {
    expected.insert(name);
    if (err) return;
    const StTensor* st = f.find(name);
    if (!st) {
      err = Error{what + ": tensor '" + name + "' is missing (the config needs shape " + shape_str(seed_shape(t)) + ")"};
      return;
    }
    if (st->shape != seed_shape(t)) {
      err = Error{what + ": tensor '" + name + "' has shape " + shape_str(st->shape) + ", the config needs " +
                  shape_str(seed_shape(t))};
      return;
    }
    t.mat() = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        st->data.data(), t.rows, t.cols);
  });
  if (err) return *err;
  for (const auto& t : f.tensors)
    if (!expected.count(t.name)) return Error{what + ": unexpected tensor '" + t.name + "' (not part of this config)"};
  for_each_tensor(c, p, [&](const std::string& name, TensorRef<float> t) {
    if (!err && !t.mat().allFinite()) err = Error{what + ": tensor '" + name + "' contains NaN or infinity"};
  });
  if (err) return *err;
  return p;
}

Status save_model(const std::string& path, const ModelFile& m) {
  if (auto e = m.config.validate()) return Error{path + ": cannot save: " + e->message};
  StFile f = params_to_safetensors(m.config, m.params);
  f.metadata = m.extra;
  f.metadata["glassbox.format"] = "1";
  f.metadata["glassbox.config"] = config_to_json(m.config).dump();
  return write_safetensors(path, f);
}

Result<ModelFile> load_model(const std::string& path) {
  auto f = read_safetensors(path);
  if (!f) return f.error();
  auto fmt = f->metadata.find("glassbox.format");
  if (fmt == f->metadata.end())
    return Error{path + ": not a Glassbox model (metadata 'glassbox.format' is missing)"};
  if (fmt->second != "1")
    return Error{path + ": model format version '" + fmt->second + "' is not supported (expected 1)"};
  auto cfg_it = f->metadata.find("glassbox.config");
  if (cfg_it == f->metadata.end()) return Error{path + ": metadata 'glassbox.config' is missing"};
  auto j = parse_json_strict(cfg_it->second, path + ": glassbox.config");
  if (!j) return j.error();
  auto cfg = config_from_json(*j, path + ": glassbox.config");
  if (!cfg) return cfg.error();
  auto params = params_from_safetensors(*cfg, *f, path);
  if (!params) return params.error();
  ModelFile m;
  m.config = *cfg;
  m.params = std::move(*params);
  for (auto& [k, v] : f->metadata)
    if (k != "glassbox.format" && k != "glassbox.config") m.extra[k] = v;
  return m;
}

}  // namespace gb
