#!/usr/bin/env bash
# Under a virtual X display: opening a capture through the installed desktop entry starts
# Lanescope with that capture, and opening a second one reaches the running instance.
#   desktoplaunch.sh BUILD_DIR
set -euo pipefail
if [ "${1:-}" = "--inside-display" ]; then
  inside=1
else
  inside=0
fi

if [ "$inside" = 1 ]; then
  tmp=$2
else
  build=$1
  tmp=$(mktemp -d)
fi
if [ "$inside" = 0 ]; then
  trap 'stop_instances; rm -rf "$tmp"' EXIT
  cmake --install "$build" --prefix "$tmp/usr" >/dev/null
fi
# The instance is started by name through PATH, so its command line need not hold $tmp: stop it
# by the process ids it logged (a stray one would keep the test's output open).
stop_instances() {
  if [ -f "$tmp/opened.log" ]; then
    cut -d' ' -f1 "$tmp/opened.log" | sort -u | xargs -r kill 2>/dev/null || true
  fi
}
export XDG_DATA_DIRS="$tmp/usr/share:/usr/share" XDG_DATA_HOME="$tmp/home/.local/share"
export XDG_CONFIG_HOME="$tmp/home/.config" HOME="$tmp/home" XDG_CURRENT_DESKTOP=GNOME
export PATH="$tmp/usr/bin:$PATH" LANESCOPE_OPENED_LOG="$tmp/opened.log"
export LANESCOPE_INSTANCE_NAME="lanescope-launch-test-$(basename "$tmp")"
mkdir -p "$XDG_CONFIG_HOME" "$tmp/a" "$tmp/b"
rm -f "$LANESCOPE_OPENED_LOG"
printf '{"chip_swimlane_level": 1, "metadata": {"clock_freq_hz": 1000000, "num_cores": 1, "core_types": ["aic"]}, "aicore_tasks": [[0, 1, 1, 10, 20, 2]], "aicpu_tasks": []}' \
  > "$tmp/a/chip_swimlane_records.json"
cp "$tmp/a/chip_swimlane_records.json" "$tmp/b/chip_swimlane_records.json"
desktop=$tmp/usr/share/applications/org.lanescope.Lanescope.desktop

wait_lines() {  # wait until the log has $1 lines
  for _ in $(seq 100); do
    [ -f "$LANESCOPE_OPENED_LOG" ] && [ "$(wc -l < "$LANESCOPE_OPENED_LOG")" -ge "$1" ] && return 0
    sleep 0.1
  done
  echo "FAIL: expected $1 opened capture(s), log: $(cat "$LANESCOPE_OPENED_LOG" 2>/dev/null)" >&2
  exit 1
}

run_in_display() {
  gio launch "$desktop" "$tmp/a/chip_swimlane_records.json" &
  wait_lines 1
  gio launch "$desktop" "$tmp/b/chip_swimlane_records.json"
  wait_lines 2
  pids=$(cut -d' ' -f1 "$LANESCOPE_OPENED_LOG" | sort -u | wc -l)
  if [ "$pids" -ne 1 ]; then
    echo "FAIL: the second open started another instance: $(cat "$LANESCOPE_OPENED_LOG")" >&2
    exit 1
  fi
  grep -q "$tmp/a/chip_swimlane_records.json" "$LANESCOPE_OPENED_LOG"
  grep -q "$tmp/b/chip_swimlane_records.json" "$LANESCOPE_OPENED_LOG"
  stop_instances
}
if [ "$inside" = 1 ]; then
  run_in_display
else
  xvfb-run -a -s "-screen 0 1280x800x24" bash "$0" --inside-display "$tmp"
  echo "desktop launch ok"
fi
