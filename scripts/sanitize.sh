#!/usr/bin/env bash
# Builds and runs tests under a sanitizer, in a build folder of its own (CI runs both after the README's command):
#   scripts/sanitize.sh asan   AddressSanitizer + UndefinedBehaviorSanitizer: the core and controller tests, the
#                              crash and limits tests and every fuzz corpus/regression input
#   scripts/sanitize.sh tsan   ThreadSanitizer: the tests whose work runs on worker threads (training, data
#                              loading, decoding, the views inside the machine, autosave) and tst_handoff_race (a wrong handoff TSan must report);
#                              OpenMP off (libgomp is not instrumented). Debian's Qt is not instrumented: memory
#                              touched only inside Qt is not checked (ignore_noninstrumented_modules), our handoffs
#                              through Qt's queue say what Qt guarantees (ui/controllers/handoff.h)
# Extra arguments go to ctest. Prints how long the build and the tests took.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
kind=${1:-}
shift || true
case "$kind" in
  asan)
    dir=${ASAN_BUILD_DIR:-$ROOT/build-asan}
    flags=(-DGLASSBOX_SANITIZE=ON)
    # Not tst_core_tasks: it trains the tasks to 100% exact match, minutes of arithmetic that ASan makes 5x slower
    # and that tst_core_train and tst_core_gradcheck already cover. Not tst_core_memory: it measures the heap with
    # mallinfo2 (ASan's allocator is not malloc's) and allocates more than ulimit -v allows, where ASan aborts
    # instead of throwing std::bad_alloc.
    tests='^(tst_core_(parity|gradcheck|train|io|stepper|decode|text|datafile|errors|perturb|family|rnn|hmm)|tst_trainingcontroller|tst_files|tst_crash|tst_limits|fuzz_replay_.*)$'
    export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
    export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
    export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$ROOT/scripts/lsan.supp:print_suppressions=0}
    ;;
  tsan)
    dir=${TSAN_BUILD_DIR:-$ROOT/build-tsan}
    flags=(-DGLASSBOX_TSAN=ON -DGLASSBOX_OPENMP=OFF)
    tests='^(tst_core_train|tst_trainingcontroller|tst_files|tst_workers|tst_inside|tst_steady|tst_handoff|tst_handoff_race)$'
    export TSAN_OPTIONS=${TSAN_OPTIONS:-halt_on_error=1:second_deadlock_stack=1:ignore_noninstrumented_modules=1:suppressions=$ROOT/scripts/tsan.supp}
    ;;
  *)
    echo "usage: scripts/sanitize.sh asan|tsan [ctest arguments]" >&2
    exit 2
    ;;
esac
GLASSBOX_INSTALL_ONLY=1 source "$ROOT/scripts/setup.sh"
start=$(date +%s)
if [ ! -f "$dir/build.ninja" ]; then
  cmake -S "$ROOT" -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DGLASSBOX_PORTABLE=OFF "${flags[@]}" >/dev/null
fi
cmake "$dir" >/dev/null  # the test list as the sources say it now
# only what the chosen tests need (tst_handoff_race runs tst_handoff)
targets=$(cd "$dir" && ctest -N -R "$tests" | sed -n 's/^ *Test *#[0-9]*: *//p' | sed 's/_race$//' | sort -u)
cmake --build "$dir" --target $targets glassbox glassbox-cli
built=$(date +%s)
export QT_QPA_PLATFORM=offscreen OMP_NUM_THREADS=2
set +e
ctest --test-dir "$dir" -R "$tests" --output-on-failure --timeout 1500 "$@"
rc=$?
set -e
end=$(date +%s)
echo "sanitize $kind: build $((built - start)) s, tests $((end - built)) s, exit $rc"
exit $rc
