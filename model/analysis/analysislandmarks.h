#pragma once

#include "analysisinput.h"

#include <array>
#include <cstddef>
#include <optional>

namespace lanescope {

// Where a figure of spec §12.2 comes from on the timeline: the row, core gap or interval that a
// report entry points at, so a reader can go and look at it.
struct RowLandmark
{
    std::size_t row = 0; // index into Capture::rows
    std::uint64_t taskId = 0;
    std::int32_t coreId = 0;
    double valueUs = 0;          // the overhead of that row
    double fromUs = 0, toUs = 0; // the interval the overhead spans
};

struct CoreGapLandmark
{
    std::int32_t coreId = 0;
    std::size_t nextRow = 0; // the row that started after the gap (Capture::rows index)
    double fromUs = 0, toUs = 0;
};

struct IntervalLandmark
{
    double fromUs = 0, toUs = 0;
    double lengthUs() const { return toUs - fromUs; }
};

struct AnalysisLandmarks
{
    std::optional<RowLandmark> worstHead; // Part 3: the row with the largest head overhead
    std::optional<RowLandmark> worstTail; // Part 4: the row with the largest tail overhead
    std::array<std::optional<CoreGapLandmark>, kEngineCount> longestSwitch;    // Part 2, per engine
    std::array<std::optional<IntervalLandmark>, kEngineCount> longestOverhead; // Part 1, per engine
    std::optional<IntervalLandmark> longestHasOverhead; // Part 1: the verdict's longest interval
};

// Needs rows with dispatch and finish (level >= 2); the Part 1 intervals also need the dependency
// graph and stay empty without it. Ties keep the earliest (in the parts' own walking order). The
// values follow the same formulas as the figures: worstHead.valueUs is Part 3's max, a switch gap
// is Part 2's min(b.start, w1) − max(a.end, w0), an overhead interval is a maximal run of
// consecutive sweep segments on which the predicate holds.
AnalysisLandmarks findLandmarks(const AnalysisInput &in, const Capture &capture);

} // namespace lanescope
