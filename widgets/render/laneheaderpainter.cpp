#include "widgets/render/laneheaderpainter.h"

#include "model/format/countertext.h"
#include "widgets/render/hostclockbadge.h"

#include <QFontMetrics>
#include <algorithm>
#include <cmath>

namespace lanescope {

// A lane or counter name, left-aligned and vertically centred in `box`, elided to fit.
void LaneHeaderPainter::drawName(const QRectF &box, const QString &name, const QFontMetrics &metrics)
{
    if (m_f.laneText && m_f.laneText->covers(name)) {
        if (m_f.target) {
            const double baseline =
                box.top() + (box.height() + m_f.laneText->ascent() - m_f.laneText->descent()) / 2.0;
            m_f.laneText->blit(*m_f.target, QPointF(box.left(), baseline), name,
                               m_f.laneText->fit(name, box.width()), m_f.o.colours.text.rgba(),
                               m_f.o.colours.chrome.rgba());
            return;
        }
    }
    m_f.p.setFont(m_f.fonts.lane);
    m_f.p.setPen(m_f.o.colours.text);
    m_f.p.drawText(box, Qt::AlignLeft | Qt::AlignVCenter,
                   metrics.elidedText(name, Qt::ElideRight, int(box.width())));
}

void LaneHeaderPainter::drawHeaderColumn()
{
    const int width = m_f.vp.headerWidthPx;
    if (width <= 0)
        return;
    m_f.fillOpaque(QRect(0, m_f.vp.lanesTop(), width, m_f.vp.lanesHeight()), m_f.o.colours.chrome);
    const QFontMetrics laneMetrics(m_f.fonts.lane);
    const QFontMetrics headingMetrics(m_f.fonts.heading);
    const QFontMetrics smallMetrics(m_f.fonts.small);
    for (const TimelineRow &row : m_f.rows) {
        const double top = m_f.rowTop(row);
        if (row.kind == TimelineRow::Kind::GroupHeading) {
            m_f.fillOpaque(QRect(0, int(std::floor(top)), width, row.height), m_f.o.colours.headingBand);
            drawDisclosure(QPointF(9, top + row.height / 2.0), row.collapsed);
            const QString count = QString::number(row.memberCount);
            const int countWidth = smallMetrics.horizontalAdvance(count);
            m_f.p.setFont(m_f.fonts.heading);
            m_f.p.setPen(m_f.o.colours.text);
            const int room = width - kGroupIndentPx - countWidth - 14;
            m_f.p.drawText(QRectF(kGroupIndentPx, top, room, row.height), Qt::AlignLeft | Qt::AlignVCenter,
                           headingMetrics.elidedText(row.group, Qt::ElideRight, room));
            m_f.p.setFont(m_f.fonts.small);
            m_f.p.setPen(m_f.o.colours.mutedText);
            m_f.p.drawText(QRectF(width - countWidth - 8, top, countWidth, row.height),
                           Qt::AlignRight | Qt::AlignVCenter, count);
        } else {
            const QString name = row.kind == TimelineRow::Kind::Lane
                                     ? m_f.c.lanes[std::size_t(row.index)].name
                                     : counterTitle(row.index);
            const int indent = row.group.isEmpty() ? 8 : kGroupIndentPx;
            const int room = width - indent - 8;
            const double nameHeight = row.kind == TimelineRow::Kind::Lane
                                          ? m_f.o.metrics.sliceRowHeightPx + 2.0 * m_f.o.metrics.lanePaddingPx
                                          : row.height / 2.0 + 2;
            int nameRoom = room;
            if (row.kind == TimelineRow::Kind::Lane) {
                const QString badge =
                    clockBadgeText(m_f.c.lanes[std::size_t(row.index)], m_f.c.info.hostPlacement);
                if (!badge.isEmpty())
                    nameRoom -= drawClockBadge(QRectF(indent, top, room, nameHeight), smallMetrics, badge);
            }
            drawName(QRectF(indent, top, nameRoom, nameHeight), name, laneMetrics);
            if (row.kind == TimelineRow::Kind::Counter) {
                const auto range = m_f.index.counterRange(std::size_t(row.index));
                const CounterTrack &counter = m_f.c.counters[std::size_t(row.index)];
                m_f.p.setFont(m_f.fonts.small);
                m_f.p.setPen(m_f.o.colours.mutedText);
                // In the counter's one unit, as the Rings panel writes it (countertext.h).
                const QString scale = counterScaleText(counter, range.first, range.second);
                m_f.p.drawText(QRectF(indent, top + nameHeight - 2, room, row.height - nameHeight),
                               Qt::AlignLeft | Qt::AlignTop,
                               smallMetrics.elidedText(scale, Qt::ElideRight, room));
            }
            m_f.rowLine(int(std::floor(top + row.height - 0.5)), 0, width, m_f.o.colours.rowSeparator);
        }
    }
    m_f.columnLine(width - 1, m_f.vp.lanesTop(), m_f.vp.heightPx, m_f.o.colours.chromeBorder);
}

// A right-aligned clock tag (hostclockbadge.h): "own clock" when these bars are not on the
// device time axis, or how far a host-clock lane placed on it may be off. Returns the width it
// takes from the lane name.
int LaneHeaderPainter::drawClockBadge(const QRectF &nameBox, const QFontMetrics &metrics, const QString &text)
{
    const int width = metrics.horizontalAdvance(text) + 8;
    if (width + 24 > nameBox.width())
        return 0;
    const QRectF badge(nameBox.right() - width, nameBox.center().y() - 7, width, 14);
    m_f.p.save();
    m_f.p.setRenderHint(QPainter::Antialiasing, true);
    m_f.p.setPen(m_f.o.colours.ownClockBadge);
    m_f.p.setBrush(m_f.o.colours.ownClockBadgeFill);
    m_f.p.drawRoundedRect(badge, 3, 3);
    m_f.p.setFont(m_f.fonts.small);
    m_f.p.drawText(badge, Qt::AlignCenter, text);
    m_f.p.restore();
    return width + 4;
}

QString LaneHeaderPainter::counterTitle(int index) const
{
    const CounterTrack &counter = m_f.c.counters[std::size_t(index)];
    const QString title =
        counter.series.isEmpty() ? counter.name : counter.name + QStringLiteral(" · ") + counter.series;
    return counter.note.isEmpty() ? title : title + u' ' + counter.note;
}

void LaneHeaderPainter::drawDisclosure(QPointF centre, bool collapsed)
{
    m_f.p.save();
    m_f.p.setRenderHint(QPainter::Antialiasing, true);
    m_f.p.setPen(Qt::NoPen);
    m_f.p.setBrush(m_f.o.colours.mutedText);
    const double r = 3.5;
    if (collapsed) {
        const QPointF tri[] = {{centre.x() - r * 0.6, centre.y() - r},
                               {centre.x() + r * 0.8, centre.y()},
                               {centre.x() - r * 0.6, centre.y() + r}};
        m_f.p.drawPolygon(tri, 3);
    } else {
        const QPointF tri[] = {{centre.x() - r, centre.y() - r * 0.6},
                               {centre.x() + r, centre.y() - r * 0.6},
                               {centre.x(), centre.y() + r * 0.8}};
        m_f.p.drawPolygon(tri, 3);
    }
    m_f.p.restore();
}

int LaneHeaderPainter::preferredWidth(const Capture &c, const QFont &font)
{
    const TimelineFonts fonts(font);
    const QFontMetrics lane(fonts.lane);
    const QFontMetrics heading(fonts.heading);
    const QFontMetrics small(fonts.small);
    int widest = 0;
    QString lastGroup;
    for (const Lane &l : c.lanes) {
        const QString badge = clockBadgeText(l, c.info.hostPlacement);
        const int badgeWidth =
            badge.isEmpty() ? 0 : small.horizontalAdvance(badge) + 12; // drawClockBadge's room
        widest = std::max(widest, lane.horizontalAdvance(l.name) + badgeWidth);
        if (l.group != lastGroup) {
            widest = std::max(widest, heading.horizontalAdvance(l.group) + 24);
            lastGroup = l.group;
        }
    }
    for (const CounterTrack &counter : c.counters)
        widest =
            std::max(widest, lane.horizontalAdvance(counter.name + QStringLiteral(" · ") + counter.series));
    return std::clamp(widest + kGroupIndentPx + 16, 140, 360);
}

} // namespace lanescope
