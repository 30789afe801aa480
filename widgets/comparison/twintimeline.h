#pragma once

#include "model/capture/capture.h"
#include "model/index/captureindex.h"
#include "widgets/timeline/timeviewport.h"

#include <QWidget>

class QSplitter;

namespace lanescope {

class TimelineView;
class TimelineViewState;

// Two timelines stacked on one time axis: Before above After, each named in its ruler's corner. Both start at
// the left edge at the same time (each capture's first bar), share the lane header width and therefore the
// scale, and move together: zooming or panning either one moves the other by the same amount, so a change
// between the captures is seen, not only counted.
class TwinTimeline : public QWidget
{
    Q_OBJECT

public:
    explicit TwinTimeline(QWidget *parent = nullptr);

    // The indexes are the captures' bar indexes, when their documents built them.
    void setCaptures(CapturePtr before, const QString &beforeName, CapturePtr after, const QString &afterName,
                     CaptureIndexPtr beforeIndex = {}, CaptureIndexPtr afterIndex = {});

    TimelineView *beforeView() const { return m_before; }
    TimelineView *afterView() const { return m_after; }
    // The names in the rulers' corners ("Before: name"); a side with added runs says so.
    void setNames(const QString &beforeName, const QString &afterName);

    // After's time for a Before time: after = before + offset (their first bars line up).
    double afterOffsetUs() const { return m_offsetUs; }
    // Lines the captures up on another anchor: After's time = Before's time + `offsetUs` (a task's
    // first start on both sides, say). setCaptures() lines up the first bars again.
    void setAfterOffsetUs(double offsetUs);
    // The offset that lines up the captures' first bars.
    double startsOffsetUs() const;
    // The height at which each side shows `lanes` lanes of its first group under its ruler and
    // heading.
    int heightShowing(int lanes) const;
    // Shows both captures whole, on the common axis.
    void fitBoth();

signals:
    // The shared visible range, in Before's time.
    void visibleRangeChanged(double startUs, double endUs);

private:
    void shareGeometry();
    void lineUp(double offsetUs);

    TimelineView *m_before = nullptr;
    TimelineView *m_after = nullptr;
    double m_offsetUs = 0;
    bool m_followingScroll = false; // one side is being scrolled to follow the other
    QSplitter *m_splitter = nullptr;
    TimeRange m_axis;                     // both captures, in Before's time, with a margin
    TimelineViewState *m_range = nullptr; // the range both views show, in Before's time
};

} // namespace lanescope
