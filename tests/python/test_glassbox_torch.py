"""The PyTorch bridge (python/glassbox_torch.py) against glassbox-cli: forward parity on both variants and every
option a model file can hold, the recurrent families (nn.RNN / nn.LSTM inside), 20 seed-exact SGD steps, models trained in Glassbox with a tokenizer, and files the
bridge writes opened again by glassbox-cli.

Run by CTest (tests/CMakeLists.txt) with GLASSBOX_CLI, GLASSBOX_FIXTURES and PYTHONPATH set; needs python3-torch.
"""
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

import torch

import glassbox_torch as gt

CLI = os.environ["GLASSBOX_CLI"]
FIXTURES = os.environ["GLASSBOX_FIXTURES"]
PARITY = os.path.join(FIXTURES, "parity")

TEXT = ("Der Fuchs springt über den Zaun. The quick brown fox jumps over the lazy dog; "
        "the dog sleeps — and the fox runs away!\nIch will ein Auto kaufen, äöüß.\n") * 3


def cli(*args):
    r = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True)
    if r.returncode != 0:
        raise AssertionError(f"glassbox-cli {' '.join(map(str, args))} failed ({r.returncode}): {r.stderr}")
    return r.stdout


def ids_arg(ids):
    return ",".join(str(int(i)) for i in ids)


def cli_forward(path, seqs):
    if len(seqs) == 2:
        out = cli("forward", "--model", path, "--source-ids", ids_arg(seqs[0]), "--target-ids", ids_arg(seqs[1]))
    else:
        out = cli("forward", "--model", path, "--ids", ids_arg(seqs[0]))
    return out, torch.tensor(json.loads(out)["logprobs"], dtype=torch.float32)


def read_jsonl(path):
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def example_seqs(model, ex):
    return (ex["source"], ex["target"]) if model.ed else (ex["ids"],)


class Bridge(unittest.TestCase):
    def setUp(self):
        torch.manual_seed(0)
        torch.set_num_threads(1)
        self.tmp = tempfile.TemporaryDirectory(prefix="glassbox-bridge-")
        self.dir = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def path(self, name):
        return os.path.join(self.dir, name)

    def assert_forward_parity(self, path, model, seqs, tol=1e-5):
        _, ref = cli_forward(path, seqs)
        with torch.no_grad():
            lp = model.log_probs(*seqs)
        self.assertEqual(tuple(lp.shape), tuple(ref.shape))
        self.assertEqual(tuple(lp.shape), (len(seqs[-1]), model.config["vocab_size"]))
        err = (lp - ref).abs().max().item()
        self.assertLessEqual(err, tol, f"{path}: log-probs differ by {err}")
        return err

    # --- forward ----------------------------------------------------------------------------------------------
    def test_forward_every_option(self):
        """Both variants × norm placement × activation × final norm × tied W_u × dropout, random inputs of every
        length from 1 to ℓ_max: within 1e-5 of glassbox-cli forward."""
        variants = [
            ("decoder-only", []),  # seed 002: pre-LN, GELU, final norm
            ("decoder-only", ["--norm", "post", "--activation", "relu", "--final-norm", "off"]),
            ("decoder-only", ["--tied", "--activation", "relu", "--dropout", "0.2"]),
            ("decoder-only", ["--norm", "post", "--final-norm", "on", "--tied"]),
            ("encoder-decoder", []),  # seed 000: post-LN, ReLU, no final norm
            ("encoder-decoder", ["--norm", "pre", "--activation", "gelu", "--final-norm", "on"]),
            ("encoder-decoder", ["--tied", "--dropout", "0.1", "--activation", "gelu"]),
            ("encoder-decoder", ["--norm", "pre", "--final-norm", "off", "--tied"]),
        ]
        rng = random.Random(5)
        worst = 0.0
        for k, (variant, opts) in enumerate(variants):
            p = self.path(f"m{k}.safetensors")
            layers = ["--layers", "2"] if variant == "decoder-only" else ["--enc-layers", "2", "--dec-layers", "1"]
            cli("init", "--variant", variant, "--vocab-size", 13, "--max-len", 9, *layers, "--heads", 2,
                "--d-model", 8, "--d-mlp", 12, "--seed", k + 3, *opts, "--out", p)
            model, tok, config = gt.load(p)
            self.assertIsNone(tok)
            self.assertEqual(config["variant"], variant)
            self.assertEqual(config["tied_unembed"], "--tied" in opts)
            self.assertEqual("W_u" in dict(model.named_parameters()), "--tied" not in opts)
            for n in (1, 2, 5, 9):
                x = [rng.randrange(13) for _ in range(n)]
                seqs = ([rng.randrange(13) for _ in range(rng.randint(1, 9))], x) if variant == "encoder-decoder" \
                    else (x,)
                with self.subTest(model=k, opts=opts, n=n):
                    worst = max(worst, self.assert_forward_parity(p, model, seqs))
        print(f"forward parity: worst |Δ log P| = {worst:.3g} over {len(variants)} configurations")

    def test_forward_fixtures(self):
        """The parity fixtures (the same models the C++ parity test checks against PyTorch's own layers)."""
        for name in ("d_small", "d_wide", "ed_small", "ed_wide"):
            p = os.path.join(PARITY, name + ".safetensors")
            model, _, _ = gt.load(p)
            for ex in read_jsonl(os.path.join(PARITY, name + ".jsonl"))[:3]:
                with self.subTest(name=name):
                    self.assert_forward_parity(p, model, example_seqs(model, ex))
            # the reference figures made by scripts/torch_reference.py from nn.Transformer*Layer
            _, ref = gt.read_safetensors(os.path.join(PARITY, name + ".ref.safetensors"))
            ex = read_jsonl(os.path.join(PARITY, name + ".jsonl"))[0]
            with torch.no_grad():
                lp = model.log_probs(*example_seqs(model, ex))
            self.assertLessEqual((lp - ref["logprobs"]).abs().max().item(), 1e-5)

    # --- training ---------------------------------------------------------------------------------------------
    def sgd_parity(self, model_path, data_path, lr=0.05, epochs=2):
        """glassbox-cli's seed-exact mode and the bridge with torch.optim.SGD: the same 20 losses."""
        out = self.path("cli_trained.safetensors")
        log = self.path("log.jsonl")
        cli("train", "--model", model_path, "--data", data_path, "--out", out, "--optimizer", "sgd", "--lr", lr,
            "--batch-size", 1, "--loss", "sum", "--clip", 0, "--no-shuffle", "--epochs", epochs, "--log", log)
        cli_losses = [j["loss"] for j in read_jsonl(log) if "loss" in j]
        model, _, _ = gt.load(model_path)
        model.train()
        opt = torch.optim.SGD(model.parameters(), lr=lr)
        data = read_jsonl(data_path)
        losses = []
        for _ in range(epochs):
            for ex in data:
                opt.zero_grad()
                J = model.loss(*example_seqs(model, ex))
                losses.append(J.item())
                J.backward()
                opt.step()
        self.assertEqual(len(losses), 20)
        self.assertEqual(len(cli_losses), 20)
        rel = max(abs(a - b) / abs(b) for a, b in zip(losses, cli_losses))
        self.assertLessEqual(rel, 1e-4, f"SGD losses differ: {losses} vs {cli_losses}")
        self.assertLess(losses[-1], losses[0] * 2)  # a real run, not a constant
        self.assertNotEqual(losses[0], losses[10])
        # the bridge's weights, saved, give what the CLI's own trained weights give
        mine = self.path("bridge_trained.safetensors")
        gt.save(model, mine)
        ex = data[0]
        seqs = example_seqs(model, ex)
        _, a = cli_forward(mine, seqs)
        _, b = cli_forward(out, seqs)
        self.assertLessEqual((a - b).abs().max().item(), 1e-4)
        return rel

    def test_sgd_decoder_only(self):
        rel = self.sgd_parity(os.path.join(PARITY, "d_small.safetensors"), os.path.join(PARITY, "d_small.jsonl"))
        print(f"SGD parity (decoder-only): worst relative loss difference {rel:.3g}")

    def test_sgd_encoder_decoder(self):
        rel = self.sgd_parity(os.path.join(PARITY, "ed_wide.safetensors"), os.path.join(PARITY, "ed_wide.jsonl"))
        print(f"SGD parity (encoder-decoder): worst relative loss difference {rel:.3g}")

    def test_sgd_options(self):
        """Training through the options too: post-LN, ReLU, no final norm, tied W_u (decoder-only), and pre-LN,
        GELU, final norm (encoder-decoder)."""
        p = self.path("opt_d.safetensors")
        cli("init", "--variant", "decoder-only", "--vocab-size", 11, "--max-len", 12, "--layers", 2, "--heads", 2,
            "--d-model", 16, "--d-mlp", 24, "--norm", "post", "--activation", "relu", "--final-norm", "off",
            "--tied", "--seed", 9, "--out", p)
        self.sgd_parity(p, os.path.join(PARITY, "d_small.jsonl"), lr=0.02)
        p = self.path("opt_ed.safetensors")
        cli("init", "--variant", "encoder-decoder", "--vocab-size", 11, "--max-len", 12, "--layers", 1, "--heads", 2,
            "--d-model", 16, "--d-mlp", 24, "--norm", "pre", "--activation", "gelu", "--final-norm", "on",
            "--seed", 9, "--out", p)
        self.sgd_parity(p, os.path.join(PARITY, "ed_small.jsonl"), lr=0.02)

    # --- models trained in Glassbox, with a tokenizer --------------------------------------------------------
    def test_trained_in_glassbox_with_tokenizer(self):
        text = self.path("text.txt")
        with open(text, "w", encoding="utf-8") as f:
            f.write(TEXT)
        for kind in ("char", "word", "bpe"):
            with self.subTest(tokenizer=kind):
                p0, p = self.path(f"t_{kind}0.safetensors"), self.path(f"t_{kind}.safetensors")
                cli("init", "--variant", "decoder-only", "--data", text, "--tokenizer", kind, "--bpe-vocab", 60,
                    "--max-len", 24, "--layers", 1, "--heads", 2, "--d-model", 16, "--d-mlp", 32, "--out", p0)
                cli("train", "--model", p0, "--data", text, "--out", p, "--optimizer", "adamw", "--steps", 6,
                    "--batch-size", 4, "--loss", "mean")
                model, tok, config = gt.load(p)
                self.assertIsNotNone(tok)
                self.assertEqual(tok.kind, kind)
                info = json.loads(cli("inspect", p, "--json"))
                self.assertEqual(len(tok), info["tokenizer"]["size"])
                self.assertEqual([tok.display(i) for i in range(len(info["tokenizer"]["first"]))],
                                 info["tokenizer"]["first"])
                self.assertEqual(len(model.history), 6)
                self.assertEqual(model.history[-1]["step"], info["history"]["steps"])
                self.assertAlmostEqual(model.history[-1]["loss"], info["history"]["last_loss"], places=9)
                # the text the tokenizer was built from encodes without <unk> and decodes to itself
                ids = tok.encode(TEXT)
                self.assertNotIn(gt.UNK, ids)
                self.assertEqual(tok.decode(ids), TEXT)
                x = [gt.BOS] + tok.encode("the quick fox")[: config["max_len"] - 1]
                self.assert_forward_parity(p, model, (x,))
                # saved by the bridge: opens in glassbox-cli with the same tokenizer, history and log-probs
                q = self.path(f"t_{kind}_again.safetensors")
                gt.save(model, q)
                again = json.loads(cli("inspect", q, "--json"))
                for key in ("tokenizer", "history", "config", "data", "parameters"):
                    self.assertEqual(again[key], info[key], key)
                self.assertTrue(info["resumable"])
                self.assertFalse(again["resumable"])  # the optimizer state stays behind: the weights may move on
                self.assertEqual(cli_forward(q, (x,))[0], cli_forward(p, (x,))[0])

    def test_task_model_encoder_decoder(self):
        """A built-in task (encoder-decoder, with its tokenizer), trained a little in Glassbox."""
        p0, p = self.path("rev0.safetensors"), self.path("rev.safetensors")
        cli("init", "--variant", "encoder-decoder", "--task", "reverse", "--train-size", 64, "--val-size", 8,
            "--layers", 1, "--heads", 2, "--d-model", 16, "--d-mlp", 32, "--out", p0)
        cli("train", "--model", p0, "--out", p, "--optimizer", "adamw", "--steps", 5, "--batch-size", 8,
            "--loss", "mean")
        model, tok, config = gt.load(p)
        self.assertEqual(config["variant"], "encoder-decoder")
        src = tok.encode("abcd")
        self.assertNotIn(gt.UNK, src)
        tgt = [config["bos_id"]] + tok.encode("dcba")
        self.assert_forward_parity(p, model, (src, tgt))
        self.assertEqual([h["step"] for h in model.history], [1, 2, 3, 4, 5])

    # --- saving -----------------------------------------------------------------------------------------------
    def test_save_unchanged_is_identical(self):
        """Loaded and saved by the bridge: glassbox-cli prints byte-identical log-probabilities."""
        for name in ("d_wide", "ed_small"):
            src = os.path.join(PARITY, name + ".safetensors")
            model, tok, config = gt.load(src)
            dst = self.path(name + ".safetensors")
            gt.save(model, dst)
            ex = read_jsonl(os.path.join(PARITY, name + ".jsonl"))[1]
            self.assertEqual(cli_forward(dst, example_seqs(model, ex))[0],
                             cli_forward(src, example_seqs(model, ex))[0])
            again, _, config2 = gt.load(dst)
            self.assertEqual(config2, config)
            for (n1, a), (n2, b) in zip(model.state_dict().items(), again.state_dict().items()):
                self.assertEqual(n1, n2)
                self.assertTrue(torch.equal(a, b), n1)

    def test_imported_gpt2_loads_and_saves(self):
        """A GPT-2 checkpoint imported by glassbox-cli (docs/import.md) loads in the bridge: its GELU (tanh form),
        tied W_u and byte-level tokenizer; its log-probs equal the reference written from modeling_gpt2.py and
        glassbox-cli forward; saved by the bridge, the file opens in glassbox-cli with the same tokenizer."""
        folder = os.path.join(FIXTURES, "hf", "gpt2-tiny-f16")
        src = self.path("gpt2.safetensors")
        cli("import", folder, "--out", src, "--quiet")
        model, tok, config = gt.load(src)
        self.assertEqual(config["activation"], "gelu_tanh")
        self.assertTrue(config["tied_unembed"])
        self.assertEqual(tok.kind, "byte-bpe")
        with open(os.path.join(folder, "reference.json")) as f:
            ref = json.load(f)
        for s in ref["sequences"]:
            with torch.no_grad():
                lp = model.log_probs(s["ids"])
            err = (lp.double() - torch.tensor(s["logprobs"], dtype=torch.float64)).abs().max().item()
            self.assertLessEqual(err, 1e-5, f"log-probs differ from the reference by {err}")
            self.assert_forward_parity(src, model, (s["ids"],))
        dst = self.path("gpt2-again.safetensors")
        gt.save(model, dst)
        text = "The cat's hat, 42 rats!"
        self.assertEqual(json.loads(cli("tokenize", "--model", dst, "--text", text, "--json")),
                         json.loads(cli("tokenize", "--model", src, "--text", text, "--json")))
        ids = ref["sequences"][2]["ids"]
        self.assertEqual(cli_forward(dst, (ids,))[0], cli_forward(src, (ids,))[0])

    def test_imported_marian_loads(self):
        """An imported MarianMT (sinusoidal positions, scaled embeddings, output bias, SiLU, post-LN) in the bridge:
        log-probs within 1e-5 of the reference written from modeling_marian.py and of glassbox-cli forward; saved by
        the bridge, glassbox-cli prints the same log-probs and tokens."""
        folder = os.path.join(FIXTURES, "hf", "marian-tiny")
        src = self.path("marian.safetensors")
        cli("import", folder, "--out", src, "--quiet")
        model, tok, config = gt.load(src)
        self.assertEqual((config["positions"], config["embed_scale"], config["out_bias"]), ("sinusoidal", True, True))
        self.assertEqual(tok.kind, "sentencepiece")
        with open(os.path.join(folder, "reference.json")) as f:
            ref = json.load(f)
        for pr in ref["pairs"]:
            seqs = (pr["source_ids"], pr["decoder_input_ids"])
            with torch.no_grad():
                lp = model.log_probs(*seqs)
            err = (lp.double() - torch.tensor(pr["logprobs"], dtype=torch.float64)).abs().max().item()
            self.assertLessEqual(err, 1e-5, f"log-probs differ from the reference by {err}")
            self.assert_forward_parity(src, model, seqs)
        dst = self.path("marian-again.safetensors")
        gt.save(model, dst)
        pr = ref["pairs"][2]
        self.assertEqual(cli_forward(dst, (pr["source_ids"], pr["decoder_input_ids"]))[0],
                         cli_forward(src, (pr["source_ids"], pr["decoder_input_ids"]))[0])
        text = "I want to buy a car"
        self.assertEqual(cli("tokenize", "--model", dst, "--text", text, "--json"),
                         cli("tokenize", "--model", src, "--text", text, "--json"))

    def test_marian_tokenizer_equals_sentencepiece(self):
        """SentencePiece models trained here, in the test (a BPE source model, a unigram target model), put into a
        Marian folder with a vocab.json of their pieces in an order of our own: glassbox-cli tokenize gives the ids
        the sentencepiece package's pieces map to, </s> appended, on each side."""
        import io
        import random
        import shutil
        import sentencepiece as spm
        rng = random.Random(7)
        words_en = "the a car house buy want to I we you see new old red big small garden tree dog cat".split()
        words_de = "das ein Auto Haus kaufen will ich wir du sehen neu alt rot groß klein Garten Baum Hund".split()
        en = [" ".join(rng.choice(words_en) for _ in range(rng.randint(3, 9))) for _ in range(200)]
        de = [" ".join(rng.choice(words_de) for _ in range(rng.randint(3, 9))) for _ in range(200)]

        def train(sentences, model_type):
            buf = io.BytesIO()
            spm.SentencePieceTrainer.train(sentence_iterator=iter(sentences), model_writer=buf, vocab_size=45,
                                           model_type=model_type, bos_id=-1, eos_id=0, unk_id=1, pad_id=-1,
                                           num_threads=1, minloglevel=2, hard_vocab_limit=False)
            return buf.getvalue()

        src, tgt = train(en, "bpe"), train(de, "unigram")
        sp_src = spm.SentencePieceProcessor(model_proto=src)
        sp_tgt = spm.SentencePieceProcessor(model_proto=tgt)
        pieces = []
        for sp in (sp_src, sp_tgt):
            for i in range(sp.get_piece_size()):
                p = sp.id_to_piece(i)
                if not (sp.is_control(i) or sp.is_unknown(i)) and p not in pieces:
                    pieces.append(p)
        rng.shuffle(pieces)  # the ids are vocab.json's, not the models' own
        vocab = {"</s>": 0, "<unk>": 1, **{p: i + 2 for i, p in enumerate(pieces)}}
        vocab["<pad>"] = len(vocab)
        folder = self.path("marian-spm")
        shutil.copytree(os.path.join(FIXTURES, "hf", "marian-tiny"), folder)
        with open(os.path.join(folder, "config.json")) as f:
            config = json.load(f)
        if len(vocab) > config["vocab_size"]:
            self.fail(f"{len(vocab)} pieces do not fit the fixture's vocabulary of {config['vocab_size']}")
        for name, data in (("source.spm", src), ("target.spm", tgt)):
            with open(os.path.join(folder, name), "wb") as f:
                f.write(data)
        with open(os.path.join(folder, "vocab.json"), "w") as f:
            json.dump(vocab, f, ensure_ascii=False)
        model = self.path("spm.safetensors")
        cli("import", folder, "--out", model, "--quiet")
        texts = ["I want to buy a car", "we see the big red house", "the dog  and the cat", "Ω unknown ζ", "",
                 "garden12 tree-house", "Ich will ein Auto kaufen"]
        for text in texts:
            for target, sp in ((False, sp_src), (True, sp_tgt)):
                want_pieces = sp.encode(text, out_type=str)
                want = [vocab.get(p, 1) for p in want_pieces] + [0]
                args = ["tokenize", "--model", model, "--text", text, "--json"] + (["--target"] if target else [])
                got = json.loads(cli(*args))
                self.assertEqual(got["ids"], want, f"{'target' if target else 'source'}: {text!r}")

    def test_import_a_pickle_folder(self):
        """A folder with only pytorch_model.bin: python3 -m glassbox_torch import reads it with weights_only=True
        and imports it through glassbox-cli; the model equals the one imported from model.safetensors."""
        folder = os.path.join(FIXTURES, "hf", "gpt2-tiny")
        pick = self.path("pickled")
        os.makedirs(pick)
        for name in ("config.json", "vocab.json", "merges.txt", "generation_config.json"):
            with open(os.path.join(folder, name), "rb") as f, open(os.path.join(pick, name), "wb") as g:
                g.write(f.read())
        _, tensors = gt.read_safetensors(os.path.join(folder, "model.safetensors"))
        torch.save(tensors, os.path.join(pick, "pytorch_model.bin"))
        out = self.path("from-pickle.safetensors")
        r = subprocess.run([sys.executable, "-m", "glassbox_torch", "import", pick, out], capture_output=True,
                           text=True, env=dict(os.environ, GLASSBOX_CLI=CLI))
        self.assertEqual(r.returncode, 0, r.stderr)
        direct = self.path("direct.safetensors")
        cli("import", folder, "--out", direct, "--quiet")
        ids = [5, 17, 200, 3]
        self.assertEqual(cli_forward(out, (ids,))[0], cli_forward(direct, (ids,))[0])
        # a pickle that holds more than tensors is refused, not run
        with open(os.path.join(pick, "pytorch_model.bin"), "wb") as f:
            import pickle
            pickle.dump({"w": os.getcwd}, f)
        r = subprocess.run([sys.executable, "-m", "glassbox_torch", "import", pick, self.path("x.safetensors")],
                           capture_output=True, text=True, env=dict(os.environ, GLASSBOX_CLI=CLI))
        self.assertNotEqual(r.returncode, 0)
        self.assertFalse(os.path.exists(self.path("x.safetensors")))

    def test_save_new_model_with_tokenizer_and_history(self):
        """A model made in PyTorch, with a tokenizer and a loss curve, opens in glassbox-cli."""
        tok = gt.Tokenizer("char", ["<pad>", "<bos>", "<eos>", "<unk>", "a", "b", "c", "ä"])
        config = gt.make_config("decoder-only", vocab_size=10, max_len=8, layers=1, heads=2, d_e=8, d_mlp=16,
                                bos_id=1, eos_id=2, pad_id=0)
        model = gt.GlassboxModel(config).reset_parameters(seed=3, std=0.5)
        opt = torch.optim.SGD(model.parameters(), lr=0.1)
        x = [1] + tok.encode("abcäab")
        for _ in range(3):
            opt.zero_grad()
            J = model.loss(x)
            J.backward()
            opt.step()
            model.log_step(J.item(), 0.1)
        p = self.path("new.safetensors")
        gt.save(model, p, tokenizer=tok)
        info = json.loads(cli("inspect", p, "--json"))
        self.assertEqual(info["tokenizer"]["size"], 8)
        self.assertEqual(info["tokenizer"]["first"][7], "ä")
        self.assertEqual(info["history"]["steps"], 3)
        self.assertAlmostEqual(info["history"]["last_loss"], model.history[-1]["loss"], places=9)
        self.assert_forward_parity(p, model, (x,))
        with self.assertRaises(ValueError):  # a tokenizer larger than |V| is refused
            gt.save(model, self.path("bad.safetensors"),
                    tokenizer=gt.Tokenizer("char", ["<pad>", "<bos>", "<eos>", "<unk>"] + list("abcdefgh")))
        self.assertFalse(os.path.exists(self.path("bad.safetensors")))

    # --- the recurrent families ------------------------------------------------------------------------------
    def test_rnn_families(self):
        """rnn and rnn-seq2seq (Elman tanh/ReLU, LSTM, additive attention) load as modules with torch's nn.RNN /
        nn.LSTM inside: forward within 1e-5 of glassbox-cli on every fixture and on random inputs, the file's tensors
        round-trip, and a model trained here is saved as a file glassbox-cli reads with the same numbers."""
        names = ["rnn_small", "rnn_relu", "rnn_seq2seq", "rnn_lstm", "rnn_seq2seq_lstm", "rnn_seq2seq_att",
                 "rnn_seq2seq_lstm_att"]
        rng = random.Random(5)
        for name in names:
            src = os.path.join(PARITY, name + ".safetensors")
            model, _, config = gt.load(src)
            self.assertIsInstance(model, gt.GlassboxRnn)
            kinds = {type(m) for m in model.modules()}
            self.assertTrue(kinds & {torch.nn.RNN, torch.nn.LSTM}, f"{name}: no nn.RNN / nn.LSTM inside: {kinds}")
            for ex in read_jsonl(os.path.join(PARITY, name + ".jsonl"))[:3]:
                self.assert_forward_parity(src, model, example_seqs(model, ex))
            V, L = config["vocab_size"], config["max_len"]
            for _ in range(3):
                x = [rng.randrange(V) for _ in range(rng.randint(1, L))]
                seqs = ([rng.randrange(V) for _ in range(rng.randint(1, L))], x) if model.ed else (x,)
                self.assert_forward_parity(src, model, seqs)
            # the file's tensors, unchanged, under their names
            _, want = gt.read_safetensors(src)
            got = {k: v.detach() for k, v in model.tensors().items()}
            self.assertEqual(set(got), set(want))
            for k in got:
                self.assertTrue(torch.equal(got[k], torch.as_tensor(want[k])), f"{name}: {k}")
            # a few SGD steps here, saved: glassbox-cli reads the file and computes what the module does
            model.train()
            opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.05)
            for ex in read_jsonl(os.path.join(PARITY, name + ".jsonl"))[:4]:
                opt.zero_grad()
                model.loss(*example_seqs(model, ex)).backward()
                opt.step()
            model.eval()
            out = self.path(name + "-trained.safetensors")
            gt.save(model, out)
            self.assertIn(config["variant"] + " model", cli("inspect", out))
            for ex in read_jsonl(os.path.join(PARITY, name + ".jsonl"))[:2]:
                self.assert_forward_parity(out, model, example_seqs(model, ex))
            back, _, back_config = gt.load(out)
            self.assertEqual(back_config.get("cell", "elman"), config.get("cell", "elman"))
            self.assertEqual(back_config.get("attention", "none"), config.get("attention", "none"))

    def test_refuses_broken_files(self):
        src = os.path.join(PARITY, "d_small.safetensors")
        with open(src, "rb") as f:
            raw = f.read()
        cut = self.path("cut.safetensors")
        with open(cut, "wb") as f:
            f.write(raw[: len(raw) - 16])
        with self.assertRaises(ValueError):
            gt.load(cut)
        meta, tensors = gt.read_safetensors(src)
        del tensors["dec.1.ln2.beta"]
        missing = self.path("missing.safetensors")
        gt.write_safetensors(missing, tensors, meta)
        with self.assertRaisesRegex(ValueError, "dec.1.ln2.beta"):
            gt.load(missing)
        model, _, _ = gt.load(src)
        with self.assertRaises(ValueError):
            model.log_probs(list(range(11)) + [1, 2])  # 13 tokens, ℓ_max = 12
        with self.assertRaises(ValueError):
            model.log_probs([0, 11])  # |V| = 11


if __name__ == "__main__":
    unittest.main(verbosity=2)
