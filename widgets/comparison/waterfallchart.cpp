#include "widgets/comparison/waterfallchart.h"

#include "model/format/durationtext.h"
#include "model/format/metrictext.h"

#include <QHelpEvent>
#include <QImage>
#include <QPainter>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <limits>

namespace lanescope {

namespace {

// A step's name under its bar: the part's short name (its full name is in the tooltip).
QString shortName(const WaterfallStep &s)
{
    static const std::pair<const char *, const char *> names[] = {
        {"compute", QT_TRANSLATE_NOOP("WaterfallChart", "Compute")},
        {"data-wait", QT_TRANSLATE_NOOP("WaterfallChart", "Data wait")},
        {"scheduler", QT_TRANSLATE_NOOP("WaterfallChart", "Scheduler")},
        {"dispatch", QT_TRANSLATE_NOOP("WaterfallChart", "Dispatch")},
        {"core-wait", QT_TRANSLATE_NOOP("WaterfallChart", "Core wait")},
        {"front-gap", QT_TRANSLATE_NOOP("WaterfallChart", "Front gap")},
    };
    for (const auto &[id, name] : names) {
        if (s.id == QLatin1String(id))
            return WaterfallChart::tr(name);
    }
    return s.name;
}

} // namespace

std::vector<WaterfallStep> waterfallSteps(const MakespanAttribution &a)
{
    std::vector<WaterfallStep> steps;
    if (!a.available)
        return steps;
    steps.push_back({QStringLiteral("before"), WaterfallChart::tr("Before"), 0, a.beforeMakespanUs, true});
    double running = a.beforeMakespanUs;
    for (const AttributionPart &part : a.parts) {
        steps.push_back({part.id, part.name, running, running + part.deltaUs(), false});
        running += part.deltaUs();
    }
    steps.push_back({QStringLiteral("after"), WaterfallChart::tr("After"), 0, a.afterMakespanUs, true});
    return steps;
}

QString waterfallStepText(const WaterfallStep &step, const MakespanAttribution &a)
{
    if (step.total)
        return WaterfallChart::tr("%1 makespan: %2").arg(step.name, formatDuration(step.toUs));
    for (const AttributionPart &part : a.parts) {
        if (part.id == step.id)
            return WaterfallChart::tr("%1\nBefore %2, After %3\nΔ %4")
                .arg(part.name, formatDuration(part.beforeUs), formatDuration(part.afterUs),
                     formatDurationDelta(part.deltaUs()));
    }
    return step.name;
}

void paintWaterfall(QPainter &p, const QRect &rect, const std::vector<WaterfallStep> &steps,
                    const QColor &text, std::vector<QRect> *bars)
{
    if (bars)
        bars->clear();
    if (steps.empty() || rect.width() < 40 || rect.height() < 40)
        return;
    p.save();
    const QFontMetrics metrics(p.font());
    const int line = metrics.height();
    // The steps are small beside the totals: the axis spans what the steps reach, with room, and the
    // totals rise from its bottom (the axis does not start at zero, as its label says).
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const WaterfallStep &s : steps) {
        if (s.total) {
            lo = std::min(lo, s.toUs);
            hi = std::max(hi, s.toUs);
        } else {
            lo = std::min({lo, s.fromUs, s.toUs});
            hi = std::max({hi, s.fromUs, s.toUs});
        }
    }
    const double span = std::max(hi - lo, std::max(std::abs(hi), 1.0) * 1e-6);
    lo = std::max(0.0, lo - span * 0.6);
    hi += span * 0.15;
    const QRect plot = rect.adjusted(8, line + 8, -8, -(2 * line + 8));
    auto yOf = [&](double us) { return plot.bottom() - (us - lo) / (hi - lo) * plot.height(); };
    p.setPen(text);
    p.drawText(QRect(rect.left() + 8, rect.top() + 2, rect.width() - 16, line),
               Qt::AlignLeft | Qt::AlignVCenter,
               WaterfallChart::tr("Makespan change %1 (axis from %2)")
                   .arg(formatDurationDelta(steps.back().toUs - steps.front().toUs), formatDuration(lo)));
    const int n = int(steps.size());
    const double slot = double(plot.width()) / n;
    const int barW = std::max(4, int(slot * 0.6));
    double previousEnd = 0;
    for (int i = 0; i < n; ++i) {
        const WaterfallStep &s = steps[std::size_t(i)];
        const double from = s.total ? lo : s.fromUs;
        const int top = int(std::lround(yOf(std::max(from, s.toUs))));
        const int bottom = int(std::lround(yOf(std::min(from, s.toUs))));
        const int x = plot.left() + int(slot * i + (slot - barW) / 2);
        const QRect bar(x, top, barW, std::max(2, bottom - top));
        const QColor fill = s.total           ? QColor(0x78, 0x90, 0x9c)
                            : s.deltaUs() > 0 ? QColor(0xd7, 0x30, 0x1f)
                            : s.deltaUs() < 0 ? QColor(0x21, 0x66, 0xac)
                                              : QColor(0xb0, 0xb0, 0xb0);
        p.fillRect(bar, fill);
        if (bars)
            bars->push_back(bar);
        // The connector from the previous step's end to this one's start.
        if (i > 0) {
            p.setPen(QPen(text, 1, Qt::DotLine));
            const int y = int(std::lround(yOf(previousEnd)));
            p.drawLine(x - int(slot - barW), y, x, y);
        }
        previousEnd = s.toUs;
        p.setPen(text);
        const QString value = s.total ? formatDuration(s.toUs) : formatDurationDelta(s.deltaUs());
        p.drawText(QRect(int(plot.left() + slot * i), top - line - 2, int(slot), line),
                   Qt::AlignHCenter | Qt::AlignBottom, value);
        // Names that do not fit their slot alternate between two rows, so neighbours stay apart.
        const QString name = shortName(s);
        const bool fits = metrics.horizontalAdvance(name) <= int(slot) - 4;
        const int row = fits || i % 2 == 0 ? 0 : 1;
        const int room = fits ? int(slot) : int(slot * 2) - 4;
        p.drawText(QRect(int(plot.left() + slot * i + slot / 2 - room / 2.0), plot.bottom() + 4 + row * line,
                         room, line),
                   Qt::AlignHCenter | Qt::AlignTop, metrics.elidedText(name, Qt::ElideRight, room));
    }
    p.setPen(text);
    p.drawLine(plot.bottomLeft(), plot.bottomRight());
    p.restore();
}

WaterfallChart::WaterfallChart(QWidget *parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("waterfallChart"));
    setMinimumSize(320, 200);
}

void WaterfallChart::setAttribution(MakespanAttribution attribution)
{
    m_attribution = std::move(attribution);
    m_steps = waterfallSteps(m_attribution);
    layOut();
    update();
}

QRect WaterfallChart::stepRect(int i) const
{
    return i >= 0 && i < int(m_bars.size()) ? m_bars[std::size_t(i)] : QRect();
}

int WaterfallChart::stepAt(QPoint pos) const
{
    // The whole column above and below the bar counts: a thin step is hard to hit.
    for (int i = 0; i < int(m_bars.size()); ++i) {
        const QRect &bar = m_bars[std::size_t(i)];
        if (pos.x() >= bar.left() - 2 && pos.x() <= bar.right() + 2)
            return i;
    }
    return -1;
}

QSize WaterfallChart::sizeHint() const
{
    return {520, 300};
}

// The bars' rectangles without a screen: drawn once into a scrap image of the widget's size.
void WaterfallChart::layOut()
{
    QImage scrap(std::max(1, width()), std::max(1, height()), QImage::Format_ARGB32_Premultiplied);
    QPainter p(&scrap);
    p.setFont(font());
    paintWaterfall(p, rect(), m_steps, Qt::black, &m_bars);
}

void WaterfallChart::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    layOut();
}

void WaterfallChart::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    if (m_steps.empty()) {
        p.setPen(palette().color(QPalette::WindowText));
        p.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                   m_attribution.reason.isEmpty() ? tr("No makespan attribution") : m_attribution.reason);
        m_bars.clear();
        return;
    }
    paintWaterfall(p, rect(), m_steps, palette().color(QPalette::WindowText), &m_bars);
}

bool WaterfallChart::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        const int i = stepAt(help->pos());
        if (i < 0) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), waterfallStepText(m_steps[std::size_t(i)], m_attribution),
                               this);
        }
        return true;
    }
    return QWidget::event(event);
}

} // namespace lanescope
