#include "model/index/tasklocator.h"

#include "model/capture/cancelpoint.h"
#include "model/capture/taskindex.h"

namespace lanescope {

TaskLocator::TaskLocator(const Capture &capture) : m_rowBars(capture.rows.size())
{
    for (std::size_t l = 0; l < capture.lanes.size(); ++l) {
        const Lane &lane = capture.lanes[l];
        if (lane.kind != LaneKind::Worker)
            continue;
        CancelPoints cancelPoints;
        for (std::size_t s = 0; s < lane.slices.size(); ++s) {
            cancelPoints.tick();
            const std::uint32_t row = lane.slices[s].ref;
            if (row < m_rowBars.size())
                m_rowBars[row] = {int(l), s};
        }
    }
}

SliceRef TaskLocator::barOfRow(std::size_t row) const
{
    return row < m_rowBars.size() ? m_rowBars[row] : SliceRef{};
}

std::vector<SliceRef> TaskLocator::barsOfTask(const Capture &capture, std::uint64_t taskId) const
{
    std::vector<SliceRef> bars;
    const auto [first, last] = rowsOfTask(capture.rows, taskId);
    for (std::size_t r = first; r < last; ++r) {
        if (const SliceRef bar = barOfRow(r); bar.isValid())
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
        if (const SliceRef bar = barOfRow(r); bar.isValid()) {
            best = bar;
            longest = row.durationUs();
        }
    }
    return best;
}

} // namespace lanescope
