#pragma once

#include <QString>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace lanescope {

// Ground truth of one run of a multi-run capture (upstream supplement §4, §5), computed from that
// run's streams alone: what a viewer shows when that run is picked.
struct ExpectedRun
{
    std::uint32_t runEpoch = 0;
    QString verdict;              // retained layout: metadata.collection.verdict; else empty
    QString recordsFile;          // retained layout: swimlane-0/records_e<epoch>.json; else empty
    bool capturedNothing = false; // published its verdict alone, no records
    std::uint64_t rows = 0;       // rows a reader keeps: joined, AICore rows without a partner, duplicates
    std::uint64_t aicoreRows = 0;
    std::uint64_t joinedRows = 0;
    std::uint64_t tasks = 0;          // distinct task ids among the run's AICore rows
    double totalTestTimeUs = 0;       // as ExpectedValues::totalTestTimeUs, over this run's rows
    std::uint64_t timeBaseCycles = 0; // the run's own base (a retained file's); 0 when it captured nothing
    std::uint64_t schedulerRecords = 0;
    std::uint64_t orchestratorRecords = 0;
    std::uint64_t scopeSamples = 0;
};

// Ground truth of one generated capture, computed by the generator from the values it wrote
// (cycles, or integer nanoseconds for the µs-domain object layout) — independently of any reader.
struct ExpectedValues
{
    QString shape;    // current, v2, l2key, objects, upstream
    QString levelKey; // chip_swimlane_level, l2_swimlane_level, l2_perf_level, version
    QString runtime;  // metadata.runtime (upstream shape), else empty
    int level = 0;
    std::int64_t clockFreqHz = 0;
    int numCores = 0;
    int schedulerThreads = 0;

    // Logical tasks of the program, by kind (allocations included in logicalTasks).
    std::uint64_t logicalTasks = 0;
    std::uint64_t kernelTasks = 0; // AIC/AIV/MIX, predicated skips included
    std::uint64_t spmdTasks = 0;   // block_num > 1
    std::uint64_t mixTasks = 0;
    std::uint64_t dummyTasks = 0;
    std::uint64_t allocTasks = 0;
    std::uint64_t predicatedSkipTasks = 0;
    std::uint64_t earlyDispatchTasks = 0;

    // Rows as written.
    std::uint64_t aicoreRows = 0;
    std::uint64_t aicpuRows = 0;
    std::uint64_t joinedRows = 0;         // level 1: AICore rows; else AICPU rows whose key has an AICore row
    std::uint64_t aicoreWithoutAicpu = 0; // level >= 2 only
    std::uint64_t aicpuWithoutAicore = 0;
    std::uint64_t duplicateJoinKeys = 0;   // AICore rows repeating an earlier row's (core_id, reg_task_id)
    std::uint64_t rowsBeyondNumCores = 0;  // AICore rows with core_id >= num_cores
    std::uint64_t tasksWithAicoreRows = 0; // distinct task ids among AICore rows

    // Dependency graph.
    bool depsWritten = false;
    std::uint64_t rawEdges = 0;         // edge entries in deps.json
    std::uint64_t uniqueEdges = 0;      // distinct (pred, succ) pairs
    std::uint64_t hbViolationEdges = 0; // unique pairs, both ends with rows: max pred end > min succ receive

    // Time (§3.2, §12.1). Object layout: base 0, values from the file's µs.
    std::uint64_t timeBaseCycles = 0;
    double totalTestTimeUs =
        0; // level >= 2: max finish - min dispatch over joined rows; level 1: max end - min receive
    double firstUs = 0; // earliest / latest drawn time relative to the base
    double lastUs = 0;

    std::vector<std::uint64_t> schedulerRecordsPerThread; // index = scheduler thread; empty below level 3
    std::uint64_t schedulerRecords = 0;
    std::uint64_t orchestratorRecords = 0; // device records (level 4) or host records (HBG, level >= 3)
    bool orchestratorOnHost = false;
    std::uint64_t hostUploads = 0;
    std::uint64_t scopeSamples = 0; // sample lines (metadata line excluded)
    std::int64_t hostSpans = 0;     // [STRACE] records in the host log
    std::uint64_t maxTaskId = 0;    // largest task id among AICore rows

    std::int64_t recordsBytes = 0;     // size of the (uncompressed) records file as written
    std::int64_t truncatedAtByte = -1; // records file cut here (bytes kept); -1 = intact

    // Runs (GeneratorOptions::runs, retained): one entry per run, ascending epoch; empty for a
    // capture of one run. The fields above then describe every run together, on one axis.
    bool retained = false;
    std::vector<ExpectedRun> runs;

    // Cycles behind the times above (raw streams): the total test time's ends and the drawn span.
    // Not part of expected.json; they let the runs of a capture be combined exactly.
    std::uint64_t testStartCycles = 0, testEndCycles = 0, firstCycles = 0, lastCycles = 0;

    // Task-window occupancy per ring (ringexpectations.h), level 4 raw streams only: (cycles, value)
    // at every change, and the peak. Not part of expected.json.
    std::array<std::vector<std::pair<std::uint64_t, std::int64_t>>, 4> ringWindow;
    std::array<std::int64_t, 4> ringWindowPeak = {0, 0, 0, 0};
};

} // namespace lanescope
