#pragma once

#include "widgets/timeline/timelinelayout.h"
#include "widgets/timeline/timelineview.h"

#include <QApplication>
#include <QContextMenuEvent>
#include <QMenu>

namespace lanescope {

// The group headings a view shows, top to bottom.
inline QStringList headings(const TimelineView &view)
{
    QStringList groups;
    for (const TimelineRow &row : view.layout().rows())
        if (row.kind == TimelineRow::Kind::GroupHeading)
            groups << row.group;
    return groups;
}

// The middle of a group's heading in the header column, as the view shows it now (null: none).
inline QPoint headingPoint(const TimelineView &view, const QString &group)
{
    const TimelineViewport &vp = view.timelineViewport();
    for (const TimelineRow &row : view.layout().rows())
        if (row.kind == TimelineRow::Kind::GroupHeading && row.group == group)
            return QPoint(40, int(vp.lanesTop() + row.y - vp.scrollYPx + row.height / 2));
    return {};
}

// Sends the context menu event a right click on the heading brings, and returns the entry `text`
// of the menu it opened (null: none). closeMenus() closes it.
inline QAction *headingMenuAction(TimelineView &view, const QString &group, const QString &text)
{
    const QPoint at = headingPoint(view, group);
    QContextMenuEvent event(QContextMenuEvent::Mouse, at, view.viewport()->mapToGlobal(at));
    QApplication::sendEvent(view.viewport(), &event);
    for (QMenu *menu : view.findChildren<QMenu *>())
        if (menu->isVisible())
            for (QAction *action : menu->actions())
                if (action->text() == text)
                    return action;
    return nullptr;
}

inline void closeMenus(TimelineView &view)
{
    for (QMenu *menu : view.findChildren<QMenu *>())
        menu->close();
}

} // namespace lanescope
