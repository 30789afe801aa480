#pragma once

#include "generatoroptions.h"
#include "simulatedrun.h"
#include "workload.h"

#include <QString>
#include <cstddef>
#include <vector>

namespace lanescope {

// scope_stats/scope_stats.jsonl: a metadata line, then one line per scope boundary crossed by the
// orchestrator, in program order. For RecordShape::Upstream the current writer's shape (upstream
// supplement §9): the 7-key metadata line without "version", samples stamped with run_epoch
// (kUpstreamRunEpoch) and buf_seq (consecutive from 0, kScopeSamplesPerBuffer samples a buffer).
// Every other shape gets schema v6 (§8.1), without either.
bool writeScopeStats(const Workload &workload, const SimulatedRun &run, const GeneratorOptions &options,
                     const QString &path);

// The samples of one captured run of a multi-run capture (GeneratorOptions::runs).
struct ScopeStatsRun
{
    const SimulatedRun *run = nullptr;
    std::uint32_t runEpoch = 1;
    bool capturedNothing = false; // a run that published no records has no samples either
};

// Upstream shape, several runs: the runs' samples one after another, each stamped with its
// run_epoch and buf_seq counting from 0 again in every run (a buffer's producer-local sequence).
// `retained` appends the background keys of §9.2 with a published verdict (nothing lost).
bool writeScopeStatsRuns(const Workload &workload, const std::vector<ScopeStatsRun> &runs,
                         const GeneratorOptions &options, bool retained, const QString &path);

// Capacities written into the metadata line (per ring).
constexpr std::uint64_t kScopeHeapMax = std::uint64_t(256) << 20;
constexpr std::int64_t kScopeDepPoolMax = 65536;
constexpr std::int64_t kScopeTensormapMax = 65536;
// Samples per device buffer in the upstream shape: small, so that even the committed fixtures (about
// ten samples) span several buffers. The writer's real buffer size is not in the public sources.
constexpr std::size_t kScopeSamplesPerBuffer = 4;

} // namespace lanescope
