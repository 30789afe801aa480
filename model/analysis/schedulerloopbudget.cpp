#include "schedulerloopbudget.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/phasevocabulary.h"

#include <algorithm>

namespace lanescope {

const char *loopPhaseName(int phase)
{
    static const char *const names[kLoopPhaseCount] = {
        "complete", "async_poll", "state_probe",    "dispatch", "worksteal",     "refill",
        "release",  "dummy",      "early_dispatch", "drain",    "graph_prepare", "resolve",
    };
    return names[phase];
}

namespace {

// The loop phase of canonical(kind) for each phase kind of the capture, -1 when it is not work.
std::vector<int> loopPhaseOfKinds(const StringTable &kinds)
{
    std::vector<int> phases(std::size_t(kinds.size()), -1);
    for (qsizetype k = 0; k < kinds.size(); ++k) {
        const QString canonical = canonicalPhase(kinds.at(std::uint32_t(k)));
        for (int p = 0; p < kLoopPhaseCount; ++p)
            if (canonical == QLatin1String(loopPhaseName(p)))
                phases[std::size_t(k)] = p;
    }
    return phases;
}

int threadOfCore(const Capture &c, std::int32_t coreId)
{
    const auto &map = c.info.coreToThread;
    return coreId >= 0 && std::size_t(coreId) < map.size() ? map[std::size_t(coreId)] : -1;
}

// Walks one thread's records (sorted by start); false when it has no work record in the range.
bool budgetOfThread(const Capture &c, std::size_t thread, const std::vector<int> &phaseOfKind,
                    std::optional<AnalysisRange> range, SchedulerThreadBudget &b)
{
    std::vector<const PhaseRecord *> records;
    std::uint32_t loopsBefore = 0;
    for (const PhaseRecord &r : c.schedulerThreads[thread]) {
        if (r.kind >= phaseOfKind.size())
            continue;
        if (range && r.startUs < range->startUs) {
            if (phaseOfKind[r.kind] >= 0)
                loopsBefore = std::max(loopsBefore, r.loopIter);
        } else if (!range || range->contains(r.startUs)) {
            records.push_back(&r);
        }
    }
    cancellableStableSort(records.begin(), records.end(),
                          [](const PhaseRecord *a, const PhaseRecord *b) { return a->startUs < b->startUs; });
    // A resolve ending inside the last complete/dummy that started before it is part of that bar.
    const std::vector<bool> nested = nestedResolves(records, c.phaseKinds);
    std::vector<const PhaseRecord *> work;
    for (std::size_t i = 0; i < records.size(); ++i)
        if (phaseOfKind[records[i]->kind] >= 0 && !nested[i])
            work.push_back(records[i]);
    if (work.empty())
        return false;
    // The role of what the thread ran in the range, as the report counts it.
    b.role = schedulerRole(records, nested, c.phaseKinds, c.info.coreToThread, thread);
    std::optional<double> prevEnd; // idle before the first record is not counted
    std::uint32_t maxLoop = 0;
    for (const PhaseRecord *r : work) {
        if (prevEnd && r->startUs > *prevEnd)
            b.idleUs += r->startUs - *prevEnd;
        prevEnd = prevEnd ? std::max(*prevEnd, r->endUs) : r->endUs;
        const int phase = phaseOfKind[r->kind];
        b.phaseSeen[std::size_t(phase)] = true;
        if (r->endUs > r->startUs)
            b.phaseUs[std::size_t(phase)] += r->endUs - r->startUs;
        if (phase == int(LoopPhase::Complete))
            b.finishes += r->tasksProcessed;
        if (phase == int(LoopPhase::Dispatch)) {
            b.popHit += r->popHit;
            b.popMiss += r->popMiss;
        }
        maxLoop = std::max(maxLoop, r->loopIter);
    }
    b.loops = maxLoop > loopsBefore ? maxLoop - loopsBefore : 0;
    if (!range)
        b.loops = maxLoop;
    b.totalUs = b.idleUs;
    for (double us : b.phaseUs)
        b.totalUs += us;
    if (b.loops > 0)
        b.nsPerLoop = b.totalUs * 1000.0 / double(b.loops);
    return true;
}

// Each task belongs to the thread of its latest-finishing row among rows on a mapped core.
void attributeTasks(const Capture &c, const AnalysisInput &in, std::vector<std::uint64_t> &tasksPerThread,
                    bool &any)
{
    CancelPoints cancelPoints;
    for (const FoldedTask &t : in.tasks) {
        cancelPoints.tick();
        int thread = -1;
        double latest = 0;
        for (std::uint32_t i = t.firstRow; i < t.lastRow; ++i) {
            const TaskRow &r = *in.rows[i];
            const int th = threadOfCore(c, r.coreId);
            if (th >= 0 && (thread < 0 || r.finishUs > latest)) {
                thread = th;
                latest = r.finishUs;
            }
        }
        if (thread >= 0 && std::size_t(thread) < tasksPerThread.size()) {
            ++tasksPerThread[std::size_t(thread)];
            any = true;
        }
    }
}

} // namespace

std::optional<SchedulerLoopBudget> schedulerLoopBudget(const Capture &c, const AnalysisInput &in,
                                                       std::optional<AnalysisRange> range,
                                                       std::optional<double> meanTailUs)
{
    CancelPoints cancelPoints;
    const std::vector<int> phaseOfKind = loopPhaseOfKinds(c.phaseKinds);
    SchedulerLoopBudget s;
    std::vector<int> slotOfThread(c.schedulerThreads.size(), -1);
    for (std::size_t t = 0; t < c.schedulerThreads.size(); ++t) {
        SchedulerThreadBudget b;
        b.thread = int(t);
        if (budgetOfThread(c, t, phaseOfKind, range, b)) {
            slotOfThread[t] = int(s.threads.size());
            s.threads.push_back(b);
        }
    }
    if (s.threads.empty())
        return std::nullopt;

    std::vector<std::uint64_t> tasksPerThread(c.schedulerThreads.size(), 0);
    bool attributable = false;
    attributeTasks(c, in, tasksPerThread, attributable);
    s.tasksFromFinishes = !attributable;
    for (SchedulerThreadBudget &b : s.threads)
        b.tasks = attributable ? tasksPerThread[std::size_t(b.thread)] : b.finishes;

    if (!c.deps.empty()) {
        FanStats fan;
        // The first row of each task decides its thread; self-edges count here (spec Part 5).
        for (const FoldedTask &t : in.tasks) {
            cancelPoints.tick();
            const int th = threadOfCore(c, in.rows[t.firstRow]->coreId);
            if (th < 0 || std::size_t(th) >= slotOfThread.size() || slotOfThread[std::size_t(th)] < 0)
                continue;
            const std::int64_t node = c.deps.indexOf(t.taskId);
            if (node < 0)
                continue;
            const auto [s0, s1] = c.deps.successors(std::uint32_t(node));
            const auto [p0, p1] = c.deps.predecessors(std::uint32_t(node));
            const auto out = std::uint64_t(s1 - s0), inDeg = std::uint64_t(p1 - p0);
            SchedulerThreadBudget &b = s.threads[std::size_t(slotOfThread[std::size_t(th)])];
            b.fanOutEdges += out;
            b.fanInEdges += inDeg;
            fan.outEdges += out;
            fan.inEdges += inDeg;
            fan.maxOutDegree = std::max(fan.maxOutDegree, out);
            fan.maxInDegree = std::max(fan.maxInDegree, inDeg);
        }
        s.fan = fan;
    }

    std::uint64_t hit = 0, miss = 0;
    RoleSum roleSums[2];
    for (const SchedulerThreadBudget &b : s.threads) {
        s.loops += b.loops;
        s.tasks += b.tasks;
        s.totalUs += b.totalUs;
        s.idleUs += b.idleUs;
        hit += b.popHit;
        miss += b.popMiss;
        RoleSum &sum = roleSums[b.role == SchedulerRole::Resolve ? 1 : 0];
        sum.loops += b.loops;
        sum.tasks += b.tasks;
        sum.totalUs += b.totalUs;
        for (std::size_t p = 0; p < kLoopPhaseCount; ++p) {
            s.phases[p].totalUs += b.phaseUs[p];
            s.phases[p].seen = s.phases[p].seen || b.phaseSeen[p];
        }
    }
    for (RoleSum &sum : roleSums)
        if (sum.loops > 0)
            sum.nsPerLoop = 1000.0 * sum.totalUs / double(sum.loops);
    if (roleSums[0].loops > 0)
        s.schedulerSum = roleSums[0];
    if (roleSums[1].loops > 0)
        s.resolveSum = roleSums[1];
    int dominant = -1;
    for (std::size_t p = 0; p < kLoopPhaseCount; ++p) {
        PhaseShare &share = s.phases[p];
        share.pctOfTotal = s.totalUs > 0 ? share.totalUs / s.totalUs * 100.0 : 0.0;
        if (s.tasks > 0)
            share.avgPerTaskUs = share.totalUs / double(s.tasks);
        if (share.seen && (dominant < 0 || share.totalUs > s.phases[std::size_t(dominant)].totalUs))
            dominant = int(p);
    }
    if (dominant >= 0)
        s.dominantPhase = QString::fromLatin1(loopPhaseName(dominant));
    if (hit + miss > 0)
        s.popHitRatePct = double(hit) / double(hit + miss) * 100.0;
    // Loop time, and with it the detection delay, is a property of the scheduler threads only.
    if (roleSums[0].loops > 0) {
        s.avgLoopUs = roleSums[0].totalUs / double(roleSums[0].loops);
        if (meanTailUs && *s.avgLoopUs > 0)
            s.detectionDelayLoops = *meanTailUs / *s.avgLoopUs;
    }
    if (s.fan && s.tasks > 0) {
        s.fan->avgOut = double(s.fan->outEdges) / double(s.tasks);
        s.fan->avgIn = double(s.fan->inEdges) / double(s.tasks);
    }
    return s;
}

} // namespace lanescope
