#include "perfhintsreader.h"

#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>

namespace lanescope {

namespace {

constexpr std::int64_t kHintsChunk = std::int64_t(64) << 10;
// The log holds a few lines per op of one build; anything far larger is not a hints log, and
// reading it whole must not exhaust memory.
constexpr qsizetype kMaxBytes = qsizetype(256) << 20;

bool toInt64(const QString &text, std::int64_t &out)
{
    bool ok = false;
    out = text.toLongLong(&ok);
    return ok;
}

bool toInt(const QString &text, int &out)
{
    bool ok = false;
    out = text.toInt(&ok);
    return ok;
}

// The record's location: the last " at " followed by FILE:LINE:COL up to the end (rule 3).
bool splitLocation(const QString &record, QString &message, HintLocation &location)
{
    static const QRegularExpression tail(QStringLiteral(":([0-9]+):(-?[0-9]+)$"));
    const QRegularExpressionMatch m = tail.match(record);
    if (!m.hasMatch())
        return false;
    const qsizetype fileEnd = m.capturedStart(0);
    const qsizetype at = record.lastIndexOf(QLatin1String(" at "), fileEnd - 1);
    if (at < 0 || at + 4 >= fileEnd)
        return false;
    int line = 0;
    int column = 0;
    if (!toInt(m.captured(1), line) || !toInt(m.captured(2), column) || line < 1 || column < -1)
        return false;
    location.file = record.mid(at + 4, fileEnd - at - 4);
    location.line = line;
    location.column = column;
    message = record.left(at);
    return true;
}

struct Pending
{
    QString text;
    int fileLine = 0;
    std::vector<int> lineNos; // of every physical line of the record, for the notes of a broken one
};

class PerfHintsParser
{
public:
    PerfHintsParser(PerfHints &hints, QStringList &warnings, const QString &name)
        : m_hints(hints), m_warnings(warnings), m_name(name)
    {
    }

    void line(QString text, int lineNo)
    {
        if (text.endsWith(u'\r'))
            text.chop(1);
        if (text.startsWith(QLatin1String("[perf_hint"))) {
            flush();
            m_pending = Pending{text, lineNo, {lineNo}};
            m_inRecord = true;
            return;
        }
        if (text.trimmed().isEmpty())
            return;
        if (m_inRecord) {
            m_pending.text += u'\n' + text;
            m_pending.lineNos.push_back(lineNo);
            return;
        }
        m_hints.notes << QStringLiteral("%1:%2: %3").arg(m_name).arg(lineNo).arg(text);
    }

    void flush()
    {
        if (!m_inRecord)
            return;
        m_inRecord = false;
        record(m_pending);
    }

private:
    void warn(int lineNo, const QString &what)
    {
        m_warnings << QStringLiteral("%1: line %2: %3").arg(m_name).arg(lineNo).arg(what);
    }

    void record(const Pending &p)
    {
        static const QRegularExpression header(
            QStringLiteral("^\\[perf_hint(?: ([^\\]\\s]+))?\\] ([A-Za-z0-9_]+): "));
        static const QRegularExpression bare(QStringLiteral("^\\[perf_hint(?: ([^\\]\\s]+))?\\] ?"));
        ++m_hints.records;
        // Exact duplicates come from compiling again into the same folder (A.1: append mode).
        if (const auto it = m_seen.constFind(p.text); it != m_seen.constEnd()) {
            ++m_hints.hints[std::size_t(*it)].copies;
            return;
        }
        PerfHint hint;
        hint.fileLine = p.fileLine;
        QString body;
        if (const auto m = header.match(p.text); m.hasMatch()) {
            hint.code = m.captured(1);
            hint.rule = m.captured(2);
            body = p.text.mid(m.capturedEnd(0));
        } else if (const auto b = bare.match(p.text); b.hasMatch()) {
            // The user guide quotes records without their rule token; keep what is there.
            hint.code = b.captured(1);
            body = p.text.mid(b.capturedEnd(0));
            warn(p.fileLine, QStringLiteral("perf hint %1 has no rule name").arg(hint.code));
        } else {
            --m_hints.records;
            warn(p.fileLine,
                 QStringLiteral("not a perf hint record (no [perf_hint CODE] header); kept as a note"));
            // Not a record, so neither it nor the lines after it belong to one: foreign text (rule 4).
            const QStringList lines = p.text.split(u'\n');
            for (qsizetype i = 0; i < lines.size(); ++i)
                m_hints.notes
                    << QStringLiteral("%1:%2: %3").arg(m_name).arg(p.lineNos[std::size_t(i)]).arg(lines[i]);
            return;
        }
        if (!splitLocation(body, hint.message, hint.location))
            hint.message = body;
        interpret(hint);
        m_seen.insert(p.text, qsizetype(m_hints.hints.size()));
        m_hints.hints.push_back(std::move(hint));
    }

    void interpret(PerfHint &hint)
    {
        if (hint.code == QLatin1String("PH001")) {
            hint.transfer = parseTileTransfer(hint.message);
            if (!hint.transfer)
                warn(hint.fileLine, QStringLiteral("PH001 message not in the known form; kept as text"));
        } else if (hint.code == QLatin1String("PH-MR-001")) {
            hint.pipeline = parsePipelineShortfall(hint.message);
            if (!hint.pipeline)
                warn(hint.fileLine, QStringLiteral("PH-MR-001 message not in the known form; kept as text"));
        } else if (hint.code == QLatin1String("PH-DSA-001")) {
            hint.functionName = parseDsaFunction(hint.message);
            if (hint.functionName.isEmpty())
                warn(hint.fileLine, QStringLiteral("PH-DSA-001 message names no function; kept as text"));
        }
    }

    PerfHints &m_hints;
    QStringList &m_warnings;
    QString m_name;
    Pending m_pending;
    bool m_inRecord = false;
    QHash<QString, qsizetype> m_seen;
};

} // namespace

std::optional<TileTransferHint> parseTileTransfer(const QString &message)
{
    static const QRegularExpression re(
        QStringLiteral("^(\\S+) has innermost dim = ([0-9]+)B"
                       "(?: \\(tile ([^\\[\\s]+)\\[([0-9]+)\\], target_memory=(\\w+)\\))?"
                       "(?:; moves ([0-9]+)B as ([0-9]+) x ([0-9]+)B rows)?"
                       "; recommended >= ([0-9]+)B for backend (\\S+) \\(L2 cache line = ([0-9]+)B\\)\\. "
                       "Consider increasing tile shape on the innermost axis\\."
                       "(?: \\(([0-9]+) occurrences at this source location\\))?$"));
    const QRegularExpressionMatch m = re.match(message);
    if (!m.hasMatch())
        return std::nullopt;
    TileTransferHint t;
    t.op = m.captured(1);
    bool ok = toInt64(m.captured(2), t.innermostBytes);
    if (m.hasCaptured(3)) {
        t.dtype = m.captured(3);
        ok = ok && toInt64(m.captured(4), t.innermostElements);
        t.space = m.captured(5);
    }
    if (m.hasCaptured(6)) {
        std::int64_t moved = 0;
        ok = ok && toInt64(m.captured(6), moved) && toInt64(m.captured(7), t.rows) &&
             toInt64(m.captured(8), t.rowBytes);
        t.movedBytes = moved;
    }
    ok = ok && toInt64(m.captured(9), t.recommendedBytes) && toInt64(m.captured(11), t.l2LineBytes);
    t.arch = m.captured(10);
    if (m.hasCaptured(12))
        ok = ok && toInt64(m.captured(12), t.occurrences);
    if (!ok)
        return std::nullopt;
    return t;
}

std::optional<PipelineShortfallHint> parsePipelineShortfall(const QString &message)
{
    static const QRegularExpression re(
        QStringLiteral(
            "^software pipelining requested depth ([0-9]+) for pipeline group ([0-9]+) in (\\w+), "
            "but only ([0-9]+) of ([0-9]+) buffers fit \\(([0-9]+) B per stage, ([0-9]+) B free"
            "(?: after ([0-9]+) B reserved)?\\) \u2014 stages ([0-9]+) apart share storage and serialize\\."
            "(.*)$"),
        QRegularExpression::DotMatchesEverythingOption);
    static const QRegularExpression maxSlot(QStringLiteral("shrink the per-stage tile to <= ([0-9]+) B"));
    const QRegularExpressionMatch m = re.match(message);
    if (!m.hasMatch())
        return std::nullopt;
    PipelineShortfallHint p;
    int depthAgain = 0;
    bool ok = toInt(m.captured(1), p.depth) && toInt(m.captured(2), p.group) &&
              toInt(m.captured(4), p.fitted) && toInt(m.captured(5), depthAgain) &&
              toInt64(m.captured(6), p.slotBytes) && toInt64(m.captured(7), p.freeBytes);
    p.space = m.captured(3);
    if (m.hasCaptured(8))
        ok = ok && toInt64(m.captured(8), p.reservedBytes);
    if (const auto s = maxSlot.match(m.captured(10)); s.hasMatch()) {
        std::int64_t bytes = 0;
        ok = ok && toInt64(s.captured(1), bytes);
        p.maxSlotBytes = bytes;
    }
    if (!ok || depthAgain != p.depth)
        return std::nullopt;
    return p;
}

QString parseDsaFunction(const QString &message)
{
    static const QRegularExpression re(
        QStringLiteral("software-pipeline buffer separations for '([^']+)'; [0-9]+ of [0-9]+ relaxed pair"));
    const QRegularExpressionMatch m = re.match(message);
    return m.hasMatch() ? m.captured(1) : QString();
}

bool readPerfHints(ByteSource &source, PerfHints &hints, QStringList &warnings, ReadError *error)
{
    const QString name = QFileInfo(source.path()).fileName();
    hints.path = source.path();
    QByteArray bytes;
    for (;;) {
        const qsizetype at = bytes.size();
        bytes.resize(at + kHintsChunk);
        const std::int64_t n = source.read(bytes.data() + at, kHintsChunk);
        if (n < 0) {
            *error = {name, at, -1, source.error()};
            return false;
        }
        bytes.resize(at + qsizetype(n));
        if (n == 0)
            break;
        if (bytes.size() > kMaxBytes) {
            *error = {name, bytes.size(), -1,
                      QStringLiteral("larger than %1 MiB: not a perf hints log").arg(kMaxBytes >> 20)};
            return false;
        }
    }
    PerfHintsParser parser(hints, warnings, name);
    int lineNo = 0;
    qsizetype start = 0;
    while (start < bytes.size()) {
        qsizetype end = bytes.indexOf('\n', start);
        const bool lastWithoutEnd = end < 0;
        if (lastWithoutEnd)
            end = bytes.size();
        ++lineNo;
        parser.line(QString::fromUtf8(bytes.constData() + start, end - start), lineNo);
        if (lastWithoutEnd)
            warnings
                << QStringLiteral("%1: line %2: no line end: the log may be cut short").arg(name).arg(lineNo);
        start = end + 1;
    }
    parser.flush();
    return true;
}

} // namespace lanescope
