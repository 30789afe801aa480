#pragma once

#include "model/capture/capture.h"
#include "widgets/text/barstyle.h"

#include <QRgb>
#include <QString>
#include <QWidget>
#include <vector>

namespace lanescope {

class ActiveCapture;

struct LegendEntry
{
    QString text;
    QRgb colour = 0;
    friend bool operator==(const LegendEntry &, const LegendEntry &) = default;
};

// What the colours mean in a colour mode: the most frequent functions, the two core types, or the
// scheduler phases of the capture. At most `maxEntries` lines.
std::vector<LegendEntry> legendEntries(const Capture &capture, BarColourMode mode,
                                       std::size_t maxEntries = 14);

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
