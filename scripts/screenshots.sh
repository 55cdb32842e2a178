#!/usr/bin/env bash
# Takes the screenshots under docs/ (1280×800, under xvfb): every tab and dock of the workbench, English and one
# German. Usage: scripts/screenshots.sh [BUILD_DIR]   (default: build). Needs xvfb-run.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$here/build}"
app="$build/app/glassbox"
out="$here/docs"
shot() {  # shot FILE ARGS…
  local file="$1"; shift
  xvfb-run -a -s "-screen 0 1600x1000x24" "$app" "$@" --screenshot "$out/$file" 2>&1 | grep -v -E "XDG_RUNTIME|propagateSizeHints" || true
  echo "$out/$file"
}
export QT_LOGGING_RULES="qt.qpa.*=false"
shot screenshot-en.png --language en
shot screenshot-de.png --language de
shot workbench-en.png --language en --demo 600 --tab attention
shot workbench-de.png --language de --demo 600 --tab attention
shot masks-en.png --language en --demo 300 --tab masks
shot parameters-en.png --language en --demo 300 --tab parameters
shot parameters-de.png --language de --demo 300 --tab parameters
shot decoding-en.png --language en --demo 120 --tab decoding      # part-trained: p still spread
shot decoding-de.png --language de --demo 120 --tab decoding
shot algorithm-en.png --language en --demo 300 --tab algorithm
# a data file with two malformed lines: the Data dock reports them
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
src="$here/../shared/data/eng-deu-50k.tsv"
if [ -f "$src" ]; then
  { head -1500 "$src"; printf 'a line without a tab\n'; sed -n 1501,3000p "$src"; printf 'one\ttwo\tthree\n'; } > "$tmp/eng-deu-sample.tsv"
  shot datafile-en.png --language en --data "$tmp/eng-deu-sample.tsv" --demo 300 --tab attention
fi
