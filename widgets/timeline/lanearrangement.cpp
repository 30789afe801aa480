#include "widgets/timeline/lanearrangement.h"

#include <QCoreApplication>
#include <algorithm>
#include <numeric>

namespace lanescope {

QString pinnedGroupName()
{
    return QCoreApplication::translate("LaneArrangement", "Pinned");
}

std::vector<int> LaneArrangement::effectiveOrder(std::size_t laneCount) const
{
    if (order.size() == laneCount)
        return order;
    std::vector<int> all(laneCount);
    std::iota(all.begin(), all.end(), 0);
    return all;
}

bool LaneArrangement::isPinned(int lane) const
{
    return std::find(pinned.begin(), pinned.end(), lane) != pinned.end();
}

void LaneArrangement::setPinned(int lane, bool pin)
{
    const auto it = std::find(pinned.begin(), pinned.end(), lane);
    if (pin && it == pinned.end())
        pinned.push_back(lane);
    else if (!pin && it != pinned.end())
        pinned.erase(it);
}

bool LaneArrangement::move(const Capture &capture, int lane, int delta)
{
    if (delta == 0)
        return false;
    if (isPinned(lane)) {
        const auto it = std::find(pinned.begin(), pinned.end(), lane);
        const auto pos = it - pinned.begin();
        const auto target = pos + (delta < 0 ? -1 : 1);
        if (target < 0 || target >= std::ptrdiff_t(pinned.size()))
            return false;
        std::swap(pinned[std::size_t(pos)], pinned[std::size_t(target)]);
        return true;
    }
    order = effectiveOrder(capture.lanes.size());
    const auto it = std::find(order.begin(), order.end(), lane);
    if (it == order.end())
        return false;
    const QString &group = capture.lanes[std::size_t(lane)].group;
    // The neighbour skips hidden and pinned lanes: those are not where the user sees them.
    const std::ptrdiff_t step = delta < 0 ? -1 : 1;
    for (std::ptrdiff_t i = (it - order.begin()) + step; i >= 0 && i < std::ptrdiff_t(order.size());
         i += step) {
        const int other = order[std::size_t(i)];
        if (capture.lanes[std::size_t(other)].group != group)
            return false;
        if (hidden.contains(other) || isPinned(other))
            continue;
        std::swap(order[std::size_t(i)], *it);
        return true;
    }
    return false;
}

bool LaneArrangement::moveBefore(const Capture &capture, int lane, int before)
{
    if (lane == before || lane < 0 || before < 0 ||
        std::size_t(std::max(lane, before)) >= capture.lanes.size() ||
        capture.lanes[std::size_t(lane)].group != capture.lanes[std::size_t(before)].group ||
        isPinned(lane) || isPinned(before))
        return false;
    order = effectiveOrder(capture.lanes.size());
    order.erase(std::find(order.begin(), order.end(), lane));
    order.insert(std::find(order.begin(), order.end(), before), lane);
    return true;
}

} // namespace lanescope
