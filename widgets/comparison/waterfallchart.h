#pragma once

#include "model/diff/makespanattribution.h"

#include <QFontMetrics>
#include <QString>
#include <QWidget>
#include <vector>

class QPainter;

namespace lanescope {

// One bar of the makespan waterfall: the Before and After totals, and between them one step per
// part of the attribution, from the running total to the running total plus its Δ.
struct WaterfallStep
{
    QString id; // "before", the part's id, "after"
    QString name;
    double fromUs = 0;
    double toUs = 0;
    bool total = false;
    double deltaUs() const { return toUs - fromUs; }
};

// Before, the parts in the attribution's order, After; empty when the attribution is not
// available. The parts' steps start at the Before makespan and end at the After makespan: the
// attribution's parts add up to the change.
std::vector<WaterfallStep> waterfallSteps(const MakespanAttribution &attribution);
// A step's tooltip: its name, Before and After values and its Δ (totals: the makespan).
QString waterfallStepText(const WaterfallStep &step, const MakespanAttribution &attribution);

// One text of the chart and where it goes; its text is already elided to fit.
struct WaterfallLabel
{
    QRect rect;
    QString text;
    Qt::Alignment alignment;
};

// Where everything of the chart goes in `rect`: one bar per step, and every text (the title, each
// step's value and name, the note on missing work). Texts that would not fit beside their
// neighbours alternate between two rows and are elided to the room they have, so no two labels
// meet and every one lies inside `rect`, however narrow.
struct WaterfallLayout
{
    std::vector<QRect> bars;
    std::vector<QColor> fills;
    std::vector<WaterfallLabel> labels;
    QRect plot;
    std::vector<int> connectorY; // per step after the first, the previous step's end
};
WaterfallLayout layOutWaterfall(const QRect &rect, const MakespanAttribution &attribution,
                                const QFontMetrics &metrics);

// The chart drawn into `rect`, by the widget and by the headless picture alike; the bars'
// rectangles (one per step) into `bars` when given.
void paintWaterfall(QPainter &p, const QRect &rect, const MakespanAttribution &attribution,
                    const QColor &text, std::vector<QRect> *bars = nullptr);

// Where the makespan change came from, as a waterfall: the Before makespan, one bar per part
// (compute, data wait or scheduler and dispatch, core wait, front gap) labelled with its Δ, and
// the After makespan. Hovering a bar tells its part's Before, After and Δ.
class WaterfallChart : public QWidget
{
    Q_OBJECT

public:
    explicit WaterfallChart(QWidget *parent = nullptr);

    void setAttribution(MakespanAttribution attribution);
    const MakespanAttribution &attribution() const { return m_attribution; }
    const std::vector<WaterfallStep> &steps() const { return m_steps; }
    // Where step `i` is drawn, in widget coordinates (as last painted or laid out).
    QRect stepRect(int i) const;
    int stepAt(QPoint pos) const;

    QSize sizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void layOut();

    MakespanAttribution m_attribution;
    std::vector<WaterfallStep> m_steps;
    std::vector<QRect> m_bars;
};

} // namespace lanescope
