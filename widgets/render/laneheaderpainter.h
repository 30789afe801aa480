#pragma once

#include "widgets/render/timelineframe.h"

namespace lanescope {

// The header column left of the plot: group headings with their disclosure triangle and member
// count, lane names with their clock badge, counter titles with their value range.
class LaneHeaderPainter
{
public:
    explicit LaneHeaderPainter(TimelineFrame &frame) : m_f(frame) {}

    void drawHeaderColumn();

    // A header column wide enough for the capture's lane and group names (within sane bounds).
    static int preferredWidth(const Capture &c, const QFont &font);

private:
    void drawName(const QRectF &box, const QString &name, const QFontMetrics &metrics);
    int drawClockBadge(const QRectF &nameBox, const QFontMetrics &metrics, const QString &text);
    QString counterTitle(int index) const;
    void drawDisclosure(QPointF centre, bool collapsed);

    TimelineFrame &m_f;
};

} // namespace lanescope
