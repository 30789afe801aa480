#pragma once

#include "bytesource.h"
#include "model/io/readerror.h"

#include <cstdint>
#include <string>
#include <vector>

namespace lanescope {

// A forward-only JSON pull parser over a ByteSource, built for multi-gigabyte capture streams:
// it never builds a document, keeps 64-bit integers exact, knows the byte offset of every error,
// and leaves everything read before a truncation usable (the reader decides what "partial" means).
//
// Usage: enterArray(); while (nextElement()) { readUInt64(v) or skip(); }  — every element or member
// the cursor announces must be consumed by exactly one read*/enter*/skip call.
class JsonCursor
{
public:
    enum class Type : std::uint8_t { Object, Array, String, Number, Bool, Null, EndOfInput, Invalid };

    explicit JsonCursor(ByteSource &source, const LoadControl *control = nullptr);

    Type peek();
    bool enterObject();
    bool enterArray();
    // Inside an object: true with `key` set when another member follows (its value is next);
    // false when the object closed or on error.
    bool nextMember(std::string &key);
    // Inside an array: true when another element follows; false when the array closed or on error.
    bool nextElement();

    bool readUInt64(std::uint64_t &v); // negative integers wrap to two's complement (§2.1)
    bool readInt64(std::int64_t &v);
    bool readDouble(double &v);
    bool readNumberText(std::string &v); // the number token as written, for type-sensitive fields
    bool readString(std::string &v);
    bool readBool(bool &v);
    bool readNull();
    // A uint64 written as a number or as a string of decimal digits (deps.json ids, §4.1).
    bool readUInt64Flexible(std::uint64_t &v);
    bool skip();
    // Skips what remains of the innermost open object or array, its closing bracket included, with
    // skip()'s scan: for a reader that has taken every member it wants.
    bool leave();

    // Reads on from `offset` of the source as if a member of the top-level object had just ended
    // there: where a file read on two threads is taken up (recordssplit.h). Forgets what is buffered.
    // False, with the cursor failed, where the source cannot seek.
    bool continueAt(std::int64_t offset);
    // Stops as `other` stopped (its error, offset and cause): the error a read in one piece would have
    // met, met by the reader of a later part of the same bytes.
    void adoptFailure(const JsonCursor &other);

    // Containers entered and not yet closed.
    int depth() const { return int(m_stack.size()); }
    bool ok() const { return m_error.isEmpty(); }
    bool truncated() const { return m_truncated; } // failed because the input ended early
    bool cancelled() const { return m_cancelled; }
    std::int64_t offset() const { return m_base + std::int64_t(m_pos); }
    // Records a semantic error at the current (or given) offset; later calls all fail.
    bool fail(const QString &message, std::int64_t at = -1);
    const QString &errorMessage() const { return m_error; }
    std::int64_t errorOffset() const { return m_errorOffset; }
    ReadError error() const;
    // True when only whitespace remains.
    bool atEnd();

    static constexpr int kMaxDepth = 512;

private:
    bool ensure(std::size_t n);
    bool refill();
    // Inline fast paths: most values follow a separator directly or after one space (", ").
    bool skipWhitespace()
    {
        if (m_pos < m_end && !isSpace(m_buf[m_pos]))
            return true;
        if (m_pos + 1 < m_end && m_buf[m_pos] == ' ' && !isSpace(m_buf[m_pos + 1])) {
            ++m_pos;
            return true;
        }
        return skipWhitespaceSlow();
    }
    bool skipWhitespaceSlow();
    static bool isSpace(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }
    bool expectLiteral(const char *lit, std::size_t len);
    bool scanNumber(const char *&begin, const char *&end);
    bool failTruncated(const char *what);
    bool skipStringBody();
    // Scans past nested values until every bracket in `open` (and any opened on the way) closes.
    bool skipNested(std::string &open);
    void push(bool isObject);

    ByteSource &m_source;
    const LoadControl *m_control;
    std::vector<char> m_buf;
    std::size_t m_pos = 0;
    std::size_t m_end = 0;
    std::int64_t m_base = 0; // stream offset of m_buf[0]
    bool m_eof = false;
    bool m_truncated = false;
    bool m_cancelled = false;
    QString m_error;
    std::int64_t m_errorOffset = -1;
    std::int64_t m_refills = 0;
    // Per open container: bit 0 = is object, bit 1 = first member still pending.
    std::vector<std::uint8_t> m_stack;
    std::string m_scratch;
};

} // namespace lanescope
