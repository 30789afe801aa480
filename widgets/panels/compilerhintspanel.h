#pragma once

#include "model/capture/capture.h"
#include "widgets/timeline/timelinenavigator.h"

#include <QWidget>

class QLabel;
class QTreeView;

namespace lanescope {

class ActiveCapture;
class CompilerHintsModel;

// The compiler's hints for the build of the capture in front (report/perf_hints.log, perf-hints
// spec A): grouped by code, PH001 ranked by the bytes it moves, each with its message, source
// location and the kernel it joined to. Clicking a hint shows it in full; a hint joined to a
// kernel also locates that kernel's longest bar on the timeline.
class CompilerHintsPanel : public QWidget
{
    Q_OBJECT

public:
    explicit CompilerHintsPanel(ActiveCapture &active, QWidget *parent = nullptr);

    // Follows this timeline (nullptr: none) and shows its capture's hints.
    void setTimeline(TimelineNavigator *view);

    QTreeView *tree() const { return m_tree; }
    CompilerHintsModel *model() const { return m_model; }
    QString summary() const;
    QString details() const;

private:
    void showSummary();
    void activate(const QModelIndex &index);

    NavigatorPointer m_view;
    CompilerHintsModel *m_model = nullptr;
    QLabel *m_summary = nullptr;
    QTreeView *m_tree = nullptr;
    QLabel *m_details = nullptr;
};

} // namespace lanescope
