#pragma once

#include "model/capture/hostplacement.h"
#include "widgets/timeline/timeviewport.h"

#include <vector>

namespace lanescope {

// Where the uncertainty of a host-clock placement is drawn, in device-axis µs: at the device
// work's first and at its last timestamp, the interval where that instant truly lies relative to
// the host bars ([t + low, t + high]). The painter fills these along the aligned host lanes and
// across the seam between them and the device lanes. Empty without a placement; two intervals
// that touch or overlap become one.
std::vector<TimeRange> hostPlacementBandSpans(const HostPlacement &placement);

} // namespace lanescope
