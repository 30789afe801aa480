#pragma once

#include "model/capture/timerange.h"

#include <functional>
#include <optional>

namespace lanescope {

// Snapping of a measured region's edges. A region edge dragged close to where a bar starts or
// ends lands exactly on it; since every gap between bars is bounded by bar edges, this also makes
// gaps easy to measure exactly.

// The bar edge nearest to `us` at most `toleranceUs` away, if any (on a tie the earlier edge):
// BarIndex::nearestEdge over a capture's bars.
using EdgeNear = std::function<std::optional<double>(double us, double toleranceUs)>;

// `us` moved onto the nearest edge within the tolerance, else unchanged.
double snapTime(double us, const EdgeNear &edgeNear, double toleranceUs);

// A region from two dragged times in any order, each snapped; the result is ordered. When both
// ends snap onto the same edge the unsnapped times are kept, so a short drag never collapses.
TimeRange snapRegion(double fromUs, double toUs, const EdgeNear &edgeNear, double toleranceUs);

// A region with one edge kept where it is (`fixedUs`) and the other dragged to `movingUs`, which
// alone snaps; the result is ordered, so dragging an edge past the other swaps their roles. When
// the dragged edge would snap onto the fixed one the unsnapped time is kept.
TimeRange snapMovedEdge(double fixedUs, double movingUs, const EdgeNear &edgeNear, double toleranceUs);

} // namespace lanescope
