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

namespace {

// Labels of one row, left to right, moved apart where they meet: each pair that overlaps splits
// the room between their centres. A label never grows, so the row stays inside the chart.
void separate(std::vector<WaterfallLabel *> row, int gap)
{
    for (std::size_t i = 1; i < row.size(); ++i) {
        QRect &a = row[i - 1]->rect, &b = row[i]->rect;
        if (a.right() + gap < b.left())
            continue;
        const int boundary = (a.center().x() + b.center().x()) / 2;
        a.setRight(std::min(a.right(), boundary - gap / 2 - 1));
        b.setLeft(std::max(b.left(), boundary + (gap + 1) / 2));
    }
}

// One text per step, centred in its slot; on two alternating rows when any is wider than its slot.
// Returns how many rows they take.
int placeStepTexts(const QStringList &texts, const QRect &plot, int top, const QRect &bounds,
                   const QFontMetrics &metrics, std::vector<WaterfallLabel> &out)
{
    const int n = int(texts.size());
    const double slot = double(plot.width()) / n;
    bool fit = true;
    for (const QString &t : texts)
        fit = fit && metrics.horizontalAdvance(t) <= int(slot) - 4;
    const int rows = fit ? 1 : 2;
    const int room = fit ? int(slot) - 4 : int(2 * slot) - 4;
    const std::size_t first = out.size();
    for (int i = 0; i < n; ++i) {
        const int width = std::min(metrics.horizontalAdvance(texts[i]), std::max(1, room));
        const int centre = plot.left() + int(slot * i + slot / 2);
        const int left = std::clamp(centre - width / 2, bounds.left(), bounds.right() + 1 - width);
        const int row = fit ? 0 : i % 2;
        out.push_back({QRect(left, top + row * metrics.height(), width, metrics.height()), texts[i],
                       Qt::AlignHCenter | Qt::AlignVCenter});
    }
    for (int row = 0; row < rows; ++row) {
        std::vector<WaterfallLabel *> labels;
        for (int i = row; i < n; i += rows)
            labels.push_back(&out[first + std::size_t(i)]);
        separate(labels, 4);
    }
    for (std::size_t i = first; i < out.size(); ++i)
        out[i].text = metrics.elidedText(out[i].text, Qt::ElideRight, out[i].rect.width());
    return rows;
}

} // namespace

WaterfallLayout layOutWaterfall(const QRect &rect, const MakespanAttribution &attribution,
                                const QFontMetrics &metrics)
{
    WaterfallLayout l;
    const std::vector<WaterfallStep> steps = waterfallSteps(attribution);
    if (steps.empty() || rect.width() < 40 || rect.height() < 40)
        return l;
    const int line = metrics.height();
    const QRect inner = rect.adjusted(4, 2, -4, -2);
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

    const QString title =
        WaterfallChart::tr("Makespan change %1 (axis from %2)")
            .arg(formatDurationDelta(steps.back().toUs - steps.front().toUs), formatDuration(lo));
    l.labels.push_back({QRect(inner.left(), inner.top(), inner.width(), line),
                        metrics.elidedText(title, Qt::ElideRight, inner.width()),
                        Qt::AlignLeft | Qt::AlignVCenter});
    const QString note = attribution.missingWorkNote();

    QStringList values, names;
    for (const WaterfallStep &s : steps) {
        values << (s.total ? formatDuration(s.toUs) : formatDurationDelta(s.deltaUs()));
        names << shortName(s);
    }
    // The plot's width is known before its height: the texts' rows decide the height.
    QRect plot(inner.left() + 4, 0, inner.width() - 8, 0);
    const int valuesTop = inner.top() + line + 4;
    const int valueRows = placeStepTexts(values, plot, valuesTop, inner, metrics, l.labels);
    std::vector<WaterfallLabel> nameLabels;
    const int nameRows = placeStepTexts(names, plot, 0, inner, metrics, nameLabels);
    const int noteRows = note.isEmpty() ? 0 : 1;
    plot.setTop(valuesTop + valueRows * line + 4);
    plot.setBottom(inner.bottom() - (nameRows + noteRows) * line - 4);
    if (plot.height() < 8)
        plot.setBottom(plot.top() + 8);
    for (WaterfallLabel &name : nameLabels) {
        name.rect.translate(0, plot.bottom() + 4);
        l.labels.push_back(name);
    }
    if (noteRows)
        l.labels.push_back({QRect(inner.left(), inner.bottom() - line + 1, inner.width(), line),
                            metrics.elidedText(note, Qt::ElideRight, inner.width()),
                            Qt::AlignLeft | Qt::AlignVCenter});
    l.plot = plot;

    auto yOf = [&](double us) { return plot.bottom() - (us - lo) / (hi - lo) * plot.height(); };
    const int n = int(steps.size());
    const double slot = double(plot.width()) / n;
    const int barW = std::max(4, int(slot * 0.6));
    for (int i = 0; i < n; ++i) {
        const WaterfallStep &s = steps[std::size_t(i)];
        const double from = s.total ? lo : s.fromUs;
        const int top = int(std::lround(yOf(std::max(from, s.toUs))));
        const int bottom = int(std::lround(yOf(std::min(from, s.toUs))));
        const int x = plot.left() + int(slot * i + (slot - barW) / 2);
        l.bars.push_back(QRect(x, top, barW, std::max(2, bottom - top)));
        l.fills.push_back(s.total           ? QColor(0x78, 0x90, 0x9c)
                          : s.deltaUs() > 0 ? QColor(0xd7, 0x30, 0x1f)
                          : s.deltaUs() < 0 ? QColor(0x21, 0x66, 0xac)
                                            : QColor(0xb0, 0xb0, 0xb0));
        if (i > 0)
            l.connectorY.push_back(int(std::lround(yOf(steps[std::size_t(i - 1)].toUs))));
    }
    return l;
}

void paintWaterfall(QPainter &p, const QRect &rect, const MakespanAttribution &attribution,
                    const QColor &text, std::vector<QRect> *bars)
{
    const WaterfallLayout l = layOutWaterfall(rect, attribution, QFontMetrics(p.font()));
    if (bars)
        *bars = l.bars;
    if (l.bars.empty())
        return;
    p.save();
    for (std::size_t i = 0; i < l.bars.size(); ++i) {
        p.fillRect(l.bars[i], l.fills[i]);
        // The connector from the previous step's end to this one's start.
        if (i > 0) {
            p.setPen(QPen(text, 1, Qt::DotLine));
            p.drawLine(l.bars[i - 1].right() + 1, l.connectorY[i - 1], l.bars[i].left(), l.connectorY[i - 1]);
        }
    }
    p.setPen(text);
    p.drawLine(l.plot.bottomLeft(), l.plot.bottomRight());
    for (const WaterfallLabel &label : l.labels)
        p.drawText(label.rect, int(label.alignment), label.text);
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
    paintWaterfall(p, rect(), m_attribution, Qt::black, &m_bars);
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
    paintWaterfall(p, rect(), m_attribution, palette().color(QPalette::WindowText), &m_bars);
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
