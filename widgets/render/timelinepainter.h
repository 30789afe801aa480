#pragma once

#include "widgets/style/timelinecolours.h"

#include "model/capture/capture.h"
#include "model/index/sliceref.h"
#include "widgets/overlays/timelineoverlay.h"
#include "widgets/render/barcolourhook.h"
#include "widgets/render/countergeometry.h"
#include "widgets/render/timelineindex.h"
#include "widgets/text/barstyle.h"
#include "widgets/timeline/lanearrangement.h"
#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timeviewport.h"

#include <QFont>
#include <QImage>
#include <QSet>
#include <QString>
#include <cstdint>
#include <memory>

class QPainter;

namespace lanescope {

struct TimelineGlyphs;
struct TimelineFrameScratch;

struct TimelinePaintOptions
{
    TimelineMetrics metrics;
    QSet<QString> collapsedGroups;
    // Named in the ruler's corner before the visible span (a comparison's "Before"); empty: the
    // span alone.
    QString caption;
    QFont font; // family and style; the painter picks pixel sizes itself
    bool drawLabels = true;
    int minLabelWidthPx = 28; // narrower bars stay unlabelled
    SliceRef highlight;       // the outlined bar; invalid for none
    // Bars outlined more lightly along with the highlighted one (the other blocks of an SPMD task).
    std::vector<SliceRef> relatedSlices;
    LaneArrangement arrangement;
    BarLabelMode labelMode = BarLabelMode::Both;
    BarColourMode colourMode = BarColourMode::Function;
    // Chooses every bar's colour instead of colourMode when set (the Diff view); compared by pointer.
    std::shared_ptr<const BarColourHook> colourHook;
    bool drawSetupHeads = true; // AICore bars: receive -> start in a lighter shade
    bool drawHintBadges = true; // AICore bars of kernels with compiler hints: a corner mark (hintbadge.h)
    // Counters with a capacity (ring lanes) span it, or their own peak (countergeometry.h).
    CounterScale counterScale = CounterScale::Capacity;
    // Zoomed far out, draw a level from its time buckets (LevelSummary) instead of its slices: the
    // same bars, read from a small array. Off only to measure or compare the two.
    bool useLevelSummaries = true;
    // Keep the last frame without its overlays (selection outlines) and reuse it while only the
    // overlays change: clicks, hovers and tooltips then cost a blit, not a million bars.
    bool cacheFrames = false;
    TimelineColours colours = TimelineColours::light();
    // Drawn over the bars in this order, after the selection outlines (see TimelineOverlay).
    std::vector<std::shared_ptr<const TimelineOverlay>> overlays;

    // Every field counts; TimelinePainter's frame cache compares all but the overlays'.
    friend bool operator==(const TimelinePaintOptions &, const TimelinePaintOptions &) = default;
};

// What the last paint() drew; level of detail is verified against these numbers.
struct TimelinePaintStats
{
    std::int64_t rectsDrawn = 0;
    std::int64_t maxRectsInLane = 0; // over all levels of one lane
    std::int64_t slicesVisited = 0;  // slices looked at; far below the slice count when zoomed out
    std::int64_t bucketsVisited = 0; // summary buckets read instead of slices (zoomed far out)
    std::int64_t markersDrawn = 0;
    std::int64_t labelsDrawn = 0;
    std::int64_t hintBadgesDrawn = 0; // bars marked as kernels with compiler hints
    std::int64_t counterPoints = 0;
    int lanesDrawn = 0;
    bool fromCache = false; // the frame was the cached picture plus fresh overlays
};

// Draws a capture's timeline — lane header column, time ruler, bars, instants and counters — for
// the screen, PNG and SVG alike. Level of detail: on every level of a lane, slices that fall into
// the same pixel column become one rectangle, so a frame never draws more rectangles per level
// than the plot is wide, however many slices are visible.
class TimelinePainter
{
public:
    TimelinePainter();
    ~TimelinePainter();

    void paint(QPainter &p, const Capture &c, const TimelineViewport &vp, const TimelinePaintOptions &o);
    const TimelinePaintStats &stats() const { return m_stats; }

    // The derived per-capture data, built on first use and again whenever another capture is
    // drawn; from `shared` (the run's index) when that was built for `c`.
    const TimelineIndex &indexFor(const Capture &c, const CaptureIndexPtr &shared = {});

    // A header column wide enough for the capture's lane and group names (within sane bounds).
    static int preferredHeaderWidth(const Capture &c, const QFont &font = {});

private:
    const TimelineGlyphs *glyphsFor(const QFont &font);

    std::unique_ptr<TimelineIndex> m_index;
    std::unique_ptr<TimelineGlyphs> m_glyphs;
    std::unique_ptr<TimelineFrameScratch> m_scratch;
    TimelinePaintStats m_stats;
    // The frame cache: picture, what it shows, and what drawing it cost.
    QImage m_cachedFrame;
    const Capture *m_cachedCapture = nullptr;
    TimelineViewport m_cachedViewport;
    TimelinePaintOptions m_cachedOptions;
    TimelinePaintStats m_cachedStats;
};

} // namespace lanescope
