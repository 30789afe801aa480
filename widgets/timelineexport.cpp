#include "timelineexport.h"

#include "timelinelayout.h"

#include <QBuffer>
#include <QPainter>
#include <QSvgGenerator>
#include <algorithm>

namespace lanescope {

namespace {
// Taller pictures exceed what common viewers and QImage allocations handle comfortably.
constexpr int kMaxDefaultHeightPx = 16000;

TimelineViewport viewportFor(TimelinePainter &timeline, const Capture &c, QSize size, TimeRange range)
{
    TimelineViewport vp;
    vp.widthPx = std::max(1, size.width());
    vp.heightPx = std::max(1, size.height());
    vp.rulerHeightPx = kTimelineRulerHeightPx;
    // A narrow picture keeps most of its width for the bars.
    vp.headerWidthPx = std::min(TimelinePainter::preferredHeaderWidth(c), vp.widthPx / 3);
    return vp.withRange(range.isValid() ? range : fitRange(timeline.indexFor(c).extent()));
}
} // namespace

QSize defaultExportSize(const Capture &c, int widthPx)
{
    const TimelineLayout layout(c, TimelineMetrics{});
    const int height = kTimelineRulerHeightPx + layout.contentHeight() + 1;
    return {std::max(1, widthPx), std::clamp(height, 120, kMaxDefaultHeightPx)};
}

TimelineViewport exportViewport(const Capture &c, QSize size, TimeRange range)
{
    TimelinePainter timeline;
    return viewportFor(timeline, c, size, range);
}

QImage renderImage(const Capture &c, QSize size, TimeRange range, qreal dpr, const TimelinePaintOptions &options)
{
    const qreal ratio = dpr > 0 ? dpr : 1.0;
    QImage image(size * ratio, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.setDevicePixelRatio(ratio);
    image.fill(Qt::white);
    QPainter painter(&image);
    TimelinePainter timeline;
    timeline.paint(painter, c, viewportFor(timeline, c, size, range), options);
    return image;
}

QByteArray renderSvg(const Capture &c, QSize size, TimeRange range, const TimelinePaintOptions &options)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setResolution(96);  // the SVG's physical size then matches the pixel size in browsers
    generator.setTitle(QStringLiteral("Lanescope timeline"));
    {
        QPainter painter(&generator);
        TimelinePainter timeline;
        timeline.paint(painter, c, viewportFor(timeline, c, size, range), options);
    }
    return bytes;
}

} // namespace lanescope
