#!/usr/bin/python3
"""Decoding speed of imported Hugging Face models with Glassbox's core next to PyTorch, measured in the same run.

Three measurements (--what marian,gpt2,import), each on checkpoints this script writes itself (F32 model.safetensors
with random normal weights, std 0.02, layer norms 1/0, fixed seeds; generated once in --workdir and reused):

  marian  A Marian-sized translator (opus-mt-en-de's sizes: d_model 512, 6 + 6 layers, 8 heads, FFN 2048, vocab
          58101, max_position_embeddings 512; swish, scale_embedding, static sinusoidal positions, tied output +
          final_logits_bias), decoded as configured: beam search, num_beams 4, bad_words_ids [[pad]],
          forced_eos_token_id 0, max_length 1 + --max-new. A batch of --sentences random sources (lengths 8-20,
          ending with eos 0). Ours: one `glassbox-cli generate --source-ids ... --as-configured --json` per sentence
          (the model file is read each time; only prefill_seconds + seconds count). PyTorch: a transcription of
          MarianMTModel's forward with a KV cache (self-attention K/V appended per step and reordered by beam,
          cross-attention K/V computed once from the encoder output) and of transformers v4.30's beam_search /
          BeamSearchScorer (2*num_beams candidates, eos only from the first num_beams, length_penalty,
          early_stopping, Marian's pad logit -inf before log_softmax, bad words, forced eos at max_length - 1),
          float32, torch.no_grad(), on the SAME weights read from the same file. Target tokens per second (the new
          tokens, the final eos included, over encoder + first step + search); ratio ours/torch (> 1: we are
          faster). PyTorch decodes the decoder start once for batch 1 and expands it to the beams (all beams are
          equal then), and, like Hugging Face, takes no decoder step after the last selection; ours computes one.
          Ours' prefill_seconds, in a fresh process per sentence, also holds the start of its OpenMP thread team
          (from under a millisecond to tens of milliseconds with 2 threads on a busy machine; about 0.3 ms of a
          tiny model's prefill with 1 thread); the search alone is printed too.
  gpt2    A GPT-2-small-sized model (d 768, 12 layers, 12 heads, vocab 50257, n_positions 1024), greedy
          (num_beams 1, do_sample false; eos banned by bad_words_ids so that every run yields --new tokens): ms
          per new token with the KV cache at contexts 16, 256 and 1024 (prompt lengths 16, 256 and 1024 - NEW, so
          the last run ends at position 1023). Ours: "seconds" / new tokens of `generate --ids ... --as-configured
          --json`; PyTorch: GPT-2 (pre-LN, gelu tanh form, final LN, tied lm_head, Conv1D addmm) with a KV cache on
          the same weights; each side's timed loop takes NEW one-token cached steps (ours' last step computes
          logits nobody reads; so does torch's here). Ratio torch_ms / our_ms (> 1: we are faster).
  import  Wall clock of `glassbox-cli import` of the GPT-2-sized folder (~498 MB F32 at full size), median of
          rounds, MB/s of model.safetensors; reference in the same run: numpy reading the same file the way a
          safetensors loader does (np.fromfile of the whole file, header parsed, every tensor viewed, every 2-D
          weight copied transposed), timed inside a fresh Python process (its start-up not counted; ours' is).
          Both read from a warm page cache (the file was just written or read).

Threads: OMP_NUM_THREADS=THREADS for ours, torch.set_num_threads(THREADS) (and OMP_NUM_THREADS) for PyTorch, which
runs in its own process per round (so no thread pool of it lingers while ours runs) after an untimed warm-up;
rounds alternate ours / torch and medians are reported. PyTorch must run on OpenBLAS (Debian's python3-torch links
the generic libblas.so.3, the slow reference BLAS unless libopenblas0-openmp or -pthread provides it); the script
says which one is loaded and refuses to print ratios against the reference BLAS. Tokens of both sides are compared
and reported (random weights can produce near-ties, so a mismatch is reported, not asserted).

Usage: /usr/bin/python3 bench/run_generate_bench.py [--cli build/app/cli/glassbox-cli] [--what marian,gpt2,import]
       [--threads 2] [--rounds 3] [--sentences 8] [--max-new 63] [--new 32] [--contexts 16,256,1024]
       [--workdir DIR] [--quick]
--quick: tiny sizes (d 64, 2 + 2 layers, vocab 1000, ...) for a smoke test of every path.
"""
import argparse
import json
import math
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, "..", "tests", "fixtures", "hf")

SIZES = {
    "full": {
        "marian": dict(d=512, enc=6, dec=6, heads=8, ffn=2048, vocab=58101, max_pos=512, beams=4),
        "gpt2": dict(d=768, layers=12, heads=12, vocab=50257, n_pos=1024),
    },
    "quick": {
        "marian": dict(d=64, enc=2, dec=2, heads=4, ffn=256, vocab=1000, max_pos=64, beams=4),
        "gpt2": dict(d=64, layers=2, heads=4, vocab=1000, n_pos=128),
    },
}
DEFAULTS = {"full": dict(max_new=63, new=32, contexts="16,256,1024"),
            "quick": dict(max_new=20, new=8, contexts="16,64,128")}
STD = 0.02
EPS = 1e-5
SEED = 20240611


sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from run_bench import torch_blas  # noqa: E402  (which BLAS torch runs on: the same check as the training benchmark)


# ------------------------------------------------------------------------------------------------------------------
# safetensors, by hand (8-byte little-endian header length, JSON header, data)
# ------------------------------------------------------------------------------------------------------------------

def write_safetensors(path, specs, make):
    """specs: [(name, shape)] (F32); make(name, shape) -> float32 array. Header and data sorted by name, as the
    safetensors library writes them; the header is padded with spaces to a multiple of 8. Written to path.part
    first, then renamed (a file that exists is complete)."""
    specs = sorted(specs)
    header = {"__metadata__": {"format": "pt"}}
    off = 0
    for name, shape in specs:
        n = 4 * int(np.prod(shape)) if shape else 4
        header[name] = {"dtype": "F32", "shape": list(shape), "data_offsets": [off, off + n]}
        off += n
    hj = json.dumps(header, separators=(",", ":")).encode()
    hj += b" " * ((8 - len(hj) % 8) % 8)
    with open(path + ".part", "wb") as f:
        f.write(struct.pack("<Q", len(hj)))
        f.write(hj)
        for name, shape in specs:
            a = np.ascontiguousarray(make(name, shape), dtype="<f4")
            assert a.shape == tuple(shape), name
            f.write(a.tobytes())
    os.replace(path + ".part", path)


def read_safetensors(path):
    """{name: float32 numpy array (views into one buffer)}."""
    blob = np.fromfile(path, dtype=np.uint8)
    (n,) = struct.unpack("<Q", blob[:8].tobytes())
    header = json.loads(blob[8:8 + n].tobytes())
    data = blob[8 + n:]
    out = {}
    for name, e in header.items():
        if name == "__metadata__":
            continue
        assert e["dtype"] == "F32", name
        b, en = e["data_offsets"]
        out[name] = data[b:en].view("<f4").reshape(e["shape"])
    return out


def sinusoidal_table(n_pos, dim):
    """MarianSinusoidalPositionalEmbedding._init_weight: float64, sin of the even-indexed frequencies in the first
    half of the features, cos in the second half, then float32."""
    j = np.arange(dim)
    enc = np.arange(n_pos)[:, None] / np.power(10000, 2 * (j // 2) / dim)[None, :]
    out = np.empty((n_pos, dim), dtype=np.float32)
    half = dim // 2 if dim % 2 == 0 else dim // 2 + 1
    out[:, :half] = np.sin(enc[:, 0::2])
    out[:, half:] = np.cos(enc[:, 1::2])
    return out


def random_maker(seed, special):
    rng = np.random.default_rng(seed)

    def make(name, shape):
        if name in special:
            return special[name](shape, rng)
        if name.endswith("layer_norm.weight") or ".ln_" in name and name.endswith(".weight") or name == "ln_f.weight":
            return np.ones(shape, dtype=np.float32)
        if name.endswith("layer_norm.bias") or ".ln_" in name and name.endswith(".bias") or name == "ln_f.bias":
            return np.zeros(shape, dtype=np.float32)
        return rng.standard_normal(shape, dtype=np.float32) * np.float32(STD)
    return make


def dump_json(path, obj):
    """Written only when the content changes (import_once compares the times)."""
    text = json.dumps(obj, indent=2) + "\n"
    if os.path.exists(path):
        with open(path) as f:
            if f.read() == text:
                return
    with open(path, "w") as f:
        f.write(text)


def copy_if_changed(src, dst):
    if not (os.path.exists(dst) and os.path.getsize(dst) == os.path.getsize(src)
            and open(src, "rb").read() == open(dst, "rb").read()):
        shutil.copyfile(src, dst)


# ------------------------------------------------------------------------------------------------------------------
# The checkpoint folders
# ------------------------------------------------------------------------------------------------------------------

def marian_folder(workdir, s, max_new):
    tag = "marian-d%d-l%dx%d-h%d-f%d-v%d-p%d" % (s["d"], s["enc"], s["dec"], s["heads"], s["ffn"], s["vocab"],
                                               s["max_pos"])
    d = os.path.join(workdir, tag)
    os.makedirs(d, exist_ok=True)
    V, pad = s["vocab"], s["vocab"] - 1
    with open(os.path.join(FIXTURES, "marian-tiny", "config.json")) as f:
        cfg = json.load(f)
    cfg.update({"_name_or_path": "glassbox/" + tag, "d_model": s["d"], "encoder_layers": s["enc"],
                "decoder_layers": s["dec"], "num_hidden_layers": s["enc"], "encoder_attention_heads": s["heads"],
                "decoder_attention_heads": s["heads"], "encoder_ffn_dim": s["ffn"], "decoder_ffn_dim": s["ffn"],
                "vocab_size": V, "decoder_vocab_size": V, "max_position_embeddings": s["max_pos"],
                "pad_token_id": pad, "decoder_start_token_id": pad, "bad_words_ids": [[pad]],
                "num_beams": s["beams"], "max_length": 1 + max_new})
    gen = {"bad_words_ids": [[pad]], "bos_token_id": 0, "decoder_start_token_id": pad, "eos_token_id": 0,
           "forced_eos_token_id": 0, "max_length": 1 + max_new, "num_beams": s["beams"], "pad_token_id": pad}
    dump_json(os.path.join(d, "config.json"), cfg)
    dump_json(os.path.join(d, "generation_config.json"), gen)
    for f in ("vocab.json", "source.spm", "target.spm"):
        copy_if_changed(os.path.join(FIXTURES, "marian-tiny", f), os.path.join(d, f))
    st = os.path.join(d, "model.safetensors")
    if not os.path.exists(st):
        D, F = s["d"], s["ffn"]
        specs = [("model.shared.weight", (V, D)), ("final_logits_bias", (1, V)),
                 ("model.encoder.embed_positions.weight", (s["max_pos"], D)),
                 ("model.decoder.embed_positions.weight", (s["max_pos"], D))]

        def attn(p):
            for n in ("q_proj", "k_proj", "v_proj", "out_proj"):
                specs.extend([(p + n + ".weight", (D, D)), (p + n + ".bias", (D,))])

        def norm(p):
            specs.extend([(p + ".weight", (D,)), (p + ".bias", (D,))])

        def ffn(p):
            specs.extend([(p + "fc1.weight", (F, D)), (p + "fc1.bias", (F,)), (p + "fc2.weight", (D, F)),
                          (p + "fc2.bias", (D,))])
        for l in range(s["enc"]):
            p = "model.encoder.layers.%d." % l
            attn(p + "self_attn.")
            norm(p + "self_attn_layer_norm")
            ffn(p)
            norm(p + "final_layer_norm")
        for l in range(s["dec"]):
            p = "model.decoder.layers.%d." % l
            attn(p + "self_attn.")
            norm(p + "self_attn_layer_norm")
            attn(p + "encoder_attn.")
            norm(p + "encoder_attn_layer_norm")
            ffn(p)
            norm(p + "final_layer_norm")

        def shared(shape, rng):
            w = rng.standard_normal(shape, dtype=np.float32) * np.float32(STD)
            w[pad] = 0  # nn.Embedding(padding_idx=pad)
            return w
        table = lambda shape, rng: sinusoidal_table(*shape)  # noqa: E731
        special = {"model.shared.weight": shared, "model.encoder.embed_positions.weight": table,
                   "model.decoder.embed_positions.weight": table}
        print("writing", st, flush=True)
        write_safetensors(st, specs, random_maker(SEED, special))
    return d


def gpt2_folder(workdir, s):
    tag = "gpt2-d%d-l%d-h%d-v%d-p%d" % (s["d"], s["layers"], s["heads"], s["vocab"], s["n_pos"])
    d = os.path.join(workdir, tag)
    os.makedirs(d, exist_ok=True)
    V, D, eos = s["vocab"], s["d"], s["vocab"] - 1
    with open(os.path.join(FIXTURES, "gpt2-tiny", "config.json")) as f:
        cfg = json.load(f)
    cfg.update({"n_embd": D, "n_layer": s["layers"], "n_head": s["heads"], "n_ctx": s["n_pos"],
                "n_positions": s["n_pos"], "vocab_size": V, "bos_token_id": eos, "eos_token_id": eos})
    gen = {"bos_token_id": eos, "eos_token_id": eos, "num_beams": 1, "do_sample": False,
           "bad_words_ids": [[eos]], "max_length": s["n_pos"]}
    dump_json(os.path.join(d, "config.json"), cfg)
    dump_json(os.path.join(d, "generation_config.json"), gen)
    # GPT-2's own tokenizer (50257 tokens) when it fits, else the tiny fixture's (297 tokens)
    tok = "gpt2-tokenizer" if V >= 50257 else "gpt2-tiny"
    for f in ("vocab.json", "merges.txt"):
        copy_if_changed(os.path.join(FIXTURES, tok, f), os.path.join(d, f))
    st = os.path.join(d, "model.safetensors")
    if not os.path.exists(st):
        specs = [("wte.weight", (V, D)), ("wpe.weight", (s["n_pos"], D)), ("ln_f.weight", (D,)), ("ln_f.bias", (D,))]
        for l in range(s["layers"]):
            p = "h.%d." % l
            specs.extend([(p + "ln_1.weight", (D,)), (p + "ln_1.bias", (D,)),
                          (p + "attn.c_attn.weight", (D, 3 * D)), (p + "attn.c_attn.bias", (3 * D,)),
                          (p + "attn.c_proj.weight", (D, D)), (p + "attn.c_proj.bias", (D,)),
                          (p + "ln_2.weight", (D,)), (p + "ln_2.bias", (D,)),
                          (p + "mlp.c_fc.weight", (D, 4 * D)), (p + "mlp.c_fc.bias", (4 * D,)),
                          (p + "mlp.c_proj.weight", (4 * D, D)), (p + "mlp.c_proj.bias", (D,))])
        print("writing", st, flush=True)
        write_safetensors(st, specs, random_maker(SEED + 1, {}))
    return d


def import_once(cli, folder):
    """The folder imported with glassbox-cli (not timed), again when a file of the folder is newer."""
    out = folder + ".glassbox.safetensors"
    newest = max(os.path.getmtime(os.path.join(folder, f)) for f in os.listdir(folder))
    if not os.path.exists(out) or os.path.getmtime(out) < newest:
        subprocess.run([cli, "import", folder, "--out", out + ".part.safetensors", "--quiet"], check=True,
                       stdout=subprocess.DEVNULL)
        os.replace(out + ".part.safetensors", out)
    return out


# ------------------------------------------------------------------------------------------------------------------
# PyTorch side (runs in a child process: --child SPEC)
# ------------------------------------------------------------------------------------------------------------------

class BeamHypotheses:
    """transformers v4.30 BeamHypotheses: score = sum_logprobs / len(hyp) ** length_penalty (hyp: the decoder
    sequence before the eos, decoder start included)."""

    def __init__(self, num_beams, length_penalty, early_stopping):
        self.num_beams, self.length_penalty, self.early_stopping = num_beams, length_penalty, early_stopping
        self.beams, self.worst_score = [], 1e9

    def add(self, hyp, sum_logprobs):
        score = sum_logprobs / (len(hyp) ** self.length_penalty)
        if len(self.beams) < self.num_beams or score > self.worst_score:
            self.beams.append((score, hyp))
            if len(self.beams) > self.num_beams:
                ranked = sorted([(s, i) for i, (s, _) in enumerate(self.beams)])
                del self.beams[ranked[0][1]]
                self.worst_score = ranked[1][0]
            else:
                self.worst_score = min(score, self.worst_score)

    def is_done(self, best_sum_logprobs, cur_len):
        if len(self.beams) < self.num_beams:
            return False
        if self.early_stopping:
            return True
        return self.worst_score >= best_sum_logprobs / cur_len ** self.length_penalty


def torch_weights(path):
    import torch
    return {k: torch.from_numpy(v) for k, v in read_safetensors(path).items()}


def torch_marian(spec):
    import torch
    F = torch.nn.functional
    W = torch_weights(spec["weights"])
    s = spec["sizes"]
    D, H, V = s["d"], s["heads"], s["vocab"]
    hd = D // H
    scaling = hd ** -0.5
    embed_scale = math.sqrt(D)  # scale_embedding
    E, flb = W["model.shared.weight"], W["final_logits_bias"][0]
    P_enc, P_dec = W["model.encoder.embed_positions.weight"], W["model.decoder.embed_positions.weight"]
    pad, eos, start = V - 1, 0, V - 1
    g = spec["generation"]
    B, max_length = g["num_beams"], min(g["max_length"], s["max_pos"])
    length_penalty, early_stopping = g.get("length_penalty", 1.0), g.get("early_stopping", False)
    bad_words, forced_eos = g.get("bad_words_ids", []), g.get("forced_eos_token_id")

    def lin(x, p):
        return F.linear(x, W[p + ".weight"], W[p + ".bias"])

    def ln(x, p):
        return F.layer_norm(x, (D,), W[p + ".weight"], W[p + ".bias"], EPS)

    def heads(t):  # [b, T, D] -> [b, H, T, hd]
        return t.view(t.size(0), t.size(1), H, hd).transpose(1, 2)

    def merge(t):
        return t.transpose(1, 2).reshape(t.size(0), t.size(2), D)

    def attend(q, k, v):  # MarianAttention: (q * scaling) k^T, softmax, v (no mask: encoder, or one query)
        return merge(torch.matmul(torch.softmax(torch.matmul(q, k.transpose(-1, -2)), dim=-1), v))

    def ffn(h, p):
        return lin(F.silu(lin(h, p + "fc1")), p + "fc2")  # "swish"

    def encode(src):
        ids = torch.tensor([src], dtype=torch.long)
        h = E[ids] * embed_scale + P_enc[:len(src)]
        for l in range(s["enc"]):
            p = "model.encoder.layers.%d." % l
            q = heads(lin(h, p + "self_attn.q_proj") * scaling)
            k, v = heads(lin(h, p + "self_attn.k_proj")), heads(lin(h, p + "self_attn.v_proj"))
            h = ln(h + lin(attend(q, k, v), p + "self_attn.out_proj"), p + "self_attn_layer_norm")
            h = ln(h + ffn(h, p), p + "final_layer_norm")
        # the cross-attention keys and values of every decoder layer, once
        cross = []
        for l in range(s["dec"]):
            p = "model.decoder.layers.%d.encoder_attn." % l
            cross.append((heads(lin(h, p + "k_proj")), heads(lin(h, p + "v_proj"))))
        return cross

    def step(tokens, pos, cache, cross):
        """One decoder position for a batch of beams: tokens [b] at position pos; cache [(K, V)] per layer of the
        self-attention, [b, H, pos, hd] (None at pos 0). Returns logits [b, V] and the new cache."""
        h = (E[tokens] * embed_scale + P_dec[pos]).unsqueeze(1)
        new = []
        for l in range(s["dec"]):
            p = "model.decoder.layers.%d." % l
            q = heads(lin(h, p + "self_attn.q_proj") * scaling)
            k, v = heads(lin(h, p + "self_attn.k_proj")), heads(lin(h, p + "self_attn.v_proj"))
            if cache is not None:
                k, v = torch.cat([cache[l][0], k], dim=2), torch.cat([cache[l][1], v], dim=2)
            new.append((k, v))
            h = ln(h + lin(attend(q, k, v), p + "self_attn.out_proj"), p + "self_attn_layer_norm")
            q = heads(lin(h, p + "encoder_attn.q_proj") * scaling)
            h = ln(h + lin(attend(q, *cross[l]), p + "encoder_attn.out_proj"), p + "encoder_attn_layer_norm")
            h = ln(h + ffn(h, p), p + "final_layer_norm")
        return F.linear(h[:, 0], E) + flb, new  # tied lm_head + final_logits_bias

    def beam_search(src, max_len):
        t0 = time.perf_counter()
        cross = encode(src)
        logits, cache = step(torch.tensor([start]), 0, None, cross)  # batch 1: every beam is the decoder start
        cache = [(k.repeat(B, 1, 1, 1), v.repeat(B, 1, 1, 1)) for k, v in cache]
        logits = logits.expand(B, V)
        t1 = time.perf_counter()
        input_ids = [[start] for _ in range(B)]
        beam_scores = torch.zeros(B)
        beam_scores[1:] = -1e9
        hyps = BeamHypotheses(B, length_penalty, early_stopping)
        done, cur_len = False, 1
        while True:
            logits = logits.clone()
            logits[:, pad] = -float("inf")  # MarianMTModel.adjust_logits_during_generation
            scores = torch.log_softmax(logits, dim=-1)
            for w in bad_words:  # NoBadWordsLogitsProcessor
                for b in range(B):
                    if len(w) == 1 or input_ids[b][-(len(w) - 1):] == w[:-1]:
                        scores[b, w[-1]] = -float("inf")
            if forced_eos is not None and cur_len == max_len - 1:  # ForcedEOSTokenLogitsProcessor
                scores[:, :] = -float("inf")
                scores[:, forced_eos] = 0
            scores = scores + beam_scores[:, None]
            top_s, top_i = torch.topk(scores.view(1, B * V), 2 * B, dim=1, largest=True, sorted=True)
            top_s, top_i = top_s[0].tolist(), top_i[0].tolist()
            nxt_s, nxt_t, nxt_b = [], [], []  # BeamSearchScorer.process
            for rank, (sc, ix) in enumerate(zip(top_s, top_i)):
                b, tok = ix // V, ix % V
                if tok == eos:
                    if rank >= B:
                        continue
                    hyps.add(list(input_ids[b]), sc)
                else:
                    nxt_s.append(sc)
                    nxt_t.append(tok)
                    nxt_b.append(b)
                if len(nxt_s) == B:
                    break
            done = done or hyps.is_done(max(top_s), cur_len)
            beam_scores = torch.tensor(nxt_s)
            beam_idx = torch.tensor(nxt_b)
            input_ids = [input_ids[b] + [t] for b, t in zip(nxt_b, nxt_t)]
            cache = [(k.index_select(0, beam_idx), v.index_select(0, beam_idx)) for k, v in cache]  # _reorder_cache
            cur_len += 1
            if done or cur_len >= max_len:
                break
            logits, cache = step(torch.tensor(nxt_t), cur_len - 1, cache, cross)
        if not done:  # finalize
            for b in range(B):
                hyps.add(input_ids[b], float(beam_scores[b]))
        score, best = sorted(hyps.beams, key=lambda x: x[0])[-1]
        tokens = best[1:] + ([eos] if len(best) < max_len else [])
        return tokens, score, t1 - t0, time.perf_counter() - t1

    out = []
    with torch.no_grad():
        beam_search(spec["sources"][0], min(max_length, 16))  # warm-up, untimed
        for src in spec["sources"]:
            tokens, score, pre, search = beam_search(src, max_length)
            out.append({"ids": tokens, "score": score, "prefill_seconds": pre, "seconds": search})
    return out


def torch_gpt2(spec):
    import torch
    F = torch.nn.functional
    W = torch_weights(spec["weights"])
    s = spec["sizes"]
    D, H, V, L = s["d"], s["heads"], s["vocab"], s["layers"]
    hd = D // H
    eos = V - 1
    tril = torch.tril(torch.ones((s["n_pos"], s["n_pos"]), dtype=torch.bool))
    wte, wpe = W["wte.weight"], W["wpe.weight"]

    def ln(x, p):
        return F.layer_norm(x, (D,), W[p + ".weight"], W[p + ".bias"], EPS)

    def conv1d(x, p):  # Conv1D: weight [in, out], addmm(bias, x, weight)
        w = W[p + ".weight"]
        return torch.addmm(W[p + ".bias"], x.reshape(-1, x.size(-1)), w).view(x.size(0), x.size(1), w.size(1))

    def heads(t):
        return t.view(t.size(0), t.size(1), H, hd).permute(0, 2, 1, 3)

    def forward(ids, past, cache):
        """ids [T] at positions past..past+T-1; returns the last position's logits [V] and the cache."""
        T = len(ids)
        x = (wte[torch.tensor(ids)] + wpe[past:past + T]).unsqueeze(0)
        new = []
        for l in range(L):
            p = "h.%d." % l
            q, k, v = conv1d(ln(x, p + "ln_1"), p + "attn.c_attn").split(D, dim=2)
            q, k, v = heads(q), heads(k), heads(v)
            if cache is not None:
                k, v = torch.cat([cache[l][0], k], dim=-2), torch.cat([cache[l][1], v], dim=-2)
            new.append((k, v))
            a = torch.matmul(q, k.transpose(-1, -2)) / (hd ** 0.5)
            if T > 1:  # the causal mask (GPT2Attention._attn)
                a = torch.where(tril[past:past + T, :past + T], a, torch.finfo(a.dtype).min)
            a = torch.matmul(torch.softmax(a, dim=-1), v).permute(0, 2, 1, 3).reshape(1, T, D)
            x = x + conv1d(a, p + "attn.c_proj")
            m = F.gelu(conv1d(ln(x, p + "ln_2"), p + "mlp.c_fc"), approximate="tanh")  # gelu_new
            x = x + conv1d(m, p + "mlp.c_proj")
        return F.linear(ln(x[0, -1], "ln_f"), wte), new  # tied lm_head

    def greedy(prompt, n):
        t0 = time.perf_counter()
        logits, cache = forward(prompt, 0, None)
        t1 = time.perf_counter()
        tokens = []
        for i in range(n):
            logits = logits.clone()
            logits[eos] = -float("inf")  # bad_words_ids [[eos]]
            tok = int(torch.argmax(logits))
            tokens.append(tok)
            logits, cache = forward([tok], len(prompt) + i, cache)  # (as ours: the last step's logits unused)
        return tokens, t1 - t0, time.perf_counter() - t1

    out = []
    with torch.no_grad():
        greedy(spec["prompts"][0], spec["new"])  # warm-up, untimed
        for prompt in spec["prompts"]:
            tokens, pre, search = greedy(prompt, spec["new"])
            out.append({"ids": tokens, "prefill_seconds": pre, "seconds": search})
    return out


def numpy_import_ref(spec):
    """What a safetensors loader into [out, in] weights does: the whole file read, the header parsed, every tensor
    viewed, every 2-D weight copied transposed."""
    t0 = time.perf_counter()
    blob = np.fromfile(spec["weights"], dtype=np.uint8)
    (n,) = struct.unpack("<Q", blob[:8].tobytes())
    header = json.loads(blob[8:8 + n].tobytes())
    data = blob[8 + n:]
    kept = []
    for name, e in header.items():
        if name == "__metadata__":
            continue
        b, en = e["data_offsets"]
        a = data[b:en].view("<f4").reshape(e["shape"])
        kept.append(np.ascontiguousarray(a.T) if a.ndim == 2 else a)
    return {"seconds": time.perf_counter() - t0, "tensors": len(kept)}


def child_main(spec):
    kind = spec["kind"]
    if kind in ("marian", "gpt2"):
        import torch
        torch.set_num_threads(spec["threads"])
        print(json.dumps(torch_marian(spec) if kind == "marian" else torch_gpt2(spec)))
    else:
        print(json.dumps(numpy_import_ref(spec)))


def in_child(spec, threads):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    out = subprocess.check_output([sys.executable, os.path.abspath(__file__), "--child", json.dumps(spec)], env=env)
    return json.loads(out.decode().strip().splitlines()[-1])


# ------------------------------------------------------------------------------------------------------------------
# Our side
# ------------------------------------------------------------------------------------------------------------------

def ours_generate(cli, model, threads, args):
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    out = subprocess.check_output([cli, "generate", "--model", model] + args + ["--as-configured", "--json"], env=env)
    r = json.loads(out)
    for k in ("prefill_seconds", "seconds"):
        if k not in r:
            sys.exit("%s does not print %r in generate --as-configured --json yet (an older build?)" % (cli, k))
    return r


def ids_arg(ids):
    return ",".join(str(i) for i in ids)


# ------------------------------------------------------------------------------------------------------------------

def bench_marian(a, sz, workdir):
    s = sz["marian"]
    folder = marian_folder(workdir, s, a.max_new)
    model = import_once(a.cli, folder)
    with open(os.path.join(folder, "generation_config.json")) as f:
        gen = json.load(f)
    rng = np.random.default_rng(SEED + 2)
    sources = []
    for _ in range(a.sentences):
        n = int(rng.integers(8, 21))
        sources.append([int(x) for x in rng.integers(2, s["vocab"] - 1, size=n - 1)] + [0])
    spec = {"kind": "marian", "threads": a.threads, "weights": os.path.join(folder, "model.safetensors"),
            "sizes": s, "generation": gen, "sources": sources}
    o_rate, t_rate, o_parts, t_parts, o_runs, t_runs = [], [], [], [], [], []
    for r in range(a.rounds):
        runs = [ours_generate(a.cli, model, a.threads, ["--source-ids", ids_arg(src), "--max-new", str(a.max_new)])
                for src in sources]
        o_runs.append(runs)
        tok = sum(len(x["ids"]) for x in runs)
        pre, sea = sum(x["prefill_seconds"] for x in runs), sum(x["seconds"] for x in runs)
        o_rate.append(tok / (pre + sea))
        o_parts.append((pre, sea, tok))
        runs = in_child(spec, a.threads)
        t_runs.append(runs)
        tok = sum(len(x["ids"]) for x in runs)
        pre, sea = sum(x["prefill_seconds"] for x in runs), sum(x["seconds"] for x in runs)
        t_rate.append(tok / (pre + sea))
        t_parts.append((pre, sea, tok))
        print("marian round %d: ours %.1f tok/s, torch %.1f tok/s" % (r + 1, o_rate[-1], t_rate[-1]), flush=True)
    match = [o["ids"] == t["ids"] for o, t in zip(o_runs[0], t_runs[0])]
    for i, (o, t) in enumerate(zip(o_runs[0], t_runs[0])):
        print("  sentence %d (source length %2d): %2d tokens ours, %2d torch, %s; score ours %.6f torch %.6f"
              % (i, len(sources[i]), len(o["ids"]), len(t["ids"]), "equal" if match[i] else "DIFFERENT",
                 o["score"], t["score"]))
        if not match[i]:
            print("    ours  %s\n    torch %s" % (o["ids"], t["ids"]))
    drift = sum(1 for rr in o_runs[1:] for x, y in zip(rr, o_runs[0]) if x["ids"] != y["ids"]) + \
        sum(1 for rr in t_runs[1:] for x, y in zip(rr, t_runs[0]) if x["ids"] != y["ids"])
    om, tm = statistics.median(o_rate), statistics.median(t_rate)
    med = lambda parts, i: statistics.median(p[i] for p in parts)  # noqa: E731
    print("  ours: encoder+first step %.3f s, search %.3f s, %d tokens (medians over rounds); torch: %.3f s, %.3f s, "
          "%d tokens" % (med(o_parts, 0), med(o_parts, 1), o_parts[0][2], med(t_parts, 0), med(t_parts, 1),
                         t_parts[0][2]))
    # the search alone (without the encoder and the first step: ours' prefill also holds the start of its thread
    # team in a fresh process)
    o_search = statistics.median(p[2] / p[1] for p in o_parts)
    t_search = statistics.median(p[2] / p[1] for p in t_parts)
    print("  search alone: ours %.1f tok/s, torch %.1f tok/s, ratio %.2fx" % (o_search, t_search, o_search / t_search))
    if drift:
        print("  note: %d decodes gave other tokens in a later round than in the first" % drift)
    return dict(what="marian", ours_tok_s=om, torch_tok_s=tm, ratio=om / tm, matched=sum(match),
                sentences=len(match), beams=gen["num_beams"], max_new=a.max_new, ours_prefill_s=med(o_parts, 0),
                torch_prefill_s=med(t_parts, 0), ours_search_tok_s=o_search, torch_search_tok_s=t_search)


def bench_gpt2(a, sz, workdir):
    s = sz["gpt2"]
    folder = gpt2_folder(workdir, s)
    model = import_once(a.cli, folder)
    contexts = [int(c) for c in a.contexts.split(",")]
    rng = np.random.default_rng(SEED + 3)
    prompts = []
    for c in contexts:
        n = min(c, s["n_pos"] - a.new)
        if n < 1:
            sys.exit("context %d leaves no room for a prompt with --new %d (n_positions %d)" % (c, a.new, s["n_pos"]))
        prompts.append([int(x) for x in rng.integers(0, s["vocab"] - 1, size=n)])
    spec = {"kind": "gpt2", "threads": a.threads, "weights": os.path.join(folder, "model.safetensors"),
            "sizes": s, "prompts": prompts, "new": a.new}
    o_ms = [[] for _ in contexts]
    t_ms = [[] for _ in contexts]
    o_first, t_first = None, None
    for r in range(a.rounds):
        runs = [ours_generate(a.cli, model, a.threads, ["--ids", ids_arg(p), "--max-new", str(a.new)]) for p in prompts]
        o_first = o_first or runs
        for i, x in enumerate(runs):
            o_ms[i].append(x["seconds"] / len(x["ids"]) * 1e3)
        truns = in_child(spec, a.threads)
        t_first = t_first or truns
        for i, x in enumerate(truns):
            t_ms[i].append(x["seconds"] / len(x["ids"]) * 1e3)
        print("gpt2 round %d: ours %s ms/token, torch %s ms/token" % (
            r + 1, " ".join("%.2f" % m[-1] for m in o_ms), " ".join("%.2f" % m[-1] for m in t_ms)), flush=True)
    rows = []
    for i, c in enumerate(contexts):
        om, tm = statistics.median(o_ms[i]), statistics.median(t_ms[i])
        eq = o_first[i]["ids"] == t_first[i]["ids"]
        print("  context %4d (prompt %4d + %d new): ours %.3f ms/token, torch %.3f ms/token; tokens %s"
              % (c, len(prompts[i]), a.new, om, tm, "equal" if eq else "DIFFERENT"))
        if not eq:
            print("    ours  %s\n    torch %s" % (o_first[i]["ids"], t_first[i]["ids"]))
        rows.append(dict(what="gpt2", context=c, prompt=len(prompts[i]), new=a.new, ours_ms=om, torch_ms=tm,
                         ratio=tm / om, matched=int(eq)))
    return rows


def bench_import(a, sz, workdir):
    folder = gpt2_folder(workdir, sz["gpt2"])
    st = os.path.join(folder, "model.safetensors")
    mb = os.path.getsize(st) / 1e6
    out = os.path.join(workdir, "import-bench.glassbox.safetensors")
    o_s, r_s = [], []
    with open(st, "rb") as f:  # warm the page cache for both sides
        while f.read(1 << 24):
            pass
    for r in range(a.rounds):
        if os.path.exists(out):
            os.remove(out)
        env = dict(os.environ, OMP_NUM_THREADS=str(a.threads))
        t0 = time.perf_counter()
        subprocess.run([a.cli, "import", folder, "--out", out, "--quiet"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        o_s.append(time.perf_counter() - t0)
        r_s.append(in_child({"kind": "import-ref", "weights": st}, a.threads)["seconds"])
        print("import round %d: ours %.3f s, numpy read+transpose %.3f s" % (r + 1, o_s[-1], r_s[-1]), flush=True)
    out_mb = os.path.getsize(out) / 1e6
    os.remove(out)
    om, rm = statistics.median(o_s), statistics.median(r_s)
    print("  model.safetensors %.1f MB; ours writes a %.1f MB model file" % (mb, out_mb))
    return dict(what="import", mb=mb, ours_s=om, ref_s=rm, ours_mb_s=mb / om, ref_mb_s=mb / rm, ratio=rm / om)


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def main():
    ap = argparse.ArgumentParser(description="decoding imported Hugging Face models: Glassbox against PyTorch")
    ap.add_argument("--cli", default=os.path.join(HERE, "..", "build", "app", "cli", "glassbox-cli"))
    ap.add_argument("--what", default="marian,gpt2,import")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=3, help="alternate ours/torch this many times; medians reported")
    ap.add_argument("--sentences", type=int, default=8, help="Marian: sentences in the batch")
    ap.add_argument("--max-new", type=int, default=None, help="Marian: new tokens at most (max_length 1 + this; "
                    "default 63, --quick 20)")
    ap.add_argument("--new", type=int, default=None, help="GPT-2: new tokens per context (default 32, --quick 8)")
    ap.add_argument("--contexts", default=None, help="GPT-2: contexts (default 16,256,1024; --quick 16,64,128); "
                    "the prompt is min(context, n_positions - NEW)")
    ap.add_argument("--quick", action="store_true", help="tiny sizes (d 64, 2 + 2 layers, vocab 1000): a smoke test")
    ap.add_argument("--workdir", default=None, help="where the checkpoints are written and reused (default: a "
                    "temporary folder, removed at the end)")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.child:
        child_main(json.loads(a.child))
        return

    mode = "quick" if a.quick else "full"
    sz = SIZES[mode]
    for k, v in DEFAULTS[mode].items():
        if getattr(a, k) is None:
            setattr(a, k, v)
    what = a.what.split(",")
    for w in what:
        if w not in ("marian", "gpt2", "import"):
            sys.exit("--what: marian, gpt2, import")
    if "marian" in what and not 1 <= a.max_new <= sz["marian"]["max_pos"] - 1:
        sys.exit("--max-new must lie in 1..%d" % (sz["marian"]["max_pos"] - 1))
    a.cli = os.path.abspath(a.cli)
    if not os.access(a.cli, os.X_OK):
        sys.exit("no glassbox-cli at %s (--cli)" % a.cli)

    import torch
    kind, libs = torch_blas()
    cli_built = time.strftime("%Y-%m-%d %H:%M", time.localtime(os.path.getmtime(a.cli)))
    facts = (f"{cpu_name()}, {a.threads} threads; torch {torch.__version__}, BLAS: {kind} "
             f"({', '.join(libs) or 'none found'}); numpy {np.__version__}; {a.cli} (built {cli_built})")
    print(facts)
    if kind != "openblas" and ("marian" in what or "gpt2" in what):
        print("PyTorch is not running on OpenBLAS: `apt-get install libopenblas0-openmp` first. "
              "Refusing to report ratios against the reference BLAS.")
        sys.exit(2)

    own_tmp = a.workdir is None
    workdir = tempfile.mkdtemp(prefix="glassbox-genbench-") if own_tmp else os.path.abspath(a.workdir)
    os.makedirs(workdir, exist_ok=True)
    rows = []
    try:
        if "marian" in what:
            rows.append(bench_marian(a, sz, workdir))
        if "gpt2" in what:
            rows.extend(bench_gpt2(a, sz, workdir))
        if "import" in what:
            rows.append(bench_import(a, sz, workdir))
    finally:
        if own_tmp:
            shutil.rmtree(workdir, ignore_errors=True)

    print()
    print("%s sizes, %d threads, %d round(s), medians" % (mode, a.threads, a.rounds))
    print("%-38s %14s %14s %9s  %s" % ("", "ours", "torch/ref", "ratio", "tokens equal"))
    for r in rows:
        if r["what"] == "marian":
            print("%-38s %10.1f t/s %10.1f t/s %8.2fx  %d/%d   (ours/torch; target >= 1.5x)"
                  % ("Marian beam %d, %d sentences" % (r["beams"], r["sentences"]), r["ours_tok_s"],
                     r["torch_tok_s"], r["ratio"], r["matched"], r["sentences"]))
        elif r["what"] == "gpt2":
            print("%-38s %11.3f ms %11.3f ms %8.2fx  %s     (torch/ours)"
                  % ("GPT-2 greedy, context %d (ms/token)" % r["context"], r["ours_ms"], r["torch_ms"], r["ratio"],
                     "yes" if r["matched"] else "no"))
        else:
            print("%-38s %9.0f MB/s %9.0f MB/s %8.2fx         (ref s/ours s; ref: numpy np.fromfile + transposes)"
                  % ("import %.0f MB (%.2f s ours, %.2f s ref)" % (r["mb"], r["ours_s"], r["ref_s"]), r["ours_mb_s"],
                     r["ref_mb_s"], r["ratio"]))
    print(facts)
    print(json.dumps(rows))


if __name__ == "__main__":
    main()
