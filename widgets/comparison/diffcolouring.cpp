#include "widgets/comparison/diffcolouring.h"

#include "widgets/text/barstyle.h"

#include <unordered_map>

namespace lanescope {

DiffColouring::DiffColouring(const Capture &before, const Capture &after, const TaskDiff &diff)
    : m_perFunction(!diff.matchesBars())
{
    const double equalWithin = TaskDiffOptions{}.equalWithinUs;
    m_rowColours.assign(after.rows.size(), DiffColourScale::unchanged());
    if (m_perFunction) {
        std::unordered_map<std::int32_t, double> meanOf;
        std::vector<double> means;
        for (const FunctionDelta &f : diff.byFunction) {
            meanOf[f.funcId] = f.meanDeltaUs;
            if (f.beforeRows > 0 && f.afterRows > 0)
                means.push_back(f.meanDeltaUs);
        }
        m_scale = DiffColourScale::fromChanges(std::move(means), equalWithin);
        for (std::size_t r = 0; r < after.rows.size(); ++r) {
            const auto it = meanOf.find(after.rows[r].funcId);
            if (it != meanOf.end())
                m_rowColours[r] = m_scale.colourOf(it->second);
        }
        return;
    }
    const std::size_t n = std::min(after.rows.size(), diff.afterToBefore.size());
    std::vector<double> deltas;
    deltas.reserve(diff.matchedRows);
    for (std::size_t r = 0; r < n; ++r) {
        const std::uint32_t b = diff.afterToBefore[r];
        if (b != kNoRow && b < before.rows.size())
            deltas.push_back(diffDurationUs(after.rows[r]) - diffDurationUs(before.rows[b]));
    }
    m_scale = DiffColourScale::fromChanges(deltas, equalWithin);
    std::size_t matched = 0;
    for (std::size_t r = 0; r < after.rows.size(); ++r) {
        const std::uint32_t b = r < n ? diff.afterToBefore[r] : kNoRow;
        if (b != kNoRow && b < before.rows.size())
            m_rowColours[r] = m_scale.colourOf(deltas[matched++]);
        else
            m_rowColours[r] = DiffColourScale::added();
    }
}

QRgb DiffColouring::colourOf(const TimelineIndex &index, const Capture &capture, const Lane &lane,
                             const Slice &slice) const
{
    if ((lane.kind == LaneKind::Worker || lane.kind == LaneKind::SchedulerView) &&
        slice.ref < m_rowColours.size())
        return m_rowColours[slice.ref];
    return barColour(index, capture, lane, slice, BarColourMode::Function);
}

} // namespace lanescope
