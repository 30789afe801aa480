#include "traceeventparser.h"

#include "model/io/json/numbertext.h"

#include <cmath>

namespace lanescope {

namespace {

// Args kept per event: plenty for counter series, and a hostile event cannot turn a few bytes per
// member into a kept string each.
constexpr std::size_t kMaxArgs = 1024;

// Phases whose "args" the reader interprets whole; other phases keep only isKeptEventArg keys.
bool phaseUsesAllArgs(char phase)
{
    return phase == 'M' || phase == 'C';
}

} // namespace

void TraceEventParser::readId(TraceId &id)
{
    switch (m_cursor.peek()) {
    case JsonCursor::Type::Number: {
        double v = 0;
        if (m_cursor.readDouble(v))
            id = TraceId::number(v);
        return;
    }
    case JsonCursor::Type::String:
        if (m_cursor.readString(m_scratch))
            id = TraceId::text(m_ids.intern(m_scratch));
        return;
    default:
        id = {};
        m_cursor.skip();
    }
}

void TraceEventParser::readScopedId(TraceId &id)
{
    if (m_cursor.peek() != JsonCursor::Type::Object) {
        m_cursor.skip();
        return;
    }
    m_cursor.enterObject();
    while (m_cursor.nextMember(m_key)) {
        if (m_key == "local" || m_key == "global")
            readId(id);
        else
            m_cursor.skip();
    }
}

void TraceEventParser::readTime(TraceTime &time)
{
    double v = 0;
    switch (m_cursor.peek()) {
    case JsonCursor::Type::Number:
        if (!m_cursor.readDouble(v))
            return;
        break;
    case JsonCursor::Type::String:
        if (!m_cursor.readString(m_scratch))
            return;
        if (!parseNumberText(m_scratch, v)) {
            time.state = TraceTime::State::Invalid;
            return;
        }
        break;
    default:
        time.state = TraceTime::State::Invalid;
        m_cursor.skip();
        return;
    }
    time.value = v;
    time.state = std::isfinite(v) ? TraceTime::State::Valid : TraceTime::State::Invalid;
}

void TraceEventParser::readFlag(bool &flag)
{
    switch (m_cursor.peek()) {
    case JsonCursor::Type::Bool:
        m_cursor.readBool(flag);
        return;
    case JsonCursor::Type::Number: {
        double v = 0;
        if (m_cursor.readDouble(v))
            flag = v != 0;
        return;
    }
    default:
        flag = false;
        m_cursor.skip();
    }
}

void TraceEventParser::readText(std::string &text)
{
    if (m_cursor.peek() == JsonCursor::Type::String) {
        m_cursor.readString(text);
        return;
    }
    text.clear();
    m_cursor.skip();
}

void TraceEventParser::readArgs(TraceEvent &event, bool keepAll)
{
    event.argCount = 0;
    if (m_cursor.peek() != JsonCursor::Type::Object) {
        m_cursor.skip();
        return;
    }
    m_cursor.enterObject();
    while (m_cursor.nextMember(m_key)) {
        if (event.argCount == kMaxArgs || (!keepAll && !isKeptEventArg(m_key))) {
            if (!m_cursor.skip())
                return;
            continue;
        }
        if (event.argCount == event.args.size())
            event.args.emplace_back();
        TraceArg &arg = event.args[event.argCount];
        arg.key = m_key;
        switch (m_cursor.peek()) {
        case JsonCursor::Type::Number:
            arg.type = TraceArg::Type::Number;
            if (!m_cursor.readDouble(arg.number))
                return;
            break;
        case JsonCursor::Type::String:
            arg.type = TraceArg::Type::Text;
            if (!m_cursor.readString(arg.text))
                return;
            break;
        default:
            arg.type = TraceArg::Type::Other;
            if (!m_cursor.skip())
                return;
        }
        ++event.argCount;
    }
}

bool TraceEventParser::parse(TraceEvent &event)
{
    event.phase.clear();
    event.name.clear();
    event.cat = 0;
    event.pid = {};
    event.tid = {};
    event.id = {};
    event.bindId = {};
    event.ts = {};
    event.dur = {};
    event.flowIn = false;
    event.flowOut = false;
    event.scope = 't';
    event.argCount = 0;
    event.offset = m_cursor.offset();

    if (!m_cursor.enterObject())
        return false;
    while (m_cursor.nextMember(m_key)) {
        const std::string &k = m_key;
        switch (k.size()) {
        case 1:
            if (k[0] == 's') {
                readText(m_scratch);
                event.scope = m_scratch.size() == 1 ? m_scratch[0] : 't';
                continue;
            }
            break;
        case 2:
            if (k == "ph") {
                readText(event.phase);
                continue;
            }
            if (k == "ts") {
                readTime(event.ts);
                continue;
            }
            if (k == "id") {
                readId(event.id);
                continue;
            }
            if (k == "bp") {
                m_cursor.skip(); // endpoints bind at the flow event's own time (see tracebuilder)
                continue;
            }
            break;
        case 3:
            if (k == "pid") {
                readId(event.pid);
                continue;
            }
            if (k == "tid") {
                readId(event.tid);
                continue;
            }
            if (k == "dur") {
                readTime(event.dur);
                continue;
            }
            if (k == "cat") {
                readText(m_scratch);
                // Categories repeat from event to event; a compare is cheaper than a hash lookup.
                if (m_scratch != m_lastCategory) {
                    m_lastCategory = m_scratch;
                    m_lastCategoryId = m_ids.intern(m_scratch);
                }
                event.cat = m_lastCategoryId;
                continue;
            }
            if (k == "id2") {
                readScopedId(event.id);
                continue;
            }
            break;
        case 4:
            if (k == "name") {
                readText(event.name);
                continue;
            }
            if (k == "args") {
                // Before "ph" the phase is unknown: keep everything, the builder picks what it uses.
                const char phase = event.phaseLetter();
                readArgs(event, phase == '\0' || phaseUsesAllArgs(phase));
                if (!m_cursor.ok())
                    return false;
                continue;
            }
            break;
        case 7:
            if (k == "bind_id") {
                readId(event.bindId);
                continue;
            }
            if (k == "flow_in") {
                readFlag(event.flowIn);
                continue;
            }
            break;
        case 8:
            if (k == "flow_out") {
                readFlag(event.flowOut);
                continue;
            }
            break;
        default:
            break;
        }
        if (!m_cursor.skip())
            return false;
    }
    return m_cursor.ok();
}

} // namespace lanescope
