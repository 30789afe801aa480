#pragma once

#include "model/capture/lane.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace lanescope {

// A "B" or "E" event (or an async begin/end) waiting to be paired.
struct BeginEndMark
{
    double ts = 0;
    std::uint32_t ordinal = 0; // position in the event list; ties in time keep file order
    std::uint32_t label = 0;
    bool begin = false;
};

struct BeginEndCounts
{
    std::size_t unmatchedBegins = 0;
    std::size_t strayEnds = 0;
};

// Pairs marks of one stack (one thread, or one async id) in timestamp order, each end closing the
// innermost open begin. Appends one slice per begin, in the builder's convention: startUs = the
// begin's absolute time, endUs = duration. A begin left open runs to `traceEndUs` and is flagged
// Unterminated. Sorts `marks`.
void matchBeginEnd(std::vector<BeginEndMark> &marks, double traceEndUs, std::vector<Slice> &out,
                   BeginEndCounts &counts);

// Sorts slices by start (longer first on equal starts, then file order) and sets each slice's
// depth to the number of open slices that contain it, as a call stack. Returns the maximum depth.
std::uint8_t nestByContainment(std::vector<Slice> &slices);

// Sorts slices by start and gives each the lowest row that is free at its start, for lanes whose
// slices overlap without nesting (async operations). Returns the maximum row.
std::uint8_t packIntoRows(std::vector<Slice> &slices);

} // namespace lanescope
