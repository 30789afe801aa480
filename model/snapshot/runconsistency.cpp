#include "runconsistency.h"

#include <cmath>
#include <limits>

namespace lanescope {

namespace {

bool isFiniteTime(double us)
{
    return std::isfinite(us);
}

// The records a lane's slices refer to, by the lane's kind (lane.h); -1 when the lane names none.
std::int64_t referencedCount(const Capture &c, const Lane &lane)
{
    const auto phaseLane = [](const std::vector<PhaseLane> &lanes, std::int64_t i) -> std::int64_t {
        return i >= 0 && std::size_t(i) < lanes.size() ? std::int64_t(lanes[std::size_t(i)].size()) : -1;
    };
    switch (lane.kind) {
    case LaneKind::Worker:
    case LaneKind::SchedulerView:
        return std::int64_t(c.rows.size());
    case LaneKind::Scheduler:
    case LaneKind::SchedulerResolve:
        return phaseLane(c.schedulerThreads, lane.laneSource);
    case LaneKind::Orchestrator:
        return phaseLane(c.orchestratorLanes, lane.laneSource);
    case LaneKind::AicpuWorker: // negative: the alloc bars of orchestrator lane -1 - laneSource
        return lane.laneSource >= 0 ? phaseLane(c.schedulerThreads, lane.laneSource)
                                    : phaseLane(c.orchestratorLanes, -1 - std::int64_t(lane.laneSource));
    case LaneKind::HostUploads:
        return std::int64_t(c.hostUploads.size());
    case LaneKind::Host:
        return std::int64_t(c.hostLog.spans.size());
    case LaneKind::AicpuLifecycle:
        return lane.laneSource >= 0 && std::size_t(lane.laneSource) < c.aicpuLifecycle.size()
                   ? std::int64_t(c.aicpuLifecycle[std::size_t(lane.laneSource)].slices.size())
                   : -1;
    case LaneKind::KernelLaunches:
        return std::int64_t(c.info.launches.size());
    case LaneKind::Trace:
        return std::numeric_limits<std::int64_t>::max(); // the event's ordinal in its file
    }
    return -1;
}

// Whether sliceProblem finds nothing, with the lane's record count (referencedCount) given: asked
// of every slice of a reopened run, so it builds no message.
bool sliceFits(const Capture &c, const Lane &lane, std::int64_t refs, const Slice &s)
{
    return isFiniteTime(s.startUs) && isFiniteTime(s.endUs) && s.startUs <= s.endUs &&
           std::int64_t(s.ref) < refs &&
           (lane.kind != LaneKind::Trace || s.label < std::uint32_t(c.strings.size())) &&
           s.depth <= lane.maxDepth;
}

// What sliceProblem says, with the lane's record count (referencedCount) given.
QString sliceProblem(const Capture &c, const Lane &lane, std::int64_t refs, const Slice &s)
{
    if (!isFiniteTime(s.startUs) || !isFiniteTime(s.endUs) || s.endUs < s.startUs)
        return QStringLiteral("has a slice from %1 to %2 µs").arg(s.startUs).arg(s.endUs);
    if (std::int64_t(s.ref) >= refs)
        return QStringLiteral("has a slice of record %1 of %2").arg(s.ref).arg(refs);
    if (lane.kind == LaneKind::Trace && s.label >= std::uint32_t(c.strings.size()))
        return QStringLiteral("has a slice named by string %1 of %2").arg(s.label).arg(c.strings.size());
    if (s.depth > lane.maxDepth)
        return QStringLiteral("has a slice at depth %1 below its deepest %2").arg(s.depth).arg(lane.maxDepth);
    return {};
}

QString laneProblem(const Capture &c, const Lane &lane)
{
    const std::int64_t refs = referencedCount(c, lane);
    if (refs < 0)
        return QStringLiteral("names source %1, which the run does not hold").arg(lane.laneSource);
    double lastStart = -std::numeric_limits<double>::infinity();
    for (const Slice &s : lane.slices) {
        if (!sliceFits(c, lane, refs, s))
            return sliceProblem(c, lane, refs, s);
        if (s.startUs < lastStart)
            return QStringLiteral("has slices out of time order");
        lastStart = s.startUs;
    }
    return {};
}

QString phaseKindProblem(const Capture &c)
{
    const auto kinds = std::size_t(c.phaseKinds.size());
    for (const auto *lanes : {&c.schedulerThreads, &c.orchestratorLanes})
        for (const PhaseLane &records : *lanes)
            for (const PhaseRecord &r : records)
                if (r.kind >= kinds || !isFiniteTime(r.startUs) || !isFiniteTime(r.endUs))
                    return QStringLiteral("a phase record of kind %1 of %2").arg(r.kind).arg(kinds);
    for (const HostUpload &u : c.hostUploads)
        if (u.kind >= kinds || !isFiniteTime(u.startUs) || !isFiniteTime(u.endUs))
            return QStringLiteral("an upload of kind %1 of %2").arg(u.kind).arg(kinds);
    return {};
}

QString counterProblem(const CounterTrack &t)
{
    if (t.timesUs.size() != t.values.size())
        return QStringLiteral("has %1 times for %2 values").arg(t.timesUs.size()).arg(t.values.size());
    if (!t.pointLabel.empty() && t.pointLabel.size() != t.values.size())
        return QStringLiteral("has %1 point labels for %2 values")
            .arg(t.pointLabel.size())
            .arg(t.values.size());
    for (const std::int32_t label : t.pointLabel)
        if (label < -1 || label >= t.pointLabels.size())
            return QStringLiteral("has a point label %1 of %2").arg(label).arg(t.pointLabels.size());
    double last = -std::numeric_limits<double>::infinity();
    for (const double us : t.timesUs) {
        if (!isFiniteTime(us) || us < last)
            return QStringLiteral("has its times out of order");
        last = us;
    }
    return {};
}

} // namespace

QString sliceProblem(const Capture &run, const Lane &lane, const Slice &slice)
{
    const std::int64_t refs = referencedCount(run, lane);
    if (refs < 0)
        return QStringLiteral("names source %1, which the run does not hold").arg(lane.laneSource);
    return sliceProblem(run, lane, refs, slice);
}

QString runConsistencyProblem(const Capture &c)
{
    for (const TaskRow &r : c.rows)
        if (!isFiniteTime(r.startUs) || !isFiniteTime(r.endUs) || !isFiniteTime(r.receiveUs) ||
            !isFiniteTime(r.dispatchUs) || !isFiniteTime(r.finishUs))
            return QStringLiteral("task row of task %1 has a time that is not a number").arg(r.taskId);
    if (!c.schedulerStreams.empty() && c.schedulerStreams.size() != c.schedulerThreads.size())
        return QStringLiteral("%1 scheduler streams for %2 scheduler threads")
            .arg(c.schedulerStreams.size())
            .arg(c.schedulerThreads.size());
    if (QString problem = phaseKindProblem(c); !problem.isEmpty())
        return problem;
    for (const ScopeSample &s : c.scopeStats.samples)
        if (s.site < 0 || s.site >= c.scopeStats.sites.size())
            return QStringLiteral("a scope sample of site %1 of %2")
                .arg(s.site)
                .arg(c.scopeStats.sites.size());
    for (std::size_t i = 0; i < c.lanes.size(); ++i)
        if (QString problem = laneProblem(c, c.lanes[i]); !problem.isEmpty())
            return QStringLiteral("lane %1 (%2) ").arg(i).arg(c.lanes[i].name) + problem;
    for (std::size_t i = 0; i < c.counters.size(); ++i)
        if (QString problem = counterProblem(c.counters[i]); !problem.isEmpty())
            return QStringLiteral("counter %1 (%2) ").arg(i).arg(c.counters[i].name) + problem;
    for (const Flow &f : c.flows)
        if (f.fromLane >= c.lanes.size() || f.toLane >= c.lanes.size() ||
            f.name >= std::uint32_t(c.strings.size()) || !isFiniteTime(f.fromUs) || !isFiniteTime(f.toUs))
            return QStringLiteral("a flow between lanes %1 and %2 of %3")
                .arg(f.fromLane)
                .arg(f.toLane)
                .arg(c.lanes.size());
    std::uint32_t lastRef = 0;
    for (const TraceSliceArg &a : c.traceSliceArgs) {
        if (a.key >= std::uint32_t(c.strings.size()) || a.ref < lastRef)
            return QStringLiteral("a slice argument named by string %1 of %2")
                .arg(a.key)
                .arg(c.strings.size());
        lastRef = a.ref;
    }
    return {};
}

} // namespace lanescope
