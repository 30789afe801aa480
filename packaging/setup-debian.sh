#!/usr/bin/env bash
# Installs everything Lanescope needs to build, test and run on Debian 12.
# Idempotent: packages already present are skipped by apt.
set -euo pipefail
packages=(
  build-essential cmake ninja-build pkg-config git
  clang-14 libclang-rt-14-dev clang-format-14
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libgl1-mesa-dev
  nlohmann-json3-dev libzstd-dev zstd
  xvfb xauth fonts-dejavu-core
  desktop-file-utils appstream xdg-utils shared-mime-info libglib2.0-bin dpkg-dev file procps
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
