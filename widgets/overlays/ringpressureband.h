#pragma once

#include "widgets/overlays/timelineoverlay.h"

#include <optional>
#include <utility>
#include <vector>

namespace lanescope {

// The fullest ring over time: a translucent band over the AICore lanes whose opacity is the
// highest occupancy / capacity of any ring track (ringtracks.h) held at that time, so a stall in
// the bars lines up with the ring pressure that caused it. Inferred, like the tracks it reads
// (spec §8.4), and says so. Draws nothing when no ring track has a capacity. Reads the capture and
// the viewport of each frame, so it follows zoom and pan by construction.
class RingPressureBand : public TimelineOverlay
{
public:
    void paint(QPainter &p, const TimelineOverlayContext &context) const override;

    // Per plot column, the highest value / capacity held there by any ring track with a capacity;
    // NaN where no such track has a value.
    static std::vector<double> columnFractions(const Capture &capture, const TimelineViewport &viewport);
    // Viewport y span [top, bottom) of the AICore lanes' rows, clipped to the lanes area; nothing
    // when no AICore lane is shown.
    static std::optional<std::pair<int, int>> bandExtent(const TimelineOverlayContext &context);
    // Opacity (0-255) the band uses for a fraction.
    static int alphaFor(double fraction);
};

} // namespace lanescope
