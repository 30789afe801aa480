#include "expectedcalculator.h"

#include <algorithm>
#include <limits>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace lanescope {

namespace {

constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();

std::vector<std::pair<std::uint32_t, std::uint32_t>> uniquePairs(const Workload &w)
{
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
    pairs.reserve(w.edges.size());
    for (const auto &e : w.edges)
        pairs.emplace_back(e.pred, e.succ);
    std::sort(pairs.begin(), pairs.end());
    pairs.erase(std::unique(pairs.begin(), pairs.end()), pairs.end());
    return pairs;
}

// Unique edges whose producer's last end lies after the consumer's first visible start.
std::uint64_t countHbViolations(const Workload &w, const std::vector<std::uint64_t> &maxEnd,
                                const std::vector<std::uint64_t> &minStart)
{
    std::uint64_t n = 0;
    for (const auto &[p, s] : uniquePairs(w))
        if (maxEnd[p] != kNone && minStart[s] != kNone && maxEnd[p] > minStart[s])
            ++n;
    return n;
}

std::unordered_map<std::uint64_t, std::uint32_t> indexById(const Workload &w)
{
    std::unordered_map<std::uint64_t, std::uint32_t> m;
    m.reserve(w.tasks.size());
    for (std::uint32_t i = 0; i < w.tasks.size(); ++i)
        m.emplace(w.tasks[i].taskId, i);
    return m;
}

const char *shapeName(const GeneratorOptions &o)
{
    switch (o.shape) {
    case RecordShape::Current:
        return "current";
    case RecordShape::V2FiveColumns:
        return "v2";
    case RecordShape::L2LevelKey:
        return "l2key";
    case RecordShape::PerTaskObjects:
        return "objects";
    case RecordShape::Upstream:
        return "upstream";
    }
    return "current";
}

} // namespace

void fillWorkloadExpectations(const Workload &w, ExpectedValues &e)
{
    e.logicalTasks = w.tasks.size();
    for (const auto &t : w.tasks) {
        e.kernelTasks += t.isKernel() ? 1 : 0;
        e.spmdTasks += t.isKernel() && t.blockNum > 1 ? 1 : 0;
        e.mixTasks += t.kind == TaskKind::Mix ? 1 : 0;
        e.dummyTasks += t.kind == TaskKind::Dummy ? 1 : 0;
        e.allocTasks += t.kind == TaskKind::Alloc ? 1 : 0;
        e.predicatedSkipTasks += t.predicatedSkip ? 1 : 0;
        e.earlyDispatchTasks += t.earlyDispatch ? 1 : 0;
    }
    e.rawEdges = w.edges.size();
    e.uniqueEdges = uniquePairs(w).size();
}

void fillRawExpectations(const CaptureData &d, const Workload &w, const GeneratorOptions &o,
                         ExpectedValues &e)
{
    const bool hasReceive = o.shape != RecordShape::V2FiveColumns;
    e.shape = QString::fromLatin1(shapeName(o));
    e.levelKey = o.shape == RecordShape::L2LevelKey ? QStringLiteral("l2_swimlane_level")
                                                    : QStringLiteral("chip_swimlane_level");
    if (o.shape == RecordShape::Upstream)
        e.runtime = o.idLayout == TaskIdLayout::HostBuildGraph ? QStringLiteral("host_build_graph")
                                                               : QStringLiteral("tensormap_and_ringbuffer");
    e.level = d.level;
    e.clockFreqHz = d.clockFreqHz;
    e.numCores = d.layout.numCores;
    e.schedulerThreads = d.layout.schedulerThreads;

    auto key = [](std::uint32_t core, std::uint32_t reg) { return (std::uint64_t(core) << 32) | reg; };
    auto receiveOf = [&](const AicoreRecord &r) {
        return hasReceive ? r.startCycles - r.receiveToStart : r.startCycles;
    };

    e.aicoreRows = d.aicore.size();
    e.aicpuRows = d.aicpu.size();
    std::vector<std::uint64_t> coreKeys, cpuKeys, taskIds;
    coreKeys.reserve(d.aicore.size());
    taskIds.reserve(d.aicore.size());
    for (const auto &r : d.aicore) {
        coreKeys.push_back(key(r.coreId, r.regTaskId));
        taskIds.push_back(r.taskId);
        e.rowsBeyondNumCores += r.coreId >= std::uint32_t(d.layout.numCores) ? 1 : 0;
        e.maxTaskId = std::max(e.maxTaskId, r.taskId);
    }
    std::sort(coreKeys.begin(), coreKeys.end());
    std::sort(taskIds.begin(), taskIds.end());
    e.tasksWithAicoreRows = std::uint64_t(std::unique(taskIds.begin(), taskIds.end()) - taskIds.begin());
    for (std::size_t i = 1; i < coreKeys.size(); ++i)
        e.duplicateJoinKeys += coreKeys[i] == coreKeys[i - 1] ? 1 : 0;
    cpuKeys.reserve(d.aicpu.size());
    for (const auto &r : d.aicpu)
        cpuKeys.push_back(key(r.coreId, r.regTaskId));
    std::sort(cpuKeys.begin(), cpuKeys.end());
    auto has = [](const std::vector<std::uint64_t> &keys, std::uint64_t k) {
        return std::binary_search(keys.begin(), keys.end(), k);
    };

    // Time base (§3.2): min strictly positive value over every stream.
    std::uint64_t base = kNone;
    auto consider = [&base](std::uint64_t c) {
        if (c > 0)
            base = std::min(base, c);
    };
    for (const auto &r : d.aicore) {
        consider(receiveOf(r));
        consider(r.endCycles);
    }
    for (const auto &r : d.aicpu) {
        consider(r.dispatchCycles);
        consider(r.finishCycles);
    }
    for (const auto &lane : d.scheduler)
        for (const auto &r : lane) {
            consider(r.startCycles);
            consider(r.endCycles);
        }
    if (!d.orchestratorOnHost)
        for (const auto &r : d.orchestrator) {
            consider(r.start);
            consider(r.end);
        }
    if (base == kNone)
        base = 0;
    e.timeBaseCycles = base;
    const double f = double(d.clockFreqHz);
    auto us = [&](std::uint64_t c) { return c <= base ? 0.0 : double(c - base) * 1e6 / f; };

    std::uint64_t first = kNone, last = 0;
    auto span = [&](std::uint64_t a, std::uint64_t b) {
        first = std::min(first, a);
        last = std::max(last, b);
    };
    for (const auto &r : d.aicore)
        span(receiveOf(r), r.endCycles);

    if (d.level == 1) {
        e.joinedRows = d.aicore.size();
        std::uint64_t lo = kNone, hi = 0;
        for (const auto &r : d.aicore) {
            lo = std::min(lo, receiveOf(r));
            hi = std::max(hi, r.endCycles);
        }
        e.totalTestTimeUs = d.aicore.empty() ? 0.0 : double(hi - lo) * 1e6 / f;
        if (!d.aicore.empty()) {
            e.testStartCycles = lo;
            e.testEndCycles = hi;
        }
    } else {
        std::uint64_t lo = kNone, hi = 0;
        for (const auto &r : d.aicpu) {
            if (!has(coreKeys, key(r.coreId, r.regTaskId))) {
                ++e.aicpuWithoutAicore;
                continue;
            }
            ++e.joinedRows;
            lo = std::min(lo, r.dispatchCycles);
            hi = std::max(hi, r.finishCycles);
            span(r.dispatchCycles, r.finishCycles);
        }
        for (const auto &r : d.aicore)
            e.aicoreWithoutAicpu += has(cpuKeys, key(r.coreId, r.regTaskId)) ? 0 : 1;
        e.totalTestTimeUs = e.joinedRows == 0 ? 0.0 : double(hi - lo) * 1e6 / f;
        if (e.joinedRows > 0) {
            e.testStartCycles = lo;
            e.testEndCycles = hi;
        }
    }
    for (const auto &lane : d.scheduler) {
        e.schedulerRecordsPerThread.push_back(lane.size());
        e.schedulerRecords += lane.size();
        for (const auto &r : lane)
            span(r.startCycles, r.endCycles);
    }
    e.orchestratorRecords = d.orchestrator.size();
    e.orchestratorOnHost = d.orchestratorOnHost && !d.orchestrator.empty();
    e.hostUploads = d.hostUploads.size();
    if (!d.orchestratorOnHost)
        for (const auto &r : d.orchestrator)
            span(r.start, r.end);
    e.firstUs = first == kNone ? 0.0 : us(first);
    e.lastUs = us(last);
    e.firstCycles = first == kNone ? 0 : first;
    e.lastCycles = last;

    const auto byId = indexById(w);
    std::vector<std::uint64_t> maxEnd(w.tasks.size(), kNone), minStart(w.tasks.size(), kNone);
    for (const auto &r : d.aicore) {
        const auto it = byId.find(r.taskId);
        if (it == byId.end())
            continue;
        auto &me = maxEnd[it->second];
        me = me == kNone ? r.endCycles : std::max(me, r.endCycles);
        minStart[it->second] = std::min(minStart[it->second], receiveOf(r));
    }
    e.hbViolationEdges = countHbViolations(w, maxEnd, minStart);
}

void fillObjectExpectations(const ObjectLayout &l, const Workload &w, const GeneratorOptions &o,
                            ExpectedValues &e)
{
    e.shape = QString::fromLatin1(shapeName(o));
    switch (o.objectKey) {
    case ObjectLayoutKey::L2PerfLevel:
        e.levelKey = QStringLiteral("l2_perf_level");
        break;
    case ObjectLayoutKey::L2SwimlaneLevel:
        e.levelKey = QStringLiteral("l2_swimlane_level");
        break;
    case ObjectLayoutKey::Version:
        e.levelKey = QStringLiteral("version");
        break;
    }
    e.level = std::clamp(o.level, 1, 4);
    e.clockFreqHz = o.clockFreqHz; // not in the file: the layout is already in µs
    e.numCores = 3 * std::max(1, o.blockDim);
    e.schedulerThreads = int(l.scheduler.size());
    e.timeBaseCycles = 0;
    e.aicoreRows = l.rows.size();
    e.aicpuRows = e.level >= 2 ? l.rows.size() : 0;
    e.joinedRows = l.rows.size();

    std::unordered_set<std::uint64_t> taskIds;
    std::int64_t first = std::numeric_limits<std::int64_t>::max(), last = 0;
    std::int64_t lo = std::numeric_limits<std::int64_t>::max(), hi = 0;
    std::vector<std::uint64_t> maxEnd(w.tasks.size(), kNone), minStart(w.tasks.size(), kNone);
    for (const auto &r : l.rows) {
        taskIds.insert(r.taskId);
        e.maxTaskId = std::max(e.maxTaskId, r.taskId);
        first = std::min(first, r.startNs);
        last = std::max(last, r.endNs);
        if (e.level >= 2) {
            first = std::min(first, r.dispatchNs);
            last = std::max(last, r.finishNs);
            lo = std::min(lo, r.dispatchNs);
            hi = std::max(hi, r.finishNs);
        } else {
            lo = std::min(lo, r.startNs);
            hi = std::max(hi, r.endNs);
        }
        auto &me = maxEnd[r.taskIndex];
        me = me == kNone ? std::uint64_t(r.endNs) : std::max(me, std::uint64_t(r.endNs));
        minStart[r.taskIndex] = std::min(minStart[r.taskIndex], std::uint64_t(r.startNs));
    }
    e.tasksWithAicoreRows = taskIds.size();
    e.totalTestTimeUs = l.rows.empty() ? 0.0 : double(hi - lo) / 1000.0;
    for (const auto &lane : l.scheduler) {
        e.schedulerRecordsPerThread.push_back(lane.size());
        e.schedulerRecords += lane.size();
        for (const auto &p : lane) {
            first = std::min(first, p.startNs);
            last = std::max(last, p.endNs);
        }
    }
    e.orchestratorRecords = l.submits.size();
    for (const auto &s : l.submits) {
        first = std::min(first, s.startNs);
        last = std::max(last, s.endNs);
    }
    e.firstUs = first == std::numeric_limits<std::int64_t>::max() ? 0.0 : double(first) / 1000.0;
    e.lastUs = double(last) / 1000.0;
    e.hbViolationEdges = countHbViolations(w, maxEnd, minStart);
}

} // namespace lanescope
