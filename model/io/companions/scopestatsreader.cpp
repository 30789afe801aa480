#include "scopestatsreader.h"

#include "scopebufferorder.h"

#include <QFileInfo>
#include <QHash>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <limits>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace lanescope {

namespace {

using Json = nlohmann::json;

constexpr std::int64_t kStatsChunk = 1 << 20;

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

// A field that must hold a non-negative integer no larger than `max`.
enum class Strict : std::uint8_t { Absent, Valid, Invalid };

Strict strictUintField(const Json &object, const char *key, std::uint64_t max, std::uint64_t &out)
{
    const auto it = object.find(key);
    if (it == object.end())
        return Strict::Absent;
    std::uint64_t v = 0;
    if (it->is_number_unsigned())
        v = it->get<std::uint64_t>();
    else if (it->is_number_integer() && it->get<std::int64_t>() >= 0)
        v = std::uint64_t(it->get<std::int64_t>());
    else
        return Strict::Invalid;
    if (v > max)
        return Strict::Invalid;
    out = v;
    return Strict::Valid;
}

// Keys that only the metadata line carries (spec §8.1; supplement §9.1, §9.2). The current writer
// has no "version", so the line is recognised by any of them.
constexpr const char *kMetadataKeys[] = {"version",
                                         "fatal",
                                         "dropped",
                                         "total",
                                         "task_window_max",
                                         "heap_max",
                                         "dep_pool_max",
                                         "tensormap_max",
                                         "collection_verdict",
                                         "counts_unknown",
                                         "host_received_records",
                                         "host_retained_records"};

bool isMetadataLine(const Json &object)
{
    if (object.contains("version"))
        return true;
    if (object.contains("site") || object.contains("phase"))
        return false;
    return std::any_of(std::begin(kMetadataKeys), std::end(kMetadataKeys),
                       [&](const char *key) { return object.contains(key); });
}

QString runName(std::uint64_t runKey)
{
    return runKey > std::numeric_limits<std::uint32_t>::max()
               ? QStringLiteral("the samples without run_epoch")
               : QStringLiteral("run_epoch %1").arg(runKey);
}

// Per-run messages beyond this many are summed up in one line, so hostile input cannot flood the list.
constexpr int kRunMessages = 8;

class ScopeStatsParser
{
public:
    ScopeStatsParser(ScopeStats &stats, QStringList &warnings, QString path)
        : m_stats(stats), m_warnings(warnings), m_file(QFileInfo(path).fileName()), m_path(std::move(path))
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
            if (isMetadataLine(object))
                return metadata(object), true;
            if (!object.contains("site") && !object.contains("phase")) {
                error.message = QStringLiteral("not scope stats: line %1 has neither a metadata key "
                                               "(\"version\", \"total\", …) nor \"site\"")
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
        if (m_badEpoch > 0)
            m_warnings.append(
                QStringLiteral("%1: %2 samples have a run_epoch that is not an integer in 0..%3 "
                               "and were read without a run (first: line %4)")
                    .arg(m_file)
                    .arg(m_badEpoch)
                    .arg(std::numeric_limits<std::uint32_t>::max())
                    .arg(m_firstBadEpoch));
        if (m_badBufSeq > 0)
            m_warnings.append(
                QStringLiteral("%1: %2 samples have a buf_seq that is not a non-negative integer; "
                               "it is not used for their order or for losses (first: line %3)")
                    .arg(m_file)
                    .arg(m_badBufSeq)
                    .arg(m_firstBadBufSeq));
        orderBuffersAndFindGaps();
        countUnmatchedEnds();
        checkSampleCount();
    }

    bool sawAnything() const { return m_sawFirstLine; }
    // The first loss (dropped samples, lost buffers, a partial verdict): the data is partial.
    const std::optional<ReadError> &loss() const { return m_loss; }

private:
    // A loss is a warning and marks the data partial (the reader returns true with an error set).
    void lose(std::int32_t lineNo, const QString &message)
    {
        m_warnings.append(m_file + QStringLiteral(": ") + message);
        if (!m_loss)
            m_loss = ReadError{m_path, -1, lineNo, message};
    }

    void metadata(const Json &object)
    {
        m_stats.format = ScopeStatsFormat::Unversioned;
        if (object.contains("version")) {
            m_stats.format = ScopeStatsFormat::Versioned;
            std::int64_t version = 0;
            intField(object, "version", version);
            m_stats.version = int(std::clamp<std::int64_t>(version, -1, 1000));
        }
        if (const auto it = object.find("fatal"); it != object.end() && it->is_boolean())
            m_stats.fatal = it->get<bool>();
        uintField(object, "dropped", m_stats.dropped);
        m_hasTotal = uintField(object, "total", m_stats.total);
        readArray(object, "task_window_max", m_stats.taskWindowMax);
        readArray(object, "heap_max", m_stats.heapMax);
        readArray(object, "dep_pool_max", m_stats.depPoolMax, &m_stats.hasDepPoolMax);
        intField(object, "tensormap_max", m_stats.tensormapMax);
        backgroundKeys(object);

        const bool versioned = m_stats.format == ScopeStatsFormat::Versioned;
        if (versioned && (m_stats.version < 4 || m_stats.version > 6))
            m_warnings.append(
                QStringLiteral("%1: unknown schema version %2 (4, 5 and 6 are known); read as version 6")
                    .arg(m_file)
                    .arg(m_stats.version));
        if (versioned && (m_stats.version == 4 || m_stats.version == 5))
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
            lose(1, QStringLiteral("%1 of %2 samples were dropped on the device")
                        .arg(m_stats.dropped)
                        .arg(m_stats.total));
        verdictWarning();
    }

    // Retained ("background") runs append these to the metadata line (supplement §9.2).
    void backgroundKeys(const Json &object)
    {
        if (const auto it = object.find("collection_verdict"); it != object.end()) {
            m_stats.verdictText = it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                  : QString::fromStdString(it->dump());
            m_stats.verdict = !it->is_string()               ? CollectionVerdict::Unrecognised
                              : *it == "published"           ? CollectionVerdict::Published
                              : *it == "partial_safe"        ? CollectionVerdict::PartialSafe
                              : *it == "partial_cut_unknown" ? CollectionVerdict::PartialCutUnknown
                                                             : CollectionVerdict::Unrecognised;
            m_verdictIsString = it->is_string();
        }
        QStringList ignored; // present with a value of the wrong type
        if (const auto it = object.find("counts_unknown"); it != object.end()) {
            if (it->is_boolean())
                m_stats.countsUnknown = it->get<bool>();
            else
                ignored << QStringLiteral("counts_unknown (not a boolean)");
        }
        for (auto [key, slot] : {std::pair{"host_received_records", &m_stats.hostReceivedRecords},
                                 std::pair{"host_retained_records", &m_stats.hostRetainedRecords}}) {
            std::uint64_t v = 0;
            switch (strictUintField(object, key, std::numeric_limits<std::uint64_t>::max(), v)) {
            case Strict::Valid:
                *slot = v;
                break;
            case Strict::Invalid:
                ignored << QLatin1String(key) + QStringLiteral(" (not a non-negative integer)");
                break;
            case Strict::Absent:
                break;
            }
        }
        if (!ignored.isEmpty())
            m_warnings.append(
                QStringLiteral("%1: line 1: ignored %2").arg(m_file, ignored.join(QStringLiteral(", "))));
    }

    // The counters behind a verdict, as far as the line gives them.
    QString verdictCounters() const
    {
        QStringList parts;
        if (m_stats.countsUnknown.value_or(false))
            parts << QStringLiteral("counts unknown");
        if (m_stats.hostReceivedRecords)
            parts << QStringLiteral("host received %1").arg(*m_stats.hostReceivedRecords);
        if (m_stats.hostRetainedRecords)
            parts << QStringLiteral("host retained %1").arg(*m_stats.hostRetainedRecords);
        parts << QStringLiteral("dropped %1").arg(m_stats.dropped);
        if (m_hasTotal)
            parts << QStringLiteral("total %1").arg(m_stats.total);
        return parts.join(QStringLiteral(", "));
    }

    void verdictWarning()
    {
        switch (m_stats.verdict) {
        case CollectionVerdict::None:
        case CollectionVerdict::Published:
            return;
        case CollectionVerdict::PartialSafe:
            lose(1, QStringLiteral("collection verdict partial_safe: content incomplete (%1)")
                        .arg(verdictCounters()));
            return;
        case CollectionVerdict::PartialCutUnknown:
            lose(1, QStringLiteral("collection verdict partial_cut_unknown: completeness unknown (%1)")
                        .arg(verdictCounters()));
            return;
        case CollectionVerdict::Unrecognised:
            lose(1,
                 QStringLiteral("collection verdict %1: completeness unknown (%2)")
                     .arg(m_verdictIsString
                              ? QStringLiteral("\"%1\" is not published, partial_safe or partial_cut_unknown")
                                    .arg(m_stats.verdictText.left(64))
                              : QStringLiteral("is not a string (%1)").arg(m_stats.verdictText.left(64)),
                          verdictCounters()));
            return;
        }
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
        runIdentity(object, s, lineNo);

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
        m_stats.samples.push_back(s);
    }

    // run_epoch and buf_seq (supplement §9.3). A damaged value leaves the sample without it: an
    // epoch is never guessed, so such a sample pairs with no run.
    void runIdentity(const Json &object, ScopeSample &s, std::int32_t lineNo)
    {
        std::uint64_t v = 0;
        switch (strictUintField(object, "run_epoch", std::numeric_limits<std::uint32_t>::max(), v)) {
        case Strict::Valid:
            s.runEpoch = std::uint32_t(v);
            s.hasRunEpoch = true;
            break;
        case Strict::Invalid:
            if (m_badEpoch++ == 0)
                m_firstBadEpoch = lineNo;
            break;
        case Strict::Absent:
            break;
        }
        switch (strictUintField(object, "buf_seq", std::numeric_limits<std::uint64_t>::max(), v)) {
        case Strict::Valid:
            s.bufSeq = v;
            s.hasBufSeq = true;
            break;
        case Strict::Invalid:
            if (m_badBufSeq++ == 0)
                m_firstBadBufSeq = lineNo;
            break;
        case Strict::Absent:
            break;
        }
    }

    // Runs are read in buffer order; lost buffers are losses (see orderSamplesByBuffer).
    void orderBuffersAndFindGaps()
    {
        int reordered = 0, gapRuns = 0;
        std::uint64_t missingElsewhere = 0;
        for (const RunBufferOrder &run : orderSamplesByBuffer(m_stats.samples)) {
            if (run.reordered() && reordered++ < kRunMessages)
                m_warnings.append(
                    QStringLiteral("%1: %2 is not in buf_seq order (first out of order: line %3); "
                                   "its samples are read in buf_seq order")
                        .arg(m_file, runName(run.runKey))
                        .arg(run.firstOutOfOrder));
            if (run.gaps == 0)
                continue;
            if (gapRuns++ >= kRunMessages) {
                const auto max = std::numeric_limits<std::uint64_t>::max();
                missingElsewhere =
                    run.missingBuffers > max - missingElsewhere ? max : missingElsewhere + run.missingBuffers;
                continue;
            }
            const QString jump = QStringLiteral("buf_seq jumps from %1 to %2 at line %3")
                                     .arg(run.firstGapFrom)
                                     .arg(run.firstGapTo)
                                     .arg(run.firstGapLine);
            const QString where =
                run.gaps == 1 ? jump : QStringLiteral("%1 gaps; the first: %2").arg(run.gaps).arg(jump);
            lose(run.firstGapLine, QStringLiteral("%1: %2 buffers missing (%3)")
                                       .arg(runName(run.runKey))
                                       .arg(run.missingBuffers)
                                       .arg(where));
        }
        if (reordered > kRunMessages)
            m_warnings.append(QStringLiteral("%1: %2 more runs are not in buf_seq order")
                                  .arg(m_file)
                                  .arg(reordered - kRunMessages));
        if (gapRuns > kRunMessages)
            m_warnings.append(QStringLiteral("%1: %2 more runs have buf_seq gaps (%3 buffers missing)")
                                  .arg(m_file)
                                  .arg(gapRuns - kRunMessages)
                                  .arg(missingElsewhere));
    }

    // Same pairing as the reference plot, per (ring, site) with a LIFO of pending begins, but within
    // one run: a begin of one run_epoch never closes with an end of another (supplement §9.4).
    void countUnmatchedEnds()
    {
        std::map<std::tuple<std::uint64_t, int, std::int32_t>, int> pending;
        std::int64_t unmatched = 0;
        std::int32_t first = 0;
        for (const ScopeSample &s : m_stats.samples) {
            int &open = pending[{scopeRunKey(s), s.ring, s.site}];
            if (s.begin)
                ++open;
            else if (open > 0)
                --open;
            else if (unmatched++ == 0)
                first = s.line;
        }
        if (unmatched > 0)
            m_warnings.append(
                QStringLiteral("%1: %2 end samples have no pending begin of the same ring and site "
                               "(first: line %3)")
                    .arg(m_file)
                    .arg(unmatched)
                    .arg(first));
    }

    // A retained run's file holds what the host kept (host_retained_records), otherwise what the
    // device collected (total − dropped).
    void checkSampleCount()
    {
        if (!m_stats.hasMetadata())
            return;
        if (m_stats.hostRetainedRecords) {
            if (*m_stats.hostRetainedRecords != m_sampleLines)
                m_warnings.append(QStringLiteral("%1: the metadata counts %2 retained samples "
                                                 "(host_retained_records) but the file holds %3 sample lines")
                                      .arg(m_file)
                                      .arg(*m_stats.hostRetainedRecords)
                                      .arg(m_sampleLines));
            return;
        }
        if (!m_hasTotal)
            return;
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

    ScopeStats &m_stats;
    QStringList &m_warnings;
    QString m_file;
    QString m_path;
    QHash<QString, std::int32_t> m_siteIndex;
    std::optional<ReadError> m_loss;
    bool m_sawFirstLine = false;
    bool m_hasTotal = false;
    bool m_verdictIsString = false;
    std::uint64_t m_sampleLines = 0;
    std::int64_t m_badLines = 0, m_badRing = 0, m_incomplete = 0, m_badEpoch = 0, m_badBufSeq = 0;
    std::int32_t m_firstBadLine = 0, m_firstBadRing = 0, m_firstIncomplete = 0, m_firstBadEpoch = 0,
                 m_firstBadBufSeq = 0;
    std::int32_t m_partialLastLine = 0;
};

} // namespace

bool readScopeStats(ByteSource &source, ScopeStats &stats, QStringList &warnings, ReadError *error,
                    const LoadControl *control)
{
    ScopeStats result;
    QStringList found;
    ScopeStatsParser parser(result, found, source.path());
    ReadError failure{source.path(), -1, -1, {}};

    std::vector<char> buffer;
    std::size_t begin = 0; // first byte of the current line
    std::int32_t lineNo = 1;
    bool eof = false;
    while (!eof) {
        if (control && control->cancelled()) {
            if (error)
                *error = {source.path(), source.rawPosition(), -1, loadCancelledMessage()};
            return false;
        }
        // Drop consumed lines, then append a chunk.
        buffer.erase(buffer.begin(), buffer.begin() + std::ptrdiff_t(begin));
        begin = 0;
        const std::size_t kept = buffer.size();
        buffer.resize(kept + std::size_t(kStatsChunk));
        const auto n = source.read(buffer.data() + kept, kStatsChunk);
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
    if (parser.loss() && error)
        *error = *parser.loss(); // true with an error set: the data is partial
    return true;
}

} // namespace lanescope
