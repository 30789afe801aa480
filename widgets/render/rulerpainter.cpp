#include "widgets/render/rulerpainter.h"

#include "widgets/text/timeformat.h"

#include <QFontMetrics>
#include <cmath>

namespace lanescope {

void RulerPainter::drawRuler()
{
    const int height = m_f.vp.rulerHeightPx;
    if (height <= 0)
        return;
    m_f.fillOpaque(QRect(0, 0, m_f.vp.widthPx, height), m_f.o.colours.chrome);
    const QFontMetrics metrics(m_f.fonts.ruler);
    m_f.p.setFont(m_f.fonts.ruler);
    const double baseline = height - 9;
    for (const double t : m_f.scale.minorTicks(m_f.vp.range())) {
        const int x = int(std::floor(m_f.vp.xOf(t)));
        if (x >= m_f.vp.plotLeft() && x < m_f.vp.plotRight())
            m_f.columnLine(x, height - 4, height, m_f.o.colours.chromeBorder);
    }
    for (const double t : m_f.scale.majorTicks(m_f.vp.range())) {
        const int x = int(std::floor(m_f.vp.xOf(t)));
        if (x < m_f.vp.plotLeft() || x >= m_f.vp.plotRight())
            continue;
        m_f.columnLine(x, 4, height, m_f.o.colours.chromeBorder);
        const QString label = m_f.scale.label(t);
        if (x + 4 + m_f.rulerWidth(label) > m_f.vp.plotRight())
            continue;
        if (m_f.rulerText && m_f.target && m_f.rulerText->covers(label)) {
            m_f.rulerText->blit(*m_f.target, QPointF(x + 4, baseline), label,
                                m_f.rulerText->fit(label, m_f.vp.widthPx), m_f.o.colours.text.rgba(),
                                m_f.o.colours.chrome.rgba());
        } else {
            m_f.p.setPen(m_f.o.colours.text);
            m_f.p.drawText(QPointF(x + 4, baseline), label);
        }
    }
    // The corner above the header column tells how much time the plot shows, in the ticks'
    // precision: read beside them, it never shows more decimals than they do.
    if (m_f.vp.headerWidthPx > 0) {
        m_f.p.setPen(m_f.o.colours.mutedText);
        m_f.p.drawText(QRectF(8, 0, m_f.vp.headerWidthPx - 16, height), Qt::AlignLeft | Qt::AlignVCenter,
                       metrics.elidedText(QStringLiteral("visible %1").arg(m_f.scale.label(m_f.vp.spanUs())),
                                          Qt::ElideRight, m_f.vp.headerWidthPx - 16));
        m_f.columnLine(m_f.vp.headerWidthPx - 1, 0, height, m_f.o.colours.chromeBorder);
    }
    m_f.rowLine(height - 1, 0, m_f.vp.widthPx, m_f.o.colours.chromeBorder);
}

} // namespace lanescope
