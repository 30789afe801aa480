#pragma once

#include "model/capture/scopestats.h"

#include <array>

namespace lanescope {

// Ring pressure from scope stats (digest M18): per (run_epoch, ring, site) begin/end pairs matched
// with a stack; for each pair and resource, high water = end.X_end − begin.X_start; peak = the largest
// high water; use = peak / capacity of that ring (resources without a capacity are skipped).
struct RingPressure
{
    // use[ring][resource]: resource 0 task window, 1 heap, 2 dep pool; -1 where there is no capacity.
    std::array<std::array<double, 3>, 4> use = {{{-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}, {-1, -1, -1}}};
    bool anyCapacity = false;
    double maxUse = 0;         // over rings and resources
    int ringsUsed = 0;         // rings with a positive peak in any resource
    double largestRingUse = 0; // Σ use over the resources of the ring with the largest such sum
    double totalUse = 0;       // Σ use over every ring and resource
};

RingPressure ringPressure(const ScopeStats &stats);

} // namespace lanescope
