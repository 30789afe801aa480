#pragma once

#include "model/capture/capture.h"

#include <QSet>
#include <vector>

namespace lanescope {

// How the user rearranged the lanes of one capture: pinned lanes go first under their own heading,
// hidden lanes are left out, and lanes may be moved within their group. Indices are Capture::lanes
// indices; an empty order means the capture's own order.
struct LaneArrangement
{
    std::vector<int> order;
    std::vector<int> pinned; // in pinning order
    QSet<int> hidden;

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
