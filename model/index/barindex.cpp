#include "barindex.h"

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

LaneLevelIndex::LaneLevelIndex(const Slices &slices, std::vector<std::uint32_t> members)
    : m_members(std::move(members)), m_size(m_members.empty() ? slices.size() : m_members.size())
{
    m_blockMaxEnd.reserve(m_size / kBlock + 1);
    if (m_size > 0)
        m_summary =
            LevelSummary(m_size, slices[sliceIndex(0)].startUs, slices[sliceIndex(m_size - 1)].startUs);
    double maxEnd = -std::numeric_limits<double>::infinity();
    double previousEnd = -std::numeric_limits<double>::infinity();
    CancelPoints cancelPoints;
    for (std::size_t k = 0; k < m_size; ++k) {
        cancelPoints.tick();
        const Slice &s = slices[sliceIndex(k)];
        // Loaders may leave a slice's end before its start (clock glitches); treat it as an instant.
        const double end = std::max(s.startUs, s.endUs);
        // Trace timestamps are rounded to the nanosecond; overlaps below that are not overlaps.
        if (s.startUs < previousEnd - 1e-3)
            m_disjoint = false;
        previousEnd = end;
        maxEnd = std::max(maxEnd, end);
        m_summary.add(s);
        if ((k + 1) % kBlock == 0 || k + 1 == m_size)
            m_blockMaxEnd.push_back(maxEnd);
    }
}

std::size_t LaneLevelIndex::firstEndingAtOrAfter(const Slices &slices, double us) const
{
    const auto block = std::lower_bound(m_blockMaxEnd.begin(), m_blockMaxEnd.end(), us);
    if (block == m_blockMaxEnd.end())
        return m_size;
    const std::size_t begin = std::size_t(block - m_blockMaxEnd.begin()) * kBlock;
    const std::size_t end = std::min(m_size, begin + kBlock);
    for (std::size_t k = begin; k < end; ++k) {
        const Slice &s = slices[sliceIndex(k)];
        if (std::max(s.startUs, s.endUs) >= us)
            return k;
    }
    return end; // not reached: the block's maximum is at least `us`
}

std::size_t LaneLevelIndex::memoryBytes() const
{
    return m_members.capacity() * sizeof(std::uint32_t) + m_blockMaxEnd.capacity() * sizeof(double) +
           m_summary.memoryBytes();
}

std::size_t BarIndex::memoryBytes() const
{
    std::size_t bytes = m_sliceStorage.capacity() * sizeof(const Slice *) +
                        m_levels.capacity() * sizeof(m_levels[0]) +
                        m_counterRanges.capacity() * sizeof(m_counterRanges[0]);
    for (const std::vector<LaneLevelIndex> &lane : m_levels) {
        bytes += lane.capacity() * sizeof(LaneLevelIndex);
        for (const LaneLevelIndex &level : lane)
            bytes += level.memoryBytes();
    }
    return bytes;
}

std::size_t LaneLevelIndex::firstStartingAtOrAfter(const Slices &slices, double us, std::size_t from) const
{
    const auto startsBefore = [&](std::size_t k) { return slices[sliceIndex(k)].startUs < us; };
    std::size_t lo = std::min(from, m_size);
    // Gallop from `from` first: the painter asks for the next pixel column, usually a few slices on.
    std::size_t step = 1;
    while (lo + step < m_size && startsBefore(lo + step)) {
        lo += step + 1;
        step *= 2;
    }
    // Then halve [lo, hi): every k before lo starts before `us`, hi is past the answer.
    std::size_t hi = std::min(m_size, lo + step);
    while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (startsBefore(mid))
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

BarIndex::BarIndex(const Capture &capture) : m_capture(&capture)
{
    double first = std::numeric_limits<double>::infinity();
    double last = -std::numeric_limits<double>::infinity();
    double firstAligned = first;
    double lastAligned = last;

    m_levels.resize(capture.lanes.size());
    m_sliceStorage.reserve(capture.lanes.size());
    for (std::size_t i = 0; i < capture.lanes.size(); ++i) {
        const Lane &lane = capture.lanes[i];
        m_sliceStorage.push_back(lane.slices.data());
        const int levels = int(lane.maxDepth) + 1;
        auto &out = m_levels[i];
        if (levels == 1) {
            out.emplace_back(lane.slices, std::vector<std::uint32_t>{});
        } else {
            // Deeper slices than the lane admits are drawn on its last level rather than lost.
            std::vector<std::vector<std::uint32_t>> members(static_cast<std::size_t>(levels));
            CancelPoints cancelPoints;
            for (std::size_t s = 0; s < lane.slices.size(); ++s) {
                cancelPoints.tick();
                members[std::min<std::size_t>(lane.slices[s].depth, std::size_t(levels - 1))].push_back(
                    std::uint32_t(s));
            }
            for (auto &m : members) {
                if (m.empty())
                    out.emplace_back(); // an empty member list would mean "all slices"
                else
                    out.emplace_back(lane.slices, std::move(m));
            }
        }
        double laneLast = -std::numeric_limits<double>::infinity();
        for (const LaneLevelIndex &level : out) {
            if (level.size() > 0)
                laneLast = std::max(laneLast, level.maxEndUs());
        }
        if (!lane.slices.empty()) {
            first = std::min(first, lane.slices.front().startUs);
            last = std::max(last, laneLast);
            // Lanes the loader could not put on the device clock run on an axis of their own.
            if (lane.clockAligned) {
                firstAligned = std::min(firstAligned, lane.slices.front().startUs);
                lastAligned = std::max(lastAligned, laneLast);
            }
        }
    }

    m_counterRanges.reserve(capture.counters.size());
    for (const CounterTrack &counter : capture.counters) {
        double lo = 0;
        double hi = 0;
        for (const double v : counter.values) {
            if (std::isfinite(v)) {
                lo = std::min(lo, v);
                hi = std::max(hi, v);
            }
        }
        m_counterRanges.emplace_back(lo, hi);
        if (!counter.timesUs.empty()) {
            first = std::min(first, counter.timesUs.front());
            last = std::max(last, counter.timesUs.back());
            firstAligned = std::min(firstAligned, counter.timesUs.front());
            lastAligned = std::max(lastAligned, counter.timesUs.back());
        }
    }

    m_extent = first <= last ? TimeRange{first, last} : TimeRange{0, 0};
    if (m_extent.span() <= 0) // a lone instant or nothing at all still needs a visible range
        m_extent.endUs = m_extent.startUs + 1;
    m_alignedExtent = firstAligned < lastAligned ? TimeRange{firstAligned, lastAligned} : m_extent;
}

bool BarIndex::isFor(const Capture &capture) const
{
    if (m_capture != &capture || capture.lanes.size() != m_sliceStorage.size())
        return false;
    for (std::size_t i = 0; i < capture.lanes.size(); ++i) {
        if (capture.lanes[i].slices.data() != m_sliceStorage[i])
            return false;
    }
    return true;
}

std::optional<double> BarIndex::nearestEdge(const Capture &capture, double us, double toleranceUs) const
{
    if (!(toleranceUs > 0) || !std::isfinite(us))
        return std::nullopt;
    std::optional<double> best;
    double bestDistance = toleranceUs;
    auto consider = [&](double edge) {
        const double d = std::abs(edge - us);
        if (d < bestDistance || (d == bestDistance && (!best || edge < *best))) {
            best = edge;
            bestDistance = d;
        }
    };
    // The bars that reach into a window a few pixels wide: a handful per lane.
    for (std::size_t lane = 0; lane < m_levels.size() && lane < capture.lanes.size(); ++lane) {
        if (!capture.lanes[lane].clockAligned)
            continue;
        const Slices &slices = capture.lanes[lane].slices;
        for (const LaneLevelIndex &level : m_levels[lane]) {
            level.forEachReaching(slices, us - toleranceUs, us + toleranceUs, [&](std::size_t k) {
                const Slice &s = slices[level.sliceIndex(k)];
                if ((s.flags & Slice::Instant) || !(s.endUs > s.startUs))
                    return; // a point, not an interval to measure
                consider(s.startUs);
                consider(s.endUs);
            });
        }
    }
    return best;
}

std::optional<std::size_t> BarIndex::sliceAt(const Capture &capture, std::size_t lane, int depth, double us,
                                             double toleranceUs) const
{
    if (lane >= m_levels.size() || depth < 0 || depth >= levelCount(lane))
        return std::nullopt;
    const Slices &slices = capture.lanes[lane].slices;
    const LaneLevelIndex &level = m_levels[lane][std::size_t(depth)];
    const double tolerance = std::max(0.0, toleranceUs);

    std::optional<std::size_t> best;
    double bestDistance = std::numeric_limits<double>::infinity();
    auto consider = [&](std::size_t k) {
        const Slice &s = slices[level.sliceIndex(k)];
        const double end = std::max(s.startUs, s.endUs);
        const double distance = us < s.startUs ? s.startUs - us : (us > end ? us - end : 0.0);
        // Among overlapping candidates the one that started last is the innermost on screen.
        if (distance <= tolerance && distance <= bestDistance) {
            bestDistance = distance;
            best = level.sliceIndex(k);
        }
    };
    if (level.isDisjoint()) {
        // Ends are sorted as well: only the neighbours of `us` can be nearest.
        const std::size_t next = level.firstStartingAtOrAfter(slices, std::nextafter(us, HUGE_VAL), 0);
        if (next > 0)
            consider(next - 1);
        if (next < level.size())
            consider(next);
        return best;
    }
    // Overlapping slices on one level only come from malformed input; a bounded scan is enough.
    level.forEachReaching(slices, us - tolerance, us + tolerance, consider);
    return best;
}

} // namespace lanescope
