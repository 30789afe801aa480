#pragma once

#include "model/capture/traceslicearg.h" // kRunEpochArg

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace lanescope {

// A pid, tid or event id as the Trace Event Format allows it: a number or a string. Numbers are
// kept as doubles, which is how the format's reference viewer reads them.
struct TraceId
{
    enum class Kind : std::uint8_t { None, Number, Text };

    Kind kind = Kind::None;
    std::uint64_t bits = 0; // Number: the double's bit pattern; Text: a Utf8Interner id

    static TraceId number(double v)
    {
        if (v == 0)
            v = 0; // -0 and 0 are the same id
        TraceId id;
        id.kind = Kind::Number;
        std::memcpy(&id.bits, &v, sizeof v);
        return id;
    }
    static TraceId text(std::uint32_t internedId)
    {
        TraceId id;
        id.kind = Kind::Text;
        id.bits = internedId;
        return id;
    }
    double asNumber() const
    {
        double v = 0;
        std::memcpy(&v, &bits, sizeof v);
        return v;
    }
    bool isSet() const { return kind != Kind::None; }
    bool operator==(const TraceId &) const = default;
    std::size_t hash() const { return std::size_t(bits * 0x9E3779B97F4A7C15ull) ^ std::size_t(kind); }
};

// A "ts" or "dur" member: absent, a usable number, or present but unusable (non-numeric, NaN, ∞).
struct TraceTime
{
    enum class State : std::uint8_t { Missing, Valid, Invalid };

    State state = State::Missing;
    double value = 0;
};

// One top-level member of an event's "args" object; nested values are not kept.
struct TraceArg
{
    enum class Type : std::uint8_t { Number, Text, Other };

    std::string key;
    std::string text;
    double number = 0;
    Type type = Type::Other;
};

// Args kept from events other than metadata and counters (those keep all of theirs): the run
// (supplement §4.3), the rank of a multi-rank trace (§2.9) and the numbers shown in slice details.
inline constexpr std::string_view kRankArg = "rank";
inline constexpr std::string_view kDetailArgs[] = {"scheduler-duration-us", "device_ts_ns"};

inline bool isKeptEventArg(std::string_view key)
{
    if (key == kRunEpochArg || key == kRankArg)
        return true;
    for (std::string_view k : kDetailArgs)
        if (key == k)
            return true;
    return false;
}

// The members of one trace event that the reader uses, filled by TraceEventParser and reused from
// event to event so that string buffers keep their capacity.
struct TraceEvent
{
    std::string phase;
    std::string name;
    std::uint32_t cat = 0; // Utf8Interner id, 0 = none
    TraceId pid;
    TraceId tid;
    TraceId id; // "id" or the value inside "id2"
    TraceId bindId;
    TraceTime ts;
    TraceTime dur;
    bool flowIn = false;
    bool flowOut = false;
    char scope = 't';          // instant scope "s": 't', 'p' or 'g'
    std::uint32_t ordinal = 0; // position in the event list
    std::int64_t offset = 0;   // byte offset of the event's '{'

    // Only filled for events that need them (metadata, counters) or whose phase was not yet known.
    std::vector<TraceArg> args;
    std::size_t argCount = 0;

    char phaseLetter() const { return phase.size() == 1 ? phase[0] : '\0'; }
    const TraceArg *arg(std::string_view key) const
    {
        // Backwards: with duplicate keys the last one wins, as in any JSON reader.
        for (std::size_t i = argCount; i-- > 0;)
            if (args[i].key == key)
                return &args[i];
        return nullptr;
    }
};

} // namespace lanescope
