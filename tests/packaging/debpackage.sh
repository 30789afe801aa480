#!/usr/bin/env bash
# The .deb installs a stripped /usr/bin/lanescope, small enough to download and install anywhere;
# a build with debug information keeps it in lanescope-dbgsym, under the binary's build id.
#   debpackage.sh BUILD_DIR MAX_MB      (MAX_MB 0: no size limit, for a sanitizer build)
set -euo pipefail
build=$1
max_mb=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# A tool's whole output, read before it is searched: `tool | grep -q` under pipefail fails at random
# when grep has its match and leaves before the tool has written everything (SIGPIPE).
sections() { readelf -S -W "$1" 2>/dev/null || true; }

cpack --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/package" >/dev/null
dpkg-deb -x "$tmp/package"/lanescope_*.deb "$tmp/root"
bin=$tmp/root/usr/bin/lanescope
test -x "$bin" || fail "the package has no /usr/bin/lanescope"
kind=$(file -b "$bin")
[[ $kind == *", stripped"* ]] || fail "/usr/bin/lanescope is not stripped: $(file -b "$bin")"
if [[ $(sections "$bin") == *.debug_* ]]; then
  fail "/usr/bin/lanescope still has debug sections"
fi
size=$(stat -c %s "$bin")
echo "/usr/bin/lanescope: $size bytes installed, $(stat -c %s "$build/app/lanescope") built"
if [ "$max_mb" -gt 0 ] && [ "$size" -ge $((max_mb * 1024 * 1024)) ]; then
  fail "/usr/bin/lanescope is $size bytes, the limit is $max_mb MB"
fi

if [[ $(sections "$build/app/lanescope") == *.debug_info* ]]; then
  ddebs=("$tmp/package"/lanescope-dbgsym_*.ddeb)
  test -f "${ddebs[0]}" || fail "a build with debug information made no lanescope-dbgsym package"
  notes=$(readelf -n "$bin" 2>/dev/null || true)
  id=$(sed -n 's/.*Build ID: \([0-9a-f]*\).*/\1/p' <<<"$notes")
  test -n "$id" || fail "/usr/bin/lanescope has no build id"
  dpkg-deb -x "${ddebs[0]}" "$tmp/dbgsym"
  debug=$tmp/dbgsym/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug
  test -f "$debug" || fail "lanescope-dbgsym has no $(basename "$debug") for build id $id"
  [[ $(sections "$debug") == *.debug_info* ]] || fail "$(basename "$debug") holds no .debug_info"
  echo "lanescope-dbgsym: $(stat -c %s "$debug") bytes of debug information for build id $id"
fi
echo "package ok"
