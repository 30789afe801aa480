#pragma once

#include "widgets/render/timelineframe.h"

namespace lanescope {

// The time ruler above the plot: minor and major ticks of the frame's scale, the major ticks'
// times, and in the corner above the header column how much time the plot shows.
class RulerPainter
{
public:
    explicit RulerPainter(TimelineFrame &frame) : m_f(frame) {}

    void drawRuler();

private:
    TimelineFrame &m_f;
};

} // namespace lanescope
