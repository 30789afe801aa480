#pragma once

#include "widgets/render/rastertarget.h"
#include "widgets/render/rulerscale.h"
#include "widgets/render/timelineindex.h"
#include "widgets/render/timelinepainter.h"
#include "widgets/text/glyphtext.h"
#include "widgets/timeline/timelinelayout.h"

#include <QFont>
#include <QPainter>
#include <optional>
#include <vector>

namespace lanescope {

// Indent of lane names under their group heading, in the header column.
constexpr int kGroupIndentPx = 18;

// The glyph tables of the fonts drawn most often, kept across frames.
struct TimelineGlyphs
{
    GlyphText bar;
    GlyphText lane;
};

struct TimelineFonts
{
    QFont bar;
    QFont lane;
    QFont heading;
    QFont ruler;
    QFont small;

    explicit TimelineFonts(const QFont &base);
};

// One paint() call as the part painters (bars, counters, header column, ruler) see it: the inputs,
// what is derived from them once per frame, and the pixel helpers they share, so that the parts
// agree on every column and row.
struct TimelineFrame
{
    TimelineFrame(QPainter &p, const Capture &c, const TimelineViewport &vp, const TimelinePaintOptions &o,
                  const TimelineIndex &index, TimelinePaintStats &stats, std::vector<TimelineRow> &rows,
                  const TimelineGlyphs *glyphs);

    QPainter &p;
    const Capture &c;
    const TimelineViewport &vp;
    const TimelinePaintOptions &o;
    const TimelineIndex &index;
    TimelinePaintStats &stats;
    TimelineFonts fonts;
    TimelineLayout layout;
    RulerScale scale;
    const GlyphText *barText = nullptr; // fast bar labels and lane names, when drawing pixels
    const GlyphText *laneText = nullptr;
    const GlyphText *rulerText = nullptr;    // ruler labels, when drawing pixels
    const GlyphText *rulerMeasure = nullptr; // ruler label widths on every device
    std::optional<RasterTarget> target;      // the pixels the base frame writes directly, if it can
    std::vector<TimelineRow> &rows;          // the rows at least partly on screen

    // Pixel column of a time, bounded so that deep zoom cannot overflow an int (the bar painter
    // keeps its own copy of this, its hottest line).
    int column(double us) const
    {
        double x = vp.plotLeft() + (us - vp.t0Us) * vp.pxPerUs() + 0.5;
        if (!(x >= vp.plotLeft() - 2 + 0.5)) // NaN too
            x = vp.plotLeft() - 2 + 0.5;
        else if (x > vp.plotRight() + 2 + 0.5)
            x = vp.plotRight() + 2 + 0.5;
        return int(x + kColumnShift) - kColumnShift;
    }
    static constexpr int kColumnShift = 8;

    double rowTop(const TimelineRow &row) const { return vp.lanesTop() + row.y - vp.scrollYPx; }
    int rulerWidth(const QString &text) const;

    // A fill of whole pixels, written directly when the target allows it and the colour is opaque.
    void fillOpaque(const QRect &rect, const QColor &colour);
    // One-pixel lines along a pixel column or row, [from, to): the pixels an aliased 1 px pen
    // centred on that column or row covers, as a fill. QPainter strokes even these through its
    // general line path, which cost more than all the bars of a zoomed frame.
    void columnLine(int x, int from, int to, const QColor &colour)
    {
        fillOpaque(QRect(x, from, 1, to - from), colour);
    }
    void rowLine(int y, int from, int to, const QColor &colour)
    {
        fillOpaque(QRect(from, y, to - from, 1), colour);
    }
};

} // namespace lanescope
