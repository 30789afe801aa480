#include "widgets/export/timelineexport.h"

#include "widgets/export/paintedpicture.h"

#include "model/analysis/analysisinput.h"
#include "widgets/text/timeformat.h"
#include "widgets/timeline/timelinelayout.h"

#include <QFontMetrics>
#include <QPainter>
#include <algorithm>
#include <functional>

namespace lanescope {

namespace {
// Taller pictures exceed what common viewers and QImage allocations handle comfortably.
constexpr int kMaxDefaultHeightPx = 16000;
constexpr int kCaptionHeightPx = 26;
constexpr int kLegendRowPx = 18;
constexpr int kLegendPaddingPx = 6;
constexpr int kLegendSwatchPx = 10;
constexpr int kLegendGapPx = 16;

QFont frameFont(int pixelSize, bool bold = false)
{
    QFont font;
    font.setPixelSize(pixelSize);
    font.setBold(bold);
    return font;
}

// Where each legend entry goes: entries flow left to right and wrap, like words.
std::vector<QPoint> legendPositions(const std::vector<LegendEntry> &legend, int widthPx)
{
    const QFontMetrics metrics(frameFont(11));
    std::vector<QPoint> positions;
    int x = kLegendPaddingPx;
    int row = 0;
    for (const LegendEntry &e : legend) {
        const int w = kLegendSwatchPx + 4 + metrics.horizontalAdvance(e.text) + kLegendGapPx;
        if (x > kLegendPaddingPx && x + w > widthPx - kLegendPaddingPx) {
            x = kLegendPaddingPx;
            ++row;
        }
        positions.emplace_back(x, row);
        x += w;
    }
    return positions;
}

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
void paintFrame(QPainter &painter, const Capture &c, QSize size, TimeRange range, const PictureFrame &frame,
                const TimelinePaintOptions &options)
{
    const TimelineViewport vp = framedViewport(c, size, range, frame);
    const int top = captionHeight(frame);
    const int legendTop = top + vp.heightPx;
    const int legendH = legendHeight(frame, size.width());
    painter.fillRect(QRect(QPoint(0, 0), size), options.colours.background);

    painter.save();
    painter.translate(0, top);
    painter.setClipRect(QRect(0, 0, vp.widthPx, vp.heightPx));
    TimelinePainter timeline;
    timeline.paint(painter, c, vp, options);
    painter.restore();

    if (top > 0) {
        painter.save();
        painter.fillRect(QRect(0, 0, size.width(), top), options.colours.chrome);
        painter.setPen(options.colours.chromeBorder);
        painter.drawLine(QPointF(0, top - 0.5), QPointF(size.width(), top - 0.5));
        painter.setFont(frameFont(13, true));
        painter.setPen(options.colours.text);
        const QFontMetrics metrics(painter.font());
        painter.drawText(QRect(8, 0, size.width() - 16, top), Qt::AlignLeft | Qt::AlignVCenter,
                         metrics.elidedText(frame.caption, Qt::ElideMiddle, size.width() - 16));
        painter.restore();
    }
    if (legendH > 0) {
        painter.save();
        painter.fillRect(QRect(0, legendTop, size.width(), legendH), options.colours.chrome);
        painter.setPen(options.colours.chromeBorder);
        painter.drawLine(QPointF(0, legendTop + 0.5), QPointF(size.width(), legendTop + 0.5));
        painter.setFont(frameFont(11));
        const std::vector<QPoint> positions = legendPositions(frame.legend, size.width());
        for (std::size_t i = 0; i < frame.legend.size(); ++i) {
            const int y = legendTop + kLegendPaddingPx + positions[i].y() * kLegendRowPx;
            const int x = positions[i].x();
            paintLegendSwatch(
                painter, QRect(x, y + (kLegendRowPx - kLegendSwatchPx) / 2, kLegendSwatchPx, kLegendSwatchPx),
                frame.legend[i]);
            painter.setPen(options.colours.text);
            painter.drawText(QRect(x + kLegendSwatchPx + 4, y, size.width(), kLegendRowPx),
                             Qt::AlignLeft | Qt::AlignVCenter, frame.legend[i].text);
        }
        painter.restore();
    }
}

} // namespace

QString pictureCaption(const Capture &c, const QString &captureName, TimeRange shown)
{
    QStringList parts;
    if (!captureName.isEmpty())
        parts << captureName;
    if (c.info.level)
        parts << QStringLiteral("level %1").arg(*c.info.level);
    else
        parts
            << QStringLiteral("level %1 (inferred), %2").arg(analysisLevel(c)).arg(formatName(c.info.format));
    if (shown.isValid()) {
        const QStringList ends = formatTimes({shown.startUs, shown.endUs}); // one precision for both
        parts << QStringLiteral("%1 – %2 (%3)").arg(ends[0], ends[1], formatDuration(shown.span()));
    }
    return parts.join(QStringLiteral(" · "));
}

PictureFrame pictureFrame(const Capture &c, const QString &captureName, QSize size, TimeRange range,
                          BarColourMode colourMode)
{
    PictureFrame frame;
    frame.legend = legendEntries(c, colourMode);
    frame.caption = QStringLiteral("x"); // the caption's height is fixed: the viewport needs no text
    frame.caption = pictureCaption(c, captureName, framedViewport(c, size, range, frame).range());
    return frame;
}

int captionHeight(const PictureFrame &frame)
{
    return frame.caption.isEmpty() ? 0 : kCaptionHeightPx;
}

int legendHeight(const PictureFrame &frame, int widthPx)
{
    if (frame.legend.empty())
        return 0;
    const std::vector<QPoint> positions = legendPositions(frame.legend, widthPx);
    return 2 * kLegendPaddingPx + (positions.back().y() + 1) * kLegendRowPx;
}

TimelineViewport framedViewport(const Capture &c, QSize size, TimeRange range, const PictureFrame &frame)
{
    const int chrome = captionHeight(frame) + legendHeight(frame, size.width());
    TimelinePainter timeline;
    TimelineViewport vp =
        viewportFor(timeline, c, QSize(size.width(), std::max(1, size.height() - chrome)), range);
    vp.scrollYPx = frame.scrollYPx;
    return vp;
}

QSize defaultPictureSize(const Capture &c, const PictureFrame &frame, int widthPx)
{
    const QSize plain = defaultExportSize(c, widthPx);
    return {plain.width(), plain.height() + captionHeight(frame) + legendHeight(frame, plain.width())};
}

QImage renderFramedImage(const Capture &c, QSize size, TimeRange range, const PictureFrame &frame, qreal dpr,
                         const TimelinePaintOptions &options)
{
    return paintedImage(size, dpr, [&](QPainter &p) { paintFrame(p, c, size, range, frame, options); });
}

QByteArray renderFramedSvg(const Capture &c, QSize size, TimeRange range, const PictureFrame &frame,
                           const TimelinePaintOptions &options)
{
    const QString title = frame.caption.isEmpty() ? QStringLiteral("Lanescope timeline") : frame.caption;
    return paintedSvg(size, title, [&](QPainter &p) { paintFrame(p, c, size, range, frame, options); });
}

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

QImage renderImage(const Capture &c, QSize size, TimeRange range, qreal dpr,
                   const TimelinePaintOptions &options)
{
    return paintedImage(size, dpr, [&](QPainter &p) {
        TimelinePainter timeline;
        timeline.paint(p, c, viewportFor(timeline, c, size, range), options);
    });
}

} // namespace lanescope
