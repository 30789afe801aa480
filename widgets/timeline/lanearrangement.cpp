#include "widgets/timeline/lanearrangement.h"

#include "widgets/timeline/grouporder.h"

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

QStringList LaneArrangement::groupsInOrder(const Capture &capture) const
{
    QStringList natural;
    QSet<QString> seen;
    const auto add = [&](const QString &group) {
        if (!seen.contains(group)) {
            seen.insert(group);
            natural << group;
        }
    };
    for (const int lane : effectiveOrder(capture.lanes.size()))
        add(capture.lanes[std::size_t(lane)].group);
    for (const CounterTrack &counter : capture.counters)
        add(counter.group);
    if (groupOrder.isEmpty())
        return natural;
    QStringList ordered = mergeGroupOrder(groupOrder, natural);
    ordered.removeIf([&](const QString &group) { return !seen.contains(group); });
    return ordered;
}

bool LaneArrangement::moveGroup(const Capture &capture, const QString &group, int delta)
{
    QStringList groups = groupsInOrder(capture);
    const qsizetype from = groups.indexOf(group);
    if (delta == 0 || from < 0)
        return false;
    QSet<QString> shown;
    for (std::size_t i = 0; i < capture.lanes.size(); ++i)
        if (!hidden.contains(int(i)) && !isPinned(int(i)))
            shown.insert(capture.lanes[i].group);
    for (const CounterTrack &counter : capture.counters)
        shown.insert(counter.group);
    const qsizetype step = delta < 0 ? -1 : 1;
    for (qsizetype i = from + step; i >= 0 && i < groups.size(); i += step) {
        if (!shown.contains(groups[i]))
            continue;
        groups.move(from, i);
        groupOrder = groups;
        return true;
    }
    return false;
}

bool LaneArrangement::moveGroupTo(const Capture &capture, const QString &group, const QString &target)
{
    QStringList groups = groupsInOrder(capture);
    const qsizetype from = groups.indexOf(group);
    const qsizetype to = groups.indexOf(target);
    if (from < 0 || to < 0 || from == to)
        return false;
    groups.move(from, to);
    groupOrder = groups;
    return true;
}

} // namespace lanescope
