#include "widgets/overlays/criticalpathoverlay.h"

#include "model/index/tasklocator.h"
#include "widgets/render/timelineindex.h"
#include "widgets/text/timeformat.h"

#include <QCoreApplication>
#include <QFontMetrics>
#include <QPainter>
#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {

constexpr int kGapBandPx = 6;
constexpr double kMinBarPx = 2;
constexpr double kOutlinedBarPx = 8; // narrower path bars are marked, not framed
constexpr double kLabelledBarPx = 40;
constexpr int kLegendTextPx = 11;

bool refLess(const SliceRef &a, const SliceRef &b)
{
    return a.lane != b.lane ? a.lane < b.lane : a.slice < b.slice;
}

const Slice &sliceAt(const Capture &capture, SliceRef bar)
{
    return capture.lanes[std::size_t(bar.lane)].slices[bar.slice];
}

QString overlayTr(const char *text)
{
    return QCoreApplication::translate("lanescope::CriticalPathOverlay", text);
}

QString kindTitle(PathSegment::Kind kind)
{
    switch (kind) {
    case PathSegment::Kind::Compute:
        return overlayTr("compute");
    case PathSegment::Kind::DataWait:
        return overlayTr("data-wait");
    case PathSegment::Kind::CoreWait:
        return overlayTr("core-wait");
    case PathSegment::Kind::FrontGap:
        return overlayTr("front-gap");
    }
    return {};
}

// Viewport y of the top of a bar row, or nothing when the lane is not shown.
std::optional<double> barTop(const TimelineViewport &vp, const TimelineLayout &layout, SliceRef bar,
                             int depth)
{
    const int row = layout.rowOfLane(bar.lane);
    if (row < 0)
        return std::nullopt;
    return vp.lanesTop() + layout.sliceTop(layout.rows()[std::size_t(row)], depth) - vp.scrollYPx;
}

} // namespace

QColor CriticalPathOverlay::pathColour()
{
    return QColor(0xe0, 0x3a, 0x1e);
}

QColor CriticalPathOverlay::kindColour(PathSegment::Kind kind)
{
    switch (kind) {
    case PathSegment::Kind::Compute:
        return pathColour();
    case PathSegment::Kind::DataWait:
        return QColor(0x1f, 0x6f, 0xd1);
    case PathSegment::Kind::CoreWait:
        return QColor(0xe8, 0x9a, 0x0c);
    case PathSegment::Kind::FrontGap:
        return QColor(0x8e, 0x44, 0xad);
    }
    return pathColour();
}

void CriticalPathOverlay::clear()
{
    m_bars.clear();
    m_gaps.clear();
    m_tasks = 0;
}

void CriticalPathOverlay::setPath(const Capture &capture, const TaskLocator &locator,
                                  const ObservedCriticalPath &path)
{
    clear();
    m_t0Us = path.t0Us;
    m_endUs = path.endUs;
    m_computeUs = path.computeUs;
    m_dataWaitUs = path.dataWaitUs;
    m_coreWaitUs = path.coreWaitUs;
    m_frontGapUs = path.frontGapUs;
    m_tasks = path.taskIds.size();

    // The earliest-starting and the latest-ending bar of each task met so far.
    struct TaskBars
    {
        SliceRef first, last;
    };
    auto barsOf = [&](std::uint64_t task) {
        TaskBars t;
        for (const SliceRef &bar : locator.barsOfTask(capture, task)) {
            m_bars.push_back(bar);
            const Slice &s = sliceAt(capture, bar);
            if (!t.first.isValid() || s.startUs < sliceAt(capture, t.first).startUs)
                t.first = bar;
            if (!t.last.isValid() || s.endUs > sliceAt(capture, t.last).endUs)
                t.last = bar;
        }
        return t;
    };

    // Segments come in time order: [front-gap] compute (gap compute)*; a gap's waiter is the
    // task of the compute segment after it, its producer the one before.
    std::optional<std::uint64_t> previousTask;
    TaskBars previousBars;
    std::optional<Gap> pending;
    for (const PathSegment &segment : path.segments) {
        if (segment.kind != PathSegment::Kind::Compute) {
            Gap g;
            g.kind = segment.kind;
            g.fromUs = segment.startUs;
            g.toUs = segment.endUs;
            g.waiterTask = segment.taskId;
            if (segment.kind != PathSegment::Kind::FrontGap) {
                g.producerTask = previousTask;
                g.producer = previousBars.last;
            }
            pending = g;
            continue;
        }
        const TaskBars bars = barsOf(segment.taskId);
        if (pending && pending->waiterTask == segment.taskId) {
            pending->waiter = bars.first;
            pending->waiterDepth = bars.first.isValid() ? sliceAt(capture, bars.first).depth : 0;
            if (pending->waiter.isValid())
                m_gaps.push_back(*pending);
        } else if (previousTask && bars.first.isValid() && previousBars.last.isValid()) {
            // A hop without a gap: keep it as a zero-length joint so the path reads as a chain.
            Gap joint;
            joint.kind = PathSegment::Kind::Compute;
            joint.fromUs = joint.toUs = segment.startUs;
            joint.waiterTask = segment.taskId;
            joint.producerTask = previousTask;
            joint.waiter = bars.first;
            joint.waiterDepth = sliceAt(capture, bars.first).depth;
            joint.producer = previousBars.last;
            m_gaps.push_back(joint);
        }
        pending.reset();
        previousTask = segment.taskId;
        previousBars = bars;
    }
    std::sort(m_bars.begin(), m_bars.end(), refLess);
    m_bars.erase(std::unique(m_bars.begin(), m_bars.end()), m_bars.end());
}

bool CriticalPathOverlay::isOnPath(SliceRef bar) const
{
    return std::binary_search(m_bars.begin(), m_bars.end(), bar, refLess);
}

QRectF CriticalPathOverlay::gapRect(std::size_t i, const TimelineViewport &vp,
                                    const TimelineLayout &layout) const
{
    const Gap &g = m_gaps[i];
    if (g.kind == PathSegment::Kind::Compute)
        return {};
    const std::optional<double> top = barTop(vp, layout, g.waiter, g.waiterDepth);
    if (!top)
        return {};
    const double h = layout.metrics().sliceRowHeightPx - 1;
    const double x0 = vp.xOf(g.fromUs);
    const double x1 = std::max(vp.xOf(g.toUs), x0 + kMinBarPx);
    return QRectF(QPointF(x0, *top), QPointF(x1, *top + h));
}

std::optional<std::size_t> CriticalPathOverlay::gapAt(QPointF pos, const TimelineViewport &vp,
                                                      const TimelineLayout &layout) const
{
    if (pos.x() < vp.plotLeft() || pos.y() < vp.lanesTop())
        return std::nullopt;
    for (std::size_t i = 0; i < m_gaps.size(); ++i) {
        const QRectF r = gapRect(i, vp, layout).adjusted(-2, 0, 2, 0);
        if (!r.isEmpty() && r.contains(pos))
            return i;
    }
    return std::nullopt;
}

QString CriticalPathOverlay::describeGap(std::size_t i) const
{
    const Gap &g = m_gaps[i];
    const QString duration = formatDuration(g.toUs - g.fromUs);
    const QString waiter = QString::number(g.waiterTask);
    switch (g.kind) {
    case PathSegment::Kind::DataWait:
        return overlayTr(
                   "Critical path: data-wait %1\nTask %2 started %1 after its producer, task %3, ended.")
            .arg(duration, waiter, QString::number(g.producerTask.value_or(0)));
    case PathSegment::Kind::CoreWait:
        return overlayTr("Critical path: core-wait %1\nTask %2 started %1 after task %3 freed its core.")
            .arg(duration, waiter, QString::number(g.producerTask.value_or(0)));
    case PathSegment::Kind::FrontGap:
        return overlayTr(
                   "Critical path: front-gap %1\nFrom the capture's first start to task %2, which waited on "
                   "nothing observed.")
            .arg(duration, waiter);
    case PathSegment::Kind::Compute:
        break;
    }
    return {};
}

void CriticalPathOverlay::paint(QPainter &p, const TimelineOverlayContext &c) const
{
    if (m_bars.empty())
        return;
    const TimelineViewport &vp = c.viewport;
    const QRect plot = c.plotRect();
    p.setClipRect(plot);
    p.setRenderHint(QPainter::Antialiasing, false);

    // Everything off the path fades into the background.
    QColor wash = c.colours.background;
    wash.setAlpha(kWashAlpha);
    p.fillRect(plot, wash);

    const double barHeight = c.layout.metrics().sliceRowHeightPx - 1;
    const double left = vp.plotLeft() - kMinBarPx, right = vp.plotRight() + kMinBarPx;
    auto barRect = [&](SliceRef bar) -> std::optional<QRectF> {
        const Slice &s = sliceAt(c.capture, bar);
        const std::optional<double> top = barTop(vp, c.layout, bar, s.depth);
        if (!top)
            return std::nullopt;
        double x0 = vp.xOf(s.startUs), x1 = vp.xOf(s.endUs);
        if (x1 - x0 < kMinBarPx)
            x1 = x0 + kMinBarPx;
        if (x1 < left || x0 > right || *top + barHeight < plot.top() || *top > plot.bottom())
            return std::nullopt;
        return QRectF(QPointF(x0, *top), QPointF(x1, *top + barHeight));
    };

    // The path's bars again, at full strength, outlined, with their labels.
    QFont labelFont = p.font();
    labelFont.setPixelSize(kLegendTextPx);
    const QFontMetrics labelMetrics(labelFont);
    const QPen outline(pathColour(), 2);
    for (const SliceRef &bar : m_bars) {
        const std::optional<QRectF> r = barRect(bar);
        if (!r)
            continue;
        const Lane &lane = c.capture.lanes[std::size_t(bar.lane)];
        const QColor fill =
            QColor::fromRgb(barColour(c.index, c.capture, lane, lane.slices[bar.slice], m_colourMode));
        p.fillRect(*r, fill);
        if (r->width() >= kLabelledBarPx) {
            const QRectF inside = r->adjusted(4, 0, -4, 0).intersected(QRectF(plot));
            const QString label = barLabel(c.capture, lane, lane.slices[bar.slice], m_labelMode);
            p.setPen(fill.lightness() > 140 ? QColor(0x20, 0x20, 0x20) : QColor(Qt::white));
            p.setFont(labelFont);
            p.drawText(inside, Qt::AlignVCenter | Qt::AlignLeft,
                       labelMetrics.elidedText(label, Qt::ElideRight, int(inside.width())));
        }
        if (r->width() >= kOutlinedBarPx) {
            p.setPen(outline);
            p.setBrush(Qt::NoBrush);
            p.drawRect(r->adjusted(0.5, 0.5, -0.5, -0.5));
        } else {
            // A narrow bar keeps its colour visible: marked above and below instead of framed.
            p.fillRect(QRectF(r->left(), r->top(), r->width(), 2), pathColour());
            p.fillRect(QRectF(r->left(), r->bottom() - 2, r->width(), 2), pathColour());
        }
    }

    // Gaps: a band on the waiting lane, and a joint down from the bar it waited for.
    p.setRenderHint(QPainter::Antialiasing, true);
    for (std::size_t i = 0; i < m_gaps.size(); ++i) {
        const Gap &g = m_gaps[i];
        const QColor colour = kindColour(g.kind);
        const std::optional<double> waiterTop = barTop(vp, c.layout, g.waiter, g.waiterDepth);
        if (!waiterTop)
            continue;
        const double waiterMid = *waiterTop + barHeight / 2;
        if (g.kind != PathSegment::Kind::Compute) {
            const QRectF band = gapRect(i, vp, c.layout);
            if (!band.isEmpty() && band.right() >= left && band.left() <= right) {
                QColor fill = colour;
                fill.setAlpha(110);
                p.fillRect(band, fill);
                p.fillRect(QRectF(band.left(), waiterMid - kGapBandPx / 2.0, band.width(), kGapBandPx),
                           colour);
            }
        }
        if (g.producer.isValid()) {
            const std::optional<double> producerTop =
                barTop(vp, c.layout, g.producer, sliceAt(c.capture, g.producer).depth);
            if (!producerTop || g.producer.lane == g.waiter.lane)
                continue;
            const double x = vp.xOf(g.fromUs);
            if (x < left || x > right)
                continue;
            const double producerMid = *producerTop + barHeight / 2;
            QPen joint(colour, 1.5, Qt::DashLine);
            p.setPen(joint);
            p.drawLine(QPointF(x, producerMid), QPointF(x, waiterMid));
            p.setPen(Qt::NoPen);
            p.setBrush(colour);
            p.drawEllipse(QPointF(x, waiterMid), 2.5, 2.5);
        }
    }

    // Legend in the plot's top-right corner.
    QFont font = p.font();
    font.setPixelSize(kLegendTextPx);
    p.setFont(font);
    const QFontMetrics metrics(font);
    const double span = m_endUs - m_t0Us;
    auto share = [span](double us) {
        return span > 0
                   ? QStringLiteral("%1 (%2 %)").arg(formatDuration(us)).arg(us / span * 100.0, 0, 'f', 1)
                   : formatDuration(us);
    };
    const QString title =
        overlayTr("Critical path (observed): %1 tasks, %2").arg(m_tasks).arg(formatDuration(span));
    const std::pair<PathSegment::Kind, double> entries[] = {{PathSegment::Kind::Compute, m_computeUs},
                                                            {PathSegment::Kind::DataWait, m_dataWaitUs},
                                                            {PathSegment::Kind::CoreWait, m_coreWaitUs},
                                                            {PathSegment::Kind::FrontGap, m_frontGapUs}};
    const int line = metrics.height() + 2;
    int width = metrics.horizontalAdvance(title);
    for (const auto &[kind, us] : entries)
        width = std::max(width,
                         16 + metrics.horizontalAdvance(kindTitle(kind) + QStringLiteral("  ") + share(us)));
    const QRectF box(plot.right() - width - 24, plot.top() + 8, width + 16, line * 5 + 10);
    p.setPen(QPen(c.colours.chromeBorder, 1));
    QColor boxFill = c.colours.chrome;
    boxFill.setAlpha(235);
    p.setBrush(boxFill);
    p.drawRoundedRect(box, 4, 4);
    p.setPen(c.colours.text);
    double y = box.top() + 5;
    p.drawText(QRectF(box.left() + 8, y, width, line), Qt::AlignLeft | Qt::AlignVCenter, title);
    for (const auto &[kind, us] : entries) {
        y += line;
        p.fillRect(QRectF(box.left() + 8, y + line / 2.0 - 4, 10, 8), kindColour(kind));
        p.drawText(QRectF(box.left() + 24, y, width, line), Qt::AlignLeft | Qt::AlignVCenter,
                   kindTitle(kind) + QStringLiteral("  ") + share(us));
    }
}

} // namespace lanescope
