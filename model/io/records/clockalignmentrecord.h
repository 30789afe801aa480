#pragma once

#include <QString>
#include <cstdint>
#include <string>

namespace lanescope {

// A JSON value kept with its type, for fields whose validation depends on the type as written
// (Python's isinstance(x, int): 5 is an int, 5.0 and true are not).
struct JsonIntegerField
{
    enum class Kind : std::uint8_t { Absent, Integer, OutOfRange, Float, Bool, Other };
    Kind kind = Kind::Absent;
    std::int64_t value = 0; // Kind::Integer only

    bool isInteger() const { return kind == Kind::Integer; }
    // Classifies the text of a JSON number token.
    static JsonIntegerField fromNumberText(const std::string &text);
};

// metadata.clock_alignment as written (upstream §3.1), kept until the whole file has been read.
struct RawClockAlignment
{
    bool present = false;
    bool isObject = false;
    std::int64_t offset = -1; // byte of the value, for messages
    enum class StatusKind : std::uint8_t { Absent, String, NotString } statusKind = StatusKind::Absent;
    std::string status;
    std::string reason; // unavailable records: the writer's message
    JsonIntegerField deviceAnchorCycles;
    JsonIntegerField hostAnchorNs;
    JsonIntegerField hostAnchorMinNs;
    JsonIntegerField hostAnchorMaxNs;
};

// A bounded record that passed validation: device cycle deviceAnchorCycles happened at host ns
// hostAnchorNs, truly somewhere in [hostAnchorMinNs, hostAnchorMaxNs].
struct BoundedClockAlignment
{
    std::int64_t deviceAnchorCycles = 0;
    std::int64_t hostAnchorNs = 0;
    std::int64_t hostAnchorMinNs = 0;
    std::int64_t hostAnchorMaxNs = 0;
    std::int64_t frequencyHz = 0;
};

// The outcome of reading the record the way the converter's _read_clock_alignment does (§3.2).
struct ClockAlignmentCheck
{
    enum class Status : std::uint8_t {
        Absent,      // no record: nothing to say
        Unavailable, // status "unavailable": `reason` is the writer's message (may be empty)
        Invalid,     // refused: `reason` says why; treated as unavailable, with a warning
        Bounded,     // `bounded` holds the mapping
    };
    Status status = Status::Absent;
    QString reason;
    BoundedClockAlignment bounded;
};

// clockFreqHz is metadata.clock_freq_hz with its JSON type.
ClockAlignmentCheck checkClockAlignment(const RawClockAlignment &record, const JsonIntegerField &clockFreqHz);

} // namespace lanescope
