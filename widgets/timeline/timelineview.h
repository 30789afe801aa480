#pragma once

#include "model/capture/capture.h"
#include "model/index/captureindex.h"
#include "model/index/sliceref.h"
#include "model/index/tasklocator.h"
#include "model/session/viewbookmarks.h"
#include "widgets/render/timelinepainter.h"
#include "widgets/timeline/grouppreference.h"
#include "widgets/timeline/timelineannotations.h"
#include "widgets/timeline/timelinenavigator.h"
#include "widgets/timeline/timelineviewstate.h"
#include "widgets/timeline/timeviewport.h"
#include "widgets/timeline/viewhistory.h"

#include <QAbstractScrollArea>
#include <QPoint>
#include <QPointer>
#include <optional>

class QLineEdit;
class QMenu;
class QTimer;

namespace lanescope {

class MarkerNameEditor;
class MarkerOverlay;
class MeasurementOverlay;

// The interactive timeline of one capture. Wheel zooms about the cursor (Shift+wheel scrolls the
// lanes, a horizontal wheel pans), dragging pans time and lanes, a click on a group heading folds
// it; a click on a bar selects it (Esc clears), and the other blocks of an SPMD task are outlined
// with it. Keys: 0 / Home fit all, + / - zoom, W / S zoom in / out, A / D and Left / Right pan,
// Up / Down scroll the lanes, F zooms to the selection, Alt+Left / Alt+Right go back / forward
// through the visible ranges. The lane header has a context menu (pin, hide, move) and lanes can
// be dragged by their header within their group; a group heading has one too (move the group up or
// down), and a heading dropped on another one takes its place. Hovering a bar shows its label and
// timing.
//
// Measuring: a plain drag on the plot keeps panning (the most frequent gesture), so a time region
// is selected by dragging on the time ruler, or by Shift+drag anywhere on the plot. The region's
// edges snap to bar edges (and so to the edges of gaps) within a few pixels; holding Ctrl while
// dragging turns snapping off. A click on the ruler (no drag) drops a timestamped marker, unless
// it is on a marker's flag already. The region and the markers live in annotations() with an undo
// stack; Esc clears the region and the selected bar. Both are drawn by overlays, so pictures
// exported with paintOptions() show them.
//
// Editing them: near an edge of the measured region (ruler or plot) the cursor turns into a
// sizing one, and a drag moves that edge alone, snapping as measuring does; the region is set once,
// on release, and Esc during the drag puts it back. A double-click on a marker's flag renames it in
// place (editMarkerName()).
class TimelineView : public QAbstractScrollArea, public TimelineNavigator
{
    Q_OBJECT

public:
    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    // `index` is the run's shared bar index (CaptureDocument::indexOf); without one, or with one
    // of another capture, the view builds its own.
    void setCapture(CapturePtr capture, CaptureIndexPtr index = {});
    const CaptureIndexPtr &captureIndex() const { return m_index; }
    const CapturePtr &capture() const override { return m_capture; }

    TimeRange visibleRange() const override { return m_viewport.range(); }
    void setVisibleRange(TimeRange range) override;
    // The whole capture with a small margin, or the bounds set by setTimeBounds().
    TimeRange fullRange() const;
    // The capture's bars on the device clock, without margin (empty range without a capture).
    TimeRange captureExtent() const;
    // Widens (or narrows) what the view may show, e.g. to share one time axis with a longer
    // capture; an invalid range restores the capture's own extent.
    void setTimeBounds(TimeRange bounds);
    // Shows `range` the way continuous input does (it settles into one history entry): for a view
    // that follows another one.
    void followRange(TimeRange range);
    // Width of the lane header column the capture's names want, and a fixed width instead of it
    // (0 = the capture's own), so views stacked above each other share one plot width.
    int preferredHeaderWidth() const;
    void setHeaderWidth(int px);
    void fitAll();
    // Zoom by `factor` (> 1 zooms in) about a viewport x (the plot centre when absent).
    void zoomBy(double factor, std::optional<double> aboutX = std::nullopt);
    void panByPixels(double dx);

    // Geometry and mapping as currently shown, for tests and overlays (viewport coordinates).
    const TimelineViewport &timelineViewport() const { return m_viewport; }
    double timeAtX(double x) const { return m_viewport.timeAt(x); }
    const TimelinePaintStats &lastPaintStats() const { return m_painter.stats(); }
    const TimelinePaintOptions &paintOptions() const { return m_options; }

    // The bar under a viewport position: (lane index, slice index), if any.
    std::optional<SliceRef> sliceAt(QPointF pos);
    // Tooltip text for a bar: label, then start, end and duration, and a task's timing and ids.
    QString describeSlice(SliceRef bar) const;

    // Selection. `centre` scrolls the bar into view (zooming out when it is wider than the view).
    std::optional<SliceRef> selection() const override;
    void select(SliceRef bar, bool centre = false) override;
    void clearSelection();
    // Selects and centres the first AICore bar of a task; false when the task has none.
    bool selectTask(std::uint64_t taskId) override;
    // Selects and centres the longest AICore bar of a function.
    bool locateFunction(int funcId) override;
    void centreOn(SliceRef bar) override;
    void zoomToSelection();
    const TaskLocator &taskLocator() const override;
    QMetaObject::Connection connectSelectionChanged(QObject *context,
                                                    std::function<void()> onChange) override;

    // History of committed ranges. Continuous input (wheel, drag, keys held) settles into one
    // entry; jumps (fit, search, zoom to selection) commit at once.
    void goBack();
    void goForward();
    bool canGoBack() const;
    bool canGoForward() const;
    const ViewHistory &history() const;
    // Commits a range still settling (tests and actions that must not wait for the timer).
    void commitHistory();

    // Where the view is: range, history and selection live in a TimelineViewState. Each view has
    // its own until given one to share: setViewState() shares all three (views of one capture),
    // setRangeState() only the range and its history, the view's time being the state's plus
    // `shiftUs` (timelines of different captures on one axis). nullptr returns to the view's own.
    void setViewState(TimelineViewState *state);
    void setRangeState(TimelineViewState *state, double shiftUs = 0);
    TimelineViewState *viewState() const { return m_state; }

    // The view as a bookmark keeps it (visible range, vertical scroll, folded groups, lane
    // arrangement), and back. Showing one is a jump: Back returns to the view before it. Lanes the
    // capture does not have are left out; the range and the scroll are kept inside what it shows.
    ViewBookmark currentView() const;
    void showView(const ViewBookmark &view);

    // Lanes.
    const TimelineLayout &layout() const { return m_layout; }
    const LaneArrangement &laneArrangement() const { return m_options.arrangement; }
    void setLaneArrangement(LaneArrangement arrangement);
    void setLanePinned(int lane, bool pinned);
    void setLaneHidden(int lane, bool hidden);
    void moveLane(int lane, int delta);
    void showAllLanes();
    void setGroupCollapsed(const QString &group, bool collapsed);
    // Moves a group one place up (delta < 0) or down among the headings (LaneArrangement::moveGroup).
    bool moveGroup(const QString &group, int delta);
    // How the user likes groups laid out: each capture set later opens with it (the folding it
    // remembers over initiallyCollapsedGroups, its group order). Changing it leaves the rows as they are.
    void setGroupPreference(GroupPreference preference) { m_groupPreference = std::move(preference); }
    const GroupPreference &groupPreference() const { return m_groupPreference; }
    // The lane under a viewport position in the header column or the plot, or -1.
    int laneAt(QPointF pos) const;
    // The header's context menu for a lane (caller owns it).
    QMenu *createLaneMenu(int lane, QWidget *parent);
    // A group heading's context menu (caller owns it).
    QMenu *createGroupMenu(const QString &group, QWidget *parent);
    // The counter track under a viewport position in the header column or the plot, or -1.
    int counterAt(QPointF pos) const;
    // A counter's header context menu (caller owns it): how counter lanes are scaled, then the
    // lane menu's "Show All Lanes".
    QMenu *createCounterMenu(QWidget *parent);

    // What the height of a counter lane with a capacity stands for: the capacity (the default) or
    // the track's own peak. One choice for every counter lane of the view.
    CounterScale counterScale() const { return m_options.counterScale; }
    void setCounterScale(CounterScale scale);

    // Row heights: a comparison's twin timelines are denser than a capture tab's.
    void setMetrics(const TimelineMetrics &metrics);
    // A name in the ruler's corner (see TimelinePaintOptions::caption).
    void setCaption(const QString &caption);
    const QString &caption() const { return m_options.caption; }

    // Bar appearance.
    BarLabelMode labelMode() const { return m_options.labelMode; }
    BarColourMode colourMode() const { return m_options.colourMode; }
    void setLabelMode(BarLabelMode mode);
    void setColourMode(BarColourMode mode);
    // Colours every bar instead of the colour mode (the Diff view's colouring); null restores it.
    void setColourHook(std::shared_ptr<const BarColourHook> hook);
    const std::shared_ptr<const BarColourHook> &colourHook() const { return m_options.colourHook; }

    // Overlays drawn over the bars (see TimelineOverlay), in the order added. The view shares
    // them with whoever else draws this timeline (export), and repaints when one is added or
    // removed; an overlay that changes its own state calls refreshOverlays().
    void addOverlay(std::shared_ptr<const TimelineOverlay> overlay) override;
    void removeOverlay(const std::shared_ptr<const TimelineOverlay> &overlay) override;
    void refreshOverlays() override;

    // Measured region, markers and kept regions of this timeline (cleared when the capture changes).
    TimelineAnnotations *annotations() const override { return m_annotations; }
    std::optional<TimeRange> measuredRegion() const { return m_annotations->region(); }
    // The region shown while a measuring drag is under way (equals measuredRegion() otherwise).
    std::optional<TimeRange> shownRegion() const;
    // Within this distance of a bar edge, a dragged region edge lands on it.
    static constexpr double kSnapTolerancePx = 6;
    // Within this distance of a measured region's edge, a drag moves that edge.
    static constexpr double kEdgeGrabPx = 4;

    // The marker whose flag (or line across the ruler) is under a viewport position, or 0.
    int markerAt(QPointF pos) const;
    // Opens the in-place editor over a marker's flag, its name selected; Enter or leaving it
    // renames the marker (undoably, an empty name shows the time again), Esc leaves it as it was.
    void editMarkerName(int markerId);
    // The open in-place editor, or null.
    QLineEdit *markerNameEditor() const;
    // Shows `range` with a margin on both sides; centres a time keeping the current zoom.
    void showRange(TimeRange range) override;
    void centreOnTime(double us) override;

signals:
    void visibleRangeChanged(double startUs, double endUs);
    void selectionChanged();
    void historyChanged();
    void colourModeChanged(BarColourMode mode);
    void counterScaleChanged(CounterScale scale);
    // `/` pressed: the window's search box should take the focus.
    void searchRequested();
    // The user folded or unfolded a group by its heading (not emitted for the pinned lanes' heading).
    void groupFoldedByUser(const QString &group, bool folded);
    // The user moved a group: the capture's groups in their new order.
    void groupsReorderedByUser(const QStringList &groups);

protected:
    void paintEvent(QPaintEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void contextMenuEvent(QContextMenuEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseDoubleClickEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    // The Capture::lanes or Capture::counters index of the row of `kind` at a viewport point; -1
    // elsewhere.
    int rowIndexAt(QPointF pos, TimelineRow::Kind kind) const;
    void applyViewport(TimelineViewport vp,
                       TimelineViewState::Change change = TimelineViewState::Change::Settling);
    // Shows the state's range (in the state's time), clamped to what this view may show.
    void followState(TimeRange range);
    TimeRange toState(TimeRange own) const;
    void updateGeometryFromWidget();
    void updateScrollBar();
    // The group whose heading is under a viewport position, if any.
    std::optional<QString> headingAt(QPointF pos) const;
    void toggleGroupByUser(const QString &group);
    void moveGroupByUser(const QString &group, int delta);
    void updateHover(QPointF pos);
    void relayout();
    void jumpTo(TimeRange range);
    void updateSelectionOptions();
    void syncAnnotationOverlays();
    TimeRange measuredFromDrag(double xPx, Qt::KeyboardModifiers modifiers);
    // When `pos` is on an edge of the measured region: the time of the other edge, which stays
    // while this one is dragged.
    std::optional<double> edgeKeptByGrabAt(QPointF pos) const;
    // The sizing cursor while the mouse hovers a region edge it could drag.
    void updateEdgeCursor(QPointF pos, Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers);
    // The same where the mouse last was, once the region or the range moved under it.
    void refreshEdgeCursor();
    // Ends a measuring or edge drag without changing the region (Esc).
    void cancelMeasuring();
    void placeMarkerNameEditor();
    void finishMarkerNameEdit(int markerId, const QString &text, bool keep);

    CapturePtr m_capture;
    CaptureIndexPtr m_index;           // null exactly when m_capture is
    mutable TimelinePainter m_painter; // owns the per-capture index, a cache built on first use
    int m_preferredHeaderWidthPx = kTimelineHeaderWidthPx;
    int m_fixedHeaderWidthPx = 0; // setHeaderWidth(); 0 = m_preferredHeaderWidthPx
    TimeRange m_timeBounds;       // setTimeBounds(); invalid = the capture's extent
    TimelinePaintOptions m_options;
    TimelineViewport m_viewport;
    TimelineLayout m_layout;
    bool m_dragging = false;
    bool m_dragMoved = false;
    QPointF m_dragLast;
    int m_draggedLane = -1;                  // lane whose header is being dragged
    std::optional<QString> m_pressedHeading; // group whose heading was pressed (fold or drag)
    GroupPreference m_groupPreference;
    TimelineViewState *m_ownState = nullptr;       // the view's own state, a child
    TimelineViewState *m_state = nullptr;          // range and history: own or shared
    TimelineViewState *m_selectionState = nullptr; // selection: own or shared
    double m_stateShiftUs = 0;                     // this view's time minus the state's
    bool m_writingState = false;                   // the state's range is this view's own change
    QList<QMetaObject::Connection> m_rangeConnections;
    QList<QMetaObject::Connection> m_selectionConnections;
    // Measuring drag (ruler drag or Shift+drag): where it started, and whether it began on the ruler.
    // An edge drag is one too, from the edge that stays.
    bool m_measuring = false;
    bool m_measureOnRuler = false;
    bool m_movingEdge = false;           // the drag moves an edge of the region: only that edge snaps
    bool m_edgeCursor = false;           // the hover shows the sizing cursor over a region edge
    std::optional<QPointF> m_pointerPos; // where the mouse last moved over the viewport
    double m_measureFromUs = 0;
    TimelineAnnotations *m_annotations = nullptr;
    std::shared_ptr<MeasurementOverlay> m_measurementOverlay;
    std::shared_ptr<MarkerOverlay> m_markerOverlay;
    QPointer<MarkerNameEditor> m_markerEditor;
};

} // namespace lanescope
