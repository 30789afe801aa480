#include "widgets/render/countergeometry.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

int CounterGeometry::yOf(double value) const
{
    const double share = std::isfinite(value) ? (value - lowest) / (highest - lowest) : 0.0;
    return int(std::lround(baseline - share * (baseline - top)));
}

CounterGeometry counterGeometry(const CounterTrack &counter, std::pair<double, double> range, double rowTop,
                                int rowHeight, CounterScale scale)
{
    CounterGeometry g;
    g.top = rowTop + 5; // room for the peak marker above the highest value
    g.baseline = rowTop + rowHeight - 4;
    g.lowest = range.first;
    g.highest = range.second;
    if (counter.capacity && *counter.capacity > 0) {
        const double capacity = *counter.capacity;
        if (scale == CounterScale::Capacity) {
            // From empty to full: the ceiling is always drawn, at the top unless the track overran it.
            g.lowest = std::min(0.0, range.first);
            g.highest = std::max(capacity, range.second);
            g.capacityLine = true;
        } else {
            // The peak at the top; the ceiling only shows when the track reached or overran it.
            g.capacityLine = capacity <= range.second;
        }
    }
    if (!(g.highest > g.lowest))
        g.highest = g.lowest + 1;
    return g;
}

} // namespace lanescope
