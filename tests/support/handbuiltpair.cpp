#include "handbuiltpair.h"

#include <algorithm>

namespace lanescope {

CapturePtr handBuiltCapture(const std::vector<HandBuiltTask> &tasks, int cores)
{
    auto c = std::make_shared<Capture>();
    c->info.level = 1;
    c->info.numCores = cores;
    c->info.coreTypes.assign(std::size_t(cores), CoreType::Aic);
    std::vector<HandBuiltTask> sorted = tasks;
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const HandBuiltTask &a, const HandBuiltTask &b) { return a.taskId < b.taskId; });
    for (const HandBuiltTask &t : sorted) {
        TaskRow r;
        r.taskId = t.taskId;
        r.coreId = t.coreId;
        r.funcId = t.funcId;
        r.coreType = CoreType::Aic;
        r.receiveUs = t.startUs - 0.2;
        r.startUs = t.startUs;
        r.endUs = t.startUs + t.durationUs;
        r.flags = TaskRow::HasReceive;
        c->rows.push_back(r);
        c->names.names.insert(t.funcId, QStringLiteral("func_%1").arg(t.funcId));
    }
    c->lanes.resize(std::size_t(cores));
    for (int core = 0; core < cores; ++core) {
        Lane &lane = c->lanes[std::size_t(core)];
        lane.group = QStringLiteral("AICore");
        lane.name = QStringLiteral("AIC_%1").arg(core);
        lane.kind = LaneKind::Worker;
        lane.laneSource = core;
        lane.sortKey = core;
    }
    for (std::size_t i = 0; i < c->rows.size(); ++i) {
        const TaskRow &r = c->rows[i];
        if (r.coreId >= 0 && r.coreId < cores)
            c->lanes[std::size_t(r.coreId)].slices.push_back(
                Slice{r.receiveUs, r.endUs, std::uint32_t(i), std::uint32_t(r.funcId + 1), 0, 0});
    }
    for (Lane &lane : c->lanes)
        std::sort(lane.slices.begin(), lane.slices.end(),
                  [](const Slice &a, const Slice &b) { return a.startUs < b.startUs; });
    return c;
}

std::vector<HandBuiltTask> evenTasks(int cores, int perCore)
{
    std::vector<HandBuiltTask> tasks;
    std::uint64_t id = 1;
    for (int k = 0; k < perCore; ++k) {
        for (int core = 0; core < cores; ++core)
            tasks.push_back({id++, std::int32_t(id % 2), core, 100.0 + 10.0 * k, 4.0});
    }
    return tasks;
}

} // namespace lanescope
