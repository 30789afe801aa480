#pragma once

#include "widgets/overlays/dependencyarrowsoverlay.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QObject>
#include <QPointer>
#include <map>
#include <memory>

namespace lanescope {

class DependencyArrowsControls;
class HbViolationList;
class ActiveCapture;

// Keeps the dependency arrows of the attached timeline in step with its selection and with the
// toolbar controls, and fills the hb_violation list. Each timeline gets its own overlay (built
// once per capture) that stays on it while another tab is in front. Clicking a list entry selects
// its consumer; the list then keeps showing the cone it was built for, so one can walk through it.
class DependencyArrows : public QObject
{
    Q_OBJECT

public:
    DependencyArrows(DependencyArrowsControls *controls, HbViolationList *list, QObject *parent = nullptr);
    // Follows the timeline of the capture tab in front.
    DependencyArrows(ActiveCapture &active, DependencyArrowsControls *controls, HbViolationList *list,
                     QObject *parent = nullptr);

    void setView(TimelineNavigator *view);
    TimelineNavigator *view() const { return m_view.get(); }
    // The overlay of the attached timeline (null without one).
    std::shared_ptr<DependencyArrowsOverlay> overlay() const;

    // Selects the consumer of a listed violation on the attached timeline.
    void activateConsumer(quint64 taskId);

private:
    void update();
    void updateList();

    DependencyArrowsControls *m_controls = nullptr;
    HbViolationList *m_list = nullptr;
    NavigatorPointer m_view;
    std::map<TimelineNavigator *, std::shared_ptr<DependencyArrowsOverlay>> m_overlays;
    QList<QMetaObject::Connection> m_connections;
    bool m_keepList = false; // a selection made from the list: leave the list as it is
};

} // namespace lanescope
