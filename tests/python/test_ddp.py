"""The DDP recipe of docs/pytorch.md, end to end: a model made and trained in Glassbox, continued with
DistributedDataParallel under torchrun (two processes, gloo), brought back and opened by glassbox-cli (and, when
GLASSBOX_GUI is set, by the glassbox window) with one joined loss history.

Run by CTest with GLASSBOX_CLI, GLASSBOX_FIXTURES, PYTHONPATH (python/) and optionally GLASSBOX_GUI set; needs
python3-torch.
"""
import json
import math
import os
import signal
import socket
import subprocess
import sys
import tempfile
import unittest

import torch

import glassbox_torch as gt

CLI = os.environ["GLASSBOX_CLI"]
GUI = os.environ.get("GLASSBOX_GUI", "")
RECIPE = os.path.join(os.path.dirname(os.path.abspath(gt.__file__)), "glassbox_ddp.py")

TEXT = ("To be, or not to be, that is the question: whether 'tis nobler in the mind to suffer the slings and "
        "arrows of outrageous fortune, or to take arms against a sea of troubles and by opposing end them.\n") * 12

GLASSBOX_STEPS, TORCH_STEPS = 40, 12


def run(*cmd, env=None, timeout=120):
    """Runs cmd in a process group of its own: on a timeout the whole group is killed, torchrun's workers too (a
    worker left behind spinning slowed every test after it)."""
    p = subprocess.Popen([str(c) for c in cmd], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                         start_new_session=True)
    try:
        stdout, stderr = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        stdout, stderr = p.communicate()
        raise AssertionError(f"{' '.join(map(str, cmd))} did not end within {timeout} s:\n{stdout}\n{stderr}") from None
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)  # (nothing of it may outlive the call)
        except ProcessLookupError:
            pass
    if p.returncode != 0:
        raise AssertionError(f"{' '.join(map(str, cmd))} failed ({p.returncode}):\n{stdout}\n{stderr}")
    return stdout


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def torchrun(nproc, log_dir, *args):
    """torchrun on this machine alone, on loopback. Not --standalone: torch 1.13 puts its rendezvous on the fixed
    port 29400 and, when that port is taken, joins whatever listens there and waits for ever (CI timed out so). A
    static rendezvous on a free port of 127.0.0.1 also needs no lookup of the host's name; gloo stays on lo."""
    env = dict(os.environ, OMP_NUM_THREADS="1", GLOO_SOCKET_IFNAME="lo")
    # --redirects 1 --tee 1: Debian 12's torch 1.13 torchrun fails on Python 3.11 without them (docs/pytorch.md)
    return run(sys.executable, "-m", "torch.distributed.run", "--nnodes", 1, "--nproc_per_node", nproc,
               "--master_addr", "127.0.0.1", "--master_port", free_port(), "--redirects", 1, "--tee", 1,
               "--log_dir", log_dir, RECIPE, *args, "--backend", "gloo", env=env)


class DDPRecipe(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="glassbox-ddp-")
        d = cls.dir = cls.tmp.name
        cls.text = os.path.join(d, "text.txt")
        with open(cls.text, "w") as f:
            f.write(TEXT)
        # 1. made and trained in Glassbox
        cls.m0, cls.m1 = os.path.join(d, "m0.safetensors"), os.path.join(d, "m1.safetensors")
        run(CLI, "init", "--variant", "decoder-only", "--data", cls.text, "--max-len", 32, "--layers", 2, "--heads", 2,
            "--d-model", 32, "--d-mlp", 64, "--out", cls.m0)
        run(CLI, "train", "--model", cls.m0, "--data", cls.text, "--out", cls.m1, "--optimizer", "adamw", "--lr",
            "3e-3", "--steps", GLASSBOX_STEPS, "--batch-size", 8, "--loss", "mean")
        # 2. continued with DDP: two processes, and (to compare) one
        cls.out = {}
        cls.stdout = {}
        for n in (2, 1):
            out = os.path.join(d, f"m2_{n}proc.safetensors")
            cls.stdout[n] = torchrun(n, os.path.join(d, f"logs{n}"), "--model", cls.m1, "--data", cls.text, "--out",
                                     out, "--steps", TORCH_STEPS, "--batch-size", 8, "--lr", "3e-3")
            cls.out[n] = out

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_two_processes_trained(self):
        self.assertIn("world size 2 (gloo)", self.stdout[2])
        self.assertIn("world size 1 (gloo)", self.stdout[1])
        before, _, _ = gt.load(self.m1)
        after, _, _ = gt.load(self.out[2])
        moved = max((a - b).abs().max().item()
                    for a, b in zip(before.state_dict().values(), after.state_dict().values()))
        self.assertGreater(moved, 1e-4)

    def test_two_processes_compute_what_one_does(self):
        """The gradient DDP averages is the global batch's mean-loss gradient: 2 processes = 1 process."""
        a, _, _ = gt.load(self.out[2])
        b, _, _ = gt.load(self.out[1])
        la = [h["loss"] for h in a.history[GLASSBOX_STEPS:]]
        lb = [h["loss"] for h in b.history[GLASSBOX_STEPS:]]
        self.assertEqual(len(la), TORCH_STEPS)
        rel = max(abs(x - y) / abs(y) for x, y in zip(la, lb))
        self.assertLessEqual(rel, 1e-5, f"{la} vs {lb}")
        start, _, _ = gt.load(self.m1)
        moved = max((p - q).abs().max().item() for p, q in zip(a.state_dict().values(), start.state_dict().values()))
        diff = max((p - q).abs().max().item() for p, q in zip(a.state_dict().values(), b.state_dict().values()))
        # AdamW divides by √v: float-rounding differences of near-zero gradients show, a little, in the weights
        self.assertLessEqual(diff, 0.02 * moved)

    def test_joined_history_in_glassbox(self):
        glassbox_part, _, _ = gt.load(self.m1)
        model, tok, config = gt.load(self.out[2])
        info = json.loads(run(CLI, "inspect", self.out[2], "--json"))
        total = GLASSBOX_STEPS + TORCH_STEPS
        self.assertEqual(info["history"]["steps"], total)
        self.assertEqual([h["step"] for h in model.history], list(range(1, total + 1)))
        self.assertEqual(model.history[:GLASSBOX_STEPS], glassbox_part.history)
        self.assertAlmostEqual(info["history"]["first_loss"], glassbox_part.history[0]["loss"], places=9)
        self.assertAlmostEqual(info["history"]["last_loss"], model.history[-1]["loss"], places=9)
        # one curve: PyTorch starts where Glassbox stopped, far below an untrained model's ln |V|
        first_torch = model.history[GLASSBOX_STEPS]["loss"]
        last_glassbox = glassbox_part.history[-1]["loss"]
        self.assertLess(first_torch, 0.8 * math.log(config["vocab_size"]))
        self.assertLess(abs(first_torch - last_glassbox), 0.25 * last_glassbox)
        self.assertEqual(info["tokenizer"]["size"], len(tok))

    def test_encoder_decoder(self):
        """The other variant: an encoder-decoder model on JSON Lines of (source, target) ids, two processes."""
        parity = os.path.join(os.environ["GLASSBOX_FIXTURES"], "parity")
        out = os.path.join(self.dir, "ed_ddp.safetensors")
        log = torchrun(2, os.path.join(self.dir, "logs_ed"), "--model", os.path.join(parity, "ed_small.safetensors"),
                       "--data", os.path.join(parity, "ed_small.jsonl"), "--out", out, "--steps", 4, "--batch-size", 4)
        self.assertIn("world size 2 (gloo), 10 examples (ids)", log)
        info = json.loads(run(CLI, "inspect", out, "--json"))
        self.assertEqual(info["config"]["variant"], "encoder-decoder")
        self.assertEqual(info["history"]["steps"], 4)
        model, _, _ = gt.load(out)
        src, tgt = [3, 1, 4], [1, 5, 9, 2]
        lp = json.loads(run(CLI, "forward", "--model", out, "--source-ids", "3,1,4", "--target-ids", "1,5,9,2"))
        with torch.no_grad():
            self.assertLessEqual((model.log_probs(src, tgt) - torch.tensor(lp["logprobs"])).abs().max().item(), 1e-5)

    def test_result_works_in_glassbox(self):
        out = self.out[2]
        model, tok, _ = gt.load(out)
        x = [gt.BOS] + tok.encode("To be, or not")
        lp = json.loads(run(CLI, "forward", "--model", out, "--ids", ",".join(map(str, x))))["logprobs"]
        with torch.no_grad():
            self.assertLessEqual((model.log_probs(x) - torch.tensor(lp)).abs().max().item(), 1e-5)
        text = run(CLI, "generate", "--model", out, "--prompt", "To be", "--max-new", 8, "--temperature", 0)
        self.assertTrue(text.endswith("\n") and len(text) > 1)
        if GUI:  # the window opens it and draws its attention (no "Could not open")
            home = os.path.join(self.dir, "home")
            env = dict(os.environ, QT_QPA_PLATFORM="offscreen", HOME=home, XDG_CONFIG_HOME=home + "/.config",
                       XDG_DATA_HOME=home + "/.local/share")
            png = os.path.join(self.dir, "attention.png")
            r = subprocess.run([GUI, out, "--tab", "attention", "--export", png], capture_output=True, text=True,
                               env=env, timeout=120)
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertNotIn("Could not open", r.stderr)
            with open(png, "rb") as f:
                self.assertEqual(f.read(4), b"\x89PNG")


if __name__ == "__main__":
    unittest.main(verbosity=2)
