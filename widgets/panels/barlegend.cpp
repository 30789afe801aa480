#include "widgets/panels/barlegend.h"

#include "model/analysis/functioncounts.h"
#include "model/capture/labels.h"
#include "model/session/capturefacts.h"
#include "widgets/render/hintbadge.h"
#include "widgets/render/timelineindex.h"
#include "widgets/style/slicepalette.h"
#include "widgets/timeline/activecapture.h"

#include <QPainter>
#include <algorithm>
#include <map>

namespace lanescope {

namespace {
constexpr int kRowHeightPx = 18;
constexpr int kSwatchPx = 12;

// "+3 more functions": what a legend leaves out, `noun` in the singular.
LegendEntry moreEntry(std::size_t more, const QString &noun)
{
    return {QObject::tr("+%1 more %2").arg(more).arg(more == 1 ? noun : noun + u's'), 0, LegendMark::Note};
}

// A trace's slice names, as their bars are coloured.
std::vector<LegendEntry> traceEntries(const Capture &capture, std::size_t maxEntries)
{
    const NameColours colours = traceNameColours(capture);
    std::vector<LegendEntry> entries;
    for (const auto &[stem, colour] : colours.stems()) {
        if (entries.size() == maxEntries) {
            entries.push_back(moreEntry(colours.stems().size() - maxEntries, QObject::tr("name")));
            break;
        }
        entries.push_back({stem, colour});
    }
    return entries;
}

std::vector<LegendEntry> functionEntries(const Capture &capture, std::size_t maxEntries)
{
    if (capture.rows.empty() && capture.strings.size() > 0)
        return traceEntries(capture, maxEntries);
    if (coloursBarsByTask(capture))
        return {{QObject::tr("no function names without deps.json: each task's bars share a colour"), 0,
                 LegendMark::Note}};
    // Counted once with the document; a capture built another way is counted here.
    const std::vector<FunctionCount> counted =
        capture.facts ? std::vector<FunctionCount>{} : functionsByCount(capture);
    const std::vector<FunctionCount> &byCount = capture.facts ? capture.facts->functionsByCount : counted;
    std::vector<LegendEntry> entries;
    for (const auto &[funcId, count] : byCount) {
        if (entries.size() == maxEntries) {
            entries.push_back(moreEntry(byCount.size() - maxEntries, QObject::tr("function")));
            break;
        }
        // Same key as the lane builder: func id + 1, unresolved rows 0.
        const std::uint32_t key = funcId < 0 ? 0u : std::uint32_t(funcId) + 1u;
        entries.push_back({functionName(funcId, capture.names), keyColour(key)});
    }
    return entries;
}

std::vector<LegendEntry> phaseEntries(const Capture &capture, std::size_t maxEntries)
{
    std::vector<LegendEntry> entries;
    for (qsizetype i = 0; i < capture.phaseKinds.size() && entries.size() < maxEntries; ++i) {
        const QString &phase = capture.phaseKinds.at(std::uint32_t(i));
        entries.push_back({phase, nameColour(phase)});
    }
    return entries;
}

std::vector<LegendEntry> colourEntries(const Capture &capture, BarColourMode mode, std::size_t maxEntries)
{
    switch (mode) {
    case BarColourMode::Function:
        return functionEntries(capture, maxEntries);
    case BarColourMode::CoreType:
        return {{QStringLiteral("AIC"), coreTypeColour(CoreType::Aic)},
                {QStringLiteral("AIV"), coreTypeColour(CoreType::Aiv)}};
    case BarColourMode::Phase: {
        std::vector<LegendEntry> entries = phaseEntries(capture, maxEntries);
        entries.push_back({QObject::tr("task bars"), neutralBarColour()});
        return entries;
    }
    }
    return {};
}
} // namespace

std::vector<LegendEntry> legendEntries(const Capture &capture, BarColourMode mode, std::size_t maxEntries)
{
    std::vector<LegendEntry> entries = colourEntries(capture, mode, maxEntries);
    // The badge is drawn in every colour mode, so its entry is too; on a neutral bar, as no one
    // kernel's colour would be right.
    if (!HintedKernels(capture.perfHints).isEmpty())
        entries.push_back(
            {QObject::tr("kernel with compiler hints"), neutralBarColour(), LegendMark::HintBadge});
    return entries;
}

void paintLegendSwatch(QPainter &p, const QRect &swatch, const LegendEntry &entry)
{
    if (entry.mark == LegendMark::Note)
        return;
    p.fillRect(swatch, QColor::fromRgb(entry.colour));
    if (entry.mark != LegendMark::HintBadge)
        return;
    // Half the swatch: the legend's swatches are smaller than bars, and the mark must still read.
    p.save();
    p.setRenderHint(QPainter::Antialiasing, false);
    paintHintBadge(p, HintBadge{swatch, std::max(4, swatch.height() / 2), textColourOn(entry.colour).rgb()});
    p.restore();
}

BarLegend::BarLegend(QWidget *parent) : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
}

BarLegend::BarLegend(ActiveCapture &active, QWidget *parent) : BarLegend(parent)
{
    connect(&active, &ActiveCapture::changed, this, [this, &active] { setCapture(active.capture()); });
    setCapture(active.capture());
}

void BarLegend::setCapture(CapturePtr capture)
{
    m_capture = std::move(capture);
    rebuild();
}

void BarLegend::setColourMode(BarColourMode mode)
{
    m_mode = mode;
    rebuild();
}

void BarLegend::rebuild()
{
    m_entries = m_capture ? legendEntries(*m_capture, m_mode) : std::vector<LegendEntry>{};
    updateGeometry();
    update();
}

QSize BarLegend::sizeHint() const
{
    int rows = 0;
    for (const LegendEntry &e : m_entries)
        rows += rowsOf(e);
    return {180, std::max(1, rows) * kRowHeightPx + 8};
}

// A note (no swatch) may take two rows and wraps there; an entry takes one.
int BarLegend::rowsOf(const LegendEntry &entry)
{
    return entry.mark == LegendMark::Note ? 2 : 1;
}

void BarLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    int y = 4;
    const int textLeft = 8 + kSwatchPx + 6;
    for (const LegendEntry &e : m_entries) {
        p.setPen(palette().color(QPalette::Text));
        if (e.mark == LegendMark::Note) {
            p.drawText(QRect(8, y, width() - 16, rowsOf(e) * kRowHeightPx),
                       Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, e.text);
            y += rowsOf(e) * kRowHeightPx;
            continue;
        }
        const QRect swatch(8, y + (kRowHeightPx - kSwatchPx) / 2, kSwatchPx, kSwatchPx);
        paintLegendSwatch(p, swatch, e);
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(swatch.adjusted(0, 0, -1, -1));
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(textLeft, y, width() - textLeft - 8, kRowHeightPx), Qt::AlignLeft | Qt::AlignVCenter,
                   fontMetrics().elidedText(e.text, Qt::ElideRight, width() - textLeft - 8));
        y += kRowHeightPx;
    }
}

} // namespace lanescope
