#include "workloadedits.h"

#include <map>

namespace lanescope {

void dropLastKernelTasks(Workload &w, int count)
{
    if (count <= 0)
        return;
    std::vector<bool> dropped(w.tasks.size(), false);
    for (std::size_t i = w.tasks.size(); i-- > 0 && count > 0;) {
        if (w.tasks[i].runsOnCores()) {
            dropped[i] = true;
            --count;
        }
    }
    std::vector<std::uint32_t> newIndex(w.tasks.size(), 0);
    std::vector<LogicalTask> tasks;
    std::vector<WorkloadEdge> edges;
    for (std::size_t i = 0; i < w.tasks.size(); ++i) {
        if (dropped[i])
            continue;
        newIndex[i] = std::uint32_t(tasks.size());
        LogicalTask t = w.tasks[i];
        const auto first = std::uint32_t(edges.size());
        for (std::uint32_t e = t.firstEdge; e < t.firstEdge + t.edgeCount; ++e) {
            WorkloadEdge edge = w.edges[e];
            if (dropped[edge.pred])
                continue;
            edge.pred = newIndex[edge.pred]; // producers come first in submit order
            edge.succ = newIndex[i];
            edges.push_back(edge);
        }
        t.firstEdge = first;
        t.edgeCount = std::uint32_t(edges.size()) - first;
        tasks.push_back(t);
    }
    std::vector<ProgramStep> program;
    for (ProgramStep step : w.program) {
        if (step.type == ProgramStep::Type::Submit) {
            if (dropped[step.value])
                continue;
            step.value = newIndex[step.value];
        }
        program.push_back(step);
    }
    w.tasks = std::move(tasks);
    w.edges = std::move(edges);
    w.program = std::move(program);
}

void rotateLocalIds(Workload &w, int places)
{
    if (places == 0)
        return;
    // Each space's local ids as built, in submit order.
    std::map<std::uint64_t, std::vector<std::uint32_t>> spaces;
    for (const LogicalTask &t : w.tasks)
        spaces[t.taskId >> 32].push_back(t.localId);
    std::map<std::uint64_t, std::size_t> seen;
    for (LogicalTask &t : w.tasks) {
        const std::uint64_t space = t.taskId >> 32;
        const auto &ids = spaces[space];
        const auto n = std::int64_t(ids.size());
        const auto k = std::int64_t(seen[space]++);
        const auto shifted = ((k + places) % n + n) % n;
        t.localId = ids[std::size_t(shifted)];
        t.taskId = (space << 32) | t.localId;
    }
}

} // namespace lanescope
