#include "widgets/render/hintbadge.h"

#include "widgets/render/rastertarget.h"
#include "widgets/style/slicepalette.h"

#include <QPainter>
#include <QPolygon>

namespace lanescope {

HintedKernels::HintedKernels(const PerfHints &hints)
{
    for (const PerfHint &h : hints.hints)
        m_funcIds.insert(m_funcIds.end(), h.funcIds.begin(), h.funcIds.end());
    std::sort(m_funcIds.begin(), m_funcIds.end());
    m_funcIds.erase(std::unique(m_funcIds.begin(), m_funcIds.end()), m_funcIds.end());
}

bool HintedKernels::marks(const Capture &capture, const Lane &lane, const Slice &slice) const
{
    if (isEmpty() || lane.kind != LaneKind::Worker || (slice.flags & Slice::Instant) ||
        slice.ref >= capture.rows.size())
        return false;
    return contains(capture.rows[slice.ref].funcId);
}

int hintBadgeSize(int barHeight)
{
    return std::clamp(barHeight * 3 / 8, kMinHintBadgeBarPx / 2, 8);
}

std::optional<HintBadge> hintBadgeOn(const QRect &bar, QRgb barColour)
{
    const int size = hintBadgeSize(bar.height());
    if (bar.width() < 2 * size || bar.height() < 2 * size)
        return std::nullopt;
    return HintBadge{bar, size, textColourOn(barColour).rgb()};
}

void paintHintBadge(QPainter &p, const HintBadge &badge)
{
    const int right = badge.bar.right() + 1; // the bar's outer edge
    const int top = badge.bar.top();
    const QPoint corner[] = {{right - badge.size, top}, {right, top}, {right, top + badge.size}};
    p.setPen(Qt::NoPen);
    p.setBrush(QColor::fromRgb(badge.colour));
    p.drawPolygon(corner, 3);
}

void writeHintBadge(const RasterTarget &target, const HintBadge &badge)
{
    const int s = target.scale;
    const int right = (badge.bar.right() + 1) * s + target.dx; // device column past the corner
    const int top = badge.bar.top() * s + target.dy;
    const int size = badge.size * s;
    for (int j = 0; j < size; ++j) {
        const QRect row(right - (size - j), top + j, size - j, 1);
        target.fill(row & target.clip, badge.colour);
    }
}

} // namespace lanescope
