#!/usr/bin/python3
"""Training speed of Glassbox's core next to PyTorch, measured in the same run.

For each config (S, M, L of the core issue) and variant (and the RNN at d_h 256, batch 32, length 64 against
torch's nn.RNN) it runs `glassbox-cli bench --json` (our side, AdamW,
OMP_NUM_THREADS threads) and the PyTorch equivalent built from torch's own layers (AdamW, float32,
torch.set_num_threads(THREADS)), alternating, and prints ms/step, tokens/s and the ratio torch/ours (> 1: we are
faster), and our training GFLOP/s as a share of a 1024² sgemm by the core's library (oneDNN, or Eigen in a
-DGLASSBOX_GEMM=eigen build) and by Eigen, measured in the same process. PyTorch must run on OpenBLAS: Debian's
python3-torch links the generic libblas.so.3, which is the slow reference BLAS unless libopenblas0-openmp (or
-pthread) provides it; the script says which one is loaded and refuses to print ratios against the reference BLAS.

Usage: /usr/bin/python3 bench/run_bench.py [--cli build/app/cli/glassbox-cli] [--configs S,M,L]
       [--variants decoder-only,encoder-decoder] [--threads 2] [--rounds 3]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

CONFIGS = {  # V, T, L, H, d, B (MLP 4d)
    "S": (32, 32, 2, 4, 64, 16),
    "M": (64, 64, 4, 4, 128, 16),
    "L": (256, 128, 4, 8, 256, 8),
    "R": (64, 64, 0, 0, 64, 32),  # the rnn's: d_e 64, d_h RNN_HIDDEN, batch 32, length 64
}
RNN_HIDDEN = 256


def torch_blas():
    with open("/proc/self/maps") as f:
        libs = {line.split()[-1] for line in f if "blas" in line.lower() and "/" in line}
    kind = "openblas" if any("openblas" in l for l in libs) else ("reference" if libs else "unknown")
    return kind, sorted(libs)


def torch_step_ms(variant, cfg, threads, steps, warmup):
    import torch
    import torch.nn as nn
    torch.set_num_threads(threads)
    torch.manual_seed(0)
    V, T, L, H, d, B = cfg
    ed = variant == "encoder-decoder"

    class RnnModel(nn.Module):  # seed 001's network from torch's own nn.RNN (tanh), as ours: embedding, RNN, W_u
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(V, d)
            self.rnn = nn.RNN(d, RNN_HIDDEN, batch_first=True)
            self.unemb = nn.Linear(RNN_HIDDEN, V)

        def forward(self, x, z=None):
            H, _ = self.rnn(self.emb(x))
            return self.unemb(H)

    class Model(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(V, d)
            self.pos = nn.Parameter(torch.randn(T, d) * 0.02)
            if ed:
                self.enc = nn.ModuleList([nn.TransformerEncoderLayer(d, H, 4 * d, 0.0, "relu", batch_first=True)
                                          for _ in range(L)])
                self.dec = nn.ModuleList([nn.TransformerDecoderLayer(d, H, 4 * d, 0.0, "relu", batch_first=True)
                                          for _ in range(L)])
            else:
                self.dec = nn.ModuleList([nn.TransformerEncoderLayer(d, H, 4 * d, 0.0, "gelu", batch_first=True,
                                                                     norm_first=True) for _ in range(L)])
                self.ln = nn.LayerNorm(d)
            self.unemb = nn.Linear(d, V, bias=False)
            self.register_buffer("mask", torch.triu(torch.full((T, T), float("-inf")), 1))

        def forward(self, x, z=None):
            X = self.emb(x) + self.pos
            if ed:
                Z = self.emb(z) + self.pos
                for layer in self.enc:
                    Z = layer(Z)
                for layer in self.dec:
                    X = layer(X, Z, tgt_mask=self.mask)
            else:
                for layer in self.dec:
                    X = layer(X, src_mask=self.mask)
                X = self.ln(X)
            return self.unemb(X)

    m = RnnModel() if variant == "rnn" else Model()
    opt = torch.optim.AdamW(m.parameters(), lr=1e-3, weight_decay=0.0)
    g = torch.Generator().manual_seed(1)
    x = torch.randint(0, V, (B, T), generator=g)
    z = torch.randint(0, V, (B, T), generator=g) if ed else None
    times = []
    for i in range(warmup + steps):
        t0 = time.perf_counter()
        opt.zero_grad(set_to_none=True)
        logits = m(x, z)
        loss = nn.functional.cross_entropy(logits[:, :-1].reshape(-1, V), x[:, 1:].reshape(-1))
        loss.backward()
        opt.step()
        if i >= warmup:
            times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1e3


def torch_in_child(variant, cname, threads, steps, warmup):
    """PyTorch in its own process, so no thread pool of it lingers while ours runs (and vice versa)."""
    out = subprocess.check_output([sys.executable, os.path.abspath(__file__), "--torch-child", variant, cname,
                                   str(threads), str(steps), str(warmup)])
    return float(out.decode().strip().splitlines()[-1])


def ours(cli, variant, config, threads, steps, warmup, gemm):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    out = subprocess.check_output([cli, "bench", "--variant", variant, "--config", config, "--steps", str(steps),
                                   "--warmup", str(warmup), "--gemm", str(gemm), "--json"], env=env)
    return json.loads(out)


def main():
    ap = argparse.ArgumentParser()
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--cli", default=os.path.join(here, "..", "build", "app", "cli", "glassbox-cli"))
    ap.add_argument("--configs", default="S,M,L")
    ap.add_argument("--variants", default="decoder-only,encoder-decoder,rnn",
                    help="the rnn runs its own config R (d_h 256, batch 32, length 64) whatever --configs says")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3, help="alternate ours/torch this many times; medians reported")
    ap.add_argument("--torch-child", nargs=5, metavar=("VARIANT", "CONFIG", "THREADS", "STEPS", "WARMUP"),
                    help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.torch_child:
        v, c, th, st, wu = a.torch_child
        print(torch_step_ms(v, CONFIGS[c], int(th), int(st), int(wu)))
        return

    import torch
    kind, libs = torch_blas()
    print(f"torch {torch.__version__}, BLAS: {kind} ({', '.join(libs) or 'none found'}), {a.threads} threads")
    if kind != "openblas":
        print("PyTorch is not running on OpenBLAS: `apt-get install libopenblas0-openmp` first. "
              "Refusing to report ratios against the reference BLAS.")
        sys.exit(2)

    rows = []
    for variant in a.variants.split(","):
        for cname in (["R"] if variant == "rnn" else a.configs.split(",")):
            cfg = CONFIGS[cname]
            steps = {"S": 30, "M": 12, "L": 6, "R": 12}[cname]
            o_ms, t_ms, o_last = [], [], None
            for r in range(a.rounds):
                o_last = ours(a.cli, variant, cname, a.threads, steps, 3, 1024 if r == 0 else 0)
                if r == 0:  # the reference products, measured in the same process as the first round
                    gemm, eigen_gemm, library = (o_last["gemm_gflops"], o_last["eigen_gemm_gflops"],
                                                 o_last["gemm_library"])
                o_ms.append(o_last["ms_per_step"])
                t_ms.append(torch_in_child(variant, cname, a.threads, steps, 3))
            V, T, L, H, d, B = cfg
            tokens = B * T * (2 if variant == "encoder-decoder" else 1)
            om, tm = statistics.median(o_ms), statistics.median(t_ms)
            row = dict(variant=variant, config=cname, ours_ms=om, torch_ms=tm, ratio=tm / om,
                       ours_tok_s=tokens / om * 1e3, torch_tok_s=tokens / tm * 1e3,
                       ours_gflops=o_last["train_gflops"] * o_last["ms_per_step"] / om,
                       peak_rss_mb=o_last["peak_rss_mb"], allocations_per_step=o_last["allocations_per_step"])
            row.update(gemm_gflops=gemm, eigen_gemm_gflops=eigen_gemm, gemm_library=library)
            rows.append(row)
            print(f"{variant:16s} {cname}: ours {om:8.2f} ms/step {row['ours_tok_s']:9.0f} tok/s | "
                  f"torch {tm:8.2f} ms/step {row['torch_tok_s']:9.0f} tok/s | ratio {row['ratio']:.2f}x | "
                  f"{row['ours_gflops']:.0f} GFLOP/s"
                  + f" ({100 * row['ours_gflops'] / gemm:.0f}% of {library}'s sgemm {gemm:.0f}, "
                  f"{100 * row['ours_gflops'] / eigen_gemm:.0f}% of Eigen's {eigen_gemm:.0f})"
                  + f" | peak RSS {row['peak_rss_mb']:.0f} MB, {row['allocations_per_step']:.0f} allocs/step",
                  flush=True)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
