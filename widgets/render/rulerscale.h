#pragma once

#include "widgets/text/timeformat.h"
#include "widgets/timeline/timeviewport.h"

#include <QString>
#include <functional>
#include <vector>

namespace lanescope {

// Tick spacing of the time ruler: major ticks every 1, 2 or 5 × 10^k µs, as dense as their labels
// allow without touching each other.
struct RulerScale
{
    double majorStepUs = 1;
    double minorStepUs = 0.2;
    TimeUnit unit = TimeUnit::Us;
    int decimals = 0;

    QString label(double us) const { return formatTime(us, unit, decimals); }
    // Times of the major (or minor) ticks inside `visible`, computed from integer multiples so
    // that long rulers do not accumulate rounding error.
    std::vector<double> majorTicks(TimeRange visible) const;
    std::vector<double> minorTicks(TimeRange visible) const;
};

// `textWidth` measures a label in pixels; `minGapPx` is the free space kept between two labels.
RulerScale chooseRulerScale(TimeRange visible, int plotWidthPx,
                            const std::function<int(const QString &)> &textWidth, int minGapPx = 24);

} // namespace lanescope
