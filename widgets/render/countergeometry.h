#pragma once

#include "model/capture/lane.h"

#include <cstdint>
#include <utility>

namespace lanescope {

// What the height of a counter row stands for. A track with a capacity (a ring's occupancy) is
// drawn against it by default, so a pool at 0.4 % of its size looks nearly empty and one near its
// end looks full; scaling to the track's own peak shows the shape of a small curve instead. Tracks
// without a capacity always span their own values.
enum class CounterScale : std::uint8_t { Capacity, Peak };

// Where a counter row draws its values: from `baseline` (the lowest value of the scale) up to `top`
// (the highest), and the capacity as a ceiling when it lies on the scale.
struct CounterGeometry
{
    double lowest = 0;
    double highest = 1;
    double top = 0;
    double baseline = 0;
    bool capacityLine = false;

    // The row's y of a value (non-finite values sit on the baseline).
    int yOf(double value) const;
};

// `range` is the least and most value of the track (TimelineIndex::counterRange); the row spans
// [rowTop, rowTop + rowHeight).
CounterGeometry counterGeometry(const CounterTrack &counter, std::pair<double, double> range, double rowTop,
                                int rowHeight, CounterScale scale);

} // namespace lanescope
