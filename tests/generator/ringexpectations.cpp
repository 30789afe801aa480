#include "ringexpectations.h"

#include <algorithm>
#include <map>

namespace lanescope {

namespace {

struct SlotTimes
{
    std::uint64_t alloc = 0;
    std::uint64_t allocEnd = 0;
    std::uint64_t retire = 0; // 0 = no execution record
};

} // namespace

void fillRingExpectations(const CaptureData &data, ExpectedValues &e)
{
    if (data.level < 4 || data.orchestratorOnHost || data.orchestrator.empty())
        return;
    std::map<std::uint64_t, SlotTimes> tasks; // by task id: ring, then local id order
    for (const auto &r : data.orchestrator)
        if ((r.taskId >> 32) < 4)
            tasks[r.taskId] = {r.start, r.end, 0};
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint64_t> taskOfKey;
    for (const auto &a : data.aicore)
        taskOfKey[{a.coreId, a.regTaskId}] = a.taskId;
    for (const auto &f : data.aicpu) {
        const auto it = taskOfKey.find({f.coreId, f.regTaskId});
        if (it == taskOfKey.end())
            continue;
        auto t = tasks.find(it->second);
        if (t != tasks.end())
            t->second.retire = std::max(t->second.retire, f.finishCycles);
    }
    for (const auto &thread : data.scheduler)
        for (const auto &r : thread)
            if (r.hasTaskId &&
                (r.kind == SimPhaseKind::DummyTask || r.kind == SimPhaseKind::PredicatedSkip)) {
                auto t = tasks.find(r.taskId);
                if (t != tasks.end())
                    t->second.retire = std::max(t->second.retire, r.endCycles);
            }

    for (std::uint64_t ring = 0; ring < 4; ++ring) {
        std::map<std::uint64_t, std::int64_t> delta; // cycles -> change of occupancy
        std::uint64_t reclaim = 0;
        for (auto it = tasks.lower_bound(ring << 32); it != tasks.end() && (it->first >> 32) == ring; ++it) {
            const SlotTimes &t = it->second;
            reclaim = std::max(reclaim, t.retire ? t.retire : t.allocEnd);
            delta[t.alloc] += 1;
            delta[std::max(reclaim, t.alloc)] -= 1;
        }
        auto &curve = e.ringWindow[ring];
        std::int64_t occupancy = 0;
        for (const auto &[cycles, d] : delta) {
            occupancy += d;
            if (curve.empty() || curve.back().second != occupancy)
                curve.emplace_back(cycles, occupancy);
            e.ringWindowPeak[ring] = std::max(e.ringWindowPeak[ring], occupancy);
        }
    }
}

} // namespace lanescope
