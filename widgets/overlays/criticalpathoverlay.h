#pragma once

#include "model/analysis/criticalpath.h"
#include "model/index/sliceref.h"
#include "widgets/overlays/timelineoverlay.h"
#include "widgets/text/barstyle.h"

#include <QColor>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <optional>
#include <vector>

namespace lanescope {

class TaskLocator;

// The observed critical path of spec §12.4 drawn over a timeline: everything off the path is
// washed out, the path's bars are drawn again on top with an outline, and each gap on the path is
// a band on the waiting task's lane in the colour of its kind (data-wait, core-wait, front-gap),
// joined to the bar it waited for. A legend in the plot's corner names the colours and totals.
class CriticalPathOverlay : public TimelineOverlay
{
public:
    struct Gap
    {
        PathSegment::Kind kind = PathSegment::Kind::DataWait;
        double fromUs = 0, toUs = 0;
        std::uint64_t waiterTask = 0;
        std::optional<std::uint64_t> producerTask; // the path's previous task (none for the front gap)
        SliceRef waiter;     // the waiting task's earliest bar: the gap is drawn on its lane
        SliceRef producer;   // the producer's latest-ending bar, when there is one
        int waiterDepth = 0; // nesting depth of the waiter's bar in its lane
    };

    // Places `path` on the bars of `capture`. Tasks without an AICore bar are left out.
    void setPath(const Capture &capture, const TaskLocator &locator, const ObservedCriticalPath &path);
    void clear();
    bool isEmpty() const { return m_bars.empty(); }

    const std::vector<SliceRef> &bars() const { return m_bars; }
    const std::vector<Gap> &gaps() const { return m_gaps; }
    bool isOnPath(SliceRef bar) const;

    // Bars are redrawn in the colours and with the labels of these modes, as the timeline draws them.
    void setColourMode(BarColourMode mode) { m_colourMode = mode; }
    void setLabelMode(BarLabelMode mode) { m_labelMode = mode; }

    void paint(QPainter &p, const TimelineOverlayContext &context) const override;

    // Where gap `i` is drawn in a viewport (its band across the waiting lane's bar row), or an
    // empty rect when its lane is not shown.
    QRectF gapRect(std::size_t i, const TimelineViewport &viewport, const TimelineLayout &layout) const;
    // The gap under a viewport position, if any.
    std::optional<std::size_t> gapAt(QPointF pos, const TimelineViewport &viewport,
                                     const TimelineLayout &layout) const;
    // Tooltip of a gap: kind, duration, and who waited for whom.
    QString describeGap(std::size_t i) const;

    static QColor pathColour();
    static QColor kindColour(PathSegment::Kind kind);
    // Opacity of the wash over the bars that are off the path (0..255).
    static constexpr int kWashAlpha = 185;

private:
    std::vector<SliceRef> m_bars; // sorted, for isOnPath
    std::vector<Gap> m_gaps;
    double m_t0Us = 0, m_endUs = 0;
    double m_computeUs = 0, m_dataWaitUs = 0, m_coreWaitUs = 0, m_frontGapUs = 0;
    std::size_t m_tasks = 0;
    BarColourMode m_colourMode = BarColourMode::Function;
    BarLabelMode m_labelMode = BarLabelMode::Both;
};

} // namespace lanescope
