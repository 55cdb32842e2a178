#include "core/model/stepper.h"

#include "core/families/hmm/hmm.h"

#include <cmath>
#include <limits>

namespace gb {

Stepper::Stepper(const Config& c, const Params<float>& p, const Example& e, std::optional<MatF> decoder_mask)
    : c_(c), p_(p), e_(e), dec_mask_(std::move(decoder_mask)) {
  GB_ASSERT(!dec_mask_ || (dec_mask_->rows() == Eigen::Index(e.x.size()) && dec_mask_->cols() == Eigen::Index(e.x.size())),
            "Stepper: the decoder mask must be |x| × |x|");
  GB_ASSERT(!c.validate(), "Stepper needs a valid config");
  recurrent_ = c.variant == Variant::Rnn || c.variant == Variant::RnnSeq2Seq || c.variant == Variant::Hmm;
  GB_ASSERT(c.is_transformer() || recurrent_, "Stepper runs a family's listing (ask the family: view::kAlgorithm)");
  GB_ASSERT(!check_example(c, e), "Stepper needs an example that fits the model");
  if (recurrent_) {  // the forward pass itself, once: the lines reveal it step by step
    model_forward(fwd_, c_, p_, make_batch(c_, e_));
    MatF lp;  // P: the softmax of each column of the logits (an HMM's rows are log P already)
    log_softmax_columns(lp, MatF(fwd_.logits.leftCols(Eigen::Index(e_.x.size()))));
    fwd_P_ = lp.array().exp().matrix();
    if (c.variant == Variant::Hmm) {
      const HmmFilter f = hmm_filter(p_.hmm, e_.x);
      hmm_alpha_ = f.alpha;
      hmm_log_c_ = f.log_c;
      HmmViterbi v = hmm_viterbi_trellis(p_.hmm, e_.x);
      hmm_delta_ = std::move(v.delta);
      hmm_back_ = std::move(v.back);
      hmm_path_ = std::move(v.path);
    }
  }
  const auto& lines = pseudocode(c_);
  // Unroll the listing: lines inside a loop run once per layer, the loop line starts each pass.
  for (size_t i = 0; i < lines.size();) {
    if (lines[i].kind == LineKind::Comment) { ++i; continue; }
    if (lines[i].kind != LineKind::Loop) { program_.push_back({int(i), -1}); ++i; continue; }
    size_t end = i + 1;
    while (end < lines.size() && lines[end].indent > 0) ++end;
    // a transformer's loop runs once per layer, a recurrent family's once per token (0-based: Viterbi's forward
    // loop from the second token, its backtrace from the second last down to the first)
    const int layers = recurrent_ ? int(lines[i].stream == 'Z' ? e_.z.size() : e_.x.size())
                       : lines[i].stream == 'Z' ? c_.enc_layers
                                                : c_.dec_layers;
    std::vector<int> steps;
    const std::string& t = lines[i].text;
    if (recurrent_ && t.rfind("for j = 2", 0) == 0) {
      for (int l = 1; l < layers; ++l) steps.push_back(l);
    } else if (recurrent_ && t.rfind("for j = ℓ − 1", 0) == 0) {
      for (int l = layers - 2; l >= 0; --l) steps.push_back(l);
    } else {
      for (int l = 0; l < layers; ++l) steps.push_back(l);
    }
    for (int l : steps) {
      program_.push_back({int(i), l});
      for (size_t k = i + 1; k < end; ++k) program_.push_back({int(k), l});
    }
    i = end;
  }
}

void Stepper::reset() {
  pc_ = 0;
  s_ = State{};
  undo_.clear();
  records_.clear();
}

int Stepper::next_line() const { return at_end() ? -1 : program_[pc_].line; }
int Stepper::next_layer() const { return at_end() ? -1 : program_[pc_].layer; }

bool Stepper::next() {
  if (at_end()) return false;
  // (a recurrent family's state grows with every token: back() replays instead of keeping a copy per line)
  if (!recurrent_) undo_.push_back(s_);
  records_.push_back(execute(program_[pc_]));
  ++pc_;
  return true;
}

bool Stepper::back() {
  if (pc_ == 0) return false;
  if (recurrent_) {  // every line is a slice of fwd_: run again to the line before
    const size_t to = pc_ - 1;
    reset();
    while (pc_ < to) next();
    return true;
  }
  --pc_;
  s_ = std::move(undo_.back());
  undo_.pop_back();
  records_.pop_back();
  return true;
}

void Stepper::run_to_line(int line) {
  if (!at_end() && next_line() == line) next();  // already there: run it and go to its next occurrence
  while (!at_end() && next_line() != line) next();
}

void Stepper::run_to_end() {
  while (next()) {
  }
}

std::vector<ScopeEntry> Stepper::scope() const {
  std::vector<ScopeEntry> out;
  if (recurrent_) {
    for (const auto& [name, m] : s_.named) out.push_back({name, m.rows(), m.cols()});
    if (s_.l >= 0) out.push_back({c_.variant == Variant::RnnSeq2Seq && !s_.hasX ? "i" : "j", 1, 1});
    return out;
  }
  if (s_.hasZ) out.push_back({"Z", s_.Z.rows(), s_.Z.cols()});
  if (s_.hasX) out.push_back({"X", s_.X.rows(), s_.X.cols()});
  if (s_.hasHat) out.push_back({s_.hat_of == 'Z' ? "Ẑ" : "X̂", s_.hat.rows(), s_.hat.cols()});
  if (s_.hasP) out.push_back({"P", s_.P.rows(), s_.P.cols()});
  if (s_.l >= 0) out.push_back({"l", 1, 1});
  return out;
}

const MatF* Stepper::value(const std::string& name) const {
  if (recurrent_) {
    for (const auto& [n, m] : s_.named)
      if (n == name) return &m;
    return nullptr;
  }
  if (name == "Z" && s_.hasZ) return &s_.Z;
  if (name == "X" && s_.hasX) return &s_.X;
  if ((name == "X̂" || name == "Ẑ") && s_.hasHat) return &s_.hat;
  if (name == "P" && s_.hasP) return &s_.P;
  return nullptr;
}

const NormParams<float>& Stepper::norm_params(char stream, int layer, int gamma) const {
  if (gamma == 0) return p_.ln_f;
  const LayerParams<float>& lp = stream == 'Z' ? p_.enc[size_t(layer)] : p_.dec[size_t(layer)];
  if (c_.is_ed()) {
    switch (gamma) {
      case 1: case 3: return lp.ln_a;
      case 4: return lp.ln_b;
      default: return lp.ln_c;  // γ₂, γ₅
    }
  }
  return gamma == 1 ? lp.ln_a : lp.ln_c;
}

static AttentionRecord record_attention(const AttentionCache<float>& cache, const MatF& out, const AttentionMask& m,
                                        int H, AttentionRecord::Kind kind) {
  AttentionRecord r;
  r.kind = kind;
  r.Q = cache.Q;
  r.K = cache.K;
  r.V = cache.V;
  r.out = out;
  const int dh = int(cache.Q.rows()) / H;
  for (int h = 0; h < H; ++h) {
    HeadRecord hr;
    hr.Q = cache.Q.middleRows(h * dh, dh);
    hr.K = cache.K.middleRows(h * dh, dh);
    hr.V = cache.V.middleRows(h * dh, dh);
    hr.dots = hr.K.transpose() * hr.Q;
    hr.S = cache.S.middleCols(Eigen::Index(h) * m.Tq, m.Tq);
    hr.A = cache.A.middleCols(Eigen::Index(h) * m.Tq, m.Tq);
    hr.mask = mask_matrix(m, 0);  // the mask the attention applied, as the core defines it
    hr.S_masked = hr.S;
    for (int tx = 0; tx < m.Tq; ++tx)
      for (int tz = 0; tz < m.Tk; ++tz)
        if (hr.mask(tz, tx) == 0.0f) hr.S_masked(tz, tx) = -std::numeric_limits<float>::infinity();
    // the softmax's parts, as attention_forward computed them (kept with the scores)
    hr.col_max = cache.col_max.segment(Eigen::Index(h) * m.Tq, m.Tq);
    hr.col_sum = cache.col_sum.segment(Eigen::Index(h) * m.Tq, m.Tq);
    hr.Y = cache.Yc.middleRows(h * dh, dh);
    r.heads.push_back(std::move(hr));
  }
  return r;
}

void Stepper::set(const std::string& name, MatF value) {
  for (auto& [n, m] : s_.named)
    if (n == name) {
      m = std::move(value);
      return;
    }
  s_.named.emplace_back(name, std::move(value));
}

// A recurrent family's line at step in.layer: what model_forward computed there (fwd_), under the listing's names.
StepRecord Stepper::execute_recurrent(const Instr& in) {
  const PseudoLine& line = pseudocode(c_)[size_t(in.line)];
  StepRecord r;
  r.line = in.line;
  r.layer = in.layer;
  r.stream = line.stream;
  const bool enc = line.stream == 'Z';
  r.label = (in.layer >= 0 ? std::string(enc ? "i = " : "j = ") + std::to_string(in.layer + 1) + ": " : std::string()) +
            line.text;
  const RnnCache<float>& k = enc ? fwd_.rnn_enc : fwd_.rnn;
  const Eigen::Index j = in.layer, dh = c_.d_hidden, nz = Eigen::Index(e_.z.size());
  const std::string& t = line.text;
  auto starts = [&t](const char* s) { return t.rfind(s, 0) == 0; };
  auto show = [&](const std::string& name, MatF v) {
    r.target = name;
    r.value = v;
    set(name, std::move(v));
  };
  const bool lstm = c_.cell == RnnCell::Lstm;
  if (!enc) s_.hasX = true;  // (the decoder's part has begun: the loop index is j)
  if (line.indent == 0 && line.kind != LineKind::Loop) s_.l = -1;  // (after a loop: no index in scope)
  switch (line.kind) {
    case LineKind::Loop:
      s_.l = int(j);
      r.target = enc ? "i" : "j";
      break;
    case LineKind::Embed:
      if (c_.variant == Variant::Hmm && starts("δ_1")) {
        set("Δ", hmm_delta_.leftCols(1).cast<float>());
        show("δ", hmm_delta_.col(0).cast<float>());
      } else if (c_.variant == Variant::Hmm && starts("z*")) {  // the backtrace starts at the end
        const Eigen::Index last = Eigen::Index(e_.x.size()) - 1;
        MatF Z = MatF::Zero(c_.states, last + 1);
        Z(hmm_path_[size_t(last)], last) = 1;
        set("Z*", Z);
        show("z*_j", MatF::Constant(1, 1, float(hmm_path_[size_t(last)] + 1)));  // (states numbered from 1)
      } else if (starts("g_0")) {
        if (lstm) set("n", MatF::Zero(dh, 1));
        show("g", MatF::Zero(dh, 1));
      } else if (starts("c ←")) {
        if (lstm) set("m", MatF(fwd_.rnn.M0.col(0)));
        show("c", MatF(fwd_.rnn.H0.col(0)));  // (the encoder's last state; 0 for an empty source)
      } else if (c_.variant == Variant::RnnSeq2Seq) {  // h_0 ← c
        show("h", MatF(fwd_.rnn.H0.col(0)));
      } else {  // h_0 ← 0
        if (lstm) set("m", MatF::Zero(dh, 1));
        show("h", MatF::Zero(dh, 1));
      }
      break;
    case LineKind::Mlp:
      if (c_.variant == Variant::Hmm && starts("δ_j")) {
        set("Δ", hmm_delta_.leftCols(j + 1).cast<float>());
        set("ψ_j", MatF(hmm_back_.col(j).cast<float>().array() + 1.0f));  // (states numbered from 1)
        show("δ", hmm_delta_.col(j).cast<float>());
      } else if (c_.variant == Variant::Hmm && starts("z*")) {
        MatF Z = *value("Z*");
        Z(hmm_path_[size_t(j)], j) = 1;
        set("Z*", Z);
        show("z*_j", MatF::Constant(1, 1, float(hmm_path_[size_t(j)] + 1)));
      } else if (c_.variant == Variant::Hmm) {  // ᾱ_j and its scale c_j = P(x_j | x_1..x_{j−1})
        set("c_j", MatF::Constant(1, 1, float(std::exp(hmm_log_c_(j)))));
        set("A", hmm_alpha_.leftCols(j + 1).cast<float>());
        show("ᾱ", hmm_alpha_.col(j).cast<float>());
      } else if (starts("[")) {
        show("[i; f; g; o]", MatF(k.Gt.col(j)));
      } else if (starts("m_") || starts("n_")) {
        show(enc ? "n" : "m", MatF(k.M.col(j)));
      } else {  // the state
        set(enc ? "G" : "H", k.H.leftCols(j + 1));
        show(enc ? "g" : "h", MatF(k.H.col(j)));
      }
      break;
    case LineKind::CrossAttention:  // additive attention over the encoder's states
      if (starts("α")) {
        set("A", fwd_.rnn.Alpha.topLeftCorner(nz, j + 1));
        show("α", MatF(fwd_.rnn.Alpha.col(j).head(nz)));
      } else {
        show("ctx", MatF(fwd_.rnn.Ctx.col(j)));
      }
      break;
    case LineKind::Output: {
      const Eigen::Index n = in.layer >= 0 ? j + 1 : Eigen::Index(e_.x.size());
      set("P", fwd_P_.leftCols(n));  // P = [P_1, …]
      if (in.layer >= 0) {
        show("P_j", MatF(fwd_P_.col(j)));
      } else {
        r.target = "P";
        r.value = *value("P");
      }
      break;
    }
    default:
      break;
  }
  return r;
}

StepRecord Stepper::execute(const Instr& in) {
  if (recurrent_) return execute_recurrent(in);
  const PseudoLine& line = pseudocode(c_)[size_t(in.line)];
  StepRecord r;
  r.line = in.line;
  r.layer = in.layer;
  r.stream = line.stream;
  const char* stack = line.stream == 'Z' ? "encoder" : "decoder";
  const std::string where =
      in.layer >= 0 ? std::string(stack) + " layer " + std::to_string(in.layer + 1) + ": " : std::string();
  r.label = where + line.text;
  const bool pre = c_.norm == NormPlacement::Pre;
  MatF& S = line.stream == 'Z' ? s_.Z : s_.X;
  const std::string Sname(1, line.stream);
  const std::string hat_name = line.stream == 'Z' ? "Ẑ" : "X̂";
  std::vector<int> no_pad;  // B = 1: no padding
  auto f_input = [&]() -> const MatF& { return pre ? s_.hat : S; };
  auto layer_params = [&]() -> const LayerParams<float>& {
    return line.stream == 'Z' ? p_.enc[size_t(in.layer)] : p_.dec[size_t(in.layer)];
  };

  // S ← S + f(·): a line's function (attention or the MLP, model_forward's own sublayer_function_forward) and the
  // residual add; the norm of the block is a line of its own (pre-LN before, post-LN after), so sublayer_forward,
  // which does the whole block at once, is not what a line runs
  auto residual = [&](const MatF& fin, const MatF* Z, const SublayerArgs<float>& a, const ForwardOptions& opt) {
    SublayerCache<float> sc;
    sublayer_function_forward<float>(sc, fin, Z, a, c_, opt);
    S += sc.f;
    r.target = Sname;
    r.value = S;
    return sc;
  };
  switch (line.kind) {
    case LineKind::Comment:
      break;
    case LineKind::Loop:
      s_.l = in.layer;
      r.target = "l";
      break;
    case LineKind::Embed: {
      const std::vector<int>& ids = line.stream == 'Z' ? e_.z : e_.x;
      embed_forward(S, ids, 1, int(ids.size()), p_, c_);
      (line.stream == 'Z' ? s_.hasZ : s_.hasX) = true;
      r.target = Sname;
      r.value = S;
      break;
    }
    case LineKind::Norm:
    case LineKind::FinalNorm: {
      const NormParams<float>& np = norm_params(line.stream, in.layer, line.kind == LineKind::FinalNorm ? 0 : line.norm_index);
      NormCache<float> nc;
      MatF y;
      layernorm_forward(y, nc, S, np, c_.ln_eps);
      r.mean = nc.mean;
      r.var = (nc.rstd.array().square().inverse() - float(c_.ln_eps)).matrix();
      if (pre && line.kind == LineKind::Norm) {
        s_.hat = y;
        s_.hasHat = true;
        s_.hat_of = line.stream;
        r.target = hat_name;
      } else {
        S = y;
        r.target = Sname;
      }
      r.value = y;
      break;
    }
    case LineKind::SelfAttention:
    case LineKind::CrossAttention: {
      const bool cross = line.kind == LineKind::CrossAttention;
      const LayerParams<float>& lp = layer_params();
      const MatF& Xq = f_input();
      const MatF& Zkv = cross ? s_.Z : Xq;
      // B = 1: the batch's masks without padding (as model_forward would build them for this one example)
      AttentionMask m{1, int(Xq.cols()), int(Zkv.cols()), !cross && line.stream == 'X', nullptr};
      if (!cross && line.stream == 'X' && dec_mask_) m.custom = &*dec_mask_;  // the mask editor's
      ForwardOptions opt;
      opt.keep_scores = true;  // the recording hook: the scores before the mask are kept for the record
      const SublayerCache<float> sc =
          residual(Xq, &Zkv, {cross ? SublayerFn::CrossAttention : SublayerFn::SelfAttention, nullptr,
                              cross ? &lp.cross : &lp.attn, nullptr, &m}, opt);
      r.attention = record_attention(sc.attn, sc.f, m, c_.heads,
                                     cross ? AttentionRecord::Kind::Cross
                                           : (m.causal ? AttentionRecord::Kind::Causal : AttentionRecord::Kind::Bidirectional));
      break;
    }
    case LineKind::Mlp:
      residual(f_input(), nullptr, {SublayerFn::Mlp, nullptr, nullptr, &layer_params().mlp, nullptr}, ForwardOptions{});
      break;
    case LineKind::Output: {
      MatF logits, lp;
      unembed_forward(logits, s_.X, p_, c_);
      log_softmax_columns(lp, logits);
      s_.P = lp.array().exp().matrix();  // P = softmax(W_u X), column by column
      s_.hasP = true;
      r.target = "P";
      r.value = s_.P;
      break;
    }
  }
  return r;
}

std::vector<StepRecord> trace_forward(const Config& c, const Params<float>& p, const Example& e) {
  Stepper s(c, p, e);
  s.run_to_end();
  return s.records();
}

namespace {
Status check_traceable(const Config& c) {
  if (c.is_transformer() || c.variant == Variant::Rnn || c.variant == Variant::RnnSeq2Seq || c.variant == Variant::Hmm)
    return std::nullopt;
  return Error(ErrorCode::NotForFamily, {{"family", variant_name(c.variant)}});
}

// Runs a stepper to the end, reporting before each line; ErrorCode::TraceCancelled when progress says stop.
Result<std::vector<StepRecord>> run_traced(Stepper& s, const TraceProgress& progress) {
  const int total = int(s.program_size());
  while (!s.at_end()) {
    const int done = int(s.position());
    if (progress && !progress(done, total))
      return Error(ErrorCode::TraceCancelled, {{"done", std::to_string(done)}, {"limit", std::to_string(total)}});
    s.next();
  }
  if (progress) (void)progress(total, total);
  return s.records();
}
}  // namespace

Result<std::vector<StepRecord>> trace_forward_masked(const Config& c, const Params<float>& p, const Example& e,
                                                     const MatF& decoder_mask, const TraceProgress& progress) {
  if (!c.is_transformer())  // (a mask of self-attention: the recurrent families have none)
    return Error(ErrorCode::NotForFamily, {{"family", variant_name(c.variant)}});
  if (auto err = check_example(c, e)) return *err;
  if (decoder_mask.rows() != Eigen::Index(e.x.size()) || decoder_mask.cols() != Eigen::Index(e.x.size()))
    return Error(ErrorCode::MaskSize, {{"rows", std::to_string(decoder_mask.rows())},
                                       {"cols", std::to_string(decoder_mask.cols())},
                                       {"n", std::to_string(e.x.size())}});
  Stepper s(c, p, e, decoder_mask);
  return run_traced(s, progress);
}

Result<std::vector<StepRecord>> trace_forward(const Config& c, const Params<float>& p, const Example& e,
                                              const TraceProgress& progress) {
  if (auto err = check_traceable(c)) return *err;
  Stepper s(c, p, e);
  return run_traced(s, progress);
}

double trace_cost(const Config& c, const Example& e) {
  if (c.variant == Variant::Rnn || c.variant == Variant::RnnSeq2Seq) {  // (one forward pass, then revealed)
    const double G = c.cell == RnnCell::Lstm ? 4 : 1, dh = c.d_hidden, cell = G * dh * (dh + c.d_e + 4);
    const double att = c.attention == RnnAttention::Additive ? double(e.z.size()) * 4 * dh + 2 * G * dh * dh : 0;
    return double(e.z.size()) * cell + double(e.x.size()) * (cell + att + dh * double(c.vocab_size));
  }
  const double d = c.d_e, nx = double(e.x.size()), nz = double(e.z.size()), H = c.heads;
  auto layer = [&](double n, double nk, bool cross) {
    // Q, K, V, O and the MLP per column; per head the scores, mask and weights (recorded: n_k × n_q each, 4×)
    double w = n * (4 * d * d + 2 * d * double(c.d_mlp)) + 2 * d * n * nk + 4 * H * n * nk + 4 * d * n;
    if (cross) w += n * 2 * d * d + 2 * d * n * nz + 4 * H * n * nz;
    return w;
  };
  double cost = double(c.enc_layers) * layer(nz, nz, false) + double(c.dec_layers) * layer(nx, nx, c.is_ed());
  return cost + nx * d * double(c.vocab_size) + 3 * nx * double(c.vocab_size);  // unembed, softmax, P recorded
}

int64_t trace_memory(const Config& c, const Example& e) {
  const double nx = double(e.x.size()), nz = double(e.z.size()), V = c.vocab_size;
  double floats;
  if (c.variant == Variant::Rnn || c.variant == Variant::RnnSeq2Seq) {  // model_forward's RnnCache, P
    // per position: e, u (G·d_h), an LSTM's gates (G·d_h) and memory, h; with attention per decoder position the
    // query, α over the source and the context, and the keys per source position
    const double dh = c.d_hidden, G = c.gates(), lstm = c.cell == RnnCell::Lstm ? 1 : 0;
    const bool att = c.attention == RnnAttention::Additive;
    floats = (nz + nx) * (c.d_e + G * dh * (1 + lstm) + dh * (1 + lstm)) +
             (att ? nx * (2 * dh + nz) + nz * dh : 0) + 2 * dh + 3 * nx * V;  // (the states before the first)
  } else {
    const double d = c.d_e, H = c.heads;
    auto attention = [&](double n, double nk) {  // the record: Q, out (n), K, V (n_k), the heads' copies, 5 maps
      return 2 * (2 * d * n + 2 * d * nk) + 5 * H * n * nk + 2 * H * n;
    };
    auto layer = [&](double n, bool cross) {  // the lines' values (sub-layer outputs, norms), the statistics
      return attention(n, n) + (cross ? attention(n, nz) : 0) + 6 * d * n + double(c.d_mlp) * n + 6 * n;
    };
    floats = double(c.enc_layers) * layer(nz, false) + double(c.dec_layers) * layer(nx, c.is_ed()) +
             2 * d * (nx + nz) + 3 * nx * V;  // the embeddings, the logits, P and the loss's
  }
  const double bytes = 4.0 * floats;
  return bytes >= 0x1p60 ? int64_t(1) << 60 : int64_t(bytes);  // (2⁶⁰: a caller may still add or double it)
}

}  // namespace gb
