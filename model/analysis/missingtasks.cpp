#include "missingtasks.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/phasevocabulary.h"

#include <algorithm>

namespace lanescope {

namespace {

// The task ids of the scheduler's dummy and predicated-skip markers, ascending.
std::vector<std::uint64_t> markedTasks(const Capture &capture)
{
    std::vector<bool> markerKind(std::size_t(capture.phaseKinds.size()));
    for (std::size_t k = 0; k < markerKind.size(); ++k)
        markerKind[k] = isMarkerPhase(capture.phaseKinds.at(std::uint32_t(k)));
    std::vector<std::uint64_t> ids;
    CancelPoints cancelPoints;
    for (const PhaseLane &thread : capture.schedulerThreads) {
        for (const PhaseRecord &r : thread) {
            cancelPoints.tick();
            if (r.hasTaskId() && r.kind < markerKind.size() && markerKind[r.kind])
                ids.push_back(r.taskId);
        }
    }
    std::sort(ids.begin(), ids.end());
    return ids;
}

} // namespace

std::vector<std::uint64_t> tasksWithoutRows(const Capture &capture)
{
    std::vector<std::uint64_t> missing;
    const DepGraph &graph = capture.deps;
    if (!graph.hasTaskList())
        return missing;
    const std::vector<std::uint64_t> marked = markedTasks(capture);
    CancelPoints cancelPoints;
    auto row = capture.rows.begin();
    for (const DepNode &n : graph.nodes()) {
        cancelPoints.tick();
        while (row != capture.rows.end() && row->taskId < n.taskId)
            ++row;
        const bool hasRows = row != capture.rows.end() && row->taskId == n.taskId;
        if (!hasRows && graph.isKernelTask(n) && !std::binary_search(marked.begin(), marked.end(), n.taskId))
            missing.push_back(n.taskId);
    }
    return missing;
}

} // namespace lanescope
