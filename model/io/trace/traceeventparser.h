#pragma once

#include "model/io/json/jsoncursor.h"
#include "model/io/json/utf8interner.h"
#include "traceevent.h"

#include <string>

namespace lanescope {

// Reads one Trace Event Format event object from a JsonCursor into a TraceEvent. Members may come
// in any order and with unexpected types: a value of the wrong type is skipped, never fatal, so
// only malformed JSON (or the end of input) stops the parse.
class TraceEventParser
{
public:
    TraceEventParser(JsonCursor &cursor, Utf8Interner &ids) : m_cursor(cursor), m_ids(ids) {}

    // The cursor must be at an object. Returns false when the cursor failed inside the event; the
    // event is then incomplete and must not be used.
    bool parse(TraceEvent &event);

private:
    void readId(TraceId &id);
    void readScopedId(TraceId &id); // "id2": {"local": …} or {"global": …}
    void readTime(TraceTime &time);
    void readFlag(bool &flag);
    void readText(std::string &text);
    void readArgs(TraceEvent &event, bool keepAll);

    JsonCursor &m_cursor;
    Utf8Interner &m_ids;
    std::string m_key;
    std::string m_scratch;
    std::string m_lastCategory;
    std::uint32_t m_lastCategoryId = 0;
};

} // namespace lanescope
