#include "core/io/model_file.h"

#include "core/families/hmm/hmm.h"
#include "core/families/hmm/hmm_gmm.h"

#include "core/io/json_util.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>

namespace gb {

static std::string number_text(double v) {  // 0.97, -0.1: as a person writes it
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

static std::vector<int64_t> seed_shape(const TensorRef<float>& t) {
  if (t.is_vector) return {int64_t(t.rows)};
  if (t.split > 0) return {int64_t(t.split), int64_t(t.rows / t.split), int64_t(t.cols)};  // [K, M, D]
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

Result<Params<float>> params_from_safetensors(const Config& c, const StFile& f, const std::string& what,
                                              const std::vector<std::string>& ignore_prefixes) {
  Params<float> p = params_zeros<float>(c);
  std::set<std::string> expected;
  std::optional<Error> err;
  for_each_tensor(c, p, [&](const std::string& name, TensorRef<float> t) {
    expected.insert(name);
    if (err) return;
    const StTensor* st = f.find(name);
    if (!st) {
      err = Error(ErrorCode::TensorMissing, {{"tensor", name}, {"expected", shape_str(seed_shape(t))}}).in_file(what);
      return;
    }
    if (st->shape != seed_shape(t)) {
      err = Error(ErrorCode::TensorShape,
                  {{"tensor", name}, {"found", shape_str(st->shape)}, {"expected", shape_str(seed_shape(t))}})
                .in_file(what);
      return;
    }
    t.mat() = Eigen::Map<const Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        st->data.data(), t.rows, t.cols);
  });
  if (err) return *err;
  for (const auto& t : f.tensors) {
    bool ignored = false;
    for (const auto& pre : ignore_prefixes) ignored |= t.name.rfind(pre, 0) == 0;
    if (!ignored && !expected.count(t.name))
      return Error(ErrorCode::TensorUnexpected, {{"tensor", t.name}}).in_file(what);
  }
  for_each_tensor(c, p, [&](const std::string& name, TensorRef<float> t) {
    if (!err && !t.mat().allFinite()) err = Error(ErrorCode::TensorNotFinite, {{"tensor", name}}).in_file(what);
  });
  if (err) return *err;
  return p;
}

// A model's parameters that are probabilities (an HMM's): each distribution ≥ 0 and summing to 1. Not for the
// tensors that share their names and shapes — AdamW's moments, the last step's ∂J/∂θ and Δθ (zeros under EM, or a
// difference whose columns sum to 0).
static Status check_distributions(const Config& c, const Params<float>& p, const std::string& what) {
  if (c.variant == Variant::Hmm)
    if (auto bad = hmm_check(p.hmm))
      return Error(ErrorCode::TensorNotDistribution,
                   {{"tensor", bad->tensor},
                    {"column", std::to_string(std::max(0, bad->column))},  // (pi: its one column, 0)
                    {"sum", number_text(bad->sum)},
                    {"min", number_text(bad->min)}})
          .in_file(what);
  if (c.variant == Variant::HmmGmm)
    if (auto bad = hmm_gmm_check(p.gmm)) {
      if (bad->variance)
        return Error(ErrorCode::TensorNotPositive,
                     {{"tensor", bad->tensor}, {"row", std::to_string(bad->column)}, {"found", number_text(bad->sum)}})
            .in_file(what);
      return Error(ErrorCode::TensorNotDistribution,
                   {{"tensor", bad->tensor},
                    {"column", std::to_string(std::max(0, bad->column))},
                    {"sum", number_text(bad->sum)},
                    {"min", number_text(bad->min)}})
          .in_file(what);
    }
  return std::nullopt;
}

int grad_norm_stride(int step, int max_norm_points) {
  const int k = std::max(1, max_norm_points);
  int s = 1;
  while (step / s > k && s < (1 << 30)) s *= 2;  // multiples of s in [1, step]: step / s ≤ k
  return s;
}

bool append_history(std::vector<HistoryPoint>& h, HistoryPoint p, int max_norm_points, int max_points) {
  const int stride = grad_norm_stride(p.step, max_norm_points);
  const bool widened = !h.empty() && grad_norm_stride(h.back().step, max_norm_points) != stride;
  const int every = grad_norm_stride(p.step, max_points);
  const bool sparser = !h.empty() && grad_norm_stride(h.back().step, max_points) != every;
  // a point that is not the newest stays when it is the first, on the points' stride, or validated
  auto stays = [every](const HistoryPoint& q) { return q.step % every == 0 || q.val_loss.has_value(); };
  bool removed = false;
  if (h.size() >= 2 && !stays(h.back())) {  // the point that was the newest is an ordinary one now
    h.pop_back();
    removed = true;
  }
  h.push_back(std::move(p));
  if (sparser && h.size() > 2) {  // the stride doubled: every point is looked at again (rare: log2 of the steps)
    const auto from = h.begin() + 1, to = h.end() - 1;
    const auto kept = std::remove_if(from, to, [&](const HistoryPoint& q) { return !stays(q); });
    if (kept != to) {
      h.erase(kept, to);
      removed = true;
    }
  }
  auto thin = [&](HistoryPoint& q) {
    if (!q.grad_norms.empty() && q.step % stride != 0) std::vector<float>().swap(q.grad_norms);  // memory back
  };
  if (widened)  // the norms' stride doubled: every point but the newest is looked at again
    for (size_t i = 0; i + 1 < h.size(); ++i) thin(h[i]);
  else if (h.size() >= 2)  // the point that was the newest is now an ordinary one
    thin(h[h.size() - 2]);
  return removed;
}

Json history_to_json(const std::vector<HistoryPoint>& h) {
  Json a = Json::array();
  for (const auto& p : h) {
    Json o{{"step", p.step}, {"loss", p.loss}, {"lr", p.lr}};
    if (p.val_loss) o["val_loss"] = *p.val_loss;
    if (p.val_token_accuracy) o["val_token_accuracy"] = *p.val_token_accuracy;
    if (p.val_sequence_accuracy) o["val_sequence_accuracy"] = *p.val_sequence_accuracy;
    if (p.grad_norm) o["grad_norm"] = *p.grad_norm;
    if (p.loglik && std::isfinite(*p.loglik)) o["loglik"] = *p.loglik;
    if (!p.grad_norms.empty()) o["grad_norms"] = p.grad_norms;
    a.push_back(o);
  }
  return a;
}

static Json training_to_json(const TrainingState& t) {
  const auto& o = t.options;
  const Rng::State rs = t.cursor.rng.state();
  return Json{{"optimizer", optimizer_name(o.opt.kind)}, {"lr", o.opt.lr}, {"beta1", o.opt.beta1},
              {"beta2", o.opt.beta2}, {"eps", o.opt.eps}, {"weight_decay", o.opt.weight_decay},
              {"warmup_steps", o.opt.warmup_steps}, {"decay_steps", o.opt.decay_steps},
              {"min_lr_ratio", o.opt.min_lr_ratio}, {"clip", o.opt.clip}, {"batch_size", o.batch_size},
              {"loss", o.loss == LossKind::Sum ? "sum" : "mean"}, {"shuffle", o.shuffle}, {"seed", o.seed},
              {"steps", o.steps}, {"t", t.optimizer.t},
              {"cursor", {{"step", t.cursor.step}, {"epoch", t.cursor.epoch}, {"pos", t.cursor.pos},
                          {"order", t.cursor.order},
                          {"rng", {{"s", {rs.s[0], rs.s[1], rs.s[2], rs.s[3]}}, {"spare", rs.spare},
                                   {"has_spare", rs.has_spare}}}}}};
}

static Result<TrainingState> training_from_json(const Json& j, const std::string& what, size_t params_count_hint) {
  (void)params_count_hint;
  TrainingState t;
  auto& o = t.options;
  auto str = json_string(j, "optimizer", what);
  if (!str) return str.error();
  auto kind = parse_optimizer(*str);
  if (!kind) return Error(kind.error()).in_file(what);
  o.opt.kind = *kind;
  const char* floats[] = {"lr", "beta1", "beta2", "eps", "weight_decay", "min_lr_ratio", "clip"};
  float* dst[] = {&o.opt.lr, &o.opt.beta1, &o.opt.beta2, &o.opt.eps, &o.opt.weight_decay, &o.opt.min_lr_ratio,
                  &o.opt.clip};
  for (int i = 0; i < 7; ++i) {
    auto v = json_number(j, floats[i], what);
    if (!v) return v.error();
    *dst[i] = float(*v);
  }
  constexpr long long big = 1LL << 40;
  auto warm = json_int(j, "warmup_steps", what, 0, big);
  auto decay = json_int(j, "decay_steps", what, 0, big);
  auto bs = json_int(j, "batch_size", what, 1, big);
  auto steps = json_int(j, "steps", what, 0, big);
  auto tt = json_int(j, "t", what, 0, big);
  for (auto* r : {&warm, &decay, &bs, &steps, &tt})
    if (!*r) return r->error();
  o.opt.warmup_steps = int(*warm);
  o.opt.decay_steps = int(*decay);
  o.batch_size = int(*bs);
  o.steps = int(*steps);
  t.optimizer.t = *tt;
  auto loss = json_string(j, "loss", what);
  if (!loss) return loss.error();
  if (*loss != "sum" && *loss != "mean") return Error(ErrorCode::LossField).in_file(what);
  o.loss = *loss == "sum" ? LossKind::Sum : LossKind::Mean;
  auto sh = json_bool(j, "shuffle", what);
  if (!sh) return sh.error();
  o.shuffle = *sh;
  if (!j.contains("seed") || !j["seed"].is_number_unsigned()) return Error(ErrorCode::SeedField).in_file(what);
  o.seed = j["seed"].get<uint64_t>();
  if (!j.contains("cursor") || !j["cursor"].is_object()) return Error(ErrorCode::CursorMissing).in_file(what);
  const Json& c = j["cursor"];
  auto cs = json_int(c, "step", what + ": cursor", 0, big);
  auto ce = json_int(c, "epoch", what + ": cursor", 0, big);
  auto cp = json_int(c, "pos", what + ": cursor", 0, big);
  for (auto* r : {&cs, &ce, &cp})
    if (!*r) return r->error();
  t.cursor.step = int(*cs);
  t.cursor.epoch = int(*ce);
  t.cursor.pos = size_t(*cp);
  if (!c.contains("order") || !c["order"].is_array()) return Error(ErrorCode::CursorOrderMissing).in_file(what);
  for (const Json& v : c["order"]) {
    if (!v.is_number_unsigned()) return Error(ErrorCode::CursorOrderIndices).in_file(what);
    t.cursor.order.push_back(int(v.get<uint64_t>()));
  }
  if (t.cursor.pos > t.cursor.order.size()) return Error(ErrorCode::CursorPastOrder).in_file(what);
  if (!c.contains("rng") || !c["rng"].is_object() || !c["rng"].contains("s") || !c["rng"]["s"].is_array() ||
      c["rng"]["s"].size() != 4)
    return Error(ErrorCode::CursorRng).in_file(what);
  Rng::State rs{};
  for (int i = 0; i < 4; ++i) {
    if (!c["rng"]["s"][size_t(i)].is_number_unsigned()) return Error(ErrorCode::RngStateUnsigned).in_file(what);
    rs.s[i] = c["rng"]["s"][size_t(i)].get<uint64_t>();
  }
  auto spare = json_number(c["rng"], "spare", what + ": rng");
  auto has = json_bool(c["rng"], "has_spare", what + ": rng");
  if (!spare) return spare.error();
  if (!has) return has.error();
  rs.spare = *spare;
  rs.has_spare = *has;
  t.cursor.rng.set_state(rs);
  return t;
}

Status save_model(const std::string& path, const ModelFile& m, const Progress& progress) {
  if (auto e = m.config.validate()) return Error::with_cause(ErrorCode::CannotSave, {}, *e).in_file(path);
  StFile f = params_to_safetensors(m.config, m.params);
  f.metadata = m.extra;
  f.metadata["glassbox.format"] = "1";
  f.metadata["glassbox.config"] = config_to_json(m.config).dump();
  if (m.tokenizer) f.metadata["glassbox.tokenizer"] = m.tokenizer->to_json().dump();
  if (!m.data.is_null()) f.metadata["glassbox.data"] = m.data.dump();
  if (!m.history.empty()) f.metadata["glassbox.history"] = history_to_json(m.history).dump();
  if (m.training) {
    f.metadata["glassbox.training"] = training_to_json(*m.training).dump();
    if (m.training->options.opt.kind == OptimizerKind::AdamW) {
      for (const char* which : {"m", "v"}) {
        const Params<float>& moment = which[0] == 'm' ? m.training->optimizer.m : m.training->optimizer.v;
        StFile mf = params_to_safetensors(m.config, moment);
        for (auto& t : mf.tensors) {
          t.name = std::string("opt.") + which + "." + t.name;
          f.tensors.push_back(std::move(t));
        }
      }
    }
  }
  if (m.last_step) {
    f.metadata["glassbox.last_step"] = Json{{"step", m.last_step->step}}.dump();
    for (const char* which : {"grad", "update"}) {
      StFile lf = params_to_safetensors(m.config, which[0] == 'g' ? m.last_step->grad : m.last_step->update);
      for (auto& t : lf.tensors) {
        t.name = std::string("last.") + which + "." + t.name;
        f.tensors.push_back(std::move(t));
      }
    }
  }
  return write_safetensors(path, f, progress);
}

Result<ModelFile> model_from_safetensors(const StFile& f, const std::string& path) {
  auto fmt = f.metadata.find("glassbox.format");
  if (fmt == f.metadata.end())
    return Error(ErrorCode::NotGlassboxModel).in_file(path);
  if (fmt->second != "1")
    return Error(ErrorCode::FormatVersion, {{"found", fmt->second}}).in_file(path);
  auto cfg_it = f.metadata.find("glassbox.config");
  if (cfg_it == f.metadata.end()) return Error(ErrorCode::ConfigMetadataMissing).in_file(path);
  auto j = parse_json_strict(cfg_it->second, path + ": glassbox.config");
  if (!j) return j.error();
  auto cfg = config_from_json(*j, path + ": glassbox.config");
  if (!cfg) return cfg.error();
  const bool has_training = f.metadata.count("glassbox.training") > 0;
  const bool has_last = f.metadata.count("glassbox.last_step") > 0;
  std::vector<std::string> others;  // tensors that are not parameters, read below with their metadata
  if (has_training) others.insert(others.end(), {"opt.m.", "opt.v."});
  if (has_last) others.insert(others.end(), {"last.grad.", "last.update."});
  auto params = params_from_safetensors(*cfg, f, path, others);
  if (!params) return params.error();
  if (auto e = check_distributions(*cfg, *params, path)) return *e;
  ModelFile m;
  m.config = *cfg;
  m.params = std::move(*params);
  const size_t tensor_count = tensor_names(m.config).size();
  for (auto& [k, v] : f.metadata) {
    if (k == "glassbox.tokenizer") {
      auto tj = parse_json_strict(v, path + ": glassbox.tokenizer");
      if (!tj) return tj.error();
      auto tok = Tokenizer::from_json(*tj, path + ": glassbox.tokenizer");
      if (!tok) return tok.error();
      if (tok->size() > m.config.vocab_size)
        return Error(ErrorCode::TokenizerTooLarge,
                     {{"tokens", std::to_string(tok->size())}, {"vocab", std::to_string(m.config.vocab_size)}})
            .in_file(path);
      m.tokenizer = std::move(*tok);
    } else if (k == "glassbox.data") {
      auto dj = parse_json_strict(v, path + ": glassbox.data");
      if (!dj) return dj.error();
      if (!dj->is_object()) return Error(ErrorCode::DataNotObject).in_file(path);
      m.data = std::move(*dj);
    } else if (k == "glassbox.history") {
      auto hj = parse_json_strict(v, path + ": glassbox.history");
      if (!hj) return hj.error();
      if (!hj->is_array()) return Error(ErrorCode::HistoryNotArray).in_file(path);
      for (size_t i = 0; i < hj->size(); ++i) {
        const Json& o = (*hj)[i];
        const std::string w = path + ": glassbox.history[" + std::to_string(i) + "]";
        auto st = json_int(o, "step", w, 0, 1LL << 40);
        auto lo = json_number(o, "loss", w);
        auto lr = json_number(o, "lr", w);
        if (!st) return st.error();
        if (!lo) return lo.error();
        if (!lr) return lr.error();
        HistoryPoint hp{int(*st), *lo, *lr, {}, {}, {}, {}, {}};
        if (o.contains("val_loss") && o["val_loss"].is_number()) hp.val_loss = o["val_loss"].get<double>();
        if (o.contains("val_token_accuracy") && o["val_token_accuracy"].is_number())
          hp.val_token_accuracy = o["val_token_accuracy"].get<double>();
        if (o.contains("val_sequence_accuracy") && o["val_sequence_accuracy"].is_number())
          hp.val_sequence_accuracy = o["val_sequence_accuracy"].get<double>();
        if (o.contains("grad_norm") && o["grad_norm"].is_number()) hp.grad_norm = o["grad_norm"].get<double>();
        if (o.contains("loglik") && o["loglik"].is_number()) hp.loglik = o["loglik"].get<double>();
        if (o.contains("grad_norms")) {  // one number per tensor, or the point is refused
          const Json& g = o["grad_norms"];
          if (!g.is_array() || g.size() != tensor_count)
            return Error(ErrorCode::HistoryGradNorms, {{"tensors", std::to_string(tensor_count)}}).in_file(w);
          for (const Json& x : g) {
            if (!x.is_number()) return Error(ErrorCode::HistoryGradNorms, {{"tensors", std::to_string(tensor_count)}}).in_file(w);
            hp.grad_norms.push_back(x.get<float>());
          }
        }
        m.history.push_back(hp);
      }
    } else if (k == "glassbox.training") {
      auto tj = parse_json_strict(v, path + ": glassbox.training");
      if (!tj) return tj.error();
      auto ts = training_from_json(*tj, path + ": glassbox.training", 0);
      if (!ts) return ts.error();
      if (ts->options.opt.kind == OptimizerKind::AdamW) {
        for (const char* which : {"m", "v"}) {
          StFile sub;
          const std::string pre = std::string("opt.") + which + ".";
          for (const auto& t : f.tensors)
            if (t.name.rfind(pre, 0) == 0) sub.tensors.push_back({t.name.substr(pre.size()), t.shape, t.data});
          auto moment = params_from_safetensors(m.config, sub, path + ": '" + pre + "*'");
          if (!moment) return moment.error();
          (which[0] == 'm' ? ts->optimizer.m : ts->optimizer.v) = std::move(*moment);
        }
      }
      m.training = std::move(*ts);
    } else if (k == "glassbox.last_step") {
      const std::string w = path + ": glassbox.last_step";
      auto lj = parse_json_strict(v, w);
      if (!lj) return lj.error();
      auto st = json_int(*lj, "step", w, 1, 1LL << 40);
      if (!st) return st.error();
      LastStep ls;
      ls.step = int(*st);
      for (const char* which : {"grad", "update"}) {
        StFile sub;
        const std::string pre = std::string("last.") + which + ".";
        for (const auto& t : f.tensors)
          if (t.name.rfind(pre, 0) == 0) sub.tensors.push_back({t.name.substr(pre.size()), t.shape, t.data});
        auto p = params_from_safetensors(m.config, sub, path + ": '" + pre + "*'");
        if (!p) return p.error();
        (which[0] == 'g' ? ls.grad : ls.update) = std::move(*p);
      }
      m.last_step = std::move(ls);
    } else if (k != "glassbox.format" && k != "glassbox.config") {
      m.extra[k] = v;
    }
  }
  if (!has_training)
    for (const auto& t : f.tensors)
      if (t.name.rfind("opt.", 0) == 0) return Error(ErrorCode::OptTensorUnexpected, {{"tensor", t.name}}).in_file(path);
  if (!has_last)
    for (const auto& t : f.tensors)
      if (t.name.rfind("last.", 0) == 0) return Error(ErrorCode::LastTensorUnexpected, {{"tensor", t.name}}).in_file(path);
  return m;
}

Result<ModelFile> load_model(const std::string& path) {
  auto f = read_safetensors(path);
  if (!f) return f.error();
  return model_from_safetensors(*f, path);
}

}  // namespace gb
