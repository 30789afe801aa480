#!/usr/bin/env bash
# Sets everything up and runs every test under AddressSanitizer + UndefinedBehaviorSanitizer: builds
# the `asan` preset (clang, which also builds the libFuzzer targets) into build-asan, runs the whole
# suite there, then each fuzzer for a bounded time on the committed seeds.
# Usage: packaging/run-tests.sh [FUZZ_SECONDS_PER_TARGET=10]
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/setup-debian.sh
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$(nproc)"
ctest --preset asan -j"$(nproc)"
LANESCOPE_FUZZ_BUILD="$PWD/build-asan" bash tests/fuzz/run-fuzzers.sh "${1:-10}"
