#!/usr/bin/env bash
# Builds the package users install: a Release build of the app alone (the `package` preset, into
# build-package), packed by CPack into build-package/: lanescope_<version>_amd64.deb with a stripped
# binary, lanescope-dbgsym_<version>_amd64.ddeb with its debug information, and a .tar.gz.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/setup-debian.sh
cmake --preset package >/dev/null
cmake --build --preset package -j"$(nproc)"
cd build-package
cpack
