#!/usr/bin/env bash
# Takes the screenshots under docs/ (under xvfb): every tab and dock of the workbench at 1280×800 (its first size on a 1440×900 screen), English and one
# German; presentation mode at 1024×768 and 1920×1080, light and projector themes, one in German.
# Usage: scripts/screenshots.sh [BUILD_DIR]   (default: build). Needs xvfb-run. Uses its own settings (a fresh
# HOME), so the zoom and theme remembered on this machine do not leak into the pictures.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
build="${1:-$here/build}"
app="$build/app/glassbox"
out="$here/docs"
shot() {  # shot FILE ARGS…
  local file="$1"; shift
  xvfb-run -a -s "-screen 0 1440x900x24" "$app" "$@" --screenshot "$out/$file" 2>&1 | grep -v -E "XDG_RUNTIME|propagateSizeHints" || true
  echo "$out/$file"
}
# shot at a projector's size, in presentation mode: pshot WIDTHxHEIGHT FILE ARGS…
pshot() {
  local screen="$1" file="$2"; shift 2
  xvfb-run -a -s "-screen 0 ${screen}x24" "$app" --present "$@" --screenshot "$out/$file" 2>&1 | grep -v -E "XDG_RUNTIME|propagateSizeHints" || true
  echo "$out/$file"
}
export QT_LOGGING_RULES="qt.qpa.*=false"
settings="$(mktemp -d)"
export HOME="$settings" XDG_CONFIG_HOME="$settings/.config" XDG_DATA_HOME="$settings/.local/share"
shot screenshot-en.png --language en
shot screenshot-de.png --language de
shot workbench-en.png --language en --demo 600 --tab attention
shot workbench-de.png --language de --demo 600 --tab attention
# a 1024×768 laptop: the docks in one column
xvfb-run -a -s "-screen 0 1024x768x24" "$app" --language en --demo 600 --tab attention --screenshot "$out/workbench-1024.png" \
  2>&1 | grep -v -E "XDG_RUNTIME|propagateSizeHints" || true
echo "$out/workbench-1024.png"
shot masks-en.png --language en --demo 300 --tab masks
shot parameters-en.png --language en --demo 300 --tab parameters
shot parameters-de.png --language de --demo 300 --tab parameters
shot decoding-en.png --language en --demo 120 --tab decoding      # part-trained: p still spread
shot decoding-de.png --language de --demo 120 --tab decoding
shot algorithm-en.png --language en --demo 300 --tab algorithm
pshot 1024x768 present-attention-1024.png --language en --demo 600 --tab attention
pshot 1024x768 present-decoding-1024.png --language en --demo 120 --tab decoding
pshot 1024x768 present-algorithm-1024.png --language en --demo 300 --tab algorithm
pshot 1024x768 present-attention-1024-projector.png --language en --theme projector --demo 600 --tab attention
pshot 1024x768 present-decoding-1024-de.png --language de --demo 120 --tab decoding
pshot 1920x1080 present-attention-1920.png --language en --demo 600 --tab attention
pshot 1920x1080 present-decoding-1920-projector.png --language en --theme projector --demo 120 --tab decoding
pshot 1920x1080 present-algorithm-1920.png --language en --demo 300 --tab algorithm
pshot 1024x768 present-training-1024-dark.png --language en --theme dark --demo 300 --tab training
# the built-in lessons at their key moments: the Start page's pictures (resources) and the README's (docs)
# (the Start page shows each in the window's language: NAME.png and NAME-de.png; the screen as the class sees it)
for lesson in $("$app" --lessons); do
  for lang in en de; do
    pic="$here/resources/lessons/$lesson$([ "$lang" = de ] && echo -de).png"
    xvfb-run -a -s "-screen 0 1024x768x24" "$app" --language "$lang" --lesson "$lesson" --present \
      --screenshot "$pic" 2>&1 | grep -v -E "XDG_RUNTIME|propagateSizeHints" || true
    echo "$pic"
  done
done
for lesson in reversal translation language-model why-the-mask; do
  pshot 1024x768 "lesson-$lesson.png" --language en --lesson "$lesson"
done
pshot 1024x768 lesson-translation-de.png --language de --lesson translation
# a data file with two malformed lines: the Data dock reports them
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp" "$settings"' EXIT
src="$here/../shared/data/eng-deu-50k.tsv"
if [ -f "$src" ]; then
  { head -1500 "$src"; printf 'a line without a tab\n'; sed -n 1501,3000p "$src"; printf 'one\ttwo\tthree\n'; } > "$tmp/eng-deu-sample.tsv"
  shot datafile-en.png --language en --data "$tmp/eng-deu-sample.tsv" --demo 300 --tab attention
fi
