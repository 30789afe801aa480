#pragma once

#include "widgets/render/timelineframe.h"

#include <optional>

namespace lanescope {

// A counter track's row: the highest value held in each pixel column as a filled step line from
// zero, a derived track's capacity as a ceiling and its peak, scaled as TimelinePaintOptions::
// counterScale says (countergeometry.h).
class CounterPainter
{
public:
    explicit CounterPainter(TimelineFrame &frame) : m_f(frame) {}

    void drawCounter(const TimelineRow &row);

private:
    void drawCounterCeilingAndPeak(const CounterTrack &counter, std::optional<int> capacityY, int peakY,
                                   double peak);

    TimelineFrame &m_f;
};

} // namespace lanescope
