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
    // The corner above the header column names the view, if it has a name, and tells how much
    // time the plot shows, in the ticks' precision: read beside them, it never shows more
    // decimals than they do.
    if (m_f.vp.headerWidthPx > 0) {
        const int room = m_f.vp.headerWidthPx - 16;
        const QRectF corner(8, 0, room, height);
        const QString span = QStringLiteral("visible %1").arg(m_f.scale.label(m_f.vp.spanUs()));
        int spanLeft = 0;
        if (!m_f.o.caption.isEmpty()) {
            QFont bold = m_f.fonts.ruler;
            bold.setBold(true);
            const QFontMetrics boldMetrics(bold);
            const QString caption = boldMetrics.elidedText(m_f.o.caption, Qt::ElideRight, room);
            m_f.p.setFont(bold);
            m_f.p.setPen(m_f.o.colours.text);
            m_f.p.drawText(corner, Qt::AlignLeft | Qt::AlignVCenter, caption);
            m_f.p.setFont(m_f.fonts.ruler);
            spanLeft =
                boldMetrics.horizontalAdvance(caption) + metrics.horizontalAdvance(QStringLiteral("  "));
        }
        // The span follows the caption where it fits whole; a name cut short would read as another.
        if (spanLeft == 0 || spanLeft + metrics.horizontalAdvance(span) <= room) {
            m_f.p.setPen(m_f.o.colours.mutedText);
            m_f.p.drawText(corner.adjusted(spanLeft, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                           metrics.elidedText(span, Qt::ElideRight, room - spanLeft));
        }
        m_f.columnLine(m_f.vp.headerWidthPx - 1, 0, height, m_f.o.colours.chromeBorder);
    }
    m_f.rowLine(height - 1, 0, m_f.vp.widthPx, m_f.o.colours.chromeBorder);
}

} // namespace lanescope
