#include "widgets/overlays/selectionoverlay.h"

#include "widgets/render/timelineindex.h"
#include "widgets/render/timelinepainter.h"

#include <QPainter>
#include <algorithm>
#include <cmath>

namespace lanescope {

SelectionOverlay::SelectionOverlay(SliceRef selected, std::vector<SliceRef> related)
    : m_selected(selected), m_related(std::move(related))
{
}

SelectionOverlay SelectionOverlay::of(const TimelinePaintOptions &options)
{
    return {options.highlight, options.relatedSlices};
}

std::optional<QRectF> SelectionOverlay::outlineRect(SliceRef bar, const TimelineOverlayContext &context)
{
    const Capture &capture = context.capture;
    if (!bar.isValid() || std::size_t(bar.lane) >= capture.lanes.size())
        return std::nullopt;
    const Lane &lane = capture.lanes[std::size_t(bar.lane)];
    if (bar.slice >= lane.slices.size())
        return std::nullopt;
    const Slice &s = lane.slices[bar.slice];
    const int depth = std::min<int>(s.depth, context.index.levelCount(std::size_t(bar.lane)) - 1);
    const std::optional<double> top = context.laneTop(bar.lane, depth);
    if (!top)
        return std::nullopt;
    // The pixel column the bars are drawn in, clamped just outside the plot as the bars are.
    const TimelineViewport &vp = context.viewport;
    auto column = [&](double us) {
        const double x = std::clamp(vp.xOf(us) + 0.5, vp.plotLeft() - 2 + 0.5, vp.plotRight() + 2 + 0.5);
        return int(std::floor(std::isnan(x) ? vp.plotLeft() - 2 + 0.5 : x));
    };
    const int left = std::max(vp.plotLeft(), column(s.startUs) - 1);
    const int right = std::min(vp.plotRight(), std::max(column(s.endUs), column(s.startUs) + 1) + 1);
    if (right <= left)
        return std::nullopt;
    const int height = context.layout.metrics().sliceRowHeightPx - 1;
    return QRectF(left, *top, right - left, height);
}

void SelectionOverlay::paint(QPainter &p, const TimelineOverlayContext &context) const
{
    p.setClipRect(context.plotRect());
    p.setRenderHint(QPainter::Antialiasing, false);
    p.setBrush(Qt::NoBrush);
    auto outline = [&](SliceRef bar, const QPen &pen) {
        if (const auto rect = outlineRect(bar, context)) {
            p.setPen(pen);
            p.drawRect(*rect);
        }
    };
    for (const SliceRef &bar : m_related) {
        if (bar != m_selected)
            outline(bar, QPen(context.colours.related, 1, Qt::DashLine));
    }
    outline(m_selected, QPen(context.colours.highlight, 2));
}

} // namespace lanescope
