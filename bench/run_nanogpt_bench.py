#!/usr/bin/python3
"""Tiny Shakespeare with nanoGPT's CPU configuration: nanoGPT's own train.py against glassbox-cli, in the same run.

nanoGPT's README trains a character model on a CPU with
  python train.py config/train_shakespeare_char.py --device=cpu --compile=False --eval_iters=20 --log_interval=1
         --block_size=64 --batch_size=12 --n_layer=4 --n_head=4 --n_embd=128 --max_iters=2000
         --lr_decay_iters=2000 --dropout=0.0
(validation loss about 1.88). This script runs exactly that (plus --dtype=float32: no GPU here) from a checkout of
nanoGPT (its data/shakespeare_char/prepare.py makes the split: first 90% train, last 10% validation), then the same
model and schedule by glassbox-cli (AdamW, η 1e-3 warm-up 100 then cosine to 1e-4, weight decay 0.1 on the
matrices, clip 1, batch 12, ℓ_max 64, 2,000 steps; β₂ 0.999 where nanoGPT's config has 0.99), each as a whole
process, alternating, OMP_NUM_THREADS threads for both; nanoGPT evaluates every 250 steps on 20 batches, ours every
250 steps on the whole validation split. It prints both wall times, both final validation losses and the ratio nanoGPT / ours.

Usage: /usr/bin/python3 bench/run_nanogpt_bench.py --nanogpt NANOGPT_CHECKOUT --data tinyshakespeare.txt
       [--cli build/app/cli/glassbox-cli] [--threads 2] [--rounds 1] [--workdir DIR]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

NANOGPT_ARGS = ["config/train_shakespeare_char.py", "--device=cpu", "--compile=False", "--eval_iters=20",
                "--log_interval=1", "--block_size=64", "--batch_size=12", "--n_layer=4", "--n_head=4",
                "--n_embd=128", "--max_iters=2000", "--lr_decay_iters=2000", "--dropout=0.0", "--dtype=float32"]


def run_timed(cmd, cwd, env):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    s = time.perf_counter() - t0
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stdout[-3000:]}")
    return s, p.stdout


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser()
    ap.add_argument("--nanogpt", required=True, help="a checkout of github.com/karpathy/nanoGPT")
    ap.add_argument("--data", required=True, help="tiny Shakespeare's input.txt")
    ap.add_argument("--cli", default=os.path.join(here, "..", "build", "app", "cli", "glassbox-cli"))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--workdir", default=None)
    a = ap.parse_args()
    work = a.workdir or tempfile.mkdtemp(prefix="nanogpt-bench-")
    os.makedirs(work, exist_ok=True)
    ng = os.path.join(work, "nanoGPT")
    if not os.path.exists(ng):
        shutil.copytree(a.nanogpt, ng, ignore=shutil.ignore_patterns(".git"))
    prep = os.path.join(ng, "data", "shakespeare_char")
    shutil.copyfile(a.data, os.path.join(prep, "input.txt"))
    env = dict(os.environ, OMP_NUM_THREADS=str(a.threads))
    subprocess.run([sys.executable, "prepare.py"], cwd=prep, env=env, check=True, stdout=subprocess.DEVNULL)
    cli = os.path.abspath(a.cli)
    init = [cli, "init", "--variant", "decoder-only", "--data", os.path.abspath(a.data), "--max-len", "64",
            "--layers", "4", "--heads", "4", "--d-model", "128", "--d-mlp", "512", "--out",
            os.path.join(work, "ours.safetensors")]
    subprocess.run(init, check=True, env=env, stdout=subprocess.DEVNULL)
    train = [cli, "train", "--model", os.path.join(work, "ours.safetensors"), "--out",
             os.path.join(work, "ours2.safetensors"), "--optimizer", "adamw", "--lr", "0.001", "--weight-decay", "0.1", "--batch-size", "12", "--loss", "mean", "--steps", "2000",
             "--warmup", "100", "--cosine", "--clip", "1", "--eval-every", "250"]
    t_ng, t_ours, v_ng, v_ours = [], [], None, None
    for r in range(a.rounds):
        s, out = run_timed([sys.executable, "train.py"] + NANOGPT_ARGS, ng, env)
        t_ng.append(s)
        vals = re.findall(r"val loss ([0-9.]+)", out)
        v_ng = float(vals[-1]) if vals else float("nan")
        print(f"round {r + 1}: nanoGPT {s:.1f} s, val loss {v_ng:.4f}", flush=True)
        s, out = run_timed(train, work, env)
        t_ours.append(s)
        vals = re.findall(r"validation: loss ([0-9.]+)", out)
        v_ours = float(vals[-1]) if vals else float("nan")
        print(f"round {r + 1}: ours    {s:.1f} s, val loss {v_ours:.4f}", flush=True)
    tn, to = statistics.median(t_ng), statistics.median(t_ours)
    print(f"tiny Shakespeare, 2,000 steps, {a.threads} threads: nanoGPT {tn:.1f} s (val {v_ng:.4f}), "
          f"ours {to:.1f} s (val {v_ours:.4f}): {tn / to:.2f}x")


if __name__ == "__main__":
    main()
