#pragma once

#include "model/capture/capture.h"
#include "model/diff/diffsettings.h"
#include "model/index/captureindex.h"
#include "model/techniques/captureanalysis.h"
#include "model/techniques/capturecomparison.h"
#include "model/techniques/confirmationmetrics.h"
#include "model/techniques/reviewsession.h"
#include "model/techniques/techniquecatalogue.h"

#include <QWidget>
#include <memory>

class QCheckBox;
class QComboBox;
class QGridLayout;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QTableView;
class QTabWidget;

namespace lanescope {

class ComparisonTableModel;
class DiffView;
class ReviewMarkerOverlay;
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
// the two timelines on one locked time axis below. When a side's file holds several runs, "Use
// every run as repeated runs" compares all of them: the table shows each side's median with the
// runs' range and the charts a dot per run over the range's band.
class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(std::shared_ptr<const TechniqueCatalogue> catalogue, QWidget *parent = nullptr);
    ~ComparisonView() override;

    // Computes both captures' metrics once and shows the comparison for the current technique.
    void setPair(ComparedCapture before, ComparedCapture after);
    const ComparedCapture &before() const { return m_before; }
    const ComparedCapture &after() const { return m_after; }

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
    // One bar chart per metric that both captures give.
    int chartCount() const { return m_chartCount; }
    QWidget *chartArea() const { return m_chartArea; }

signals:
    void techniqueChanged(const QString &id);
    // Notes or markers changed (the review has unsaved edits).
    void reviewEdited();

private:
    void recompute();
    void showComparison();
    void rebuildCharts();
    void updateHeader();
    void updateMarkers();
    void removeSelectedMarker();
    void centreOnMarker(int row);
    std::optional<bool> simulatedTag(QComboBox *box) const;
    // The runs a side compares: every run with their metrics when the box is checked, else the one.
    std::vector<ComparedRun> comparedRuns(const ComparedCapture &side, const MetricSet &metrics,
                                          std::vector<MetricSet> &runMetrics) const;

    std::shared_ptr<const TechniqueCatalogue> m_catalogue;
    ComparedCapture m_before;
    ComparedCapture m_after;
    MetricSet m_beforeMetrics;
    MetricSet m_afterMetrics;
    // Each run's metrics, computed when the box is first checked for the pair (run order).
    mutable std::vector<MetricSet> m_beforeRunMetrics;
    mutable std::vector<MetricSet> m_afterRunMetrics;
    QString m_technique = QStringLiteral("general");
    std::vector<ReviewMarker> m_markers;

    QLabel *m_title = nullptr;
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
    TwinTimeline *m_twin = nullptr;
    DiffView *m_diff = nullptr;
    std::shared_ptr<ReviewMarkerOverlay> m_beforeMarkers;
    std::shared_ptr<ReviewMarkerOverlay> m_afterMarkers;
};

} // namespace lanescope
