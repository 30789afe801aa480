#pragma once

#include "model/capture/capture.h"
#include "model/index/sliceref.h"
#include "widgets/timeline/timeviewport.h"

#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

namespace lanescope {

class TaskLocator;
class TimelineAnnotations;
class TimelineOverlay;

// What a panel may do with a timeline: read and change the selected bar and the visible range,
// reach the bars of a task, draw overlays and edit the annotations. Panels hold this instead of
// the timeline widget, so they neither depend on how the timeline paints and lays out nor can
// they reach into it; TimelineView implements it.
class TimelineNavigator
{
public:
    virtual ~TimelineNavigator() = default;

    virtual const CapturePtr &capture() const = 0;

    virtual std::optional<SliceRef> selection() const = 0;
    // `centre` scrolls the bar into view.
    virtual void select(SliceRef bar, bool centre = false) = 0;
    // Selects and centres the first AICore bar of a task; false when the task has none.
    virtual bool selectTask(std::uint64_t taskId) = 0;
    // Selects and centres the longest AICore bar of a function.
    virtual bool locateFunction(int funcId) = 0;
    virtual void centreOn(SliceRef bar) = 0;
    virtual const TaskLocator &taskLocator() const = 0;
    // Calls `onChange` (in `context`'s thread, until `context` goes) whenever the selection changes.
    virtual QMetaObject::Connection connectSelectionChanged(QObject *context,
                                                            std::function<void()> onChange) = 0;

    virtual TimeRange visibleRange() const = 0;
    virtual void setVisibleRange(TimeRange range) = 0;
    // Shows `range` with a margin on both sides.
    virtual void showRange(TimeRange range) = 0;
    // Centres a time, keeping the zoom.
    virtual void centreOnTime(double us) = 0;

    // Overlays drawn over the bars, shared with pictures of this timeline.
    virtual void addOverlay(std::shared_ptr<const TimelineOverlay> overlay) = 0;
    virtual void removeOverlay(const std::shared_ptr<const TimelineOverlay> &overlay) = 0;
    // An overlay changed its own state: draw again.
    virtual void refreshOverlays() = 0;

    // The measured region, markers and kept regions, with their undo stack.
    virtual TimelineAnnotations *annotations() const = 0;
};

// A navigator that reads as null once the object implementing it is destroyed, as QPointer does
// for a widget: panels outlive the tabs they are shown for.
class NavigatorPointer
{
public:
    NavigatorPointer() = default;
    NavigatorPointer(TimelineNavigator *navigator)
        : m_navigator(navigator), m_object(dynamic_cast<QObject *>(navigator))
    {
    }

    TimelineNavigator *get() const { return m_object ? m_navigator : nullptr; }
    // The object behind the navigator (the timeline widget), for focus and lifetime only.
    QObject *object() const { return m_object.data(); }
    TimelineNavigator *operator->() const { return get(); }
    explicit operator bool() const { return get() != nullptr; }
    friend bool operator==(const NavigatorPointer &p, const TimelineNavigator *n) { return p.get() == n; }

private:
    TimelineNavigator *m_navigator = nullptr;
    QPointer<QObject> m_object;
};

} // namespace lanescope
