#include "widgets/timeline/regionsnap.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

std::optional<double> nearestEdge(double us, std::span<const double> sortedEdges, double toleranceUs)
{
    if (!(toleranceUs > 0) || !std::isfinite(us) || sortedEdges.empty())
        return std::nullopt;
    const auto after = std::lower_bound(sortedEdges.begin(), sortedEdges.end(), us);
    std::optional<double> best;
    double bestDistance = toleranceUs;
    auto consider = [&](double edge) {
        const double d = std::abs(edge - us);
        if (d < bestDistance || (d == bestDistance && !best)) {
            best = edge;
            bestDistance = d;
        }
    };
    if (after != sortedEdges.begin())
        consider(*std::prev(after)); // earlier edge first: it wins ties
    if (after != sortedEdges.end())
        consider(*after);
    return best;
}

double snapTime(double us, std::span<const double> sortedEdges, double toleranceUs)
{
    return nearestEdge(us, sortedEdges, toleranceUs).value_or(us);
}

TimeRange snapRegion(double fromUs, double toUs, std::span<const double> sortedEdges, double toleranceUs)
{
    const double lo = std::min(fromUs, toUs);
    const double hi = std::max(fromUs, toUs);
    const double a = snapTime(lo, sortedEdges, toleranceUs);
    const double b = snapTime(hi, sortedEdges, toleranceUs);
    if (!(b > a))
        return {lo, hi};
    return {a, b};
}

TimeRange snapMovedEdge(double fixedUs, double movingUs, std::span<const double> sortedEdges,
                        double toleranceUs)
{
    double moved = snapTime(movingUs, sortedEdges, toleranceUs);
    if (moved == fixedUs)
        moved = movingUs;
    return {std::min(fixedUs, moved), std::max(fixedUs, moved)};
}

} // namespace lanescope
