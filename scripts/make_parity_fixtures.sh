#!/usr/bin/env bash
# Regenerates tests/fixtures/parity: model files made by our CLI, data, and PyTorch's figures for them.
# Usage: [ONLY="name …"] scripts/make_parity_fixtures.sh [BUILD_DIR]   (needs python3-torch; Debian's /usr/bin/python3)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
cli=$build/app/cli/glassbox-cli
out=$here/tests/fixtures/parity
mkdir -p "$out"

# name | init options | data generator (variant, vocab, max source len, max target len, count, seed)
make_data() {  # variant V maxlen count seed file
  /usr/bin/python3 - "$@" <<'PY'
import json, random, sys
variant, V, maxlen, count, seed, path = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
r = random.Random(seed)
with open(path, "w") as f:
    for i in range(count):
        n = r.randint(2, maxlen)
        x = [r.randrange(V) for _ in range(n)]
        if variant == "ed":
            z = [r.randrange(V) for _ in range(r.randint(1, maxlen))]
            f.write(json.dumps({"source": z, "target": x}) + "\n")
        else:
            f.write(json.dumps({"ids": x}) + "\n")
PY
}

gen() {  # name variant-flag data-variant V maxlen opts...
  local name=$1 variant=$2 dv=$3 V=$4 L=$5; shift 5
  if [ -n "${ONLY:-}" ] && [[ " $ONLY " != *" $name "* ]]; then return; fi  # ONLY="a b": just those fixtures
  "$cli" init --variant "$variant" --vocab-size "$V" --max-len "$L" "$@" --seed 7 --out "$out/$name.safetensors"
  make_data "$dv" "$V" "$L" 10 11 "$out/$name.jsonl"
  /usr/bin/python3 "$here/scripts/torch_reference.py" "$out/$name.safetensors" "$out/$name.jsonl" \
    "$out/$name.ref.safetensors" --lr 0.05 --epochs 2
}

gen d_small  decoder-only    d  11 12 --layers 2 --heads 2 --d-model 16 --d-mlp 32
gen d_wide   decoder-only    d  17 16 --layers 3 --heads 4 --d-model 32 --d-mlp 48
gen ed_small encoder-decoder ed 11 12 --layers 2 --heads 2 --d-model 16 --d-mlp 32
gen ed_wide  encoder-decoder ed 13 10 --enc-layers 3 --dec-layers 2 --heads 4 --d-model 24 --d-mlp 40
# seed 001's recurrent network against torch's nn.RNN (tanh, and ReLU)
gen rnn_small      rnn d 11 12 --d-model 8 --hidden 12
gen rnn_relu       rnn d 13 10 --d-model 6 --hidden 10 --activation relu
# seed 004's RNN encoder-decoder against two torch nn.RNNs (the decoder starts from the encoder's last state)
gen rnn_seq2seq    rnn-seq2seq ed 11 10 --d-model 8 --hidden 12
# the LSTM cell (torch's nn.LSTM) and additive attention (Bahdanau et al. 2015; the decoder stepped through nn.RNNCell /
# nn.LSTMCell with the attention written out in torch)
gen rnn_lstm             rnn d 11 12 --d-model 8 --hidden 12 --cell lstm
gen rnn_seq2seq_lstm     rnn-seq2seq ed 11 10 --d-model 8 --hidden 12 --cell lstm
gen rnn_seq2seq_att      rnn-seq2seq ed 11 10 --d-model 8 --hidden 12 --attention additive
gen rnn_seq2seq_lstm_att rnn-seq2seq ed 11 10 --d-model 8 --hidden 12 --cell lstm --attention additive
