#pragma once

#include "widgets/overlays/timelineoverlay.h"
#include "widgets/timeline/timelineannotations.h"

#include <QFont>
#include <QRectF>
#include <optional>
#include <vector>

namespace lanescope {

// The measured region: a shaded band over the bars with its edges drawn, and its duration on the
// ruler. Drawn by the screen and by export alike, so a picture shows what was measured.
class MeasurementOverlay : public TimelineOverlay
{
public:
    void setRegion(std::optional<TimeRange> region) { m_region = region; }
    std::optional<TimeRange> region() const { return m_region; }
    void paint(QPainter &p, const TimelineOverlayContext &context) const override;

    static QColor colour();

private:
    std::optional<TimeRange> m_region;
};

// Markers: a dashed line over the bars and a flag with the marker's name (or time) on the ruler.
class MarkerOverlay : public TimelineOverlay
{
public:
    void setMarkers(std::vector<TimelineMarker> markers) { m_markers = std::move(markers); }
    const std::vector<TimelineMarker> &markers() const { return m_markers; }
    void paint(QPainter &p, const TimelineOverlayContext &context) const override;

    static QColor colour();
    // What a marker's flag says: its name, else its time.
    static QString flagText(const TimelineMarker &marker);
    // The font a flag is written in, from the font the timeline is drawn with.
    static QFont flagFont(QFont base);
    // Where a marker's flag sits on the ruler (viewport coordinates), or an empty rectangle when
    // the marker is off the plot.
    static QRectF flagRect(const TimelineMarker &marker, const TimelineViewport &vp, const QFont &base);
    // The id of the marker whose flag, or line across the ruler, is under `pos` (the one drawn on
    // top where flags overlap), or 0: what a click on the ruler points at, as paint() draws it.
    int markerAtFlag(QPointF pos, const TimelineViewport &vp, const QFont &base) const;

private:
    std::vector<TimelineMarker> m_markers;
};

} // namespace lanescope
