#pragma once

#include "model/capture/stringtable.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace lanescope {

// Interns phase kind names (scheduler kinds of spec §2.7 and §11, orchestrator phase names of §10,
// host upload phases of §2.9) into a capture's StringTable. Lookups of the few distinct names a
// file repeats millions of times go through a small cache, so a record never creates a QString.
// Names outside the documented vocabulary are kept by name and remembered once each.
class PhaseKindTable
{
public:
    explicit PhaseKindTable(StringTable &table) : m_table(table) {}

    std::uint16_t intern(std::string_view name);
    // Unknown names in first-seen order.
    const std::vector<std::string> &unknownKinds() const { return m_unknown; }
    // Distinct names beyond kMaxKinds were folded into "unknown".
    std::uint64_t overflowCount() const { return m_overflow; }
    // Distinct names interned so far, and each with its index, in first-seen order and as read.
    std::size_t size() const { return m_cache.size(); }
    const std::vector<std::pair<std::string, std::uint16_t>> &names() const { return m_cache; }

    static bool isKnown(std::string_view name);
    static constexpr std::size_t kMaxKinds = 1024;

private:
    StringTable &m_table;
    std::vector<std::pair<std::string, std::uint16_t>> m_cache;
    std::vector<std::string> m_unknown;
    std::uint64_t m_overflow = 0;
};

} // namespace lanescope
