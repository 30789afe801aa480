#include "widgets/timeline/timelinelayout.h"

#include "model/capture/lanebuilder.h"

#include <algorithm>

namespace lanescope {

namespace {
struct GroupBlock
{
    QString group;
    std::vector<int> lanes;
    std::vector<int> counters;
};

// Puts the blocks after `first` in the order of `groups`, a group's blocks joined into one.
void orderGroups(std::vector<GroupBlock> &blocks, const QStringList &groups, std::size_t first)
{
    const auto rank = [&](const GroupBlock &b) { return groups.indexOf(b.group); };
    std::stable_sort(blocks.begin() + std::ptrdiff_t(first), blocks.end(),
                     [&](const GroupBlock &a, const GroupBlock &b) { return rank(a) < rank(b); });
    std::vector<GroupBlock> joined(blocks.begin(), blocks.begin() + std::ptrdiff_t(first));
    for (std::size_t i = first; i < blocks.size(); ++i) {
        GroupBlock &b = blocks[i];
        if (joined.size() > first && joined.back().group == b.group) {
            joined.back().lanes.insert(joined.back().lanes.end(), b.lanes.begin(), b.lanes.end());
            joined.back().counters.insert(joined.back().counters.end(), b.counters.begin(), b.counters.end());
        } else {
            joined.push_back(std::move(b));
        }
    }
    blocks = std::move(joined);
}

// Pinned lanes form the first block; then consecutive lanes of one group form a block; counters
// join the first block of their group. A group order (LaneArrangement::groupOrder) then sorts the
// blocks after the pinned one.
std::vector<GroupBlock> groupBlocks(const Capture &capture, const LaneArrangement &arrangement)
{
    std::vector<GroupBlock> blocks;
    std::vector<int> pinned;
    for (const int lane : arrangement.pinned) {
        if (lane >= 0 && std::size_t(lane) < capture.lanes.size() && !arrangement.hidden.contains(lane))
            pinned.push_back(lane);
    }
    if (!pinned.empty())
        blocks.push_back({pinnedGroupName(), pinned, {}});
    for (const int i : arrangement.effectiveOrder(capture.lanes.size())) {
        if (arrangement.hidden.contains(i) || arrangement.isPinned(i))
            continue;
        const QString &group = capture.lanes[std::size_t(i)].group;
        if (blocks.empty() || blocks.back().group != group)
            blocks.push_back({group, {}, {}});
        blocks.back().lanes.push_back(i);
    }
    for (std::size_t i = 0; i < capture.counters.size(); ++i) {
        const QString &group = capture.counters[i].group;
        auto it =
            std::find_if(blocks.begin(), blocks.end(), [&](const GroupBlock &b) { return b.group == group; });
        if (it == blocks.end()) {
            blocks.push_back({group, {}, {}});
            it = blocks.end() - 1;
        }
        it->counters.push_back(int(i));
    }
    if (!arrangement.groupOrder.isEmpty())
        orderGroups(blocks, arrangement.groupsInOrder(capture), pinned.empty() ? 0 : 1);
    return blocks;
}
} // namespace

TimelineLayout::TimelineLayout(const Capture &capture, const TimelineMetrics &metrics,
                               const QSet<QString> &collapsedGroups, const LaneArrangement &arrangement)
    : m_metrics(metrics), m_laneRow(capture.lanes.size(), -1)
{
    int y = 0;
    auto add = [&](TimelineRow row) {
        row.y = y;
        y += row.height;
        m_rows.push_back(std::move(row));
    };
    for (const GroupBlock &block : groupBlocks(capture, arrangement)) {
        const bool collapsed = collapsedGroups.contains(block.group);
        // An unnamed group (a trace without process names) needs no heading and cannot collapse.
        if (!block.group.isEmpty()) {
            TimelineRow heading;
            heading.kind = TimelineRow::Kind::GroupHeading;
            heading.group = block.group;
            heading.height = metrics.groupHeadingHeightPx;
            heading.collapsed = collapsed;
            heading.memberCount = int(block.lanes.size() + block.counters.size());
            add(heading);
            if (collapsed)
                continue;
        }
        int ordinal = 0;
        for (const int lane : block.lanes) {
            const int depths = int(capture.lanes[std::size_t(lane)].maxDepth) + 1;
            m_laneRow[std::size_t(lane)] = int(m_rows.size());
            add({TimelineRow::Kind::Lane, lane, block.group, 0,
                 depths * metrics.sliceRowHeightPx + 2 * metrics.lanePaddingPx, false, 0, ordinal++});
        }
        for (const int counter : block.counters)
            add({TimelineRow::Kind::Counter, counter, block.group, 0, metrics.counterHeightPx, false, 0,
                 ordinal++});
    }
    m_contentHeight = y;
}

int TimelineLayout::rowAt(double contentY) const
{
    if (contentY < 0 || contentY >= m_contentHeight)
        return -1;
    auto it = std::upper_bound(m_rows.begin(), m_rows.end(), contentY,
                               [](double y, const TimelineRow &row) { return y < row.y; });
    return int(it - m_rows.begin()) - 1;
}

int TimelineLayout::rowOfLane(int laneIndex) const
{
    return laneIndex >= 0 && std::size_t(laneIndex) < m_laneRow.size() ? m_laneRow[std::size_t(laneIndex)]
                                                                       : -1;
}

int TimelineLayout::depthAt(const TimelineRow &row, double contentY) const
{
    const double inside = contentY - row.y - m_metrics.lanePaddingPx;
    const int depths = (row.height - 2 * m_metrics.lanePaddingPx) / std::max(1, m_metrics.sliceRowHeightPx);
    if (row.kind != TimelineRow::Kind::Lane || inside < 0)
        return -1;
    const int depth = int(inside / m_metrics.sliceRowHeightPx);
    return depth < depths ? depth : -1;
}

QSet<QString> initiallyCollapsedGroups(const Capture &capture)
{
    constexpr int kMostOpenSchedulerViewLanes = 8;
    int schedulerView = 0;
    bool aicore = false;
    for (const Lane &lane : capture.lanes) {
        schedulerView += lane.kind == LaneKind::SchedulerView ? 1 : 0;
        aicore |= lane.kind == LaneKind::Worker;
    }
    if (!aicore)
        return {};
    // The host spans and the scheduler threads (a dozen rows) above the AICore lanes would fill a
    // laptop's first view: folded, their headings still say what is there and how many lanes, and
    // the orchestrator's one lane stays open.
    QSet<QString> folded = {groups::host, groups::scheduler, groups::aicoreScheduler};
    if (schedulerView > kMostOpenSchedulerViewLanes)
        folded.insert(groups::schedulerView);
    return folded;
}

} // namespace lanescope
