#pragma once

#include "model/techniques/reviewsession.h"
#include "widgets/overlays/timelineoverlay.h"

#include <vector>

namespace lanescope {

// The review's named markers as dashed vertical lines with their names at the top of the plot.
// Marker times count from the aligned start of the pair, so one overlay per view is given that
// view's start (the time of its first bar).
class ReviewMarkerOverlay : public TimelineOverlay
{
public:
    explicit ReviewMarkerOverlay(double startUs = 0) : m_startUs(startUs) {}

    void setStart(double startUs) { m_startUs = startUs; }
    void setMarkers(std::vector<ReviewMarker> markers) { m_markers = std::move(markers); }
    const std::vector<ReviewMarker> &markers() const { return m_markers; }

    void paint(QPainter &p, const TimelineOverlayContext &context) const override;

private:
    double m_startUs = 0;
    std::vector<ReviewMarker> m_markers;
};

} // namespace lanescope
