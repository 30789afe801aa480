#include "widgets/export/diffpictures.h"

#include "widgets/export/paintedpicture.h"

#include "model/format/durationtext.h"
#include "widgets/comparison/diffcolouring.h"
#include "widgets/comparison/difflegend.h"
#include "widgets/comparison/waterfallchart.h"
#include "widgets/overlays/diffoverlay.h"
#include "widgets/render/timelineindex.h"
#include "widgets/render/timelinepainter.h"

#include <QPainter>
#include <algorithm>
#include <optional>

namespace lanescope {

namespace {

constexpr int kCaptionPx = 24;
constexpr int kMaxTimelinePx = 7000;

QFont pictureFont(int pixelSize, bool bold = false)
{
    QFont font;
    font.setPixelSize(pixelSize);
    font.setBold(bold);
    return font;
}

// The groups folded as the comparison folds them: the AICore bars are what the diff is about.
QSet<QString> allButAicore(const Capture &c)
{
    QSet<QString> groups;
    bool aicore = false;
    for (const Lane &lane : c.lanes) {
        aicore |= lane.group == QStringLiteral("AICore");
        if (lane.group != QStringLiteral("AICore"))
            groups.insert(lane.group);
    }
    return aicore ? groups : QSet<QString>{};
}

TimelinePaintOptions pictureOptions(const Capture &c)
{
    TimelinePaintOptions o;
    o.colours = TimelineColours::light();
    o.collapsedGroups = allButAicore(c);
    return o;
}

int timelineHeight(const Capture &c, const TimelinePaintOptions &o)
{
    const TimelineLayout layout(c, o.metrics, o.collapsedGroups, o.arrangement);
    return std::clamp(kTimelineRulerHeightPx + layout.contentHeight() + 2, 80, kMaxTimelinePx);
}

TimelineViewport viewportOf(int width, int height, int header, TimeRange range)
{
    TimelineViewport vp;
    vp.widthPx = width;
    vp.heightPx = height;
    vp.rulerHeightPx = kTimelineRulerHeightPx;
    vp.headerWidthPx = header;
    return vp.withRange(range);
}

void caption(QPainter &p, const QRect &box, const QString &text)
{
    p.save();
    p.fillRect(box, QColor(0xf3, 0xf4, 0xf6));
    p.setFont(pictureFont(13, true));
    p.setPen(QColor(0x20, 0x24, 0x2a));
    const QFontMetrics metrics(p.font());
    p.drawText(box.adjusted(8, 0, -8, 0), Qt::AlignLeft | Qt::AlignVCenter,
               metrics.elidedText(text, Qt::ElideMiddle, box.width() - 16));
    p.restore();
}

// The Diff picture's geometry and what each timeline is drawn with, worked out once for both the
// bitmap and the SVG.
struct DiffPicture
{
    QSize size;
    int header = 0;
    int beforeHeight = 0;
    int afterHeight = 0;
    double offsetUs = 0; // After's first bar − Before's
    TimeRange range;     // in Before's time
    TimelinePaintOptions beforeOptions;
    TimelinePaintOptions afterOptions;
    CaptureIndexPtr beforeIndex; // the captures' own, or built once here
    CaptureIndexPtr afterIndex;
};

std::optional<DiffPicture> layOutDiffPicture(const Capture &before, const CaptureIndexPtr &beforeIndex,
                                             const Capture &after, const CaptureIndexPtr &afterIndex,
                                             const TaskDiff &diff, int widthPx, TimeRange range)
{
    DiffPicture d;
    const int width = std::clamp(widthPx, 200, 16000);
    d.beforeIndex = indexFor(before, beforeIndex);
    d.afterIndex = indexFor(after, afterIndex);
    const TimeRange b = d.beforeIndex->bars.extent();
    const TimeRange a = d.afterIndex->bars.extent();
    d.offsetUs = b.isValid() && a.isValid() ? a.startUs - b.startUs : 0;
    if (!range.isValid()) {
        TimeRange both = b.isValid() ? b : TimeRange{a.startUs - d.offsetUs, a.endUs - d.offsetUs};
        if (a.isValid())
            both = {std::min(both.startUs, a.startUs - d.offsetUs),
                    std::max(both.endUs, a.endUs - d.offsetUs)};
        range = fitRange(both);
    }
    if (!range.isValid())
        return std::nullopt;
    d.range = range;
    d.beforeOptions = pictureOptions(before);
    d.afterOptions = pictureOptions(after);
    d.afterOptions.colourHook = std::make_shared<DiffColouring>(before, after, diff);
    auto overlay = std::make_shared<DiffOverlay>(before, after, diff);
    overlay->setOffsetUs(d.offsetUs);
    d.afterOptions.overlays.push_back(overlay);
    d.header = std::min(
        std::max(TimelinePainter::preferredHeaderWidth(before), TimelinePainter::preferredHeaderWidth(after)),
        width / 3);
    d.beforeHeight = timelineHeight(before, d.beforeOptions);
    d.afterHeight = timelineHeight(after, d.afterOptions);
    d.size = QSize(width, kCaptionPx + d.beforeHeight + kCaptionPx + d.afterHeight + kDiffLegendHeightPx);
    return d;
}

void paintDiffPicture(QPainter &p, const DiffPicture &d, const Capture &before, const Capture &after,
                      const TaskDiff &diff)
{
    const int width = d.size.width();
    QString head = QStringLiteral("Before · matched by %1").arg(diffMatchName(diff.matchBy));
    if (diff.matchesBars())
        head += QStringLiteral(" · bars %1 matched, %2 added, %3 removed")
                    .arg(diff.matchedRows)
                    .arg(diff.addedRows)
                    .arg(diff.removedRows);
    head += QStringLiteral(" · makespan %1 → %2")
                .arg(formatDuration(diff.beforeMakespanUs), formatDuration(diff.afterMakespanUs));
    int y = 0;
    caption(p, QRect(0, y, width, kCaptionPx), head);
    y += kCaptionPx;
    TimelinePainter beforePainter, afterPainter;
    beforePainter.indexFor(before, d.beforeIndex);
    afterPainter.indexFor(after, d.afterIndex);
    p.save();
    p.translate(0, y);
    p.setClipRect(QRect(0, 0, width, d.beforeHeight));
    beforePainter.paint(p, before, viewportOf(width, d.beforeHeight, d.header, d.range), d.beforeOptions);
    p.restore();
    y += d.beforeHeight;
    caption(p, QRect(0, y, width, kCaptionPx),
            QStringLiteral("After · coloured by Δ (after − before), lined up at the first bars"));
    y += kCaptionPx;
    p.save();
    p.translate(0, y);
    p.setClipRect(QRect(0, 0, width, d.afterHeight));
    afterPainter.paint(p, after,
                       viewportOf(width, d.afterHeight, d.header,
                                  {d.range.startUs + d.offsetUs, d.range.endUs + d.offsetUs}),
                       d.afterOptions);
    p.restore();
    y += d.afterHeight;

    const auto *colouring = static_cast<const DiffColouring *>(d.afterOptions.colourHook.get());
    DiffLegendInfo legend;
    legend.scale = colouring->scale();
    legend.perFunction = colouring->perFunction();
    legend.reason = diff.matchReason;
    legend.marksBars = diff.matchesBars();
    p.fillRect(QRect(0, y, width, kDiffLegendHeightPx), QColor(0xf3, 0xf4, 0xf6));
    p.setFont(pictureFont(12));
    paintDiffLegend(p, QRect(0, y, width, kDiffLegendHeightPx), legend, QColor(0x20, 0x24, 0x2a));
}

} // namespace

QImage diffTimelineImage(const Capture &before, const CaptureIndexPtr &beforeIndex, const Capture &after,
                         const CaptureIndexPtr &afterIndex, const TaskDiff &diff, int widthPx,
                         TimeRange range)
{
    const auto d = layOutDiffPicture(before, beforeIndex, after, afterIndex, diff, widthPx, range);
    if (!d)
        return {};
    return paintedImage(d->size, 1.0, [&](QPainter &p) { paintDiffPicture(p, *d, before, after, diff); });
}

QByteArray diffTimelineSvg(const Capture &before, const CaptureIndexPtr &beforeIndex, const Capture &after,
                           const CaptureIndexPtr &afterIndex, const TaskDiff &diff, int widthPx,
                           TimeRange range)
{
    const auto d = layOutDiffPicture(before, beforeIndex, after, afterIndex, diff, widthPx, range);
    if (!d)
        return {};
    return paintedSvg(d->size, QStringLiteral("Lanescope diff"),
                      [&](QPainter &p) { paintDiffPicture(p, *d, before, after, diff); });
}

QImage waterfallImage(const MakespanAttribution &attribution, int widthPx)
{
    const int width = std::clamp(widthPx, 240, 8000);
    QImage image(width, std::max(220, width * 3 / 8), QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.fill(Qt::white);
    QPainter p(&image);
    p.setRenderHint(QPainter::TextAntialiasing, true);
    p.setFont(pictureFont(12));
    const std::vector<WaterfallStep> steps = waterfallSteps(attribution);
    if (steps.empty()) {
        p.setPen(Qt::black);
        p.drawText(image.rect(), Qt::AlignCenter,
                   attribution.reason.isEmpty() ? QStringLiteral("No makespan attribution")
                                                : attribution.reason);
        return image;
    }
    paintWaterfall(p, image.rect(), attribution, QColor(0x20, 0x24, 0x2a));
    return image;
}

} // namespace lanescope
