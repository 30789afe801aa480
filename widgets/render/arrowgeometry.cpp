#include "widgets/render/arrowgeometry.h"

#include <QLineF>
#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

bool finite(QPointF p)
{
    return std::isfinite(p.x()) && std::isfinite(p.y());
}

// Triangle with its tip at `tip`, pointing along `direction` (a non-zero vector).
QPolygonF headAt(QPointF tip, QPointF direction, const ArrowStyle &style)
{
    const double len = std::hypot(direction.x(), direction.y());
    const QPointF u = len > 0 ? direction / len : QPointF(1, 0);
    const QPointF n(-u.y(), u.x());
    const QPointF base = tip - u * style.headLengthPx;
    return QPolygonF({tip, base + n * style.headHalfWidthPx, base - n * style.headHalfWidthPx});
}

// Cubic Bezier from `a` to `b` with horizontal tangents at both ends.
QPolygonF curve(QPointF a, QPointF b, const ArrowStyle &style)
{
    const double bend = std::max(style.minBendPx, std::abs(b.x() - a.x()) / 2);
    const QPointF c1(a.x() + bend, a.y());
    const QPointF c2(b.x() - bend, b.y());
    const int n = std::max(2, style.curveSegments);
    QPolygonF out;
    out.reserve(n + 1);
    for (int i = 0; i <= n; ++i) {
        const double t = double(i) / n, s = 1 - t;
        out << a * (s * s * s) + c1 * (3 * s * s * t) + c2 * (3 * s * t * t) + b * (t * t * t);
    }
    return out;
}

} // namespace

std::optional<std::pair<QPointF, QPointF>> clipSegment(QPointF a, QPointF b, const QRectF &clip)
{
    if (!finite(a) || !finite(b) || clip.isEmpty())
        return std::nullopt;
    const double dx = b.x() - a.x(), dy = b.y() - a.y();
    double t0 = 0, t1 = 1;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {a.x() - clip.left(), clip.right() - a.x(), a.y() - clip.top(),
                         clip.bottom() - a.y()};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return std::nullopt;
            continue;
        }
        const double r = q[i] / p[i];
        if (p[i] < 0)
            t0 = std::max(t0, r);
        else
            t1 = std::min(t1, r);
        if (t0 > t1)
            return std::nullopt;
    }
    return std::make_pair(QPointF(a.x() + t0 * dx, a.y() + t0 * dy),
                          QPointF(a.x() + t1 * dx, a.y() + t1 * dy));
}

ArrowShape arrowShape(QPointF from, QPointF to, const QRectF &clip, const ArrowStyle &style)
{
    ArrowShape shape;
    if (!finite(from) || !finite(to) || clip.isEmpty())
        return shape;
    const bool fromIn = clip.contains(from);
    const bool toIn = clip.contains(to);
    // Near the plot the curve is drawn whole and the painter's clip cuts it; its bulge reaches at
    // most `bend` past its ends horizontally, which decides whether any of it can be seen.
    const double margin = std::max(clip.width(), clip.height());
    const QRectF near = clip.adjusted(-margin, -margin, margin, margin);
    if (near.contains(from) && near.contains(to)) {
        const double bend = std::max(style.minBendPx, std::abs(to.x() - from.x()) / 2);
        const double left = std::min(from.x(), to.x() - bend), right = std::max(to.x(), from.x() + bend);
        const double top = std::min(from.y(), to.y()), bottom = std::max(from.y(), to.y());
        if (right < clip.left() || left > clip.right() || bottom < clip.top() - style.headHalfWidthPx ||
            top > clip.bottom() + style.headHalfWidthPx)
            return shape;
        shape.fromOutside = !fromIn;
        shape.toOutside = !toIn;
        shape.path = curve(from, to, style);
        shape.head = headAt(to, QPointF(1, 0), style);
        return shape;
    }
    // An end off the plot (possibly by millions of pixels when zoomed in): a straight piece cut at
    // the border keeps coordinates small and still says where the other end lies.
    const auto piece = clipSegment(from, to, clip);
    if (!piece)
        return shape;
    shape.fromOutside = !fromIn;
    shape.toOutside = !toIn;
    QPointF direction = to - from;
    if (direction.isNull())
        direction = QPointF(1, 0);
    shape.path = QPolygonF({piece->first, piece->second});
    if (piece->first == piece->second)
        shape.path[0] = piece->second - direction / std::hypot(direction.x(), direction.y());
    shape.head = headAt(piece->second, direction, style);
    return shape;
}

EdgeArrows edgeArrows(const TimelineViewport &viewport, std::span<const DependencyAnchor> from,
                      std::span<const DependencyAnchor> to, const BarCentreY &barCentreY, const QRectF &clip,
                      const ArrowStyle &style)
{
    EdgeArrows out;
    for (const DependencyAnchor &a : from) {
        const auto ya = barCentreY(a);
        for (const DependencyAnchor &b : to) {
            const auto yb = ya ? barCentreY(b) : std::nullopt;
            if (!ya || !yb) {
                ++out.skipped;
                continue;
            }
            ArrowShape shape = arrowShape(QPointF(viewport.xOf(a.endUs), *ya),
                                          QPointF(viewport.xOf(b.startUs), *yb), clip, style);
            if (shape.isEmpty())
                continue;
            out.arrows.push_back(std::move(shape));
            out.violations.push_back(isHbViolation(a.endUs, b.startUs));
        }
    }
    return out;
}

} // namespace lanescope
