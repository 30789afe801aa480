#pragma once

#include "analysisinput.h"

#include <array>
#include <vector>

namespace lanescope {

// Summary of a set of per-row overheads (spec §12.2 Parts 3 and 4).
struct Distribution
{
    static constexpr std::array<int, 7> kPercentiles = {10, 25, 50, 75, 90, 95, 99};

    std::size_t n = 0;
    std::array<double, 7> percentileUs = {}; // v[min(floor(n·p/100), n−1)] of the sorted values
    double maxUs = 0;
    double meanUs = 0;
    double totalUs = 0;
};

Distribution distributionOf(std::vector<double> values);

// Part 3, per row: start − dispatch, lowered to start − previous end when the core was still busy
// with its previous row (rows sorted by start per core), clamped at 0.
std::vector<double> headOverheads(const AnalysisInput &in);
// Part 4, per row: max(0, finish − end).
std::vector<double> tailOverheads(const AnalysisInput &in);

} // namespace lanescope
