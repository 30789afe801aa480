#include "schedulerloopbudget.h"

#include <algorithm>

namespace lanescope {

const char *loopPhaseName(int phase)
{
    static const char *const names[kLoopPhaseCount] = {"complete", "async_poll", "dispatch"};
    return names[phase];
}

namespace {

// Phase kind index -> loop phase, -1 when the kind is not work.
std::vector<int> workKinds(const StringTable &kinds)
{
    std::vector<int> map(std::size_t(kinds.size()), -1);
    for (int p = 0; p < kLoopPhaseCount; ++p) {
        // StringTable::find reports a missing name as 2^32 − 1 (its -1 passes through uint32), so
        // the bound check is what tells a missing kind.
        const std::int64_t k = kinds.find(QString::fromLatin1(loopPhaseName(p)));
        if (k >= 0 && k < std::int64_t(map.size()))
            map[std::size_t(k)] = p;
    }
    return map;
}

int threadOfCore(const Capture &c, std::int32_t coreId)
{
    const auto &map = c.info.coreToThread;
    return coreId >= 0 && std::size_t(coreId) < map.size() ? map[std::size_t(coreId)] : -1;
}

// Walks one thread's work records (sorted by start); false when it has none in the range.
bool budgetOfThread(const PhaseLane &lane, const std::vector<int> &work, std::optional<AnalysisRange> range,
                    SchedulerThreadBudget &b)
{
    std::vector<const PhaseRecord *> records;
    std::uint32_t loopsBefore = 0;
    for (const PhaseRecord &r : lane) {
        if (r.kind >= work.size() || work[r.kind] < 0)
            continue;
        if (range && r.startUs < range->startUs)
            loopsBefore = std::max(loopsBefore, r.loopIter);
        else if (!range || range->contains(r.startUs))
            records.push_back(&r);
    }
    if (records.empty())
        return false;
    std::stable_sort(records.begin(), records.end(),
                     [](const PhaseRecord *a, const PhaseRecord *b) { return a->startUs < b->startUs; });
    double prevEnd = records.front()->startUs;
    std::uint32_t maxLoop = 0;
    for (const PhaseRecord *r : records) {
        if (r->startUs > prevEnd)
            b.idleUs += r->startUs - prevEnd;
        prevEnd = std::max(prevEnd, r->endUs);
        const int phase = work[r->kind];
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
void attributeTasks(const Capture &c, const AnalysisInput &in, std::vector<std::uint64_t> &tasksPerThread, bool &any)
{
    for (const FoldedTask &t : in.tasks) {
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
                                                       std::optional<AnalysisRange> range, std::optional<double> meanTailUs)
{
    const std::vector<int> work = workKinds(c.phaseKinds);
    SchedulerLoopBudget s;
    std::vector<int> slotOfThread(c.schedulerThreads.size(), -1);
    for (std::size_t t = 0; t < c.schedulerThreads.size(); ++t) {
        SchedulerThreadBudget b;
        b.thread = int(t);
        if (budgetOfThread(c.schedulerThreads[t], work, range, b)) {
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
    for (const SchedulerThreadBudget &b : s.threads) {
        s.loops += b.loops;
        s.tasks += b.tasks;
        s.totalUs += b.totalUs;
        s.idleUs += b.idleUs;
        hit += b.popHit;
        miss += b.popMiss;
        for (std::size_t p = 0; p < kLoopPhaseCount; ++p)
            s.phases[p].totalUs += b.phaseUs[p];
    }
    int dominant = 0;
    for (std::size_t p = 0; p < kLoopPhaseCount; ++p) {
        PhaseShare &share = s.phases[p];
        share.pctOfTotal = s.totalUs > 0 ? share.totalUs / s.totalUs * 100.0 : 0.0;
        if (s.tasks > 0)
            share.avgPerTaskUs = share.totalUs / double(s.tasks);
        if (share.totalUs > s.phases[std::size_t(dominant)].totalUs)
            dominant = int(p);
    }
    s.dominantPhase = QString::fromLatin1(loopPhaseName(dominant));
    if (hit + miss > 0)
        s.popHitRatePct = double(hit) / double(hit + miss) * 100.0;
    if (s.loops > 0) {
        s.avgLoopUs = s.totalUs / double(s.loops);
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
