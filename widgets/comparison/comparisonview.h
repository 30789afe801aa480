#pragma once

#include "model/capture/capture.h"
#include "model/diff/diffsettings.h"
#include "model/index/captureindex.h"
#include "model/session/runmetricsjob.h"
#include "model/techniques/captureanalysis.h"
#include "model/techniques/capturecomparison.h"
#include "model/techniques/confirmationmetrics.h"
#include "model/techniques/reviewsession.h"
#include "model/techniques/techniquecatalogue.h"

#include <QWidget>
#include <map>
#include <memory>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QScrollArea;
class QSplitter;
class QTableView;
class QTabWidget;
class QToolButton;
class QTreeWidget;

namespace lanescope {

class CaptureLoader;
class ComparisonTableModel;
class DiffView;
class ReviewMarkerOverlay;
class TimelineView;
class TwinTimeline;

// One capture of a before/after pair: the loaded capture, the name shown for it and where it
// was opened from.
struct ComparedCapture
{
    CapturePtr capture;
    QString name;
    QString path;
    CaptureAnalysisPtr analysis; // its metrics, computed off the GUI thread
    CaptureIndexPtr index;       // its bar index (CaptureDocument::indexOf); null: built when shown
    // Every run of its file or folder (CaptureRuns, run order); with several, "Use every run as
    // repeated runs" compares them all instead of `capture` alone.
    std::vector<CapturePtr> runs;
};

// A before/after review: the chosen technique's confirmation metrics for both captures side by
// side (value, change, the direction the technique expects and the verdict with its reason), the
// comparability guard's findings, a bar chart per metric pair, the review's notes and markers, and
// the two timelines on one locked time axis below. A side may hold several captures (the Runs
// tab, addCapture()), and when a side's file holds several runs, "Use every run as repeated runs"
// compares all of them: the table shows each side's median with the runs' range and the charts a
// dot per run over the range's band, as `lanescope compare B1 B2 --vs A1 A2` does. The metrics of
// runs without an analysis are measured off the GUI thread (RunMetricsJob); meanwhile the table
// is greyed under "Computing the metrics of N runs…".
class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    enum class Side { Before, After };

    explicit ComparisonView(std::shared_ptr<const TechniqueCatalogue> catalogue, QWidget *parent = nullptr);
    ~ComparisonView() override;

    // Computes both captures' metrics once and shows the comparison for the current technique.
    void setPair(ComparedCapture before, ComparedCapture after);
    const ComparedCapture &before() const { return m_before; }
    const ComparedCapture &after() const { return m_after; }
    const ComparedCapture &side(Side s) const { return s == Side::Before ? m_before : m_after; }
    TimelineView *sideView(Side s) const;

    // The side the window's docks describe (its details, functions, legend, rings…). Clicking a
    // bar in a side's timeline chooses that side too.
    Side dockSide() const { return m_dockSide; }
    void setDockSide(Side side);
    QToolButton *dockSideButton(Side side) const { return side == Side::Before ? m_dockBefore : m_dockAfter; }

    // One line for the window's status bar: the pair, the makespan's change and its verdict, and
    // the side the docks show.
    QString statusText() const;

    // Further captures of a side, compared as its repeated runs. False (nothing changes) without a
    // pair, or when the capture is on that side already.
    bool addCapture(Side side, ComparedCapture capture);
    // Opens `path` off the GUI thread and adds its capture (its last run) to `side`; a file that
    // cannot be read is named in the Runs tab.
    void addCaptureFromPath(Side side, const QString &path);
    // Removes a side's capture `index` (of captures()); the pair's own capture, index 0, stays.
    bool removeCapture(Side side, int index);
    // A side's captures: the pair's first, then the added ones in the order they came.
    std::vector<ComparedCapture> captures(Side side) const;
    // The runs a side compares: each capture, or every run of each with the every-run box.
    std::vector<CapturePtr> comparedRuns(Side side) const;
    // Some compared run's metrics are being computed; the table shows the last comparison, greyed.
    bool metricsPending() const;
    RunMetricsJob *metricsJob() const { return m_metricsJob; }

    // A catalogue id (full or short) or "general"; unknown ids fall back to "general".
    void setTechnique(const QString &id);
    // Full technique id, or "general".
    QString technique() const { return m_technique; }

    // Simulator tags the files cannot carry (unknown when null); they feed the comparability guard.
    void setSimulated(std::optional<bool> before, std::optional<bool> after);
    std::optional<bool> beforeSimulated() const { return simulatedTag(m_beforeSim); }
    std::optional<bool> afterSimulated() const { return simulatedTag(m_afterSim); }

    // Whether every run of each side's file is compared as repeated runs (the check box).
    bool usesEveryRun() const;
    void setUsesEveryRun(bool every);

    const CaptureComparison &comparison() const;
    const MetricSet &beforeMetrics() const { return m_beforeMetrics; }
    const MetricSet &afterMetrics() const { return m_afterMetrics; }

    std::vector<ReviewMarker> markers() const;
    void setMarkers(std::vector<ReviewMarker> markers);
    // A marker at the centre of the shared visible range (µs from the aligned starts).
    void addMarkerAtCentre(const QString &name);
    QString notes() const;
    void setNotes(const QString &notes);
    // The Diff tab's anchor and ghost overlay, as a review file keeps them; set them after the
    // markers, which a marker anchor names.
    DiffSettings diffSettings() const;
    void setDiffSettings(const DiffSettings &settings);

    // A short walkthrough shown above the table (rich text); empty hides it.
    void setGuide(const QString &html);

    // The parts, for the window and for tests.
    ComparisonTableModel *tableModel() const { return m_model; }
    QTableView *table() const { return m_table; }
    TwinTimeline *twin() const { return m_twin; }
    // The Diff tab: the task-level diff on the twin timelines while it is shown.
    DiffView *diffView() const { return m_diff; }
    QTabWidget *sideTabs() const { return m_sideTabs; }
    QComboBox *techniqueBox() const { return m_techniqueBox; }
    QCheckBox *everyRunBox() const { return m_everyRun; }
    QLabel *guardLabel() const { return m_guard; }
    QLabel *guideLabel() const { return m_guide; }
    QListWidget *markerList() const { return m_markerList; }
    QPlainTextEdit *notesEdit() const { return m_notes; }
    QLineEdit *markerNameEdit() const { return m_markerName; }
    // The Runs tab: a top-level item per side, a child per capture.
    QTreeWidget *runsList() const { return m_runs; }
    QPushButton *addBeforeButton() const { return m_addBefore; }
    QPushButton *addAfterButton() const { return m_addAfter; }
    QPushButton *removeRunButton() const { return m_removeRun; }
    // "Computing the metrics of N runs…" over the greyed table; hidden otherwise.
    QLabel *computingLabel() const { return m_computing; }
    // One bar chart per metric that both captures give.
    int chartCount() const { return m_chartCount; }
    QWidget *chartArea() const { return m_chartArea; }

protected:
    void resizeEvent(QResizeEvent *event) override;

signals:
    void techniqueChanged(const QString &id);
    void dockSideChanged(Side side);
    // statusText() may read differently: the comparison or the docks' side changed.
    void statusChanged();
    // Notes or markers changed (the review has unsaved edits).
    void reviewEdited();
    // The captures of a side changed (added or removed).
    void capturesChanged();

private:
    void recompute();
    void showComparison();
    void rebuildCharts();
    void updateHeader();
    // Splits the height among the panes: the twin timelines first (six AICore lanes a side where
    // it can), the table the rest; until the user moves a handle.
    void splitHeight();
    void updateMarkers();
    void removeSelectedMarker();
    void centreOnMarker(int row);
    std::optional<bool> simulatedTag(QComboBox *box) const;
    std::vector<ComparedCapture> &added(Side side) { return m_added[side == Side::Before ? 0 : 1]; }
    const std::vector<ComparedCapture> &added(Side side) const
    {
        return m_added[side == Side::Before ? 0 : 1];
    }
    void knowMetrics(const ComparedCapture &c);
    // The runs' metrics when every one is known, else nothing.
    std::optional<SideRuns> knownSide(const std::vector<CapturePtr> &runs) const;
    void metricsArrived(const RunMetricsResultPtr &result);
    void setComputing(int runs);
    void updateEveryRunBox();
    // "launch" when every side's file of several runs holds launches without epochs, else "run".
    QString everyRunNoun() const;
    // Why the pair is not compared (a side's launches cannot be told apart); empty when it is.
    QString notComparedText() const;
    void updateRuns();
    void sideCapturesChanged();
    void chooseAndAdd(Side side);
    void removeSelectedRun();

    std::shared_ptr<const TechniqueCatalogue> m_catalogue;
    ComparedCapture m_before;
    ComparedCapture m_after;
    MetricSet m_beforeMetrics;
    MetricSet m_afterMetrics;
    std::vector<ComparedCapture> m_added[2]; // Before's, After's
    // Every run's metrics known so far (from its analysis or the job), the run kept alive with them.
    struct KnownMetrics
    {
        CapturePtr run;
        MetricSet metrics;
    };
    std::map<const Capture *, KnownMetrics> m_known;
    RunMetricsJob *m_metricsJob = nullptr;
    std::vector<CapturePtr> m_requested[2]; // the runs the job is measuring
    CaptureLoader *m_loader = nullptr;      // opens the files added from the Runs tab
    struct Adding
    {
        Side side;
        QString path;
    };
    std::map<int, Adding> m_loading; // loader job -> where its capture goes
    QString m_technique = QStringLiteral("general");
    std::vector<ReviewMarker> m_markers;

    QSplitter *m_split = nullptr;       // the notes, the table with its tabs, the twin timelines
    QScrollArea *m_notesPane = nullptr; // the guide, the guard and the technique's note
    bool m_splitByUser = false;         // the user moved a handle: the sizes are theirs from then on
    Side m_dockSide = Side::Before;
    QToolButton *m_dockBefore = nullptr;
    QToolButton *m_dockAfter = nullptr;
    QLabel *m_guide = nullptr;
    QLabel *m_guard = nullptr;
    QComboBox *m_techniqueBox = nullptr;
    QComboBox *m_beforeSim = nullptr;
    QComboBox *m_afterSim = nullptr;
    QCheckBox *m_everyRun = nullptr;
    QLabel *m_techniqueNote = nullptr;
    ComparisonTableModel *m_model = nullptr;
    QTableView *m_table = nullptr;
    QTabWidget *m_sideTabs = nullptr;
    QWidget *m_chartArea = nullptr;
    QGridLayout *m_chartGrid = nullptr;
    int m_chartCount = 0;
    QPlainTextEdit *m_notes = nullptr;
    QListWidget *m_markerList = nullptr;
    QLineEdit *m_markerName = nullptr;
    QLabel *m_computing = nullptr;
    QTreeWidget *m_runs = nullptr;
    QPushButton *m_addBefore = nullptr;
    QPushButton *m_addAfter = nullptr;
    QPushButton *m_removeRun = nullptr;
    QLabel *m_runsNote = nullptr;
    QString m_lastDirectory;
    TwinTimeline *m_twin = nullptr;
    DiffView *m_diff = nullptr;
    std::shared_ptr<ReviewMarkerOverlay> m_beforeMarkers;
    std::shared_ptr<ReviewMarkerOverlay> m_afterMarkers;
};

} // namespace lanescope
