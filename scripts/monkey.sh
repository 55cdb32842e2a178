#!/usr/bin/env bash
# A long monkey run under AddressSanitizer + UndefinedBehaviorSanitizer (issue 11):
#   scripts/monkey.sh SECONDS SEED      (defaults: 600 s, a new random seed each run, printed first)
# Builds tst_monkey into build-asan/ (the build of scripts/sanitize.sh asan: GLASSBOX_SANITIZE=ON, RelWithDebInfo,
# so one AddressSanitizer build serves both) and runs it offscreen for SECONDS with SEED. Prints the number of
# actions, the seed, and the crashes and hangs found; every action is logged to build-asan/monkey-SEED.log (the
# sequence that led to a finding: run it again with the same SEED). BUILD_ASAN (default: build-asan) and JOBS
# (default 2) may be set. RELEASE=1 runs the release build's monkey instead (build/, BUILD to change it), where a
# turn of the event loop over 1 s after an action counts as a hang (the GUI thread must never wait on a worker).
# Resident memory is logged as it moves ("   rss N MB") and its peak printed. CAP_MB sets the settings' memory cap
# ([limits] memoryMB) for the run; RSS_MB makes resident memory above it a failure (e.g. CAP_MB=3072 RSS_MB=4096).
set -uo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SECONDS_TO_RUN=${1:-600}
SEED=${2:-$(( (RANDOM * 32768 + RANDOM) % 1000000 ))}
echo "monkey: seed $SEED"
if [ "${RELEASE:-0}" = 1 ]; then
  BUILD=${BUILD:-$ROOT/build}
else
  BUILD=${BUILD_ASAN:-$ROOT/build-asan}
fi
JOBS=${JOBS:-2}
if [ ! -f "$BUILD/build.ninja" ]; then
  if [ "${RELEASE:-0}" = 1 ]; then
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null || exit 2
  else
    cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGLASSBOX_PORTABLE=OFF \
      -DGLASSBOX_SANITIZE=ON >/dev/null || exit 2
  fi
fi
cmake --build "$BUILD" -j "$JOBS" --target tst_monkey || exit 2
LOG="$BUILD/monkey-$SEED.log"
OUT="$BUILD/monkey-$SEED.out"
KIND=$([ "${RELEASE:-0}" = 1 ] && echo "the release build" || echo "ASan+UBSan")
echo "monkey: ${SECONDS_TO_RUN} s, seed $SEED, under $KIND; actions are logged to $LOG"
# leaks are reported separately from crashes: Qt and fontconfig keep caches until exit
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:halt_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export QT_QPA_PLATFORM=offscreen OMP_NUM_THREADS=2
# QtTest ends any test function after 300 s (QTEST_FUNCTION_TIMEOUT): a long run needs more
export QTEST_FUNCTION_TIMEOUT=$(( (SECONDS_TO_RUN + 900) * 1000 ))
export GLASSBOX_MONKEY_CAP_MB=${CAP_MB:-0} GLASSBOX_MONKEY_RSS_MB=${RSS_MB:-0}
export GLASSBOX_MONKEY_SECONDS=$SECONDS_TO_RUN GLASSBOX_MONKEY_SEED=$SEED GLASSBOX_MONKEY_LOG=$LOG
# sanitizers make everything slower (at -O0 some 50×: what takes 20 ms in the release build takes a second here)
if [ "${RELEASE:-0}" = 1 ]; then
  export GLASSBOX_MONKEY_HANG_SECONDS=${GLASSBOX_MONKEY_HANG_SECONDS:-60}
  export GLASSBOX_MONKEY_TURN_MS=${GLASSBOX_MONKEY_TURN_MS:-1000}
else
  export GLASSBOX_MONKEY_HANG_SECONDS=${GLASSBOX_MONKEY_HANG_SECONDS:-120}
  export GLASSBOX_MONKEY_TURN_MS=${GLASSBOX_MONKEY_TURN_MS:-20000}
fi
"$BUILD/tests/ui/tst_monkey" >"$OUT" 2>&1
rc=$?
actions=$(grep -vc "^   " "$LOG" 2>/dev/null || echo 0)  # not the answers to dialogs, not the memory lines
crashes=0
hangs=0
over=0
if grep -q "monkey: HANG" "$OUT"; then hangs=1
elif grep -q "over the bound of" "$OUT"; then over=1  # resident memory beyond RSS_MB
elif grep -q "did not turn its event loop" "$OUT"; then hangs=1  # beyond GLASSBOX_MONKEY_TURN_MS
elif [ $rc -ne 0 ]; then crashes=1
fi
summary=$(grep -m1 "^monkey: [0-9]* actions" "$OUT")
echo "${summary:-monkey: $actions actions logged, seed $SEED}"
echo "monkey: seed $SEED, ${SECONDS_TO_RUN} s, exit status $rc: crashes $crashes, hangs $hangs, memory over the bound $over"
if [ $rc -ne 0 ]; then
  echo "--- the end of the run's output ($OUT):"
  tail -n 60 "$OUT"
  echo "--- the last actions ($LOG):"
  tail -n 15 "$LOG"
fi
exit $rc
