#!/usr/bin/env bash
# The build renders every icon with lanescope-iconrender: run as a build runs it (no session, so no
# XDG_RUNTIME_DIR), it writes its picture and prints nothing, since a build prints no warnings.
# Usage: iconrenderquiet.sh SOURCE_DIR BINARY_DIR
set -euo pipefail
render="$2/packaging/lanescope-iconrender"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for svg in "$1"/packaging/icons/*.svg; do
  printed="$(env -u XDG_RUNTIME_DIR "$render" "$svg" 32 "$out/icon.png" 2>&1)"
  [ -s "$out/icon.png" ] || { echo "no picture from $svg"; exit 1; }
  [ -z "$printed" ] || { echo "rendering $svg printed:"; echo "$printed"; exit 1; }
  rm -f "$out/icon.png"
done
echo "every icon rendered without a word"
