#include "runexpectations.h"

#include "expectedcalculator.h"

#include <algorithm>
#include <limits>
#include <set>

namespace lanescope {

void fillRunExpectations(const std::vector<CapturedRun> &runs, const Workload &w, const GeneratorOptions &o,
                         bool scopeStatsWritten, ExpectedValues &e)
{
    constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
    e.retained = o.retained;
    std::uint64_t base = kNone, testStart = kNone, testEnd = 0, first = kNone, last = 0;
    std::set<std::uint64_t> tasks;
    for (const CapturedRun &run : runs) {
        ExpectedValues r;
        fillRawExpectations(run.data, w, o, r);
        if (e.shape.isEmpty()) {
            e.shape = r.shape;
            e.levelKey = r.levelKey;
            e.runtime = r.runtime;
            e.level = r.level;
            e.clockFreqHz = r.clockFreqHz;
            e.numCores = r.numCores;
            e.schedulerThreads = r.schedulerThreads;
        }
        ExpectedRun x;
        x.runEpoch = run.runEpoch;
        x.capturedNothing = run.verdict == RunVerdict::PublishedNothing;
        if (o.retained) {
            x.verdict = QString::fromLatin1(verdictName(run.verdict));
            x.recordsFile = QStringLiteral("swimlane-0/records_e%1.json").arg(run.runEpoch);
        }
        x.aicoreRows = r.aicoreRows;
        x.joinedRows = r.joinedRows;
        x.rows = r.joinedRows + (r.level >= 2 ? r.aicoreWithoutAicpu : 0) + r.duplicateJoinKeys;
        x.tasks = r.tasksWithAicoreRows;
        x.totalTestTimeUs = r.totalTestTimeUs;
        x.timeBaseCycles = r.timeBaseCycles;
        x.schedulerRecords = r.schedulerRecords;
        x.orchestratorRecords = r.orchestratorRecords;
        x.scopeSamples = scopeStatsWritten && !x.capturedNothing ? run.simulated.scopeSamples.size() : 0;
        e.runs.push_back(x);

        e.aicoreRows += r.aicoreRows;
        e.aicpuRows += r.aicpuRows;
        e.joinedRows += r.joinedRows;
        e.aicoreWithoutAicpu += r.aicoreWithoutAicpu;
        e.aicpuWithoutAicore += r.aicpuWithoutAicore;
        e.duplicateJoinKeys += r.duplicateJoinKeys;
        e.rowsBeyondNumCores += r.rowsBeyondNumCores;
        e.hbViolationEdges += r.hbViolationEdges; // a violation is within one run: counted per run
        e.schedulerRecords += r.schedulerRecords;
        e.schedulerRecordsPerThread.resize(
            std::max(e.schedulerRecordsPerThread.size(), r.schedulerRecordsPerThread.size()));
        for (std::size_t t = 0; t < r.schedulerRecordsPerThread.size(); ++t)
            e.schedulerRecordsPerThread[t] += r.schedulerRecordsPerThread[t];
        e.orchestratorRecords += r.orchestratorRecords;
        e.scopeSamples += x.scopeSamples;
        e.maxTaskId = std::max(e.maxTaskId, r.maxTaskId);
        for (const auto &row : run.data.aicore)
            tasks.insert(row.taskId);
        if (x.capturedNothing)
            continue;
        base = std::min(base, r.timeBaseCycles);
        first = std::min(first, r.firstCycles);
        last = std::max(last, r.lastCycles);
        if (r.testEndCycles > 0) {
            testStart = std::min(testStart, r.testStartCycles);
            testEnd = std::max(testEnd, r.testEndCycles);
        }
    }
    e.tasksWithAicoreRows = tasks.size();
    e.timeBaseCycles = base == kNone ? 0 : base;
    const double f = double(e.clockFreqHz);
    auto us = [&](std::uint64_t c) {
        return c <= e.timeBaseCycles ? 0.0 : double(c - e.timeBaseCycles) * 1e6 / f;
    };
    e.totalTestTimeUs = testStart == kNone ? 0.0 : double(testEnd - testStart) * 1e6 / f;
    e.testStartCycles = testStart == kNone ? 0 : testStart;
    e.testEndCycles = testEnd;
    e.firstCycles = first == kNone ? 0 : first;
    e.lastCycles = last;
    e.firstUs = first == kNone ? 0.0 : us(first);
    e.lastUs = us(last);
}

} // namespace lanescope
