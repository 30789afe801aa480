#include "widgets/timeline/timelineview.h"

#include "model/capture/slicelabel.h"
#include "model/capture/taskindex.h"
#include "model/format/counttext.h"
#include "model/session/capturefacts.h"
#include "widgets/overlays/annotationoverlays.h"
#include "widgets/render/hostclockbadge.h"
#include "widgets/text/countertooltip.h"
#include "widgets/text/slicedetails.h"
#include "widgets/text/timeformat.h"
#include "widgets/timeline/markernameeditor.h"
#include "widgets/timeline/regionsnap.h"

#include <QContextMenuEvent>
#include <QCursor>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QTimer>
#include <QToolTip>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>

namespace lanescope {

namespace {
constexpr double kKeyZoomFactor = 1.5;
constexpr double kKeyPanFraction = 0.2; // of the plot width per key press
constexpr double kWheelZoomPerNotch = 1.25;
constexpr double kWheelScrollPerNotchPx = 60;
constexpr double kHitSlopPx = 3;   // tiny bars and instants count as hit this close
constexpr double kClickSlopPx = 3; // a press that moves less than this is a click, not a drag

// The rows as the options lay them out: folded groups, lane order, pinned and hidden lanes.
TimelineLayout layoutOf(const Capture &c, const TimelinePaintOptions &o)
{
    return TimelineLayout(c, o.metrics, o.collapsedGroups, o.arrangement);
}
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
    m_options.cacheFrames = true;
    m_options.colours = TimelineColours::forPalette(palette());
    m_ownState = new TimelineViewState(this);
    setViewState(nullptr);
    m_annotations = new TimelineAnnotations(this);
    m_measurementOverlay = std::make_shared<MeasurementOverlay>();
    m_markerOverlay = std::make_shared<MarkerOverlay>();
    m_options.overlays.push_back(m_measurementOverlay);
    m_options.overlays.push_back(m_markerOverlay);
    connect(m_annotations, &TimelineAnnotations::regionChanged, this, &TimelineView::syncAnnotationOverlays);
    connect(m_annotations, &TimelineAnnotations::markersChanged, this, &TimelineView::syncAnnotationOverlays);
    connect(this, &TimelineView::visibleRangeChanged, this, &TimelineView::placeMarkerNameEditor);
    connect(this, &TimelineView::visibleRangeChanged, this, &TimelineView::refreshEdgeCursor);
    updateGeometryFromWidget();
}

TimelineView::~TimelineView() = default;

void TimelineView::setCapture(CapturePtr capture, CaptureIndexPtr index)
{
    m_capture = std::move(capture);
    m_index = m_capture ? lanescope::indexFor(*m_capture, std::move(index)) : CaptureIndexPtr();
    if (m_capture)
        m_painter.indexFor(*m_capture, m_index); // the painter draws by the same shared index
    m_options.highlight = {};
    m_options.relatedSlices.clear();
    m_options.collapsedGroups =
        m_capture ? m_groupPreference.collapsedGroups(initiallyCollapsedGroups(*m_capture)) : QSet<QString>{};
    m_options.arrangement = {};
    m_options.arrangement.groupOrder = m_groupPreference.order;
    m_selectionState->setSelection(std::nullopt);
    if (m_markerEditor) // its marker goes with the annotations
        finishMarkerNameEdit(m_markerEditor->markerId(), {}, false);
    m_measuring = false;
    m_movingEdge = false;
    m_annotations->reset();
    if (m_capture) {
        m_preferredHeaderWidthPx = TimelinePainter::preferredHeaderWidth(*m_capture, m_options.font);
        m_layout = layoutOf(*m_capture, m_options);
    } else {
        m_layout = {};
    }
    m_viewport.scrollYPx = 0;
    updateGeometryFromWidget();
    applyViewport(m_viewport.withRange(m_capture ? fitRange(captureExtent()) : fullRange()),
                  TimelineViewState::Change::Restore);
    m_state->resetHistory(toState(m_viewport.range()));
    emit selectionChanged();
}

void TimelineView::setViewState(TimelineViewState *state)
{
    setRangeState(state, 0);
    for (const QMetaObject::Connection &c : std::as_const(m_selectionConnections))
        disconnect(c);
    m_selectionState = state ? state : m_ownState;
    m_selectionConnections = {connect(m_selectionState, &TimelineViewState::selectionChanged, this, [this] {
        updateSelectionOptions();
        viewport()->update();
        emit selectionChanged();
    })};
    if (state) // a shared state may go first; the view then keeps on with its own
        m_selectionConnections << connect(state, &QObject::destroyed, this,
                                          [this] { setViewState(nullptr); });
    updateSelectionOptions();
    viewport()->update();
}

void TimelineView::setRangeState(TimelineViewState *state, double shiftUs)
{
    for (const QMetaObject::Connection &c : std::as_const(m_rangeConnections))
        disconnect(c);
    m_state = state ? state : m_ownState;
    m_stateShiftUs = state ? shiftUs : 0;
    m_rangeConnections = {
        connect(m_state, &TimelineViewState::rangeChanged, this, &TimelineView::followState),
        connect(m_state, &TimelineViewState::historyChanged, this, &TimelineView::historyChanged)};
    if (state)
        m_rangeConnections << connect(state, &QObject::destroyed, this, [this] { setRangeState(nullptr); });
    if (m_state->range().isValid())
        followState(m_state->range());
    emit historyChanged();
}

TimeRange TimelineView::toState(TimeRange own) const
{
    return {own.startUs - m_stateShiftUs, own.endUs - m_stateShiftUs};
}

void TimelineView::followState(TimeRange range)
{
    if (m_writingState || !range.isValid())
        return;
    const TimeRange own{range.startUs + m_stateShiftUs, range.endUs + m_stateShiftUs};
    const TimelineViewport vp = m_viewport.withRange(own).clampedTo(fullRange());
    if (vp.t0Us == m_viewport.t0Us && vp.t1Us == m_viewport.t1Us)
        return;
    m_viewport.t0Us = vp.t0Us;
    m_viewport.t1Us = vp.t1Us;
    viewport()->update();
    emit visibleRangeChanged(m_viewport.t0Us, m_viewport.t1Us);
}

TimeRange TimelineView::fullRange() const
{
    if (m_timeBounds.isValid())
        return m_timeBounds;
    if (!m_capture)
        return {0, 1};
    return fitRange(m_index->bars.extent());
}

const TaskLocator &TimelineView::taskLocator() const
{
    static const TaskLocator none;
    return m_index ? m_index->tasks : none;
}

TimeRange TimelineView::captureExtent() const
{
    return m_index ? m_index->bars.alignedExtent() : TimeRange{};
}

void TimelineView::setTimeBounds(TimeRange bounds)
{
    m_timeBounds = bounds.isValid() ? bounds : TimeRange{};
    applyViewport(m_viewport);
}

void TimelineView::followRange(TimeRange range)
{
    if (range.isValid())
        applyViewport(m_viewport.withRange(range));
}

std::optional<SliceRef> TimelineView::selection() const
{
    return m_selectionState->selection();
}

const ViewHistory &TimelineView::history() const
{
    return m_state->history();
}

int TimelineView::preferredHeaderWidth() const
{
    return m_preferredHeaderWidthPx;
}

void TimelineView::setHeaderWidth(int px)
{
    m_fixedHeaderWidthPx = std::max(0, px);
    const TimeRange range = m_viewport.range();
    updateGeometryFromWidget();
    applyViewport(m_viewport.withRange(range));
}

void TimelineView::setVisibleRange(TimeRange range)
{
    if (range.isValid())
        jumpTo(range);
}

// Fits the lanes on the device clock: host spans on their own axis would squeeze them.
void TimelineView::fitAll()
{
    jumpTo(m_capture ? fitRange(captureExtent()) : fullRange());
}

void TimelineView::jumpTo(TimeRange range)
{
    commitHistory();
    applyViewport(m_viewport.withRange(range), TimelineViewState::Change::Jump);
    commitHistory();
}

void TimelineView::commitHistory()
{
    if (m_capture)
        m_state->commitHistory();
}

bool TimelineView::canGoBack() const
{
    return m_state->canGoBack();
}
bool TimelineView::canGoForward() const
{
    return m_state->canGoForward();
}

void TimelineView::goBack()
{
    if (m_capture)
        m_state->goBack();
}

void TimelineView::goForward()
{
    if (m_capture)
        m_state->goForward();
}

void TimelineView::zoomBy(double factor, std::optional<double> aboutX)
{
    const double x = aboutX
                         ? std::clamp(*aboutX, double(m_viewport.plotLeft()), double(m_viewport.plotRight()))
                         : m_viewport.plotLeft() + m_viewport.plotWidth() / 2.0;
    applyViewport(m_viewport.zoomedAt(x, factor));
}

void TimelineView::panByPixels(double dx)
{
    applyViewport(m_viewport.pannedByPixels(dx));
}

void TimelineView::applyViewport(TimelineViewport vp, TimelineViewState::Change change)
{
    vp = vp.clampedTo(fullRange()).clampedScroll(m_layout.contentHeight());
    vp.scrollYPx = std::round(vp.scrollYPx);
    const bool rangeChanged = vp.t0Us != m_viewport.t0Us || vp.t1Us != m_viewport.t1Us;
    m_viewport = vp;
    updateScrollBar();
    viewport()->update();
    if (rangeChanged) {
        // Every view on the state follows it (followState), except this one, which is there already.
        m_writingState = true;
        m_state->setRange(toState(m_viewport.range()), change);
        m_writingState = false;
        emit visibleRangeChanged(m_viewport.t0Us, m_viewport.t1Us);
    }
}

void TimelineView::updateGeometryFromWidget()
{
    m_viewport.widthPx = std::max(1, viewport()->width());
    m_viewport.heightPx = std::max(1, viewport()->height());
    // Keep most of a narrow window for the bars.
    const int wanted = m_fixedHeaderWidthPx > 0 ? m_fixedHeaderWidthPx : m_preferredHeaderWidthPx;
    m_viewport.headerWidthPx = std::min(wanted, std::max(60, m_viewport.widthPx / 3));
    updateScrollBar();
}

void TimelineView::updateScrollBar()
{
    QScrollBar *bar = verticalScrollBar();
    const QSignalBlocker blocker(bar); // the value below is already in m_viewport
    bar->setRange(0, std::max(0, m_layout.contentHeight() - m_viewport.lanesHeight()));
    bar->setPageStep(std::max(1, m_viewport.lanesHeight()));
    bar->setSingleStep(m_options.metrics.sliceRowHeightPx + 2 * m_options.metrics.lanePaddingPx);
    bar->setValue(int(m_viewport.scrollYPx));
}

void TimelineView::changeEvent(QEvent *event)
{
    // Follow the application theme.
    if (event->type() == QEvent::PaletteChange) {
        m_options.colours = TimelineColours::forPalette(palette());
        viewport()->update();
    }
    QAbstractScrollArea::changeEvent(event);
}

void TimelineView::addOverlay(std::shared_ptr<const TimelineOverlay> overlay)
{
    if (!overlay)
        return;
    m_options.overlays.push_back(std::move(overlay));
    refreshOverlays();
}

void TimelineView::removeOverlay(const std::shared_ptr<const TimelineOverlay> &overlay)
{
    std::erase(m_options.overlays, overlay);
    refreshOverlays();
}

void TimelineView::refreshOverlays()
{
    viewport()->update();
}

void TimelineView::syncAnnotationOverlays()
{
    if (!m_measuring)
        m_measurementOverlay->setRegion(m_annotations->region());
    m_markerOverlay->setMarkers(m_annotations->markers());
    placeMarkerNameEditor(); // its marker may have moved or gone (Undo)
    refreshEdgeCursor();
    refreshOverlays();
}

std::optional<TimeRange> TimelineView::shownRegion() const
{
    return m_measurementOverlay->region();
}

void TimelineView::showRange(TimeRange range)
{
    if (!range.isValid())
        return;
    const double pad = range.span() * 0.1;
    jumpTo({range.startUs - pad, range.endUs + pad});
}

void TimelineView::centreOnTime(double us)
{
    const double half = m_viewport.spanUs() / 2;
    jumpTo({us - half, us + half});
}

TimeRange TimelineView::measuredFromDrag(double xPx, Qt::KeyboardModifiers modifiers)
{
    const double x = std::clamp(xPx, double(m_viewport.plotLeft()), double(m_viewport.plotRight()));
    const double to = m_viewport.timeAt(x);
    // Ctrl places the edges freely: nothing is close enough to snap to.
    const double tolerance = (modifiers & Qt::ControlModifier) ? 0 : kSnapTolerancePx * m_viewport.usPerPx();
    const EdgeNear edgeNear = [this](double us, double toleranceUs) -> std::optional<double> {
        return m_capture && m_index ? m_index->bars.nearestEdge(*m_capture, us, toleranceUs) : std::nullopt;
    };
    return m_movingEdge ? snapMovedEdge(m_measureFromUs, to, edgeNear, tolerance)
                        : snapRegion(m_measureFromUs, to, edgeNear, tolerance);
}

std::optional<double> TimelineView::edgeKeptByGrabAt(QPointF pos) const
{
    const std::optional<TimeRange> region = m_annotations->region();
    if (!m_capture || !region || pos.x() < m_viewport.plotLeft() || pos.x() >= m_viewport.plotRight())
        return std::nullopt;
    const double toStart = std::abs(pos.x() - m_viewport.xOf(region->startUs));
    const double toEnd = std::abs(pos.x() - m_viewport.xOf(region->endUs));
    // Both edges in reach (a narrow region): the nearer one, the end on a tie so the region can grow.
    if (toEnd <= kEdgeGrabPx && toEnd <= toStart)
        return region->startUs;
    if (toStart <= kEdgeGrabPx)
        return region->endUs;
    return std::nullopt;
}

void TimelineView::updateEdgeCursor(QPointF pos, Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers)
{
    // Shift+drag measures anew, from wherever it starts.
    const bool onEdge =
        buttons == Qt::NoButton && !(modifiers & Qt::ShiftModifier) && edgeKeptByGrabAt(pos).has_value();
    if (onEdge == m_edgeCursor)
        return;
    m_edgeCursor = onEdge;
    if (onEdge)
        viewport()->setCursor(Qt::SizeHorCursor);
    else
        viewport()->unsetCursor();
}

void TimelineView::refreshEdgeCursor()
{
    // The region (Esc, Undo) or the range (wheel, keys) changed under a mouse that stood still.
    if (m_pointerPos && !m_measuring && !m_dragging)
        updateEdgeCursor(*m_pointerPos, QGuiApplication::mouseButtons(),
                         QGuiApplication::keyboardModifiers());
}

void TimelineView::cancelMeasuring()
{
    m_measuring = false;
    m_movingEdge = false;
    m_dragMoved = false;
    m_edgeCursor = false;
    viewport()->unsetCursor();
    syncAnnotationOverlays(); // the region as it was
}

int TimelineView::markerAt(QPointF pos) const
{
    return m_capture && pos.y() >= 0 && pos.y() < m_viewport.lanesTop()
               ? m_markerOverlay->markerAtFlag(pos, m_viewport, font())
               : 0;
}

QLineEdit *TimelineView::markerNameEditor() const
{
    return m_markerEditor;
}

void TimelineView::editMarkerName(int markerId)
{
    const TimelineMarker *marker = m_annotations->marker(markerId);
    if (!marker)
        return;
    if (m_markerEditor)
        finishMarkerNameEdit(m_markerEditor->markerId(), m_markerEditor->text(), true);
    m_markerEditor = new MarkerNameEditor(markerId, marker->name, viewport());
    connect(m_markerEditor, &MarkerNameEditor::finished, this, &TimelineView::finishMarkerNameEdit);
    placeMarkerNameEditor();
    m_markerEditor->show();
    m_markerEditor->setFocus(Qt::OtherFocusReason);
}

void TimelineView::placeMarkerNameEditor()
{
    if (!m_markerEditor)
        return;
    const TimelineMarker *marker = m_annotations->marker(m_markerEditor->markerId());
    const QRectF flag = marker ? MarkerOverlay::flagRect(*marker, m_viewport, font()) : QRectF();
    if (flag.isEmpty()) { // its marker left the plot (or the annotations): keep what was typed
        finishMarkerNameEdit(m_markerEditor->markerId(), m_markerEditor->text(), true);
        return;
    }
    // Over the flag, its bottom on the ruler's, wide enough for a name, and inside the plot.
    const int height = std::min(m_markerEditor->sizeHint().height(), m_viewport.lanesTop());
    const int width = std::max(int(std::ceil(flag.width())) + 24, 140);
    const int left = std::clamp(int(std::floor(flag.left())), m_viewport.plotLeft(),
                                std::max(m_viewport.plotLeft(), m_viewport.plotRight() - width));
    m_markerEditor->setGeometry(left, m_viewport.lanesTop() - height, width, height);
}

void TimelineView::finishMarkerNameEdit(int markerId, const QString &text, bool keep)
{
    MarkerNameEditor *editor = m_markerEditor;
    if (!editor)
        return;
    m_markerEditor = nullptr;
    const bool hadFocus = editor->hasFocus();
    disconnect(editor, nullptr, this, nullptr);
    editor->hide();
    editor->deleteLater(); // it may be inside its own event handler
    if (keep && m_annotations->marker(markerId))
        m_annotations->renameMarker(markerId, text); // pushes nothing when the name is the same
    if (hadFocus)
        setFocus(Qt::OtherFocusReason);
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
    placeMarkerNameEditor();
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
        text = describeSlice(*hit);
    } else if (const int row =
                   m_capture && help->pos().x() >= m_viewport.plotLeft()
                       ? m_layout.rowAt(help->pos().y() - m_viewport.lanesTop() + m_viewport.scrollYPx)
                       : -1;
               row >= 0 && m_layout.rows()[std::size_t(row)].kind == TimelineRow::Kind::Counter) {
        // A counter track in the plot: its value there (ring tracks add % of capacity and scope site).
        text = describeCounterAt(m_capture->counters[std::size_t(m_layout.rows()[std::size_t(row)].index)],
                                 m_viewport.timeAt(help->pos().x()));
    } else if (m_capture && help->pos().x() < m_viewport.headerWidthPx) {
        // Lane names may be elided in the header: show them whole.
        const int row = m_layout.rowAt(help->pos().y() - m_viewport.lanesTop() + m_viewport.scrollYPx);
        if (row >= 0) {
            const TimelineRow &r = m_layout.rows()[std::size_t(row)];
            if (r.kind == TimelineRow::Kind::Lane) {
                const Lane &lane = m_capture->lanes[std::size_t(r.index)];
                text =
                    (laneTitleLines(lane) << countText(qint64(lane.slices.size()), tr("slice"), tr("slices")))
                        .join(u'\n');
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

std::optional<SliceRef> TimelineView::sliceAt(QPointF pos)
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
    const auto slice = m_index->bars.sliceAt(*m_capture, std::size_t(row.index), depth,
                                             m_viewport.timeAt(pos.x()), kHitSlopPx * m_viewport.usPerPx());
    if (!slice)
        return std::nullopt;
    return SliceRef{row.index, *slice};
}

QString TimelineView::describeSlice(SliceRef bar) const
{
    if (!m_capture || bar.lane < 0 || std::size_t(bar.lane) >= m_capture->lanes.size())
        return {};
    const Lane &lane = m_capture->lanes[std::size_t(bar.lane)];
    if (bar.slice >= lane.slices.size())
        return {};
    const Slice &s = lane.slices[bar.slice];
    QString label = sliceLabel(*m_capture, lane, s);
    if (label.isEmpty())
        label = tr("(unnamed)");
    QStringList lines{label};
    lines << laneTitleLines(lane);
    if (const TaskRow *row = taskRowOf(*m_capture, lane, s)) {
        lines << taskTimingLines(*row) << taskIdLines(*m_capture, *row);
    } else if (s.flags & Slice::Instant) {
        lines << tr("At %1").arg(formatDuration(s.startUs));
    } else {
        // Start and end are read together: one precision for both (durationtext.h).
        const QStringList ends = formatTimes({s.startUs, s.endUs});
        lines << tr("Start %1").arg(ends[0]) << tr("End %1").arg(ends[1])
              << tr("Duration %1").arg(formatDuration(s.endUs - s.startUs));
    }
    if (s.flags & Slice::Unterminated)
        lines << tr("Never ended: runs to the end of the capture");
    if (const QString clock = hostPlacementDescription(lane, m_capture->info.hostPlacement); !clock.isEmpty())
        lines << clock;
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
    const std::optional<double> keptEdge =
        event->modifiers() & Qt::ShiftModifier ? std::nullopt : edgeKeptByGrabAt(event->position());
    if (event->position().x() < m_viewport.headerWidthPx) {
        m_pressedHeading = headingAt(event->position());
        m_draggedLane = laneAt(event->position());
    } else if (keptEdge) {
        // On an edge of the region: a drag moves that edge (before panning or dropping a marker).
        m_measuring = true;
        m_movingEdge = true;
        m_measureOnRuler = event->position().y() < m_viewport.lanesTop();
        m_measureFromUs = *keptEdge;
        m_dragMoved = false;
        m_dragLast = event->position();
    } else if (m_capture &&
               (event->position().y() < m_viewport.lanesTop() || (event->modifiers() & Qt::ShiftModifier))) {
        m_measuring = true;
        m_measureOnRuler = event->position().y() < m_viewport.lanesTop();
        m_measureFromUs = m_viewport.timeAt(event->position().x());
        m_dragMoved = false;
        m_dragLast = event->position();
    } else {
        m_dragging = true;
        m_dragMoved = false;
        m_dragLast = event->position();
    }
    event->accept();
}

void TimelineView::mouseMoveEvent(QMouseEvent *event)
{
    m_pointerPos = event->position();
    if (m_measuring) {
        if (!m_dragMoved && std::abs(event->position().x() - m_dragLast.x()) < kClickSlopPx)
            return;
        if (!m_dragMoved)
            viewport()->setCursor(m_movingEdge ? Qt::SizeHorCursor : Qt::SplitHCursor);
        m_dragMoved = true;
        // An edge dropped right onto the other one would leave no region: the last one stays shown.
        if (const TimeRange shown = measuredFromDrag(event->position().x(), event->modifiers());
            shown.isValid())
            m_measurementOverlay->setRegion(shown);
        refreshOverlays();
        event->accept();
        return;
    }
    if (!m_dragging) {
        updateEdgeCursor(event->position(), event->buttons(), event->modifiers());
        updateHover(event->position());
        return;
    }
    const QPointF delta = event->position() - m_dragLast;
    if (!m_dragMoved && delta.manhattanLength() < kClickSlopPx)
        return;
    if (!m_dragMoved)
        viewport()->setCursor(Qt::ClosedHandCursor);
    m_dragMoved = true;
    m_dragLast = event->position();
    TimelineViewport vp = m_viewport.pannedByPixels(delta.x());
    vp.scrollYPx -= delta.y();
    applyViewport(vp);
    event->accept();
}

void TimelineView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_measuring) {
        const bool moved = m_dragMoved;
        const bool movingEdge = m_movingEdge;
        TimeRange measured = measuredFromDrag(event->position().x(), event->modifiers());
        if (movingEdge && !measured.isValid() && shownRegion())
            measured = *shownRegion();
        m_measuring = false;
        m_movingEdge = false;
        m_dragMoved = false;
        m_edgeCursor = false;
        viewport()->unsetCursor();
        if (moved) {
            m_annotations->setRegion(measured); // one undoable step for the whole drag
        } else if (m_measureOnRuler) {
            // A click on a marker's flag points at that marker: it adds no other one on top.
            if (!markerAt(event->position()))
                m_annotations->addMarker(movingEdge ? m_viewport.timeAt(event->position().x())
                                                    : m_measureFromUs);
        } else if (const auto hit = sliceAt(event->position())) {
            select(*hit); // Shift+click on a bar still selects it
        } else if (movingEdge) {
            clearSelection(); // a plain click beside the bars, which happened to be on a region edge
        }
        syncAnnotationOverlays();
        updateEdgeCursor(event->position(), event->buttons(), event->modifiers());
        event->accept();
        return;
    }
    if (event->button() == Qt::LeftButton) {
        if (m_dragging && m_dragMoved) {
            viewport()->unsetCursor();
        } else if (m_dragging) {
            if (const auto hit = sliceAt(event->position()))
                select(*hit);
            else
                clearSelection();
        } else if (m_pressedHeading) {
            // Released on the heading pressed: a click, which folds; on another one: a drag, which
            // moves the group there.
            const std::optional<QString> target = headingAt(event->position());
            if (target == m_pressedHeading) {
                toggleGroupByUser(*target);
            } else if (target && *target != pinnedGroupName() && *m_pressedHeading != pinnedGroupName() &&
                       m_options.arrangement.moveGroupTo(*m_capture, *m_pressedHeading, *target)) {
                relayout();
                emit groupsReorderedByUser(m_options.arrangement.groupsInOrder(*m_capture));
            }
        } else if (m_draggedLane >= 0 && m_capture) {
            // Dropped on another lane header of the same group: take its place.
            const int target = laneAt(event->position());
            if (target >= 0 && target != m_draggedLane) {
                const int from = m_layout.rowOfLane(m_draggedLane);
                const int to = m_layout.rowOfLane(target);
                LaneArrangement a = m_options.arrangement;
                if (a.moveBefore(*m_capture, m_draggedLane, target)) {
                    if (to > from)
                        a.move(*m_capture, m_draggedLane, +1);
                    setLaneArrangement(a);
                }
            }
        }
        m_dragging = false;
        m_dragMoved = false;
        m_draggedLane = -1;
        m_pressedHeading.reset();
        event->accept();
        return;
    }
    QAbstractScrollArea::mouseReleaseEvent(event);
}

void TimelineView::mouseDoubleClickEvent(QMouseEvent *event)
{
    // The first click dropped a marker on an empty stretch of the ruler: the second names it.
    if (const int marker = event->button() == Qt::LeftButton ? markerAt(event->position()) : 0) {
        editMarkerName(marker);
        event->accept();
        return;
    }
    mousePressEvent(event); // a double click elsewhere is two clicks
}

void TimelineView::keyPressEvent(QKeyEvent *event)
{
    // Keyboard zoom follows the mouse when it is over the plot, like the wheel.
    std::optional<double> aboutX;
    const QPoint mouse = viewport()->mapFromGlobal(QCursor::pos());
    if (viewport()->rect().contains(mouse) && mouse.x() >= m_viewport.plotLeft())
        aboutX = mouse.x();
    const double panStep = m_viewport.plotWidth() * kKeyPanFraction;
    if (event->modifiers() & Qt::AltModifier) {
        if (event->key() == Qt::Key_Left)
            goBack();
        else if (event->key() == Qt::Key_Right)
            goForward();
        else {
            QAbstractScrollArea::keyPressEvent(event);
            return;
        }
        event->accept();
        return;
    }
    switch (event->key()) {
    case Qt::Key_Escape:
        if (m_measuring) { // during a drag: forget the drag, keep the region as it was
            cancelMeasuring();
            break;
        }
        m_annotations->clearRegion();
        clearSelection();
        break;
    case Qt::Key_F:
        zoomToSelection();
        break;
    case Qt::Key_Slash:
        emit searchRequested();
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        fitAll();
        break;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
    case Qt::Key_W:
        zoomBy(kKeyZoomFactor, aboutX);
        break;
    case Qt::Key_Minus:
    case Qt::Key_Underscore:
    case Qt::Key_S:
        zoomBy(1 / kKeyZoomFactor, aboutX);
        break;
    case Qt::Key_A:
    case Qt::Key_Left:
        panByPixels(panStep);
        break;
    case Qt::Key_D:
    case Qt::Key_Right:
        panByPixels(-panStep);
        break;
    case Qt::Key_Up:
        verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepSub);
        break;
    case Qt::Key_Down:
        verticalScrollBar()->triggerAction(QAbstractSlider::SliderSingleStepAdd);
        break;
    default:
        QAbstractScrollArea::keyPressEvent(event);
        return;
    }
    event->accept();
}

std::optional<QString> TimelineView::headingAt(QPointF pos) const
{
    const int rowIndex = m_layout.rowAt(pos.y() - m_viewport.lanesTop() + m_viewport.scrollYPx);
    if (!m_capture || pos.y() < m_viewport.lanesTop() || rowIndex < 0)
        return std::nullopt;
    const TimelineRow &row = m_layout.rows()[std::size_t(rowIndex)];
    if (row.kind != TimelineRow::Kind::GroupHeading)
        return std::nullopt;
    return row.group;
}

void TimelineView::toggleGroupByUser(const QString &group)
{
    const bool fold = !m_options.collapsedGroups.contains(group);
    setGroupCollapsed(group, fold);
    // Pinned lanes are this capture's own choice, not a group other captures have.
    if (group != pinnedGroupName())
        emit groupFoldedByUser(group, fold);
}

void TimelineView::moveGroupByUser(const QString &group, int delta)
{
    if (moveGroup(group, delta))
        emit groupsReorderedByUser(m_options.arrangement.groupsInOrder(*m_capture));
}

void TimelineView::updateHover(QPointF pos)
{
    if (selection())
        return; // the selection keeps the outline
    const SliceRef hovered = sliceAt(pos).value_or(SliceRef{});
    if (hovered == m_options.highlight)
        return;
    m_options.highlight = hovered;
    viewport()->update();
}

void TimelineView::relayout()
{
    if (!m_capture)
        return;
    m_layout = layoutOf(*m_capture, m_options);
    applyViewport(m_viewport);
}

void TimelineView::updateSelectionOptions()
{
    m_options.relatedSlices.clear();
    // A shared state may hold a bar of another capture until this view is given its own.
    const std::optional<SliceRef> bar = selection();
    if (!bar || !m_capture || std::size_t(bar->lane) >= m_capture->lanes.size() ||
        bar->slice >= m_capture->lanes[std::size_t(bar->lane)].slices.size()) {
        m_options.highlight = {};
        return;
    }
    m_options.highlight = *bar;
    const Lane &lane = m_capture->lanes[std::size_t(bar->lane)];
    if (const TaskRow *row = taskRowOf(*m_capture, lane, lane.slices[bar->slice]);
        row && isSpmdTask(*m_capture, row->taskId))
        m_options.relatedSlices = taskLocator().barsOfTask(*m_capture, row->taskId);
}

void TimelineView::select(SliceRef bar, bool centre)
{
    if (!m_capture || bar.lane < 0 || std::size_t(bar.lane) >= m_capture->lanes.size() ||
        bar.slice >= m_capture->lanes[std::size_t(bar.lane)].slices.size()) {
        clearSelection();
        return;
    }
    m_selectionState->setSelection(bar); // the state tells every view on it, this one included
    if (centre)
        centreOn(bar);
}

void TimelineView::clearSelection()
{
    if (!selection())
        return;
    m_selectionState->setSelection(std::nullopt);
}

QMetaObject::Connection TimelineView::connectSelectionChanged(QObject *context,
                                                              std::function<void()> onChange)
{
    return connect(this, &TimelineView::selectionChanged, context, std::move(onChange));
}

bool TimelineView::selectTask(std::uint64_t taskId)
{
    if (!m_capture)
        return false;
    const std::vector<SliceRef> bars = taskLocator().barsOfTask(*m_capture, taskId);
    if (bars.empty())
        return false;
    select(bars.front(), true);
    return true;
}

bool TimelineView::locateFunction(int funcId)
{
    if (!m_capture)
        return false;
    const SliceRef bar = taskLocator().longestOfFunction(*m_capture, funcId);
    if (!bar.isValid())
        return false;
    select(bar, true);
    return true;
}

void TimelineView::centreOn(SliceRef bar)
{
    if (!m_capture || !bar.isValid())
        return;
    const Lane &lane = m_capture->lanes[std::size_t(bar.lane)];
    const Slice &s = lane.slices[bar.slice];
    // A bar the user asked for must become visible: unhide its lane and open its group.
    // Both must run: a hidden lane may also sit in a collapsed group.
    const bool unhidden = m_options.arrangement.hidden.remove(bar.lane);
    const bool opened = m_options.collapsedGroups.remove(
        m_options.arrangement.isPinned(bar.lane) ? pinnedGroupName() : lane.group);
    if (unhidden || opened)
        relayout();
    const double duration = std::max(0.0, s.endUs - s.startUs);
    double span = m_viewport.spanUs();
    if (duration > span * 0.8)
        span = duration / 0.6;
    const double centre = s.startUs + duration / 2;
    commitHistory();
    TimelineViewport vp = m_viewport.withRange({centre - span / 2, centre + span / 2});
    if (const int row = m_layout.rowOfLane(bar.lane); row >= 0) {
        const TimelineRow &r = m_layout.rows()[std::size_t(row)];
        const double top = r.y - vp.scrollYPx;
        if (top < 0 || top + r.height > vp.lanesHeight())
            vp.scrollYPx = r.y + r.height / 2.0 - vp.lanesHeight() / 2.0;
    }
    applyViewport(vp);
    commitHistory();
}

void TimelineView::zoomToSelection()
{
    if (!m_capture || !selection())
        return;
    const Slice &s = m_capture->lanes[std::size_t(selection()->lane)].slices[selection()->slice];
    const double duration = std::max(s.endUs - s.startUs, TimelineViewport::kMinSpanUs * 10);
    const double pad = duration * 0.1;
    jumpTo({s.startUs - pad, s.startUs + duration + pad});
}

ViewBookmark TimelineView::currentView() const
{
    ViewBookmark view;
    view.range = m_viewport.range();
    view.scrollYPx = m_viewport.scrollYPx;
    view.collapsedGroups = QStringList(m_options.collapsedGroups.begin(), m_options.collapsedGroups.end());
    view.collapsedGroups.sort();
    view.laneOrder = m_options.arrangement.order;
    view.pinnedLanes = m_options.arrangement.pinned;
    view.hiddenLanes.assign(m_options.arrangement.hidden.begin(), m_options.arrangement.hidden.end());
    std::sort(view.hiddenLanes.begin(), view.hiddenLanes.end());
    if (m_capture && !m_options.arrangement.groupOrder.isEmpty())
        view.groupOrder = m_options.arrangement.groupsInOrder(*m_capture);
    return view;
}

void TimelineView::showView(const ViewBookmark &view)
{
    if (!m_capture || !view.range.isValid())
        return;
    const int laneCount = int(m_capture->lanes.size());
    const auto ownLane = [laneCount](int lane) { return lane >= 0 && lane < laneCount; };
    LaneArrangement arrangement;
    // An order is all of the capture's lanes or none (LaneArrangement::effectiveOrder).
    if (view.laneOrder.size() == std::size_t(laneCount) &&
        std::all_of(view.laneOrder.begin(), view.laneOrder.end(), ownLane) &&
        QSet<int>(view.laneOrder.begin(), view.laneOrder.end()).size() == laneCount)
        arrangement.order = view.laneOrder;
    for (const int lane : view.pinnedLanes)
        if (ownLane(lane) && !arrangement.isPinned(lane))
            arrangement.pinned.push_back(lane);
    for (const int lane : view.hiddenLanes)
        if (ownLane(lane))
            arrangement.hidden.insert(lane);
    arrangement.groupOrder = view.groupOrder;
    m_options.arrangement = std::move(arrangement);
    m_options.collapsedGroups = QSet<QString>(view.collapsedGroups.begin(), view.collapsedGroups.end());
    if (selection() && m_options.arrangement.hidden.contains(selection()->lane))
        clearSelection();
    if (!selection())
        m_options.highlight = {};
    m_layout = layoutOf(*m_capture, m_options);
    commitHistory();
    TimelineViewport vp = m_viewport.withRange(view.range);
    vp.scrollYPx = view.scrollYPx;
    applyViewport(vp, TimelineViewState::Change::Jump);
    commitHistory();
}

void TimelineView::setLaneArrangement(LaneArrangement arrangement)
{
    m_options.arrangement = std::move(arrangement);
    relayout();
}

void TimelineView::setLanePinned(int lane, bool pinned)
{
    m_options.arrangement.setPinned(lane, pinned);
    relayout();
}

void TimelineView::setLaneHidden(int lane, bool hidden)
{
    if (hidden)
        m_options.arrangement.hidden.insert(lane);
    else
        m_options.arrangement.hidden.remove(lane);
    if (hidden && selection() && selection()->lane == lane)
        clearSelection();
    relayout();
}

void TimelineView::moveLane(int lane, int delta)
{
    if (m_capture && m_options.arrangement.move(*m_capture, lane, delta))
        relayout();
}

void TimelineView::showAllLanes()
{
    m_options.arrangement.hidden.clear();
    relayout();
}

void TimelineView::setGroupCollapsed(const QString &group, bool collapsed)
{
    if (collapsed)
        m_options.collapsedGroups.insert(group);
    else
        m_options.collapsedGroups.remove(group);
    if (!selection())
        m_options.highlight = {};
    relayout();
}

bool TimelineView::moveGroup(const QString &group, int delta)
{
    if (!m_capture || !m_options.arrangement.moveGroup(*m_capture, group, delta))
        return false;
    relayout();
    return true;
}

int TimelineView::rowIndexAt(QPointF pos, TimelineRow::Kind kind) const
{
    if (!m_capture || pos.y() < m_viewport.lanesTop())
        return -1;
    const int rowIndex = m_layout.rowAt(pos.y() - m_viewport.lanesTop() + m_viewport.scrollYPx);
    if (rowIndex < 0)
        return -1;
    const TimelineRow &row = m_layout.rows()[std::size_t(rowIndex)];
    return row.kind == kind ? row.index : -1;
}

int TimelineView::laneAt(QPointF pos) const
{
    return rowIndexAt(pos, TimelineRow::Kind::Lane);
}

QMenu *TimelineView::createLaneMenu(int lane, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    if (m_capture && lane >= 0 && std::size_t(lane) < m_capture->lanes.size()) {
        const bool pinned = m_options.arrangement.isPinned(lane);
        menu->addAction(pinned ? tr("Unpin") : tr("Pin to Top"), this,
                        [this, lane, pinned] { setLanePinned(lane, !pinned); });
        menu->addAction(tr("Hide Lane"), this, [this, lane] { setLaneHidden(lane, true); });
        menu->addSeparator();
        menu->addAction(tr("Move Up"), this, [this, lane] { moveLane(lane, -1); });
        menu->addAction(tr("Move Down"), this, [this, lane] { moveLane(lane, +1); });
        menu->addSeparator();
    }
    QAction *showAll =
        menu->addAction(tr("Show All Lanes (%1 hidden)").arg(m_options.arrangement.hidden.size()), this,
                        &TimelineView::showAllLanes);
    showAll->setEnabled(!m_options.arrangement.hidden.isEmpty());
    return menu;
}

QMenu *TimelineView::createGroupMenu(const QString &group, QWidget *parent)
{
    auto *menu = new QMenu(parent);
    // The pinned lanes stay first: their heading neither moves nor is passed.
    const bool movable = m_capture && group != pinnedGroupName();
    const auto canMove = [&](int delta) {
        LaneArrangement trial = m_options.arrangement;
        return movable && trial.moveGroup(*m_capture, group, delta);
    };
    menu->addAction(tr("Move Group Up"), this, [this, group] { moveGroupByUser(group, -1); })
        ->setEnabled(canMove(-1));
    menu->addAction(tr("Move Group Down"), this, [this, group] { moveGroupByUser(group, +1); })
        ->setEnabled(canMove(+1));
    return menu;
}

int TimelineView::counterAt(QPointF pos) const
{
    return rowIndexAt(pos, TimelineRow::Kind::Counter);
}

QMenu *TimelineView::createCounterMenu(QWidget *parent)
{
    QMenu *menu = createLaneMenu(-1, parent);
    QAction *first = menu->actions().value(0);
    auto *toPeak = new QAction(tr("Scale Counters to Their Peak"), menu);
    toPeak->setObjectName(QStringLiteral("counterScaleToPeak"));
    toPeak->setCheckable(true);
    toPeak->setChecked(m_options.counterScale == CounterScale::Peak);
    toPeak->setToolTip(tr("Off: a ring lane spans its capacity, drawn as a dashed line. On: each lane "
                          "spans its own peak."));
    connect(toPeak, &QAction::toggled, this,
            [this](bool on) { setCounterScale(on ? CounterScale::Peak : CounterScale::Capacity); });
    menu->insertAction(first, toPeak);
    menu->insertSeparator(first);
    return menu;
}

void TimelineView::setCounterScale(CounterScale scale)
{
    if (m_options.counterScale == scale)
        return;
    m_options.counterScale = scale;
    viewport()->update();
    emit counterScaleChanged(scale);
}

void TimelineView::contextMenuEvent(QContextMenuEvent *event)
{
    if (!m_capture || event->pos().x() >= m_viewport.headerWidthPx) {
        event->ignore();
        return;
    }
    const std::optional<QString> heading = headingAt(event->pos());
    QMenu *menu = heading                        ? createGroupMenu(*heading, this)
                  : counterAt(event->pos()) >= 0 ? createCounterMenu(this)
                                                 : createLaneMenu(laneAt(event->pos()), this);
    menu->setAttribute(Qt::WA_DeleteOnClose);
    menu->popup(event->globalPos());
    event->accept();
}

void TimelineView::setMetrics(const TimelineMetrics &metrics)
{
    if (m_options.metrics == metrics)
        return;
    m_options.metrics = metrics;
    relayout();
    viewport()->update();
}

void TimelineView::setCaption(const QString &caption)
{
    m_options.caption = caption;
    viewport()->update();
}

void TimelineView::setLabelMode(BarLabelMode mode)
{
    m_options.labelMode = mode;
    viewport()->update();
}

void TimelineView::setColourMode(BarColourMode mode)
{
    if (m_options.colourMode == mode)
        return;
    m_options.colourMode = mode;
    viewport()->update();
    emit colourModeChanged(mode);
}

void TimelineView::setColourHook(std::shared_ptr<const BarColourHook> hook)
{
    if (m_options.colourHook == hook)
        return;
    m_options.colourHook = std::move(hook);
    viewport()->update();
}

} // namespace lanescope
