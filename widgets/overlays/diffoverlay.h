#pragma once

#include "model/capture/capture.h"
#include "model/diff/taskdiff.h"
#include "widgets/overlays/timelineoverlay.h"
#include "widgets/render/scanlinebars.h"

#include <QRect>
#include <cstdint>
#include <optional>
#include <vector>

namespace lanescope {

// What the Diff view draws over the After timeline: the bars only Before had as ghost outlines
// where Before had them (Before's times moved onto After's axis by the alignment offset, on the
// lane of the same core), the bars only After has hatched, and, when asked, every Before bar as a
// faint ghost over After. Marks are kept per After lane, sorted by start, and merged per pixel
// column as the bars are, so a frame costs what the plot is wide, not what the diff is long.
class DiffOverlay : public TimelineOverlay
{
public:
    DiffOverlay(const Capture &before, const Capture &after, const TaskDiff &diff);

    // After's time of a Before time is before + offset.
    void setOffsetUs(double offsetUs) { m_offsetUs = offsetUs; }
    double offsetUs() const { return m_offsetUs; }
    // Every Before bar drawn faintly over After.
    void setGhostBefore(bool on) { m_ghostBefore = on; }
    bool ghostBefore() const { return m_ghostBefore; }

    void paint(QPainter &p, const TimelineOverlayContext &context) const override;

    // The removed Before row whose ghost covers After time `us` on After lane `lane`, if any.
    std::optional<std::uint32_t> removedAt(int lane, double us, double toleranceUs) const;
    std::size_t removedCount() const { return m_removedCount; }
    std::size_t addedCount() const { return m_addedCount; }

    struct Mark
    {
        double startUs = 0; // Before's time for ghosts, After's for added bars
        double endUs = 0;
        std::uint32_t row = 0; // Capture::rows of its side
    };
    struct LaneMarks
    {
        std::vector<Mark> marks; // by start
        double longestUs = 0;
    };

private:
    enum class Style { Ghost, Removed, Added };
    void paintMarks(QPainter &p, const TimelineOverlayContext &context, const std::vector<LaneMarks> &lanes,
                    double shiftUs, Style style, const RasterTarget *direct) const;

    std::vector<LaneMarks> m_removed; // by After lane
    std::vector<LaneMarks> m_added;
    std::vector<LaneMarks> m_before; // every Before AICore bar, by the After lane of its core
    std::size_t m_removedCount = 0;
    std::size_t m_addedCount = 0;
    double m_offsetUs = 0;
    bool m_ghostBefore = false;
    // The rectangles of the style being drawn, kept between frames (painting is on one thread).
    struct Scratch
    {
        std::vector<QRect> solid;
        std::vector<QRect> framed;
        ScanlineBars scanline; // the solid marks of a lane, with a raster target
    };
    mutable Scratch m_scratch;
};

} // namespace lanescope
