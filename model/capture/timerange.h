#pragma once

#include <cmath>

namespace lanescope {

// A closed time interval in microseconds relative to the capture start.
struct TimeRange
{
    double startUs = 0;
    double endUs = 0;

    double span() const { return endUs - startUs; }
    bool isValid() const { return std::isfinite(startUs) && std::isfinite(endUs) && endUs > startUs; }
    bool contains(double us) const { return us >= startUs && us <= endUs; }
    friend bool operator==(const TimeRange &, const TimeRange &) = default;
};

} // namespace lanescope
