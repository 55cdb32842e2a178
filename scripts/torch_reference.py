#!/usr/bin/python3
"""PyTorch reference for Glassbox's core: builds each model from torch's own layers, loads the parameters from a
Glassbox model file, and writes the figures our tests compare against (log-probs, every gradient, 20 SGD losses).

Independent of our C++ by construction: the encoder-decoder uses nn.TransformerEncoderLayer /
nn.TransformerDecoderLayer (norm_first=False, ReLU, dropout 0) exactly as seed 000 writes its layers; the
decoder-only uses nn.TransformerEncoderLayer(norm_first=True, activation='gelu') with a causal mask plus a final
nn.LayerNorm, which is seed 002. The only shared piece is the file format, read here with numpy.

Usage: /usr/bin/python3 scripts/torch_reference.py MODEL.safetensors DATA.jsonl OUT.safetensors [--lr 0.05]
       [--epochs 2]
Needs Debian's python3-torch and python3-numpy.
"""
import argparse
import json
import struct

import numpy as np
import torch
import torch.nn as nn


def read_safetensors(path):
    with open(path, "rb") as f:
        raw = f.read()
    (n,) = struct.unpack("<Q", raw[:8])
    header = json.loads(raw[8:8 + n])
    meta = header.pop("__metadata__", {})
    data = raw[8 + n:]
    tensors = {}
    for name, t in header.items():
        assert t["dtype"] == "F32", name
        b, e = t["data_offsets"]
        tensors[name] = np.frombuffer(data[b:e], dtype="<f4").reshape(t["shape"]).copy()
    return meta, tensors


def write_safetensors(path, tensors, meta=None):
    header, blobs, pos = {}, [], 0
    if meta:
        header["__metadata__"] = meta
    for name, arr in tensors.items():
        arr = np.ascontiguousarray(arr, dtype="<f4")
        header[name] = {"dtype": "F32", "shape": list(arr.shape), "data_offsets": [pos, pos + arr.nbytes]}
        blobs.append(arr.tobytes())
        pos += arr.nbytes
    js = json.dumps(header).encode()
    js += b" " * ((8 - (len(js) + 8) % 8) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(js)) + js + b"".join(blobs))


class Reference(nn.Module):
    def __init__(self, cfg, t):
        super().__init__()
        self.cfg = cfg
        d, H, m = cfg["d_e"], cfg["heads"], cfg["d_mlp"]
        self.ed = cfg["variant"] == "encoder-decoder"
        P = lambda a: nn.Parameter(torch.tensor(a))
        self.W_e = P(t["W_e"])  # d_e × |V|
        self.W_p = P(t["W_p"])  # d_e × ℓ_max
        self.tied = cfg["tied_unembed"]
        if not self.tied:
            self.W_u = P(t["W_u"])  # |V| × d_e
        assert cfg["dropout"] == 0

        def load_attn(mha, pre):
            with torch.no_grad():
                mha.in_proj_weight.copy_(torch.tensor(np.concatenate([t[pre + ".W_q"], t[pre + ".W_k"], t[pre + ".W_v"]])))
                mha.in_proj_bias.copy_(torch.tensor(np.concatenate([t[pre + ".b_q"], t[pre + ".b_k"], t[pre + ".b_v"]])))
                mha.out_proj.weight.copy_(torch.tensor(t[pre + ".W_o"]))
                mha.out_proj.bias.copy_(torch.tensor(t[pre + ".b_o"]))

        def load_norm(ln, pre):
            with torch.no_grad():
                ln.weight.copy_(torch.tensor(t[pre + ".gamma"]))
                ln.bias.copy_(torch.tensor(t[pre + ".beta"]))

        def load_lin(lin, W, b):
            with torch.no_grad():
                lin.weight.copy_(torch.tensor(t[W]))
                lin.bias.copy_(torch.tensor(t[b]))

        self.names = {}  # our tensor name → torch parameter
        if self.ed:
            assert cfg["norm"] == "post" and cfg["activation"] == "relu" and not cfg["final_norm"]
            self.enc = nn.ModuleList()
            for l in range(cfg["enc_layers"]):
                layer = nn.TransformerEncoderLayer(d, H, m, dropout=0.0, activation="relu", norm_first=False,
                                                   batch_first=True)
                p = f"enc.{l}"
                load_attn(layer.self_attn, p + ".attn")
                load_norm(layer.norm1, p + ".ln1")
                load_lin(layer.linear1, p + ".mlp.W_1", p + ".mlp.b_1")
                load_lin(layer.linear2, p + ".mlp.W_2", p + ".mlp.b_2")
                load_norm(layer.norm2, p + ".ln2")
                self.enc.append(layer)
            self.dec = nn.ModuleList()
            for l in range(cfg["dec_layers"]):
                layer = nn.TransformerDecoderLayer(d, H, m, dropout=0.0, activation="relu", norm_first=False,
                                                   batch_first=True)
                p = f"dec.{l}"
                load_attn(layer.self_attn, p + ".attn")
                load_norm(layer.norm1, p + ".ln3")
                load_attn(layer.multihead_attn, p + ".cross")
                load_norm(layer.norm2, p + ".ln4")
                load_lin(layer.linear1, p + ".mlp.W_3", p + ".mlp.b_3")
                load_lin(layer.linear2, p + ".mlp.W_4", p + ".mlp.b_4")
                load_norm(layer.norm3, p + ".ln5")
                self.dec.append(layer)
        else:
            assert cfg["norm"] == "pre" and cfg["activation"] == "gelu" and cfg["final_norm"]
            self.dec = nn.ModuleList()
            for l in range(cfg["dec_layers"]):
                layer = nn.TransformerEncoderLayer(d, H, m, dropout=0.0, activation="gelu", norm_first=True,
                                                   batch_first=True)
                p = f"dec.{l}"
                load_norm(layer.norm1, p + ".ln1")
                load_attn(layer.self_attn, p + ".attn")
                load_norm(layer.norm2, p + ".ln2")
                load_lin(layer.linear1, p + ".mlp.W_1", p + ".mlp.b_1")
                load_lin(layer.linear2, p + ".mlp.W_2", p + ".mlp.b_2")
                self.dec.append(layer)
            self.ln = nn.LayerNorm(d, eps=1e-5)
            load_norm(self.ln, "ln")

    def embed(self, ids):  # X[:, j] = W_e[:, x_j] + W_p[:, j], as rows: [1, n, d_e]
        ids = torch.tensor(ids, dtype=torch.long)
        return (self.W_e[:, ids] + self.W_p[:, : len(ids)]).T.unsqueeze(0)

    def forward(self, x, z=None):
        n = len(x)
        causal = torch.triu(torch.full((n, n), float("-inf")), diagonal=1)  # M_uni as an additive mask
        X = self.embed(x)
        if self.ed:
            Z = self.embed(z)
            for layer in self.enc:
                Z = layer(Z)
            for layer in self.dec:
                X = layer(X, Z, tgt_mask=causal)
        else:
            for layer in self.dec:
                X = layer(X, src_mask=causal)
            X = self.ln(X)
        W_u = self.W_e.T if self.tied else self.W_u
        logits = X[0] @ W_u.T  # n × |V|  (the transpose of W_u X)
        return torch.log_softmax(logits, dim=-1)

    def loss(self, x, z=None):  # J = −Σ_{j=1}^{ℓ−1} log P[x_{j+1}, j]
        lp = self.forward(x, z)
        tgt = torch.tensor(x[1:], dtype=torch.long)
        return -lp[:-1].gather(1, tgt.unsqueeze(1)).sum()

    def grads_by_name(self):
        """Our tensor names → gradient arrays in the seed's shapes."""
        out = {"W_e": self.W_e.grad, "W_p": self.W_p.grad}
        if not self.tied:
            out["W_u"] = self.W_u.grad

        def attn(mha, pre):
            d = self.cfg["d_e"]
            w, b = mha.in_proj_weight.grad, mha.in_proj_bias.grad
            for k, s in (("q", 0), ("k", 1), ("v", 2)):
                out[f"{pre}.W_{k}"] = w[s * d:(s + 1) * d]
                out[f"{pre}.b_{k}"] = b[s * d:(s + 1) * d]
            out[pre + ".W_o"] = mha.out_proj.weight.grad
            out[pre + ".b_o"] = mha.out_proj.bias.grad

        def norm(ln, pre):
            out[pre + ".gamma"], out[pre + ".beta"] = ln.weight.grad, ln.bias.grad

        def lin(l, W, b):
            out[W], out[b] = l.weight.grad, l.bias.grad

        if self.ed:
            for i, layer in enumerate(self.enc):
                p = f"enc.{i}"
                attn(layer.self_attn, p + ".attn"); norm(layer.norm1, p + ".ln1")
                lin(layer.linear1, p + ".mlp.W_1", p + ".mlp.b_1"); lin(layer.linear2, p + ".mlp.W_2", p + ".mlp.b_2")
                norm(layer.norm2, p + ".ln2")
            for i, layer in enumerate(self.dec):
                p = f"dec.{i}"
                attn(layer.self_attn, p + ".attn"); norm(layer.norm1, p + ".ln3")
                attn(layer.multihead_attn, p + ".cross"); norm(layer.norm2, p + ".ln4")
                lin(layer.linear1, p + ".mlp.W_3", p + ".mlp.b_3"); lin(layer.linear2, p + ".mlp.W_4", p + ".mlp.b_4")
                norm(layer.norm3, p + ".ln5")
        else:
            for i, layer in enumerate(self.dec):
                p = f"dec.{i}"
                norm(layer.norm1, p + ".ln1"); attn(layer.self_attn, p + ".attn"); norm(layer.norm2, p + ".ln2")
                lin(layer.linear1, p + ".mlp.W_1", p + ".mlp.b_1"); lin(layer.linear2, p + ".mlp.W_2", p + ".mlp.b_2")
            norm(self.ln, "ln")
        return {k: v.detach().numpy().copy() for k, v in out.items()}


def is_lstm(cfg):
    return cfg.get("cell", "elman") == "lstm"


def torch_rnn(cfg, t, pre):
    """torch's nn.RNN (or nn.LSTM, gates i, f, g, o as ours) holding our cell `pre` (rnn, enc or dec): W_ih = A,
    W_hh = V, b_ih = b, b_hh = 0 (frozen)."""
    if is_lstm(cfg):
        r = nn.LSTM(cfg["d_e"], cfg["d_hidden"], batch_first=True)
    else:
        r = nn.RNN(cfg["d_e"], cfg["d_hidden"], nonlinearity=cfg["activation"], batch_first=True)
    with torch.no_grad():
        r.weight_ih_l0.copy_(torch.tensor(t[pre + ".A"]))
        r.weight_hh_l0.copy_(torch.tensor(t[pre + ".V"]))
        r.bias_ih_l0.copy_(torch.tensor(t[pre + ".b"]))
        r.bias_hh_l0.zero_()
    r.bias_hh_l0.requires_grad_(False)
    return r


def torch_cell(cfg, t, pre, extra):
    """torch's nn.RNNCell (or nn.LSTMCell) holding our cell `pre` whose input is [W_e[:, x_j]; ctx_j]: W_ih = [A | C],
    W_hh = V, b_ih = b, b_hh = 0 (frozen). The decoder with additive attention steps through it."""
    n_in = cfg["d_e"] + extra
    if is_lstm(cfg):
        r = nn.LSTMCell(n_in, cfg["d_hidden"])
    else:
        r = nn.RNNCell(n_in, cfg["d_hidden"], nonlinearity=cfg["activation"])
    with torch.no_grad():
        r.weight_ih.copy_(torch.tensor(np.concatenate([t[pre + ".A"], t[pre + ".C"]], axis=1)))
        r.weight_hh.copy_(torch.tensor(t[pre + ".V"]))
        r.bias_ih.copy_(torch.tensor(t[pre + ".b"]))
        r.bias_hh.zero_()
    r.bias_hh.requires_grad_(False)
    return r


class RnnReference(nn.Module):
    """Seed 001's recurrent network from torch's own nn.RNN: h_j = f(x_j W_ihᵀ + b_ih + h_{j−1} W_hhᵀ + b_hh) with
    W_ih = A, W_hh = V, b_ih = b, b_hh = 0 (frozen), x_j = W_e[:, x_j]; log_softmax(W_u h_j + b_u)."""

    def __init__(self, cfg, t):
        super().__init__()
        self.ed = False
        P = lambda a: nn.Parameter(torch.tensor(a))
        self.W_e = P(t["W_e"])
        self.rnn = torch_rnn(cfg, t, "rnn")
        self.out = nn.Linear(cfg["d_hidden"], cfg["vocab_size"])
        with torch.no_grad():
            self.out.weight.copy_(torch.tensor(t["W_u"]))
            self.out.bias.copy_(torch.tensor(t["b_u"]))

    def forward(self, x, z=None):
        ids = torch.tensor(x, dtype=torch.long)
        H, _ = self.rnn(self.W_e[:, ids].T.unsqueeze(0))  # h_0 = 0
        return torch.log_softmax(self.out(H[0]), dim=-1)

    loss = Reference.loss

    def grads_by_name(self):
        out = {"W_e": self.W_e.grad, "rnn.V": self.rnn.weight_hh_l0.grad, "rnn.A": self.rnn.weight_ih_l0.grad,
               "rnn.b": self.rnn.bias_ih_l0.grad, "W_u": self.out.weight.grad, "b_u": self.out.bias.grad}
        return {k: v.detach().numpy().copy() for k, v in out.items()}


class RnnSeq2SeqReference(nn.Module):
    """Seed 004's RNN encoder-decoder (Sutskever et al., Cho et al. 2014) from torch's nn.RNN (or nn.LSTM): the encoder
    reads z from h_0 = 0 (W_ih = enc.A, W_hh = enc.V, b_ih = enc.b, b_hh = 0), c is its state after the last token of
    z (an LSTM passes its memory too); the decoder reads x from h_0 = c (dec.A, dec.V, dec.b); log_softmax(W_u h_j +
    b_u); one W_e for both. With additive attention (Bahdanau et al. 2015) the decoder is an nn.RNNCell (LSTMCell)
    stepped by hand: α_j = softmax(v_aᵀ tanh(W_a h_{j−1} + U_a s_t)), ctx_j = Σ_t α_jt s_t, and the cell reads
    [W_e[:, x_j]; ctx_j] with W_ih = [dec.A | dec.C]."""

    def __init__(self, cfg, t):
        super().__init__()
        self.ed = True
        self.lstm = is_lstm(cfg)
        self.attention = cfg.get("attention", "none") == "additive"
        self.d_e = cfg["d_e"]
        P = lambda a: nn.Parameter(torch.tensor(a))
        self.W_e = P(t["W_e"])
        self.enc = torch_rnn(cfg, t, "enc")
        if self.attention:
            self.dec = torch_cell(cfg, t, "dec", cfg["d_hidden"])
            self.W_a = P(t["att.W"])
            self.U_a = P(t["att.U"])
            self.v_a = P(t["att.v"])
        else:
            self.dec = torch_rnn(cfg, t, "dec")
        self.out = nn.Linear(cfg["d_hidden"], cfg["vocab_size"])
        with torch.no_grad():
            self.out.weight.copy_(torch.tensor(t["W_u"]))
            self.out.bias.copy_(torch.tensor(t["b_u"]))

    def forward(self, x, z=None):
        zi = torch.tensor(z, dtype=torch.long)
        S, last = self.enc(self.W_e[:, zi].T.unsqueeze(0))  # c = h_|z| (1 × 1 × d_h); an LSTM's (h, m)
        xi = torch.tensor(x, dtype=torch.long)
        E = self.W_e[:, xi].T  # n × d_e
        if not self.attention:
            H, _ = self.dec(E.unsqueeze(0), last)
            return torch.log_softmax(self.out(H[0]), dim=-1)
        S = S[0]  # |z| × d_h
        keys = S @ self.U_a.T
        state = (last[0][0, 0], last[1][0, 0]) if self.lstm else last[0, 0]
        hs = []
        for j in range(E.shape[0]):
            h_prev = state[0] if self.lstm else state
            alpha = torch.softmax(torch.tanh(keys + self.W_a @ h_prev) @ self.v_a, dim=0)
            inp = torch.cat([E[j], alpha @ S]).unsqueeze(0)
            if self.lstm:
                h, m = self.dec(inp, (state[0].unsqueeze(0), state[1].unsqueeze(0)))
                state = (h[0], m[0])
                hs.append(h[0])
            else:
                state = self.dec(inp, state.unsqueeze(0))[0]
                hs.append(state)
        return torch.log_softmax(self.out(torch.stack(hs)), dim=-1)

    loss = Reference.loss

    def grads_by_name(self):
        out = {"W_e": self.W_e.grad, "W_u": self.out.weight.grad, "b_u": self.out.bias.grad,
               "enc.V": self.enc.weight_hh_l0.grad, "enc.A": self.enc.weight_ih_l0.grad,
               "enc.b": self.enc.bias_ih_l0.grad}
        if self.attention:
            g = self.dec.weight_ih.grad
            out.update({"dec.V": self.dec.weight_hh.grad, "dec.A": g[:, :self.d_e], "dec.C": g[:, self.d_e:],
                        "dec.b": self.dec.bias_ih.grad, "att.W": self.W_a.grad, "att.U": self.U_a.grad,
                        "att.v": self.v_a.grad})
        else:
            out.update({"dec.V": self.dec.weight_hh_l0.grad, "dec.A": self.dec.weight_ih_l0.grad,
                        "dec.b": self.dec.bias_ih_l0.grad})
        return {k: v.detach().numpy().copy() for k, v in out.items()}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("model")
    ap.add_argument("data")
    ap.add_argument("out")
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--epochs", type=int, default=2)
    a = ap.parse_args()
    torch.manual_seed(0)
    torch.set_num_threads(1)
    meta, t = read_safetensors(a.model)
    cfg = json.loads(meta["glassbox.config"])
    model = {"rnn": RnnReference, "rnn-seq2seq": RnnSeq2SeqReference}.get(cfg["variant"], Reference)(cfg, t)
    ed = model.ed
    data = [json.loads(line) for line in open(a.data) if line.strip()]
    first = data[0]
    x = first["target"] if ed else first["ids"]
    z = first["source"] if ed else None

    # 1. log P for the first example, and 2. the gradient of its sum loss.
    model.zero_grad()
    lp = model.forward(x, z)
    J = model.loss(x, z)
    J.backward()
    out = {"logprobs": lp.detach().numpy()}
    for k, v in model.grads_by_name().items():
        out["grad." + k] = v

    # 3. Seed-exact training: SGD, one example per step, in data order, sum loss, no clipping.
    opt = torch.optim.SGD(model.parameters(), lr=a.lr)
    losses = []
    for _ in range(a.epochs):
        for ex in data:
            xi = ex["target"] if ed else ex["ids"]
            zi = ex["source"] if ed else None
            opt.zero_grad()
            J = model.loss(xi, zi)
            losses.append(J.item())  # the loss of this step's forward pass, before its update
            J.backward()
            opt.step()
    out["sgd_losses"] = np.array(losses, dtype=np.float32)
    write_safetensors(a.out, out, {"lr": repr(a.lr), "epochs": str(a.epochs), "torch": torch.__version__,
                                   "loss_J": repr(float(model.loss(x, z)))})
    print(f"{a.out}: {len(losses)} SGD losses, first {losses[0]:.6f}, last {losses[-1]:.6f}")


if __name__ == "__main__":
    main()
