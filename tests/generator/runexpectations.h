#pragma once

#include "expectedvalues.h"
#include "generatoroptions.h"
#include "runsequence.h"
#include "workload.h"

#include <vector>

namespace lanescope {

// Ground truth of a multi-run capture: one ExpectedRun per run from that run's streams alone, and
// in `e` (which already holds the workload truth) the figures of all runs together on one axis —
// counts summed, times from the earliest run's base, distinct tasks over every run.
// `scopeStatsWritten`: the capture has a scope stats file (its samples are counted per run).
void fillRunExpectations(const std::vector<CapturedRun> &runs, const Workload &workload,
                         const GeneratorOptions &options, bool scopeStatsWritten, ExpectedValues &e);

} // namespace lanescope
