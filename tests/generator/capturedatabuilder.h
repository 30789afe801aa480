#pragma once

#include "capturedata.h"
#include "generatoroptions.h"
#include "simulatedrun.h"
#include "workload.h"

namespace lanescope {

// Converts a simulated run into the raw streams of a records file: counter cycles, per-core file
// order, what the level captures (§2.8), host records for host orchestration, and the injected
// damage of options.inject (except truncation, which applies to the written bytes).
CaptureData buildCaptureData(const Workload &workload, const SimulatedRun &run,
                             const GeneratorOptions &options);

// Host CLOCK_MONOTONIC origin used for host-orchestrated records and the [STRACE] log.
std::uint64_t hostClockOriginNs(const GeneratorOptions &options);

} // namespace lanescope
