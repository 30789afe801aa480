#pragma once

#include "jsoncursor.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <string>

namespace lanescope {

// A decimal integer string ("123", "-1") as uint64 with negative values wrapped.
inline bool parseDecimalString(const std::string &s, std::uint64_t &v)
{
    const char *b = s.data();
    const char *e = b + s.size();
    const bool negative = b != e && *b == '-';
    std::uint64_t u = 0;
    auto [p, ec] = std::from_chars(negative ? b + 1 : b, e, u);
    if (ec != std::errc() || p != e || s.empty())
        return false;
    v = negative ? (~u + 1) : u;
    return true;
}

// Scalar reads that tolerate a value of the wrong JSON type: the value is consumed and reported as
// Other, so one odd field costs one record, not the file. Only malformed JSON fails the cursor.
enum class Took : std::uint8_t { Value, Other, Failed };

// Integers as uint64 (negative values wrap, spec §2.1); decimal-digit strings are accepted as ids are
// in deps.json. Callers wanting a signed value reinterpret the bits.
inline Took takeUInt64(JsonCursor &c, std::uint64_t &v, std::string &scratch)
{
    switch (c.peek()) {
    case JsonCursor::Type::Number:
        return c.readUInt64(v) ? Took::Value : Took::Failed;
    case JsonCursor::Type::String:
        if (!c.readString(scratch))
            return Took::Failed;
        return parseDecimalString(scratch, v) ? Took::Value : Took::Other;
    default:
        return c.skip() ? Took::Other : Took::Failed;
    }
}

// Finite numbers as double.
inline Took takeDouble(JsonCursor &c, double &v)
{
    if (c.peek() != JsonCursor::Type::Number)
        return c.skip() ? Took::Other : Took::Failed;
    if (!c.readDouble(v))
        return Took::Failed;
    return std::isfinite(v) ? Took::Value : Took::Other;
}

inline Took takeBool(JsonCursor &c, bool &v)
{
    if (c.peek() != JsonCursor::Type::Bool)
        return c.skip() ? Took::Other : Took::Failed;
    return c.readBool(v) ? Took::Value : Took::Failed;
}

inline Took takeString(JsonCursor &c, std::string &v)
{
    if (c.peek() != JsonCursor::Type::String)
        return c.skip() ? Took::Other : Took::Failed;
    return c.readString(v) ? Took::Value : Took::Failed;
}

} // namespace lanescope
