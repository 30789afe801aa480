#pragma once

#include "model/analysis/dependencyanchors.h"
#include "widgets/timeline/timeviewport.h"

#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace lanescope {

struct ArrowStyle
{
    double headLengthPx = 7;
    double headHalfWidthPx = 3.5;
    double minBendPx = 14;  // how far the curve leaves its ends horizontally, at least
    int curveSegments = 16; // polyline pieces of the curve
};

// One arrow ready to stroke and fill: `path` from the source anchor to the destination (a curve
// leaving and entering horizontally, or a straight piece when one end is far off the plot),
// `head` a triangle whose tip is where the path ends. When the destination lies outside the clip
// rectangle the path stops at the rectangle's border and the head sits there, pointing on.
struct ArrowShape
{
    QPolygonF path;
    QPolygonF head;
    bool toOutside = false;   // the destination is off the clip rectangle: the head marks the border
    bool fromOutside = false; // the source is off the clip rectangle: the path starts at the border

    bool isEmpty() const { return path.size() < 2; }
};

// The arrow from `from` (the producer bar's anchor point) to `to` (the consumer bar's start) as
// seen through `clip` (the plot area). Empty when no part of it can be seen or a point is not finite.
ArrowShape arrowShape(QPointF from, QPointF to, const QRectF &clip, const ArrowStyle &style = {});

// The part of the segment a-b inside `clip` (Liang-Barsky), if any.
std::optional<std::pair<QPointF, QPointF>> clipSegment(QPointF a, QPointF b, const QRectF &clip);

// Vertical centre of the bar an anchor attaches to -> viewport y, or nothing when its lane has no
// visible row (hidden, or its group is folded and nothing stands in for it).
using BarCentreY = std::function<std::optional<double>(const DependencyAnchor &bar)>;

// The arrows of one dependency edge in one view (spec §7.5): every pair of producer anchor x
// consumer anchor, from the producer bar's end (where the consumer may start) to the consumer
// bar's start, each on its bar's vertical centre. Pairs with an end in no visible row are skipped
// and counted in `skipped`; `violations` flags the pairs whose consumer started before the
// producer ended.
struct EdgeArrows
{
    std::vector<ArrowShape> arrows;
    std::vector<bool> violations; // parallel to arrows
    int skipped = 0;
};
EdgeArrows edgeArrows(const TimelineViewport &viewport, std::span<const DependencyAnchor> from,
                      std::span<const DependencyAnchor> to, const BarCentreY &barCentreY, const QRectF &clip,
                      const ArrowStyle &style = {});

} // namespace lanescope
