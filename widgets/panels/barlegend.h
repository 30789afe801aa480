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

// What a legend entry's swatch shows: a bar colour, or a bar with a mark drawn on it.
enum class LegendMark { Colour, HintBadge };

struct LegendEntry
{
    QString text;
    QRgb colour = 0;
    LegendMark mark = LegendMark::Colour;
    friend bool operator==(const LegendEntry &, const LegendEntry &) = default;
};

// What the colours mean in a colour mode: the most frequent functions, the two core types, or the
// scheduler phases of the capture; at most `maxEntries` of those. A capture whose compiler hints
// were joined to some kernel adds one more, for the badge on those kernels' bars (hintbadge.h).
std::vector<LegendEntry> legendEntries(const Capture &capture, BarColourMode mode,
                                       std::size_t maxEntries = 14);
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

    CapturePtr m_capture;
    BarColourMode m_mode = BarColourMode::Function;
    std::vector<LegendEntry> m_entries;
};

} // namespace lanescope
