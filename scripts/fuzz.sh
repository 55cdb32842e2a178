#!/usr/bin/env bash
# Fuzzes one reader of hostile input with libFuzzer (+ AddressSanitizer + UBSan) for SECONDS:
#   scripts/fuzz.sh TARGET SECONDS        TARGET: model_file pairs text jsonl tokenizer lesson, or all (each SECONDS)
# Builds build-fuzz/ with clang (GLASSBOX_FUZZ=ON) the first time. Starts from the committed seed corpus
# (fuzz/corpus/TARGET) and keeps what it finds in build-fuzz/corpus/TARGET; a crash, leak or hang is written to
# build-fuzz/findings/ and the script exits 1. Fix it, then keep the input in fuzz/regressions/TARGET/ (the test
# fuzz_replay_TARGET runs it in every build). The README says more.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
TARGETS=(lesson model_file pairs text jsonl tokenizer)
if [ $# -ne 2 ] || ! [[ $2 =~ ^[0-9]+$ ]]; then
  echo "usage: scripts/fuzz.sh TARGET SECONDS   (TARGET: ${TARGETS[*]} | all)" >&2
  exit 2
fi
if [ "$1" = all ]; then
  status=0
  for t in "${TARGETS[@]}"; do "$0" "$t" "$2" || status=1; done
  exit $status
fi
TARGET=$1 SECONDS_=$2
[[ " ${TARGETS[*]} " == *" $TARGET "* ]] || { echo "unknown target '$TARGET' (one of: ${TARGETS[*]})" >&2; exit 2; }

FUZZ_BUILD=${FUZZ_BUILD:-$ROOT/build-fuzz}
packages=(cmake ninja-build clang libclang-rt-14-dev libeigen3-dev nlohmann-json3-dev libsentencepiece-dev
          qt6-base-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if [ ! -f "$FUZZ_BUILD/build.ninja" ]; then
  CC=clang CXX=clang++ cmake -S "$ROOT" -B "$FUZZ_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DGLASSBOX_FUZZ=ON -DGLASSBOX_OPENMP=OFF -DGLASSBOX_GEMM=eigen >/dev/null  # (the readers make no products)
fi
cmake --build "$FUZZ_BUILD" --target "fuzz_$TARGET"

corpus=$FUZZ_BUILD/corpus/$TARGET findings=$FUZZ_BUILD/findings
mkdir -p "$corpus" "$findings"
log=$FUZZ_BUILD/fuzz_$TARGET.log
seeds=("$ROOT/fuzz/corpus/$TARGET")
[ -d "$ROOT/fuzz/regressions/$TARGET" ] && seeds+=("$ROOT/fuzz/regressions/$TARGET")
# findings are crash-, leak-, timeout- and oom- files; slow-unit- files (an input that took over 10 s, which on a
# loaded machine a niced fuzzer reports for inputs that take 0.3 s alone) are listed apart, not counted
findings_of() { ls "$findings" | grep -cE "^$TARGET-(crash|leak|timeout|oom)-" || true; }
before=$(findings_of)
slow_before=$(ls "$findings" | grep -c "^$TARGET-slow-unit-" || true)
set +e
# rss_limit: a reader must refuse, not allocate, what it cannot hold; timeout: no input may take 30 s (an input
# takes well under a second; on a loaded two-core machine a niced fuzzer can be starved for seconds)
"$FUZZ_BUILD/fuzz/fuzz_$TARGET" -max_total_time="$SECONDS_" -print_final_stats=1 -rss_limit_mb=2048 -timeout=30 \
  -artifact_prefix="$findings/$TARGET-" "$corpus" "${seeds[@]}" >"$log" 2>&1
rc=$?
set -e
done_line=$(grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -1 || true)
[ -n "$done_line" ] || done_line=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
cov=$(sed -n 's/.* cov: \([0-9]*\) .*/\1/p' <<<"$done_line")
ft=$(sed -n 's/.* ft: \([0-9]*\) .*/\1/p' <<<"$done_line")
crashes=$(( $(findings_of) - before ))
slow=$(( $(ls "$findings" | grep -c "^$TARGET-slow-unit-" || true) - slow_before ))
elapsed=$(grep -oE 'DONE .*|^#[0-9]+' "$log" >/dev/null; sed -n 's/.*Done \([0-9]*\) runs in \([0-9]*\) second.*/\2/p' "$log" | tail -1)
echo "$TARGET: ${runs:-?} executions in ${elapsed:-$SECONDS_} s, coverage ${cov:-?} edges (${ft:-?} features), corpus $(ls "$corpus" | wc -l) inputs, crashes ${crashes}, slow units ${slow}"
if [ $rc -ne 0 ]; then
  grep -E 'ERROR|SUMMARY|Test unit written' "$log" | head -5
  echo "log: $log" >&2
  exit 1
fi
