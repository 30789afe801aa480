#pragma once

#include <QHash>
#include <QString>
#include <QStringList>
#include <cstdint>
#include <string_view>

namespace lanescope {

// Interns the few distinct names a capture repeats millions of times (phase kinds, trace slice
// names) so slices store a 32-bit index instead of a string.
class StringTable
{
public:
    std::uint32_t intern(const QString &s)
    {
        auto it = m_index.constFind(s);
        if (it != m_index.cend())
            return *it;
        const auto id = std::uint32_t(m_strings.size());
        m_strings.append(s);
        m_index.insert(s, id);
        return id;
    }
    std::uint32_t intern(std::string_view utf8)
    {
        return intern(QString::fromUtf8(utf8.data(), qsizetype(utf8.size())));
    }
    const QString &at(std::uint32_t id) const { return m_strings.at(qsizetype(id)); }
    // Index of `s`, or -1 when it was never interned.
    std::int64_t find(const QString &s) const
    {
        const auto it = m_index.constFind(s);
        return it == m_index.cend() ? -1 : std::int64_t(*it);
    }
    qsizetype size() const { return m_strings.size(); }
    // Heap bytes held: each string once (the index shares their data) and the index's entries.
    std::size_t memoryBytes() const
    {
        std::size_t bytes = std::size_t(m_strings.capacity()) * sizeof(QString);
        for (const QString &s : m_strings)
            bytes += std::size_t(s.capacity() + 1) * sizeof(QChar) + 16;
        return bytes + std::size_t(m_index.capacity()) * (sizeof(QString) + sizeof(std::uint32_t) + 8);
    }

private:
    QStringList m_strings;
    QHash<QString, std::uint32_t> m_index;
};

} // namespace lanescope
