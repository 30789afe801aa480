#include "widgets/overlays/diffoverlay.h"

#include "widgets/render/rastertarget.h"
#include "widgets/style/diffcolours.h"

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <limits>
#include <unordered_map>

namespace lanescope {

namespace {

// Where a task row's bar starts on the timeline: the receive head included, as the lanes draw it.
double barStartUs(const TaskRow &r)
{
    return (r.flags & TaskRow::HasReceive) ? r.receiveUs : r.startUs;
}

void sortLanes(std::vector<DiffOverlay::LaneMarks> &lanes)
{
    for (DiffOverlay::LaneMarks &lane : lanes) {
        std::sort(
            lane.marks.begin(), lane.marks.end(),
            [](const DiffOverlay::Mark &a, const DiffOverlay::Mark &b) { return a.startUs < b.startUs; });
        for (const DiffOverlay::Mark &m : lane.marks)
            lane.longestUs = std::max(lane.longestUs, m.endUs - m.startUs);
    }
}

} // namespace

DiffOverlay::DiffOverlay(const Capture &before, const Capture &after, const TaskDiff &diff)
{
    // After's AICore lanes by core: a Before bar is drawn on the lane of its core.
    std::unordered_map<std::int32_t, std::size_t> laneOfCore;
    for (std::size_t i = 0; i < after.lanes.size(); ++i) {
        if (after.lanes[i].kind == LaneKind::Worker)
            laneOfCore.emplace(after.lanes[i].laneSource, i);
    }
    m_removed.resize(after.lanes.size());
    m_added.resize(after.lanes.size());
    m_before.resize(after.lanes.size());
    auto ghostOf = [&](std::uint32_t row, std::vector<LaneMarks> &into) {
        if (row >= before.rows.size())
            return false;
        const TaskRow &r = before.rows[row];
        const auto lane = laneOfCore.find(r.coreId);
        if (lane == laneOfCore.end())
            return false;
        into[lane->second].marks.push_back({barStartUs(r), std::max(r.endUs, barStartUs(r)), row});
        return true;
    };
    for (const std::uint32_t row : diff.removed)
        m_removedCount += ghostOf(row, m_removed) ? 1 : 0;
    for (std::uint32_t row = 0; row < before.rows.size(); ++row)
        ghostOf(row, m_before);
    if (diff.matchesBars()) {
        for (std::size_t i = 0; i < after.lanes.size(); ++i) {
            const Lane &lane = after.lanes[i];
            if (lane.kind != LaneKind::Worker)
                continue;
            for (const Slice &s : lane.slices) {
                if (s.ref < diff.afterToBefore.size() && diff.afterToBefore[s.ref] == kNoRow) {
                    m_added[i].marks.push_back({s.startUs, std::max(s.startUs, s.endUs), s.ref});
                    ++m_addedCount;
                }
            }
        }
    }
    sortLanes(m_removed);
    sortLanes(m_added);
    sortLanes(m_before);
}

void DiffOverlay::paint(QPainter &p, const TimelineOverlayContext &context) const
{
    p.setClipRect(context.plotRect());
    p.setRenderHint(QPainter::Antialiasing, false);
    const std::optional<RasterTarget> target = RasterTarget::of(p);
    const RasterTarget *direct = target ? &*target : nullptr;
    if (m_ghostBefore)
        paintMarks(p, context, m_before, m_offsetUs, Style::Ghost, nullptr); // translucent: QPainter blends
    paintMarks(p, context, m_added, 0, Style::Added, direct);
    paintMarks(p, context, m_removed, m_offsetUs, Style::Removed, direct);
}

void DiffOverlay::paintMarks(QPainter &p, const TimelineOverlayContext &context,
                             const std::vector<LaneMarks> &lanes, double shiftUs, Style style,
                             const RasterTarget *direct) const
{
    const TimelineViewport &vp = context.viewport;
    const int height = context.layout.metrics().sliceRowHeightPx - 1;
    const QColor ghostFill(0x20, 0x20, 0x20, 46);
    const QColor ghostEdge(0x20, 0x20, 0x20, 110);
    const QColor removed = QColor::fromRgb(DiffColourScale::removedGhost());
    const QColor addedMark = QColor::fromRgb(DiffColourScale::addedMark());
    const QBrush hatch(addedMark, Qt::BDiagPattern);
    QPen removedPen(removed, 1, Qt::DashLine);
    const double t0 = vp.t0Us - shiftUs;
    const double t1 = vp.t1Us - shiftUs;
    const double usPerPx = vp.usPerPx();
    // The pixel column of a time: vp.xOf rounded, with the viewport's figures read once (a full view
    // asks this a few hundred thousand times, and xOf divides) and floor done by hand (a call here).
    const double plotLeft = vp.plotLeft();
    const double viewStartUs = vp.t0Us;
    const double pxPerUs = vp.pxPerUs();
    const double columnMin = plotLeft - 2.0;
    const double columnMax = vp.plotRight() + 2.0;
    auto column = [=](double us) {
        const double x = std::clamp(plotLeft + (us + shiftUs - viewStartUs) * pxPerUs, columnMin, columnMax);
        const double rounded = std::isnan(x) ? columnMin : x + 0.5;
        const int truncated = int(rounded); // bounded: no overflow
        return rounded < truncated ? truncated - 1 : truncated;
    };
    // Collected first and drawn in batches, one brush or pen each: a zoomed-out frame has
    // thousands of marks, and a state change per mark costs more than the marks. Into an image,
    // the solid ones (opaque) are written a lane at a time instead, as the bars are: a full view
    // of ten million bars has a hundred thousand of them, mostly a pixel wide, and QPainter's cost
    // per rectangle was most of the Diff view's frame.
    std::vector<QRect> &solid = m_scratch.solid;
    std::vector<QRect> &framed = m_scratch.framed;
    ScanlineBars &scanline = m_scratch.scanline;
    solid.clear();
    framed.clear();
    const QRgb solidColour = style == Style::Added ? addedMark.rgb() : removed.rgb();
    auto draw = [&](const QRect &r, bool merged) {
        // Narrow or merged marks are solid; wide ones are outlined (ghosts: filled faintly too).
        if (!(merged || r.width() < 4))
            framed.push_back(r.adjusted(0, 0, -1, -1));
        else if (direct)
            scanline.fill(r.left(), r.right() + 1, solidColour);
        else
            solid.push_back(r);
    };
    for (const TimelineRow &row : context.layout.rows()) {
        if (row.kind != TimelineRow::Kind::Lane || std::size_t(row.index) >= lanes.size())
            continue;
        const LaneMarks &lane = lanes[std::size_t(row.index)];
        if (lane.marks.empty())
            continue;
        const std::optional<double> top = context.laneTop(row.index, 0);
        if (!top || *top + height < vp.lanesTop() || *top > vp.heightPx)
            continue;
        const int y = int(*top);
        const std::vector<Mark> &marks = lane.marks;
        auto startsBefore = [](const Mark &m, double t) { return m.startUs < t; };
        // The first mark from `from` on that starts at or after `us`, searched outwards from
        // `from`: at full view the marks are about a column apart, so it is mostly the next one.
        auto firstFrom = [&](std::size_t from, double us) {
            std::size_t step = 1;
            while (from < marks.size() && marks[from].startUs < us) {
                const std::size_t next = std::min(from + step, marks.size());
                if (next == marks.size() || !(marks[next].startUs < us))
                    return std::size_t(std::lower_bound(marks.begin() + std::ptrdiff_t(from) + 1,
                                                        marks.begin() + std::ptrdiff_t(next), us,
                                                        startsBefore) -
                                       marks.begin());
                from = next;
                step *= 2;
            }
            return from;
        };
        std::size_t k = std::size_t(
            std::lower_bound(marks.begin(), marks.end(), t0 - lane.longestUs, startsBefore) - marks.begin());
        if (direct)
            scanline.begin(*direct, QRect(vp.plotLeft(), y, vp.plotWidth(), height));
        int runLeft = 0, runRight = std::numeric_limits<int>::min();
        bool merged = false;
        while (k < marks.size() && marks[k].startUs <= t1) {
            const Mark &m = marks[k];
            if (m.endUs < t0) {
                ++k;
                continue;
            }
            const int left = column(m.startUs);
            const int right = std::max(left + 1, column(m.endUs));
            if (left <= runRight) { // falls into the run's pixels: one rectangle for both
                runRight = std::max(runRight, right);
                merged = true;
                // Everything starting inside the run's last column merges too (a core's bars do not
                // overlap, so the last of them ends the run).
                const std::size_t next = firstFrom(k + 1, t0 + (runRight - 0.5 - vp.plotLeft()) * usPerPx);
                if (next > k + 1)
                    runRight = std::max(runRight, column(marks[next - 1].endUs));
                k = std::max(k + 1, next);
                continue;
            }
            if (runRight > runLeft)
                draw(QRect(runLeft, y, runRight - runLeft, height), merged);
            runLeft = left;
            runRight = right;
            merged = false;
            ++k;
        }
        if (runRight > runLeft)
            draw(QRect(runLeft, y, runRight - runLeft, height), merged);
        if (direct)
            scanline.end();
    }

    switch (style) {
    case Style::Ghost:
        p.setPen(Qt::NoPen);
        p.setBrush(ghostFill);
        p.drawRects(solid.data(), int(solid.size()));
        p.setPen(ghostEdge);
        p.drawRects(framed.data(), int(framed.size()));
        break;
    case Style::Removed:
        p.setPen(Qt::NoPen);
        p.setBrush(removed);
        p.drawRects(solid.data(), int(solid.size()));
        p.setPen(removedPen);
        p.setBrush(Qt::NoBrush);
        p.drawRects(framed.data(), int(framed.size()));
        break;
    case Style::Added:
        p.setPen(Qt::NoPen);
        p.setBrush(addedMark);
        p.drawRects(solid.data(), int(solid.size()));
        p.setBrush(hatch);
        p.drawRects(framed.data(), int(framed.size()));
        p.setPen(addedMark);
        p.setBrush(Qt::NoBrush);
        p.drawRects(framed.data(), int(framed.size()));
        break;
    }
}

std::optional<std::uint32_t> DiffOverlay::removedAt(int lane, double us, double toleranceUs) const
{
    if (lane < 0 || std::size_t(lane) >= m_removed.size())
        return std::nullopt;
    const LaneMarks &marks = m_removed[std::size_t(lane)];
    const double t = us - m_offsetUs;
    for (const Mark &m : marks.marks) {
        if (m.startUs - toleranceUs > t)
            break;
        if (m.endUs + toleranceUs >= t)
            return m.row;
    }
    return std::nullopt;
}

} // namespace lanescope
