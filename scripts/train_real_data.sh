#!/usr/bin/env bash
# Trains on the real data sets in ../shared/data from the CLI and prints what the README reports:
# a character GPT on tiny Shakespeare (nanoGPT's split) and an English→German encoder-decoder.
# Usage: scripts/train_real_data.sh [BUILD_DIR] [WORK_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$here/build}
work=${2:-$(mktemp -d)}
data=$here/../shared/data
B=$build/app/cli/glassbox-cli
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2}
if [ ! -f "$data/tinyshakespeare.txt" ] || [ ! -f "$data/eng-deu-50k.tsv" ]; then
  echo "skipped: $data does not hold tinyshakespeare.txt and eng-deu-50k.tsv (test data, not part of the product)"
  exit 0
fi
cd "$work"
$B init --variant decoder-only --data "$data/tinyshakespeare.txt" --max-len 64 --layers 4 --heads 4 --d-model 128 \
  --d-mlp 512 --out shakespeare.safetensors
/usr/bin/time -f "tiny Shakespeare: %e s" $B train --model shakespeare.safetensors --out shakespeare2.safetensors \
  --optimizer adamw --lr 0.001 --batch-size 12 --loss mean --steps 2000 --warmup 100 --cosine --clip 1 --eval-every 500
$B generate --model shakespeare2.safetensors --prompt "ROMEO:" --temperature 0.8 --seed 1 --window --max-new 200
$B init --variant encoder-decoder --data "$data/eng-deu-50k.tsv" --tokenizer word --min-count 3 --layers 2 --heads 4 \
  --d-model 128 --d-mlp 512 --out deu.safetensors
/usr/bin/time -f "English→German: %e s" $B train --model deu.safetensors --out deu2.safetensors --optimizer adamw \
  --lr 0.001 --batch-size 32 --loss mean --steps 3000 --warmup 100 --cosine --clip 1 --eval-every 1000 --exact-match
$B generate --model deu2.safetensors --source "I want to buy a car." --temperature 0
echo "models in $work"
