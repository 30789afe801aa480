#pragma once

#include "model/index/sliceref.h"
#include "widgets/overlays/timelineoverlay.h"

#include <QRectF>
#include <optional>
#include <vector>

namespace lanescope {

struct TimelinePaintOptions;

// The selected bar outlined in the highlight colour, and the bars selected with it (the other
// blocks of an SPMD task) outlined more lightly, dashed. The painter draws it first among the
// overlays, from TimelinePaintOptions::highlight / relatedSlices, so it never invalidates the
// cached frame of bars.
class SelectionOverlay : public TimelineOverlay
{
public:
    SelectionOverlay() = default;
    SelectionOverlay(SliceRef selected, std::vector<SliceRef> related);
    // The selection the options describe.
    static SelectionOverlay of(const TimelinePaintOptions &options);

    SliceRef selected() const { return m_selected; }
    const std::vector<SliceRef> &related() const { return m_related; }
    bool isEmpty() const { return !m_selected.isValid() && m_related.empty(); }

    void paint(QPainter &p, const TimelineOverlayContext &context) const override;

    // Where `bar`'s outline is drawn in the context's viewport, or nothing when its lane is not
    // shown or the bar is off the plot.
    static std::optional<QRectF> outlineRect(SliceRef bar, const TimelineOverlayContext &context);

private:
    SliceRef m_selected;
    std::vector<SliceRef> m_related;
};

} // namespace lanescope
