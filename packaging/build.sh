#!/usr/bin/env bash
# Installs the build dependencies (Debian 12) and builds Lanescope into ./build.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/setup-debian.sh
cmake --preset default >/dev/null
cmake --build --preset default -j"$(nproc)"
