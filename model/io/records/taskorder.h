#pragma once

#include "model/capture/cancelpoint.h"
#include "model/capture/taskidslots.h"

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <vector>

namespace lanescope {

// Where each of n rows goes when they are put in task order (§3.3 step 5): by task id, then by a
// tie value that no two rows share. Returns `from`: from[k] is the row placed k-th.
//
// The ids of a capture are dense within each ring (taskidslots.h), so a counting sort over their
// slots places the rows with sequential passes and one pass of scattered writes, where a
// comparison sort of ten million keys takes seconds. Ids without slots are sorted by comparison
// instead; both give the same order.
//
// taskIdOf(i) and tieOf(i) are called for i = 0 .. n-1 in order, a few times each.
template <typename TaskIdOf, typename TieOf>
std::vector<std::uint32_t> taskOrder(std::size_t n, TaskIdOf taskIdOf, TieOf tieOf);

namespace taskorder_detail {

// Slots for task ids that no row uses cost 4 bytes each: up to this many per row.
constexpr std::size_t kSlotsPerRow = 2;

template <typename TaskIdOf, typename TieOf>
std::vector<std::uint32_t> countingOrder(std::size_t n, TaskIdOf &taskIdOf, TieOf &tieOf,
                                         const TaskIdSlots &idSlots)
{
    CancelPoints cancelPoints;
    std::size_t hint = 0;
    // next[s]: where the next row of slot s goes.
    std::vector<std::uint32_t> next;
    assignHearingCancel(next, idSlots.count() + 1);
    for (std::size_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        ++next[idSlots.slotOf(taskIdOf(i), hint) + 1];
    }
    for (std::size_t s = 1; s < next.size(); ++s) {
        cancelPoints.tick();
        next[s] += next[s - 1];
    }
    std::vector<std::pair<std::uint32_t, std::uint32_t>> placed; // (tie, row)
    assignHearingCancel(placed, n);
    for (std::size_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        placed[next[idSlots.slotOf(taskIdOf(i), hint)]++] = {tieOf(i), std::uint32_t(i)};
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
    std::vector<std::uint32_t> from;
    from.reserve(n);
    for (const auto &p : placed) {
        cancelPoints.tick();
        from.push_back(p.second);
    }
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
    std::vector<Key> keys;
    keys.reserve(n);
    CancelPoints cancelPoints;
    for (std::size_t i = 0; i < n; ++i) {
        cancelPoints.tick();
        keys.push_back({taskIdOf(i), tieOf(i), std::uint32_t(i)});
    }
    if (!std::is_sorted(keys.begin(), keys.end()))
        cancellableSort(keys.begin(), keys.end());
    std::vector<std::uint32_t> from;
    from.reserve(n);
    for (const Key &k : keys) {
        cancelPoints.tick();
        from.push_back(k.row);
    }
    return from;
}

} // namespace taskorder_detail

template <typename TaskIdOf, typename TieOf>
std::vector<std::uint32_t> taskOrder(std::size_t n, TaskIdOf taskIdOf, TieOf tieOf)
{
    if (n == 0)
        return {};
    const TaskIdSlots idSlots = TaskIdSlots::of(n, taskIdOf, taskorder_detail::kSlotsPerRow);
    return idSlots.empty() ? taskorder_detail::comparisonOrder(n, taskIdOf, tieOf)
                           : taskorder_detail::countingOrder(n, taskIdOf, tieOf, idSlots);
}

} // namespace lanescope
