#!/usr/bin/env bash
# Builds the libFuzzer targets with clang into build-fuzz and runs each for SECONDS_PER_TARGET.
# Usage: tests/fuzz/run-fuzzers.sh [SECONDS_PER_TARGET=60] [TARGET...]
# Seeds come from the committed fixtures (generated captures of every shape, hand-written reader
# fixtures, the corrupt corpus). Findings land in build-fuzz/fuzz-artifacts/; the script exits
# non-zero when any target crashed, leaked, timed out or ran out of memory.
set -euo pipefail

seconds=${1:-60}
shift || true
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${LANESCOPE_FUZZ_BUILD:-$root/build-fuzz}
cxx=${CXX:-$(command -v clang++-14 || command -v clang++)}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(records deps namemap scopestats trace hostlog perfhints zstd loader session snapshot)

if [ ! -f "$build/CMakeCache.txt" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER="$cxx" -DLANESCOPE_FUZZ=ON \
    -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer" \
    -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined"
fi
cmake --build "$build" --target "${targets[@]/#/fuzz_}" -j"${JOBS:-2}"

fixtures=$root/tests/fixtures
corpus=$build/fuzz-corpus
artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts"

# seed TARGET FILE...: copies existing files into the target's corpus (content-named, so re-runs
# do not duplicate them).
seed() {
  local dir=$corpus/$1
  shift
  mkdir -p "$dir"
  for f in "$@"; do
    [ -f "$f" ] || continue
    cp "$f" "$dir/seed-$(sha1sum "$f" | cut -c1-16)"
  done
}

shopt -s nullglob
# The corrupt corpus keeps each reader's files in a subdirectory (corrupt/records/, corrupt/deps/, ...);
# retained layouts (generated, hand-written and corrupt) hold their runs in swimlane-<k>/records_e<epoch>.json.
seed records "$fixtures"/records/*.json "$fixtures"/generated/*/chip_swimlane_records.json \
  "$fixtures"/generated/*/swimlane-*/records_e*.json "$fixtures"/runs/*/chip_swimlane_records.json \
  "$fixtures"/runs/*/swimlane-*/records_e*.json "$fixtures"/corrupt/records/* \
  "$fixtures"/corrupt/retained/*/swimlane-*/records_e*
seed deps "$fixtures"/deps/*.json "$fixtures"/generated/*/deps.json "$fixtures"/runs/*/deps.json \
  "$fixtures"/corrupt/deps/* "$fixtures"/corrupt/retained/*/deps.json
seed namemap "$fixtures"/namemap/*.json "$fixtures"/generated/*/name_map*.json "$fixtures"/corrupt/namemap/*
# The hand-written fixtures include the current writer's unversioned shape (v7_*.jsonl) and the
# corrupt corpus its damaged variants (corrupt/scopestats/scope_stats-v7-*).
seed scopestats "$fixtures"/scopestats/*.jsonl "$fixtures"/generated/*/scope_stats/*.jsonl \
  "$fixtures"/runs/*/scope_stats/*.jsonl "$fixtures"/corrupt/scopestats/*
# Trace seeds: the hand-written traces (merged, newest converter, multi-rank l3) and the damaged ones.
seed trace "$fixtures"/traces/*.json "$fixtures"/corrupt/trace/*
seed hostlog "$fixtures"/hostlog/* "$fixtures"/generated/*/strace.log "$fixtures"/corrupt/hostlog/*
seed perfhints "$fixtures"/perf_hints/*.log "$fixtures"/corrupt/perfhints/*
seed zstd "$fixtures"/generated/*/*.zst "$fixtures"/corrupt/*.zst
# The loader target reads one capture directory per input, its files joined by the byte 0x1e.
mkdir -p "$corpus/loader"
# A retained layout contributes its last run's records file.
for d in "$fixtures"/generated/*/ "$fixtures"/runs/*/; do
  name=$(basename "$(dirname "$d")")-$(basename "$d")
  records=$(ls "$d"/chip_swimlane_records.json "$d"/swimlane-*/records_e*.json 2>/dev/null | tail -1 || true)
  {
    cat "$records" 2>/dev/null || true; printf '\x1e'
    cat "$d"/deps.json 2>/dev/null || true; printf '\x1e'
    cat "$d"/name_map*.json 2>/dev/null || true; printf '\x1e'
    cat "$d"/scope_stats/scope_stats.jsonl 2>/dev/null || true; printf '\x1e'
    cat "$d"/strace.log 2>/dev/null || true
  } > "$corpus/loader/seed-$name"
done

# Review sessions: one naming its captures, one carrying a small embedded file.
mkdir -p "$corpus/session"
printf '{"format":"lanescope-review","version":1,"technique":"01a","notes":"n","markers":[{"time_us":1.5,"name":"m"}],"before":{"path":"a","embedded":[]},"after":{"path":"b","embedded":[]}}\n' \
  > "$corpus/session/seed-plain"
packed=$(printf 'chip_swimlane' | zstd -q -c | base64 -w0)
printf '{"format":"lanescope-review","version":1,"technique":"general","notes":"","markers":[],"before":{"path":"a","embedded":[{"name":"x.json","size":13,"zstd_base64":"%s"}]},"after":{"path":"b","embedded":[]}}\n' \
  "$packed" > "$corpus/session/seed-embedded"

# Snapshots are written by the snapshot target itself (it knows the key it reads them under), from
# small captures of different shapes, so that the seeds stay within -max_len.
export LANESCOPE_SNAPSHOT_SEEDS="$corpus/snapshot"
export LANESCOPE_SNAPSHOT_SEED_CAPTURES="$fixtures/records/aicore_scheduler_streams.json:$fixtures/records/aicpu_lifecycle.json:$fixtures/traces/merged_swimlane_small.json:$fixtures/hostlog/two_processes.log:$fixtures/scopestats/v7_two_epochs.jsonl:$fixtures/runs/two-runs"

failed=()
for t in "${targets[@]}"; do
  echo "== fuzz_$t for ${seconds}s"
  mkdir -p "$corpus/$t"
  if ! "$build/tests/fuzz/fuzz_$t" "$corpus/$t" -max_total_time="$seconds" -rss_limit_mb=2048 \
      -malloc_limit_mb=2048 -timeout=10 -max_len=65536 -print_final_stats=1 \
      -artifact_prefix="$artifacts/$t-" 2> "$artifacts/$t.log"; then
    failed+=("$t")
    grep -E "ERROR|SUMMARY|Test unit written" "$artifacts/$t.log" || tail -20 "$artifacts/$t.log"
  fi
  grep -E "stat::number_of_executed_units|cov:" "$artifacts/$t.log" | tail -2
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "findings in: ${failed[*]} (see $artifacts)"
  exit 1
fi
echo "all fuzz targets clean"
