#pragma once

#include "generatoroptions.h"
#include "simulatedrun.h"
#include "workload.h"

#include <QString>

namespace lanescope {

// scope_stats/scope_stats.jsonl, schema v6 (§8): a metadata line, then one line per scope boundary
// crossed by the orchestrator, in program order.
bool writeScopeStats(const Workload &workload, const SimulatedRun &run, const GeneratorOptions &options,
                     const QString &path);

// Capacities written into the metadata line (per ring).
constexpr std::uint64_t kScopeHeapMax = std::uint64_t(256) << 20;
constexpr std::int64_t kScopeDepPoolMax = 65536;
constexpr std::int64_t kScopeTensormapMax = 65536;

} // namespace lanescope
