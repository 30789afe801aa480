#include "widgets/overlays/criticalpathhighlight.h"

#include "widgets/overlays/criticalpathoverlay.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineview.h"

#include <QHelpEvent>
#include <QToolTip>

namespace lanescope {

CriticalPathHighlight::CriticalPathHighlight(QObject *parent)
    : QObject(parent), m_overlay(std::make_shared<CriticalPathOverlay>())
{
}

CriticalPathHighlight::CriticalPathHighlight(ActiveCapture &active, QObject *parent)
    : CriticalPathHighlight(parent)
{
    const auto follow = [this, &active] { setView(active.view(), active.analysis()); };
    connect(&active, &ActiveCapture::changed, this, follow);
    follow();
}

CriticalPathHighlight::~CriticalPathHighlight()
{
    detach();
}

bool CriticalPathHighlight::isAvailable() const
{
    return m_view && m_analysis && m_analysis->report.observedPath && m_view->capture();
}

void CriticalPathHighlight::setView(TimelineView *view, CaptureAnalysisPtr analysis)
{
    if (view == m_view && analysis == m_analysis)
        return;
    detach();
    m_view = view;
    m_analysis = std::move(analysis);
    attach();
    emit availabilityChanged(isAvailable());
}

void CriticalPathHighlight::setShown(bool shown)
{
    if (shown == m_shown)
        return;
    m_shown = shown;
    if (shown)
        attach();
    else
        detach();
}

std::shared_ptr<const CriticalPathOverlay> CriticalPathHighlight::overlay() const
{
    return m_attached ? m_overlay : nullptr;
}

void CriticalPathHighlight::attach()
{
    if (m_attached || !m_shown || !isAvailable())
        return;
    m_overlay->setPath(*m_view->capture(), m_view->taskLocator(), *m_analysis->report.observedPath);
    m_overlay->setColourMode(m_view->colourMode());
    m_overlay->setLabelMode(m_view->labelMode());
    m_view->viewport()->installEventFilter(this);
    m_view->addOverlay(m_overlay);
    m_attached = true;
}

void CriticalPathHighlight::detach()
{
    if (!m_attached)
        return;
    m_attached = false;
    if (m_view) {
        m_view->viewport()->removeEventFilter(this);
        m_view->removeOverlay(m_overlay);
    }
    m_overlay->clear();
}

bool CriticalPathHighlight::eventFilter(QObject *watched, QEvent *event)
{
    // Bars are redrawn the way the view draws them: take its modes before every frame.
    if (m_attached && m_view && watched == m_view->viewport() && event->type() == QEvent::Paint) {
        m_overlay->setColourMode(m_view->colourMode());
        m_overlay->setLabelMode(m_view->labelMode());
    }
    if (m_attached && m_view && watched == m_view->viewport() && event->type() == QEvent::ToolTip) {
        const auto *help = static_cast<QHelpEvent *>(event);
        if (const auto gap = m_overlay->gapAt(help->pos(), m_view->timelineViewport(), m_view->layout())) {
            QToolTip::showText(help->globalPos(), m_overlay->describeGap(*gap), m_view->viewport());
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}

} // namespace lanescope
