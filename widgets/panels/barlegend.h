#pragma once

#include "model/capture/capture.h"
#include "widgets/text/barstyle.h"

#include <QRect>
#include <QRgb>
#include <QString>
#include <QWidget>
#include <vector>

class QPainter;

namespace lanescope {

class ActiveCapture;

// As many entries as a legend lists before "+N more": beyond the palette's twenty, colours repeat.
inline constexpr std::size_t kLegendMaxEntries = 24;

// What a legend entry's swatch shows: a bar colour, a bar with a mark drawn on it, or nothing (a
// note: "+3 more functions", why there are no names).
enum class LegendMark { Colour, HintBadge, Note };

struct LegendEntry
{
    QString text;
    QRgb colour = 0;
    LegendMark mark = LegendMark::Colour;
    friend bool operator==(const LegendEntry &, const LegendEntry &) = default;
};

// What the colours mean in a colour mode: the functions with bars, most frequent first (a trace's
// slice names; without deps.json a note that bars are coloured per task), the two core types, or
// the scheduler phases of the capture. Past `maxEntries` of those a note says how many more there
// are, so a legend never leaves a colour out in silence. A capture whose compiler hints were joined
// to some kernel adds one more, for the badge on those kernels' bars (hintbadge.h).
std::vector<LegendEntry> legendEntries(const Capture &capture, BarColourMode mode,
                                       std::size_t maxEntries = kLegendMaxEntries);
// The entry's swatch in `swatch`, for the legend widget and the legend of exported pictures alike.
void paintLegendSwatch(QPainter &p, const QRect &swatch, const LegendEntry &entry);

// The legend as a widget: colour swatches with their meaning, rebuilt when the mode changes.
class BarLegend : public QWidget
{
    Q_OBJECT

public:
    explicit BarLegend(QWidget *parent = nullptr);
    // The legend of the capture in front.
    explicit BarLegend(ActiveCapture &active, QWidget *parent = nullptr);

    void setCapture(CapturePtr capture);
    void setColourMode(BarColourMode mode);
    BarColourMode colourMode() const { return m_mode; }
    const std::vector<LegendEntry> &entries() const { return m_entries; }

    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    void rebuild();
    static int rowsOf(const LegendEntry &entry);

    CapturePtr m_capture;
    BarColourMode m_mode = BarColourMode::Function;
    std::vector<LegendEntry> m_entries;
};

} // namespace lanescope
