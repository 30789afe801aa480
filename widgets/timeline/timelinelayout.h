#pragma once

#include "model/capture/capture.h"
#include "widgets/timeline/lanearrangement.h"

#include <QSet>
#include <QString>
#include <vector>

namespace lanescope {

// Fixed sizes of the timeline, in logical pixels. The header column and the ruler belong to the
// viewport (TimelineViewport::headerWidthPx / rulerHeightPx); these are their usual sizes.
inline constexpr int kTimelineRulerHeightPx = 28;
inline constexpr int kTimelineHeaderWidthPx = 200;

struct TimelineMetrics
{
    int sliceRowHeightPx = 18; // one nesting level of a lane
    int lanePaddingPx = 2;     // above and below the bars of a lane
    int groupHeadingHeightPx = 24;
    int counterHeightPx = 40;

    friend bool operator==(const TimelineMetrics &, const TimelineMetrics &) = default;
};

// One horizontal band of the timeline: a group heading, a lane or a counter track.
struct TimelineRow
{
    enum class Kind : std::uint8_t { GroupHeading, Lane, Counter };

    Kind kind = Kind::Lane;
    int index = -1; // Lane: Capture::lanes index; Counter: Capture::counters index; heading: -1
    QString group;
    int y = 0; // top, in content coordinates (0 = top of the first row, before scrolling)
    int height = 0;
    bool collapsed = false; // headings: the group's members are hidden
    int memberCount = 0;    // headings: lanes and counters in the group (hidden or not)
    int ordinal = 0;        // lanes and counters: position inside the group, for zebra striping
};

// The groups a capture with AICore lanes opens with folded, so that the first view reaches the
// AICore bars users tune (at least eight lanes on a 1366×768 screen): the host and the schedulers,
// and the Scheduler View when it holds more lanes than fit beside the rest (one per core: 72 at
// block_dim 24). Unfolding one is a click on its heading.
QSet<QString> initiallyCollapsedGroups(const Capture &capture);

// The vertical arrangement of a capture: pinned lanes first under their own heading, then the
// rows in Capture::lanes order (or the arrangement's order), a heading wherever the group changes,
// each group's counters after its lanes (counters without lanes at the end); with a group order,
// each group once, in that order. Hidden lanes get no row.
class TimelineLayout
{
public:
    TimelineLayout() = default;
    TimelineLayout(const Capture &capture, const TimelineMetrics &metrics,
                   const QSet<QString> &collapsedGroups = {}, const LaneArrangement &arrangement = {});

    const std::vector<TimelineRow> &rows() const { return m_rows; }
    const TimelineMetrics &metrics() const { return m_metrics; }
    int contentHeight() const { return m_contentHeight; }

    // Row under a content y, or -1.
    int rowAt(double contentY) const;
    // Row showing a lane, or -1 when the lane is hidden or in a collapsed group.
    int rowOfLane(int laneIndex) const;
    // Nesting level under a content y inside a lane row, or -1 in the padding.
    int depthAt(const TimelineRow &row, double contentY) const;
    // Content y of the top of the bars of `depth` in a lane row.
    int sliceTop(const TimelineRow &row, int depth) const
    {
        return row.y + m_metrics.lanePaddingPx + depth * m_metrics.sliceRowHeightPx;
    }

private:
    TimelineMetrics m_metrics;
    std::vector<TimelineRow> m_rows;
    std::vector<int> m_laneRow;
    int m_contentHeight = 0;
};

} // namespace lanescope
