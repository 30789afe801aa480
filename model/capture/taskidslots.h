#pragma once

#include "cancelpoint.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace lanescope {

// Dense numbers for the task ids of one capture. A task id is (ring << 32) | local id, and each ring
// counts its local ids up from where it starts, so the ids a capture uses fill a few short ranges.
// A slot numbers every id of those ranges in ascending id order: an array indexed by slot then
// takes the place of a sort or a search by id, at ten million ids the difference between a pass
// over memory and seconds. Ids that are not dense (a damaged file, a hand-written fixture) get no
// slots, and the caller sorts or searches instead.
class TaskIdSlots
{
public:
    static constexpr std::size_t kMaxRings = 64;

    // Slots for the ids idOf(0) .. idOf(n - 1), called once each in that order; none (empty())
    // when they use more than kMaxRings rings or need more than slotsPerId * n + 4096 slots.
    template <typename IdOf> static TaskIdSlots of(std::size_t n, IdOf &&idOf, std::size_t slotsPerId)
    {
        TaskIdSlots idSlots;
        std::vector<Ring> &rings = idSlots.m_rings;
        CancelPoints cancelPoints;
        std::size_t last = 0; // ids of one ring often follow each other
        for (std::size_t i = 0; i < n; ++i) {
            cancelPoints.tick();
            const std::uint64_t id = idOf(i);
            const std::uint32_t ring = std::uint32_t(id >> 32), local = std::uint32_t(id);
            if (last >= rings.size() || rings[last].ring != ring) {
                last = idSlots.ringAt(ring);
                if (last == rings.size() || rings[last].ring != ring) {
                    if (rings.size() == kMaxRings)
                        return {};
                    rings.insert(rings.begin() + std::ptrdiff_t(last), Ring{ring, local, local});
                }
            }
            Ring &r = rings[last];
            r.lowestLocal = std::min(r.lowestLocal, local);
            r.highestLocal = std::max(r.highestLocal, local);
        }
        std::uint64_t count = 0;
        for (Ring &r : rings) {
            r.firstSlot = count;
            count += std::uint64_t(r.highestLocal - r.lowestLocal) + 1;
        }
        if (count > std::uint64_t(n) * slotsPerId + 4096)
            return {};
        idSlots.m_count = std::size_t(count);
        return idSlots;
    }

    bool empty() const { return m_rings.empty(); }
    std::size_t count() const { return m_count; }

    // The slot of an id that was among those the slots were made for. `hint` (start it at 0) keeps
    // the ring of the last id asked, which the next one usually shares.
    std::size_t slotOf(std::uint64_t id, std::size_t &hint) const
    {
        const std::uint32_t ring = std::uint32_t(id >> 32);
        if (m_rings[hint].ring != ring)
            hint = ringAt(ring);
        const Ring &r = m_rings[hint];
        return std::size_t(r.firstSlot + (std::uint32_t(id) - r.lowestLocal));
    }

    // Calls visit(slot, id) for every slot, ascending.
    template <typename Visit> void forEachSlot(Visit &&visit) const
    {
        CancelPoints cancelPoints;
        for (const Ring &r : m_rings)
            for (std::uint64_t local = r.lowestLocal; local <= r.highestLocal; ++local) {
                cancelPoints.tick();
                visit(std::size_t(r.firstSlot + (local - r.lowestLocal)),
                      (std::uint64_t(r.ring) << 32) | local);
            }
    }

private:
    struct Ring
    {
        std::uint32_t ring;
        std::uint32_t lowestLocal;
        std::uint32_t highestLocal;
        std::uint64_t firstSlot = 0; // of the lowest local id; rings ascending
    };

    std::size_t ringAt(std::uint32_t ring) const
    {
        return std::size_t(std::lower_bound(m_rings.begin(), m_rings.end(), ring,
                                            [](const Ring &r, std::uint32_t v) { return r.ring < v; }) -
                           m_rings.begin());
    }

    std::vector<Ring> m_rings; // ascending by ring
    std::size_t m_count = 0;
};

} // namespace lanescope
