#include "widgets/overlays/annotationoverlays.h"

#include "widgets/text/timeformat.h"

#include <QFontMetrics>
#include <QPainter>
#include <cmath>

namespace lanescope {

namespace {
constexpr int kRulerTextPx = 11;
constexpr int kFlagHeightPx = 14;
constexpr double kLineHitPx = 3;
} // namespace

QColor MeasurementOverlay::colour()
{
    return QColor(0x1c, 0x7e, 0xd6);
}

void MeasurementOverlay::paint(QPainter &p, const TimelineOverlayContext &context) const
{
    if (!m_region || !m_region->isValid())
        return;
    const TimelineViewport &vp = context.viewport;
    const QRect plot = context.plotRect();
    const QRect ruler = context.rulerRect();
    const double x0 = vp.xOf(m_region->startUs);
    const double x1 = vp.xOf(m_region->endUs);
    if (x1 < plot.left() || x0 > plot.right())
        return;
    const QColor accent = colour();
    QColor band = accent;
    band.setAlpha(40);

    p.setRenderHint(QPainter::Antialiasing, false);
    // Over the bars: a translucent band and solid edges (at least one pixel apart when tiny).
    p.save();
    p.setClipRect(plot);
    p.fillRect(QRectF(QPointF(x0, plot.top()), QPointF(std::max(x1, x0 + 1), plot.bottom() + 1)), band);
    p.setPen(QPen(accent, 1));
    p.drawLine(QPointF(std::floor(x0) + 0.5, plot.top()), QPointF(std::floor(x0) + 0.5, plot.bottom() + 1));
    p.drawLine(QPointF(std::floor(x1) + 0.5, plot.top()), QPointF(std::floor(x1) + 0.5, plot.bottom() + 1));
    p.restore();

    // On the ruler: the same band and the duration, centred on the region and kept on screen.
    p.save();
    p.setClipRect(ruler);
    QColor rulerBand = accent;
    rulerBand.setAlpha(70);
    p.fillRect(QRectF(QPointF(x0, ruler.top()), QPointF(std::max(x1, x0 + 1), ruler.bottom() + 1)),
               rulerBand);
    QFont font = p.font();
    font.setPixelSize(kRulerTextPx);
    font.setBold(true);
    p.setFont(font);
    const QFontMetrics metrics(font);
    const QString text = formatDuration(m_region->span());
    const int textWidth = metrics.horizontalAdvance(text) + 10;
    const double visibleLeft = std::max<double>(x0, ruler.left());
    const double visibleRight = std::min<double>(x1, ruler.right());
    double left = (visibleLeft + visibleRight) / 2 - textWidth / 2.0;
    left = std::clamp(left, double(ruler.left()), double(ruler.right() - textWidth));
    const QRectF box(left, ruler.top() + 3, textWidth, ruler.height() - 6);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(accent);
    p.drawRoundedRect(box, 3, 3);
    p.setPen(Qt::white);
    p.drawText(box, Qt::AlignCenter, text);
    p.restore();
}

QColor MarkerOverlay::colour()
{
    return QColor(0xd9, 0x48, 0x0f);
}

QString MarkerOverlay::flagText(const TimelineMarker &marker)
{
    return marker.name.isEmpty() ? formatDuration(marker.timeUs) : marker.name;
}

QFont MarkerOverlay::flagFont(QFont base)
{
    base.setPixelSize(kRulerTextPx - 1);
    return base;
}

QRectF MarkerOverlay::flagRect(const TimelineMarker &marker, const TimelineViewport &vp, const QFont &base)
{
    const double x = std::floor(vp.xOf(marker.timeUs)) + 0.5;
    if (!(x >= vp.plotLeft() && x <= vp.plotRight() - 1)) // the plot's last pixel is plotRight() - 1
        return {};
    const int width = QFontMetrics(flagFont(base)).horizontalAdvance(flagText(marker)) + 8;
    return {x, double(vp.lanesTop() - kFlagHeightPx), double(width), double(kFlagHeightPx)};
}

int MarkerOverlay::markerAtFlag(QPointF pos, const TimelineViewport &vp, const QFont &base) const
{
    // Later flags are drawn over earlier ones: the last one hit is the one seen. The marker's line
    // across the ruler counts too, a little wide, so a click lands on it without aiming.
    for (auto m = m_markers.rbegin(); m != m_markers.rend(); ++m) {
        const QRectF flag = flagRect(*m, vp, base);
        const QRectF line(flag.left() - kLineHitPx, 0, 2 * kLineHitPx, vp.lanesTop());
        if (!flag.isEmpty() && (flag.contains(pos) || line.contains(pos)))
            return m->id;
    }
    return 0;
}

void MarkerOverlay::paint(QPainter &p, const TimelineOverlayContext &context) const
{
    if (m_markers.empty())
        return;
    const TimelineViewport &vp = context.viewport;
    const QRect plot = context.plotRect();
    const QRect ruler = context.rulerRect();
    const QColor accent = colour();
    const QFont base = p.font();
    p.setFont(flagFont(base));
    for (const TimelineMarker &m : m_markers) {
        const QRectF flag = flagRect(m, vp, base);
        if (flag.isEmpty())
            continue;
        const double x = flag.left();
        p.save();
        p.setClipRect(plot);
        p.setRenderHint(QPainter::Antialiasing, false);
        p.setPen(QPen(accent, 1, Qt::DashLine));
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom() + 1));
        p.restore();

        p.save();
        p.setClipRect(ruler);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(QPen(accent, 1));
        p.drawLine(QPointF(x, ruler.top()), QPointF(x, ruler.bottom() + 1));
        p.setPen(Qt::NoPen);
        p.setBrush(accent);
        p.drawRect(flag);
        p.setPen(Qt::white);
        p.drawText(flag, Qt::AlignCenter, flagText(m));
        p.restore();
    }
}

} // namespace lanescope
