#pragma once

#include "model/diff/taskdiff.h"
#include "widgets/style/diffcolours.h"

#include <QString>
#include <QWidget>

class QPainter;

namespace lanescope {

// What the Diff view's legend says: the scale its colours saturate at, and whether bars are
// coloured one by one or by their function's mean (with the reason the task set changed).
struct DiffLegendInfo
{
    DiffColourScale scale;
    bool perFunction = false;
    QString reason;
    bool marksBars = true; // added and removed bars are marked (bars were paired)

    // The legend's line of text: "per bar: Δ = after − before, full colour at ±1.2 µs (95th
    // percentile |Δ|)" or "per function: the task set changed — <reason>".
    QString caption() const;
};

// The legend drawn into `rect` (one caption line over the scale and the marks' swatches, which take
// a third line in a narrow rectangle), by the widget and by the headless pictures alike.
void paintDiffLegend(QPainter &p, const QRect &rect, const DiffLegendInfo &info, const QColor &text);
constexpr int kDiffLegendHeightPx = 66;

class DiffLegend : public QWidget
{
    Q_OBJECT

public:
    explicit DiffLegend(QWidget *parent = nullptr);

    void setInfo(DiffLegendInfo info);
    const DiffLegendInfo &info() const { return m_info; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    DiffLegendInfo m_info;
};

} // namespace lanescope
