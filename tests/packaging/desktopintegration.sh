#!/usr/bin/env bash
# Unpacks the Lanescope .deb into a temporary root, registers its MIME types and desktop entry in
# a temporary XDG data directory, and checks what a desktop would do with a capture.
#   desktopintegration.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
src=$1
build=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

desktop-file-validate "$src/packaging/org.lanescope.Lanescope.desktop"
appstreamcli validate --no-net "$src/packaging/org.lanescope.Lanescope.metainfo.xml" >/dev/null

# What a user installs: the .deb CPack makes, unpacked into the temporary root.
cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/package" >/dev/null
dpkg-deb -x "$tmp/package"/lanescope_*.deb "$tmp"
share=$tmp/usr/share
test -x "$tmp/usr/bin/lanescope"
test -f "$share/applications/org.lanescope.Lanescope.desktop"
test -f "$share/metainfo/org.lanescope.Lanescope.metainfo.xml"
test -f "$share/icons/hicolor/scalable/apps/org.lanescope.Lanescope.svg"
test -f "$share/icons/hicolor/48x48/apps/org.lanescope.Lanescope.png"
test -f "$share/icons/hicolor/256x256/mimetypes/application-vnd.lanescope.review+json.png"
file -b --mime-type "$share/icons/hicolor/48x48/apps/org.lanescope.Lanescope.png" | grep -qx image/png
# The installed metainfo must launch the installed desktop entry.
grep -q '<launchable type="desktop-id">org.lanescope.Lanescope.desktop</launchable>' \
  "$share/metainfo/org.lanescope.Lanescope.metainfo.xml"

export XDG_DATA_DIRS="$share:/usr/share" XDG_DATA_HOME="$tmp/home/.local/share" XDG_CONFIG_HOME="$tmp/home/.config"
export XDG_CURRENT_DESKTOP=GNOME HOME="$tmp/home"
update-mime-database "$share/mime"
update-desktop-database "$share/applications"
mkdir -p "$XDG_CONFIG_HOME" "$tmp/capture"
echo '{"chip_swimlane_level": 1}' > "$tmp/capture/chip_swimlane_records.json"
echo '{"traceEvents": []}' > "$tmp/capture/merged_swimlane.json"
echo '(zstd bytes)' > "$tmp/capture/chip_swimlane_records.json.zst"
echo '{"tasks": []}' > "$tmp/capture/deps.json"
echo '{}' > "$tmp/capture/review.lanescope"

expect_type() {
  local got
  got=$(xdg-mime query filetype "$1")
  if [ "$got" != "$2" ]; then
    echo "FAIL: $(basename "$1") is '$got', expected '$2'" >&2
    exit 1
  fi
}
expect_type "$tmp/capture/chip_swimlane_records.json" application/vnd.lanescope.swimlane-records+json
expect_type "$tmp/capture/merged_swimlane.json" application/vnd.lanescope.trace+json
expect_type "$tmp/capture/chip_swimlane_records.json.zst" application/vnd.lanescope.swimlane-records+zstd
expect_type "$tmp/capture/review.lanescope" application/vnd.lanescope.review+json
expect_type "$tmp/capture/deps.json" application/json   # a companion, not claimed

default=$(xdg-mime query default application/vnd.lanescope.swimlane-records+json)
if [ "$default" != "org.lanescope.Lanescope.desktop" ]; then
  echo "FAIL: default application is '$default'" >&2
  exit 1
fi
echo "desktop integration ok"
