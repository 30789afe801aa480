#pragma once

#include "capture.h"

#include <vector>

namespace lanescope {

// The start and end times of every non-instant bar on the clock-aligned lanes, sorted, unique:
// where a measured region's edges snap to. Sorting them takes a while at a million bars, so a
// document computes them once per run (capturefacts.h).
std::vector<double> barEdges(const Capture &capture);

} // namespace lanescope
