#include "widgets/timeline/regionsnap.h"

#include <algorithm>

namespace lanescope {

double snapTime(double us, const EdgeNear &edgeNear, double toleranceUs)
{
    return (toleranceUs > 0 ? edgeNear(us, toleranceUs) : std::nullopt).value_or(us);
}

TimeRange snapRegion(double fromUs, double toUs, const EdgeNear &edgeNear, double toleranceUs)
{
    const double lo = std::min(fromUs, toUs);
    const double hi = std::max(fromUs, toUs);
    const double a = snapTime(lo, edgeNear, toleranceUs);
    const double b = snapTime(hi, edgeNear, toleranceUs);
    if (!(b > a))
        return {lo, hi};
    return {a, b};
}

TimeRange snapMovedEdge(double fixedUs, double movingUs, const EdgeNear &edgeNear, double toleranceUs)
{
    double moved = snapTime(movingUs, edgeNear, toleranceUs);
    if (moved == fixedUs)
        moved = movingUs;
    return {std::min(fixedUs, moved), std::max(fixedUs, moved)};
}

} // namespace lanescope
