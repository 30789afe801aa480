#pragma once

#include "model/capture/capture.h"
#include "model/capture/timerange.h"
#include "model/index/levelsummary.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace lanescope {

// The slices of one nesting level of a lane, in start order, with what is needed to find the
// visible ones by binary search: a slice that starts long before the visible range can still
// cover it, so the search runs over the running maximum of the end times, kept per block of
// slices to cost a fraction of a byte per slice. Searches by start read the slices themselves: a
// packed copy of the start times searched a quarter of the memory, but held eight bytes per bar
// (22 B per AICore row) for frames that stay within budget without it.
class LaneLevelIndex
{
public:
    LaneLevelIndex() = default;
    // All slices of `slices` when `members` is empty, else the listed ones.
    LaneLevelIndex(const Slices &slices, std::vector<std::uint32_t> members);

    std::size_t size() const { return m_size; }
    std::uint32_t sliceIndex(std::size_t k) const
    {
        return m_members.empty() ? std::uint32_t(k) : m_members[k];
    }
    // True when no slice starts before the previous one ended: then the end times are sorted too.
    bool isDisjoint() const { return m_disjoint; }
    double maxEndUs() const { return m_blockMaxEnd.empty() ? 0 : m_blockMaxEnd.back(); }

    // First k whose slice ends at or after `us`; every earlier one ends before it.
    std::size_t firstEndingAtOrAfter(const Slices &slices, double us) const;
    // First k >= from whose slice starts at or after `us`.
    std::size_t firstStartingAtOrAfter(const Slices &slices, double us, std::size_t from) const;
    double startUs(const Slices &slices, std::size_t k) const { return slices[sliceIndex(k)].startUs; }
    // Calls visit(k), in start order, from the first k whose slice ends at or after fromUs to the
    // last that starts at or before toUs: every slice reaching into [fromUs, toUs]. On a level whose
    // slices overlap (malformed input) some of those visited end before fromUs, so a visitor that
    // cares checks; there the scan is also bounded, as overlaps could make it long.
    template <class Visit>
    void forEachReaching(const Slices &slices, double fromUs, double toUs, Visit visit) const
    {
        constexpr std::size_t kMaxScan = 1 << 20;
        for (std::size_t k = firstEndingAtOrAfter(slices, fromUs), n = 0; k < m_size && n < kMaxScan;
             ++k, ++n) {
            if (startUs(slices, k) > toUs)
                break;
            visit(k);
        }
    }
    // The level by time buckets, for frames too zoomed out to tell its slices apart (empty for
    // small levels and levels with instants).
    const LevelSummary &summary() const { return m_summary; }
    std::size_t memoryBytes() const; // heap bytes held

private:
    friend struct BarIndexFields; // a snapshot keeps every part, and checks it on reading

    static constexpr std::size_t kBlock = 64;
    std::vector<std::uint32_t> m_members;
    std::vector<double> m_blockMaxEnd;
    LevelSummary m_summary;
    std::size_t m_size = 0;
    bool m_disjoint = true;
};

// What finding bars by time needs, derived once per capture: per-level slice indexes, the
// capture's extent and the value range of every counter track. Qt Core only and read-only once
// built, so the document builds it on its worker thread and every view of the run shares it.
class BarIndex
{
public:
    explicit BarIndex(const Capture &capture);

    // Whether this index was built for `capture` (same object, same lane storage).
    bool isFor(const Capture &capture) const;

    // The capture's extent: the one place it is computed. extent() spans every lane and counter;
    // alignedExtent() only the lanes on the device clock (the whole extent when there are none),
    // so host spans on their own axis do not squeeze the device timeline when fitting.
    TimeRange extent() const { return m_extent; }
    TimeRange alignedExtent() const { return m_alignedExtent; }
    std::size_t laneCount() const { return m_levels.size(); }
    int levelCount(std::size_t lane) const { return int(m_levels[lane].size()); }
    const LaneLevelIndex &level(std::size_t lane, int depth) const
    {
        return m_levels[lane][std::size_t(depth)];
    }
    // Lowest and highest value of a counter track (0 is always included so bars rise from zero).
    std::pair<double, double> counterRange(std::size_t counter) const { return m_counterRanges[counter]; }

    // The slice of `lane` at nesting level `depth` covering `us`, else the nearest one within
    // `toleranceUs` (tiny bars and instants are hard to hit exactly). Returns a Lane::slices index.
    std::optional<std::size_t> sliceAt(const Capture &capture, std::size_t lane, int depth, double us,
                                       double toleranceUs) const;
    // The bar edge nearest to `us` when it is at most `toleranceUs` away (on a tie the earlier
    // edge), else nothing: where a bar of some length starts or ends, on any lane on the device
    // clock. What a measured region snaps to, found around `us` lane by lane rather than kept as
    // a sorted copy of every edge, which held 30 bytes per AICore row and twice that while sorted.
    std::optional<double> nearestEdge(const Capture &capture, double us, double toleranceUs) const;
    std::size_t memoryBytes() const; // heap bytes held, the levels' included

private:
    friend struct BarIndexFields;
    BarIndex() = default; // filled by a snapshot (barindexfields.h)

    const Capture *m_capture = nullptr;
    std::vector<const Slice *> m_sliceStorage;
    std::vector<std::vector<LaneLevelIndex>> m_levels;
    std::vector<std::pair<double, double>> m_counterRanges;
    TimeRange m_extent;
    TimeRange m_alignedExtent;
};

} // namespace lanescope
