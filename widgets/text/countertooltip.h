#pragma once

#include "model/capture/lane.h"

#include <QString>

namespace lanescope {

// Tooltip of a counter track at a time: the title, the value held then and, for derived tracks
// that carry them, the % of capacity and the label (scope site) of that step. Empty before the
// track's first point or after its last.
QString describeCounterAt(const CounterTrack &counter, double us);

} // namespace lanescope
