#pragma once

#include "capturedata.h"
#include "generatoroptions.h"
#include "simulatedrun.h"
#include "workload.h"
#include "workloadsimulator.h"

#include <vector>

namespace lanescope {

// One run of a multi-run capture (GeneratorOptions::runs, upstream supplement §4, §5).
struct CapturedRun
{
    std::uint32_t runEpoch = 1;
    RunVerdict verdict = RunVerdict::Published;
    SimulatedRun simulated;
    CaptureData data; // stamped with runEpoch; no records at all for RunVerdict::PublishedNothing
};

// Captures the workload options.runs times one after another: run k (epoch k, from 1) is simulated
// with seed + k - 1, so its timing differs while its rows, tasks and reg_task_ids repeat, and its
// counter starts 1 ms after the previous run's last cycle. Verdicts come from options.verdicts.
std::vector<CapturedRun> captureRunSequence(const Workload &workload, const GeneratorOptions &options,
                                            const SimulationConfig &config);

// Every run's streams in one file, in run order: what the collector writes when a buffer keeps
// records of several epochs (§4.3).
CaptureData mergeRuns(const std::vector<CapturedRun> &runs);

// metadata.collection of a retained run: counters that agree with its verdict (§5.2, §5.3).
CollectionBlock collectionBlockOf(const CapturedRun &run);

// published | partial_safe | partial_cut_unknown, as written on file.
const char *verdictName(RunVerdict verdict);

} // namespace lanescope
