#pragma once

#include "model/capture/capture.h"
#include "model/index/sliceref.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QTextBrowser>

namespace lanescope {

class ActiveCapture;

// The selected bar in full: ids, function, core, timestamps and gaps, SPMD block, and the task's
// predecessors and successors as links that select that task.
class DetailsPanel : public QTextBrowser
{
    Q_OBJECT

public:
    explicit DetailsPanel(QWidget *parent = nullptr);
    // Shows the selected bar of the timeline in front; a task link selects that task there.
    explicit DetailsPanel(ActiveCapture &active, QWidget *parent = nullptr);

    void showSlice(const CapturePtr &capture, SliceRef bar);
    void showNothing();

signals:
    void taskActivated(quint64 taskId);

private:
    void follow(TimelineNavigator *navigator);
    void showSelection();

    NavigatorPointer m_followed;
    QMetaObject::Connection m_selection;
};

} // namespace lanescope
