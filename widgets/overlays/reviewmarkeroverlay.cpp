#include "widgets/overlays/reviewmarkeroverlay.h"

#include <QPainter>

namespace lanescope {

void ReviewMarkerOverlay::paint(QPainter &p, const TimelineOverlayContext &context) const
{
    const QRect plot = context.plotRect();
    p.setClipRect(QRect(plot.left(), 0, plot.width(), plot.bottom() + 1));
    const QColor colour(0xd8, 0x1b, 0x60);
    QPen pen(colour, 1.5, Qt::DashLine);
    const QFontMetrics metrics(p.font());
    for (const ReviewMarker &marker : m_markers) {
        const double x = context.viewport.xOf(m_startUs + marker.timeUs);
        if (x < plot.left() - 1 || x > plot.right() + 1)
            continue;
        p.setPen(pen);
        p.drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
        const QString text = marker.name.isEmpty() ? QStringLiteral("▼") : marker.name;
        const QRect box(int(x) + 3, plot.top() + 2, metrics.horizontalAdvance(text) + 6,
                        metrics.height() + 2);
        p.fillRect(box, QColor(255, 255, 255, 220));
        p.setPen(colour);
        p.drawText(box, Qt::AlignCenter, text);
    }
}

} // namespace lanescope
