#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite through CTest (GUI tests run offscreen).
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
export QT_QPA_PLATFORM=offscreen
exec ctest --test-dir "$BUILD_DIR" --output-on-failure "$@"
