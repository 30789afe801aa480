#pragma once

#include "model/capture/capture.h"
#include "model/diff/diffsettings.h"
#include "model/index/sliceref.h"
#include "model/session/diffjob.h"
#include "model/techniques/reviewsession.h"

#include <QPointer>
#include <QWidget>
#include <memory>
#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QTableView;
class QTableWidget;
class QTabWidget;

namespace lanescope {

class DiffColouring;
class DiffLegend;
class DiffOverlay;
class FunctionDeltaModel;
class TimelineView;
class TwinTimeline;
class WaterfallChart;

// The Diff tab of a comparison: the task-level diff of the pair on the comparison's twin
// timelines. While it is shown the After timeline is coloured by each bar's Δ (DiffColouring),
// with the bars only Before had as ghosts and the bars only After has hatched (DiffOverlay), and
// hovering a bar on either timeline tells its before, after and Δ. Beside them: the match mode
// and counts, the legend, the anchor the pair is aligned on, a toggle that draws every Before bar
// faintly over After, the per-function table, the largest changes (a click shows and selects the
// bar on both timelines) and the makespan waterfall. The diff is computed off the GUI thread when
// the pair is set (DiffJob); a newer pair drops an older pair's result.
class DiffView : public QWidget
{
    Q_OBJECT

public:
    // The largest changes' columns. Times in one unit per column (named in the header), numbers
    // right-aligned and sorted by value; the task cell's kChangeIndexRole is the change's index in
    // the diff's `largest`, whichever order the table is sorted in.
    enum LargestColumn {
        LargestTask,
        LargestFunction,
        LargestBefore,
        LargestAfter,
        LargestDelta,
        LargestRelative,
        LargestColumnCount
    };
    static constexpr int kChangeIndexRole = Qt::UserRole + 1;

    DiffView(TwinTimeline *twin, QWidget *parent = nullptr);
    ~DiffView() override;

    // The pair the twin timelines show; starts computing its diff.
    void setPair(CapturePtr before, CapturePtr after);
    // The review's markers, offered as alignment anchors.
    void setMarkers(std::vector<ReviewMarker> markers);
    // Colours and marks the twin's After timeline, and answers its hovers, while shown.
    void setActive(bool active);
    bool isActive() const { return m_active; }

    // The diff of the current pair; null while it is computed.
    const DiffResultPtr &result() const { return m_result; }
    bool computing() const;
    DiffJob *job() const { return m_job; }

    // What a hover on a bar says: its label, before, after and Δ, or that it was added or removed.
    QString describeAfterBar(SliceRef bar) const;
    QString describeBeforeBar(SliceRef bar) const;
    // The text of the last tooltip shown on a timeline (empty: none, or the hover was off bars).
    QString lastToolTip() const { return m_lastToolTip; }

    // Shows change `i` of the largest changes on both timelines and selects it on both.
    void locateChange(int i);

    // After's time = Before's + this, as the twin timelines and the ghosts use it. The anchor is
    // the first bars (default), a task (the selected bar's, when it is chosen in the box) or a
    // review marker (each side's first bar from it).
    double alignmentOffsetUs() const;
    // The anchor and the ghost toggle, as a review file keeps them; a task or marker that is not
    // there lines up the starts.
    DiffSettings settings() const;
    void setSettings(const DiffSettings &settings);

    // The parts, for tests.
    QLabel *header() const { return m_header; }
    DiffLegend *legend() const { return m_legend; }
    QComboBox *alignmentBox() const { return m_align; }
    QCheckBox *ghostBox() const { return m_ghost; }
    FunctionDeltaModel *functionModel() const { return m_functions; }
    QTableView *functionTable() const { return m_functionTable; }
    QTableWidget *largestTable() const { return m_largest; }
    WaterfallChart *waterfall() const { return m_waterfall; }
    QTabWidget *sections() const { return m_sections; }
    const std::shared_ptr<DiffColouring> &colouring() const { return m_colouring; }
    const std::shared_ptr<DiffOverlay> &overlay() const { return m_overlay; }

signals:
    // The current pair's diff arrived and is shown.
    void diffReady();
    // The user changed the anchor or the ghost toggle.
    void settingsChanged();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showResult(const DiffResultPtr &result);
    void applyToTimelines();
    void updateHeader();
    void fillLargest();
    void rebuildAnchors();
    void realign();
    std::optional<double> anchorOffsetUs(DiffAnchor anchor, int marker) const;
    void rememberSelectedTask();
    bool showToolTip(TimelineView *view, QEvent *event, bool afterSide);

    QPointer<TwinTimeline> m_twin; // the comparison's; it may go first
    DiffJob *m_job = nullptr;
    CapturePtr m_before;
    CapturePtr m_after;
    DiffResultPtr m_result;
    std::vector<std::uint32_t> m_beforeToAfter; // by Before row; kNoRow when unpaired
    std::vector<ReviewMarker> m_markers;
    QString m_anchorTask; // the Task anchor: After's task, as labels spell it
    std::shared_ptr<DiffColouring> m_colouring;
    std::shared_ptr<DiffOverlay> m_overlay;
    bool m_active = false;
    QString m_lastToolTip;

    QLabel *m_header = nullptr;
    DiffLegend *m_legend = nullptr;
    QComboBox *m_align = nullptr;
    QCheckBox *m_ghost = nullptr;
    QTabWidget *m_sections = nullptr;
    FunctionDeltaModel *m_functions = nullptr;
    QTableView *m_functionTable = nullptr;
    QTableWidget *m_largest = nullptr;
    WaterfallChart *m_waterfall = nullptr;
};

} // namespace lanescope
