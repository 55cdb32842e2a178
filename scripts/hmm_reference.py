#!/usr/bin/env python3
"""The discrete HMM computed directly, independently of core/families/hmm: the fixtures of tst_core_hmm.

Short sequences by brute force over every state path (P(z, x) for each z, summed, maximised, weighted), a long one by
the forward recursion in log arithmetic (logsumexp, no scaling), and one Baum-Welch iteration from expected counts
taken over every path. Conventions as in docs/model-file.md: T[i, j] = P(z_{t+1} = i | z_t = j), E[v, k] = P(x = v |
z = k), columns sum to 1. The parameters are rounded to float32 first (the model file stores floats).

    python3 scripts/hmm_reference.py tests/fixtures/hmm/hmm_reference.json
"""
import itertools
import json
import sys

import numpy as np


def lcg_tokens(n, vocab, seed):
    """The long sequence, reproduced by the test: a 32-bit LCG, token = (state >> 16) % vocab."""
    s, out = seed, []
    for _ in range(n):
        s = (1664525 * s + 1013904223) % (1 << 32)
        out.append((s >> 16) % vocab)
    return out


def random_hmm(rng, K, V):
    def cols(rows, ncols):
        m = rng.uniform(0.05, 1.0, size=(rows, ncols))
        m = (m / m.sum(axis=0)).astype(np.float32)
        return m.astype(np.float64)
    return cols(K, 1)[:, 0], cols(K, K), cols(V, K)


def joint(pi, T, E, z, x):
    p = pi[z[0]] * E[x[0], z[0]]
    for t in range(1, len(x)):
        p *= T[z[t], z[t - 1]] * E[x[t], z[t]]
    return p


def brute(pi, T, E, x):
    K = len(pi)
    paths = list(itertools.product(range(K), repeat=len(x)))
    probs = np.array([joint(pi, T, E, z, x) for z in paths])
    px = probs.sum()
    post = np.zeros((len(x), K))
    for z, p in zip(paths, probs):
        for t, k in enumerate(z):
            post[t, k] += p / px
    best = paths[int(np.argmax(probs))]  # the first maximum in lexicographic order
    return px, post, list(best), paths, probs


def next_rows(pi, T, E, x):
    """Row j (0-based) = log P(x_{j+2} = v | x_1..x_{j+1}) for every v, from P(prefix, v) / P(prefix) by brute force."""
    rows = []
    V = E.shape[0]
    for j in range(1, len(x) + 1):
        px, *_ = brute(pi, T, E, x[:j])
        rows.append([float(np.log(brute(pi, T, E, x[:j] + [v])[0] / px)) for v in range(V)])
    return rows


def log_forward(pi, T, E, x):
    la = np.log(pi) + np.log(E[x[0]])
    logT = np.log(T)
    for t in range(1, len(x)):
        m = logT + la[None, :]          # [i, j] = log T[i, j] + log α_{t−1}(j)
        mx = m.max(axis=1)
        la = mx + np.log(np.exp(m - mx[:, None]).sum(axis=1)) + np.log(E[x[t]])
    mx = la.max()
    return float(mx + np.log(np.exp(la - mx).sum()))


def em_brute(pi, T, E, seqs):
    K, V = len(pi), E.shape[0]
    cpi, cT, cE, ll = np.zeros(K), np.zeros((K, K)), np.zeros((V, K)), 0.0
    for x in seqs:
        px, _, _, paths, probs = brute(pi, T, E, x)
        ll += np.log(px)
        for z, p in zip(paths, probs):
            w = p / px
            cpi[z[0]] += w
            for t in range(len(x)):
                cE[x[t], z[t]] += w
                if t > 0:
                    cT[z[t], z[t - 1]] += w
    return ll, cpi / cpi.sum(), cT / cT.sum(axis=0), cE / cE.sum(axis=0)


def main():
    rng = np.random.default_rng(20261127)
    K, V = 3, 5
    pi, T, E = random_hmm(rng, K, V)
    x = [0, 3, 1, 1, 4, 2, 0]
    px, post, vit, _, _ = brute(pi, T, E, x)
    seqs = [[0, 1, 2, 3], [4, 4, 0, 1, 2], [2, 3]]
    ll, pi2, T2, E2 = em_brute(pi, T, E, seqs)
    # a model whose E rules a symbol out in every state (column sums still 1): log P = −∞ for it
    E0 = E.copy()
    E0[4, :] = 0.0
    E0 = (E0 / E0.sum(axis=0)).astype(np.float32).astype(np.float64)
    long_seed, long_n = 12345, 100000
    K2, V2 = 8, 27
    pi_l, T_l, E_l = random_hmm(rng, K2, V2)
    long_ll = log_forward(pi_l, T_l, E_l, lcg_tokens(long_n, V2, long_seed))
    out = {
        "small": {"pi": pi.tolist(), "T": T.tolist(), "E": E.tolist(), "x": x,
                  "loglik": float(np.log(px)), "posterior": post.tolist(), "viterbi": vit,
                  "next_logprobs": next_rows(pi, T, E, x)},
        "em": {"sequences": seqs, "loglik": float(ll), "pi": pi2.tolist(), "T": T2.tolist(), "E": E2.tolist()},
        "impossible": {"E": E0.tolist(), "x": [0, 4, 1]},
        "long": {"pi": pi_l.tolist(), "T": T_l.tolist(), "E": E_l.tolist(), "n": long_n, "vocab": V2,
                 "lcg_seed": long_seed, "loglik": long_ll},
    }
    with open(sys.argv[1], "w") as f:
        json.dump(out, f, indent=1)


if __name__ == "__main__":
    main()
