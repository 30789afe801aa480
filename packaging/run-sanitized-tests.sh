#!/usr/bin/env bash
# Sets everything up, builds the whole tree with AddressSanitizer + UndefinedBehaviorSanitizer (the
# `asan` preset: clang, which also builds the libFuzzer targets), runs every test under it, then
# runs each fuzzer for a bounded time on the committed seeds.
# Usage: packaging/run-sanitized-tests.sh [FUZZ_SECONDS_PER_TARGET=20]
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/setup-debian.sh
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$(nproc)"
ctest --preset asan -j"$(nproc)"
LANESCOPE_FUZZ_BUILD="$PWD/build-asan" bash tests/fuzz/run-fuzzers.sh "${1:-20}"
