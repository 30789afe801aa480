#pragma once

#include "widgets/timeline/timelinenavigator.h"
#include <QPointer>
#include <QWidget>

class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace lanescope {

class ActiveCapture;

// The markers and kept regions of a timeline, in two groups. Activating an entry (double-click or
// Enter) jumps to it — a marker is centred, a kept region becomes the measured region and fills
// the view; names are edited in place (F2 or Rename); Delete removes the selected entry. "Keep
// Region" adds the measured region to the list. Every change goes through the timeline's undo stack.
class AnnotationList : public QWidget
{
    Q_OBJECT

public:
    enum class Kind { Marker, Region };
    static constexpr int KindRole = Qt::UserRole + 1;
    static constexpr int IdRole = Qt::UserRole + 2;
    // The time an entry sorts by in the time column: a marker's moment, a region's start.
    static constexpr int TimeRole = Qt::UserRole + 3;

    explicit AnnotationList(QWidget *parent = nullptr);
    // Lists the annotations of the timeline of the capture tab in front.
    explicit AnnotationList(ActiveCapture &active, QWidget *parent = nullptr);

    void setTimeline(TimelineNavigator *timeline);
    QTreeWidget *tree() const { return m_tree; }
    // The entry of a marker or kept region, or nullptr.
    QTreeWidgetItem *itemFor(Kind kind, int id) const;

    void jumpTo(Kind kind, int id);
    void rename(Kind kind, int id, const QString &name);
    void remove(Kind kind, int id);
    void keepRegion();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void updateButtons();
    void removeSelected();

    NavigatorPointer m_timeline;
    QList<QMetaObject::Connection> m_connections;
    QTreeWidget *m_tree = nullptr;
    QTreeWidgetItem *m_markers = nullptr;
    QTreeWidgetItem *m_regions = nullptr;
    QPushButton *m_keep = nullptr;
    QPushButton *m_rename = nullptr;
    QPushButton *m_delete = nullptr;
    bool m_rebuilding = false;
};

} // namespace lanescope
