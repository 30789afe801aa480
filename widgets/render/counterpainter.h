#pragma once

#include "widgets/render/timelineframe.h"

namespace lanescope {

// A counter track's row: the highest value held in each pixel column as a filled step line from
// zero, a derived track's capacity as a ceiling once the values come near it, and its peak.
class CounterPainter
{
public:
    explicit CounterPainter(TimelineFrame &frame) : m_f(frame) {}

    void drawCounter(const TimelineRow &row);

private:
    void drawCounterCeilingAndPeak(const CounterTrack &counter, int capacityY, int peakY, double peak);

    TimelineFrame &m_f;
};

} // namespace lanescope
