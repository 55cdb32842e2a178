#!/usr/bin/env bash
# Installs what is missing, builds, and starts the Glassbox workbench. Extra arguments go to the app.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"
exec "$BUILD_DIR/app/glassbox" "$@"
