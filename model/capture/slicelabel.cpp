#include "slicelabel.h"

#include "functionresolution.h"
#include "labels.h"

namespace lanescope {

namespace {
const PhaseRecord *recordOf(const std::vector<PhaseLane> &lanes, int lane, std::uint32_t ref)
{
    if (lane < 0 || std::size_t(lane) >= lanes.size() || ref >= lanes[std::size_t(lane)].size())
        return nullptr;
    return &lanes[std::size_t(lane)][ref];
}

QString markerLabel(const Capture &c, const Lane &lane, const Slice &slice)
{
    if (lane.laneSource < 0) { // alloc bar from orchestrator lane -1 - laneSource
        const PhaseRecord *r = recordOf(c.orchestratorLanes, -1 - lane.laneSource, slice.ref);
        return r ? allocLabel(r->taskId, c.info.taskIdFormat) : QString();
    }
    const PhaseRecord *r = recordOf(c.schedulerThreads, lane.laneSource, slice.ref);
    if (!r)
        return {};
    if (!r->hasTaskId())
        return c.phaseKinds.at(r->kind); // old dummy_task records carry no task id (§13.3)
    if (slice.flags & Slice::Dummy)
        return dummyLabel(r->taskId, c.info.taskIdFormat);
    // A predicated skip is a real task without AICore rows: it keeps the task's normal label.
    TaskRow row;
    row.taskId = r->taskId;
    if (const DepNode *n = c.deps.find(r->taskId))
        row.funcId = skipMarkerFuncId(*n);
    return taskLabel(c, row);
}
} // namespace

QString sliceLabel(const Capture &c, const Lane &lane, const Slice &slice)
{
    switch (lane.kind) {
    case LaneKind::Worker:
    case LaneKind::SchedulerView:
        return slice.ref < c.rows.size() ? taskLabel(c, c.rows[slice.ref]) : QString();
    case LaneKind::Scheduler:
    case LaneKind::SchedulerResolve:
        if (const PhaseRecord *r = recordOf(c.schedulerThreads, lane.laneSource, slice.ref)) {
            const auto stream = std::size_t(lane.laneSource);
            if (stream < c.schedulerStreams.size() && c.schedulerStreams[stream].isAicore())
                return aicoreSchedulerLabel(c.phaseKinds.at(r->kind), *r, c.info.taskIdFormat);
            return schedulerPhaseLabel(c.phaseKinds.at(r->kind), r->tasksProcessed);
        }
        return {};
    case LaneKind::Orchestrator:
        if (const PhaseRecord *r = recordOf(c.orchestratorLanes, lane.laneSource, slice.ref))
            return orchestratorLabel(c.phaseKinds.at(r->kind), *r, c.info.taskIdFormat);
        return {};
    case LaneKind::AicpuWorker:
        return markerLabel(c, lane, slice);
    case LaneKind::HostUploads:
        return slice.ref < c.hostUploads.size() ? c.phaseKinds.at(c.hostUploads[slice.ref].kind) : QString();
    case LaneKind::Host:
        return slice.ref < c.hostLog.spans.size() ? c.hostLog.spans[slice.ref].name : QString();
    case LaneKind::AicpuLifecycle:
        if (lane.laneSource >= 0 && std::size_t(lane.laneSource) < c.aicpuLifecycle.size()) {
            const auto &slices = c.aicpuLifecycle[std::size_t(lane.laneSource)].slices;
            if (slice.ref < slices.size())
                return lifecycleStageName(slices[slice.ref].stage);
        }
        return {};
    case LaneKind::KernelLaunches:
        return slice.ref < c.info.launches.size() ? launchName(c.info.launches[slice.ref].ordinal)
                                                  : QString();
    case LaneKind::Trace:
        return slice.label < std::uint32_t(c.strings.size()) ? c.strings.at(slice.label) : QString();
    }
    return {};
}

} // namespace lanescope
