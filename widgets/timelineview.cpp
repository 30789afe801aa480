#include "timelineview.h"

#include "model/capture/slicelabel.h"
#include "timeformat.h"

#include <QCursor>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>
#include <QWheelEvent>
#include <cmath>

namespace lanescope {

namespace {
constexpr double kKeyZoomFactor = 1.5;
constexpr double kKeyPanFraction = 0.2;   // of the plot width per key press
constexpr double kWheelZoomPerNotch = 1.25;
constexpr double kWheelScrollPerNotchPx = 60;
constexpr double kHitSlopPx = 3;          // tiny bars and instants count as hit this close
} // namespace

TimelineView::TimelineView(QWidget *parent) : QAbstractScrollArea(parent)
{
    setFocusPolicy(Qt::StrongFocus);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    setFrameShape(QFrame::NoFrame);
    viewport()->setMouseTracking(true);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    m_viewport.rulerHeightPx = kTimelineRulerHeightPx;
    m_viewport.headerWidthPx = kTimelineHeaderWidthPx;
    m_options.font = font();
    updateGeometryFromWidget();
}

TimelineView::~TimelineView() = default;

void TimelineView::setCapture(CapturePtr capture)
{
    m_capture = std::move(capture);
    m_options.highlightLane = -1;
    m_options.collapsedGroups.clear();
    if (m_capture) {
        m_preferredHeaderWidthPx = TimelinePainter::preferredHeaderWidth(*m_capture, m_options.font);
        m_layout = TimelineLayout(*m_capture, m_options.metrics, m_options.collapsedGroups);
    } else {
        m_layout = {};
    }
    m_viewport.scrollYPx = 0;
    updateGeometryFromWidget();
    fitAll();
}

TimeRange TimelineView::fullRange() const
{
    if (!m_capture)
        return {0, 1};
    return fitRange(m_painter.indexFor(*m_capture).extent());
}

void TimelineView::setVisibleRange(TimeRange range)
{
    if (range.isValid())
        applyViewport(m_viewport.withRange(range));
}

void TimelineView::fitAll() { applyViewport(m_viewport.withRange(fullRange())); }

void TimelineView::zoomBy(double factor, std::optional<double> aboutX)
{
    const double x = aboutX ? std::clamp(*aboutX, double(m_viewport.plotLeft()), double(m_viewport.plotRight()))
                            : m_viewport.plotLeft() + m_viewport.plotWidth() / 2.0;
    applyViewport(m_viewport.zoomedAt(x, factor));
}

void TimelineView::panByPixels(double dx) { applyViewport(m_viewport.pannedByPixels(dx)); }

void TimelineView::applyViewport(TimelineViewport vp)
{
    vp = vp.clampedTo(fullRange()).clampedScroll(m_layout.contentHeight());
    vp.scrollYPx = std::round(vp.scrollYPx);
    const bool rangeChanged = vp.t0Us != m_viewport.t0Us || vp.t1Us != m_viewport.t1Us;
    m_viewport = vp;
    updateScrollBar();
    viewport()->update();
    if (rangeChanged)
        emit visibleRangeChanged(m_viewport.t0Us, m_viewport.t1Us);
}

void TimelineView::updateGeometryFromWidget()
{
    m_viewport.widthPx = std::max(1, viewport()->width());
    m_viewport.heightPx = std::max(1, viewport()->height());
    // Keep most of a narrow window for the bars.
    m_viewport.headerWidthPx = std::min(m_preferredHeaderWidthPx, std::max(60, m_viewport.widthPx / 3));
    updateScrollBar();
}

void TimelineView::updateScrollBar()
{
    QScrollBar *bar = verticalScrollBar();
    const QSignalBlocker blocker(bar);  // the value below is already in m_viewport
    bar->setRange(0, std::max(0, m_layout.contentHeight() - m_viewport.lanesHeight()));
    bar->setPageStep(std::max(1, m_viewport.lanesHeight()));
    bar->setSingleStep(m_options.metrics.sliceRowHeightPx + 2 * m_options.metrics.lanePaddingPx);
    bar->setValue(int(m_viewport.scrollYPx));
}

void TimelineView::paintEvent(QPaintEvent *)
{
    QPainter p(viewport());
    if (!m_capture) {
        p.fillRect(viewport()->rect(), palette().base());
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(viewport()->rect(), Qt::AlignCenter, tr("No capture"));
        return;
    }
    m_painter.paint(p, *m_capture, m_viewport, m_options);
}

void TimelineView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    const TimeRange range = m_viewport.range();
    updateGeometryFromWidget();
    applyViewport(m_viewport.withRange(range));
}

void TimelineView::scrollContentsBy(int, int)
{
    m_viewport.scrollYPx = verticalScrollBar()->value();
    viewport()->update();
}

bool TimelineView::viewportEvent(QEvent *event)
{
    if (event->type() != QEvent::ToolTip)
        return QAbstractScrollArea::viewportEvent(event);
    const auto *help = static_cast<QHelpEvent *>(event);
    QString text;
    if (const auto hit = sliceAt(help->pos())) {
        text = describeSlice(hit->first, hit->second);
    } else if (m_capture && help->pos().x() < m_viewport.headerWidthPx) {
        // Lane names may be elided in the header: show them whole.
        const int row = m_layout.rowAt(help->pos().y() - m_viewport.lanesTop() + m_viewport.scrollYPx);
        if (row >= 0) {
            const TimelineRow &r = m_layout.rows()[std::size_t(row)];
            if (r.kind == TimelineRow::Kind::Lane) {
                const Lane &lane = m_capture->lanes[std::size_t(r.index)];
                text = tr("%1 / %2\n%n slice(s)", nullptr, int(lane.slices.size())).arg(lane.group, lane.name);
            } else if (r.kind == TimelineRow::Kind::Counter) {
                const CounterTrack &counter = m_capture->counters[std::size_t(r.index)];
                text = tr("%1 / %2 %3").arg(counter.group, counter.name, counter.series);
            } else {
                text = r.group;
            }
        }
    }
    if (text.isEmpty()) {
        QToolTip::hideText();
        event->ignore();
    } else {
        QToolTip::showText(help->globalPos(), text, viewport());
    }
    return true;
}

std::optional<std::pair<int, std::size_t>> TimelineView::sliceAt(QPointF pos)
{
    if (!m_capture || pos.x() < m_viewport.plotLeft() || pos.x() >= m_viewport.plotRight() ||
        pos.y() < m_viewport.lanesTop())
        return std::nullopt;
    const double contentY = pos.y() - m_viewport.lanesTop() + m_viewport.scrollYPx;
    const int rowIndex = m_layout.rowAt(contentY);
    if (rowIndex < 0)
        return std::nullopt;
    const TimelineRow &row = m_layout.rows()[std::size_t(rowIndex)];
    const int depth = m_layout.depthAt(row, contentY);
    if (depth < 0)
        return std::nullopt;
    const auto slice = m_painter.indexFor(*m_capture).sliceAt(*m_capture, std::size_t(row.index), depth,
                                                              m_viewport.timeAt(pos.x()),
                                                              kHitSlopPx * m_viewport.usPerPx());
    if (!slice)
        return std::nullopt;
    return std::make_pair(row.index, *slice);
}

QString TimelineView::describeSlice(int laneIndex, std::size_t sliceIndex) const
{
    if (!m_capture || laneIndex < 0 || std::size_t(laneIndex) >= m_capture->lanes.size())
        return {};
    const Lane &lane = m_capture->lanes[std::size_t(laneIndex)];
    if (sliceIndex >= lane.slices.size())
        return {};
    const Slice &s = lane.slices[sliceIndex];
    QString label = sliceLabel(*m_capture, lane, s);
    if (label.isEmpty())
        label = tr("(unnamed)");
    QStringList lines{label, tr("%1 / %2").arg(lane.group, lane.name)};
    if (s.flags & Slice::Instant) {
        lines << tr("At %1").arg(formatDuration(s.startUs));
    } else {
        lines << tr("Start %1").arg(formatDuration(s.startUs)) << tr("End %1").arg(formatDuration(s.endUs))
              << tr("Duration %1").arg(formatDuration(s.endUs - s.startUs));
    }
    if (s.flags & Slice::Unterminated)
        lines << tr("Never ended: runs to the end of the capture");
    if (!lane.clockAligned)
        lines << tr("Own clock: not aligned with device time");
    return lines.join(u'\n');
}

void TimelineView::wheelEvent(QWheelEvent *event)
{
    const QPoint angle = event->angleDelta();
    if (event->modifiers() & Qt::ShiftModifier) {
        // Some platforms turn Shift+wheel into a horizontal wheel.
        const int delta = angle.y() != 0 ? angle.y() : angle.x();
        TimelineViewport vp = m_viewport;
        vp.scrollYPx -= delta / 120.0 * kWheelScrollPerNotchPx;
        applyViewport(vp);
    } else if (std::abs(angle.x()) > std::abs(angle.y())) {
        panByPixels(angle.x() / 120.0 * m_viewport.plotWidth() * 0.1);
    } else if (angle.y() != 0) {
        zoomBy(std::pow(kWheelZoomPerNotch, angle.y() / 120.0), event->position().x());
    }
    event->accept();
}

void TimelineView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    if (event->position().x() < m_viewport.headerWidthPx) {
        toggleGroupAt(event->position());
    } else {
        m_dragging = true;
        m_dragLast = event->position();
        viewport()->setCursor(Qt::ClosedHandCursor);
    }
    event->accept();
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    if (!m_dragging) {
        updateHover(event->position());
        return;
    }
    const QPointF delta = event->position() - m_dragLast;
    m_dragLast = event->position();
    TimelineViewport vp = m_viewport.pannedByPixels(delta.x());
    vp.scrollYPx -= delta.y();
    applyViewport(vp);
    event->accept();
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton) {
        if (m_dragging)
            viewport()->unsetCursor();
        m_dragging = false;
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    // Keyboard zoom follows the mouse when it is over the plot, like the wheel.
    std::optional<double> aboutX;
    const QPoint mouse = viewport()->mapFromGlobal(QCursor::pos());
    if (viewport()->rect().contains(mouse) && mouse.x() >= m_viewport.plotLeft())
        aboutX = mouse.x();
    const double panStep = m_viewport.plotWidth() * kKeyPanFraction;
    switch (event->key()) {
    case Qt::Key_0:
    case Qt::Key_Home: fitAll(); break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
    case Qt::Key_W: zoomBy(kKeyZoomFactor, aboutX); break;
    case Qt::Key_Minus:
    case Qt::Key_Underscore:
    case Qt::Key_S: zoomBy(1 / kKeyZoomFactor, aboutX); break;
    case Qt::Key_A:
    case Qt::Key_Left: panByPixels(panStep); break;
    case Qt::Key_D:
    case Qt::Key_Right: panByPixels(-panStep); break;
    case Qt::Key_Up: verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepSub); break;
    case Qt::Key_Down: verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd); break;
    default: QAbstractScrollArea::keyPressEvent(event); return;
    }
    event->accept();
}

void TimelineView::toggleGroupAt(QPointF pos)
{
    const int rowIndex = m_layout.rowAt(pos.y() - m_viewport.lanesTop() + m_viewport.scrollYPx);
    if (!m_capture || pos.y() < m_viewport.lanesTop() || rowIndex < 0)
        return;
    const TimelineRow &row = m_layout.rows()[std::size_t(rowIndex)];
    if (row.kind != TimelineRow::Kind::GroupHeading)
        return;
    if (!m_options.collapsedGroups.remove(row.group))
        m_options.collapsedGroups.insert(row.group);
    m_layout = TimelineLayout(*m_capture, m_options.metrics, m_options.collapsedGroups);
    m_options.highlightLane = -1;
    applyViewport(m_viewport);
}

void TimelineView::updateHover(QPointF pos)
{
    const auto hit = sliceAt(pos);
    const int lane = hit ? hit->first : -1;
    const std::size_t slice = hit ? hit->second : 0;
    if (lane == m_options.highlightLane && slice == m_options.highlightSlice)
        return;
    m_options.highlightLane = lane;
    m_options.highlightSlice = slice;
    viewport()->update();
}

} // namespace lanescope
