#include "widgets/comparison/diffcolouring.h"

#include "widgets/text/barstyle.h"

#include <unordered_map>

namespace lanescope {

DiffColouring::DiffColouring(const Capture &before, const Capture &after, const TaskDiff &diff)
    : m_perFunction(!diff.matchesBars()), m_after(&after)
{
    const double equalWithin = TaskDiffOptions{}.equalWithinUs;
    for (int step = -DiffColourScale::kSteps; step <= DiffColourScale::kSteps; ++step)
        m_palette.push_back(DiffColourScale::colourOfStep(step));
    const auto entryOf = [](int step) { return std::uint8_t(step + DiffColourScale::kSteps); };
    const std::uint8_t added = std::uint8_t(m_palette.size());
    m_palette.push_back(DiffColourScale::added());
    m_rowEntry.assign(after.rows.size(), entryOf(0));
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
                m_rowEntry[r] = entryOf(m_scale.stepOf(it->second));
        }
    } else {
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
            m_rowEntry[r] =
                b != kNoRow && b < before.rows.size() ? entryOf(m_scale.stepOf(deltas[matched++])) : added;
        }
    }
    m_taskLane.resize(after.lanes.size());
    for (std::size_t i = 0; i < after.lanes.size(); ++i)
        m_taskLane[i] =
            after.lanes[i].kind == LaneKind::Worker || after.lanes[i].kind == LaneKind::SchedulerView;
}

QRgb DiffColouring::colourOf(const TimelineIndex &index, const Capture &capture, const Lane &lane,
                             const Slice &slice) const
{
    if (&capture == m_after) {
        // The lane by position (the painter passes it from the capture's own vector); the slice by
        // its row: it may be a level summary's copy of a slice, so its address says nothing.
        const auto laneIndex = std::size_t(&lane - capture.lanes.data());
        if (laneIndex < m_taskLane.size() && m_taskLane[laneIndex])
            return m_palette[slice.ref < m_rowEntry.size() ? m_rowEntry[slice.ref] : kUnchangedEntry];
    }
    return barColour(index, capture, lane, slice, BarColourMode::Function);
}

} // namespace lanescope
