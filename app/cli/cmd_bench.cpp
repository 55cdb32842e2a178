// bench: training speed of the core on the configs of the core issue (S, M, L), one variant at a time, plus the
// GFLOP/s of a large single-precision matrix product measured in the same process. bench/run_bench.py runs this
// next to the PyTorch equivalent and prints the ratios; this command alone prints our side.
#include "args.h"
#include "commands.h"

#include "core/io/json_util.h"
#include "core/model/matmul.h"
#include "core/model/params.h"
#include "core/rng.h"
#include "core/decode/session.h"
#include "core/families/hmm/hmm.h"
#include "core/family.h"
#include "core/text/prepare.h"
#include "core/train/trainer.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <tuple>
#include <new>
#ifdef _OPENMP
#include <omp.h>
#endif

#include "alloc_count.h"

namespace gbcli {

struct BenchConfig {
  const char* name;
  int V, T, L, H, d, B;
};
static const BenchConfig kConfigs[] = {
    {"S", 32, 32, 2, 4, 64, 16},
    {"M", 64, 64, 4, 4, 128, 16},
    {"L", 256, 128, 4, 8, 256, 8},
    {"R", 64, 64, 0, 0, 64, 32},  // the RNN's (--variant rnn): d_e = 64, d_h = kRnnHidden, batch 32, length 64
};
constexpr int kRnnHidden = 256;

// Multiply-adds ×2 of one training step (forward + backward ≈ 3 × forward for the matrix products).
static double training_flops(const gb::Config& c, int B, int T, int S) {
  const double d = c.d_e, m = c.d_mlp, V = c.vocab_size;
  const double tx = double(B) * T, tz = double(B) * S;
  auto layer = [&](double tokens, double keys_per_query, bool cross) {
    double f = 2 * tokens * (4 * d * d + 2 * d * m);     // Q, K, V, O and the MLP
    f += 2 * 2 * tokens * keys_per_query * d;            // Kᵀ Q and V A
    if (cross) f += 2 * (tokens * 2 * d * d + tz * 2 * d * d) + 2 * 2 * tokens * S * d;
    return f;
  };
  double fwd = 2 * tx * d * V;  // W_u X
  if (c.is_ed()) fwd += c.enc_layers * layer(tz, S, false) + c.dec_layers * layer(tx, T, true);
  else fwd += c.dec_layers * layer(tx, T, false);
  return 3 * fwd;
}

// Peak resident memory of this process (VmHWM; unlike ru_maxrss it is not inherited from a parent across exec).
static double peak_rss_mb() {
  std::FILE* f = std::fopen("/proc/self/status", "r");
  if (!f) return 0;
  char line[256];
  double kb = 0;
  while (std::fgets(line, sizeof line, f))
    if (std::sscanf(line, "VmHWM: %lf kB", &kb) == 1) break;
  std::fclose(f);
  return kb / 1024.0;
}

static double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// GFLOP/s of an n × n × n single-precision product, the best of reps (and of half a second): through the core's product (gb::gemm, the
// library it was built with) or Eigen's own.
static double gemm_gflops(int n, int reps, bool eigen = false) {
  gb::MatF a = gb::MatF::Random(n, n), b = gb::MatF::Random(n, n), c(n, n);
  auto product = [&] {
    if (eigen)
      c.noalias() = a * b;
    else
      gb::gemm<float>(c, a, gb::kN, b, gb::kN);
  };
  product();  // warm-up
  double best = 1e30;
  const double start = now_s();
  for (int r = 0; r < reps || now_s() - start < 0.5; ++r) {  // at least half a second: a busy moment passes
    const double t0 = now_s();
    product();
    best = std::min(best, now_s() - t0);
  }
  return 2.0 * n * n * double(n) / best / 1e9;
}

// The products of one training step, each timed alone: what the step would take if it did nothing but its matrix
// products at the speed the library reaches on those shapes — the bound on the training's GFLOP/s that no removal
// of overhead can pass. A product the step ran inside a parallel region (the trainer's shards, the attention's
// heads: one thread each) is timed so, the threads sharing its calls; the others with the threads the step had.
struct StepProducts {
  int calls = 0;
  double flops = 0;   // 2 m n k summed over the float products
  double seconds = 0; // the best of three timings of them all
};
static StepProducts time_step_products(gb::Trainer& t) {
  struct Recorder {
    std::mutex m;
    std::vector<gb::GemmCall> calls;
  } rec;
  gb::set_gemm_observer(
      [](const gb::GemmCall& c, void* user) {
        auto* r = static_cast<Recorder*>(user);
        std::lock_guard<std::mutex> lock(r->m);
        r->calls.push_back(c);
      },
      &rec);
  t.step();
  gb::set_gemm_observer(nullptr, nullptr);
  using Key = std::tuple<int, int, int, bool, bool, bool, bool>;
  std::map<Key, int> shapes;
  for (const gb::GemmCall& c : rec.calls)
    if (c.single) ++shapes[Key{c.m, c.n, c.k, c.transpose_a, c.transpose_b, c.add, c.in_parallel}];
  StepProducts out;
  for (const auto& [key, count] : shapes) {
    const auto [m, n, k, ta, tb, add, parallel] = key;
    out.calls += count;
    out.flops += 2.0 * m * n * double(k) * count;
    int threads = 1;
#ifdef _OPENMP
    threads = omp_get_max_threads();
#endif
    // the operands, made before the timing (each thread its own C)
    const gb::MatF a = gb::MatF::Random(ta ? k : m, ta ? m : k), b = gb::MatF::Random(tb ? n : k, tb ? k : n);
    std::vector<gb::MatF> cs(size_t(threads), gb::MatF::Zero(m, n));
    auto run = [&, add = add, ta = ta, tb = tb](int calls, int me) {
      gb::MatF& c = cs[size_t(me)];
      for (int i = 0; i < calls; ++i)
        if (add)
          gb::gemm_add<float>(c, a, ta, b, tb);
        else
          gb::gemm<float>(c, a, ta, b, tb);
    };
    double best = 1e30;
    for (int r = 0; r < 4; ++r) {  // (the first warms the caches and the library's kernels)
      const double t0 = now_s();
#ifdef _OPENMP
      if (parallel) {
#pragma omp parallel num_threads(threads)
        {
          const int me = omp_get_thread_num();
          run(count / threads + (me < count % threads ? 1 : 0), me);
        }
      } else {
        run(count, 0);
      }
#else
      (void)parallel;
      run(count, 0);
#endif
      if (r > 0) best = std::min(best, now_s() - t0);
    }
    out.seconds += best;
  }
  return out;
}

const std::vector<OptionSpec> kBenchSpecs = {
    {"variant", true, "decoder-only | encoder-decoder | rnn (default decoder-only)"},
    {"config", true, "S | M | L (default S); the rnn's: R (d_e 64, d_h 256, batch 32, length 64)"},
    {"steps", true, "timed steps (default: 30 for S, 15 for M, 8 for L)"},
    {"warmup", true, "untimed steps first (default 3)"},
    {"json", false, "print one JSON object"},
    {"gemm", true, "size of the reference matrix product (default 1024; 0 = skip)"},
    {"decode", false, "time decoding instead: ms per new token with and without the KV cache, prefixes 16/64/256, config M"},
    {"em", true, "time EM instead: seconds per Baum–Welch iteration of a discrete HMM over this text file's ℓ_max = 64 "
                 "character windows"},
    {"states", true, "--em: the HMM's K (default 64)"},
    {"help", false, "show this help"},
};
const char* const kBenchSynopsis =
    "glassbox-cli bench [--variant V] [--config S|M|L] [--steps N] [--json]";

// Decoding speed: ms per new token with and without the cache, for prefixes of 16, 64 and 256 tokens.
static int bench_decode(gb::Variant v, bool json) {
  const bool ed = v == gb::Variant::EncoderDecoder;
  const BenchConfig& bc = kConfigs[1];  // M
  gb::Config c = gb::Config::make(v, bc.V, 512, ed ? bc.L : 0, bc.L, bc.H, bc.d, 4 * bc.d);
  const gb::Params<float> p = gb::params_init(c, 1);
  gb::Rng rng(2);
  std::vector<int> source;
  if (ed)
    for (int i = 0; i < bc.T; ++i) source.push_back(int(rng.below(uint64_t(bc.V))));
  gb::Json rows = gb::Json::array();
  for (int prefix : {16, 64, 256}) {
    std::vector<int> x;
    for (int i = 0; i < prefix; ++i) x.push_back(int(rng.below(uint64_t(bc.V))));
    double ms[2];
    for (int cached = 1; cached >= 0; --cached) {
      const int n = cached ? 48 : 8;
      auto s = gb::DecodeSession::create(c, p, source, x, {cached == 1, false});
      if (!s) return fail("bench", s.error().message);
      gb::Rng r(3);
      std::vector<double> t;
      for (int i = 0; i < n; ++i) {
        const double t0 = now_s();
        auto st = s->step({0.0, 0, 1.0}, r);
        t.push_back(now_s() - t0);
        if (!st) return fail("bench", st.error().message);
      }
      std::sort(t.begin(), t.end());
      ms[cached] = t[t.size() / 2] * 1e3;
    }
    rows.push_back({{"prefix", prefix}, {"cached_ms", ms[1]}, {"uncached_ms", ms[0]}});
    if (!json)
      std::printf("%s M, prefix %3d: %7.3f ms/token with the cache, %8.3f ms/token recomputing (%.1fx)\n",
                  gb::variant_name(v), prefix, ms[1], ms[0], ms[0] / ms[1]);
  }
  if (json) std::printf("%s\n", gb::Json{{"variant", gb::variant_name(v)}, {"decode", rows}}.dump().c_str());
  return 0;
}

// One EM iteration of a K-state discrete HMM over a text's 64-character windows (the target: ≤ 1 s for K = 64 over
// tiny Shakespeare on two cores), with the same run's single-precision GEMM rate as the reference: the E-step's
// products (T ᾱ, Tᵀ w, the expected transitions, the predictions E T ᾱ) as a share of what a large product does.
static int bench_em(const std::string& path, int K, int iterations, int gemm_n, bool json) {
  gb::PrepareOptions po;
  po.variant = gb::Variant::Hmm;
  po.max_len = 64;
  po.val_fraction = 0.0;
  auto d = gb::prepare_file(path, po);
  if (!d) return fail("bench", d.error().message);
  gb::Config c = gb::family_config(gb::Variant::Hmm, d->tokenizer.size(), 64);
  c.states = K;
  if (auto e = c.validate()) return fail("bench", e->message, 2);
  gb::Params<float> p = gb::params_init(c, 1);
  int64_t tokens = 0;
  for (const gb::Example& e : d->train) tokens += int64_t(e.x.size());
  if (!gb::hmm_em_step(p.hmm, d->train)) return fail("bench", "cancelled");  // (warm-up: pages, threads)
  std::vector<double> t;
  for (int i = 0; i < iterations; ++i) {
    const double t0 = now_s();
    if (!gb::hmm_em_step(p.hmm, d->train)) return fail("bench", "cancelled");
    t.push_back(now_s() - t0);
  }
  std::sort(t.begin(), t.end());
  const double s = t[t.size() / 2], V = c.vocab_size;
  const double gflops = double(tokens) * (3 * 2.0 * K * K + 2.0 * V * K) / s / 1e9;
  const double gemm = gemm_n > 0 ? gemm_gflops(gemm_n, 5) : 0.0;
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  if (json)
    std::printf("%s\n", gb::Json{{"em_seconds", s}, {"tokens", tokens}, {"sequences", d->train.size()}, {"states", K},
                                 {"vocab", c.vocab_size}, {"em_gflops", gflops}, {"gemm_gflops", gemm},
                                 {"threads", threads}}.dump().c_str());
  else
    std::printf("EM, K = %d, |V| = %d: %.3f s per iteration (median of %d) over %lld tokens in %zu windows, %.1f "
                "GFLOP/s in its products; sgemm %d² %.1f GFLOP/s (ratio %.2f), %d threads\n",
                K, c.vocab_size, s, iterations, (long long)tokens, d->train.size(), gflops, gemm_n, gemm,
                gemm > 0 ? gflops / gemm : 0.0, threads);
  return 0;
}

int cmd_bench(int argc, char** argv) {
  const char* cmd = "bench";
  auto args = Args::parse(argc, argv, 2, kBenchSpecs);
  if (!args) return fail(cmd, args.error().message, 2);
  if (args->has("help")) {
    std::fputs(usage_text(kBenchSynopsis, kBenchSpecs).c_str(),
               stdout);
    return 0;
  }
  auto variant = gb::parse_variant(args->get("variant").value_or("decoder-only"));
  if (!variant) return fail(cmd, variant.error().message, 2);
  const bool rnn = *variant == gb::Variant::Rnn;
  if (*variant != gb::Variant::EncoderDecoder && *variant != gb::Variant::DecoderOnly && !rnn)
    return fail(cmd, "--variant: bench measures the transformers (encoder-decoder | decoder-only) and the rnn", 2);
  const std::string cname = args->get("config").value_or(rnn ? "R" : "S");
  const BenchConfig* bc = nullptr;
  for (const auto& k : kConfigs)
    if (cname == k.name && (cname == "R") == rnn) bc = &k;
  if (!bc) return fail(cmd, rnn ? "--config: the rnn's is R" : "--config: expected S, M or L, got '" + cname + "'", 2);
  auto steps = args->get_int("steps", bc->name[0] == 'S' ? 30 : bc->name[0] == 'L' ? 8 : 15, 1, 100000);
  auto warmup = args->get_int("warmup", 3, 0, 1000);
  auto gemm_n = args->get_int("gemm", 1024, 0, 8192);
  if (!steps) return fail(cmd, steps.error().message, 2);
  if (!warmup) return fail(cmd, warmup.error().message, 2);
  if (!gemm_n) return fail(cmd, gemm_n.error().message, 2);

  if (args->has("decode")) return bench_decode(*variant, args->has("json"));
  if (auto em = args->get("em")) {
    auto k = args->get_int("states", 64, 1, 1024);
    if (!k) return fail(cmd, k.error().message, 2);
    return bench_em(*em, int(*k), args->has("steps") ? int(*steps) : 5, int(*gemm_n), args->has("json"));
  }
  const bool ed = *variant == gb::Variant::EncoderDecoder;
  gb::Config c = gb::Config::make(*variant, bc->V, bc->T, ed ? bc->L : 0, bc->L, bc->H, bc->d, 4 * bc->d);
  if (rnn) {  // seed 001's network at PyTorch's nn.RNN sizes (bench/run_bench.py builds the same)
    c = gb::family_config(gb::Variant::Rnn, bc->V, bc->T);
    c.d_e = bc->d;
    c.d_hidden = kRnnHidden;
  }
  gb::Rng rng(1);
  std::vector<gb::Example> data;
  for (int i = 0; i < bc->B * 4; ++i) {
    gb::Example e;
    for (int t = 0; t < bc->T; ++t) e.x.push_back(int(rng.below(uint64_t(bc->V))));
    if (ed)
      for (int t = 0; t < bc->T; ++t) e.z.push_back(int(rng.below(uint64_t(bc->V))));
    data.push_back(std::move(e));
  }
  gb::Params<float> p = gb::params_init(c, 1);
  gb::TrainOptions o;
  o.opt.kind = gb::OptimizerKind::AdamW;
  o.opt.lr = 1e-3f;
  o.batch_size = bc->B;
  o.loss = gb::LossKind::Mean;
  o.shuffle = false;
  o.steps = int(*warmup + *steps);
  gb::PlanRequest req;
  req.config = &c;
  req.params = &p;
  req.data = &data;
  req.options = o;
  auto plan = gb::plan_training(req);
  if (!plan) return fail("bench", plan.error().message);
  gb::Trainer t(*plan, p);
  for (int i = 0; i < *warmup; ++i) t.step();
  std::vector<double> times;
  times.reserve(size_t(*steps));
  long long allocs_before = gbcli::allocation_count();
  for (int i = 0; i < *steps; ++i) {
    const double t0 = now_s();
    t.step();
    times.push_back(now_s() - t0);
  }
  const double allocs_per_step = double(gbcli::allocation_count() - allocs_before) / double(*steps);
  std::sort(times.begin(), times.end());
  const double median = times[times.size() / 2];
  const double tokens = double(bc->B) * bc->T * (ed ? 2 : 1);
  const double flops = rnn ? 3 * 2 * double(bc->B) * bc->T *
                                 (double(c.d_hidden) * c.d_e + double(c.d_hidden) * c.d_hidden +
                                  double(c.vocab_size) * c.d_hidden)
                           : training_flops(c, bc->B, bc->T, ed ? bc->T : 0);
  const double peak_mb = peak_rss_mb();
  const StepProducts products = time_step_products(t);
  const double gemm = *gemm_n > 0 ? gemm_gflops(int(*gemm_n), 5) : 0.0;
  const double eigen_gemm = *gemm_n > 0 ? gemm_gflops(int(*gemm_n), 5, true) : 0.0;
  int threads = 1;
#ifdef _OPENMP
  threads = omp_get_max_threads();
#endif
  const double step_gflops = flops / median / 1e9;
  // the step's products alone: their own GFLOP/s, and the training's GFLOP/s (by its count of multiply-adds) were
  // the step nothing but them
  const double products_gflops = products.seconds > 0 ? products.flops / products.seconds / 1e9 : 0.0;
  const double bound_gflops = products.seconds > 0 ? flops / products.seconds / 1e9 : 0.0;
  if (args->has("json")) {
    gb::Json j{{"variant", gb::variant_name(c.variant)}, {"config", bc->name}, {"ms_per_step", median * 1e3},
               {"min_ms_per_step", times.front() * 1e3}, {"tokens_per_s", tokens / median},
               {"train_gflops", step_gflops}, {"gemm_gflops", gemm}, {"gemm_library", gb::gemm_library()},
               {"eigen_gemm_gflops", eigen_gemm}, {"gemm_n", *gemm_n},
               {"peak_rss_mb", peak_mb}, {"allocations_per_step", allocs_per_step}, {"threads", threads},
               {"params", gb::params_count(c)}, {"products_calls", products.calls},
               {"products_gflop", products.flops / 1e9}, {"products_ms", products.seconds * 1e3},
               {"products_gflops", products_gflops}, {"bound_gflops", bound_gflops}};
    std::printf("%s\n", j.dump().c_str());
  } else {
    std::printf("%s %s: %.2f ms/step (min %.2f), %.0f tokens/s, %.1f GFLOP/s training; sgemm %lld²: %s %.1f GFLOP/s "
                "(training at %.0f%%), Eigen %.1f GFLOP/s (%.0f%%); peak RSS %.0f MB, %.1f allocations/step, "
                "%d threads\n",
                gb::variant_name(c.variant), bc->name, median * 1e3, times.front() * 1e3, tokens / median,
                step_gflops, (long long)*gemm_n, gb::gemm_library(), gemm, gemm > 0 ? 100 * step_gflops / gemm : 0.0,
                eigen_gemm, eigen_gemm > 0 ? 100 * step_gflops / eigen_gemm : 0.0, peak_mb, allocs_per_step,
                threads);
    std::printf("  its %d matrix products alone: %.2f ms (%.0f%% of the step), %.1f GFLOP/s on their shapes "
                "(%.0f%% of the sgemm); a step of nothing but them: %.1f GFLOP/s training (%.0f%% of the sgemm)\n",
                products.calls, products.seconds * 1e3, 100 * products.seconds / median, products_gflops,
                gemm > 0 ? 100 * products_gflops / gemm : 0.0, bound_gflops, gemm > 0 ? 100 * bound_gflops / gemm : 0.0);
  }
  return 0;
}

}  // namespace gbcli
