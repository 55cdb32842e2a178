"""glassbox_torch — a Glassbox model file as a PyTorch nn.Module, and back.

    model, tokenizer, config = glassbox_torch.load("model.safetensors")
    model.log_probs(ids)                          # decoder-only: |x| × |V|, row j = log P(· | x_1..x_j)
    model.log_probs(source_ids, target_ids)       # encoder-decoder: |x| × |V|, row j = log P(· | x_1..x_j, z)
    glassbox_torch.save(model, "out.safetensors", tokenizer=None)

The module computes exactly the seeds' models (seed 000: encoder-decoder; seed 002: decoder-only) with every
option a model file can hold; the recurrent families (`rnn`, `rnn-seq2seq`) load as a GlassboxRnn, torch's nn.RNN or
nn.LSTM inside (norm placement, activation, final norm, tied unembedding, dropout). Its parameters
are named as the file's tensors and shaped as the seeds write them (W_e is d_e × |V|), so
`model.state_dict().keys()` are the tensor names of docs/model-file.md.

Plain PyTorch and the standard library only. See docs/pytorch.md.
"""
import json
import math
import os
import struct
import tempfile

import torch
import torch.nn as nn
import torch.nn.functional as F

__all__ = ["load", "save", "GlassboxModel", "GlassboxRnn", "Tokenizer", "make_config", "read_examples", "text_examples",
           "read_safetensors", "write_safetensors"]

FORMAT = "1"
LAYER_NORM_EPS = 1e-5  # core/model/layers.h kLayerNormEps; a model's config may give its own "ln_eps"
ACTIVATIONS = ("relu", "gelu", "gelu_tanh", "silu")  # a transformer's MLP (core/config.h Activation)
CONFIG_KEYS = ("variant", "vocab_size", "max_len", "enc_layers", "dec_layers", "heads", "d_e", "d_mlp", "norm",
               "activation", "final_norm", "tied_unembed", "dropout", "bos_id", "eos_id", "pad_id")
_RNN_KEYS = ("d_hidden", "cell", "attention", "ln_eps", "positions", "embed_scale", "out_bias")  # written when present
_BPE_MAX_WORD = 256  # Tokenizer::kBpeMaxWord: BPE merges a longer word in pieces of this many characters
# Metadata the bridge interprets; any other key travels unchanged from load() to save().
_OWN_KEYS = ("glassbox.format", "glassbox.config", "glassbox.tokenizer", "glassbox.history", "glassbox.training",
             "glassbox.last_step")


# ------------------------------------------------------------------------------------------------ safetensors

def read_safetensors(path):
    """(metadata: dict str → str, tensors: dict name → float32 tensor). F32 only, as Glassbox writes."""
    with open(path, "rb") as f:
        raw = f.read()
    if len(raw) < 8:
        raise ValueError(f"{path}: not a safetensors file (shorter than 8 bytes)")
    (n,) = struct.unpack("<Q", raw[:8])
    if n > len(raw) - 8:
        raise ValueError(f"{path}: header length {n} lies beyond the end of the file")
    header = json.loads(raw[8:8 + n].decode("utf-8"))
    meta = header.pop("__metadata__", {}) or {}
    data = raw[8 + n:]
    tensors = {}
    for name, t in header.items():
        if t.get("dtype") != "F32":
            raise ValueError(f"{path}: tensor '{name}' is {t.get('dtype')}, expected F32")
        b, e = t["data_offsets"]
        shape = [int(s) for s in t["shape"]]
        if not (0 <= b <= e <= len(data)) or e - b != 4 * math.prod(shape):
            raise ValueError(f"{path}: tensor '{name}': byte range [{b}, {e}) does not fit its shape {shape}")
        buf = bytearray(data[b:e])
        tensors[name] = torch.frombuffer(buf, dtype=torch.float32).reshape(shape).clone() if buf else \
            torch.zeros(shape, dtype=torch.float32)
    return meta, tensors


def write_safetensors(path, tensors, meta=None):
    """Writes F32 tensors (little-endian, row-major) and string metadata; atomically (temporary file + rename)."""
    if struct.pack("=I", 1) != struct.pack("<I", 1):
        raise RuntimeError("write_safetensors: big-endian machines are not supported")
    header, blobs, pos = {}, [], 0
    if meta:
        header["__metadata__"] = {str(k): str(v) for k, v in meta.items()}
    for name, t in tensors.items():
        t = t.detach().to("cpu", torch.float32).contiguous()
        b = t.numpy().tobytes()
        header[name] = {"dtype": "F32", "shape": list(t.shape), "data_offsets": [pos, pos + len(b)]}
        blobs.append(b)
        pos += len(b)
    js = json.dumps(header, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    js += b" " * ((8 - (len(js) + 8) % 8) % 8)
    d = os.path.dirname(os.path.abspath(path))
    fd, tmp = tempfile.mkstemp(prefix=".glassbox-", suffix=".tmp", dir=d)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(struct.pack("<Q", len(js)))
            f.write(js)
            for b in blobs:
                f.write(b)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


# ------------------------------------------------------------------------------------------------ tokenizer

_SPACE_MARK = "\u2581"  # ▁ : a single space folded into the word after it
PAD, BOS, EOS, UNK = 0, 1, 2, 3


def _is_word_char(ch):
    if ord(ch) >= 0x80:  # non-ASCII letters count as letters; dashes, quotes (U+2000–U+203F) and nbsp do not
        return not (0x2000 <= ord(ch) <= 0x203F) and ch != "\u00a0"
    return ch.isascii() and (ch.isalnum() or ch in "_'")


class Tokenizer:
    """Glassbox's tokenizer (core/text/tokenizer.cpp): char, word or BPE; <pad>=0, <bos>=1, <eos>=2, <unk>=3."""

    def __init__(self, kind, vocab, counts=None, merges=(), extra=None):
        if kind not in ("char", "word", "bpe", "byte-bpe", "sentencepiece"):
            raise ValueError(f"tokenizer kind must be char, word, bpe, byte-bpe or sentencepiece, not '{kind}'")
        # byte-bpe: GPT-2's byte-level BPE of an imported model (docs/import.md), carried through load and save;
        # its vocabulary is the checkpoint's, without the tool's four special tokens
        if kind not in ("byte-bpe", "sentencepiece") and list(vocab[:4]) != ["<pad>", "<bos>", "<eos>", "<unk>"]:
            raise ValueError("a tokenizer's vocabulary starts with <pad>, <bos>, <eos>, <unk>")
        self.kind = kind
        self.extra = dict(extra or {})  # sentencepiece: its two models (base64), carried through load and save
        self.vocab = list(vocab)
        self.counts = list(counts) if counts is not None else [0] * len(self.vocab)
        self.merges = [tuple(m) for m in merges]
        self.index = {s: i for i, s in enumerate(self.vocab)}
        if len(self.index) != len(self.vocab):
            raise ValueError("a tokenizer's vocabulary repeats a token")
        self.merge_rank = {m: r for r, m in enumerate(self.merges)}

    def __len__(self):
        return len(self.vocab)

    @classmethod
    def from_json(cls, j):
        if isinstance(j, str):
            j = json.loads(j)
        return cls(j["kind"], j["vocab"], j.get("counts"), j.get("merges", []),
                   {k: j[k] for k in ("source_spm", "target_spm") if k in j})

    def to_json(self):
        if self.kind == "byte-bpe":
            return {"kind": self.kind, "vocab": self.vocab, "merges": [list(m) for m in self.merges]}
        if self.kind == "sentencepiece":
            return {"kind": self.kind, "vocab": self.vocab, **self.extra}
        return {"kind": self.kind, "vocab": self.vocab, "counts": self.counts, "merges": [list(m) for m in self.merges]}

    def _pieces(self, text):
        chars = list(text)
        if self.kind == "char":
            return chars
        raw, i = [], 0
        while i < len(chars):
            if _is_word_char(chars[i]):
                j = i
                while j < len(chars) and _is_word_char(chars[j]):
                    j += 1
                raw.append("".join(chars[i:j]))
                i = j
            else:
                raw.append(chars[i])
                i += 1
        out, i = [], 0
        while i < len(raw):
            if raw[i] == " " and i + 1 < len(raw) and raw[i + 1] not in (" ", "\n", "\t", "\r"):
                out.append(_SPACE_MARK + raw[i + 1])
                i += 2
            else:
                out.append(raw[i])
                i += 1
        return out

    def _bpe_split(self, word):
        syms = list(word)
        if word.startswith(_SPACE_MARK):
            syms = syms[1:]
            if syms:
                syms[0] = _SPACE_MARK + syms[0]
            else:
                syms = [_SPACE_MARK]
        out = []
        for start in range(0, len(syms), _BPE_MAX_WORD):  # as Glassbox: a very long "word" in pieces
            part = syms[start:start + _BPE_MAX_WORD]
            while len(part) > 1:  # apply the lowest-ranked merge present, as trained
                best, at = None, 0
                for i in range(len(part) - 1):
                    r = self.merge_rank.get((part[i], part[i + 1]))
                    if r is not None and (best is None or r < best):
                        best, at = r, i
                if best is None:
                    break
                part[at:at + 2] = [part[at] + part[at + 1]]
            out.extend(part)
        return out

    def encode(self, text):
        """Token ids of text; pieces not in the vocabulary become <unk> (3)."""
        if self.kind in ("byte-bpe", "sentencepiece"):
            raise NotImplementedError("an imported model's tokenizer: encode with glassbox-cli tokenize --model M --json")
        ids = []
        for piece in self._pieces(text):
            for s in (self._bpe_split(piece) if self.kind == "bpe" else [piece]):
                ids.append(self.index.get(s, UNK))
        return ids

    def display(self, i):
        """A readable form of one token, as Glassbox shows it ("▁Auto", "⏎", "<eos>")."""
        if not 0 <= i < len(self.vocab):
            return "?"
        return {"\n": "\u23ce", " ": "\u2423", "\t": "\u21e5"}.get(self.vocab[i], self.vocab[i])

    def decode(self, ids, keep_special=False):
        out = []
        for i in ids:
            i = int(i)
            if i < 0 or i >= len(self.vocab):
                continue
            if i < 4:
                if i == UNK:
                    out.append("\ufffd")
                elif keep_special:
                    out.append(self.vocab[i])
                continue
            s = self.vocab[i]
            out.append(" " + s[1:] if self.kind != "char" and s.startswith(_SPACE_MARK) else s)
        return "".join(out)


def text_examples(text, tokenizer, max_len):
    """Token windows of a text as Glassbox cuts them (core/text/datafile.cpp examples_from_text): the encoded
    text in consecutive pieces of ℓ_max tokens, the last one shorter, none shorter than 2."""
    ids = tokenizer.encode(text)
    return [ids[i:i + max_len] for i in range(0, max(0, len(ids) - 1), max_len) if len(ids[i:i + max_len]) >= 2]


def read_examples(path, config, tokenizer=None, val_fraction=0.1):
    """Training examples from a data file, as glassbox-cli train reads it: JSON Lines of ids (recognised by
    content) as [ids] or (source, target) pairs, or else a text file through the tokenizer (decoder-only; the
    first 1 − val_fraction of its bytes). Returns (examples, kind) with kind "ids" or "text"."""
    with open(path, "rb") as f:
        raw = f.read()
    first = next((line.strip() for line in raw.splitlines() if line.strip()), b"")
    ed = config["variant"] == "encoder-decoder"
    if first.startswith(b"{"):
        out = []
        for n, line in enumerate(raw.decode("utf-8").splitlines(), 1):
            if not line.strip():
                continue
            j = json.loads(line)
            out.append((j["source"], j["target"]) if ed else (j["ids"],))
        return out, "ids"
    if ed:
        raise ValueError(f"{path}: plain text needs a decoder-only model (give JSON Lines of ids)")
    if tokenizer is None:
        raise ValueError(f"{path}: text without a tokenizer (give JSON Lines of ids)")
    cut = int(len(raw) * (1.0 - val_fraction))
    while cut < len(raw) and (raw[cut] & 0xC0) == 0x80:  # do not split a UTF-8 character
        cut += 1
    return [(x,) for x in text_examples(raw[:cut].decode("utf-8", "replace"), tokenizer, config["max_len"])], "text"


# ------------------------------------------------------------------------------------------------ the model

def make_config(variant, vocab_size, max_len, layers=None, heads=1, d_e=16, d_mlp=64, enc_layers=None,
                dec_layers=None, **options):
    """A config with the seed's choices for the variant (as Config::make); options override them."""
    ed = variant in ("encoder-decoder", "ed")
    c = {"variant": "encoder-decoder" if ed else "decoder-only", "vocab_size": vocab_size, "max_len": max_len,
         "enc_layers": (enc_layers if enc_layers is not None else layers) if ed else 0,
         "dec_layers": dec_layers if dec_layers is not None else layers, "heads": heads, "d_e": d_e, "d_mlp": d_mlp,
         "norm": "post" if ed else "pre", "activation": "relu" if ed else "gelu", "final_norm": not ed,
         "tied_unembed": False, "dropout": 0.0, "bos_id": -1, "eos_id": -1, "pad_id": -1}
    for k, v in options.items():
        if k not in c:
            raise ValueError(f"make_config: unknown option '{k}'")
        c[k] = v
    _check_config(c)
    return c


def _check_config(c):
    missing = [k for k in CONFIG_KEYS if k not in c]
    if missing:
        raise ValueError(f"config: missing {', '.join(missing)}")
    if c["variant"] not in ("encoder-decoder", "decoder-only"):
        raise ValueError(f"config: variant must be encoder-decoder or decoder-only, not '{c['variant']}'")
    if c["norm"] not in ("post", "pre") or c["activation"] not in ACTIVATIONS:
        raise ValueError("config: norm must be post or pre, activation one of " + ", ".join(ACTIVATIONS))
    if not 0 < float(c.get("ln_eps", LAYER_NORM_EPS)) <= 0.1:
        raise ValueError("config: ln_eps must lie in (0, 0.1]")
    if c["d_e"] % c["heads"]:
        raise ValueError(f"config: d_e = {c['d_e']} must be divisible by heads = {c['heads']}")
    if c["variant"] == "encoder-decoder" and c["enc_layers"] < 1:
        raise ValueError("config: an encoder-decoder model needs enc_layers ≥ 1")
    if c["variant"] == "decoder-only" and c["enc_layers"] != 0:
        raise ValueError("config: a decoder-only model has enc_layers = 0")
    if not 0 <= float(c["dropout"]) < 1:
        raise ValueError("config: dropout must lie in [0, 1)")


def _sinusoidal(d, n):
    """Marian's positions (MarianSinusoidalPositionalEmbedding), d × n: column t, row i < ⌈d/2⌉ sin(t / 10000^(2i/d)),
    row ⌈d/2⌉ + i cos(t / 10000^(2i/d)); in double, then float."""
    t = torch.arange(n, dtype=torch.float64).unsqueeze(1)
    j = torch.arange(d, dtype=torch.float64)
    enc = t / torch.pow(torch.tensor(10000.0, dtype=torch.float64), 2 * torch.div(j, 2, rounding_mode="floor") / d)
    out = torch.empty(n, d, dtype=torch.float64)
    half = (d + 1) // 2
    out[:, :half] = torch.sin(enc[:, 0::2])
    out[:, half:] = torch.cos(enc[:, 1::2])
    return out.T.to(torch.float32).contiguous()


def _param(*shape):
    return nn.Parameter(torch.zeros(*shape, dtype=torch.float32))


class _Attention(nn.Module):  # 𝒲 = (W_q, b_q, W_k, b_k, W_v, b_v, W_o, b_o), each W d_e × d_e
    def __init__(self, d, heads):
        super().__init__()
        self.heads = heads
        for n in ("q", "k", "v", "o"):
            setattr(self, "W_" + n, _param(d, d))
            setattr(self, "b_" + n, _param(d))

    def forward(self, X, Z, causal):  # X: queries [n, d]; Z: keys/values [m, d] (rows are the seeds' columns)
        n, d = X.shape
        m, H = Z.shape[0], self.heads
        dh = d // H
        Q = F.linear(X, self.W_q, self.b_q).view(n, H, dh).transpose(0, 1)  # head h: rows h·d_h… of W_q
        K = F.linear(Z, self.W_k, self.b_k).view(m, H, dh).transpose(0, 1)
        V = F.linear(Z, self.W_v, self.b_v).view(m, H, dh).transpose(0, 1)
        S = Q @ K.transpose(1, 2) / math.sqrt(dh)  # [H, n, m]
        if causal:
            S = S.masked_fill(torch.ones(n, m, dtype=torch.bool, device=S.device).triu(1), float("-inf"))
        Y = (torch.softmax(S, dim=-1) @ V).transpose(0, 1).reshape(n, d)
        return F.linear(Y, self.W_o, self.b_o)


class _Norm(nn.Module):  # γ, β of one column-wise layer norm
    def __init__(self, d, eps=LAYER_NORM_EPS):
        super().__init__()
        self.gamma = nn.Parameter(torch.ones(d))
        self.beta = _param(d)
        self.eps = eps

    def forward(self, X):
        return F.layer_norm(X, X.shape[-1:], self.gamma, self.beta, self.eps)


class _Mlp(nn.Module):  # W_{a}, b_{a}, W_{a+1}, b_{a+1}: a = 1 (seed 002, seed 000's encoder) or 3 (seed 000's decoder)
    def __init__(self, d, d_mlp, first, activation):
        super().__init__()
        self.names = (f"W_{first}", f"b_{first}", f"W_{first + 1}", f"b_{first + 1}")
        for name, shape in zip(self.names, ((d_mlp, d), (d_mlp,), (d, d_mlp), (d,))):
            setattr(self, name, _param(*shape))
        # F.gelu is the exact x·Φ(x) of seed 002; gelu_tanh GPT-2's "gelu_new"; silu Marian's "swish"
        self.act = {"relu": F.relu, "gelu": F.gelu, "gelu_tanh": lambda x: F.gelu(x, approximate="tanh"),
                    "silu": F.silu}[activation]

    def forward(self, X):
        W1, b1, W2, b2 = (getattr(self, n) for n in self.names)
        return F.linear(self.act(F.linear(X, W1, b1)), W2, b2)


class _Layer(nn.Module):
    """One layer; its sub-layers (and their norms) in the seeds' order and names:
    encoder (000): attn, ln1, mlp(1), ln2;  decoder (000): attn, ln3, cross, ln4, mlp(3), ln5;
    decoder-only (002): ln1, attn, ln2, mlp(1)."""

    def __init__(self, c, kind):
        super().__init__()
        d = c["d_e"]
        eps = float(c.get("ln_eps", LAYER_NORM_EPS))
        self.pre = c["norm"] == "pre"
        self.dropout = float(c["dropout"])
        self.kind = kind
        self.attn = _Attention(d, c["heads"])
        if kind == "enc":
            self.ln1, self.ln2 = _Norm(d, eps), _Norm(d, eps)
            self.subs = (("self", "ln1"), ("mlp", "ln2"))
        elif kind == "dec-ed":
            self.ln3, self.ln4, self.ln5 = _Norm(d, eps), _Norm(d, eps), _Norm(d, eps)
            self.cross = _Attention(d, c["heads"])
            self.subs = (("self", "ln3"), ("cross", "ln4"), ("mlp", "ln5"))
        else:
            self.ln1, self.ln2 = _Norm(d, eps), _Norm(d, eps)
            self.subs = (("self", "ln1"), ("mlp", "ln2"))
        self.mlp = _Mlp(d, c["d_mlp"], 3 if kind == "dec-ed" else 1, c["activation"])

    def forward(self, X, Z, drop):
        for fn, ln in self.subs:
            norm = getattr(self, ln)
            fin = norm(X) if self.pre else X  # pre: X ← X + f(LN(X));  post: X ← LN(X + f(X))
            if fn == "self":
                f = self.attn(fin, fin, causal=self.kind != "enc")
            elif fn == "cross":
                f = self.cross(fin, Z, causal=False)
            else:
                f = self.mlp(fin)
            if drop and self.dropout > 0:  # on the sub-layer's output, before the residual add (seed 003)
                f = F.dropout(f, self.dropout, training=True)
            X = X + f if self.pre else norm(X + f)
        return X


class GlassboxModel(nn.Module):
    """ED-Transformer (seed 000) or D-Transformer (seed 002) with the options of the config.

    Parameter names are the model file's tensor names. `history` is the loss curve (a list of
    {"step", "loss", "lr", …}) that save() writes; `log_step()` appends to it."""

    def __init__(self, config):
        super().__init__()
        c = dict(config)
        _check_config(c)
        self.config = c
        self.ed = c["variant"] == "encoder-decoder"
        d, V = c["d_e"], c["vocab_size"]
        eps = float(c.get("ln_eps", LAYER_NORM_EPS))
        self.W_e = _param(d, V)
        if c.get("positions", "learned") == "sinusoidal":  # Marian's fixed table (core/model/params.cpp): no parameter
            self.register_buffer("W_p", _sinusoidal(d, c["max_len"]), persistent=False)
        else:
            self.W_p = _param(d, c["max_len"])
        self.embed_scale = math.sqrt(d) if c.get("embed_scale", False) else 1.0
        if not c["tied_unembed"]:
            self.W_u = _param(V, d)
        if c.get("out_bias", False):
            self.b_u = _param(V)
        if self.ed:
            self.enc = nn.ModuleList(_Layer(c, "enc") for _ in range(c["enc_layers"]))
        self.dec = nn.ModuleList(_Layer(c, "dec-ed" if self.ed else "dec") for _ in range(c["dec_layers"]))
        if c["final_norm"]:
            self.ln = _Norm(d, eps)
        self.history = []  # the loss curve, as glassbox.history
        self.tokenizer = None  # the tokenizer the model came with (save() writes it unless given another)
        self.extra = {}  # metadata keys this bridge does not interpret, kept for save()

    # --- the seeds' algorithms -----------------------------------------------------------------------------
    def _ids(self, ids, what):
        t = torch.as_tensor(ids, dtype=torch.long, device=self.W_e.device).reshape(-1)
        if t.numel() == 0:
            raise ValueError(f"{what}: empty")
        if t.numel() > self.config["max_len"]:
            raise ValueError(f"{what}: {t.numel()} tokens, more than ℓ_max = {self.config['max_len']}")
        if int(t.min()) < 0 or int(t.max()) >= self.config["vocab_size"]:
            raise ValueError(f"{what}: ids must lie in 0…{self.config['vocab_size'] - 1}")
        return t

    def _embed(self, ids):  # X[:, j] = s·W_e[:, x_j] + W_p[:, j]; here as rows: [n, d_e]
        return self.embed_scale * self.W_e[:, ids].T + self.W_p[:, : ids.numel()].T

    def logits(self, x, z=None, drop=False):
        """|x| × |V| logits (the transpose of W_u X)."""
        x = self._ids(x, "target ids" if self.ed else "ids")
        Z = None
        if self.ed:
            if z is None:
                raise ValueError("an encoder-decoder model needs source ids")
            Z = self._embed(self._ids(z, "source ids"))
            for layer in self.enc:
                Z = layer(Z, None, drop)
        elif z is not None:
            raise ValueError("a decoder-only model takes one sequence")
        X = self._embed(x)
        for layer in self.dec:
            X = layer(X, Z, drop)
        if self.config["final_norm"]:
            X = self.ln(X)
        logits = X @ (self.W_e if self.config["tied_unembed"] else self.W_u.T)
        return logits + self.b_u if self.config.get("out_bias", False) else logits

    def log_probs(self, *seqs):
        """log_probs(ids) or log_probs(source_ids, target_ids): |x| × |V|, row j = log P(· | x_1..x_j [, z]),
        as `glassbox-cli forward` prints it. No dropout."""
        x, z = self._split(seqs)
        return torch.log_softmax(self.logits(x, z, drop=False), dim=-1)

    def forward(self, *seqs):
        """The training-mode log-probabilities: dropout applies when the module is in train() mode."""
        x, z = self._split(seqs)
        return torch.log_softmax(self.logits(x, z, drop=self.training), dim=-1)

    def loss(self, *seqs):
        """J = −Σ_{j=1}^{ℓ−1} log P[x_{j+1}, j] for one sequence (the seeds' sum loss)."""
        x, _ = self._split(seqs)
        lp = self.forward(*seqs)
        tgt = torch.as_tensor(x, dtype=torch.long, device=lp.device).reshape(-1)[1:]
        return -lp[:-1].gather(1, tgt.unsqueeze(1)).sum()

    def _split(self, seqs):
        if self.ed:
            if len(seqs) != 2:
                raise TypeError("an encoder-decoder model takes (source_ids, target_ids)")
            return seqs[1], seqs[0]
        if len(seqs) != 1:
            raise TypeError("a decoder-only model takes (ids)")
        return seqs[0], None

    def log_step(self, loss, lr, **more):
        """Appends one point to the loss curve, numbered on from the last one."""
        step = (self.history[-1]["step"] if self.history else 0) + 1
        self.history.append({"step": step, "loss": float(loss), "lr": float(lr), **more})
        return step

    def reset_parameters(self, seed=0, std=0.02):
        """A fresh start (normal(0, std) matrices, zero biases, unit norms) — Glassbox's own init is richer."""
        g = torch.Generator().manual_seed(seed)
        with torch.no_grad():
            for name, p in self.named_parameters():
                if name.endswith(".gamma"):
                    p.fill_(1)
                elif p.dim() == 1:
                    p.zero_()
                else:
                    p.copy_(torch.randn(p.shape, generator=g) * std)
        return self


# ------------------------------------------------------------------------------------------------ the recurrent families

RNN_VARIANTS = ("rnn", "rnn-seq2seq")


class GlassboxRnn(nn.Module):
    """Seed 001's recurrent network (`rnn`) or seed 004's RNN encoder-decoder (`rnn-seq2seq`) from torch's own
    nn.RNN / nn.LSTM, with the options a model file can hold (cell elman or lstm, tanh or ReLU, additive attention).

    The cells are torch's: W_ih = A, W_hh = V, b_ih = b and b_hh = 0 (frozen; Glassbox's cell has one bias). With
    additive attention the decoder is an nn.RNNCell (nn.LSTMCell) stepped token by token, reading [W_e[:, x_j]; ctx_j]
    with W_ih = [A | C], and α_j = softmax_t(v_aᵀ tanh(W_a h_{j−1} + U_a g_t)). The parameters keep torch's names
    (rnn.weight_ih_l0, …); tensors() gives them under the file's names (docs/model-file.md), which load() and save()
    use."""

    def __init__(self, config):
        super().__init__()
        c = dict(config)
        if c.get("variant") not in RNN_VARIANTS:
            raise ValueError(f"config: variant must be one of {RNN_VARIANTS}, not '{c.get('variant')}'")
        for k in ("vocab_size", "max_len", "d_e", "d_hidden"):
            if not isinstance(c.get(k), int) or c[k] < 1:
                raise ValueError(f"config: {k} must be a positive integer")
        c.setdefault("cell", "elman")
        c.setdefault("attention", "none")
        if c["cell"] not in ("elman", "lstm"):
            raise ValueError(f"config: cell must be elman or lstm, not '{c['cell']}'")
        if c["attention"] not in ("none", "additive") or (c["attention"] != "none" and c["variant"] != "rnn-seq2seq"):
            raise ValueError(f"config: attention must be none (or additive for an rnn-seq2seq), not '{c['attention']}'")
        if c.get("activation", "tanh") not in ("tanh", "relu") or (c["cell"] == "lstm" and c.get("activation") == "relu"):
            raise ValueError("config: the cell's activation must be tanh (or relu for an elman cell)")
        self.config = c
        self.ed = c["variant"] == "rnn-seq2seq"
        self.lstm = c["cell"] == "lstm"
        self.attention = c["attention"] == "additive"
        d, h, V = c["d_e"], c["d_hidden"], c["vocab_size"]
        self.W_e = _param(d, V)
        if self.ed:
            self.enc = self._recurrence()
            if self.attention:
                self.dec = nn.LSTMCell(d + h, h) if self.lstm else nn.RNNCell(d + h, h, nonlinearity=c["activation"])
                self.W_a = _param(h, h)
                self.U_a = _param(h, h)
                self.v_a = _param(h)
            else:
                self.dec = self._recurrence()
        else:
            self.rnn = self._recurrence()
        self.out = nn.Linear(h, V)
        for m in self.modules():  # Glassbox's cell has one bias: b_hh stays 0
            for name in ("bias_hh_l0", "bias_hh"):
                if isinstance(getattr(m, name, None), nn.Parameter):
                    with torch.no_grad():
                        getattr(m, name).zero_()
                    getattr(m, name).requires_grad_(False)
        self.history = []
        self.tokenizer = None
        self.extra = {}

    def _recurrence(self):
        c = self.config
        if self.lstm:
            return nn.LSTM(c["d_e"], c["d_hidden"], batch_first=True)
        return nn.RNN(c["d_e"], c["d_hidden"], nonlinearity=c.get("activation", "tanh"), batch_first=True)

    # --- the file's tensors ------------------------------------------------------------------------------------
    def _named(self):
        """(file name, tensor, row slice or None) for every tensor of the file, in the file's order."""
        out = [("W_e", self.W_e, None)]
        cells = [("enc", self.enc), ("dec", self.dec)] if self.ed else [("rnn", self.rnn)]
        d = self.config["d_e"]
        for pre, m in cells:
            if isinstance(m, (nn.RNNCell, nn.LSTMCell)):  # the attention's decoder: W_ih = [A | C]
                out += [(pre + ".V", m.weight_hh, None), (pre + ".A", m.weight_ih, slice(0, d)),
                        (pre + ".b", m.bias_ih, None), (pre + ".C", m.weight_ih, slice(d, None)),
                        ("att.W", self.W_a, None), ("att.U", self.U_a, None), ("att.v", self.v_a, None)]
            else:
                out += [(pre + ".V", m.weight_hh_l0, None), (pre + ".A", m.weight_ih_l0, None),
                        (pre + ".b", m.bias_ih_l0, None)]
        out += [("W_u", self.out.weight, None), ("b_u", self.out.bias, None)]
        return out

    def tensors(self):
        """{file name: tensor} — views of the parameters (the attention's A and C are column blocks of W_ih)."""
        return {n: (t if cols is None else t[:, cols]) for n, t, cols in self._named()}

    def load_tensors(self, tensors, what="tensors"):
        own = self.tensors()
        for name, t in own.items():
            if name not in tensors:
                raise ValueError(f"{what}: tensor '{name}' is missing")
            if list(tensors[name].shape) != list(t.shape):
                raise ValueError(f"{what}: tensor '{name}' is {list(tensors[name].shape)}, expected {list(t.shape)}")
        with torch.no_grad():
            for name, t in own.items():
                t.copy_(torch.as_tensor(tensors[name], dtype=t.dtype))

    # --- the algorithm ---------------------------------------------------------------------------------------
    _ids = GlassboxModel._ids

    def logits(self, x, z=None, drop=False):
        """|x| × |V| logits W_u h_j + b_u."""
        x = self._ids(x, "target ids" if self.ed else "ids")
        E = self.W_e[:, x].T.unsqueeze(0)  # 1 × n × d_e
        if not self.ed:
            if z is not None:
                raise ValueError("an rnn model takes one sequence")
            H, _ = self.rnn(E)  # h_0 = 0
            return self.out(H[0])
        if z is None:
            raise ValueError("an rnn-seq2seq model needs source ids")
        zi = self._ids(z, "source ids")
        G, last = self.enc(self.W_e[:, zi].T.unsqueeze(0))  # c = the encoder's last state (an LSTM's (h, m))
        if not self.attention:
            H, _ = self.dec(E, last)
            return self.out(H[0])
        G = G[0]
        keys = G @ self.U_a.T
        state = (last[0][0], last[1][0]) if self.lstm else last[0]  # 1 × d_h
        hs = []
        for j in range(E.shape[1]):
            h_prev = state[0] if self.lstm else state
            alpha = torch.softmax(torch.tanh(keys + h_prev @ self.W_a.T) @ self.v_a, dim=0)
            inp = torch.cat([E[0, j], alpha @ G]).unsqueeze(0)
            state = self.dec(inp, state)
            hs.append(state[0] if self.lstm else state)
        return self.out(torch.cat(hs))

    log_probs = GlassboxModel.log_probs
    forward = GlassboxModel.forward
    loss = GlassboxModel.loss
    _split = GlassboxModel._split
    log_step = GlassboxModel.log_step


# ------------------------------------------------------------------------------------------------ load / save

def _unwrap(model):
    while not isinstance(model, (GlassboxModel, GlassboxRnn)) and hasattr(model, "module"):  # DDP, …
        model = model.module
    if not isinstance(model, (GlassboxModel, GlassboxRnn)):
        raise TypeError("save: expected a GlassboxModel or GlassboxRnn (or a wrapper of one with .module)")
    return model


def load(path, device=None):
    """(model, tokenizer or None, config) from a Glassbox model file. The model is in eval() mode."""
    meta, tensors = read_safetensors(path)
    fmt = meta.get("glassbox.format")
    if fmt is None:
        raise ValueError(f"{path}: not a Glassbox model (no glassbox.format metadata)")
    if fmt != FORMAT:
        raise ValueError(f"{path}: format version {fmt}, this bridge reads {FORMAT}")
    config = json.loads(meta["glassbox.config"])
    if config.get("variant") in RNN_VARIANTS:
        model = GlassboxRnn(config)
        own = model.tensors()
    else:
        model = GlassboxModel(config)
        own = model.state_dict()
    for name in own:
        if name not in tensors:
            raise ValueError(f"{path}: tensor '{name}' is missing")
        if list(tensors[name].shape) != list(own[name].shape):
            raise ValueError(f"{path}: tensor '{name}' is {list(tensors[name].shape)}, expected "
                             f"{list(own[name].shape)}")
    resumable = "glassbox.training" in meta
    for name in tensors:
        if name not in own and not (resumable and name.startswith(("opt.m.", "opt.v."))) \
                and not ("glassbox.last_step" in meta and name.startswith(("last.grad.", "last.update."))):
            raise ValueError(f"{path}: unexpected tensor '{name}'")
    if isinstance(model, GlassboxRnn):
        model.load_tensors(tensors, path)
    else:
        model.load_state_dict({k: tensors[k] for k in own})
    tok = Tokenizer.from_json(meta["glassbox.tokenizer"]) if "glassbox.tokenizer" in meta else None
    model.tokenizer = tok
    model.history = json.loads(meta["glassbox.history"]) if "glassbox.history" in meta else []
    model.extra = {k: v for k, v in meta.items() if k not in _OWN_KEYS}
    if device is not None:
        model.to(device)
    model.eval()
    return model, tok, dict(config)


def _history_point(p):
    out = {}
    for k, v in p.items():
        if k == "step":
            v = int(v)
        elif isinstance(v, (float, int, torch.Tensor)) and not isinstance(v, bool):
            v = float(v)
            if not math.isfinite(v):
                raise ValueError(f"save: history point {p.get('step')}: {k} is not finite")
        out[k] = v
    if "loss" not in out or "lr" not in out:
        raise ValueError("save: every history point needs step, loss and lr")
    return out


def save(model, path, tokenizer=None, history=None):
    """Writes a Glassbox model file: config, parameters, tokenizer (given, else the model's own), the loss
    history (given, else model.history) and the metadata the model was loaded with. Glassbox's training state
    (optimizer moments, data position) is not written: the weights moved on, so the file is not resumable."""
    m = _unwrap(model)
    tok = tokenizer if tokenizer is not None else m.tokenizer
    if isinstance(tok, dict):
        tok = Tokenizer.from_json(tok)
    if tok is not None and len(tok) > m.config["vocab_size"]:
        raise ValueError(f"save: the tokenizer has {len(tok)} tokens, the model only {m.config['vocab_size']}")
    # format and config first: file managers recognise a Glassbox model by them near the start (its MIME magic)
    meta = {"glassbox.format": FORMAT,
            "glassbox.config": json.dumps({k: m.config[k] for k in CONFIG_KEYS + _RNN_KEYS if k in m.config},
                                          separators=(",", ":"))}
    meta.update((k, v) for k, v in m.extra.items() if k not in meta)
    if tok is not None:
        meta["glassbox.tokenizer"] = json.dumps(tok.to_json(), ensure_ascii=False, separators=(",", ":"))
    h = m.history if history is None else history
    if h:
        meta["glassbox.history"] = json.dumps([_history_point(p) for p in h], separators=(",", ":"))
    tensors = {}
    for name, p in (m.tensors() if isinstance(m, GlassboxRnn) else m.state_dict()).items():
        if not torch.isfinite(p).all():
            raise ValueError(f"save: tensor '{name}' holds NaN or infinite values; nothing was written")
        tensors[name] = p
    write_safetensors(path, tensors, meta)


# ------------------------------------------------------------------------------------------------ importing a pickle

_HF_FOLDER_FILES = ("config.json", "generation_config.json", "vocab.json", "merges.txt", "source.spm", "target.spm",
                    "tokenizer_config.json", "special_tokens_map.json")


def import_checkpoint(folder, out, cli=None):
    """A Hugging Face folder whose weights are only in pytorch_model.bin (a pickle, which Glassbox's importer does
    not open) → the Glassbox model file `out`. The pickle is read with torch.load(weights_only=True): only tensors
    and plain containers come back, never code (a pickle is hostile input). Its tensors are written as
    model.safetensors (F32) into a temporary copy of the folder, which `glassbox-cli import` (the path `cli`, else
    $GLASSBOX_CLI, else glassbox-cli on PATH) then reads as it reads any folder (docs/import.md)."""
    import shutil
    import subprocess
    folder = os.path.dirname(folder) if os.path.basename(folder) == "config.json" else folder
    pickle = os.path.join(folder, "pytorch_model.bin")
    if not os.path.isfile(pickle):
        raise ValueError(f"{folder}: no pytorch_model.bin (a folder with model.safetensors: glassbox-cli import)")
    state = torch.load(pickle, map_location="cpu", weights_only=True)
    if not isinstance(state, dict) or not all(isinstance(v, torch.Tensor) for v in state.values()):
        raise ValueError(f"{pickle}: expected a dictionary of tensors (a state dict)")
    cli = cli or os.environ.get("GLASSBOX_CLI") or shutil.which("glassbox-cli")
    if not cli:
        raise RuntimeError("glassbox-cli not found: give its path (cli=… or $GLASSBOX_CLI)")
    with tempfile.TemporaryDirectory(prefix="glassbox-import-") as tmp:
        for name in _HF_FOLDER_FILES:
            if os.path.isfile(os.path.join(folder, name)):
                shutil.copyfile(os.path.join(folder, name), os.path.join(tmp, name))
        write_safetensors(os.path.join(tmp, "model.safetensors"),
                          {k: v.float() for k, v in state.items() if v.is_floating_point() or v.dtype == torch.bool})
        r = subprocess.run([cli, "import", tmp, "--out", out, "--quiet"], capture_output=True, text=True)
        if r.returncode != 0:
            raise ValueError(r.stderr.strip().replace(tmp, folder))
    return out


if __name__ == "__main__":
    import sys
    if len(sys.argv) != 4 or sys.argv[1] != "import":
        sys.exit("usage: python3 -m glassbox_torch import FOLDER OUT.safetensors")
    try:
        print(f"imported {import_checkpoint(sys.argv[2], sys.argv[3])} (converted from pytorch_model.bin)")
    except (ValueError, RuntimeError, OSError) as e:
        sys.exit(f"glassbox_torch import: {e}")
