#pragma once

#include "capture.h"

namespace lanescope {

// The text of one bar, derived on demand from what the slice refers to (labels of spec §6), so
// lanes never store per-slice strings.
QString sliceLabel(const Capture &capture, const Lane &lane, const Slice &slice);

} // namespace lanescope
