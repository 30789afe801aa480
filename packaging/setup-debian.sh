#!/usr/bin/env bash
# Installs what Lanescope needs on Debian 12. Idempotent: packages already present are skipped.
# Usage: packaging/setup-debian.sh [build|all]
#   build: what building and running the viewer needs (the first README command), no more: each
#          package more is time a new user waits before seeing the product;
#   all (default): also what the tests need: clang with its sanitizer runtimes, clang-format, Xvfb,
#          the desktop-integration and packaging tools, and Node.js for the MCP SDK client test.
set -euo pipefail
# qt6-websockets-dev: Qt HTTP Server's CMake package needs it, which Debian's package does not pull in.
build_packages=(
  build-essential cmake ninja-build pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl1-mesa-dev
  qt6-httpserver-dev qt6-websockets-dev nlohmann-json3-dev libzstd-dev libsqlite3-dev fonts-dejavu-core
)
test_packages=(
  git clang-14 libclang-rt-14-dev clang-format-14 zstd
  xvfb xauth
  desktop-file-utils appstream xdg-utils shared-mime-info libglib2.0-bin dpkg-dev file procps
)
packages=("${build_packages[@]}")
case "${1:-all}" in
  build) ;;
  all) packages+=("${test_packages[@]}") ;;
  *) echo "usage: $0 [build|all]" >&2; exit 1 ;;
esac
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm by command, not by package: a machine whose Node comes from elsewhere (NodeSource's
# nodejs bundles npm and conflicts with Debian's npm package) already has both.
if [ "${1:-all}" = all ] && ! command -v npm >/dev/null 2>&1; then
  missing+=(nodejs npm)
fi
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
