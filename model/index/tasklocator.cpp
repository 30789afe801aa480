#include "model/index/tasklocator.h"

#include "model/capture/lanebuilder.h"
#include "model/capture/taskindex.h"

#include <algorithm>

namespace lanescope {

namespace {

// Which of the two tables holds lanes of `kind`; -1 for a kind that holds no rows' bars.
int tableOf(LaneKind kind)
{
    return kind == LaneKind::Worker ? 0 : kind == LaneKind::SchedulerView ? 1 : -1;
}

} // namespace

TaskLocator::TaskLocator(const Capture &capture)
{
    for (std::size_t l = 0; l < capture.lanes.size(); ++l) {
        const Lane &lane = capture.lanes[l];
        const int table = tableOf(lane.kind);
        // A lane no row's core can name (a damaged snapshot's) would only size the table.
        if (table < 0 || lane.laneSource < 0 || lane.laneSource > TaskRow::kMaxCoreId)
            continue;
        std::vector<std::int32_t> &lanes = m_laneOfCore[table];
        if (std::size_t(lane.laneSource) >= lanes.size())
            lanes.resize(std::size_t(lane.laneSource) + 1, -1);
        lanes[std::size_t(lane.laneSource)] = std::int32_t(l);
    }
}

std::int32_t TaskLocator::laneOfCore(std::int32_t core, LaneKind kind) const
{
    const int table = tableOf(kind);
    if (table < 0 || core < 0 || std::size_t(core) >= m_laneOfCore[table].size())
        return -1;
    return m_laneOfCore[table][std::size_t(core)];
}

SliceRef TaskLocator::barOfRow(const Capture &capture, std::size_t row, LaneKind kind) const
{
    if (row >= capture.rows.size())
        return {};
    const TaskRow &r = capture.rows[row];
    const std::int32_t lane = laneOfCore(r.coreId, kind);
    const std::optional<double> start = barStartOfRow(r, kind);
    if (lane < 0 || std::size_t(lane) >= capture.lanes.size() || !start)
        return {};
    const Slices &slices = capture.lanes[std::size_t(lane)].slices;
    auto it = std::lower_bound(slices.begin(), slices.end(), *start,
                               [](const Slice &s, double us) { return s.startUs < us; });
    for (; it != slices.end() && it->startUs == *start; ++it) {
        if (it->ref == row)
            return {lane, std::size_t(it - slices.begin())};
    }
    return {};
}

std::vector<SliceRef> TaskLocator::barsOfTask(const Capture &capture, std::uint64_t taskId) const
{
    std::vector<SliceRef> bars;
    const auto [first, last] = rowsOfTask(capture.rows, taskId);
    for (std::size_t r = first; r < last; ++r) {
        if (const SliceRef bar = barOfRow(capture, r); bar.isValid())
            bars.push_back(bar);
    }
    return bars;
}

SliceRef TaskLocator::longestOfFunction(const Capture &capture, int funcId) const
{
    SliceRef best;
    double longest = -1;
    for (std::size_t r = 0; r < capture.rows.size(); ++r) {
        const TaskRow &row = capture.rows[r];
        if (row.funcId != funcId || row.durationUs() <= longest)
            continue;
        if (const SliceRef bar = barOfRow(capture, r); bar.isValid()) {
            best = bar;
            longest = row.durationUs();
        }
    }
    return best;
}

std::size_t TaskLocator::memoryBytes() const
{
    return (m_laneOfCore[0].capacity() + m_laneOfCore[1].capacity()) * sizeof(std::int32_t);
}

} // namespace lanescope
