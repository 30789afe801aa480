#pragma once

#include "model/capture/timerange.h"

#include <QString>
#include <QStringList>
#include <map>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <vector>

namespace lanescope {

// One view of a capture's timeline the user stored to come back to: the visible time range and how
// the lanes were laid out. Lane numbers are the capture's lane indices (Capture::lanes); a view
// recalled on a capture with fewer lanes leaves out the ones it does not have.
struct ViewBookmark
{
    TimeRange range;
    double scrollYPx = 0;         // how far the lane rows were scrolled up, in pixels
    QStringList collapsedGroups;  // folded group headings, sorted
    std::vector<int> laneOrder;   // display order of all lanes; empty: the capture's own
    std::vector<int> pinnedLanes; // in pinning order
    std::vector<int> hiddenLanes; // ascending
    QStringList groupOrder;       // the groups in the order shown; empty: the capture's own

    friend bool operator==(const ViewBookmark &, const ViewBookmark &) = default;
};

// The stored views of one capture tab, in slots 1 to 9 (the digit keys that store and recall them).
class ViewBookmarks
{
public:
    static constexpr int kFirstSlot = 1;
    static constexpr int kLastSlot = 9;
    static bool isSlot(int slot) { return slot >= kFirstSlot && slot <= kLastSlot; }

    bool isEmpty() const { return m_views.empty(); }
    std::size_t size() const { return m_views.size(); }
    // Replaces what the slot held; false (nothing stored) for a slot outside 1 to 9.
    bool store(int slot, ViewBookmark view);
    // Null when the slot is empty.
    const ViewBookmark *find(int slot) const;
    // The slots that hold a view, ascending.
    std::vector<int> storedSlots() const;
    // Every view of `other` takes its slot here; this one's other slots stay.
    void merge(const ViewBookmarks &other);

    friend bool operator==(const ViewBookmarks &, const ViewBookmarks &) = default;

private:
    std::map<int, ViewBookmark> m_views;
};

// The visible range of a view for people: "1.25 ms – 3.5 ms (2.25 ms)".
QString viewRangeText(TimeRange range);

// Review file form (reviewsession.h): an array of {"slot", "start_us", "end_us", "scroll_y_px",
// "collapsed_groups": [names], "lane_order", "pinned_lanes", "hidden_lanes": [lane indices],
// optionally "group_order": [names] (absent: the capture's own order)}, ascending by slot. Numbers are
// written so that they read back bit-identically.
nlohmann::json viewBookmarksToJson(const ViewBookmarks &bookmarks);
// Never throws; on failure returns nullopt with one line naming the field under `where`
// ("before.bookmarks[1].end_us: not after start_us").
std::optional<ViewBookmarks> viewBookmarksFromJson(const nlohmann::json &value, const QString &where,
                                                   QString *error = nullptr);

} // namespace lanescope
