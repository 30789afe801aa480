#pragma once

#include "model/analysis/dependencyanchors.h"
#include "widgets/overlays/timelineoverlay.h"
#include "widgets/render/arrowgeometry.h"

#include <QString>
#include <memory>
#include <vector>

namespace lanescope {

// Dependency arrows over the timeline (spec §7.5): the edges of the selected task's cone, and
// optionally every edge with an end in view. Each edge is drawn in the Worker View and, where both
// ends have AICPU timing, in the Scheduler View, from the producer bar's end to the consumer bar's
// start; an edge whose consumer started before its producer ended (hb_violation) is drawn in a
// warning colour. An end in a hidden lane is not drawn; ends outside the visible time are cut at
// the plot border.
//
// Folded groups: an arrow between a shown lane and a folded group runs to (or from) the group's
// heading at its time and ends there in a dot instead of a head, since the bar it reaches is not
// shown; arrows that lead from a folded group back into the same group are not drawn at all (they
// would run along the heading) and are counted in a single marker on that heading instead.
//
// Density cap: when more arrows would be in view than the cap, none of that set is drawn and a
// count ("12 345 arrows in view — zoom in") takes their place, so a frame never has to stroke a
// hundred thousand curves.
class DependencyArrowsOverlay : public TimelineOverlay
{
public:
    static constexpr std::size_t kDefaultDensityCap = 4000;

    struct Stats
    {
        std::size_t coneEdges = 0;    // edges of the selection's cone (set with setCone)
        std::size_t arrowsInView = 0; // arrows of the cone and (when on) of the whole graph in view
        std::size_t arrowsDrawn = 0;
        std::size_t violationsDrawn = 0; // of arrowsDrawn, in the warning colour
        std::size_t endsNotShown = 0;    // arrows with an end in a hidden lane
        std::size_t endsFolded = 0;      // of arrowsDrawn, those with an end on a folded heading
        std::size_t insideFolded = 0;    // arrows within one folded group, counted on its heading
        std::size_t foldedMarkers = 0;   // headings that carry such a count
        std::size_t markedInside = 0;    // the arrows those markers count, all headings together
        bool overCap = false;            // a count was drawn instead of arrows

        void add(const Stats &other);
    };

    explicit DependencyArrowsOverlay(CapturePtr capture);

    const CapturePtr &capture() const { return m_capture; }
    const DependencyAnchors &anchors() const { return *m_anchors; }

    // The selected task's cone (see dependencyCone); empty hides the selection's arrows.
    void setCone(std::vector<DependencyEdge> edges);
    const std::vector<DependencyEdge> &cone() const { return m_cone; }
    // Also draw every edge of the graph that has an end in view.
    void setShowAllInView(bool on);
    void setDensityCap(std::size_t cap) { m_cap = cap; }

    // What the last paint did (for the status line and tests).
    const Stats &stats() const { return m_stats; }

    void paint(QPainter &p, const TimelineOverlayContext &context) const override;

    // "12 345 arrows in view — zoom in".
    static QString overCapText(std::size_t arrows);
    // "3 arrows inside": the marker on a folded group's heading.
    static QString foldedMarkerText(std::size_t arrows);

private:
    // One producer-anchor -> consumer-anchor pair, flattened so a frame only scans numbers.
    struct Arrow
    {
        double fromUs = 0; // producer bar end
        double toUs = 0;   // consumer bar start
        double loUs = 0, hiUs = 0;
        std::int32_t fromLane = -1, toLane = -1;
        std::uint8_t fromDepth = 0, toDepth = 0;
        bool violation = false;
        std::uint8_t distance = 1;
    };
    // Arrows sorted by their earliest time, with the latest time of each block of 64, so a frame
    // finds those in view without scanning a hundred thousand of them.
    struct ArrowSet
    {
        static constexpr std::size_t kBlock = 64;
        std::vector<Arrow> arrows;
        std::vector<double> blockMaxHi;
        bool empty() const { return arrows.empty(); }
    };
    ArrowSet arrowsOf(const std::vector<DependencyEdge> &edges) const;
    // Where each lane's arrows end in one frame: a shown lane's bar rows, or a folded group's heading.
    struct LaneEnds
    {
        std::vector<double> top;      // y of the lane's first bar row, or the heading's centre; NaN: none
        std::vector<int> heading;     // index into headingY when the lane is folded, else -1
        std::vector<double> headingY; // centre of each folded heading with lanes
        double rowHeight = 0;
    };
    static LaneEnds laneEnds(const TimelineOverlayContext &context);
    // Draws the arrows of `set` in view, or the count when more than the cap; returns false then.
    // `inside` (one count per folded heading) receives the arrows within each folded group.
    bool paintSet(QPainter &p, const TimelineOverlayContext &context, const ArrowSet &set, bool faint,
                  const LaneEnds &ends, std::vector<std::size_t> &inside, Stats &stats) const;
    // `inside[h]` arrows within the group of folded heading h: one marker on that heading.
    static void paintFoldedMarkers(QPainter &p, const TimelineOverlayContext &context, const LaneEnds &ends,
                                   const std::vector<std::size_t> &inside, Stats &stats);

    CapturePtr m_capture;
    std::shared_ptr<const DependencyAnchors> m_anchors;
    std::vector<DependencyEdge> m_cone;
    ArrowSet m_coneArrows;
    mutable ArrowSet m_allArrows; // built on first use of "all in view"
    mutable bool m_allBuilt = false;
    bool m_showAll = false;
    std::size_t m_cap = kDefaultDensityCap;
    mutable Stats m_stats;
};

} // namespace lanescope
