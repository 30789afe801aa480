#pragma once

// Generated Before/After pairs whose differences are known exactly, for the task diff and the
// makespan attribution: the generator's diff options (generatoroptions.h) on a shared base, both
// sides written into one temporary directory and loaded.

#include "generatoroptions.h"
#include "model/capture/captureruns.h"

#include <QTemporaryDir>
#include <cstdint>
#include <memory>

namespace lanescope {

struct DiffPair
{
    std::unique_ptr<QTemporaryDir> dir; // <dir>/before and <dir>/after
    GeneratorOptions beforeOptions;
    GeneratorOptions afterOptions;
    CaptureRuns before; // every run of each side, ascending epoch
    CaptureRuns after;

    bool ok() const { return !before.empty() && !after.empty() && before.size() == after.size(); }
    const Capture &beforeRun(std::size_t k = 0) const { return *before.runs[k]; }
    const Capture &afterRun(std::size_t k = 0) const { return *after.runs[k]; }
};

// The base of every pair: a random workload of `tasks` tasks at level 4, a 1 GHz clock (a cycle is
// a nanosecond, so durations are exact), kernel times by task, and `runs` runs per side (the
// upstream shape when runs > 1).
GeneratorOptions diffBaseOptions(std::uint64_t seed = 11, int tasks = 300, int runs = 1);

// Generates both sides and loads them; a pair that is not ok() when either step fails (logged).
DiffPair makeDiffPair(const GeneratorOptions &before, const GeneratorOptions &after);

// After: every AICore subtask of `funcId` runs `byNs` longer; nothing else changes.
DiffPair slowedFunctionPair(std::int32_t funcId, std::int64_t byNs,
                            const GeneratorOptions &base = diffBaseOptions());
// After: the last `count` tasks that run on cores are not submitted.
DiffPair droppedTasksPair(int count, const GeneratorOptions &base = diffBaseOptions());
// After: the same work under rotated local ids (a changed graph).
DiffPair renumberedPair(int places, const GeneratorOptions &base = diffBaseOptions());
// Before and After of a changed task set: TilingBefore against TilingAfter (technique 01a).
DiffPair tilingPair(const GeneratorOptions &base = diffBaseOptions());

} // namespace lanescope
