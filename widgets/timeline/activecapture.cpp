#include "widgets/timeline/activecapture.h"

#include "widgets/timeline/timelineview.h"

namespace lanescope {

ActiveCapture::ActiveCapture(QObject *parent) : QObject(parent) {}

void ActiveCapture::showCapture(TimelineView *view, CapturePtr capture, CaptureAnalysisPtr analysis,
                                const QString &name)
{
    set(view, std::move(capture), std::move(analysis), name, false);
}

void ActiveCapture::showComparison(TimelineView *sideView, CapturePtr capture, CaptureAnalysisPtr analysis,
                                   const QString &name)
{
    set(sideView, std::move(capture), std::move(analysis), name, true);
}

void ActiveCapture::clear()
{
    set(nullptr, nullptr, nullptr, {}, false);
}

TimelineNavigator *ActiveCapture::navigator() const
{
    return view();
}

TimelineView *ActiveCapture::view() const
{
    return m_viewObject ? m_view : nullptr;
}

void ActiveCapture::set(TimelineView *view, CapturePtr capture, CaptureAnalysisPtr analysis,
                        const QString &name, bool comparison)
{
    if (view == m_view && capture == m_capture && analysis == m_analysis && name == m_name &&
        comparison == m_comparison)
        return;
    const bool analysisChanges = analysis != m_analysis;
    if (view != m_view) {
        disconnect(m_viewGone);
        // A timeline closed with its tab takes everything read from it along: nobody may keep
        // acting on it, even before the window hears of the tab in front.
        if (view)
            m_viewGone = connect(view, &QObject::destroyed, this, &ActiveCapture::clear);
    }
    m_view = view;
    m_viewObject = view;
    m_capture = std::move(capture);
    m_analysis = std::move(analysis);
    m_name = name;
    m_comparison = comparison;
    if (analysisChanges)
        emit analysisChanged();
    emit changed();
}

} // namespace lanescope
