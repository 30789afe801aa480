#include "runsequence.h"

#include "capturedatabuilder.h"

#include <algorithm>

namespace lanescope {

namespace {

std::uint64_t lastCycle(const CaptureData &d)
{
    std::uint64_t last = 0;
    for (const auto &r : d.aicore)
        last = std::max(last, r.endCycles);
    for (const auto &r : d.aicpu)
        last = std::max(last, r.finishCycles);
    for (const auto &lane : d.scheduler)
        for (const auto &r : lane)
            last = std::max(last, r.endCycles);
    if (!d.orchestratorOnHost)
        for (const auto &r : d.orchestrator)
            last = std::max(last, r.end);
    return last;
}

void stamp(CaptureData &d, std::uint32_t epoch)
{
    for (auto &r : d.aicore)
        r.runEpoch = epoch;
    for (auto &r : d.aicpu)
        r.runEpoch = epoch;
    for (auto &lane : d.scheduler)
        for (auto &r : lane)
            r.runEpoch = epoch;
    for (auto &r : d.orchestrator)
        r.runEpoch = epoch;
}

void clearRecords(CaptureData &d)
{
    d.aicore.clear();
    d.aicpu.clear();
    d.scheduler.clear();
    d.orchestrator.clear();
    d.hostUploads.clear();
}

} // namespace

std::vector<CapturedRun> captureRunSequence(const Workload &workload, const GeneratorOptions &options,
                                            const SimulationConfig &config)
{
    std::vector<CapturedRun> runs;
    GeneratorOptions o = options;
    const int count = std::max(1, options.runs);
    for (int k = 0; k < count; ++k) {
        CapturedRun run;
        run.runEpoch = std::uint32_t(k + 1);
        run.verdict = std::size_t(k) < options.verdicts.size() ? options.verdicts[std::size_t(k)]
                                                               : RunVerdict::Published;
        SimulationConfig c = config;
        c.seed = config.seed + std::uint64_t(k);
        o.seed = options.seed + std::uint64_t(k);
        run.simulated = simulateWorkload(workload, c);
        run.data = buildCaptureData(workload, run.simulated, o);
        stamp(run.data, run.runEpoch);
        if (run.verdict == RunVerdict::PublishedNothing)
            clearRecords(run.data);
        else
            o.startCycles = lastCycle(run.data) + std::uint64_t(options.clockFreqHz / 1000);
        runs.push_back(std::move(run));
    }
    return runs;
}

CaptureData mergeRuns(const std::vector<CapturedRun> &runs)
{
    CaptureData merged = runs.front().data;
    clearRecords(merged);
    for (const auto &run : runs) {
        const CaptureData &d = run.data;
        merged.aicore.insert(merged.aicore.end(), d.aicore.begin(), d.aicore.end());
        merged.aicpu.insert(merged.aicpu.end(), d.aicpu.begin(), d.aicpu.end());
        merged.scheduler.resize(std::max(merged.scheduler.size(), d.scheduler.size()));
        for (std::size_t t = 0; t < d.scheduler.size(); ++t)
            merged.scheduler[t].insert(merged.scheduler[t].end(), d.scheduler[t].begin(),
                                       d.scheduler[t].end());
        merged.orchestrator.insert(merged.orchestrator.end(), d.orchestrator.begin(), d.orchestrator.end());
    }
    return merged;
}

CollectionBlock collectionBlockOf(const CapturedRun &run)
{
    CollectionBlock c;
    c.runEpoch = run.runEpoch;
    c.verdict = verdictName(run.verdict);
    switch (run.verdict) {
    case RunVerdict::Published:
    case RunVerdict::PublishedNothing:
        break;
    case RunVerdict::PartialSafe:
        // published downgraded: buffers published but never received, one hand-off retired in transport
        c.notReceivedBuffers = 2;
        c.transportRetired = 1;
        c.transportRetiredRecords = 16;
        break;
    case RunVerdict::PartialCutUnknown:
        c.processingComplete = false;
        c.cutFailedQueues = 1;
        break;
    }
    return c;
}

const char *verdictName(RunVerdict verdict)
{
    switch (verdict) {
    case RunVerdict::Published:
    case RunVerdict::PublishedNothing:
        return "published";
    case RunVerdict::PartialSafe:
        return "partial_safe";
    case RunVerdict::PartialCutUnknown:
        return "partial_cut_unknown";
    }
    return "published";
}

} // namespace lanescope
