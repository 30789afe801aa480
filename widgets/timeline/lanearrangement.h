#pragma once

#include "model/capture/capture.h"

#include <QSet>
#include <QStringList>
#include <vector>

namespace lanescope {

// How the user rearranged the lanes of one capture: pinned lanes go first under their own heading,
// hidden lanes are left out, lanes may be moved within their group and groups among each other.
// Indices are Capture::lanes indices; an empty order means the capture's own order.
struct LaneArrangement
{
    std::vector<int> order;
    std::vector<int> pinned; // in pinning order
    QSet<int> hidden;
    // Group names in the user's order; the capture's groups it lacks keep their natural place
    // (mergeGroupOrder), names the capture lacks are ignored. Empty: the capture's own order.
    QStringList groupOrder;

    friend bool operator==(const LaneArrangement &, const LaneArrangement &) = default;

    // The display order of all lanes (hidden and pinned ones included).
    std::vector<int> effectiveOrder(std::size_t laneCount) const;
    bool isPinned(int lane) const;
    void setPinned(int lane, bool pinned);
    // Moves a lane one place up (delta < 0) or down among the lanes of its group (or among the
    // pinned lanes when it is pinned). Returns whether anything moved.
    bool move(const Capture &capture, int lane, int delta);
    // Puts `lane` just before `before` when both are in the same group (drag and drop).
    bool moveBefore(const Capture &capture, int lane, int before);

    // Every group of the capture's lanes and counters in display order (the pinned heading aside).
    QStringList groupsInOrder(const Capture &capture) const;
    // Moves a group one place up (delta < 0) or down, past the groups that show no rows (all their
    // lanes hidden or pinned). Returns whether anything moved.
    bool moveGroup(const Capture &capture, const QString &group, int delta);
    // Puts `group` where `target` is (drag and drop): before it when coming from below, after it
    // when coming from above.
    bool moveGroupTo(const Capture &capture, const QString &group, const QString &target);
};

// Name of the heading above pinned lanes.
QString pinnedGroupName();

// Lanes the loader could not put on the device clock are drawn on their own axis. Host-clock lanes
// the capture's host placement maps onto the device axis are not: they count, snap and export as
// device-axis lanes (with their uncertainty shown, hostclockbadge.h).
inline bool hasOwnClock(const Lane &lane)
{
    return !lane.clockAligned;
}

} // namespace lanescope
