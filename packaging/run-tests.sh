#!/usr/bin/env bash
# Sets everything up, builds, and runs the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/build.sh
ctest --preset default -j"$(nproc)"
