#pragma once

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

namespace lanescope {

// Where each of n rows goes when they are put in task order (§3.3 step 5): by task id, then by a
// tie value that no two rows share. Returns `from`: from[k] is the row placed k-th.
//
// A task id is (ring << 32) | local id, and each ring counts its local ids up from where it starts,
// so the ids of a capture are dense within each ring. A counting sort over (ring, local id) then
// places the rows with sequential passes and one pass of scattered writes, where a comparison sort
// of ten million keys takes seconds. Ids that are not dense (a damaged file, a hand-written
// fixture, more than kMaxRings rings) are sorted by comparison instead; both give the same order.
//
// taskIdOf(i) and tieOf(i) are called for i = 0 .. n-1 in order, a few times each.
template <typename TaskIdOf, typename TieOf>
std::vector<std::uint32_t> taskOrder(std::size_t n, TaskIdOf taskIdOf, TieOf tieOf);

namespace taskorder_detail {

constexpr std::size_t kMaxRings = 64;
// Slots for local ids that no row uses cost 4 bytes each: allow up to this many per row.
constexpr std::size_t kMaxSlotsPerRow = 2;

struct Ring
{
    std::uint32_t ring;
    std::uint32_t lowestLocal;
    std::uint32_t highestLocal;
    std::uint64_t firstSlot = 0; // of this ring's lowest local id, rings ascending
};

// The rings the ids use with their span of local ids, ascending by ring; empty when the ids are not
// dense enough for slots (too many rings, or far more slots than rows).
template <typename TaskIdOf> std::vector<Ring> denseRings(std::size_t n, TaskIdOf &taskIdOf)
{
    std::vector<Ring> rings;
    CancelPoints cancelPoints;
    std::size_t last = 0; // rows of one ring often follow each other
    for (std::size_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        const std::uint64_t id = taskIdOf(i);
        const std::uint32_t ring = std::uint32_t(id >> 32), local = std::uint32_t(id);
        if (last >= rings.size() || rings[last].ring != ring) {
            const auto at = std::lower_bound(rings.begin(), rings.end(), ring,
                                             [](const Ring &r, std::uint32_t v) { return r.ring < v; });
            last = std::size_t(at - rings.begin());
            if (at == rings.end() || at->ring != ring) {
                if (rings.size() == kMaxRings)
                    return {};
                rings.insert(at, Ring{ring, local, local});
            }
        }
        Ring &r = rings[last];
        r.lowestLocal = std::min(r.lowestLocal, local);
        r.highestLocal = std::max(r.highestLocal, local);
    }
    std::uint64_t slotCount = 0;
    for (Ring &r : rings) {
        r.firstSlot = slotCount;
        slotCount += std::uint64_t(r.highestLocal - r.lowestLocal) + 1;
    }
    if (slotCount > std::uint64_t(n) * kMaxSlotsPerRow + 4096)
        return {};
    return rings;
}

// The slot of a task id: slots ascend as the ids do.
class SlotOf
{
public:
    explicit SlotOf(const std::vector<Ring> &rings) : m_rings(rings) {}
    std::size_t slotCount() const
    {
        const Ring &r = m_rings.back();
        return std::size_t(r.firstSlot + (r.highestLocal - r.lowestLocal) + 1);
    }
    std::size_t operator()(std::uint64_t id)
    {
        const std::uint32_t ring = std::uint32_t(id >> 32);
        if (m_rings[m_last].ring != ring)
            m_last = std::size_t(std::lower_bound(m_rings.begin(), m_rings.end(), ring,
                                                  [](const Ring &r, std::uint32_t v) { return r.ring < v; }) -
                                 m_rings.begin());
        const Ring &r = m_rings[m_last];
        return std::size_t(r.firstSlot + (std::uint32_t(id) - r.lowestLocal));
    }

private:
    const std::vector<Ring> &m_rings;
    std::size_t m_last = 0;
};

template <typename TaskIdOf, typename TieOf>
std::vector<std::uint32_t> countingOrder(std::size_t n, TaskIdOf &taskIdOf, TieOf &tieOf,
                                         const std::vector<Ring> &rings)
{
    SlotOf slotOf(rings);
    CancelPoints cancelPoints;
    // next[s]: where the next row of slot s goes.
    std::vector<std::uint32_t> next(slotOf.slotCount() + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        ++next[slotOf(taskIdOf(i)) + 1];
    }
    for (std::size_t s = 1; s < next.size(); ++s)
        next[s] += next[s - 1];
    std::vector<std::pair<std::uint32_t, std::uint32_t>> placed(n); // (tie, row)
    for (std::size_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        placed[next[slotOf(taskIdOf(i))]++] = {tieOf(i), std::uint32_t(i)};
    }
    // Rows of one task (its blocks, a mixed task's cores) share a slot: they follow their ties.
    std::uint32_t start = 0;
    for (std::size_t s = 0; s + 1 < next.size(); ++s) {
        cancelPoints.tick();
        const std::uint32_t end = next[s];
        if (end - start > 1)
            cancellableSort(placed.begin() + start, placed.begin() + end);
        start = end;
    }
    std::vector<std::uint32_t>().swap(next);
    std::vector<std::uint32_t> from(n);
    for (std::size_t k = 0; k < n; ++k)
        from[k] = placed[k].second;
    return from;
}

template <typename TaskIdOf, typename TieOf>
std::vector<std::uint32_t> comparisonOrder(std::size_t n, TaskIdOf &taskIdOf, TieOf &tieOf)
{
    struct Key
    {
        std::uint64_t taskId;
        std::uint32_t tie;
        std::uint32_t row;
        bool operator<(const Key &o) const { return std::tie(taskId, tie) < std::tie(o.taskId, o.tie); }
    };
    std::vector<Key> keys(n);
    CancelPoints cancelPoints;
    for (std::size_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        keys[i] = {taskIdOf(i), tieOf(i), std::uint32_t(i)};
    }
    if (!std::is_sorted(keys.begin(), keys.end()))
        cancellableSort(keys.begin(), keys.end());
    std::vector<std::uint32_t> from(n);
    for (std::size_t k = 0; k < n; ++k)
        from[k] = keys[k].row;
    return from;
}

} // namespace taskorder_detail

template <typename TaskIdOf, typename TieOf>
std::vector<std::uint32_t> taskOrder(std::size_t n, TaskIdOf taskIdOf, TieOf tieOf)
{
    if (n == 0)
        return {};
    const auto rings = taskorder_detail::denseRings(n, taskIdOf);
    return rings.empty() ? taskorder_detail::comparisonOrder(n, taskIdOf, tieOf)
                         : taskorder_detail::countingOrder(n, taskIdOf, tieOf, rings);
}

} // namespace lanescope
