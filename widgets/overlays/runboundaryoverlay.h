#pragma once

#include "widgets/overlays/timelineoverlay.h"

namespace lanescope {

// The "All runs" view's boundaries (supplement §4.3): a solid line where each run starts, with
// its name at the top of the plot, and a light wash over every other run so that neighbours read
// apart. Reads Capture::runSpans, so it draws nothing on a capture of one run.
class RunBoundaryOverlay : public TimelineOverlay
{
public:
    void paint(QPainter &p, const TimelineOverlayContext &context) const override;
};

} // namespace lanescope
