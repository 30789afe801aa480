#include "widgets/panels/barlegend.h"

#include "model/analysis/functioncounts.h"
#include "model/capture/labels.h"
#include "model/session/capturefacts.h"
#include "widgets/render/hintbadge.h"
#include "widgets/style/slicepalette.h"
#include "widgets/timeline/activecapture.h"

#include <QPainter>
#include <algorithm>
#include <map>

namespace lanescope {

namespace {
constexpr int kRowHeightPx = 18;
constexpr int kSwatchPx = 12;

std::vector<LegendEntry> functionEntries(const Capture &capture, std::size_t maxEntries)
{
    // Counted once with the document; a capture built another way is counted here.
    const std::vector<FunctionCount> counted =
        capture.facts ? std::vector<FunctionCount>{} : functionsByCount(capture);
    const std::vector<FunctionCount> &byCount = capture.facts ? capture.facts->functionsByCount : counted;
    std::vector<LegendEntry> entries;
    for (const auto &[funcId, count] : byCount) {
        if (entries.size() == maxEntries)
            break;
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
    connect(&active, &ActiveCapture::changed, this, [this, &active] { setCapture(active.tabCapture()); });
    setCapture(active.tabCapture());
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
    return {180, int(std::max<std::size_t>(1, m_entries.size())) * kRowHeightPx + 8};
}

void BarLegend::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    int y = 4;
    for (const LegendEntry &e : m_entries) {
        const QRect swatch(8, y + (kRowHeightPx - kSwatchPx) / 2, kSwatchPx, kSwatchPx);
        paintLegendSwatch(p, swatch, e);
        p.setPen(palette().color(QPalette::Mid));
        p.drawRect(swatch.adjusted(0, 0, -1, -1));
        p.setPen(palette().color(QPalette::Text));
        p.drawText(QRect(8 + kSwatchPx + 6, y, width() - kSwatchPx - 22, kRowHeightPx),
                   Qt::AlignLeft | Qt::AlignVCenter,
                   fontMetrics().elidedText(e.text, Qt::ElideRight, width() - kSwatchPx - 22));
        y += kRowHeightPx;
    }
}

} // namespace lanescope
