#pragma once

#include "model/capture/capture.h"
#include "model/techniques/captureanalysis.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QObject>
#include <QPointer>
#include <QString>

namespace lanescope {

class TimelineView;

// What the window shows in front: the timeline of the run on screen (as a navigator), that run,
// its analysis (null while it is computed) and the name it goes by. The docks follow this one
// object instead of being pointed at each tab by the window; the window only says when the tab in
// front, its run or its analysis changes. A comparison tab puts the side its switch names here
// (Before or After): the docks then describe that side and their tools act on its timeline, so a
// comparison never leaves them empty.
class ActiveCapture : public QObject
{
    Q_OBJECT

public:
    explicit ActiveCapture(QObject *parent = nullptr);

    // The run on screen in a capture tab.
    void showCapture(TimelineView *view, CapturePtr capture, CaptureAnalysisPtr analysis,
                     const QString &name);
    // One side of a comparison tab.
    void showComparison(TimelineView *sideView, CapturePtr capture, CaptureAnalysisPtr analysis,
                        const QString &name);
    // Nothing in front: no tab, or one still loading or that failed.
    void clear();

    TimelineNavigator *navigator() const;
    // The timeline widget itself, for the few users that paint or export it.
    TimelineView *view() const;
    const CapturePtr &capture() const { return m_capture; }
    const CaptureAnalysisPtr &analysis() const { return m_analysis; }
    const QString &name() const { return m_name; }
    bool isComparison() const { return m_comparison; }

signals:
    // Any of the above changed (also when only the analysis did).
    void changed();
    // The analysis changed: it arrived, or the capture in front has another (or none).
    void analysisChanged();

private:
    void set(TimelineView *view, CapturePtr capture, CaptureAnalysisPtr analysis, const QString &name,
             bool comparison);

    // The view is compared as a plain pointer and reached only while m_viewObject lives: clear()
    // runs from the view's destroyed(), when it is no longer a TimelineView to cast to.
    TimelineView *m_view = nullptr;
    QPointer<QObject> m_viewObject;
    QMetaObject::Connection m_viewGone;
    CapturePtr m_capture;
    CaptureAnalysisPtr m_analysis;
    QString m_name;
    bool m_comparison = false;
};

} // namespace lanescope
