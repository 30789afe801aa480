#pragma once

#include "model/capture/capture.h"
#include "widgets/style/timelinecolours.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timeviewport.h"

#include <QRect>

class QPainter;

namespace lanescope {

class TimelineIndex;

// What an overlay may read while it draws: the frame being painted, in its own coordinates.
struct TimelineOverlayContext
{
    const Capture &capture;
    const TimelineViewport &viewport;
    const TimelineLayout &layout;
    const TimelineIndex &index;
    const TimelineColours &colours;

    // Viewport y of the top of a lane's bars at `depth`, or nothing when the lane has no row.
    std::optional<double> laneTop(int laneIndex, int depth = 0) const
    {
        const int row = layout.rowOfLane(laneIndex);
        if (row < 0)
            return std::nullopt;
        return viewport.lanesTop() + layout.sliceTop(layout.rows()[std::size_t(row)], depth) -
               viewport.scrollYPx;
    }
    QRect plotRect() const
    {
        return {viewport.plotLeft(), viewport.lanesTop(), viewport.plotWidth(), viewport.lanesHeight()};
    }
    QRect rulerRect() const { return {viewport.plotLeft(), 0, viewport.plotWidth(), viewport.lanesTop()}; }
};

// Something drawn over the bars of a timeline (arrows, a measured region, markers, a highlighted
// path, a pressure band). Overlays are painted after the bars in the order they were added, by the
// screen and by PNG/SVG export alike, and never invalidate the cached frame of bars: changing one
// costs a blit plus the overlay. An overlay clips itself; the painter saves and restores around it.
class TimelineOverlay
{
public:
    virtual ~TimelineOverlay() = default;
    virtual void paint(QPainter &p, const TimelineOverlayContext &context) const = 0;
};

} // namespace lanescope
