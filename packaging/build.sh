#!/usr/bin/env bash
# Installs the build dependencies (Debian 12) and builds the Lanescope viewer into ./build: the app
# alone, not the tests, benchmarks and packaging targets (`cmake --build --preset default` builds
# those too).
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/setup-debian.sh build
cmake --preset default >/dev/null
cmake --build --preset default --target lanescope -j"$(nproc)"
