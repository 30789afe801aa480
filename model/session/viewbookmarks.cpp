#include "model/session/viewbookmarks.h"

#include "model/format/durationtext.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>

namespace lanescope {

using Json = nlohmann::json;

namespace {

// No capture has a million lanes; a longer list is not one Lanescope wrote.
constexpr std::size_t kMaxLanes = std::size_t(1) << 20;
constexpr std::size_t kMaxGroups = 100'000;

struct BookmarkError
{
    QString message;
};

const Json &bookmarkMember(const Json &o, const char *key, const QString &where)
{
    auto it = o.find(key);
    if (it == o.end())
        throw BookmarkError{QStringLiteral("%1: missing \"%2\"").arg(where, QLatin1String(key))};
    return *it;
}

double finiteMember(const Json &o, const char *key, const QString &where)
{
    const Json &v = bookmarkMember(o, key, where);
    if (!v.is_number() || !std::isfinite(v.get<double>()))
        throw BookmarkError{QStringLiteral("%1.%2: not a finite number").arg(where, QLatin1String(key))};
    return v.get<double>();
}

// A list of distinct lane indices.
std::vector<int> lanesMember(const Json &o, const char *key, const QString &where)
{
    const QString at = QStringLiteral("%1.%2").arg(where, QLatin1String(key));
    const Json &v = bookmarkMember(o, key, where);
    if (!v.is_array())
        throw BookmarkError{at + QStringLiteral(": not an array")};
    if (v.size() > kMaxLanes)
        throw BookmarkError{at + QStringLiteral(": more than %1 lanes").arg(kMaxLanes)};
    std::vector<int> lanes;
    std::set<int> seen;
    for (std::size_t i = 0; i < v.size(); ++i) {
        const Json &lane = v[i];
        if (!lane.is_number_unsigned() || lane.get<std::uint64_t>() >= kMaxLanes)
            throw BookmarkError{QStringLiteral("%1[%2]: not a lane index").arg(at).arg(i)};
        const int index = int(lane.get<std::uint64_t>());
        if (!seen.insert(index).second)
            throw BookmarkError{QStringLiteral("%1[%2]: lane %3 appears twice").arg(at).arg(i).arg(index)};
        lanes.push_back(index);
    }
    return lanes;
}

// A list of group names; `optional` lists may be absent (files written before they existed).
QStringList groupsMember(const Json &o, const char *key, const QString &where, bool optional = false)
{
    const QString at = QStringLiteral("%1.%2").arg(where, QLatin1String(key));
    if (optional && !o.contains(key))
        return {};
    const Json &groups = bookmarkMember(o, key, where);
    if (!groups.is_array())
        throw BookmarkError{at + QStringLiteral(": not an array")};
    if (groups.size() > kMaxGroups)
        throw BookmarkError{at + QStringLiteral(": more than %1 groups").arg(kMaxGroups)};
    QStringList names;
    for (std::size_t i = 0; i < groups.size(); ++i) {
        if (!groups[i].is_string())
            throw BookmarkError{QStringLiteral("%1[%2]: not a string").arg(at).arg(i)};
        names << QString::fromStdString(groups[i].get<std::string>());
    }
    return names;
}

ViewBookmark bookmarkFromJson(const Json &o, const QString &where)
{
    if (!o.is_object())
        throw BookmarkError{where + QStringLiteral(": not an object")};
    ViewBookmark b;
    b.range.startUs = finiteMember(o, "start_us", where);
    b.range.endUs = finiteMember(o, "end_us", where);
    if (!b.range.isValid())
        throw BookmarkError{where + QStringLiteral(".end_us: not after start_us")};
    b.scrollYPx = finiteMember(o, "scroll_y_px", where);
    if (b.scrollYPx < 0)
        throw BookmarkError{where + QStringLiteral(".scroll_y_px: negative")};
    b.collapsedGroups = groupsMember(o, "collapsed_groups", where);
    b.collapsedGroups.sort();
    b.collapsedGroups.removeDuplicates();
    b.groupOrder = groupsMember(o, "group_order", where, true);
    b.groupOrder.removeDuplicates();
    b.laneOrder = lanesMember(o, "lane_order", where);
    b.pinnedLanes = lanesMember(o, "pinned_lanes", where);
    b.hiddenLanes = lanesMember(o, "hidden_lanes", where);
    std::sort(b.hiddenLanes.begin(), b.hiddenLanes.end());
    return b;
}

} // namespace

bool ViewBookmarks::store(int slot, ViewBookmark view)
{
    if (!isSlot(slot))
        return false;
    m_views[slot] = std::move(view);
    return true;
}

const ViewBookmark *ViewBookmarks::find(int slot) const
{
    const auto it = m_views.find(slot);
    return it != m_views.end() ? &it->second : nullptr;
}

std::vector<int> ViewBookmarks::storedSlots() const
{
    std::vector<int> out;
    for (const auto &entry : m_views)
        out.push_back(entry.first);
    return out;
}

void ViewBookmarks::merge(const ViewBookmarks &other)
{
    for (const auto &[slot, view] : other.m_views)
        m_views[slot] = view;
}

QString viewRangeText(TimeRange range)
{
    // The ends are read together: one precision for both (durationtext.h).
    const QStringList ends = formatTimes({range.startUs, range.endUs});
    return QStringLiteral("%1 – %2 (%3)").arg(ends[0], ends[1], formatDuration(range.span()));
}

Json viewBookmarksToJson(const ViewBookmarks &bookmarks)
{
    Json out = Json::array();
    for (const int slot : bookmarks.storedSlots()) {
        const ViewBookmark &b = *bookmarks.find(slot);
        const auto names = [](const QStringList &groups) {
            Json out = Json::array();
            for (const QString &g : groups)
                out.push_back(g.toStdString());
            return out;
        };
        Json view = {{"slot", slot},
                     {"start_us", b.range.startUs},
                     {"end_us", b.range.endUs},
                     {"scroll_y_px", b.scrollYPx},
                     {"collapsed_groups", names(b.collapsedGroups)},
                     {"lane_order", b.laneOrder},
                     {"pinned_lanes", b.pinnedLanes},
                     {"hidden_lanes", b.hiddenLanes}};
        // Only views with moved groups carry it: files stay as they were for everything else.
        if (!b.groupOrder.isEmpty())
            view["group_order"] = names(b.groupOrder);
        out.push_back(std::move(view));
    }
    return out;
}

std::optional<ViewBookmarks> viewBookmarksFromJson(const Json &value, const QString &where, QString *error)
{
    try {
        if (!value.is_array())
            throw BookmarkError{where + QStringLiteral(": not an array")};
        ViewBookmarks bookmarks;
        for (std::size_t i = 0; i < value.size(); ++i) {
            const QString at = QStringLiteral("%1[%2]").arg(where).arg(i);
            if (!value[i].is_object())
                throw BookmarkError{at + QStringLiteral(": not an object")};
            const Json &slot = bookmarkMember(value[i], "slot", at);
            // Unsigned values beyond the signed range read negative here, and are refused with them.
            const std::int64_t n = slot.is_number_integer() ? slot.get<std::int64_t>() : 0;
            if (n < ViewBookmarks::kFirstSlot || n > ViewBookmarks::kLastSlot)
                throw BookmarkError{at + QStringLiteral(".slot: not a slot from %1 to %2")
                                             .arg(ViewBookmarks::kFirstSlot)
                                             .arg(ViewBookmarks::kLastSlot)};
            if (bookmarks.find(int(n)))
                throw BookmarkError{at + QStringLiteral(".slot: slot %1 appears twice").arg(n)};
            bookmarks.store(int(n), bookmarkFromJson(value[i], at));
        }
        return bookmarks;
    } catch (const BookmarkError &e) {
        if (error)
            *error = e.message;
    } catch (const Json::exception &e) {
        if (error)
            *error = QStringLiteral("%1: unexpected value (%2)").arg(where, QString::fromUtf8(e.what()));
    } catch (const std::bad_alloc &) {
        if (error)
            *error = where + QStringLiteral(": not enough memory");
    }
    return std::nullopt;
}

} // namespace lanescope
