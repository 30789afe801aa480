#!/usr/bin/env bash
# Fails when a C++ source differs from the committed .clang-format, and names the files.
# Usage: tests/checkformat.sh SOURCE_DIR
set -euo pipefail
cd "$1"
command -v clang-format-14 >/dev/null || { echo "clang-format-14 is missing (packaging/setup-debian.sh installs it)"; exit 1; }
mapfile -t sources < <(git ls-files '*.cpp' '*.h' 2>/dev/null || find model widgets app tests -name '*.cpp' -o -name '*.h')
[ ${#sources[@]} -gt 0 ] || { echo "no sources found under $1"; exit 1; }
unformatted=()
for f in "${sources[@]}"; do
  clang-format-14 --dry-run --Werror "$f" >/dev/null 2>&1 || unformatted+=("$f")
done
if [ ${#unformatted[@]} -gt 0 ]; then
  echo "Not formatted as .clang-format says (clang-format-14 -i FILE fixes it):"
  printf '  %s\n' "${unformatted[@]}"
  exit 1
fi
echo "${#sources[@]} sources formatted"
