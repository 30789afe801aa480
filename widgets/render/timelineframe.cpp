#include "widgets/render/timelineframe.h"

#include <QFontMetrics>
#include <QPaintEngine>
#include <cmath>

namespace lanescope {

TimelineFonts::TimelineFonts(const QFont &base)
    : bar(base), lane(base), heading(base), ruler(base), small(base)
{
    // Pixel sizes, not points: the same picture on screen, in a PNG and in an SVG, whatever
    // resolution each device reports.
    bar.setPixelSize(11);
    lane.setPixelSize(12);
    heading.setPixelSize(12);
    heading.setBold(true);
    ruler.setPixelSize(11); // the bar labels' size: the ruler draws from their glyph table
    small.setPixelSize(10);
}

TimelineFrame::TimelineFrame(QPainter &p, const Capture &c, const TimelineViewport &vp,
                             const TimelinePaintOptions &o, const TimelineIndex &index,
                             TimelinePaintStats &stats, std::vector<TimelineRow> &rows,
                             const TimelineGlyphs *glyphs)
    : p(p), c(c), vp(vp), o(o), index(index), stats(stats), fonts(o.font),
      layout(c, o.metrics, o.collapsedGroups, o.arrangement), rows(rows)
{
    // Glyph runs only where pixels are the output: an SVG keeps its labels as text.
    if (glyphs && p.paintEngine() && p.paintEngine()->type() == QPaintEngine::Raster) {
        barText = &glyphs->bar;
        laneText = &glyphs->lane;
    }
    // Measured from the glyph table whatever the device, so PNG and SVG choose the same ticks.
    const GlyphText *rulerGlyphs = glyphs && glyphs->bar.font() == fonts.ruler ? &glyphs->bar : nullptr;
    rulerMeasure = rulerGlyphs;
    if (barText)
        rulerText = rulerGlyphs;
    scale = chooseRulerScale(vp.range(), vp.plotWidth(), [this](const QString &s) { return rulerWidth(s); });
}

int TimelineFrame::rulerWidth(const QString &text) const
{
    if (rulerMeasure && rulerMeasure->covers(text))
        return int(std::ceil(rulerMeasure->width(text)));
    return QFontMetrics(fonts.ruler).horizontalAdvance(text);
}

void TimelineFrame::fillOpaque(const QRect &rect, const QColor &colour)
{
    if (target && colour.alpha() == 255)
        target->fill(target->clippedToDevice(rect), colour.rgba());
    else
        p.fillRect(rect, colour);
}

} // namespace lanescope
