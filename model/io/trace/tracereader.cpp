#include "tracereader.h"

#include "model/io/json/jsoncursor.h"
#include "model/io/json/utf8interner.h"
#include "tracebuilder.h"
#include "traceevent.h"
#include "traceeventparser.h"
#include "tracemetadatareader.h"

namespace lanescope {

namespace {

// Where the reader was when the input stopped; decides whether a stop loses data.
enum class Stage { BeforeEvents, BetweenEvents, InsideEvent, AfterEvents };

class TraceDocumentReader
{
public:
    TraceDocumentReader(ByteSource &source, Capture &capture, const LoadControl *control)
        : m_source(source), m_capture(capture), m_cursor(source, control), m_parser(m_cursor, m_ids),
          m_builder(capture, m_ids)
    {
    }

    bool read(ReadError *error);

private:
    void readTopLevelObject();
    void readEventList();
    bool settleStop(ReadError *error);
    bool refuse(ReadError *error, const ReadError &why);

    ByteSource &m_source;
    Capture &m_capture;
    JsonCursor m_cursor;
    Utf8Interner m_ids;
    TraceEventParser m_parser;
    TraceBuilder m_builder;
    TraceEvent m_event;
    Stage m_stage = Stage::BeforeEvents;
    bool m_sawEventList = false;
    std::uint32_t m_ordinal = 0;
    std::int64_t m_elementStart = 0;
    std::size_t m_nonObjects = 0;
};

bool TraceDocumentReader::refuse(ReadError *error, const ReadError &why)
{
    if (error)
        *error = why;
    return false;
}

void TraceDocumentReader::readEventList()
{
    if (!m_cursor.enterArray())
        return;
    m_sawEventList = true;
    m_stage = Stage::BetweenEvents;
    while (m_cursor.nextElement()) {
        m_stage = Stage::InsideEvent;
        m_elementStart = m_cursor.offset();
        if (m_cursor.peek() == JsonCursor::Type::Object) {
            m_event.ordinal = m_ordinal;
            if (!m_parser.parse(m_event))
                return;
            m_builder.add(m_event);
        } else {
            if (!m_cursor.skip())
                return;
            ++m_nonObjects;
        }
        ++m_ordinal;
        m_stage = Stage::BetweenEvents;
    }
    if (m_cursor.ok())
        m_stage = Stage::AfterEvents;
}

void TraceDocumentReader::readTopLevelObject()
{
    if (!m_cursor.enterObject())
        return;
    std::string key;
    while (m_cursor.nextMember(key)) {
        if (key == "traceEvents" && m_cursor.peek() == JsonCursor::Type::Array) {
            readEventList();
            if (!m_cursor.ok())
                return;
        } else if ((key == "metadata" || key == "timeline_metadata") &&
                   m_cursor.peek() == JsonCursor::Type::Object) {
            // The converter's timeline metadata (supplement §2.10); other producers' keys are skipped.
            if (!readTraceMetadata(m_cursor, m_capture.info.trace, m_capture.info.runtime))
                return;
        } else {
            // "displayTimeUnit" only changes how a viewer prints times: "ts"/"dur" are always µs.
            // Other members (systemTraceEvents, stackFrames …) carry no events.
            if (!m_cursor.skip())
                return;
        }
    }
}

bool TraceDocumentReader::settleStop(ReadError *error)
{
    if (m_cursor.cancelled())
        return refuse(error, m_cursor.error());
    const bool truncated = m_cursor.truncated();
    const auto at = m_cursor.errorOffset();
    const QString reason = m_cursor.errorMessage();
    const auto kept = m_builder.eventCount();
    if (kept == 0 && m_stage != Stage::AfterEvents)
        return refuse(error, m_cursor.error());
    switch (m_stage) {
    case Stage::BeforeEvents:
        return refuse(error, m_cursor.error());
    case Stage::InsideEvent:
        m_capture.info.partial = true;
        if (truncated)
            m_capture.warn(
                QStringLiteral(
                    "trace is cut at byte %1 inside the event starting at byte %2; %3 complete events kept")
                    .arg(at)
                    .arg(m_elementStart)
                    .arg(kept));
        else
            m_capture.warn(
                QStringLiteral("malformed event at byte %1: %2; reading stopped, %3 complete events kept")
                    .arg(at)
                    .arg(reason)
                    .arg(kept));
        break;
    case Stage::BetweenEvents:
        if (truncated) {
            m_capture.warn(QStringLiteral("trace ends without closing ']' (allowed)"));
        } else {
            m_capture.info.partial = true;
            m_capture.warn(
                QStringLiteral(
                    "malformed event list at byte %1: %2; reading stopped, %3 complete events kept")
                    .arg(at)
                    .arg(reason)
                    .arg(kept));
        }
        break;
    case Stage::AfterEvents:
        if (truncated)
            m_capture.warn(QStringLiteral("trace ends without closing '}' (allowed)"));
        else
            m_capture.warn(QStringLiteral("ignored malformed content after the event list at byte %1: %2")
                               .arg(at)
                               .arg(reason));
        break;
    }
    return true;
}

bool TraceDocumentReader::read(ReadError *error)
{
    CaptureInfo &info = m_capture.info;
    info.format = CaptureFormat::ChromeTrace;
    info.layout = RecordsLayout::None;
    info.level.reset();
    info.clockFreqHz.reset();

    switch (m_cursor.peek()) {
    case JsonCursor::Type::Array:
        readEventList();
        break;
    case JsonCursor::Type::Object:
        readTopLevelObject();
        break;
    case JsonCursor::Type::EndOfInput:
        return refuse(error, {m_source.path(), m_cursor.offset(), -1, QStringLiteral("the file is empty")});
    default:
        if (m_cursor.ok())
            m_cursor.fail(QStringLiteral("not a Trace Event Format file: expected '{' or '['"));
        return refuse(error, m_cursor.error());
    }

    if (!m_cursor.ok()) {
        if (!settleStop(error))
            return false;
    } else if (!m_sawEventList) {
        return refuse(error, {m_source.path(), 0, -1,
                              QStringLiteral("no \"traceEvents\" array in the top-level object")});
    } else if (!m_cursor.atEnd() && m_cursor.ok()) {
        m_capture.warn(
            QStringLiteral("ignored content after the end of the trace at byte %1").arg(m_cursor.offset()));
    }

    if (m_nonObjects > 0)
        m_capture.warn(QStringLiteral("%1 non-object entries in the event list skipped").arg(m_nonObjects));
    m_builder.finish();
    m_capture.info.warnings << traceTimelineWarnings(m_capture.info.trace);
    if (m_builder.eventCount() == 0)
        m_capture.warn(QStringLiteral("the trace contains no events"));
    return true;
}

} // namespace

bool readChromeTrace(ByteSource &source, Capture &capture, ReadError *error, const LoadControl *control)
{
    TraceDocumentReader reader(source, capture, control);
    return reader.read(error);
}

} // namespace lanescope
