#!/usr/bin/python3
"""Continue training a Glassbox model with PyTorch's DistributedDataParallel, then look inside it in Glassbox.

    torchrun --standalone --nproc_per_node 2 python/glassbox_ddp.py \\
        --model made-in-glassbox.safetensors --data DATA --out bigger.safetensors --steps 200
    glassbox bigger.safetensors        # attention, decoding, the training curve: one curve, both parts

DATA is what glassbox-cli train reads: JSON Lines of ids, or a text file through the model's tokenizer
(decoder-only). Every step takes --batch-size examples in all, split over the processes; the loss is the mean over
the batch's predicted tokens (glassbox-cli train --loss mean), and every process scales its part so the gradient
DDP averages is exactly that mean's gradient — two processes compute the same steps as one. CPUs use gloo, GPUs
nccl (--backend, default: nccl when CUDA is there). The loss of every step is appended to the history the model
came with, numbered on from its last step.
"""
import argparse
import json
import math
import os
import sys
import threading

import torch
import torch.distributed as dist
from torch.nn.parallel import DistributedDataParallel as DDP

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import glassbox_torch as gt  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--model", required=True, help="Glassbox model file to start from")
    ap.add_argument("--data", required=True, help="JSON Lines of ids, or a text file (decoder-only, tokenizer)")
    ap.add_argument("--out", required=True, help="model file to write (rank 0)")
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--batch-size", type=int, default=32, help="examples per step over all processes")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--weight-decay", type=float, default=0.0, help="AdamW weight decay on matrices")
    ap.add_argument("--warmup", type=int, default=0, help="linear warm-up steps")
    ap.add_argument("--clip", type=float, default=1.0, help="clip the global gradient norm (0 = off)")
    ap.add_argument("--seed", type=int, default=0, help="data order")
    ap.add_argument("--backend", choices=("gloo", "nccl"), default=None)
    a = ap.parse_args()

    backend = a.backend or ("nccl" if torch.cuda.is_available() else "gloo")
    dist.init_process_group(backend)
    rank, world = dist.get_rank(), dist.get_world_size()
    if backend == "nccl":
        local = int(os.environ.get("LOCAL_RANK", 0))
        torch.cuda.set_device(local)
        device = torch.device("cuda", local)
    else:
        device = torch.device("cpu")
        torch.set_num_threads(max(1, (os.cpu_count() or 1) // world))

    model, tok, config = gt.load(a.model, device=device)
    examples, kind = gt.read_examples(a.data, config, tok)
    if not examples:
        raise SystemExit(f"{a.data}: no examples")
    if a.batch_size < world:
        raise SystemExit(f"--batch-size {a.batch_size} is smaller than the {world} processes")
    model.train()
    ddp = DDP(model)  # broadcasts rank 0's parameters; averages gradients in backward
    decay = [p for n, p in model.named_parameters() if p.dim() >= 2]
    rest = [p for n, p in model.named_parameters() if p.dim() < 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": a.weight_decay},
                             {"params": rest, "weight_decay": 0.0}], lr=a.lr)
    if rank == 0:
        print(f"glassbox_ddp: world size {world} ({backend}), {len(examples)} examples ({kind}), "
              f"{len(model.history)} steps in the history so far", flush=True)

    def targets(seqs):  # predicted positions of one example: ℓ − 1
        return len(seqs[-1]) - 1

    order, pos, epoch = [], 0, 0
    for step in range(a.steps):
        batch = []
        while len(batch) < a.batch_size:  # the same global batch on every process: one seeded order per epoch
            if pos == len(order):
                g = torch.Generator().manual_seed(a.seed * 1000003 + epoch)
                order, pos, epoch = torch.randperm(len(examples), generator=g).tolist(), 0, epoch + 1
            batch.append(examples[order[pos]])
            pos += 1
        mine = batch[rank::world]
        tokens = max(1, sum(targets(s) for s in batch))  # a batch of one-token sequences predicts nothing
        lr = a.lr * min(1.0, (step + 1) / a.warmup) if a.warmup > 0 else a.lr
        for group in opt.param_groups:
            group["lr"] = lr
        opt.zero_grad(set_to_none=True)
        # J = (Σ over my examples' tokens of −log P) · world / all tokens: DDP's average over the processes is
        # then the gradient of the global mean loss, whatever the lengths.
        part = sum(ddp(*s)[:-1].gather(1, torch.as_tensor(s[-1][1:], device=device).unsqueeze(1)).sum()
                   for s in mine)
        J = -part * (world / tokens)
        J.backward()
        if a.clip > 0:
            torch.nn.utils.clip_grad_norm_(model.parameters(), a.clip)
        opt.step()
        total = J.detach() / world
        dist.all_reduce(total)  # the global mean loss of this step's forward pass, before its update
        if rank == 0:
            s = model.log_step(total.item(), lr)
            if step == 0 or (step + 1) % max(1, a.steps // 10) == 0 or step + 1 == a.steps:
                print(f"step {s} (torch {step + 1}/{a.steps}) loss {total.item():.6f}", flush=True)

    if rank == 0:
        model.extra["glassbox.data"] = json.dumps({"kind": "file", "path": os.path.abspath(a.data),
                                                   "format": kind, **({"val_fraction": 0.1} if kind == "text" else {})})
        gt.save(ddp, a.out)
        print(f"wrote {a.out}: {len(model.history)} steps in its history", flush=True)
    # gloo's last barrier and teardown now and then never return (torch 1.13: a rank's socket thread spins once its
    # peer has closed its end, pytorch/pytorch#75097; met here: "wrote …", then a hang and a process at 100 % CPU —
    # in the teardown; once more on a fresh clone, where it is not known whether in the barrier before it, so the
    # barrier is guarded too). Rank 0 has written everything before the barrier, so a barrier and teardown that have
    # not ended within 30 s end with the process.
    torn_down = threading.Event()
    threading.Thread(target=lambda: (dist.barrier(), dist.destroy_process_group(), torn_down.set()),
                     daemon=True).start()
    if not torn_down.wait(30):
        print(f"glassbox_ddp: rank {rank}: the last barrier or the teardown did not end; exiting", file=sys.stderr,
              flush=True)
        sys.stdout.flush()
        os._exit(0)


if __name__ == "__main__":
    main()
