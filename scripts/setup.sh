# Sourced by run.sh and test.sh: installs what is missing (apt), configures once, builds incrementally
# (GLASSBOX_INSTALL_ONLY=1: installs only, for scripts that build elsewhere).
# Works as root or through sudo. BUILD_DIR (default: build) and BUILD_TYPE (default: Release) may be set.
set -euo pipefail
GLASSBOX_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD_DIR=${BUILD_DIR:-$GLASSBOX_ROOT/build}
BUILD_TYPE=${BUILD_TYPE:-Release}

GLASSBOX_PACKAGES=(
  cmake ninja-build g++ ccache libeigen3-dev nlohmann-json3-dev
  qt6-base-dev qt6-tools-dev qt6-l10n-tools qt6-svg-dev
  libqcustomplot-dev libqcustomplot2.1-qt6
  libsentencepiece-dev  # Marian's tokenizer (core/text/tokenizer.cpp)
  libdnnl-dev  # oneDNN: the core's matrix product (core/model/matmul.cpp; -DGLASSBOX_GEMM=eigen builds without it)
  fonts-dejavu-core qt6-translations-l10n
  poppler-utils
  python3-torch python3-numpy python3-sentencepiece  # the PyTorch bridge's tests, Marian's tokenizer's reference (python/glassbox_torch.py, torchrun with gloo)
  desktop-file-utils appstream shared-mime-info  # install_check: the validators, update-mime-database
  dpkg-dev  # cpack -G DEB: dpkg-shlibdeps finds the dependencies (test package_check)
)

glassbox_install_missing() {
  local missing=()
  for p in "${GLASSBOX_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

glassbox_build() {
  if [ ! -f "$BUILD_DIR/build.ninja" ]; then
    cmake -S "$GLASSBOX_ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" ${GLASSBOX_CMAKE_ARGS:-}
  fi
  cmake --build "$BUILD_DIR"
}

glassbox_install_missing
[ "${GLASSBOX_INSTALL_ONLY:-0}" = 1 ] || glassbox_build
