#pragma once

#include "model/capture/capture.h"
#include "timelinepainter.h"
#include "timeviewport.h"

#include <QAbstractScrollArea>
#include <QPoint>
#include <optional>

namespace lanescope {

// The interactive timeline of one capture. Wheel zooms about the cursor (Shift+wheel scrolls the
// lanes, a horizontal wheel pans), dragging pans time and lanes, a click on a group heading folds
// it. Keys: 0 / Home fit all, + / - zoom, W / S zoom in / out, A / D and Left / Right pan,
// Up / Down scroll the lanes. Hovering a bar shows its label, start, end and duration.
class TimelineView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit TimelineView(QWidget *parent = nullptr);
    ~TimelineView() override;

    void setCapture(CapturePtr capture);
    const CapturePtr &capture() const { return m_capture; }

    TimeRange visibleRange() const { return m_viewport.range(); }
    void setVisibleRange(TimeRange range);
    // The whole capture with a small margin.
    TimeRange fullRange() const;
    void fitAll();
    // Zoom by `factor` (> 1 zooms in) about a viewport x (the plot centre when absent).
    void zoomBy(double factor, std::optional<double> aboutX = std::nullopt);
    void panByPixels(double dx);

    // Geometry and mapping as currently shown, for tests and overlays (viewport coordinates).
    const TimelineViewport &timelineViewport() const { return m_viewport; }
    double timeAtX(double x) const { return m_viewport.timeAt(x); }
    const TimelinePaintStats &lastPaintStats() const { return m_painter.stats(); }

    // The bar under a viewport position: (lane index, slice index), if any.
    std::optional<std::pair<int, std::size_t>> sliceAt(QPointF pos);
    // Tooltip text for a bar: label, then start, end and duration.
    QString describeSlice(int lane, std::size_t slice) const;

signals:
    void visibleRangeChanged(double startUs, double endUs);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    bool viewportEvent(QEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;

private:
    void applyViewport(TimelineViewport vp);
    void updateGeometryFromWidget();
    void updateScrollBar();
    void toggleGroupAt(QPointF pos);
    void updateHover(QPointF pos);

    CapturePtr m_capture;
    mutable TimelinePainter m_painter;  // owns the per-capture index, a cache built on first use
    int m_preferredHeaderWidthPx = kTimelineHeaderWidthPx;
    TimelinePaintOptions m_options;
    TimelineViewport m_viewport;
    TimelineLayout m_layout;
    bool m_dragging = false;
    QPointF m_dragLast;
};

} // namespace lanescope
