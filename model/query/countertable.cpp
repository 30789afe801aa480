#include "columntable.h"
#include "querytables.h"

#include <array>

namespace lanescope {

namespace {

std::vector<std::size_t> counterSizes(const Capture &c)
{
    std::vector<std::size_t> sizes;
    for (const CounterTrack &t : c.counters)
        sizes.push_back(std::min(t.timesUs.size(), t.values.size()));
    return sizes;
}

// `counter`: every point of every counter track (ready queues, ring occupancy, overhead), read
// from the tracks' time and value arrays.
class CounterTable final : public ColumnTable<CounterTable>
{
public:
    static constexpr const char *kName = "counter";
    static constexpr const char *kMeaning = "the points of the counter tracks: a step function per track";
    enum Col { Ts, Value, TrackId };

    explicit CounterTable(const QueryCapture &capture)
        : m_c(capture.capture()), m_points(counterSizes(m_c)), m_sorted(m_c.counters.size(), -1)
    {
    }

    static std::span<const Column> columns();
    std::size_t rowCount() const override { return m_points.total(); }
    bool narrows(int column, QueryBoundOp) const override { return column == Ts || column == TrackId; }
    std::vector<RowRange> rows(std::span<const QueryBound> bounds) const override
    {
        // track ids count the lanes first
        std::optional<IntInterval> tracks = intervalOf(bounds, TrackId);
        if (tracks && !tracks->empty()) {
            const auto lanes = std::int64_t(m_c.lanes.size());
            tracks->lo = tracks->lo < lanes ? 0 : tracks->lo - lanes;
            tracks->hi = tracks->hi < lanes ? -1 : tracks->hi - lanes;
        }
        return m_points.windows(
            tracks, intervalOf(bounds, Ts), std::nullopt,
            [this](std::size_t t, std::size_t i) { return toNs(m_c.counters[t].timesUs[i]); },
            [this](std::size_t t) {
                if (m_sorted[t] < 0) {
                    const auto &times = m_c.counters[t].timesUs;
                    m_sorted[t] = isAscending(times.size(), [&](std::size_t i) { return times[i]; });
                }
                return m_sorted[t] == 1;
            });
    }

private:
    const Capture &m_c;
    RowSegments m_points;
    mutable std::vector<std::int8_t> m_sorted;
};

std::span<const CounterTable::Column> CounterTable::columns()
{
    using T = CounterTable;
    static const std::array<Column, 3> kColumns = {{
        {{"ts", "INTEGER", "when the value begins, ns on the capture's axis"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const auto [track, i] = t.m_points.locate(row);
             resultNs(out, t.m_c.counters[track].timesUs[i]);
         }},
        {{"value", "REAL", "the value from ts until the track's next point (a count, or bytes for a heap)"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             const auto [track, i] = t.m_points.locate(row);
             sqlite3_result_double(out, t.m_c.counters[track].values[i]);
         }},
        {{"track_id", "INTEGER", "the counter track (track.id)"},
         [](const T &t, std::size_t row, sqlite3_context *out) {
             resultInt(out, std::int64_t(t.m_c.lanes.size() + t.m_points.locate(row).first));
         }},
    }};
    return kColumns;
}

} // namespace

QueryTableEntry counterTableEntry()
{
    return entryOf<CounterTable>();
}

} // namespace lanescope
