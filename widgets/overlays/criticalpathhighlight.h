#pragma once

#include "model/techniques/captureanalysis.h"

#include <QObject>
#include <QPointer>
#include <memory>

namespace lanescope {

class CriticalPathOverlay;
class ActiveCapture;
class TimelineView;

// Shows the observed critical path (spec §12.4) of one timeline at a time: the current tab's
// timeline and its analysis, and it adds or removes a CriticalPathOverlay there. Hovering one of
// the path's gaps shows what it is. It takes the timeline widget rather than a navigator: it
// repaints with the view's bar modes and hit-tests gaps against the view's geometry.
class CriticalPathHighlight : public QObject
{
    Q_OBJECT

public:
    explicit CriticalPathHighlight(QObject *parent = nullptr);
    // Follows the timeline of the capture tab in front and its analysis.
    explicit CriticalPathHighlight(ActiveCapture &active, QObject *parent = nullptr);
    ~CriticalPathHighlight() override;

    // A null view or an analysis without an observed path: nothing to show.
    void setView(TimelineView *view, CaptureAnalysisPtr analysis);
    TimelineView *view() const { return m_view; }
    // The path of the current view can be shown.
    bool isAvailable() const;

    void setShown(bool shown);

    // The overlay while it is on a timeline, else null.
    std::shared_ptr<const CriticalPathOverlay> overlay() const;

signals:
    void availabilityChanged(bool available);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void attach();
    void detach();

    QPointer<TimelineView> m_view;
    CaptureAnalysisPtr m_analysis;
    std::shared_ptr<CriticalPathOverlay> m_overlay;
    bool m_attached = false;
    bool m_shown = false;
};

} // namespace lanescope
