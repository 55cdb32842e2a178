// memory.cpp — the estimates of memory.h, and what the process can still get (Linux: /proc, cgroup v2, rlimit).
#include "core/train/memory.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/model/params.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <sys/resource.h>
#include <unistd.h>

namespace gb {

namespace {

constexpr double kFloat = double(sizeof(float));

// "Key:   1234 kB" in a /proc file, in bytes; -1 when absent.
int64_t proc_kb(const char* file, const std::string& key) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line))
    if (line.compare(0, key.size(), key) == 0 && line.size() > key.size() && line[key.size()] == ':') {
      std::istringstream s(line.substr(key.size() + 1));
      int64_t kb = -1;
      s >> kb;
      return kb >= 0 ? kb * 1024 : -1;
    }
  return -1;
}

// A number in a one-line file ("max" or missing: -1).
int64_t file_number(const std::string& path) {
  std::ifstream in(path);
  std::string word;
  if (!(in >> word) || word == "max") return -1;
  try {
    return std::stoll(word);
  } catch (...) {
    return -1;
  }
}

// This process's cgroup (v2: the line "0::/path" of /proc/self/cgroup).
std::string cgroup_dir() {
  std::ifstream in("/proc/self/cgroup");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("0::", 0) == 0) return "/sys/fs/cgroup" + line.substr(3);
  return {};
}

}  // namespace

// In doubles, then clamped: the largest sizes a config allows (ℓ_max 65536, 256 layers, a batch of 2^20) would
// overflow 64-bit integers, and an estimate of "more than there is" is all that is needed then.
static int64_t saturate(double bytes) {
  constexpr double kMax = 9.0e18;
  return bytes >= kMax ? int64_t(kMax) : int64_t(bytes);
}

MemoryEstimate training_memory(const Config& c, const TrainOptions& o, int threads, int longest_x, int longest_z) {
  const double P = double(params_count(c));
  const double T = std::max(longest_x > 0 ? std::min(longest_x, c.max_len) : c.max_len,
                            longest_z > 0 ? std::min(longest_z, c.max_len) : 0);
  const double d = c.d_e, m = c.d_mlp, H = c.heads, V = c.vocab_size;
  const int batch = std::max(1, o.batch_size);
  const double shards = std::max(1, std::min(threads, batch));
  const double N = double(batch) * T;  // columns of a batch of the longest sequences (all shards)
  // per sub-layer cache: x, u, f, s, x̂ and (attention) Q, K, V, Yc and their gradients; A, S and dA are T × H·T
  const double attn = 13 * d * N + 3 * H * T * N;
  const double mlp = 5 * d * N + 3 * m * N;
  const double per_dec_layer = attn + (c.is_ed() ? attn : 0) + mlp;
  const double per_enc_layer = c.is_ed() ? attn + mlp : 0;
  MemoryEstimate e;
  e.parameters = saturate(kFloat * P);
  e.gradients = saturate(kFloat * (shards * P + P));  // ∇J per shard, Δθ
  e.optimizer = o.opt.kind == OptimizerKind::AdamW ? saturate(kFloat * 2 * P) : 0;
  e.activations = saturate(kFloat * (c.dec_layers * per_dec_layer + c.enc_layers * per_enc_layer +
                                     (6 + 4) * d * N + 3 * V * N +  // embeddings, workspace, final norm; logits
                                     (3 + 2 * c.gates() + (c.cell == RnnCell::Lstm ? 7 : 0)) *
                                         double(c.d_hidden) * N *  // an RNN's states: u, h, ∂h, ∂u, h_{j−1} (an
                                         (c.variant == Variant::RnnSeq2Seq ? 2 : 1) +  // LSTM's gates, m, ∂m; an encoder's too)
                                     (c.attention == RnnAttention::Additive ? 4 * double(c.d_hidden) * N + T * N : 0) +
                                     2 * 4 * double(c.states) * N +   // an HMM's ᾱ, γ, W (doubles) per position,
                                     2 * double(c.states) * (c.mixtures + 3) * N +  // hmm-gmm's log densities
                                     2 * 2 * (shards + 2) * double(c.states) * (V + c.states)));  // its counts
  return e;
}

MemoryEstimate model_memory(const Config& c) {
  TrainOptions o;
  o.batch_size = 1;
  o.opt.kind = OptimizerKind::AdamW;
  return training_memory(c, o, 1);
}

int64_t available_memory_bytes() {
  int64_t best = proc_kb("/proc/meminfo", "MemAvailable");
  if (best < 0) {
    const long pages = sysconf(_SC_AVPHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    best = pages > 0 && page > 0 ? int64_t(pages) * int64_t(page) : -1;
  }
  auto take = [&best](int64_t v) {
    if (v >= 0) best = best < 0 ? v : std::min(best, v);
  };
  if (const std::string cg = cgroup_dir(); !cg.empty()) {
    const int64_t max = file_number(cg + "/memory.max"), used = file_number(cg + "/memory.current");
    if (max >= 0) take(std::max<int64_t>(0, max - std::max<int64_t>(0, used)));
  }
  struct rlimit lim {};
  if (::getrlimit(RLIMIT_AS, &lim) == 0 && lim.rlim_cur != RLIM_INFINITY) {
    const int64_t mapped = std::max<int64_t>(0, proc_kb("/proc/self/status", "VmSize"));
    take(std::max<int64_t>(0, int64_t(lim.rlim_cur) - mapped));
  }
  return best < 0 ? 0 : std::max<int64_t>(1, best);  // known: at least a byte, so 0 keeps meaning unknown
}

std::string megabytes(int64_t bytes) { return std::to_string((bytes + (1 << 20) - 1) >> 20); }

Status check_memory(ErrorCode code, int64_t need, int64_t cap) {
  int64_t limit = available_memory_bytes();
  if (cap > 0) limit = limit > 0 ? std::min(limit, cap) : cap;
  if (limit > 0 && need > limit) return Error(code, {{"need", megabytes(need)}, {"limit", megabytes(limit)}});
  return std::nullopt;
}

int training_threads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

Status check_run_memory(const Config& c, const TrainOptions& o, const std::vector<Example>& data, int64_t cap,
                        int64_t* need, int64_t beside) {
  int longest_x = 0, longest_z = 0;
  for (const Example& e : data) {
    longest_x = std::max({longest_x, int(e.x.size()), int(e.obs.cols())});  // (a family of observations: its steps)
    longest_z = std::max(longest_z, int(e.z.size()));
  }
  const double sum = double(training_bytes(c, o, training_threads(), longest_x, longest_z)) + double(std::max<int64_t>(0, beside));
  const int64_t bytes = sum >= 9.0e18 ? int64_t(9.0e18) : int64_t(sum);
  if (need) *need = bytes;
  return check_memory(ErrorCode::PlanMemory, bytes, cap);
}

}  // namespace gb
