#pragma once

#include "model/capture/cancelpoint.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace lanescope {

// Values keyed by a task's 32-bit local id within its ring, walked in id order. A ring's local ids
// count up through a run, so one slot per id from the smallest to the largest is all they take, with
// no hashing and no node per task (ten million rows hold three million tasks). Ids spread more
// thinly than that (a damaged or crafted capture) are kept as a sorted list of the ids present and
// found by binary search instead, so that no id makes the table larger than the input.
// The ids a LocalIdTable is made for, seen one by one (repeats allowed).
struct LocalIdRange
{
    std::uint32_t low = UINT32_MAX;
    std::uint32_t high = 0;
    std::size_t visits = 0;

    void add(std::uint32_t id)
    {
        low = std::min(low, id);
        high = std::max(high, id);
        ++visits;
    }
};

template <class T> class LocalIdTable
{
public:
    LocalIdTable() = default;

    // A table for the ids of `range`; when they are too sparse for a slot each, `forEachId(visit)`
    // passes them to `visit` once more (the same ids, repeats allowed), to list them.
    template <class ForEachId> LocalIdTable(const LocalIdRange &range, ForEachId forEachId)
    {
        if (range.visits == 0)
            return;
        const std::uint64_t span = std::uint64_t(range.high) - range.low + 1;
        if (span <= 2 * std::uint64_t(range.visits) + kDenseSlack) {
            m_base = range.low;
            m_slots.resize(std::size_t(span));
        } else {
            m_ids.reserve(range.visits);
            forEachId([this](std::uint32_t id) { m_ids.push_back(id); });
            cancellableSort(m_ids.begin(), m_ids.end());
            m_ids.erase(std::unique(m_ids.begin(), m_ids.end()), m_ids.end());
            m_slots.resize(m_ids.size());
        }
        m_present.assign(m_slots.size(), 0);
    }

    // Whether the ids have a slot each (no search).
    bool dense() const { return m_ids.empty(); }

    // The value of `id`, which the table was made for; from now on it counts as present.
    T &at(std::uint32_t id)
    {
        const std::size_t slot = slotOf(id);
        if (!m_present[slot]) {
            m_present[slot] = 1;
            ++m_size;
        }
        return m_slots[slot];
    }

    // The value of `id`, or null when it is not present.
    const T *find(std::uint32_t id) const
    {
        const std::size_t slot = slotOf(id);
        return slot < m_slots.size() && m_present[slot] ? &m_slots[slot] : nullptr;
    }

    std::size_t size() const { return m_size; }

    // Calls f(id, value) for every present id, in id order.
    template <class F> void forEach(F f) const
    {
        for (std::size_t slot = 0; slot < m_slots.size(); ++slot)
            if (m_present[slot])
                f(idOf(slot), m_slots[slot]);
    }

private:
    // Ids left unused between the smallest and the largest that still take a slot each: enough for a
    // small capture's scattered ids, a small part of a large one.
    static constexpr std::uint64_t kDenseSlack = 65536;

    // m_slots.size() when the table was not made for `id`.
    std::size_t slotOf(std::uint32_t id) const
    {
        if (dense())
            return id >= m_base && id - m_base < m_slots.size() ? std::size_t(id - m_base) : m_slots.size();
        const auto it = std::lower_bound(m_ids.begin(), m_ids.end(), id);
        return it != m_ids.end() && *it == id ? std::size_t(it - m_ids.begin()) : m_slots.size();
    }
    std::uint32_t idOf(std::size_t slot) const
    {
        return dense() ? m_base + std::uint32_t(slot) : m_ids[slot];
    }

    std::uint32_t m_base = 0;
    std::vector<std::uint32_t> m_ids; // sorted, when the ids are too sparse for a slot each
    std::vector<T> m_slots;
    std::vector<std::uint8_t> m_present;
    std::size_t m_size = 0;
};

} // namespace lanescope
