#include "widgets/comparison/twintimeline.h"

#include "widgets/timeline/timelineview.h"
#include "widgets/timeline/timelineviewstate.h"

#include <QScrollBar>
#include <QSet>
#include <QSplitter>
#include <QVBoxLayout>
#include <cmath>

namespace lanescope {

namespace {

// Denser rows than a capture tab's: two timelines share the height of one, and each should still
// show at least six AICore lanes on a 1366×768 laptop.
TimelineMetrics twinMetrics()
{
    TimelineMetrics m;
    m.sliceRowHeightPx = 13;
    m.lanePaddingPx = 1;
    m.groupHeadingHeightPx = 20;
    return m;
}

TimeRange shifted(TimeRange r, double by)
{
    return {r.startUs + by, r.endUs + by};
}

// The AICore bars are what a before/after review is about: the other groups (host, orchestrator,
// scheduler) start folded so the bars are on screen; a click on a heading unfolds them.
void foldAllButAicore(TimelineView *view)
{
    if (!view->capture())
        return;
    QSet<QString> groups;
    for (const Lane &lane : view->capture()->lanes)
        groups.insert(lane.group);
    if (!groups.contains(QStringLiteral("AICore")))
        return;
    for (const QString &group : std::as_const(groups)) {
        if (group != QStringLiteral("AICore"))
            view->setGroupCollapsed(group, true);
    }
    // And the AICore heading at the top, above the bars.
    for (const TimelineRow &row : view->layout().rows()) {
        if (row.kind == TimelineRow::Kind::GroupHeading && row.group == QStringLiteral("AICore")) {
            view->verticalScrollBar()->setValue(row.y);
            break;
        }
    }
}

} // namespace

TwinTimeline::TwinTimeline(QWidget *parent) : QWidget(parent)
{
    m_before = new TimelineView(this);
    m_after = new TimelineView(this);
    m_before->setObjectName(QStringLiteral("beforeTimeline"));
    m_after->setObjectName(QStringLiteral("afterTimeline"));
    // Each side is named in its ruler's corner rather than on a row of its own: the height goes to
    // the lanes.
    m_before->setCaption(tr("Before"));
    m_after->setCaption(tr("After"));
    m_before->setMetrics(twinMetrics());
    m_after->setMetrics(twinMetrics());
    // Equal plot widths whatever the lane counts: a scroll bar on one view only would shift its scale.
    m_before->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    m_after->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);

    m_splitter = new QSplitter(Qt::Vertical, this);
    m_splitter->addWidget(m_before);
    m_splitter->addWidget(m_after);
    m_splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);

    // One range for both, in Before's time: moving either view moves the state, and the other
    // view shows it shifted by the offset between the captures' first bars.
    m_range = new TimelineViewState(this);
    m_before->setRangeState(m_range);
    m_after->setRangeState(m_range, m_offsetUs);
    connect(m_range, &TimelineViewState::rangeChanged, this, [this] {
        const TimeRange shown = m_before->visibleRange();
        emit visibleRangeChanged(shown.startUs, shown.endUs);
    });

    // One list of lanes for the eye: scrolling or folding either side does the same to the other,
    // so that both show the same cores. A side with fewer rows stops at its end.
    for (auto [from, to] : {std::pair{m_before, m_after}, std::pair{m_after, m_before}}) {
        connect(from->verticalScrollBar(), &QScrollBar::valueChanged, this, [this, to = to](int value) {
            if (m_followingScroll)
                return;
            m_followingScroll = true;
            to->verticalScrollBar()->setValue(value);
            m_followingScroll = false;
        });
        connect(from, &TimelineView::groupFoldedByUser, to,
                [to = to](const QString &group, bool folded) { to->setGroupCollapsed(group, folded); });
    }
}

void TwinTimeline::setCaptures(CapturePtr before, const QString &beforeName, CapturePtr after,
                               const QString &afterName, CaptureIndexPtr beforeIndex,
                               CaptureIndexPtr afterIndex)
{
    // Apart while they are set up: each fits its own capture, and the offset is not known yet.
    m_before->setRangeState(nullptr);
    m_after->setRangeState(nullptr);
    m_before->setTimeBounds({});
    m_after->setTimeBounds({});
    m_before->setCapture(std::move(before), std::move(beforeIndex));
    m_after->setCapture(std::move(after), std::move(afterIndex));
    foldAllButAicore(m_before);
    foldAllButAicore(m_after);
    setNames(beforeName, afterName);

    lineUp(startsOffsetUs());
}

void TwinTimeline::setNames(const QString &beforeName, const QString &afterName)
{
    m_before->setCaption(tr("Before: %1").arg(beforeName));
    m_after->setCaption(tr("After: %1").arg(afterName));
}

double TwinTimeline::startsOffsetUs() const
{
    const TimeRange b = m_before->captureExtent();
    const TimeRange a = m_after->captureExtent();
    return b.isValid() && a.isValid() ? a.startUs - b.startUs : 0;
}

void TwinTimeline::setAfterOffsetUs(double offsetUs)
{
    if (!std::isfinite(offsetUs) || offsetUs == m_offsetUs)
        return;
    const TimeRange shown = m_before->visibleRange(); // the zoom stays; the After side moves
    m_before->setRangeState(nullptr);
    m_after->setRangeState(nullptr);
    lineUp(offsetUs);
    m_before->setVisibleRange(shown);
}

void TwinTimeline::lineUp(double offsetUs)
{
    const TimeRange b = m_before->captureExtent();
    const TimeRange a = m_after->captureExtent();
    m_offsetUs = offsetUs;
    // The axis covers the longer capture, so the shorter one ends early instead of being stretched.
    TimeRange both = b.isValid() ? b : shifted(a, -m_offsetUs);
    if (a.isValid())
        both = {std::min(both.startUs, a.startUs - m_offsetUs), std::max(both.endUs, a.endUs - m_offsetUs)};
    m_axis = fitRange(both);
    m_before->setTimeBounds(m_axis);
    m_after->setTimeBounds(shifted(m_axis, m_offsetUs));
    shareGeometry();
    m_range->resetHistory(m_before->visibleRange());
    m_before->setRangeState(m_range);
    m_after->setRangeState(m_range, m_offsetUs);
    fitBoth();
}

int TwinTimeline::heightShowing(int lanes) const
{
    const TimelineMetrics m = twinMetrics();
    const int frame = 2 * m_before->frameWidth();
    const int side = frame + kTimelineRulerHeightPx + m.groupHeadingHeightPx +
                     lanes * (m.sliceRowHeightPx + 2 * m.lanePaddingPx);
    return 2 * side + m_splitter->handleWidth();
}

void TwinTimeline::fitBoth()
{
    m_before->setVisibleRange(m_axis);
}

void TwinTimeline::shareGeometry()
{
    const int header = std::max(m_before->preferredHeaderWidth(), m_after->preferredHeaderWidth());
    m_before->setHeaderWidth(header);
    m_after->setHeaderWidth(header);
}

} // namespace lanescope
