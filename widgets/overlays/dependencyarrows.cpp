#include "widgets/overlays/dependencyarrows.h"

#include "model/capture/labels.h"
#include "model/index/tasklocator.h"
#include "model/session/capturefacts.h"
#include "widgets/overlays/dependencyarrowscontrols.h"
#include "widgets/panels/hbviolationlist.h"
#include "widgets/timeline/activecapture.h"
#include "widgets/timeline/timelineannotations.h"

namespace lanescope {

DependencyArrows::DependencyArrows(DependencyArrowsControls *controls, HbViolationList *list, QObject *parent)
    : QObject(parent), m_controls(controls), m_list(list)
{
    connect(m_controls, &DependencyArrowsControls::depthChanged, this, &DependencyArrows::update);
    connect(m_controls, &DependencyArrowsControls::allInViewChanged, this, &DependencyArrows::update);
    if (m_list) {
        connect(m_list, &HbViolationList::scopeChanged, this, &DependencyArrows::updateList);
        connect(m_list, &HbViolationList::consumerActivated, this, &DependencyArrows::activateConsumer);
    }
}

DependencyArrows::DependencyArrows(ActiveCapture &active, DependencyArrowsControls *controls,
                                   HbViolationList *list, QObject *parent)
    : DependencyArrows(controls, list, parent)
{
    connect(&active, &ActiveCapture::changed, this, [this, &active] { setView(active.navigator()); });
    setView(active.navigator());
}

void DependencyArrows::setView(TimelineNavigator *view)
{
    for (const QMetaObject::Connection &c : std::as_const(m_connections))
        disconnect(c);
    m_connections.clear();
    m_view = view;
    if (view) {
        m_connections << view->connectSelectionChanged(this, [this] { update(); });
        m_connections << connect(m_view.object(), &QObject::destroyed, this,
                                 [this, view] { m_overlays.erase(view); });
    }
    update();
}

std::shared_ptr<DependencyArrowsOverlay> DependencyArrows::overlay() const
{
    const auto it = m_overlays.find(m_view.get());
    return it == m_overlays.end() ? nullptr : it->second;
}

void DependencyArrows::update()
{
    if (!m_view || !m_view->capture()) {
        if (m_list)
            m_list->showMessage(tr("No capture."));
        return;
    }
    auto &overlay = m_overlays[m_view.get()];
    if (overlay && overlay->capture() != m_view->capture()) {
        m_view->removeOverlay(overlay);
        overlay.reset();
    }
    if (!overlay) {
        overlay = std::make_shared<DependencyArrowsOverlay>(m_view->capture());
        m_view->addOverlay(overlay);
    }
    const Capture &capture = *m_view->capture();
    std::vector<DependencyEdge> cone;
    if (const auto bar = m_view->selection()) {
        if (const auto task = taskIdOfSlice(capture, bar->lane, bar->slice))
            cone = dependencyCone(capture.deps, *task, m_controls->depth());
    }
    overlay->setCone(std::move(cone));
    overlay->setShowAllInView(m_controls->allInView());
    m_view->refreshOverlays();
    if (m_keepList)
        m_keepList = false;
    else
        updateList();
}

void DependencyArrows::updateList()
{
    if (!m_list)
        return;
    const auto current = overlay();
    if (!m_view || !current) {
        m_list->showMessage(tr("No capture."));
        return;
    }
    const Capture &capture = *current->capture();
    if (capture.deps.empty()) {
        m_list->showMessage(tr("No deps.json: dependencies are unknown."));
        return;
    }
    // The document tested every edge once; a capture built another way is tested here, each time.
    const HbViolationIndex *found = capture.facts ? &capture.facts->hbViolations : nullptr;
    if (m_list->scope() == HbViolationList::Scope::WholeCapture) {
        if (found)
            m_list->setViolations(&capture, found->all(), tr("whole capture"));
        else
            m_list->setViolations(&capture,
                                  hbViolations(capture, current->anchors(), allDependencyEdges(capture.deps)),
                                  tr("whole capture"));
        return;
    }
    const auto bar = m_view->selection();
    const auto task = bar ? taskIdOfSlice(capture, bar->lane, bar->slice) : std::nullopt;
    if (!task) {
        m_list->showMessage(tr("Select a task to list the violations of its cone."));
        return;
    }
    const std::vector<DependencyEdge> cone = dependencyCone(capture.deps, *task, kFullDependencyCone);
    m_list->setViolations(&capture,
                          found ? found->among(cone) : hbViolations(capture, current->anchors(), cone),
                          tr("full cone of %1").arg(taskDisplayId(*task, capture.info.taskIdFormat)));
}

void DependencyArrows::activateConsumer(quint64 taskId)
{
    const auto current = overlay();
    if (!m_view || !current)
        return;
    m_keepList = true;
    const TimelineNavigator *before = m_view.get();
    const auto selected = m_view->selection();
    bool done = m_view->selectTask(taskId);
    if (!done) {
        // Dummy and alloc consumers have no AICore bar: select their marker.
        const std::int64_t node = current->capture()->deps.indexOf(taskId);
        if (node >= 0) {
            const auto anchors =
                current->anchors().anchors(*current->capture(), std::uint32_t(node), DependencyView::Worker);
            if (!anchors.empty()) {
                m_view->select(SliceRef{anchors.front().lane, anchors.front().slice}, true);
                done = true;
            }
        }
    }
    // No selection change happened: nothing will clear the flag.
    if (!done || (m_view == before && m_view->selection() == selected))
        m_keepList = false;
}

} // namespace lanescope
