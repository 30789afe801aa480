#pragma once

#include "widgets/render/hintbadge.h"
#include "widgets/render/scanlinebars.h"
#include "widgets/render/timelineframe.h"

#include <QHash>
#include <QRect>
#include <QString>
#include <optional>
#include <vector>

namespace lanescope {

// What the bar painter collects before drawing, kept by the painter between frames: a zoomed-out
// frame collects ~80k bars, and growing fresh vectors for them every frame costs more in page
// faults than collecting them does.
struct BarScratch
{
    struct Bar
    {
        QRect rect;
        QRgb colour = 0;
        bool joinable = true; // no gap and no label: a touching run of the same colour may extend it
    };
    struct Label
    {
        QRect box;
        QString text;
        QRgb background = 0;
        double textWidth = 0;
        GlyphText::Fit fit; // drawn as a glyph run when fit.chars > 0, else with drawText
    };
    struct Marker
    {
        QPointF centre;
        QRgb colour = 0;
        int height = 0;
    };

    std::vector<Bar> bars;
    std::vector<Bar> heads; // drawn after (over) the bars they belong to
    std::vector<Label> labels;
    std::vector<Marker> markers;
    std::vector<HintBadge> hintBadges; // drawn over the bars and heads, under the labels
    // Setup-head shades by bar colour, kept across frames: deriving one goes through HSV.
    QHash<QRgb, QRgb> headColours;
    ScanlineBars scanline;

    void clear() // what one frame collected; the shades stay
    {
        bars.clear();
        heads.clear();
        labels.clear();
        markers.clear();
        hintBadges.clear();
    }
};

// The bars, instants and bar labels of a frame's lanes. Level of detail: on every level of a lane,
// slices that fall into the same pixel column become one rectangle, so a frame never draws more
// rectangles per level than the plot is wide, however many slices are visible. Construct it once
// the frame's raster target is known; drawLane() each lane row, then flush().
class BarPainter
{
public:
    BarPainter(TimelineFrame &frame, BarScratch &scratch);

    void drawLane(const TimelineRow &row);
    // Draws what is still collected (all of it without a raster target), and the stats.
    void flushBars();

private:
    // A run of merged slices on one level, waiting to be drawn. It takes the colour of its longest
    // slice, which also keeps its label when it is wide enough on its own.
    struct PendingRect
    {
        int left = 0;
        int right = 0;
        std::int64_t count = 0;
        const Slice *longest = nullptr;
        int longestLeft = 0;
        int longestRight = 0;
        QRgb colour = 0;
    };
    using Bar = BarScratch::Bar;
    using Label = BarScratch::Label;
    using Marker = BarScratch::Marker;

    // Pixel column of a time (TimelineFrame::column with the scale divided out once per frame: a
    // zoomed-out frame asks this a few hundred thousand times, and the bounded, never negative
    // once shifted, value rounds by truncation, not a floor call).
    int column(double us) const
    {
        double x = m_plotLeft + (us - m_t0Us) * m_pxPerUs + 0.5;
        if (!(x >= m_columnMin)) // NaN too
            x = m_columnMin;
        else if (x > m_columnMax)
            x = m_columnMax;
        return int(x + TimelineFrame::kColumnShift) - TimelineFrame::kColumnShift;
    }
    // The time at widget x; TimelineViewport::timeAt without its division.
    double timeAt(double x) const { return m_t0Us + (x - m_plotLeft) * m_usPerPx; }
    QRgb colourOf(const Lane &lane, const Slice &s) const;

    // Turns the visible slices of one level into bars, labels and markers: from its slices, or,
    // where its summary's buckets are no wider than a pixel column, from those (LevelSummary).
    void collectLevel(const Lane &lane, const LaneLevelIndex &level, int y);
    void collectSlices(const Lane &lane, const LaneLevelIndex &level, int y, int height);
    void collectBuckets(const Lane &lane, const LaneLevelIndex &level, int y, int height);
    void addBar(const Lane &lane, const PendingRect &r, int y, int height);
    void addSetupHead(const Lane &lane, const Slice &s, int y, int height, int barRight);
    QRgb headColourOf(QRgb bar);
    std::optional<HintBadge> hintBadgeOf(const Lane &lane, const Slice &slice, QRgb colour,
                                         const QRect &box) const;
    bool addLabel(const Lane &lane, const Slice &slice, QRgb colour, const QRect &box);
    void drawHintBadges();
    void drawLabels();

    TimelineFrame &m_f;
    const BarColourHook *m_colourHook;    // null: the colour mode decides
    const HintedKernels *m_hintedKernels; // null: no badges in this frame
    QFontMetrics m_barMetrics;
    const double m_t0Us;
    const double m_plotLeft;
    const double m_pxPerUs;
    const double m_usPerPx;
    const double m_columnMin; // column()'s bounds, before rounding
    const double m_columnMax;
    std::vector<Bar> &m_bars;
    std::vector<Bar> &m_heads;
    std::vector<BarScratch::Label> &m_labels;
    std::vector<BarScratch::Marker> &m_markers;
    std::vector<HintBadge> &m_hintBadges;
    QHash<QRgb, QRgb> &m_headColours;
    ScanlineBars &m_scanline;
    // Raster targets get their bars as they are collected, composed a level at a time (m_scanline);
    // other devices get them from m_bars, grouped by colour. Bar colours are opaque (the palettes
    // carry no alpha), so writing them over what is below is what filling them would do.
    const bool m_composeBars;
    // The bars of the level being collected: how many, and the last one (touching runs of one
    // colour extend it).
    std::int64_t m_levelBars = 0;
    Bar m_lastBar;
    std::int64_t m_barsDrawn = 0;
    std::size_t m_labelsDrawn = 0; // m_labels up to here are drawn
    std::size_t m_hintBadgesDrawn = 0;
};

} // namespace lanescope
