#include "widgets/comparison/difflegend.h"

#include "model/format/durationtext.h"

#include <QPainter>

namespace lanescope {

QString DiffLegendInfo::caption() const
{
    if (perFunction)
        return DiffLegend::tr("per function: the task set changed — %1")
            .arg(reason.isEmpty() ? DiffLegend::tr("bars cannot be paired") : reason);
    return DiffLegend::tr("per bar: Δ = after − before, full colour at ±%1 (95th percentile |Δ|)")
        .arg(formatDuration(scale.saturateAtUs()));
}

void paintDiffLegend(QPainter &p, const QRect &rect, const DiffLegendInfo &info, const QColor &text)
{
    p.save();
    p.setClipRect(rect);
    const QFontMetrics metrics(p.font());
    const int line = metrics.height();
    const int x0 = rect.left() + 6;
    p.setPen(text);
    p.drawText(QRect(x0, rect.top() + 2, rect.width() - 12, line), Qt::AlignLeft | Qt::AlignVCenter,
               metrics.elidedText(info.caption(), Qt::ElideRight, rect.width() - 12));

    // The scale: fastest on the left, unchanged in the middle, slowest on the right, in its steps.
    int y = rect.top() + line + 6;
    const int swatchH = 14;
    const QString faster = DiffLegend::tr("−%1 faster").arg(formatDuration(info.scale.saturateAtUs()));
    const QString slower = DiffLegend::tr("+%1 slower").arg(formatDuration(info.scale.saturateAtUs()));
    int x = x0;
    p.drawText(QPoint(x, y + metrics.ascent()), faster);
    x += metrics.horizontalAdvance(faster) + 6;
    const int steps = 2 * DiffColourScale::kSteps + 1;
    const int stepW = 10;
    for (int i = 0; i < steps; ++i) {
        const double delta =
            info.scale.saturateAtUs() * double(i - DiffColourScale::kSteps) / DiffColourScale::kSteps;
        p.fillRect(QRect(x + i * stepW, y, stepW, swatchH), QColor::fromRgb(info.scale.colourOf(delta)));
    }
    p.setPen(text);
    p.drawRect(QRect(x, y, steps * stepW, swatchH).adjusted(0, 0, -1, -1));
    x += steps * stepW + 6;
    p.drawText(QPoint(x, y + metrics.ascent()), slower);
    x += metrics.horizontalAdvance(slower) + 18;
    if (!info.marksBars) {
        p.restore();
        return;
    }
    // The marks' swatches beside the scale, or on a line of their own where they do not fit.
    const QString addedText = DiffLegend::tr("added (After only)");
    const QString removedText = DiffLegend::tr("removed (where Before had it)");
    const int marksWidth =
        2 * (28 + 4) + 18 + metrics.horizontalAdvance(addedText) + metrics.horizontalAdvance(removedText);
    if (x + marksWidth > rect.right()) {
        x = x0;
        y += swatchH + 6;
    }
    const QColor addedMark = QColor::fromRgb(DiffColourScale::addedMark());
    const QRect added(x, y, 28, swatchH);
    p.fillRect(added, QColor::fromRgb(DiffColourScale::added()));
    p.fillRect(added, QBrush(addedMark, Qt::BDiagPattern));
    p.setPen(addedMark);
    p.drawRect(added.adjusted(0, 0, -1, -1));
    x += added.width() + 4;
    p.setPen(text);
    p.drawText(QPoint(x, y + metrics.ascent()), addedText);
    x += metrics.horizontalAdvance(addedText) + 18;
    const QRect removed(x, y, 28, swatchH);
    p.setPen(QPen(QColor::fromRgb(DiffColourScale::removedGhost()), 1, Qt::DashLine));
    p.drawRect(removed.adjusted(0, 0, -1, -1));
    x += removed.width() + 4;
    p.setPen(text);
    p.drawText(QPoint(x, y + metrics.ascent()), removedText);
    p.restore();
}

DiffLegend::DiffLegend(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("diffLegend"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
}

void DiffLegend::setInfo(DiffLegendInfo info)
{
    m_info = std::move(info);
    setToolTip(m_info.caption());
    update();
}

QSize DiffLegend::sizeHint() const
{
    return {720, kDiffLegendHeightPx};
}

QSize DiffLegend::minimumSizeHint() const
{
    return {200, kDiffLegendHeightPx};
}

void DiffLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    paintDiffLegend(p, rect(), m_info, palette().color(QPalette::WindowText));
}

} // namespace lanescope
