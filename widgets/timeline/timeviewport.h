#pragma once

#include "model/capture/timerange.h"

#include <algorithm>
#include <cmath>

namespace lanescope {

// What part of a timeline is on screen: the visible time range mapped onto the plot area (the
// widget width minus the lane header column), and how far the lanes are scrolled vertically.
// Pure value maths, shared by the view, the painter and export so they can never disagree.
struct TimelineViewport
{
    // Below this a bar of one nanosecond would be wider than a 4K screen; more zoom is useless.
    static constexpr double kMinSpanUs = 1e-4;

    double t0Us = 0;
    double t1Us = 1;
    int widthPx = 1;       // whole drawing width, header column included
    int heightPx = 1;      // whole drawing height, ruler included
    int headerWidthPx = 0; // lane header column on the left
    int rulerHeightPx = 0; // time ruler on top
    double scrollYPx = 0;  // how far the lane rows are scrolled up

    double spanUs() const { return t1Us - t0Us; }
    TimeRange range() const { return {t0Us, t1Us}; }
    int plotLeft() const { return headerWidthPx; }
    int plotWidth() const { return std::max(1, widthPx - headerWidthPx); }
    int plotRight() const { return plotLeft() + plotWidth(); }
    int lanesTop() const { return rulerHeightPx; }
    int lanesHeight() const { return std::max(0, heightPx - rulerHeightPx); }
    double pxPerUs() const { return plotWidth() / spanUs(); }
    double usPerPx() const { return spanUs() / plotWidth(); }

    // Widget x of a time; may lie far outside the plot when zoomed in.
    double xOf(double us) const { return plotLeft() + (us - t0Us) * pxPerUs(); }
    double timeAt(double x) const { return t0Us + (x - plotLeft()) * usPerPx(); }

    // Zoom by `factor` (> 1 zooms in) so that the time under widget x stays under x.
    TimelineViewport zoomedAt(double x, double factor) const
    {
        TimelineViewport v = *this;
        if (!(factor > 0) || !std::isfinite(factor))
            return v;
        const double anchor = timeAt(x);
        const double newSpan = std::max(kMinSpanUs, spanUs() / factor);
        const double fraction = (x - plotLeft()) / plotWidth();
        v.t0Us = anchor - fraction * newSpan;
        v.t1Us = v.t0Us + newSpan;
        return v;
    }

    // Move the content by dxPx pixels: a positive dx drags the picture right, showing earlier time.
    TimelineViewport pannedByPixels(double dxPx) const
    {
        TimelineViewport v = *this;
        const double dt = dxPx * usPerPx();
        v.t0Us -= dt;
        v.t1Us -= dt;
        return v;
    }

    TimelineViewport withRange(TimeRange r) const
    {
        TimelineViewport v = *this;
        v.t0Us = r.startUs;
        v.t1Us = r.endUs;
        return v;
    }

    // Keep the visible range inside `bounds`: never wider than the bounds, never narrower than the
    // minimum span, shifted (not squeezed) back when it leaves them.
    TimelineViewport clampedTo(TimeRange bounds) const
    {
        TimelineViewport v = *this;
        if (!bounds.isValid())
            return v;
        double span = std::clamp(spanUs(), kMinSpanUs, std::max(kMinSpanUs, bounds.span()));
        if (!std::isfinite(span))
            span = bounds.span();
        double t0 = std::isfinite(t0Us) ? t0Us : bounds.startUs;
        t0 = std::clamp(t0, bounds.startUs, std::max(bounds.startUs, bounds.endUs - span));
        v.t0Us = t0;
        v.t1Us = t0 + span;
        return v;
    }

    TimelineViewport clampedScroll(double contentHeightPx) const
    {
        TimelineViewport v = *this;
        const double maxScroll = std::max(0.0, contentHeightPx - lanesHeight());
        v.scrollYPx = std::clamp(scrollYPx, 0.0, maxScroll);
        return v;
    }

    friend bool operator==(const TimelineViewport &, const TimelineViewport &) = default;
};

// The range that shows all of `extent` with a small margin on both sides, so the first and last
// bars are not glued to the plot edges.
inline TimeRange fitRange(TimeRange extent, double marginFraction = 0.02)
{
    if (!extent.isValid()) {
        const double centre = std::isfinite(extent.startUs) ? extent.startUs : 0.0;
        return {centre - 0.5, centre + 0.5};
    }
    const double pad = extent.span() * marginFraction;
    return {extent.startUs - pad, extent.endUs + pad};
}

} // namespace lanescope
