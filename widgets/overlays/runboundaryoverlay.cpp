#include "widgets/overlays/runboundaryoverlay.h"

#include "model/capture/captureruns.h"

#include <QPainter>

namespace lanescope {

void RunBoundaryOverlay::paint(QPainter &p, const TimelineOverlayContext &context) const
{
    const auto &spans = context.capture.runSpans;
    if (spans.size() < 2)
        return;
    const QRect plot = context.plotRect();
    p.setClipRect(plot);
    const QColor line(0x5e, 0x35, 0xb1);
    const QColor wash(0x5e, 0x35, 0xb1, 18);
    const QFontMetrics metrics(p.font());
    for (std::size_t i = 0; i < spans.size(); ++i) {
        const double x0 = context.viewport.xOf(spans[i].startUs);
        const double x1 = context.viewport.xOf(spans[i].endUs);
        if (x1 < plot.left() - 1 || x0 > plot.right() + 1)
            continue;
        if (i % 2 == 1)
            p.fillRect(QRectF(QPointF(x0, plot.top()), QPointF(std::max(x1, x0 + 1), plot.bottom())), wash);
        p.setPen(QPen(line, 1.5));
        p.drawLine(QPointF(x0, plot.top()), QPointF(x0, plot.bottom()));
        const QString text = spans[i].name.isEmpty() ? runName(spans[i].epoch) : spans[i].name;
        const QRect box(int(x0) + 3, plot.top() + 2, metrics.horizontalAdvance(text) + 8,
                        metrics.height() + 2);
        p.fillRect(box, QColor(255, 255, 255, 225));
        p.setPen(line);
        p.drawText(box, Qt::AlignCenter, text);
    }
}

} // namespace lanescope
