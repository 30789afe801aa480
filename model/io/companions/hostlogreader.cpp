#include "hostlogreader.h"

#include <QByteArray>
#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace lanescope {

namespace {

constexpr std::string_view kMarker = "[STRACE]";
constexpr std::string_view kLogPrefix = "[mono_ns=";
constexpr std::size_t kReadChunk = std::size_t(4) << 20;
// A "line" longer than this is cut: a log without newlines must not grow the buffer without bound.
constexpr std::size_t kMaxLine = std::size_t(64) << 20;

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

template <typename T> bool parseInt(std::string_view text, T &out)
{
    const auto [p, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    return ec == std::errc() && p == text.data() + text.size() && !text.empty();
}

enum Required : unsigned {
    V = 1 << 0,
    Pid = 1 << 1,
    Tid = 1 << 2,
    Inv = 1 << 3,
    Hid = 1 << 4,
    Depth = 1 << 5,
    Name = 1 << 6,
    Ts = 1 << 7,
    Dur = 1 << 8,
    AllRequired = (1 << 9) - 1,
};

class HostLogParser
{
public:
    explicit HostLogParser(HostLog &log) : m_log(log) {}

    void line(std::string_view text, std::int32_t lineNo)
    {
        std::size_t at = text.find(kMarker);
        while (at != std::string_view::npos) {
            const std::size_t body = at + kMarker.size();
            const std::size_t nextMarker = text.find(kMarker, body);
            const std::size_t nextPrefix = text.find(kLogPrefix, body);
            const std::size_t end = std::min(std::min(nextMarker, nextPrefix), text.size());
            record(text.substr(body, end - body), lineNo);
            at = nextMarker;
        }
    }

    std::int32_t firstTornLine() const { return m_firstTornLine; }
    std::int64_t otherVersions() const { return m_otherVersions; }

private:
    // `body` is everything after "[STRACE]" up to the end of the record.
    void record(std::string_view body, std::int32_t lineNo)
    {
        std::size_t pos = body.find_first_not_of(" \t");
        if (pos == std::string_view::npos || body.substr(pos, 2) != "v=")
            return; // "[STRACE]" in ordinary text, not a record head
        ++m_log.recordHeads;

        HostSpan span;
        span.line = lineNo;
        unsigned seen = 0;
        bool torn = false;
        while (!torn) {
            pos = body.find_first_not_of(" \t\r", pos);
            if (pos == std::string_view::npos)
                break;
            std::size_t stop = body.find_first_of(" \t\r", pos);
            if (stop == std::string_view::npos)
                stop = body.size();
            const std::string_view token = body.substr(pos, stop - pos);
            pos = stop;
            const std::size_t eq = token.find('=');
            if (eq == std::string_view::npos || eq == 0) {
                torn = true;
                break;
            }
            torn = !field(span, token.substr(0, eq), token.substr(eq + 1), seen);
        }
        if (torn || seen != AllRequired) {
            ++m_log.tornRecords;
            if (m_firstTornLine == 0)
                m_firstTornLine = lineNo;
            return;
        }
        m_log.spans.push_back(std::move(span));
    }

    bool required(unsigned bit, unsigned &seen)
    {
        if (seen & bit)
            return false; // a repeated field: two records ran into each other
        seen |= bit;
        return true;
    }

    bool field(HostSpan &span, std::string_view key, std::string_view value, unsigned &seen)
    {
        if (key.size() <= 5) {
            if (key == "v") {
                std::int32_t version = 0;
                if (!required(V, seen) || !parseInt(value, version))
                    return false;
                if (version != 1)
                    ++m_otherVersions;
                return true;
            }
            if (key == "pid")
                return required(Pid, seen) && parseInt(value, span.pid);
            if (key == "tid")
                return required(Tid, seen) && parseInt(value, span.tid);
            if (key == "inv")
                return required(Inv, seen) && parseInt(value, span.inv);
            if (key == "hid") {
                if (!required(Hid, seen))
                    return false;
                span.hid = intern(value);
                return true;
            }
            if (key == "depth")
                return required(Depth, seen) && parseInt(value, span.depth);
            if (key == "name") {
                if (!required(Name, seen) || value.empty())
                    return false;
                span.name = intern(value);
                return true;
            }
            if (key == "ts")
                return required(Ts, seen) && parseInt(value, span.tsNs);
            if (key == "dur")
                return required(Dur, seen) && parseInt(value, span.durNs);
            if (key == "clk") {
                span.deviceClock = decode(value) == QLatin1String("dev");
                return true;
            }
        }
        span.attributes.append({intern(key), decode(value)});
        return true;
    }

    // Names, hashes and attribute keys repeat on every span: share one QString per distinct text.
    QString intern(std::string_view raw)
    {
        const QByteArray key = QByteArray::fromRawData(raw.data(), qsizetype(raw.size()));
        const auto it = m_interned.constFind(key);
        if (it != m_interned.cend())
            return *it;
        const QString decoded = decode(raw);
        m_interned.insert(QByteArray(raw.data(), qsizetype(raw.size())), decoded);
        return decoded;
    }

    // %XX escapes become bytes; a '%' without two hex digits is kept literally.
    static QString decode(std::string_view raw)
    {
        if (raw.find('%') == std::string_view::npos)
            return QString::fromUtf8(raw.data(), qsizetype(raw.size()));
        std::string bytes;
        bytes.reserve(raw.size());
        for (std::size_t i = 0; i < raw.size(); ++i) {
            if (raw[i] == '%' && i + 2 < raw.size()) {
                const int hi = hexDigit(raw[i + 1]);
                const int lo = hexDigit(raw[i + 2]);
                if (hi >= 0 && lo >= 0) {
                    bytes += char(hi * 16 + lo);
                    i += 2;
                    continue;
                }
            }
            bytes += raw[i];
        }
        return QString::fromUtf8(bytes.data(), qsizetype(bytes.size()));
    }

    HostLog &m_log;
    QHash<QByteArray, QString> m_interned;
    std::int32_t m_firstTornLine = 0;
    std::int64_t m_otherVersions = 0;
};

} // namespace

bool readHostLog(ByteSource &source, HostLog &log, QStringList &warnings, ReadError *error)
{
    const QString file = QFileInfo(source.path()).fileName();
    HostLog result;
    HostLogParser parser(result);
    std::vector<char> buffer;
    std::size_t begin = 0;
    std::int32_t lineNo = 1;
    std::int64_t consumed = 0; // bytes before buffer[0]
    std::int32_t cutLine = 0;
    bool unterminated = false; // the input ends in a line without '\n'
    bool eof = false;
    while (!eof) {
        buffer.erase(buffer.begin(), buffer.begin() + std::ptrdiff_t(begin));
        consumed += std::int64_t(begin);
        begin = 0;
        const std::size_t kept = buffer.size();
        buffer.resize(kept + kReadChunk);
        const auto n = source.read(buffer.data() + kept, std::int64_t(kReadChunk));
        if (n < 0) {
            if (error)
                *error = {source.path(), consumed + std::int64_t(kept), -1, source.error()};
            return false;
        }
        buffer.resize(kept + std::size_t(n));
        eof = n == 0;
        while (begin < buffer.size()) {
            const char *lineStart = buffer.data() + begin;
            const std::size_t available = buffer.size() - begin;
            const auto *newline = static_cast<const char *>(std::memchr(lineStart, '\n', available));
            std::size_t size = 0;
            if (newline) {
                size = std::size_t(newline - lineStart);
            } else if (eof) {
                size = available;
            } else if (available > kMaxLine) {
                size = available;
                if (cutLine == 0)
                    cutLine = lineNo;
            } else {
                break; // wait for the rest of the line
            }
            // The common line has no marker: test it with one search before any bookkeeping.
            const std::string_view text(lineStart, size);
            if (text.find(kMarker) != std::string_view::npos)
                parser.line(text, lineNo);
            begin += size + (newline ? 1 : 0);
            if (newline)
                ++lineNo;
            else
                unterminated = eof;
        }
    }
    const std::int64_t total = consumed + std::int64_t(buffer.size());

    if (result.spans.empty()) {
        if (error) {
            const QString message =
                result.recordHeads == 0
                    ? QStringLiteral("no [STRACE] records (%1 lines read)")
                          .arg(lineNo - 1 + (unterminated ? 1 : 0))
                    : QStringLiteral("none of the %1 [STRACE] records could be parsed (first "
                                     "torn record on line %2)")
                          .arg(result.recordHeads)
                          .arg(parser.firstTornLine());
            *error = {source.path(), total, -1, message};
        }
        return false;
    }
    if (result.tornRecords > 0)
        warnings.append(
            QStringLiteral("%1: %2 of %3 [STRACE] records are torn (interleaved or cut writes) and were "
                           "skipped (first on line %4)")
                .arg(file)
                .arg(result.tornRecords)
                .arg(result.recordHeads)
                .arg(parser.firstTornLine()));
    if (parser.otherVersions() > 0)
        warnings.append(
            QStringLiteral("%1: %2 [STRACE] records use a grammar version other than 1; read as version 1")
                .arg(file)
                .arg(parser.otherVersions()));
    if (cutLine > 0)
        warnings.append(QStringLiteral("%1: line %2 is longer than %3 MiB and was read in pieces")
                            .arg(file)
                            .arg(cutLine)
                            .arg(kMaxLine >> 20));
    log = std::move(result);
    return true;
}

} // namespace lanescope
