#pragma once

// A capture small enough to measure by hand, for the region tests: level 1, two cores. AIC_0 runs
// task 1 [100, 300] and task 2 [500, 600]; AIV_1 runs task 3 [0, 1000]. No dependencies, so
// idle-with-ready-work cannot be computed.

#include "model/capture/capture.h"

namespace lanescope {

std::shared_ptr<Capture> twoCoreCapture();
// The same with a host lane first, placed by containment (inferred, 50 µs of slack), holding one
// span [550, 650].
std::shared_ptr<Capture> twoCoreCaptureWithPlacedHost();

} // namespace lanescope
