#include "scopestatsreader.h"

#include <QFileInfo>
#include <QHash>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <limits>
#include <unordered_map>
#include <vector>

namespace lanescope {

namespace {

using Json = nlohmann::json;

constexpr std::int64_t kChunk = 1 << 20;

// Integers as the writer prints them; a value of another type counts as absent.
bool intField(const Json &object, const char *key, std::int64_t &out)
{
    const auto it = object.find(key);
    if (it == object.end())
        return false;
    if (it->is_number_unsigned()) {
        out = std::int64_t(it->get<std::uint64_t>());
        return true;
    }
    if (it->is_number_integer()) {
        out = it->get<std::int64_t>();
        return true;
    }
    return false;
}

bool uintField(const Json &object, const char *key, std::uint64_t &out)
{
    const auto it = object.find(key);
    if (it == object.end())
        return false;
    if (it->is_number_unsigned()) {
        out = it->get<std::uint64_t>();
        return true;
    }
    if (it->is_number_integer()) {
        out = std::uint64_t(it->get<std::int64_t>());
        return true;
    }
    return false;
}

template <typename T, std::size_t N>
void readArray(const Json &object, const char *key, std::array<T, N> &out, bool *present = nullptr)
{
    const auto it = object.find(key);
    if (present)
        *present = it != object.end() && it->is_array();
    if (it == object.end() || !it->is_array())
        return;
    // The writer emits 4 entries; the documentation's example shows fewer.
    for (std::size_t i = 0; i < N && i < it->size(); ++i) {
        const Json &v = (*it)[i];
        if (v.is_number_unsigned())
            out[i] = T(v.get<std::uint64_t>());
        else if (v.is_number_integer())
            out[i] = T(v.get<std::int64_t>());
    }
}

class ScopeStatsParser
{
public:
    ScopeStatsParser(ScopeStats &stats, QStringList &warnings, QString file)
        : m_stats(stats), m_warnings(warnings), m_file(std::move(file))
    {
    }

    // `last`: the line has no terminating newline. Returns false with `error` set when the first
    // line shows this is not scope stats.
    bool line(const char *text, std::size_t size, std::int32_t lineNo, bool last, ReadError &error)
    {
        while (size > 0 && (text[size - 1] == '\r' || text[size - 1] == ' ' || text[size - 1] == '\t'))
            --size;
        std::size_t start = 0;
        while (start < size && (text[start] == ' ' || text[start] == '\t'))
            ++start;
        if (start == size)
            return true;
        Json object = Json::parse(text + start, text + size, nullptr, false);
        const bool first = !m_sawFirstLine;
        m_sawFirstLine = true;
        if (object.is_discarded() || !object.is_object()) {
            if (first) {
                error.message =
                    last ? QStringLiteral("line %1 is truncated: no complete metadata line").arg(lineNo)
                         : QStringLiteral("not scope stats: line %1 is not a JSON object").arg(lineNo);
                error.line = lineNo;
                return false;
            }
            if (last) {
                m_partialLastLine = lineNo;
            } else if (m_badLines++ == 0) {
                m_firstBadLine = lineNo;
            }
            ++m_sampleLines; // a damaged sample still counts against the metadata total
            return true;
        }
        if (first) {
            if (object.contains("version"))
                return metadata(object), true;
            if (!object.contains("site") && !object.contains("phase")) {
                error.message =
                    QStringLiteral("not scope stats: line %1 has neither \"version\" nor \"site\"")
                        .arg(lineNo);
                error.line = lineNo;
                return false;
            }
            m_warnings.append(
                QStringLiteral("%1: line %2 is a sample, not the metadata line; capacities are unknown")
                    .arg(m_file)
                    .arg(lineNo));
        }
        ++m_sampleLines;
        sample(object, lineNo);
        return true;
    }

    void finish()
    {
        if (m_badLines > 0)
            m_warnings.append(
                QStringLiteral("%1: %2 lines are not valid JSON objects and were skipped (first: line %3)")
                    .arg(m_file)
                    .arg(m_badLines)
                    .arg(m_firstBadLine));
        if (m_partialLastLine > 0)
            m_warnings.append(QStringLiteral("%1: partial last line %2 skipped (the writer was interrupted)")
                                  .arg(m_file)
                                  .arg(m_partialLastLine));
        if (m_badRing > 0)
            m_warnings.append(
                QStringLiteral("%1: %2 samples with a ring outside 0..3 were skipped (first: line %3)")
                    .arg(m_file)
                    .arg(m_badRing)
                    .arg(m_firstBadRing));
        if (m_incomplete > 0)
            m_warnings.append(
                QStringLiteral("%1: %2 samples without a begin/end phase or a ring were skipped "
                               "(first: line %3)")
                    .arg(m_file)
                    .arg(m_incomplete)
                    .arg(m_firstIncomplete));
        if (m_unmatchedEnds > 0)
            m_warnings.append(
                QStringLiteral("%1: %2 end samples have no pending begin of the same ring and site "
                               "(first: line %3)")
                    .arg(m_file)
                    .arg(m_unmatchedEnds)
                    .arg(m_firstUnmatchedEnd));
        if (m_hasMetadata && m_hasTotal) {
            const auto expected = m_stats.total >= m_stats.dropped ? m_stats.total - m_stats.dropped : 0;
            if (expected != m_sampleLines)
                m_warnings.append(
                    QStringLiteral("%1: the metadata counts %2 collected samples (total %3 - dropped %4) "
                                   "but the file holds %5 sample lines")
                        .arg(m_file)
                        .arg(expected)
                        .arg(m_stats.total)
                        .arg(m_stats.dropped)
                        .arg(m_sampleLines));
        }
    }

    bool sawAnything() const { return m_sawFirstLine; }

private:
    void metadata(const Json &object)
    {
        m_hasMetadata = true;
        std::int64_t version = 0;
        intField(object, "version", version);
        m_stats.version = int(std::clamp<std::int64_t>(version, -1, 1000));
        if (const auto it = object.find("fatal"); it != object.end() && it->is_boolean())
            m_stats.fatal = it->get<bool>();
        uintField(object, "dropped", m_stats.dropped);
        m_hasTotal = uintField(object, "total", m_stats.total);
        readArray(object, "task_window_max", m_stats.taskWindowMax);
        readArray(object, "heap_max", m_stats.heapMax);
        readArray(object, "dep_pool_max", m_stats.depPoolMax, &m_stats.hasDepPoolMax);
        intField(object, "tensormap_max", m_stats.tensormapMax);

        if (m_stats.version < 4 || m_stats.version > 6)
            m_warnings.append(
                QStringLiteral("%1: unknown schema version %2 (4, 5 and 6 are known); read as version 6")
                    .arg(m_file)
                    .arg(m_stats.version));
        if (m_stats.version == 4 || m_stats.version == 5)
            m_warnings.append(
                QStringLiteral("%1: schema v%2 heap fields are ring offsets that wrap; a negative heap "
                               "delta is corrected by adding heap_max of its ring")
                    .arg(m_file)
                    .arg(m_stats.version));
        if (m_stats.fatal)
            m_warnings.append(
                QStringLiteral("%1: the device latched a fatal error; samples after it are diagnostic "
                               "only")
                    .arg(m_file));
        if (m_stats.dropped > 0)
            m_warnings.append(QStringLiteral("%1: %2 of %3 samples were dropped on the device")
                                  .arg(m_file)
                                  .arg(m_stats.dropped)
                                  .arg(m_stats.total));
    }

    void sample(const Json &object, std::int32_t lineNo)
    {
        ScopeSample s;
        s.line = lineNo;
        const auto phase = object.find("phase");
        const bool phaseOk =
            phase != object.end() && phase->is_string() && (*phase == "begin" || *phase == "end");
        std::int64_t depth = 0;
        const bool hasDepth = intField(object, "depth", depth);
        std::int64_t ring = -1;
        bool hasRing = intField(object, "ring", ring);
        if (!hasRing && hasDepth) {
            ring = std::min<std::int64_t>(depth, 3); // ring = min(depth, 3) by construction
            hasRing = true;
        }
        if (!phaseOk || !hasRing) {
            if (m_incomplete++ == 0)
                m_firstIncomplete = lineNo;
            return;
        }
        if (ring < 0 || ring > 3) {
            if (m_badRing++ == 0)
                m_firstBadRing = lineNo;
            return;
        }
        s.begin = *phase == "begin";
        s.ring = std::int8_t(ring);
        s.depth = std::int16_t(std::clamp<std::int64_t>(depth, std::numeric_limits<std::int16_t>::min(),
                                                        std::numeric_limits<std::int16_t>::max()));
        intField(object, "task_window_start", s.taskWindowStart);
        intField(object, "task_window_end", s.taskWindowEnd);
        uintField(object, "heap_start", s.heapStart);
        uintField(object, "heap_end", s.heapEnd);
        const bool depStart = intField(object, "dep_pool_start", s.depPoolStart);
        const bool depEnd = intField(object, "dep_pool_end", s.depPoolEnd);
        s.hasDepPool = depStart || depEnd;
        intField(object, "tensormap", s.tensormap);

        const auto site = object.find("site");
        const QString siteName = (site != object.end() && site->is_string())
                                     ? QString::fromStdString(site->get<std::string>())
                                     : QString();
        auto known = m_siteIndex.constFind(siteName);
        if (known == m_siteIndex.cend()) {
            known = m_siteIndex.insert(siteName, std::int32_t(m_stats.sites.size()));
            m_stats.sites.append(siteName);
        }
        s.site = *known;

        // Same pairing as the reference plot: per (ring, site), a LIFO of pending begins.
        int &pending = m_pendingBegins[(std::uint64_t(std::uint8_t(s.ring)) << 32) | std::uint32_t(s.site)];
        if (s.begin) {
            ++pending;
        } else if (pending > 0) {
            --pending;
        } else if (m_unmatchedEnds++ == 0) {
            m_firstUnmatchedEnd = lineNo;
        }
        m_stats.samples.push_back(s);
    }

    ScopeStats &m_stats;
    QStringList &m_warnings;
    QString m_file;
    QHash<QString, std::int32_t> m_siteIndex;
    std::unordered_map<std::uint64_t, int> m_pendingBegins;
    bool m_sawFirstLine = false;
    bool m_hasMetadata = false;
    bool m_hasTotal = false;
    std::uint64_t m_sampleLines = 0;
    std::int64_t m_badLines = 0, m_badRing = 0, m_incomplete = 0, m_unmatchedEnds = 0;
    std::int32_t m_firstBadLine = 0, m_firstBadRing = 0, m_firstIncomplete = 0, m_firstUnmatchedEnd = 0;
    std::int32_t m_partialLastLine = 0;
};

} // namespace

bool readScopeStats(ByteSource &source, ScopeStats &stats, QStringList &warnings, ReadError *error)
{
    const QString file = QFileInfo(source.path()).fileName();
    ScopeStats result;
    QStringList found;
    ScopeStatsParser parser(result, found, file);
    ReadError failure{source.path(), -1, -1, {}};

    std::vector<char> buffer;
    std::size_t begin = 0; // first byte of the current line
    std::int32_t lineNo = 1;
    bool eof = false;
    while (!eof) {
        // Drop consumed lines, then append a chunk.
        buffer.erase(buffer.begin(), buffer.begin() + std::ptrdiff_t(begin));
        begin = 0;
        const std::size_t kept = buffer.size();
        buffer.resize(kept + std::size_t(kChunk));
        const auto n = source.read(buffer.data() + kept, kChunk);
        if (n < 0) {
            if (error)
                *error = {source.path(), source.rawPosition(), -1, source.error()};
            return false;
        }
        buffer.resize(kept + std::size_t(n));
        eof = n == 0;
        for (;;) {
            const char *lineStart = buffer.data() + begin;
            const auto *newline =
                static_cast<const char *>(std::memchr(lineStart, '\n', buffer.size() - begin));
            if (!newline && !(eof && begin < buffer.size()))
                break;
            const std::size_t size = newline ? std::size_t(newline - lineStart) : buffer.size() - begin;
            // Every complete line ends in '\n'; a line without one is what an interrupted writer left.
            const bool last = !newline;
            if (!parser.line(lineStart, size, lineNo, last, failure)) {
                if (error)
                    *error = failure;
                return false;
            }
            begin += size + (newline ? 1 : 0);
            ++lineNo;
            if (!newline)
                break;
        }
    }
    if (!parser.sawAnything()) {
        if (error)
            *error = {source.path(), 0, -1, QStringLiteral("empty file, expected scope stats lines")};
        return false;
    }
    parser.finish();
    stats = std::move(result);
    warnings.append(found);
    return true;
}

} // namespace lanescope
