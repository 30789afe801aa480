#pragma once

#include "querytable.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

namespace lanescope {

// The closed interval of values the bounds on one column allow; nothing when there is none.
struct IntInterval
{
    std::int64_t lo = std::numeric_limits<std::int64_t>::min();
    std::int64_t hi = std::numeric_limits<std::int64_t>::max();

    bool empty() const { return lo > hi; }
    bool contains(std::int64_t v) const { return v >= lo && v <= hi; }
};
std::optional<IntInterval> intervalOf(std::span<const QueryBound> bounds, int column);

// The rows of several arrays one after another (a lane's bars after the previous lane's, a thread's
// records after the previous thread's): a table row is a segment and an index inside it.
class RowSegments
{
public:
    RowSegments() = default;
    explicit RowSegments(const std::vector<std::size_t> &sizes);

    std::size_t total() const { return m_offsets.back(); }
    std::size_t segmentCount() const { return m_offsets.size() - 1; }
    std::size_t begin(std::size_t segment) const { return m_offsets[segment]; }
    std::size_t end(std::size_t segment) const { return m_offsets[segment + 1]; }
    // The segment `row` lies in (the last of several that end where it begins: empty ones).
    std::size_t segmentOf(std::size_t row) const
    {
        return std::size_t(std::upper_bound(m_offsets.begin(), m_offsets.end(), row) - m_offsets.begin()) - 1;
    }
    // The segment of `row` and the row's index inside it. A query reads rows in order, so the
    // segment found last is tried first.
    std::pair<std::size_t, std::size_t> locate(std::size_t row) const
    {
        std::size_t s = m_last;
        if (s >= segmentCount() || row < m_offsets[s] || row >= m_offsets[s + 1]) {
            s = segmentOf(row);
            m_last = s;
        }
        return {s, row - m_offsets[s]};
    }

    // The rows of the segments in `segments` whose times (`tsAt(segment, i)`, ascending in each
    // segment where `sorted(segment)`) fall in `ts`, and whose row numbers fall in `rows`; an absent
    // interval allows everything. A segment out of order is taken whole.
    template <class TsAt, class Sorted>
    std::vector<RowRange> windows(const std::optional<IntInterval> &segments,
                                  const std::optional<IntInterval> &ts,
                                  const std::optional<IntInterval> &rows, TsAt tsAt, Sorted sorted) const
    {
        std::vector<RowRange> out;
        auto [first, last] = clamp(segments, segmentCount());
        const auto [rowFirst, rowLast] = clamp(rows, total());
        if (rowFirst >= rowLast)
            return out;
        // only the segments the rows lie in: a join on slice.id asks for one row at a time
        first = std::max(first, segmentOf(rowFirst));
        last = std::min(last, segmentOf(rowLast - 1) + 1);
        for (std::size_t s = first; s < last; ++s) {
            std::size_t lo = 0, hi = end(s) - begin(s);
            if (ts && sorted(s)) {
                auto at = [&](std::size_t i) { return tsAt(s, i); };
                lo = firstAtLeast(0, hi, ts->lo, at);
                if (ts->hi != std::numeric_limits<std::int64_t>::max())
                    hi = firstAtLeast(lo, hi, ts->hi + 1, at);
            }
            lo = std::max(begin(s) + lo, rowFirst);
            hi = std::min(begin(s) + hi, rowLast);
            if (lo < hi)
                out.push_back({lo, hi});
        }
        return out;
    }

    // [first, last) of the values 0 … count - 1 that `i` allows.
    static std::pair<std::size_t, std::size_t> clamp(const std::optional<IntInterval> &i, std::size_t count)
    {
        if (!i)
            return {0, count};
        if (i->empty() || i->hi < 0)
            return {0, 0};
        const auto first = std::size_t(std::max<std::int64_t>(i->lo, 0));
        const std::size_t last = std::uint64_t(i->hi) >= count ? count : std::size_t(i->hi) + 1;
        return {std::min(first, last), last};
    }

private:
    template <class At>
    static std::size_t firstAtLeast(std::size_t lo, std::size_t hi, std::int64_t value, At at)
    {
        while (lo < hi) {
            const std::size_t mid = lo + (hi - lo) / 2;
            if (at(mid) < value)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo;
    }

    std::vector<std::size_t> m_offsets{0};
    mutable std::size_t m_last = 0;
};

// Whether `count` values `at(i)` never decrease: binary searches over times are only right then.
template <class At> bool isAscending(std::size_t count, At at)
{
    for (std::size_t i = 1; i < count; ++i)
        if (at(i) < at(i - 1))
            return false;
    return true;
}

} // namespace lanescope
