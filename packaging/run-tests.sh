#!/usr/bin/env bash
# Sets everything up and runs every check CI runs:
#  1. the gcc build of everything with every warning an error (`werror` preset, into build-werror);
#  2. every test under AddressSanitizer + UndefinedBehaviorSanitizer: the `asan` preset (clang, which
#     also builds the libFuzzer targets) into build-asan; the suite includes the format check;
#  3. the package of the Release build: its binary stripped and small (seconds: it is already built);
#  4. each fuzzer for a bounded time on the committed seeds.
# Usage: packaging/run-tests.sh [FUZZ_SECONDS_PER_TARGET=10]
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/setup-debian.sh
cmake --preset werror >/dev/null
cmake --build --preset werror -j"$(nproc)"
ctest --test-dir build-werror -R '^packaging/debpackage$' --output-on-failure
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$(nproc)"
ctest --preset asan -j"$(nproc)"
LANESCOPE_FUZZ_BUILD="$PWD/build-asan" bash tests/fuzz/run-fuzzers.sh "${1:-10}"
