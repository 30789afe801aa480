#include "widgets/overlays/ringpressureband.h"

#include "model/analysis/ringtracks.h"

#include <QFontMetrics>
#include <QPainter>
#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {
const QColor kBandColour(214, 64, 32);
constexpr int kMaxAlpha = 120; // even a full ring leaves the bars readable underneath
} // namespace

int RingPressureBand::alphaFor(double fraction)
{
    return int(std::lround(std::clamp(fraction, 0.0, 1.0) * kMaxAlpha));
}

std::vector<double> RingPressureBand::columnFractions(const Capture &capture, const TimelineViewport &vp)
{
    const int width = vp.plotWidth();
    std::vector<double> columns(std::size_t(width), std::numeric_limits<double>::quiet_NaN());
    auto columnOf = [&](double us) {
        const double c = std::floor((us - vp.t0Us) * vp.pxPerUs());
        return c < -1 ? -1.0 : std::min(c, double(width));
    };
    for (const CounterTrack &t : capture.counters) {
        if (!isRingTrack(t) || !t.capacity || !(*t.capacity > 0))
            continue;
        const auto &times = t.timesUs;
        const std::size_t n = std::min(times.size(), t.values.size());
        if (n < 2)
            continue;
        std::size_t i = std::size_t(
            std::upper_bound(times.begin(), times.begin() + std::ptrdiff_t(n), vp.t0Us) - times.begin());
        i = i > 0 ? i - 1 : 0;
        for (; i + 1 < n && times[i] <= vp.t1Us; ++i) {
            // The step [times[i], times[i + 1]) covers these columns.
            const int c0 = int(std::max(0.0, columnOf(times[i])));
            const int c1 = int(std::min(double(width - 1), columnOf(times[i + 1])));
            const double fraction = t.values[i] / *t.capacity;
            for (int c = c0; c <= c1; ++c) {
                double &slot = columns[std::size_t(c)];
                if (std::isnan(slot) || fraction > slot)
                    slot = fraction;
            }
        }
    }
    return columns;
}

std::optional<std::pair<int, int>> RingPressureBand::bandExtent(const TimelineOverlayContext &context)
{
    int top = std::numeric_limits<int>::max();
    int bottom = std::numeric_limits<int>::min();
    for (std::size_t lane = 0; lane < context.capture.lanes.size(); ++lane) {
        if (context.capture.lanes[lane].kind != LaneKind::Worker)
            continue;
        const int row = context.layout.rowOfLane(int(lane));
        if (row < 0)
            continue;
        const TimelineRow &r = context.layout.rows()[std::size_t(row)];
        const int y = context.viewport.lanesTop() + int(r.y - context.viewport.scrollYPx);
        top = std::min(top, y);
        bottom = std::max(bottom, y + r.height);
    }
    top = std::max(top, context.viewport.lanesTop());
    bottom = std::min(bottom, context.viewport.heightPx);
    if (bottom <= top)
        return std::nullopt;
    return std::make_pair(top, bottom);
}

void RingPressureBand::paint(QPainter &p, const TimelineOverlayContext &context) const
{
    const auto extent = bandExtent(context);
    if (!extent)
        return;
    const std::vector<double> columns = columnFractions(context.capture, context.viewport);
    const auto [top, bottom] = *extent;
    p.setClipRect(context.plotRect());
    p.setPen(Qt::NoPen);
    bool any = false;
    const int left = context.viewport.plotLeft();
    for (std::size_t c = 0; c < columns.size();) {
        const int alpha = std::isnan(columns[c]) ? 0 : alphaFor(columns[c]);
        std::size_t end = c + 1; // neighbouring columns of one opacity: one rectangle
        while (end < columns.size() && (std::isnan(columns[end]) ? 0 : alphaFor(columns[end])) == alpha)
            ++end;
        if (alpha > 0) {
            QColor colour = kBandColour;
            colour.setAlpha(alpha);
            p.fillRect(QRect(left + int(c), top, int(end - c), bottom - top), colour);
            any = true;
        }
        c = end;
    }
    if (!any)
        return;
    const QString label = QStringLiteral("fullest ring: occupancy / capacity (inferred)");
    QFont font = p.font();
    font.setPointSizeF(std::max(6.0, font.pointSizeF() * 0.85));
    p.setFont(font);
    const QFontMetrics metrics(font);
    const QRect box(left + 4, top + 2, metrics.horizontalAdvance(label) + 8, metrics.height() + 2);
    p.fillRect(box, QColor(255, 255, 255, 190));
    p.setPen(kBandColour.darker(140));
    p.drawText(box, Qt::AlignCenter, label);
}

} // namespace lanescope
