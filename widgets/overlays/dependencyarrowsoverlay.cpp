#include "widgets/overlays/dependencyarrowsoverlay.h"

#include "model/format/counttext.h"
#include "model/session/capturefacts.h"
#include "widgets/render/timelineindex.h"

#include <QFontMetrics>
#include <QHash>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

QColor arrowColour(const TimelineColours &colours, int alpha)
{
    QColor c = colours.text;
    c.setAlpha(alpha);
    return c;
}

// Orange-red that reads as "warning" on the light and the dark background alike.
QColor warningColour(const TimelineColours &colours, int alpha)
{
    QColor c = colours.background.lightness() < 128 ? QColor(255, 120, 60) : QColor(214, 48, 0);
    c.setAlpha(alpha);
    return c;
}

constexpr double kFoldedDotRadiusPx = 3;

} // namespace

void DependencyArrowsOverlay::Stats::add(const Stats &other)
{
    arrowsInView += other.arrowsInView;
    arrowsDrawn += other.arrowsDrawn;
    violationsDrawn += other.violationsDrawn;
    endsNotShown += other.endsNotShown;
    endsFolded += other.endsFolded;
    insideFolded += other.insideFolded;
}

DependencyArrowsOverlay::DependencyArrowsOverlay(CapturePtr capture) : m_capture(std::move(capture))
{
    // The document built the anchors with the capture; a capture built another way gets its own.
    if (m_capture && m_capture->facts && m_capture->facts->anchors) {
        m_anchors = m_capture->facts->anchors;
        return;
    }
    static const Capture empty;
    m_anchors = std::make_shared<const DependencyAnchors>(m_capture ? *m_capture : empty);
}

QString DependencyArrowsOverlay::foldedMarkerText(std::size_t arrows)
{
    return countText(std::int64_t(arrows), QStringLiteral("arrow inside"), QStringLiteral("arrows inside"));
}

QString DependencyArrowsOverlay::overCapText(std::size_t arrows)
{
    QString digits = QString::number(arrows);
    for (qsizetype i = digits.size() - 3; i > 0; i -= 3)
        digits.insert(i, QLatin1Char(' '));
    return QStringLiteral("%1 arrows in view \u2014 zoom in").arg(digits);
}

DependencyArrowsOverlay::ArrowSet
DependencyArrowsOverlay::arrowsOf(const std::vector<DependencyEdge> &edges) const
{
    ArrowSet set;
    if (!m_capture)
        return set;
    std::vector<Arrow> &out = set.arrows;
    out.reserve(edges.size());
    std::vector<DependencyAnchor> from, to; // kept from edge to edge: hundreds of thousands of them
    for (const DependencyEdge &e : edges) {
        for (DependencyView view : {DependencyView::Worker, DependencyView::Scheduler}) {
            m_anchors->anchors(*m_capture, e.pred, view, from);
            if (from.empty())
                continue;
            m_anchors->anchors(*m_capture, e.succ, view, to);
            for (const DependencyAnchor &a : from) {
                for (const DependencyAnchor &b : to) {
                    Arrow arrow;
                    arrow.fromUs = a.endUs;
                    arrow.toUs = b.startUs;
                    arrow.loUs = std::min(arrow.fromUs, arrow.toUs);
                    arrow.hiUs = std::max(arrow.fromUs, arrow.toUs);
                    arrow.fromLane = a.lane;
                    arrow.toLane = b.lane;
                    arrow.fromDepth = anchorDepth(*m_capture, a);
                    arrow.toDepth = anchorDepth(*m_capture, b);
                    arrow.violation = isHbViolation(a.endUs, b.startUs);
                    arrow.distance = std::uint8_t(std::min<std::uint32_t>(e.distance, 255));
                    out.push_back(arrow);
                }
            }
        }
    }
    std::sort(out.begin(), out.end(), [](const Arrow &a, const Arrow &b) { return a.loUs < b.loUs; });
    set.blockMaxHi.reserve(out.size() / ArrowSet::kBlock + 1);
    for (std::size_t b = 0; b < out.size(); b += ArrowSet::kBlock) {
        double hi = -std::numeric_limits<double>::infinity();
        for (std::size_t k = b; k < std::min(out.size(), b + ArrowSet::kBlock); ++k)
            hi = std::max(hi, out[k].hiUs);
        set.blockMaxHi.push_back(hi);
    }
    return set;
}

void DependencyArrowsOverlay::setCone(std::vector<DependencyEdge> edges)
{
    m_cone = std::move(edges);
    m_coneArrows = arrowsOf(m_cone);
}

void DependencyArrowsOverlay::setShowAllInView(bool on)
{
    m_showAll = on;
}

bool DependencyArrowsOverlay::paintSet(QPainter &p, const TimelineOverlayContext &context,
                                       const ArrowSet &set, bool faint, const LaneEnds &ends,
                                       std::vector<std::size_t> &inside, Stats &stats) const
{
    const TimelineViewport &vp = context.viewport;
    // A curve leaves its bar by up to 14 px past its ends: widen the time window by that much.
    const double slackUs = 16 * vp.usPerPx();
    const double t0 = vp.t0Us - slackUs, t1 = vp.t1Us + slackUs;
    // Arrows starting after the view are past `end`; blocks ending before it are skipped whole.
    const auto &arrows = set.arrows;
    const std::size_t end =
        std::size_t(std::upper_bound(arrows.begin(), arrows.end(), t1,
                                     [](double t, const Arrow &a) { return t < a.loUs; }) -
                    arrows.begin());
    std::vector<std::uint32_t> visible; // kept only up to the cap; beyond it they are counted
    std::size_t count = 0;
    for (std::size_t b = 0; b * ArrowSet::kBlock < end; ++b) {
        if (set.blockMaxHi[b] < t0)
            continue;
        for (std::size_t k = b * ArrowSet::kBlock; k < std::min(end, (b + 1) * ArrowSet::kBlock); ++k) {
            if (arrows[k].hiUs < t0)
                continue;
            if (++count <= m_cap)
                visible.push_back(std::uint32_t(k));
        }
    }
    stats.arrowsInView += count;
    if (count > m_cap)
        return false;

    // Each arrow is stroked on its own with a one-pixel cosmetic pen: Qt's raster engine has a
    // fast path only for those; a wider antialiased pen costs milliseconds per long line, and one
    // path holding thousands of crossing curves is slower still. Warnings are drawn twice, one
    // pixel apart, to stand out.
    const QRectF clip = context.plotRect();
    const int alpha = faint ? 90 : 200;
    const QColor normalColour = arrowColour(context.colours, alpha);
    const QColor warning = warningColour(context.colours, std::min(255, alpha + 40));
    QPen normalPen(normalColour, 1);
    normalPen.setCosmetic(true);
    QPen warningPen(warning, 1);
    warningPen.setCosmetic(true);
    // Level of detail: hundreds of long antialiased lines cost more than a frame; past this many
    // the lines are drawn aliased (heads stay smooth).
    constexpr std::size_t kMaxSmoothArrows = 400;
    p.setRenderHint(QPainter::Antialiasing, count <= kMaxSmoothArrows);
    std::vector<QPolygonF> heads[2];
    std::vector<QPointF> dots[2]; // ends on a folded heading, at most one per pixel column
    const auto laneEnd = [&ends](int lane, int depth) -> std::optional<double> {
        if (lane < 0 || std::size_t(lane) >= ends.top.size() || std::isnan(ends.top[std::size_t(lane)]))
            return std::nullopt;
        const double top = ends.top[std::size_t(lane)];
        return ends.heading[std::size_t(lane)] >= 0 ? top : top + (depth + 0.5) * ends.rowHeight;
    };
    const auto headingOf = [&ends](int lane) {
        return lane >= 0 && std::size_t(lane) < ends.heading.size() ? ends.heading[std::size_t(lane)] : -1;
    };
    const auto addDot = [](std::vector<QPointF> &list, QPointF at) {
        list.emplace_back(std::round(at.x()), std::round(at.y()));
    };
    for (int pass = 0; pass < 2; ++pass) {
        const bool violations = pass == 1; // warnings on top
        p.setPen(violations ? warningPen : normalPen);
        p.setBrush(Qt::NoBrush);
        for (std::uint32_t k : visible) {
            const Arrow &a = arrows[k];
            if (a.violation != violations)
                continue;
            const auto y0 = laneEnd(a.fromLane, a.fromDepth);
            const auto y1 = y0 ? laneEnd(a.toLane, a.toDepth) : std::nullopt;
            if (!y0 || !y1) {
                ++stats.endsNotShown;
                continue;
            }
            const int fromHeading = headingOf(a.fromLane), toHeading = headingOf(a.toLane);
            if (fromHeading >= 0 && fromHeading == toHeading) {
                ++inside[std::size_t(fromHeading)];
                ++stats.insideFolded;
                continue;
            }
            const QPointF from(vp.xOf(a.fromUs), *y0), to(vp.xOf(a.toUs), *y1);
            ArrowShape shape = arrowShape(from, to, clip);
            if (shape.isEmpty())
                continue;
            p.drawPolyline(shape.path);
            if (violations)
                p.drawPolyline(shape.path.translated(0, 1));
            // The bar a folded end stands for is not shown: a dot says "in there", not "this bar".
            if (toHeading >= 0 && !shape.toOutside)
                addDot(dots[pass], to);
            else
                heads[pass].push_back(std::move(shape.head));
            if (fromHeading >= 0 && !shape.fromOutside)
                addDot(dots[pass], from);
            stats.endsFolded += fromHeading >= 0 || toHeading >= 0 ? 1 : 0;
            ++stats.arrowsDrawn;
            stats.violationsDrawn += violations ? 1 : 0;
        }
    }
    // Arrows ending on the same pixel of a heading share one dot.
    const auto byPosition = [](QPointF a, QPointF b) {
        return std::pair(a.x(), a.y()) < std::pair(b.x(), b.y());
    };
    for (std::vector<QPointF> &list : dots) {
        std::sort(list.begin(), list.end(), byPosition);
        list.erase(std::unique(list.begin(), list.end()), list.end());
    }
    p.setPen(Qt::NoPen);
    p.setRenderHint(QPainter::Antialiasing, true);
    for (int pass = 0; pass < 2; ++pass) {
        p.setBrush(pass == 1 ? warning : normalColour);
        for (const QPolygonF &head : heads[pass])
            p.drawPolygon(head);
        for (const QPointF &dot : dots[pass])
            p.drawEllipse(dot, kFoldedDotRadiusPx, kFoldedDotRadiusPx);
    }
    return true;
}

void DependencyArrowsOverlay::paintFoldedMarkers(QPainter &p, const TimelineOverlayContext &context,
                                                 const LaneEnds &ends, const std::vector<std::size_t> &inside,
                                                 Stats &stats)
{
    // At the left of the plot on the heading: where the eye meets the group's name.
    const QRect plot = context.plotRect();
    const QFontMetrics fm(p.font());
    for (std::size_t h = 0; h < inside.size(); ++h) {
        if (inside[h] == 0)
            continue;
        const QString text = foldedMarkerText(inside[h]);
        const int width = fm.horizontalAdvance(text) + int(2 * kFoldedDotRadiusPx) + 16;
        const int height = fm.height() + 2;
        const QRectF box(plot.left() + 6, ends.headingY[h] - height / 2.0, width, height);
        p.setPen(context.colours.chromeBorder);
        p.setBrush(context.colours.chrome);
        p.drawRoundedRect(box, 4, 4);
        p.setPen(Qt::NoPen);
        p.setBrush(arrowColour(context.colours, 200));
        p.drawEllipse(QPointF(box.left() + 6 + kFoldedDotRadiusPx, box.center().y()), kFoldedDotRadiusPx,
                      kFoldedDotRadiusPx);
        p.setPen(context.colours.text);
        p.drawText(box.adjusted(2 * kFoldedDotRadiusPx + 10, 0, 0, 0), Qt::AlignVCenter | Qt::AlignLeft,
                   text);
        ++stats.foldedMarkers;
        stats.markedInside += inside[h];
    }
}

DependencyArrowsOverlay::LaneEnds DependencyArrowsOverlay::laneEnds(const TimelineOverlayContext &context)
{
    // Once per frame: a shown lane's top; a lane of a folded group ends on the group's heading; a
    // hidden lane has nothing.
    const TimelineLayout &layout = context.layout;
    const std::size_t laneCount = context.capture.lanes.size();
    LaneEnds ends;
    ends.rowHeight = layout.metrics().sliceRowHeightPx;
    ends.top.assign(laneCount, std::numeric_limits<double>::quiet_NaN());
    ends.heading.assign(laneCount, -1);
    for (std::size_t l = 0; l < laneCount; ++l) {
        if (auto top = context.laneTop(int(l)))
            ends.top[l] = *top;
    }
    QHash<QString, int> foldedHeading;
    for (const TimelineRow &row : layout.rows()) {
        if (row.kind != TimelineRow::Kind::GroupHeading || !row.collapsed ||
            foldedHeading.contains(row.group))
            continue;
        foldedHeading.insert(row.group, int(ends.headingY.size()));
        ends.headingY.push_back(context.viewport.lanesTop() + row.y - context.viewport.scrollYPx +
                                row.height / 2.0);
    }
    if (foldedHeading.isEmpty())
        return ends;
    for (std::size_t l = 0; l < laneCount; ++l) {
        if (!std::isnan(ends.top[l]))
            continue;
        const auto it = foldedHeading.constFind(context.capture.lanes[l].group);
        if (it == foldedHeading.cend())
            continue;
        ends.heading[l] = *it;
        ends.top[l] = ends.headingY[std::size_t(*it)];
    }
    return ends;
}

void DependencyArrowsOverlay::paint(QPainter &p, const TimelineOverlayContext &context) const
{
    Stats stats;
    stats.coneEdges = m_cone.size();
    // Export of another capture through the same overlay list: the anchors would not match.
    if (!m_capture || &context.capture != m_capture.get() || (m_cone.empty() && !m_showAll)) {
        m_stats = stats;
        return;
    }

    const LaneEnds ends = laneEnds(context);
    // The marker counts the arrows of the widest set shown: every edge in view when that is on (the
    // selection's are among them), else the selection's; never the two added up.
    std::vector<std::size_t> allInside(ends.headingY.size(), 0), coneInside(ends.headingY.size(), 0);

    p.save();
    p.setClipRect(context.plotRect());
    p.setRenderHint(QPainter::Antialiasing, true);
    std::vector<QString> counts;
    if (m_showAll) {
        if (!m_allBuilt) {
            m_allArrows = arrowsOf(allDependencyEdges(context.capture.deps));
            m_allBuilt = true;
        }
        Stats all;
        if (!paintSet(p, context, m_allArrows, !m_cone.empty(), ends, allInside, all)) {
            counts.push_back(overCapText(all.arrowsInView));
            stats.overCap = true;
        }
        stats.add(all);
    }
    if (!m_coneArrows.empty()) {
        Stats cone;
        if (!paintSet(p, context, m_coneArrows, false, ends, coneInside, cone)) {
            counts.push_back(QStringLiteral("Selection: ") + overCapText(cone.arrowsInView));
            stats.overCap = true;
        }
        stats.add(cone);
    }
    paintFoldedMarkers(p, context, ends, m_showAll ? allInside : coneInside, stats);

    // The count replaces what the cap kept off screen, in a box at the top of the plot.
    const QRect plot = context.plotRect();
    const QFontMetrics fm(p.font());
    int y = plot.top() + 8;
    for (const QString &text : counts) {
        const QRect box = fm.boundingRect(text).adjusted(-8, -4, 8, 4);
        QRect placed(plot.left() + (plot.width() - box.width()) / 2, y, box.width(), box.height());
        p.setPen(context.colours.chromeBorder);
        p.setBrush(context.colours.chrome);
        p.drawRoundedRect(placed, 4, 4);
        p.setPen(context.colours.text);
        p.drawText(placed, Qt::AlignCenter, text);
        y += placed.height() + 4;
    }
    p.restore();
    m_stats = stats;
}

} // namespace lanescope
