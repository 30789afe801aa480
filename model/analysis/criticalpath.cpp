#include "criticalpath.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <limits>

namespace lanescope {

std::optional<CriticalPathAttribution> criticalPathAttribution(const AnalysisInput &in)
{
    if (in.tasks.empty())
        return std::nullopt;
    std::uint32_t cur = 0;
    for (std::uint32_t t = 1; t < in.tasks.size(); ++t)
        if (in.tasks[t].finishUs > in.tasks[cur].finishUs) // ties: first in ascending task id
            cur = t;
    CriticalPathAttribution a;
    a.sinkTaskId = in.tasks[cur].taskId;
    const double makespanEnd = in.tasks[cur].finishUs;
    double pathStart = in.tasks[cur].startUs;
    std::vector<bool> visited(in.tasks.size(), false);
    CancelPoints cancelPoints; // a path can cross millions of tasks
    for (;;) {
        cancelPoints.tick();
        const FoldedTask &t = in.tasks[cur];
        visited[cur] = true;
        a.taskIds.push_back(t.taskId);
        a.execUs += std::max(0.0, t.endUs - t.startUs);
        const auto [first, last] = in.predsOf(cur);
        if (first == last) {
            // The newest reference starts the span at the root's dispatch (supplement §6.2 Part 6),
            // and still counts the root's head as scheduler time.
            a.schedUs += std::max(0.0, t.startUs - t.dispatchUs);
            pathStart = std::min(pathStart, t.dispatchUs);
            break;
        }
        std::uint32_t best = *first;
        for (const std::uint32_t *p = first; p != last; ++p) {
            const FoldedTask &cand = in.tasks[*p];
            const FoldedTask &b = in.tasks[best];
            if (cand.endUs > b.endUs || (cand.endUs == b.endUs && cand.taskId > b.taskId))
                best = *p;
        }
        if (visited[best]) {
            a.cycleCut = true;
            break;
        }
        a.schedUs += std::max(0.0, t.startUs - in.tasks[best].endUs);
        ++a.hops;
        cur = best;
        pathStart = std::min(pathStart, in.tasks[cur].startUs);
    }
    a.spanUs = makespanEnd - pathStart;
    a.otherUs = std::max(0.0, a.spanUs - a.execUs - a.schedUs);
    a.overlapUs = std::max(0.0, a.execUs + a.schedUs - a.spanUs);
    if (a.spanUs > 0) {
        a.execPct = a.execUs / a.spanUs * 100.0;
        a.schedPct = a.schedUs / a.spanUs * 100.0;
        a.otherPct = a.otherUs / a.spanUs * 100.0;
    }
    return a;
}

const char *pathSegmentKindName(PathSegment::Kind k)
{
    switch (k) {
    case PathSegment::Kind::Compute:
        return "compute";
    case PathSegment::Kind::DataWait:
        return "data-wait";
    case PathSegment::Kind::CoreWait:
        return "core-wait";
    case PathSegment::Kind::FrontGap:
        return "front-gap";
    }
    return "compute";
}

namespace {

constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

// For each row, the task of the earlier row on its core with the latest end (kNone for a core's first row).
std::vector<std::uint32_t> corePredecessorTasks(const AnalysisInput &in)
{
    std::vector<std::uint32_t> result(in.rows.size(), kNone);
    for (const AnalysisInput::CoreRun &run : in.coreRuns) {
        std::uint32_t holder = kNone;
        double holderEnd = -std::numeric_limits<double>::infinity();
        for (std::uint32_t k = run.first; k < run.last; ++k) {
            const std::uint32_t i = in.byCore[k];
            const TaskRow *r = in.rows[i];
            result[i] = holder;
            if (r->endUs > holderEnd) {
                holderEnd = r->endUs;
                holder = in.rowTask[i];
            }
        }
    }
    return result;
}

} // namespace

std::optional<ObservedCriticalPath> observedCriticalPath(const AnalysisInput &in, double tol)
{
    if (in.tasks.empty())
        return std::nullopt;
    const std::vector<std::uint32_t> corePred = corePredecessorTasks(in);
    std::uint32_t cur = 0;
    for (std::uint32_t t = 1; t < in.tasks.size(); ++t)
        if (in.tasks[t].endUs > in.tasks[cur].endUs)
            cur = t;
    ObservedCriticalPath path;
    path.t0Us = in.w0;
    path.endUs = in.tasks[cur].endUs;
    std::vector<PathSegment> backwards;
    std::vector<bool> visited(in.tasks.size(), false);
    CancelPoints cancelPoints; // a path can cross millions of tasks
    for (;;) {
        cancelPoints.tick();
        const FoldedTask &t = in.tasks[cur];
        visited[cur] = true;
        path.taskIds.push_back(t.taskId);
        backwards.push_back({PathSegment::Kind::Compute, t.startUs, t.endUs, t.taskId});
        path.computeUs += t.endUs - t.startUs;

        std::uint32_t best = kNone;
        bool bestIsData = false;
        auto consider = [&](std::uint32_t c, bool data) {
            if (c == kNone || c == cur || visited[c])
                return;
            const FoldedTask &p = in.tasks[c];
            if (!(p.endUs <= t.startUs + tol))
                return;
            if (data && !(p.startUs < t.startUs))
                return;
            const double bestEnd =
                best == kNone ? -std::numeric_limits<double>::infinity() : in.tasks[best].endUs;
            if (p.endUs > bestEnd || (p.endUs == bestEnd && data && !bestIsData)) {
                best = c;
                bestIsData = data;
            }
        };
        const auto [first, last] = in.predsOf(cur);
        for (const std::uint32_t *p = first; p != last; ++p)
            consider(*p, true);
        for (std::uint32_t r = t.firstRow; r < t.lastRow; ++r)
            consider(corePred[r], false);

        if (best == kNone) {
            if (t.startUs > path.t0Us) {
                backwards.push_back({PathSegment::Kind::FrontGap, path.t0Us, t.startUs, t.taskId});
                path.frontGapUs += t.startUs - path.t0Us;
            }
            break;
        }
        const double gapStart = in.tasks[best].endUs;
        if (t.startUs > gapStart) {
            const auto kind = bestIsData ? PathSegment::Kind::DataWait : PathSegment::Kind::CoreWait;
            backwards.push_back({kind, gapStart, t.startUs, t.taskId});
            (bestIsData ? path.dataWaitUs : path.coreWaitUs) += t.startUs - gapStart;
        }
        cur = best;
    }
    std::reverse(path.taskIds.begin(), path.taskIds.end());
    path.segments.assign(backwards.rbegin(), backwards.rend());
    return path;
}

} // namespace lanescope
