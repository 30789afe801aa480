#!/usr/bin/env bash
# Sets everything up, then opens the viewer on the bundled sample capture. Without a display it
# renders that capture to a PNG instead and prints where the picture is.
set -euo pipefail
cd "$(dirname "$0")/.."
bash packaging/build.sh
sample=resources/samples/sample-l4
if [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ]; then
  exec ./build/app/lanescope "$sample"
fi
out="${TMPDIR:-/tmp}/lanescope-sample.png"
./build/app/lanescope export "$sample" -o "$out" --size 1600x900
