#include "widgets/overlays/dependencyarrowsoverlay.h"

#include "model/session/capturefacts.h"
#include "widgets/render/timelineindex.h"

#include <QFontMetrics>
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

} // namespace

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
    std::vector<Arrow> &out = set.arrows;
    out.reserve(edges.size());
    for (const DependencyEdge &e : edges) {
        for (DependencyView view : {DependencyView::Worker, DependencyView::Scheduler}) {
            for (const DependencyAnchor &a : m_anchors->anchors(e.pred, view)) {
                for (const DependencyAnchor &b : m_anchors->anchors(e.succ, view)) {
                    Arrow arrow;
                    arrow.fromUs = a.endUs;
                    arrow.toUs = b.startUs;
                    arrow.loUs = std::min(arrow.fromUs, arrow.toUs);
                    arrow.hiUs = std::max(arrow.fromUs, arrow.toUs);
                    arrow.fromLane = a.lane;
                    arrow.toLane = b.lane;
                    arrow.fromDepth = a.depth;
                    arrow.toDepth = b.depth;
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
                                       const ArrowSet &set, bool faint, const BarCentreY &centreY,
                                       Stats &stats) const
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
    for (int pass = 0; pass < 2; ++pass) {
        const bool violations = pass == 1; // warnings on top
        p.setPen(violations ? warningPen : normalPen);
        p.setBrush(Qt::NoBrush);
        for (std::uint32_t k : visible) {
            const Arrow &a = arrows[k];
            if (a.violation != violations)
                continue;
            const auto y0 = centreY(a.fromLane, a.fromDepth);
            const auto y1 = y0 ? centreY(a.toLane, a.toDepth) : std::nullopt;
            if (!y0 || !y1) {
                ++stats.endsNotShown;
                continue;
            }
            ArrowShape shape = arrowShape(QPointF(vp.xOf(a.fromUs), *y0), QPointF(vp.xOf(a.toUs), *y1), clip);
            if (shape.isEmpty())
                continue;
            p.drawPolyline(shape.path);
            if (violations)
                p.drawPolyline(shape.path.translated(0, 1));
            heads[pass].push_back(std::move(shape.head));
            ++stats.arrowsDrawn;
            stats.violationsDrawn += violations ? 1 : 0;
        }
    }
    p.setPen(Qt::NoPen);
    p.setRenderHint(QPainter::Antialiasing, true);
    for (int pass = 0; pass < 2; ++pass) {
        p.setBrush(pass == 1 ? warning : normalColour);
        for (const QPolygonF &head : heads[pass])
            p.drawPolygon(head);
    }
    return true;
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

    // Bar centres per lane, once per frame: a visible lane's rows; a lane of a folded group
    // points at the group's heading; a hidden lane has none.
    const TimelineLayout &layout = context.layout;
    const std::size_t laneCount = context.capture.lanes.size();
    const double rowHeight = layout.metrics().sliceRowHeightPx;
    std::vector<double> laneTop(laneCount, std::numeric_limits<double>::quiet_NaN());
    std::vector<char> folded(laneCount, 0);
    for (std::size_t l = 0; l < laneCount; ++l) {
        if (auto top = context.laneTop(int(l)))
            laneTop[l] = *top;
    }
    for (const TimelineRow &row : layout.rows()) {
        if (row.kind != TimelineRow::Kind::GroupHeading || !row.collapsed)
            continue;
        const double centre =
            context.viewport.lanesTop() + row.y - context.viewport.scrollYPx + row.height / 2.0;
        for (std::size_t l = 0; l < laneCount; ++l) {
            if (std::isnan(laneTop[l]) && !folded[l] && context.capture.lanes[l].group == row.group) {
                laneTop[l] = centre;
                folded[l] = 1;
            }
        }
    }
    const BarCentreY centreY = [&](int lane, int depth) -> std::optional<double> {
        if (lane < 0 || std::size_t(lane) >= laneCount || std::isnan(laneTop[std::size_t(lane)]))
            return std::nullopt;
        const double top = laneTop[std::size_t(lane)];
        return folded[std::size_t(lane)] ? top : top + depth * rowHeight + rowHeight / 2;
    };

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
        if (!paintSet(p, context, m_allArrows, !m_cone.empty(), centreY, all)) {
            counts.push_back(overCapText(all.arrowsInView));
            stats.overCap = true;
        }
        stats.arrowsInView += all.arrowsInView;
        stats.arrowsDrawn += all.arrowsDrawn;
        stats.violationsDrawn += all.violationsDrawn;
        stats.endsNotShown += all.endsNotShown;
    }
    if (!m_coneArrows.empty()) {
        Stats cone;
        if (!paintSet(p, context, m_coneArrows, false, centreY, cone)) {
            counts.push_back(QStringLiteral("Selection: ") + overCapText(cone.arrowsInView));
            stats.overCap = true;
        }
        stats.arrowsInView += cone.arrowsInView;
        stats.arrowsDrawn += cone.arrowsDrawn;
        stats.violationsDrawn += cone.violationsDrawn;
        stats.endsNotShown += cone.endsNotShown;
    }

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
