#!/usr/bin/env bash
# Sets everything up and runs every check CI runs, each warning an error in both builds:
#  1. the package users install (the `package` preset: gcc, Release with debug information, the app
#     alone, into build-package), checked: its binary stripped and small, its debug information in
#     lanescope-dbgsym;
#  2. everything (the app, every test, benchmark and libFuzzer target) under AddressSanitizer +
#     UndefinedBehaviorSanitizer with clang (the `asan` preset, into build-asan), and the whole
#     suite run there; it includes the format check;
#  3. each fuzzer for a bounded time on the committed seeds.
# The gcc build of the tests as well (`cmake --preset werror`) is left to developers: the tests are
# compiled, warnings included, by the clang build, and the product's code by both compilers.
# Usage: packaging/run-tests.sh [FUZZ_SECONDS_PER_TARGET=10]
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/setup-debian.sh
cmake --preset package >/dev/null
cmake --build --preset package -j"$(nproc)"
bash tests/packaging/debpackage.sh build-package 15
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$(nproc)"
ctest --preset asan -j"$(nproc)"
LANESCOPE_FUZZ_BUILD="$PWD/build-asan" bash tests/fuzz/run-fuzzers.sh "${1:-10}"
