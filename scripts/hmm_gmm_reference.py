#!/usr/bin/env python3
"""The HMM with Gaussian-mixture emissions computed directly, independently of core/families/hmm/hmm_gmm: the
fixtures of tst_core_hmm's hmm-gmm tests.

Short sequences by brute force over every state path (p(z, o) for each z, summed, maximised, weighted), a long one by
the forward recursion in log arithmetic (scipy-free logsumexp), and one Baum-Welch iteration from expected counts
taken over every path (each component's responsibility within its state by Bayes' rule). Conventions as in
docs/model-file.md: T[i, j] = P(z_{t+1} = i | z_t = j); gmm.w [M, K], columns sum to 1; gmm.mu and gmm.var [K, M, D]
(diagonal covariances). The M-step floors each variance at 1e-3 times the data's variance in its dimension
(kGmmVarianceFloor). Parameters and observations are rounded to float32 first (the model file stores floats).

    python3 scripts/hmm_gmm_reference.py tests/fixtures/hmm/hmm_gmm_reference.json
"""
import itertools
import json
import sys

import numpy as np

FLOOR = 1e-3


def f32(a):
    return np.asarray(a, dtype=np.float32).astype(np.float64)


def random_model(rng, K, M, D, spread=2.0):
    def cols(rows, ncols):
        m = rng.uniform(0.1, 1.0, size=(rows, ncols))
        return f32(m / m.sum(axis=0))
    pi = cols(K, 1)[:, 0]
    T = cols(K, K)
    w = cols(M, K)
    mu = f32(rng.normal(0, spread, size=(K, M, D)))
    var = f32(rng.uniform(0.3, 2.0, size=(K, M, D)))
    return pi, T, w, mu, var


def log_comp(w, mu, var, o):
    """K × M: log(w[m, k] N(o; mu[k, m], diag var[k, m]))."""
    K, M, D = mu.shape
    out = np.zeros((K, M))
    for k in range(K):
        for m in range(M):
            q = ((o - mu[k, m]) ** 2 / var[k, m]).sum()
            out[k, m] = np.log(w[m, k]) - 0.5 * (D * np.log(2 * np.pi) + np.log(var[k, m]).sum()) - 0.5 * q
    return out


def lse(a, axis=None):
    m = np.max(a, axis=axis, keepdims=True)
    r = m + np.log(np.exp(a - m).sum(axis=axis, keepdims=True))
    return np.squeeze(r, axis=axis) if axis is not None else float(r.reshape(()))


def brute(model, obs):
    pi, T, w, mu, var = model
    K = len(pi)
    n = obs.shape[0]
    lc = [log_comp(w, mu, var, obs[t]) for t in range(n)]
    lb = np.array([lse(c, axis=1) for c in lc])  # n × K
    paths = list(itertools.product(range(K), repeat=n))
    logp = []
    for z in paths:
        s = np.log(pi[z[0]]) + lb[0, z[0]]
        for t in range(1, n):
            s += np.log(T[z[t], z[t - 1]]) + lb[t, z[t]]
        logp.append(s)
    logp = np.array(logp)
    ll = lse(logp)
    post = np.zeros((n, K))
    xi = np.zeros((K, K))
    for z, lp in zip(paths, logp):
        p = np.exp(lp - ll)
        for t, k in enumerate(z):
            post[t, k] += p
        for t in range(1, n):
            xi[z[t], z[t - 1]] += p
    best = paths[int(np.argmax(logp))]
    return ll, post, xi, list(best), lc, lb


def forward_log(model, obs):
    pi, T, w, mu, var = model
    lb = np.array([lse(log_comp(w, mu, var, o), axis=1) for o in obs])
    la = np.log(pi) + lb[0]
    for t in range(1, len(obs)):
        la = lb[t] + lse(np.log(T) + la[None, :], axis=1)
    return lse(la)


def em_step(model, seqs):
    pi, T, w, mu, var = model
    K, M, D = mu.shape
    pi_acc = np.zeros(K)
    tr = np.zeros((K, K))
    occ = np.zeros((K, M))
    s1 = np.zeros((K, M, D))
    s2 = np.zeros((K, M, D))
    total = 0.0
    allobs = np.concatenate(seqs, axis=0)
    for obs in seqs:
        ll, post, xi, _, lc, lb = brute(model, obs)
        total += ll
        pi_acc += post[0]
        tr += xi
        for t in range(obs.shape[0]):
            for k in range(K):
                r = post[t, k] * np.exp(lc[t][k] - lb[t, k])  # M responsibilities within state k
                occ[k] += r
                s1[k] += r[:, None] * obs[t][None, :]
                s2[k] += r[:, None] * (obs[t] ** 2)[None, :]
    floor = np.maximum(allobs.var(axis=0) * FLOOR, 1e-12)
    new_pi = pi_acc / pi_acc.sum()
    new_T = tr / tr.sum(axis=0, keepdims=True)
    new_w = (occ / occ.sum(axis=1, keepdims=True)).T  # M × K
    new_mu = s1 / occ[:, :, None]
    new_var = np.maximum(s2 / occ[:, :, None] - new_mu ** 2, floor[None, None, :])
    return total, (new_pi, new_T, new_w, new_mu, new_var)


def dump_model(m):
    pi, T, w, mu, var = m
    return {"pi": pi.tolist(), "T": T.tolist(), "w": w.tolist(), "mu": mu.tolist(), "var": var.tolist()}


def main(path):
    rng = np.random.default_rng(2026)
    out = {}
    # small: K = 3, M = 2, D = 2, n = 6 (3^6 = 729 paths)
    m = random_model(rng, 3, 2, 2)
    obs = f32(rng.normal(0, 2.0, size=(6, 2)))
    ll, post, _, best, _, _ = brute(m, obs)
    prefix = [brute(m, obs[: t + 1])[0] for t in range(obs.shape[0])]
    log_c = [prefix[0]] + [prefix[t] - prefix[t - 1] for t in range(1, len(prefix))]
    out["small"] = dict(dump_model(m), obs=obs.tolist(), loglik=ll, posterior=post.tolist(), viterbi=best,
                        log_c=log_c)
    # em: K = 2, M = 2, D = 3, three sequences of 5 steps
    m = random_model(rng, 2, 2, 3)
    seqs = [f32(rng.normal(0, 1.5, size=(5, 3))) for _ in range(3)]
    total, new = em_step(m, seqs)
    out["em"] = dict(dump_model(m), seqs=[s.tolist() for s in seqs], loglik=total, after=dump_model(new))
    # long: 2000 steps far from every mean (densities around e^-200 each), log-space forward
    m = random_model(rng, 3, 2, 2)
    obs = f32(rng.normal(0, 20.0, size=(2000, 2)))
    out["long"] = dict(dump_model(m), obs=obs.tolist(), loglik=forward_log(m, obs))
    with open(path, "w") as f:
        json.dump(out, f)
        f.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
