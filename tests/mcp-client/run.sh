#!/usr/bin/env bash
# ctest mcp-client: installs the pinned MCP TypeScript SDK (package-lock.json) with `npm ci` into
# WORKDIR, once per lock file, and runs client.mjs against LANESCOPE. Exit 77 (skipped) only when
# node or npm is missing.
# Usage: run.sh SOURCE_DIR LANESCOPE BEFORE AFTER WORKDIR
set -euo pipefail
src=$1 lanescope=$2 before=$3 after=$4 work=$5
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "mcp-client: SKIPPED: node and npm are not installed (packaging/setup-debian.sh installs them)"
  exit 77
fi
mkdir -p "$work"
cp "$src/package.json" "$src/package-lock.json" "$src/client.mjs" "$work/"
stamp="$work/node_modules/.installed-lock.json"
if ! cmp -s "$src/package-lock.json" "$stamp"; then
  (cd "$work" && npm ci --no-audit --no-fund --ignore-scripts)
  cp "$src/package-lock.json" "$stamp"
fi
node "$work/client.mjs" "$lanescope" "$before" "$after" "$work"
