#pragma once

namespace lanescope {

// A region of a capture for the analyses, half-open [startUs, endUs) in capture µs.
//
// A region is a selection, not a clip: a figure over a region is the figure the capture would give
// if it contained only the task rows (and scheduler records) whose start lies in [startUs, endUs).
// Intervals of the selected rows that run past endUs are kept whole, so the analysis window of a
// region can reach past endUs; rows that started before startUs are left out entirely, and a
// dependency on such a row counts as a producer outside the measured set (spec §12.2 Part 1).
struct AnalysisRange
{
    double startUs = 0;
    double endUs = 0;

    bool contains(double us) const { return us >= startUs && us < endUs; }
};

} // namespace lanescope
