#include "querytables.h"

namespace lanescope {

const std::vector<QueryTableEntry> &queryTables()
{
    static const std::vector<QueryTableEntry> tables = {
        sliceTableEntry(),      trackTableEntry(),    flowTableEntry(),     counterTableEntry(),
        taskTableEntry(),       depTableEntry(),      functionTableEntry(), runTableEntry(),
        schedPhaseTableEntry(), orchPhaseTableEntry()};
    return tables;
}

const char *laneKindKey(LaneKind kind)
{
    switch (kind) {
    case LaneKind::Worker:
        return "aicore";
    case LaneKind::SchedulerView:
        return "scheduler_view";
    case LaneKind::Scheduler:
        return "scheduler";
    case LaneKind::SchedulerResolve:
        return "scheduler_resolve";
    case LaneKind::Orchestrator:
        return "orchestrator";
    case LaneKind::AicpuWorker:
        return "aicpu_marker";
    case LaneKind::HostUploads:
        return "host_upload";
    case LaneKind::Host:
        return "host";
    case LaneKind::AicpuLifecycle:
        return "aicpu_lifecycle";
    case LaneKind::KernelLaunches:
        return "kernel_launch";
    case LaneKind::Trace:
        return "trace";
    }
    return "unknown";
}

} // namespace lanescope
