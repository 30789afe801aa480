#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace lanescope {

// Maps UTF-8 byte strings to dense ids without allocating on a hit, so a reader can recognise a
// name it has seen before straight from the parser's buffer. Id 0 is always the empty string.
class Utf8Interner
{
public:
    Utf8Interner() { intern(std::string_view()); }

    std::uint32_t intern(std::string_view text)
    {
        auto it = m_ids.find(text);
        if (it != m_ids.end())
            return it->second;
        const auto id = std::uint32_t(m_texts.size());
        auto inserted = m_ids.emplace(std::string(text), id).first;
        // Nodes of an unordered_map never move, so the key can be referenced for the map's lifetime.
        m_texts.push_back(&inserted->first);
        return id;
    }

    std::string_view text(std::uint32_t id) const
    {
        return id < m_texts.size() ? std::string_view(*m_texts[id]) : std::string_view();
    }
    std::size_t size() const { return m_texts.size(); }

private:
    struct Hash
    {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };

    std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> m_ids;
    std::vector<const std::string *> m_texts;
};

} // namespace lanescope
