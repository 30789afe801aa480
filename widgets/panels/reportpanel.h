#pragma once

#include "model/techniques/captureanalysis.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QPointer>
#include <QWidget>

class QLabel;
class QModelIndex;
class QTreeView;

namespace lanescope {

class ReportModel;
class ActiveCapture;
struct ReportTarget;

// The analysis report of the current tab (spec §12.2 Parts 1–6 and the observed critical path of
// §12.4): each figure with its numbers and the capture level it needs, or why the capture cannot
// give it. Clicking an entry that points at something (the task with the worst head overhead, the
// longest switch gap, the verdict's longest idle-with-ready-work interval, a hop of the path)
// selects and shows it on the timeline.
class ReportPanel : public QWidget
{
    Q_OBJECT

public:
    explicit ReportPanel(QWidget *parent = nullptr);
    // Shows the analysis of the capture tab in front and navigates its timeline.
    explicit ReportPanel(ActiveCapture &active, QWidget *parent = nullptr);

    // The timeline to navigate and the analysis of its capture; null for none.
    void setSource(TimelineNavigator *view, CaptureAnalysisPtr analysis);
    TimelineNavigator *view() const { return m_view.get(); }

    ReportModel *model() const { return m_model; }
    QTreeView *tree() const { return m_tree; }

    // Selects and shows `target` on the timeline; false when there is nothing to show.
    bool navigate(const ReportTarget &target);

signals:
    void navigated();

private:
    void activate(const QModelIndex &index);

    NavigatorPointer m_view;
    ReportModel *m_model = nullptr;
    QTreeView *m_tree = nullptr;
    QLabel *m_placeholder = nullptr;
};

} // namespace lanescope
